/** An error's message (the API's, through react-admin's HttpError), or the key of the generic one. */
export const errorMessage = (error: unknown, fallback = 'console.common.notices.actionFailed') =>
  error instanceof Error && error.message ? error.message : fallback;
