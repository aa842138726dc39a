import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from './dataProvider';

/**
 * `GET /api/{resource}/options` through the data provider, asked once per page load (the lists
 * change only with a deploy). `data` is `undefined` while loading or when the API did not answer.
 */
export const useApiOptions = <T>(resource: string, enabled = true) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: [resource, 'options'],
    queryFn: async () => (await dataProvider.options<T>(resource)).data,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    enabled,
  });
};
