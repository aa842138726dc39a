import type { ApiErrorBody } from '../types';
import { API_URL } from '../providers/http';

/**
 * The account pages outside react-admin (sign-up, passwords, invitation) call `/api/auth/*` with
 * these helpers, as the auth provider does; every other call goes through the data provider.
 */

/** The key of the network failure's message (the pages translate what they show). */
export const NETWORK_ERROR = 'console.public.networkError';

export interface ApiAnswer<T = Record<string, unknown>> {
  ok: boolean;
  status: number;
  body: (T & ApiErrorBody) | null;
}

/** `method` `/api{path}` (with a JSON body unless GET) and the session cookie; never throws on an HTTP status. */
const requestJson = async <T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: unknown,
): Promise<ApiAnswer<T>> => {
  let response: Response;
  try {
    response = await fetch(`${API_URL}${path}`, {
      method,
      credentials: 'include',
      headers:
        method === 'GET'
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(payload),
    });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  const text = await response.text();
  let body: (T & ApiErrorBody) | null = null;
  try {
    body = text ? (JSON.parse(text) as T & ApiErrorBody) : null;
  } catch {
    body = null;
  }
  return { ok: response.ok, status: response.status, body };
};

/** `POST` (or `method`) `/api{path}` with a JSON body and the session cookie; never throws on an HTTP status. */
export const postJson = <T = Record<string, unknown>>(
  path: string,
  payload: unknown,
  method: 'POST' | 'PUT' = 'POST',
): Promise<ApiAnswer<T>> => requestJson<T>(method, path, payload);

/** The API's message, or `fallback`. */
export const messageOf = (answer: ApiAnswer<unknown>, fallback: string): string => {
  const message = answer.body?.message as unknown;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && message.length) return String(message[0]);
  return fallback;
};

/** `errors: { field: message }` of a 422, as strings. */
export const fieldErrorsOf = (answer: ApiAnswer<unknown>): Record<string, string> => {
  const errors = answer.body?.errors;
  const out: Record<string, string> = {};
  if (errors && typeof errors === 'object') {
    for (const [field, value] of Object.entries(errors)) {
      out[field] = Array.isArray(value) ? String(value[0]) : String(value);
    }
  }
  return out;
};

/** A full page load (these pages live outside react-admin's hash router). */
export const goTo = (path: string) => window.location.assign(path);
