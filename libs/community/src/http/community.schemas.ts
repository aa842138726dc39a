import { missing, notText, requiredText, tooLong, z } from '#libs/platform/src/validation.js';
import { ANSWER_FIELD_LABELS as A, ANSWER_LIMITS } from '../domain/answer.decider.js';
import {
  DEFAULT_LOCALE,
  QUESTION_FIELD_LABELS as Q,
  QUESTION_LIMITS,
  type QuestionAction,
} from '../domain/question.decider.js';

const LOCALE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
const INVALID_EMAIL = 'Please enter a valid email address.';

const id = (label: string) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? missing(label) : notText(label)) })
    .trim()
    .min(1, missing(label))
    .max(100, tooLong(100));

/** Optional text: `''` and `null` mean "none". */
const nullableText = (label: string, max: number) =>
  z
    .union(
      [
        z
          .string({ error: notText(label) })
          .trim()
          .max(max, tooLong(max)),
        z.null(),
      ],
      { error: notText(label) },
    )
    .transform((v) => (v ? v : null));

/** Who asked or answered, when they are not a user of the console (optional, both parts optional). */
const person = (label: string, nameLabel: string) =>
  z
    .union(
      [
        z.object({
          name: nullableText(nameLabel, QUESTION_LIMITS.name).optional(),
          email: z
            .union([z.string({ error: INVALID_EMAIL }).trim().max(QUESTION_LIMITS.email, INVALID_EMAIL), z.null()], {
              error: INVALID_EMAIL,
            })
            .transform((v) => (v ? v : null))
            .refine((v) => v === null || z.email().safeParse(v).success, INVALID_EMAIL)
            .optional(),
        }),
        z.null(),
      ],
      { error: `${label} must be a name and an email` },
    )
    .transform((v) => (v && (v.name || v.email) ? { name: v.name ?? null, email: v.email ?? null } : null));

const locale = z
  .string({ error: notText(Q.locale) })
  .regex(LOCALE, 'Please enter a valid locale (for example en or en-GB)');
/** A question's text; empty (`''` or `null`, what react-admin sends for an emptied input) is allowed. */
const body = (max: number) =>
  z
    .union([z.string({ error: notText(Q.body) }).max(max, tooLong(max)), z.null()], { error: notText(Q.body) })
    .transform((v) => v ?? '');

const questionFields = {
  locale,
  title: requiredText(Q.title, QUESTION_LIMITS.title),
  body: body(QUESTION_LIMITS.body),
  category: nullableText(Q.category, QUESTION_LIMITS.category),
  askedBy: person(Q.askedBy, Q.askedByName),
};

export const questionCreateSchema = z.object({
  websiteId: id(Q.websiteId),
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

/** Decline's reason: its presence and length are the decider's rule ("Reason is missing!"). */
export const declineSchema = z.object({
  reason: z.string({ error: notText(Q.reason) }).optional(),
});

export const answerCreateSchema = z.object({
  questionId: id(A.questionId),
  body: requiredText(A.body, ANSWER_LIMITS.body),
  answeredBy: person(A.answeredBy, A.answeredByName).optional().default(null),
});

export const answerUpdateSchema = z.object({
  body: requiredText(A.body, ANSWER_LIMITS.body).optional(),
  answeredBy: person(A.answeredBy, A.answeredByName).optional(),
});

/** The actions `POST /api/{resource}/bulk-actions` takes (one workflow action on many records, one result each). */
export const QUESTION_BULK_ACTIONS: readonly QuestionAction[] = [
  'Submit',
  'Approve',
  'Decline',
  'Publish',
  'Unpublish',
  'Delete',
  'Restore',
];
export const ANSWER_BULK_ACTIONS = ['Publish', 'Delete'] as const;
