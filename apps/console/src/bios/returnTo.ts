import { useLocation } from 'react-router-dom';

/** Only paths of the console itself (`/posts/…`), never another site. */
export const safeReturnTo = (value: string | null | undefined) =>
  value && /^\/(?!\/)[\w\-./%]*$/.test(value) ? value : null;

/** The `?…` of the current route as an object of strings. */
export const useSearchValues = () => {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  return {
    get: (name: string) => params.get(name) || null,
    returnTo: safeReturnTo(params.get('returnTo')),
  };
};

/** `/bios/{id}` or `/bios/create` with the `?returnTo=` that leads back to where the bio was asked for. */
export const withReturnTo = (
  path: string,
  returnTo: string | null,
  extra: Record<string, string | null | undefined> = {},
) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  if (returnTo) params.set('returnTo', returnTo);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};
