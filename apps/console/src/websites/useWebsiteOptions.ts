import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { WebsiteOptions } from '../types';

/** Values the spec lists, used when `GET /api/websites/options` is unavailable. */
export const FALLBACK_OPTIONS: WebsiteOptions = {
  categories: ['B2B', 'B2C', 'both'],
  types: [
    'saas', 'service_provider', 'supplier', 'affiliate', 'construction', 'logistics', 'transportation',
    'other', 'ecommerce', 'software', 'mobile_app', 'services', 'entertainment', 'news', 'marketplace',
  ],
  industries: [],
  currencies: [],
  reviewTypes: ['internal', 'customer', 'none'],
};

let cache: Promise<WebsiteOptions | null> | null = null;

/**
 * `GET /api/websites/options`, asked once per page load. `options` is `undefined` while loading and
 * `null` when the API does not answer it (the inputs then fall back to free text).
 */
export const useWebsiteOptions = (): WebsiteOptions | null | undefined => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [options, setOptions] = useState<WebsiteOptions | null | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    if (!cache) {
      cache = dataProvider
        .websiteOptions()
        .then(({ data }) => data)
        .catch(() => {
          cache = null; // ask again on the next form
          return null;
        });
    }
    cache.then((value) => {
      if (!cancelled) setOptions(value);
    });
    return () => {
      cancelled = true;
    };
  }, [dataProvider]);
  return options;
};
