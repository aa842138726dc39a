import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { API_URL, httpClient } from '../providers/http';
import type { QuestionCounts } from './types';

/**
 * `GET /api/questions/counts?websiteId=` through react-admin's query client (the documented way
 * to call a custom endpoint), so every `refresh()` after an action reloads the tab counts too.
 */
export const useQuestionCounts = (websiteId?: Identifier | null) =>
  useQuery({
    queryKey: ['questions', 'counts', websiteId ?? null],
    queryFn: async () => {
      const query = websiteId ? `?websiteId=${encodeURIComponent(String(websiteId))}` : '';
      const { json } = await httpClient(`${API_URL}/questions/counts${query}`);
      return json as QuestionCounts;
    },
    retry: false,
  });
