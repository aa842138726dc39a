import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { QuestionCounts } from './types';

/**
 * `GET /api/questions/counts?websiteId=` through the data provider and react-admin's query
 * client, so every `refresh()` after an action reloads the tab counts too.
 */
export const useQuestionCounts = (websiteId?: Identifier | null) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: ['questions', 'counts', websiteId ?? null],
    queryFn: async () => (await dataProvider.counts<QuestionCounts>('questions', { websiteId })).data,
    retry: false,
  });
};
