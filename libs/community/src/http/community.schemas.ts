import { missing, requiredText, tooLong, z } from '#libs/platform/src/validation.js';
import { ANSWER_LIMITS } from '../domain/answer.decider.js';
import { DEFAULT_LOCALE, QUESTION_LIMITS, type QuestionAction } from '../domain/question.decider.js';

const LOCALE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
const INVALID_EMAIL = 'Please enter a valid email address.';

const id = (field: string) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? missing(field) : `${field} must be text`) })
    .trim()
    .min(1, missing(field))
    .max(100, tooLong(100));

/** Optional text: `''` and `null` mean "none". */
const nullableText = (field: string, max: number) =>
  z.union([z.string({ error: `${field} must be text` }).trim().max(max, tooLong(max)), z.null()], { error: `${field} must be text` }).transform((v) => (v ? v : null));

/** Who asked or answered, when they are not a user of the console (optional, both parts optional). */
const person = (field: string) =>
  z
    .union(
      [
        z.object({
          name: nullableText(`${field}.name`, QUESTION_LIMITS.name).optional(),
          email: z
            .union([z.string({ error: INVALID_EMAIL }).trim().max(QUESTION_LIMITS.email, INVALID_EMAIL), z.null()], { error: INVALID_EMAIL })
            .transform((v) => (v ? v : null))
            .refine((v) => v === null || z.email().safeParse(v).success, INVALID_EMAIL)
            .optional(),
        }),
        z.null(),
      ],
      { error: `${field} must be an object with a name and an email` },
    )
    .transform((v) => (v && (v.name || v.email) ? { name: v.name ?? null, email: v.email ?? null } : null));

const locale = z.string({ error: 'locale must be text' }).regex(LOCALE, 'Please enter a valid locale (for example en or en-GB)');
/** A question's text; empty (`''` or `null`, what react-admin sends for an emptied input) is allowed. */
const body = (max: number) =>
  z.union([z.string({ error: 'body must be text' }).max(max, tooLong(max)), z.null()], { error: 'body must be text' }).transform((v) => v ?? '');

const questionFields = {
  locale,
  title: requiredText('title', QUESTION_LIMITS.title),
  body: body(QUESTION_LIMITS.body),
  category: nullableText('category', QUESTION_LIMITS.category),
  askedBy: person('askedBy'),
};

export const questionCreateSchema = z.object({
  websiteId: id('websiteId'),
  locale: questionFields.locale.optional().default(DEFAULT_LOCALE),
  title: questionFields.title,
  body: questionFields.body.optional().default(''),
  category: questionFields.category.optional().default(null),
  askedBy: questionFields.askedBy.optional().default(null),
});

/** `PUT` sends the whole record back: fields a user may not set (status, version, ...) are ignored. */
export const questionUpdateSchema = z.object({
  locale: questionFields.locale.optional(),
  title: questionFields.title.optional(),
  body: questionFields.body.optional(),
  category: questionFields.category.optional(),
  askedBy: questionFields.askedBy.optional(),
});

/** Decline's reason: its presence and length are the decider's rule ("reason is missing!"). */
export const declineSchema = z.object({
  reason: z.string({ error: 'reason must be text' }).optional(),
});

export const answerCreateSchema = z.object({
  questionId: id('questionId'),
  body: requiredText('body', ANSWER_LIMITS.body),
  answeredBy: person('answeredBy').optional().default(null),
});

export const answerUpdateSchema = z.object({
  body: requiredText('body', ANSWER_LIMITS.body).optional(),
  answeredBy: person('answeredBy').optional(),
});

/** `POST /api/{resource}/bulk-actions`: one workflow action on many records, one result each. */
export function bulkSchema(actions: readonly string[]) {
  return z.object({
    action: z.enum(actions as [string, ...string[]], {
      error: (i) => (i.input === undefined ? missing('action') : `action must be one of ${actions.join(', ')}`),
    }),
    ids: z
      .array(z.string({ error: 'ids must list ids' }).max(100, 'ids must list ids'), { error: (i) => (i.input === undefined ? missing('ids') : 'ids must be a list') })
      .min(1, missing('ids'))
      .max(200, 'At most 200 ids at once'),
    /** The version of each record the user saw (required for Approve and Decline). */
    expectedVersions: z.record(z.string(), z.number({ error: 'expectedVersions must map ids to whole numbers' }).int().min(0), {
      error: 'expectedVersions must map ids to whole numbers',
    }).optional(),
    reason: z.string({ error: 'reason must be text' }).optional(),
  });
}

export const QUESTION_BULK_ACTIONS: readonly QuestionAction[] = ['Submit', 'Approve', 'Decline', 'Publish', 'Unpublish', 'Delete', 'Restore'];
export const ANSWER_BULK_ACTIONS = ['Publish', 'Delete'] as const;
