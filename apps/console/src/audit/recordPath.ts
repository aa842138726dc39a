import { useCreatePath, useResourceDefinitions, type Identifier } from 'react-admin';

/**
 * The console page of a record: its show page, else its edit page, else none. Posts link to
 * `/posts/{id}` even before the posts screens are registered (the spec's address of a post).
 */
export const useRecordPath = () => {
  const resources = useResourceDefinitions();
  const createPath = useCreatePath();
  return (resource: string, id: Identifier | null | undefined): string | null => {
    if (id == null || id === '') return null;
    const definition = resources[resource];
    if (definition?.hasShow) return createPath({ resource, id, type: 'show' });
    if (definition?.hasEdit) return createPath({ resource, id, type: 'edit' });
    if (!definition && resource === 'posts') return createPath({ resource, id, type: 'edit' });
    return null;
  };
};
