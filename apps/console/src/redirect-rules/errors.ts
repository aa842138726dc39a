import type { HttpError } from 'react-admin';

/** `mutationOptions.onError`: the API's message (409, 422, 403) as the notification; field errors still go under the inputs. */
export const notifyApiError = (notify: (message: string, options: { type: 'error' }) => void) => (error: unknown) => {
  const message = (error as HttpError | undefined)?.message;
  notify(message || 'console.redirects.saveFailed', { type: 'error' });
};
