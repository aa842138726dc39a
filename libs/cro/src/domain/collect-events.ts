import { timestampMs } from '#libs/platform/src/dates.js';
import { BadRequestError } from '#libs/platform/src/errors.js';
import { z } from '#libs/platform/src/validation.js';

/**
 * The tracking events a website sends to `POST /api/public/collect` (DESIGN.md "Public delivery"
 * and "Analytics definitions"). Pure: this checks a batch and normalises its events; the caller
 * resolves the site key, checks that every `ctaId`, `campaignId` and `experimentId` belongs to the
 * key's website, drops ids already received, stores the rest, and answers
 * `{ accepted, duplicates, rejected: [{ index, reason }] }`.
 *
 * Body: `{ siteKey, events: [...] }`, at most 100 events (COLLECT_LIMITS.events; a larger batch,
 * a body that is not an object, a missing site key or `events` that is not a list answer 400 for
 * the whole request: `BadRequestError`). An empty list is a valid batch with nothing in it.
 * Each event is checked on its own: one bad event never rejects the others.
 *
 * An event (DESIGN.md's names, and the tracker's aliases: `type` for `name`, `visitorId` for
 * `distinctId`; when both of a pair are sent they must agree):
 *
 *   id?          a uuid or 1-64 characters of A-Z a-z 0-9 _ - ; an id already received is a duplicate.
 *                Without one the event cannot be de-duplicated (its `id` is null here).
 *   name | type  page_view, cta_impression, cta_click, form_submitted, dialog_open, dialog_close,
 *                experiment_exposure, cta_holdout, calendly_event_scheduled, or a custom name
 *                (EVENT_NAME_PATTERN: a goal may track any; `options.customEvents` may restrict them)
 *   time         ISO 8601 date and time WITH a time zone (`Z` or `+02:00`), or epoch milliseconds;
 *                at most 400 days before `now` and at most 5 minutes after it (both bounds included).
 *                Normalised to an ISO string in UTC.
 *   distinctId | visitorId   1-128 characters, no control characters
 *   sessionId?   1-128 characters
 *   url          absolute http(s) URL, at most 2,048 characters; required for the tracker's events
 *                (all the names above but calendly_event_scheduled), optional for the others
 *   referrer?    an absolute URL or "" (read as none), at most 2,048 characters
 *   utm?         { source?, medium?, campaign?, term?, content? } texts of at most 200 (other keys ignored)
 *   ctaId?, campaignId?, experimentId?   ids: 1-100 characters of A-Z a-z 0-9 _ -
 *   variant?     1-64 characters
 *   value?       a finite number (|value| at most 1e12); currency? three letters (upper-cased)
 *   properties?  a flat object: at most 50 keys of 1-64 characters, values text (at most 1,000
 *                characters), finite numbers or true/false; at most 8,192 characters in all
 *   fields       form_submitted only: an object of texts, at most 50 keys of 1-64 characters,
 *                values at most 2,000 characters (absent: {}); any other event with fields is rejected
 *
 * Requirements by name: cta_impression, cta_click, cta_holdout and form_submitted need `ctaId`;
 * experiment_exposure needs `experimentId` and `variant`.
 *
 * Keys `__proto__`, `constructor` and `prototype` are refused in `properties` and `fields` (the
 * event is rejected), and every key read from the input is read with Object.hasOwn. Unknown
 * top-level keys of an event are ignored.
 *
 * Within one batch, a second event with the id of an earlier valid one is a duplicate
 * (`duplicates` lists its index); it is neither valid nor rejected.
 */

export const TRACKER_EVENT_NAMES = [
  'page_view',
  'cta_impression',
  'cta_click',
  'form_submitted',
  'dialog_open',
  'dialog_close',
  'experiment_exposure',
  'cta_holdout',
  'calendly_event_scheduled',
] as const;
export type TrackerEventName = (typeof TRACKER_EVENT_NAMES)[number];

/** A custom event name (also what a goal's `event` may be): a letter, then letters, digits, _ . : -; at most 64. */
export const EVENT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;
export const EVENT_NAME_MESSAGE = (label: string) =>
  `${label} must be an event name: a letter, then letters, digits, _ . : or -, at most 64 characters`;

export const COLLECT_LIMITS = {
  events: 100,
  siteKey: 200,
  id: 64,
  distinctId: 128,
  url: 2048,
  utm: 200,
  entityId: 100,
  variant: 64,
  value: 1e12,
  properties: 50,
  propertyKey: 64,
  propertyValue: 1000,
  propertiesSize: 8192,
  fields: 50,
  fieldValue: 2000,
} as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How old an event may be (DESIGN.md: "may lie up to 400 days in the past"). */
export const MAX_EVENT_AGE_MS = 400 * DAY_MS;
/** How far ahead of the server's clock an event may be (DESIGN.md: "more than 5 minutes ahead is rejected"). */
export const MAX_EVENT_AHEAD_MS = 5 * 60 * 1000;

export const BODY_NOT_OBJECT = 'The request body must be a JSON object';
export const SITE_KEY_MISSING = 'siteKey is missing';
export const SITE_KEY_INVALID = 'siteKey must be 1 to 200 characters without spaces';
export const EVENTS_NOT_A_LIST = 'events must be a list';
export const BATCH_TOO_LARGE = `A batch holds at most ${COLLECT_LIMITS.events} events`;

/** Reasons an event is rejected (plain words, naming the field). */
export const REASONS = {
  notObject: 'an event must be an object',
  id: 'id must be a uuid or 1 to 64 letters, digits, _ or -',
  nameMissing: 'name is missing (the event name, such as page_view)',
  name: EVENT_NAME_MESSAGE('name'),
  nameTypeDiffer: 'name and type differ',
  customNotTracked: (name: string) => `no goal tracks the event ${name}`,
  distinctIdMissing: 'distinctId is missing (the visitor id)',
  distinctId: 'distinctId must be 1 to 128 characters without control characters',
  distinctIdsDiffer: 'distinctId and visitorId differ',
  sessionId: 'sessionId must be 1 to 128 characters without control characters',
  timeMissing: 'time is missing',
  time: 'time must be an ISO 8601 date and time with a time zone, or epoch milliseconds',
  tooOld: 'time is more than 400 days in the past',
  ahead: 'time is more than 5 minutes in the future',
  urlMissing: 'url is missing',
  url: 'url must be an absolute http(s) URL of at most 2048 characters',
  referrer: 'referrer must be an absolute URL of at most 2048 characters',
  utm: 'utm must be an object of texts (source, medium, campaign, term, content) of at most 200 characters',
  entityId: (field: string) => `${field} must be 1 to 100 letters, digits, _ or -`,
  variant: 'variant must be 1 to 64 characters without control characters',
  value: 'value must be a finite number between -1e12 and 1e12',
  currency: 'currency must be a three-letter code such as EUR',
  needs: (field: string, name: string) => `${field} is missing: ${name} events need it`,
  properties: 'properties must be a flat object of texts, numbers and true or false',
  fields: 'fields must be an object of texts',
  fieldsNotHere: 'only form_submitted events carry fields',
  forbiddenKey: (where: string, key: string) => `${where} must not use the key ${key}`,
  tooManyKeys: (where: string, max: number) => `${where} has more than ${max} keys`,
  key: (where: string) => `${where} keys must be 1 to 64 characters without control characters`,
  longValue: (where: string, key: string, max: number) => `${where}.${key} is longer than ${max} characters`,
  valueType: (where: string, key: string) => `${where}.${key} must be text, a number, or true or false`,
  fieldType: (key: string) => `fields.${key} must be text`,
  propertiesSize: `properties are larger than ${COLLECT_LIMITS.propertiesSize} characters`,
} as const;

export type FlatValue = string | number | boolean;
export interface CollectedEvent {
  id: string | null;
  name: string;
  distinctId: string;
  sessionId: string | null;
  /** ISO 8601 in UTC. */
  time: string;
  url: string | null;
  referrer: string | null;
  utm: {
    source: string | null;
    medium: string | null;
    campaign: string | null;
    term: string | null;
    content: string | null;
  } | null;
  ctaId: string | null;
  campaignId: string | null;
  experimentId: string | null;
  variant: string | null;
  value: number | null;
  currency: string | null;
  properties: Record<string, FlatValue>;
  /** form_submitted only ({} when none were sent); null for other events. */
  fields: Record<string, string> | null;
}

export interface CollectBatch {
  siteKey: string;
  valid: { index: number; event: CollectedEvent }[];
  rejected: { index: number; reason: string }[];
  /** Indexes of events whose id an earlier valid event of the same batch had. */
  duplicates: number[];
}

export interface CollectOptions {
  /** Which custom event names are accepted: any well-formed name (the default), or only these. */
  customEvents?: 'any' | ReadonlySet<string>;
  /**
   * Epoch ms to check each event's time against (`timeWindowProblem`), after every other check;
   * `validateCollectBatch` passes its `now`. Without it the schema does not check the window.
   */
  now?: number;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const ENTITY_ID = /^[A-Za-z0-9_-]{1,100}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const TRACKER_NAMES: ReadonlySet<string> = new Set(TRACKER_EVENT_NAMES);
/** An ISO time exactly as `toISOString` writes it (years 1000-9999): kept as it is, not re-written. */
const CANONICAL_TIME = /^[1-9]\d{3}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
const NEEDS_CTA: ReadonlySet<string> = new Set(['cta_impression', 'cta_click', 'cta_holdout', 'form_submitted']);
const NEEDS_URL: ReadonlySet<string> = new Set(
  TRACKER_EVENT_NAMES.filter((name) => name !== 'calendly_event_scheduled'),
);

const own = (input: object, key: string): unknown =>
  Object.hasOwn(input, key) ? (input as Record<string, unknown>)[key] : undefined;
const isPlainObject = (input: unknown): input is object => {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return false;
  const proto = Object.getPrototypeOf(input);
  return proto === Object.prototype || proto === null;
};
const absent = (value: unknown) => value === undefined || value === null;
const printable = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= max && !CONTROL.test(value);

function isAbsoluteUrl(value: string, httpOnly: boolean): boolean {
  if (value.length > COLLECT_LIMITS.url || CONTROL.test(value)) return false;
  try {
    const url = new URL(value);
    return httpOnly ? (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' : true;
  } catch {
    return false;
  }
}

/** A flat object of allowed values, or the reason it is not one. */
function flatObject(
  input: unknown,
  where: 'properties' | 'fields',
  textsOnly: boolean,
): Record<string, FlatValue> | string {
  const maxKeys = textsOnly ? COLLECT_LIMITS.fields : COLLECT_LIMITS.properties;
  const maxValue = textsOnly ? COLLECT_LIMITS.fieldValue : COLLECT_LIMITS.propertyValue;
  if (!isPlainObject(input)) return textsOnly ? REASONS.fields : REASONS.properties;
  const keys = Object.keys(input);
  for (const key of keys) if (FORBIDDEN_KEYS.has(key)) return REASONS.forbiddenKey(where, key);
  if (keys.length > maxKeys) return REASONS.tooManyKeys(where, maxKeys);
  // A plain object is safe to fill: the keys that could reach its prototype were refused above.
  const out: Record<string, FlatValue> = {};
  // The longest JSON the entries could make (every character escaped as \uXXXX, a number or a
  // boolean at most 24 characters): when even that fits, the size is not measured.
  let longest = 2;
  for (const key of keys) {
    if (!printable(key, COLLECT_LIMITS.propertyKey)) return REASONS.key(where);
    const value = own(input, key);
    if (typeof value === 'string') {
      if (value.length > maxValue) return REASONS.longValue(where, key, maxValue);
      longest += 6 * key.length + 6 * value.length + 6;
    } else if (textsOnly) {
      return REASONS.fieldType(key);
    } else if (!(typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))) {
      return REASONS.valueType(where, key);
    } else longest += 6 * key.length + 24 + 4;
    out[key] = value as FlatValue;
  }
  if (
    !textsOnly &&
    longest > COLLECT_LIMITS.propertiesSize &&
    JSON.stringify(out).length > COLLECT_LIMITS.propertiesSize
  )
    return REASONS.propertiesSize;
  return out;
}

/** Epoch milliseconds of an event's `time`, or the reason it has none. */
function timeOf(input: unknown): number | string {
  if (absent(input)) return REASONS.timeMissing;
  if (typeof input === 'number')
    return Number.isInteger(input) && input >= 0 && input <= 8.64e15 ? input : REASONS.time;
  const ms = typeof input === 'string' && ISO_TIME.test(input) ? timestampMs(input) : null;
  return ms ?? REASONS.time;
}

/** One of a pair of names for the same field (`name` / `type`), or the reason they conflict. */
function either(event: object, first: string, second: string, differ: string): { value: unknown } | string {
  const a = own(event, first);
  const b = own(event, second);
  if (!absent(a) && !absent(b) && a !== b) return differ;
  return { value: absent(a) ? b : a };
}

/**
 * The per-event schema: a zod schema over an unknown value that yields the normalised event or a
 * single issue whose message is the reason; the time window is checked last, when `options.now` is given.
 */
export function collectEventSchema(options: CollectOptions = {}) {
  const custom = options.customEvents ?? 'any';
  return z.unknown().transform((input, ctx): CollectedEvent => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!isPlainObject(input)) return fail(REASONS.notObject);

    const id = own(input, 'id');
    if (!absent(id) && !(typeof id === 'string' && ID.test(id))) return fail(REASONS.id);

    const named = either(input, 'name', 'type', REASONS.nameTypeDiffer);
    if (typeof named === 'string') return fail(named);
    const name = named.value;
    if (absent(name) || name === '') return fail(REASONS.nameMissing);
    if (typeof name !== 'string' || !EVENT_NAME_PATTERN.test(name)) return fail(REASONS.name);
    const known = TRACKER_NAMES.has(name);
    if (!known && custom !== 'any' && !custom.has(name)) return fail(REASONS.customNotTracked(name));

    const visitor = either(input, 'distinctId', 'visitorId', REASONS.distinctIdsDiffer);
    if (typeof visitor === 'string') return fail(visitor);
    if (absent(visitor.value) || visitor.value === '') return fail(REASONS.distinctIdMissing);
    if (!printable(visitor.value, COLLECT_LIMITS.distinctId)) return fail(REASONS.distinctId);

    const sessionId = own(input, 'sessionId');
    if (!absent(sessionId) && !printable(sessionId, COLLECT_LIMITS.distinctId)) return fail(REASONS.sessionId);

    const timeInput = own(input, 'time');
    const time = timeOf(timeInput);
    if (typeof time === 'string') return fail(time);

    const url = own(input, 'url');
    if (absent(url) || url === '') {
      if (NEEDS_URL.has(name)) return fail(REASONS.urlMissing);
    } else if (typeof url !== 'string' || !isAbsoluteUrl(url, true)) return fail(REASONS.url);

    let referrer = own(input, 'referrer');
    if (referrer === '') referrer = null;
    if (!absent(referrer) && !(typeof referrer === 'string' && isAbsoluteUrl(referrer, false)))
      return fail(REASONS.referrer);

    const utmInput = own(input, 'utm');
    let utm: CollectedEvent['utm'] = null;
    if (!absent(utmInput)) {
      if (!isPlainObject(utmInput)) return fail(REASONS.utm);
      const part = (key: string): string | null | false => {
        const value = own(utmInput, key);
        if (absent(value) || value === '') return null;
        return typeof value === 'string' && value.length <= COLLECT_LIMITS.utm && !CONTROL.test(value) ? value : false;
      };
      const [source, medium, campaign, term, content] = ['source', 'medium', 'campaign', 'term', 'content'].map(part);
      if ([source, medium, campaign, term, content].includes(false)) return fail(REASONS.utm);
      utm = { source, medium, campaign, term, content } as NonNullable<CollectedEvent['utm']>;
    }

    const ids: Record<'ctaId' | 'campaignId' | 'experimentId', string | null> = {
      ctaId: null,
      campaignId: null,
      experimentId: null,
    };
    for (const field of ['ctaId', 'campaignId', 'experimentId'] as const) {
      const value = own(input, field);
      if (absent(value) || value === '') continue;
      if (!(typeof value === 'string' && ENTITY_ID.test(value))) return fail(REASONS.entityId(field));
      ids[field] = value;
    }

    const variant = own(input, 'variant');
    if (!absent(variant) && variant !== '' && !printable(variant, COLLECT_LIMITS.variant)) return fail(REASONS.variant);

    const value = own(input, 'value');
    if (
      !absent(value) &&
      !(typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= COLLECT_LIMITS.value)
    )
      return fail(REASONS.value);

    const currency = own(input, 'currency');
    if (!absent(currency) && currency !== '' && !(typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency)))
      return fail(REASONS.currency);

    let properties: Record<string, FlatValue> = {};
    const propertiesInput = own(input, 'properties');
    if (!absent(propertiesInput)) {
      const checked = flatObject(propertiesInput, 'properties', false);
      if (typeof checked === 'string') return fail(checked);
      properties = checked;
    }

    let fields: Record<string, string> | null = null;
    const fieldsInput = own(input, 'fields');
    if (name === 'form_submitted') {
      fields = {};
      if (!absent(fieldsInput)) {
        const checked = flatObject(fieldsInput, 'fields', true);
        if (typeof checked === 'string') return fail(checked);
        fields = checked as Record<string, string>;
      }
    } else if (!absent(fieldsInput)) return fail(REASONS.fieldsNotHere);

    if (NEEDS_CTA.has(name) && !ids.ctaId) return fail(REASONS.needs('ctaId', name));
    if (name === 'experiment_exposure') {
      if (!ids.experimentId) return fail(REASONS.needs('experimentId', name));
      if (absent(variant) || variant === '') return fail(REASONS.needs('variant', name));
    }

    if (options.now !== undefined) {
      const problem = timeWindowProblem(time, options.now);
      if (problem) return fail(problem);
    }

    return {
      id: absent(id) ? null : (id as string),
      name,
      distinctId: visitor.value as string,
      sessionId: absent(sessionId) ? null : (sessionId as string),
      // What the tracker sends (`toISOString`) is kept; any other form is written as toISOString would.
      time: typeof timeInput === 'string' && CANONICAL_TIME.test(timeInput) ? timeInput : new Date(time).toISOString(),
      url: absent(url) || url === '' ? null : (url as string),
      referrer: absent(referrer) ? null : (referrer as string),
      utm,
      ctaId: ids.ctaId,
      campaignId: ids.campaignId,
      experimentId: ids.experimentId,
      variant: absent(variant) || variant === '' ? null : (variant as string),
      value: absent(value) ? null : (value as number),
      currency: absent(currency) || currency === '' ? null : (currency as string).toUpperCase(),
      properties,
      fields,
    };
  });
}

/** Why an event's time (epoch ms) lies outside the accepted window around `now`, or null. */
export function timeWindowProblem(time: number, now: number): string | null {
  if (time < now - MAX_EVENT_AGE_MS) return REASONS.tooOld;
  if (time > now + MAX_EVENT_AHEAD_MS) return REASONS.ahead;
  return null;
}

/**
 * Checks a `POST /api/public/collect` body at `now`: the valid events (normalised, with their
 * index in the batch), the rejected ones with a reason each, and the in-batch duplicates. Throws
 * `BadRequestError` (400) only when the body itself is unusable (see the file's comment).
 */
export function validateCollectBatch(body: unknown, now: Date | number, options: CollectOptions = {}): CollectBatch {
  if (!isPlainObject(body)) throw new BadRequestError(BODY_NOT_OBJECT);
  const siteKey = own(body, 'siteKey');
  if (absent(siteKey) || siteKey === '') throw new BadRequestError(SITE_KEY_MISSING);
  if (!printable(siteKey, COLLECT_LIMITS.siteKey) || /\s/.test(siteKey)) throw new BadRequestError(SITE_KEY_INVALID);
  const events = own(body, 'events');
  if (!Array.isArray(events)) throw new BadRequestError(EVENTS_NOT_A_LIST);
  if (events.length > COLLECT_LIMITS.events) throw new BadRequestError(BATCH_TOO_LARGE);

  const at = typeof now === 'number' ? now : now.getTime();
  const schema = collectEventSchema({ ...options, now: at });
  const result: CollectBatch = { siteKey, valid: [], rejected: [], duplicates: [] };
  const seen = new Set<string>();
  events.forEach((input: unknown, index) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      result.rejected.push({ index, reason: parsed.error.issues[0]?.message ?? 'the event is not valid' });
      return;
    }
    const event = parsed.data;
    if (event.id !== null) {
      if (seen.has(event.id)) {
        result.duplicates.push(index);
        return;
      }
      seen.add(event.id);
    }
    result.valid.push({ index, event });
  });
  return result;
}
