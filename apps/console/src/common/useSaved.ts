import { useNotify, useRedirect, type RaRecord } from 'react-admin';

/** `mutationOptions.onSuccess` for Create/Edit: a specific notification, then the record's show page. */
export const useSaved = (resource: string, message: string) => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (data: RaRecord) => {
    notify(message, { type: 'success' });
    redirect('show', resource, data.id);
  };
};
