import { fetchUtils } from 'react-admin';

/** Every API route lives under `/api` on the origin that serves the console. */
export const API_URL = '/api';

/**
 * `fetchUtils.fetchJson` with the session cookie. Non-2xx answers reject with an `HttpError`
 * whose `message` is the body's `message` and whose `body` is the parsed JSON (react-admin maps
 * `body.errors` onto form inputs in pessimistic forms).
 */
export const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
