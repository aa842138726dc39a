import { useApiOptions } from '../providers/useApiOptions';
import type { WebsiteOptions } from '../types';

/**
 * `GET /api/websites/options`, asked once per page load. `options` is `undefined` while loading and
 * `null` when the API does not answer it (the inputs then fall back to free text).
 */
export const useWebsiteOptions = (): WebsiteOptions | null | undefined => {
  const { data, isError } = useApiOptions<WebsiteOptions>('websites');
  return isError ? null : data;
};
