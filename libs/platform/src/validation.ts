import { z } from 'zod';
import { BadRequestError, ValidationError } from './errors.js';

export { z };

/** The spec's wording for a missing field. */
export const missing = (field: string) => `${field} is missing!`;
/** The spec's wording for a value over its maximum length. */
export const tooLong = (length: number) => `The maximum length is ${length} characters`;

/** A required, trimmed, non-empty string of at most `max` characters, with the spec's messages. */
export function requiredText(field: string, max = 200, emptyMessage = `${capitalise(field)} cannot be empty`) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing(field) : `${field} must be text`) })
    .trim()
    .min(1, emptyMessage)
    .max(max, tooLong(max));
}

export function optionalText(field: string, max = 200) {
  return z
    .string({ error: () => `${field} must be text` })
    .trim()
    .max(max, tooLong(max))
    .optional();
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Parses a request body with a schema. Wrong or missing fields become one `ValidationError`
 * whose `errors` maps each field to its first message (what react-admin shows under inputs).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (input === undefined || input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new BadRequestError('The request body must be a JSON object');
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'root';
    errors[key] ??= issue.message;
  }
  const first = Object.values(errors)[0] ?? 'Invalid input';
  throw new ValidationError(first, errors);
}
