/** An error's message (the API's, through react-admin's HttpError), or the key of the generic one. */
export const errorMessage = (error: unknown, fallback = 'console.common.notices.actionFailed') =>
  error instanceof Error && error.message ? error.message : fallback;

/** An API error's status, message, field errors and body (react-admin's HttpError carries the parsed body). */
export const errorParts = (error: unknown, fallback = 'console.common.notices.somethingWrong') => {
  const e = error as {
    message?: string;
    status?: number;
    body?: { message?: string; errors?: Record<string, string>; reason?: string; holder?: unknown };
  };
  return {
    status: e?.status,
    message: (typeof e?.body?.message === 'string' && e.body.message) || e?.message || fallback,
    errors: e?.body?.errors,
    body: e?.body,
  };
};
