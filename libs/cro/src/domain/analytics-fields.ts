import { missing, notText, tooLong, z } from '#libs/platform/src/validation.js';
import { FILTER_PROPERTY_PATTERN, GOAL_FILTERS_MAX, goalFilterSchema, type GoalFilter } from './catalogue-fields.js';
import { EVENT_NAME_MESSAGE, EVENT_NAME_PATTERN } from './collect-events.js';
import { INVALID_RULE_URL, validateRuleValue } from './page-rules.js';

/**
 * The request shapes of the CRO analytics definitions (DESIGN.md "Analytics definitions" and
 * "Report endpoints"; seed 001 section 3 "Funnel: name, steps, property, value, breakdown" and
 * "Excluded page rule: URL rule, date added, added by"), as zod schemas with one label per field,
 * used by the deciders (which validate every command whoever sends it):
 *
 *   POST /api/funnels        { websiteId, name, steps: [{ event, filters? }], windowSeconds?, breakdown? }
 *   POST /api/excluded-pages { websiteId, urlRule, note? }
 *
 * Optional fields may be sent as null: a funnel's `windowSeconds` then reads as the default
 * (14 days), its `breakdown` as none, a note as none. Unknown fields are dropped (react-admin sends
 * whole records back). `websiteId` is taken on create only. An excluded page's date added and
 * added by are the record's `createdAt` and `createdBy`; that its URL is on the website's domain
 * is the decider's check (it needs the website's domain from the command's context).
 */

const text = (label: string, max: number) =>
  z
    .string({ error: () => notText(label) })
    .trim()
    .max(max, tooLong(max))
    .transform((value) => (value === '' ? null : value))
    .nullish();

// --- Funnels.

export const FUNNEL_NAME_REQUIRED = 'Please enter a funnel name.';
export const FUNNEL_STEPS_MIN = 2;
export const FUNNEL_STEPS_MAX = 20;
export const FUNNEL_NEEDS_TWO_STEPS = 'A funnel needs at least two steps';
export const FUNNEL_TOO_MANY_STEPS = `A funnel has at most ${FUNNEL_STEPS_MAX} steps`;
/** The conversion window (DESIGN.md "Funnels": default 14 days), from one minute to 90 days, in seconds. */
export const FUNNEL_WINDOW_DEFAULT = 14 * 24 * 3600;
export const FUNNEL_WINDOW_MIN = 60;
export const FUNNEL_WINDOW_MAX = 90 * 24 * 3600;

/** Each funnel field's label, as the funnel form shows it. */
export const FUNNEL_LABELS = {
  websiteId: 'Website',
  name: 'Funnel name',
  steps: 'Steps',
  event: 'Event',
  filters: 'Filters',
  windowSeconds: 'Conversion window',
  breakdown: 'Breakdown',
} as const;
const F = FUNNEL_LABELS;

export const FUNNEL_WINDOW_RANGE = `${F.windowSeconds} must be a whole number of seconds from ${FUNNEL_WINDOW_MIN} (one minute) to ${FUNNEL_WINDOW_MAX} (90 days)`;
export const BREAKDOWN_MESSAGE = `${F.breakdown} must be a field name: letters, digits, _ . : $ or -, at most 100 characters`;

/** A funnel step as recorded: an event name and the goal's filters (none: []). */
export interface FunnelStep {
  event: string;
  filters: GoalFilter[];
}

/** A step: the event as a goal names it, its filters exactly a goal's. */
export const funnelStepSchema = z
  .object(
    {
      event: z
        .string({ error: (i) => (i.input === undefined || i.input === null ? missing(F.event) : notText(F.event)) })
        .trim()
        .min(1, missing(F.event))
        .regex(EVENT_NAME_PATTERN, EVENT_NAME_MESSAGE(F.event)),
      filters: z
        .array(goalFilterSchema, { error: `${F.filters} must be a list` })
        .max(GOAL_FILTERS_MAX, `${F.filters}: at most ${GOAL_FILTERS_MAX}`)
        .nullish(),
    },
    { error: 'A step must be { event, filters? }' },
  )
  .transform((step): FunnelStep => ({ event: step.event, filters: step.filters ?? [] }));

export const funnelFieldsShape = {
  name: z
    .string({ error: (i) => (i.input === undefined || i.input === null ? FUNNEL_NAME_REQUIRED : notText(F.name)) })
    .trim()
    .min(1, FUNNEL_NAME_REQUIRED)
    .max(200, tooLong(200)),
  steps: z
    .array(funnelStepSchema, {
      error: (i) => (i.input === undefined || i.input === null ? FUNNEL_NEEDS_TWO_STEPS : `${F.steps} must be a list`),
    })
    .min(FUNNEL_STEPS_MIN, FUNNEL_NEEDS_TWO_STEPS)
    .max(FUNNEL_STEPS_MAX, FUNNEL_TOO_MANY_STEPS),
  windowSeconds: z
    .number({ error: FUNNEL_WINDOW_RANGE })
    .int(FUNNEL_WINDOW_RANGE)
    .min(FUNNEL_WINDOW_MIN, FUNNEL_WINDOW_RANGE)
    .max(FUNNEL_WINDOW_MAX, FUNNEL_WINDOW_RANGE)
    .nullish(),
  breakdown: z
    .string({ error: BREAKDOWN_MESSAGE })
    .trim()
    .refine((value) => value === '' || FILTER_PROPERTY_PATTERN.test(value), BREAKDOWN_MESSAGE)
    .transform((value) => (value === '' ? null : value))
    .nullish(),
};
export const funnelCreateSchema = z.object(funnelFieldsShape);
export const funnelUpdateSchema = z.object(funnelFieldsShape).partial();

/** A funnel as recorded: every field present (the window's default stored, no breakdown as null). */
export interface FunnelFields {
  name: string;
  steps: FunnelStep[];
  windowSeconds: number;
  breakdown: string | null;
}

export function funnelFieldsOf(input: z.infer<typeof funnelCreateSchema>): FunnelFields {
  return {
    name: input.name,
    steps: input.steps,
    windowSeconds: input.windowSeconds ?? FUNNEL_WINDOW_DEFAULT,
    breakdown: input.breakdown ?? null,
  };
}

/** An update's fields as they would be recorded: a window sent as null is the default again, a breakdown as null none. */
export function funnelChangesOf(input: z.infer<typeof funnelUpdateSchema>): Partial<FunnelFields> {
  const out: Partial<FunnelFields> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.steps !== undefined) out.steps = input.steps;
  if (input.windowSeconds !== undefined) out.windowSeconds = input.windowSeconds ?? FUNNEL_WINDOW_DEFAULT;
  if (input.breakdown !== undefined) out.breakdown = input.breakdown ?? null;
  return out;
}

// --- Excluded pages.

export const EXCLUDED_PAGE_NOTE_MAX = 500;

/** Each excluded page field's label, as the excluded pages screen shows it. */
export const EXCLUDED_PAGE_LABELS = {
  websiteId: 'Website',
  urlRule: 'URL rule',
  note: 'Note',
  createdAt: 'Date added',
  createdBy: 'Added by',
} as const;
const E = EXCLUDED_PAGE_LABELS;

export const excludedPageFieldsShape = {
  /** An absolute https URL, a trailing `*` making it a prefix (page-rules.ts `validateRuleValue`, the campaigns' message). */
  urlRule: z
    .string({ error: INVALID_RULE_URL })
    .trim()
    .refine((value) => validateRuleValue(value) === null, INVALID_RULE_URL),
  note: text(E.note, EXCLUDED_PAGE_NOTE_MAX),
};
export const excludedPageCreateSchema = z.object(excludedPageFieldsShape);
export const excludedPageUpdateSchema = z.object(excludedPageFieldsShape).partial();

/** An excluded page rule as recorded. */
export interface ExcludedPageFields {
  urlRule: string;
  note: string | null;
}

export function excludedPageFieldsOf(input: z.infer<typeof excludedPageCreateSchema>): ExcludedPageFields {
  return { urlRule: input.urlRule, note: input.note ?? null };
}
