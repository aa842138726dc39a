import { LIST_FIELDS, TEXT_FIELDS } from './types';

/** The form's inputs by name: a server error on any other name would block every later submit. */
const INPUTS = new Set<string>(['websiteId', 'kind', 'userId', ...TEXT_FIELDS, ...LIST_FIELDS]);

interface ApiError {
  message?: string;
  status?: number;
  body?: { message?: string; errors?: Record<string, string>; bioId?: string };
}

/**
 * The API's field errors on the inputs that show them: an entry's error of a list
 * (`socialUrls.1`) goes under the list, names without an input are left to the notification.
 */
export const toFormErrors = (errors: Record<string, string>) => {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.split('.')[0]!;
    if (INPUTS.has(field)) result[field] ??= message;
  }
  return result;
};

/**
 * `mutationOptions.onError` of the bio forms: the API's message as the notification, its field
 * errors (mapped) under the inputs (react-admin reads them from `body.errors` after this).
 */
export const onBioError =
  (notify: (message: string, options: { type: 'error'; multiLine?: boolean }) => void) => (error: unknown) => {
    const e = error as ApiError | undefined;
    if (e?.body?.errors) e.body.errors = toFormErrors(e.body.errors);
    notify(e?.body?.message || e?.message || 'console.bios.notices.saveFailed', { type: 'error', multiLine: true });
  };

/** Empty texts become null, texts are trimmed, lists lose their empty entries. */
export const cleanContent = (data: Record<string, unknown>) => {
  const content: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = data[field];
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value.trim() : value;
    content[field] = text === '' ? null : text;
  }
  for (const field of LIST_FIELDS) {
    const value = data[field];
    if (value === undefined) continue;
    content[field] = Array.isArray(value) ? value.map((v) => String(v).trim()).filter(Boolean) : [];
  }
  return content;
};
