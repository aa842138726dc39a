import type { Actor } from '#libs/platform/src/decider.js';
import { missing, notText, parseInput, tooLong, z } from '#libs/platform/src/validation.js';
import { EVENT_NAME_MESSAGE, EVENT_NAME_PATTERN } from './collect-events.js';
import { URL_LIST_RULES_MAX, urlListRuleSchema, type UrlListRule } from './page-rules.js';

/**
 * The request shapes of the CRO catalogue (DESIGN.md "CRO resources: the request shapes"):
 * products, conversion goals and URL lists, as zod schemas with one label per field (`*_LABELS`),
 * used by the deciders (which validate every command whoever sends it) and by the HTTP layer.
 *
 *   POST /api/products  { websiteId, name, type?, displayName?, shortDescription?, primaryCta?: { url, text },
 *                         secondaryCta?: { url, text }, reviewUrl?, score? (1-10), starRating? (1-5),
 *                         pricing?: { type, currency, startingPrice, freeTrial, trialDays }, tags?, topics? }
 *                       plus, from seed 001 section 3: images?: { icon?, logo?, avatar? }, reviewCount?
 *   POST /api/goals     { websiteId, name, description?, type: "count" | "value", event,
 *                         filters?: [{ property, operator, value? }], currency? }
 *   POST /api/url-lists { websiteId, name, type?, description?, rules: [{ kind: "contains" | "exact", value }] }
 *
 * Optional fields may be sent as null to clear them. Unknown fields are dropped (react-admin sends
 * whole records back, read-only fields included). `websiteId` is taken on create only: a record
 * never moves to another website.
 */

// --- Shared pieces.

/** Who created a record, as recorded (the name at the time). */
export interface Person {
  id: string;
  name: string | null;
}
export const personOf = (actor: Actor): Person => ({ id: actor.userId, name: actor.name ?? null });

/** A three-letter currency code (ISO 4217 form), stored in upper case. */
export const CURRENCY_PATTERN = /^[A-Za-z]{3}$/;
export const currencyMessage = (label: string) => `${label} must be a three-letter code such as EUR`;

const text = (label: string, max: number) =>
  z
    .string({ error: () => notText(label) })
    .trim()
    .max(max, tooLong(max))
    .transform((value) => (value === '' ? null : value))
    .nullish();

/** A required name, with the spec's message when it is missing or empty. */
const name = (label: string, message: string, max = 200) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : notText(label)) })
    .trim()
    .min(1, message)
    .max(max, tooLong(max));

const httpUrl = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing(label) : notText(label)) })
    .trim()
    .min(1, missing(label))
    .max(2000, tooLong(2000))
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, `${label} must be a valid URL, starting with https://`);

const optionalUrl = (label: string) =>
  z
    .union([httpUrl(label), z.literal('').transform(() => null)], {
      error: () => `${label} must be a valid URL, starting with https://`,
    })
    .nullish();

/** A currency code, upper-cased; an empty text reads as none. */
const currency = (label: string) =>
  z
    .string({ error: () => currencyMessage(label) })
    .trim()
    .refine((value) => value === '' || CURRENCY_PATTERN.test(value), currencyMessage(label))
    .transform((value) => (value === '' ? null : value.toUpperCase()))
    .nullish();

const textList = (label: string, max = 50, length = 100) =>
  z
    .array(
      z
        .string({ error: `${label} must be a list of texts` })
        .trim()
        .min(1, `${label} must not hold empty texts`)
        .max(length, tooLong(length)),
      {
        error: `${label} must be a list of texts`,
      },
    )
    .max(max, `${label}: at most ${max}`)
    .nullish();

/**
 * Parses a command's data with `schema`: nothing sent reads as `{}`; anything wrong throws one
 * `ValidationError` (422) whose `errors` map each field to its first message.
 */
export function parseFields<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  return parseInput(schema, data === undefined || data === null ? {} : data);
}

/** The fields of `changes` whose values differ from `current` (undefined means "not sent"). */
export function changedFields<T extends object>(current: T | null, changes: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const before = current && Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
    if (JSON.stringify(value) !== JSON.stringify(before ?? null)) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** Where a record belongs: the caller sets these from the website it resolved, never from the user's body alone. */
export const OWNER_LABELS = { organisationId: 'Organisation', websiteId: 'Website' } as const;
export const ownerSchema = z.object({
  organisationId: z
    .string({
      error: (i) =>
        i.input === undefined ? missing(OWNER_LABELS.organisationId) : notText(OWNER_LABELS.organisationId),
    })
    .min(1, missing(OWNER_LABELS.organisationId))
    .max(100, tooLong(100)),
  websiteId: z
    .string({
      error: (i) => (i.input === undefined ? missing(OWNER_LABELS.websiteId) : notText(OWNER_LABELS.websiteId)),
    })
    .min(1, missing(OWNER_LABELS.websiteId))
    .max(100, tooLong(100)),
});
export type Owner = z.infer<typeof ownerSchema>;

// --- Products.

export const PRODUCT_NAME_REQUIRED = 'Please enter a product name.';
export const SCORE_RANGE = 'Score must be a whole number from 1 to 10';
export const STAR_RATING_RANGE = 'Star rating must be a number from 1 to 5, in steps of 0.5';
/** The spec's refusal to delete a product that a CTA promotes (409). */
export const PRODUCT_IN_USE = 'Error: The Product is Used by other element';

/** Each product field's label, as the product form shows it. */
export const PRODUCT_LABELS = {
  websiteId: 'Website',
  name: 'Product name',
  type: 'Type',
  displayName: 'Display name',
  shortDescription: 'Short description',
  primaryCta: 'Primary CTA',
  primaryCtaUrl: 'Primary CTA URL',
  primaryCtaText: 'Primary CTA text',
  secondaryCta: 'Secondary CTA',
  secondaryCtaUrl: 'Secondary CTA URL',
  secondaryCtaText: 'Secondary CTA text',
  reviewUrl: 'Review URL',
  reviewCount: 'Review count',
  score: 'Score',
  starRating: 'Star rating',
  pricing: 'Pricing',
  pricingType: 'Pricing type',
  currency: 'Currency',
  startingPrice: 'Starting price',
  freeTrial: 'Free trial',
  trialDays: 'Trial days',
  images: 'Images',
  icon: 'Icon',
  logo: 'Logo',
  avatar: 'Avatar',
  tags: 'Tags',
  topics: 'Topics',
} as const;
const P = PRODUCT_LABELS;

const ctaLink = (label: string, urlLabel: string, textLabel: string) =>
  z
    .object(
      {
        url: httpUrl(urlLabel),
        text: z
          .string({
            error: (i) => (i.input === undefined || i.input === null ? missing(textLabel) : notText(textLabel)),
          })
          .trim()
          .min(1, missing(textLabel))
          .max(100, tooLong(100)),
      },
      { error: `${label} must be a link: { url, text }` },
    )
    .nullish();

export const productFieldsShape = {
  name: name(P.name, PRODUCT_NAME_REQUIRED),
  type: text(P.type, 100),
  displayName: text(P.displayName, 200),
  shortDescription: text(P.shortDescription, 1000),
  primaryCta: ctaLink(P.primaryCta, P.primaryCtaUrl, P.primaryCtaText),
  secondaryCta: ctaLink(P.secondaryCta, P.secondaryCtaUrl, P.secondaryCtaText),
  reviewUrl: optionalUrl(P.reviewUrl),
  reviewCount: z
    .number({ error: `${P.reviewCount} must be a whole number` })
    .int(`${P.reviewCount} must be a whole number`)
    .min(0, `${P.reviewCount} must not be negative`)
    .max(1e9)
    .nullish(),
  score: z.number({ error: SCORE_RANGE }).int(SCORE_RANGE).min(1, SCORE_RANGE).max(10, SCORE_RANGE).nullish(),
  starRating: z
    .number({ error: STAR_RATING_RANGE })
    .min(1, STAR_RATING_RANGE)
    .max(5, STAR_RATING_RANGE)
    .refine((value) => Number.isInteger(value * 2), STAR_RATING_RANGE)
    .nullish(),
  pricing: z
    .object(
      {
        type: text(P.pricingType, 100),
        currency: currency(P.currency),
        startingPrice: z
          .number({ error: `${P.startingPrice} must be a number` })
          .min(0, `${P.startingPrice} must not be negative`)
          .max(1e12)
          .nullish(),
        freeTrial: z.boolean({ error: `${P.freeTrial} must be true or false` }).nullish(),
        trialDays: z
          .number({ error: `${P.trialDays} must be a whole number of days` })
          .int(`${P.trialDays} must be a whole number of days`)
          .min(0, `${P.trialDays} must not be negative`)
          .max(3650, `${P.trialDays}: at most 3650`)
          .nullish(),
      },
      { error: `${P.pricing} must be an object` },
    )
    .transform((pricing) => ({
      type: pricing.type ?? null,
      currency: pricing.currency ?? null,
      startingPrice: pricing.startingPrice ?? null,
      freeTrial: pricing.freeTrial ?? null,
      trialDays: pricing.trialDays ?? null,
    }))
    .nullish(),
  images: z
    .object(
      { icon: optionalUrl(P.icon), logo: optionalUrl(P.logo), avatar: optionalUrl(P.avatar) },
      { error: `${P.images} must be an object` },
    )
    .transform((images) => ({ icon: images.icon ?? null, logo: images.logo ?? null, avatar: images.avatar ?? null }))
    .nullish(),
  tags: textList(P.tags),
  topics: textList(P.topics),
};

/** Create: every field, the name required. */
export const productCreateSchema = z.object(productFieldsShape);
/** Update: any field; those sent are checked as on create. */
export const productUpdateSchema = z.object(productFieldsShape).partial();

/** A product as recorded: every field present, null (or []) when not given. */
export interface ProductFields {
  name: string;
  type: string | null;
  displayName: string | null;
  shortDescription: string | null;
  primaryCta: { url: string; text: string } | null;
  secondaryCta: { url: string; text: string } | null;
  reviewUrl: string | null;
  reviewCount: number | null;
  score: number | null;
  starRating: number | null;
  pricing: {
    type: string | null;
    currency: string | null;
    startingPrice: number | null;
    freeTrial: boolean | null;
    trialDays: number | null;
  } | null;
  images: { icon: string | null; logo: string | null; avatar: string | null } | null;
  tags: string[];
  topics: string[];
}

export function productFieldsOf(input: z.infer<typeof productCreateSchema>): ProductFields {
  return {
    name: input.name,
    type: input.type ?? null,
    displayName: input.displayName ?? null,
    shortDescription: input.shortDescription ?? null,
    primaryCta: input.primaryCta ?? null,
    secondaryCta: input.secondaryCta ?? null,
    reviewUrl: input.reviewUrl ?? null,
    reviewCount: input.reviewCount ?? null,
    score: input.score ?? null,
    starRating: input.starRating ?? null,
    pricing: input.pricing ?? null,
    images: input.images ?? null,
    tags: input.tags ?? [],
    topics: input.topics ?? [],
  };
}

/** An update's fields as they would be recorded (null clears; lists cleared to []). */
export function productChangesOf(input: z.infer<typeof productUpdateSchema>): Partial<ProductFields> {
  const out: Partial<ProductFields> = {};
  for (const [key, value] of Object.entries(input) as [keyof ProductFields, unknown][]) {
    if (value === undefined) continue;
    (out as Record<string, unknown>)[key] = value === null && (key === 'tags' || key === 'topics') ? [] : value;
  }
  return out;
}

// --- Conversion goals.

export const GOAL_NAME_REQUIRED = 'Please enter a goal name.';
export const CONVERSION_TYPE_REQUIRED = 'Please select a conversion type.';
export const GOAL_TYPES = ['count', 'value'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];
export const GOAL_TYPE_LABELS: Record<GoalType, string> = { count: 'Count conversions', value: 'Sum the value' };
export const GOAL_FILTER_OPERATORS = ['equals', 'not_equals', 'contains', 'exists'] as const;
export type GoalFilterOperator = (typeof GOAL_FILTER_OPERATORS)[number];
export const GOAL_FILTER_OPERATOR_LABELS: Record<GoalFilterOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  exists: 'exists',
};
export const GOAL_FILTERS_MAX = 20;

/** Each goal field's label, as the goal form shows it. */
export const GOAL_LABELS = {
  websiteId: 'Website',
  name: 'Goal name',
  description: 'Description',
  type: 'Conversion type',
  event: 'Event',
  filters: 'Filters',
  property: 'Property',
  operator: 'Operator',
  value: 'Value',
  currency: 'Currency',
} as const;
const G = GOAL_LABELS;

/** A filter's property: a top-level field of the event (`url`, `utm.source`...) or a key of its `properties`. */
export const FILTER_PROPERTY_PATTERN = /^[A-Za-z0-9_$][A-Za-z0-9_.$:-]{0,99}$/;

export interface GoalFilter {
  property: string;
  operator: GoalFilterOperator;
  /** Absent for `exists`. */
  value?: string | number | boolean;
}

export const goalFilterSchema = z
  .object(
    {
      property: z
        .string({
          error: (i) => (i.input === undefined || i.input === null ? missing(G.property) : notText(G.property)),
        })
        .trim()
        .min(1, missing(G.property))
        .regex(
          FILTER_PROPERTY_PATTERN,
          `${G.property} must be a field name: letters, digits, _ . : $ or -, at most 100 characters`,
        ),
      operator: z.enum(GOAL_FILTER_OPERATORS, {
        error: (i) =>
          i.input === undefined || i.input === null
            ? missing(G.operator)
            : `${G.operator} must be one of equals, not_equals, contains, exists`,
      }),
      value: z
        .union([z.string().max(1000, tooLong(1000)), z.number().finite(), z.boolean()], {
          error: `${G.value} must be text, a number, or true or false`,
        })
        .nullish(),
    },
    { error: 'A filter must be { property, operator, value? }' },
  )
  .transform((filter, ctx): GoalFilter => {
    if (filter.operator === 'exists') return { property: filter.property, operator: filter.operator };
    if (filter.value === undefined || filter.value === null || filter.value === '')
      ctx.addIssue({ code: 'custom', message: missing(G.value), path: ['value'] });
    return { property: filter.property, operator: filter.operator, value: filter.value ?? '' };
  });

export const goalFieldsShape = {
  name: name(G.name, GOAL_NAME_REQUIRED),
  description: text(G.description, 2000),
  type: z.enum(GOAL_TYPES, { error: () => CONVERSION_TYPE_REQUIRED }),
  event: z
    .string({ error: (i) => (i.input === undefined || i.input === null ? missing(G.event) : notText(G.event)) })
    .trim()
    .min(1, missing(G.event))
    .regex(EVENT_NAME_PATTERN, EVENT_NAME_MESSAGE(G.event)),
  filters: z
    .array(goalFilterSchema, { error: `${G.filters} must be a list` })
    .max(GOAL_FILTERS_MAX, `${G.filters}: at most ${GOAL_FILTERS_MAX}`)
    .nullish(),
  currency: currency(G.currency),
};
export const goalCreateSchema = z.object(goalFieldsShape);
export const goalUpdateSchema = z.object(goalFieldsShape).partial();

/**
 * A goal as recorded. A count goal carries no currency: whatever was sent with it is dropped
 * (react-admin sends the whole form back when someone switches a value goal to count).
 */
export interface GoalFields {
  name: string;
  description: string | null;
  type: GoalType;
  event: string;
  filters: GoalFilter[];
  currency: string | null;
}

export function goalFieldsOf(input: z.infer<typeof goalCreateSchema>): GoalFields {
  return {
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    event: input.event,
    filters: input.filters ?? [],
    currency: input.type === 'value' ? (input.currency ?? null) : null,
  };
}

// --- URL lists.

export const URL_LIST_NAME_REQUIRED = 'Please enter a URL list name.';
export const URL_LIST_RULES_REQUIRED = 'Please add at least one URL rule.';

/** Each URL list field's label, as the URL list form shows it. */
export const URL_LIST_LABELS = {
  websiteId: 'Website',
  name: 'URL list name',
  type: 'Type',
  description: 'Description',
  rules: 'URL rules',
  kind: 'Rule',
  value: 'URL',
} as const;
const U = URL_LIST_LABELS;

export const urlListFieldsShape = {
  name: name(U.name, URL_LIST_NAME_REQUIRED),
  type: text(U.type, 100),
  description: text(U.description, 2000),
  rules: z
    .array(urlListRuleSchema, {
      error: (i) => (i.input === undefined || i.input === null ? URL_LIST_RULES_REQUIRED : `${U.rules} must be a list`),
    })
    .min(1, URL_LIST_RULES_REQUIRED)
    .max(URL_LIST_RULES_MAX, `${U.rules}: at most ${URL_LIST_RULES_MAX}`),
};
export const urlListCreateSchema = z.object(urlListFieldsShape);
export const urlListUpdateSchema = z.object(urlListFieldsShape).partial();

export interface UrlListFields {
  name: string;
  type: string | null;
  description: string | null;
  rules: UrlListRule[];
}

export function urlListFieldsOf(input: z.infer<typeof urlListCreateSchema>): UrlListFields {
  return { name: input.name, type: input.type ?? null, description: input.description ?? null, rules: input.rules };
}
