import { z } from 'zod';
import { BadRequestError, ValidationError } from './errors.js';

export { z };

/**
 * Field-level messages name the field by its label, the words the console's form shows for it
 * ("Number of employees is missing!", not "employees is missing!"). Each schema or decider keeps
 * one label per field beside it (a `*_LABELS` map) and passes the label here; the `errors` map
 * stays keyed by the field's key, so react-admin shows each message under its input.
 */

/** The spec's wording for a missing field ("{field} is missing!"), with the field's label. */
export const missing = (label: string) => `${label} is missing!`;
/** A value of the wrong type where the field takes text. */
export const notText = (label: string) => `${label} must be text`;
/** The spec's wording for a value over its maximum length. */
export const tooLong = (length: number) => `The maximum length is ${length} characters`;

/** A required, trimmed, non-empty string of at most `max` characters, with the spec's messages. */
export function requiredText(label: string, max = 200, emptyMessage = `${label} cannot be empty`) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing(label) : notText(label)) })
    .trim()
    .min(1, emptyMessage)
    .max(max, tooLong(max));
}

/** An optional, trimmed string of at most `max` characters. */
export function optionalText(label: string, max = 200) {
  return z
    .string({ error: () => notText(label) })
    .trim()
    .max(max, tooLong(max))
    .optional();
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
