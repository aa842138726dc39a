import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { isCalendarDate } from '#libs/platform/src/dates.js';
import { BadRequestError } from '#libs/platform/src/errors.js';
import { listFilter, type ListDefinition, type ListQuery } from '#libs/platform/src/list-query.js';
import type { IntegrationSettings } from '../domain/cro-fields.js';

/**
 * Form submissions of live CTAs and their deliveries (issue 13, "Form submissions").
 *
 * A submission is a `form_submitted` event of `collected_events` (stored by
 * `POST /api/public/collect` only when its CTA is live on the website that sent it): the
 * visitor's fields are kept once, there. `cro_submission_deliveries` holds one row per
 * submission and target, the durable queue of the delivery job
 * (libs/cro/src/processes/submission-delivery.ts):
 *
 * - `target`: `mail:{recipient}` (the CTA's email notification, one row per recipient, so a
 *   retry never mails the others again), or an integration's kind (`webhook`, `zapier`,
 *   `hubspot`, `zoho`);
 * - the primary key `(website_id, submission_id, target)`: a submission is queued once per target,
 *   whatever retries of the batch or restarts happen (`ON CONFLICT DO NOTHING`);
 * - `status` `pending` -> `sent` | `failed` (after `MAX_DELIVERY_ATTEMPTS`, or at once when the
 *   answer says retrying cannot help); `attempts`, `next_attempt_at` (the back-off),
 *   `last_status` (the HTTP status of the last answer) and `last_error`;
 * - `claim`: the token of the job run that took the row (a row taken is due again only after its
 *   lease, so several processes never send the same row at once).
 * Not rebuildable from the event log (traffic, like `collected_events`): its DDL is a versioned
 * migration (libs/eventstore/src/sql/migrations.ts: an applied section never changes).
 */
export const CRO_SUBMISSIONS_SCHEMA = `
-- migration cro-submissions 1: baseline
CREATE TABLE IF NOT EXISTS cro_submission_deliveries (
  website_id      text NOT NULL,
  submission_id   text NOT NULL,
  organisation_id text NOT NULL,
  cta_id          text NOT NULL,
  target          text NOT NULL,
  status          text NOT NULL DEFAULT 'pending',
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claim           text,
  last_status     integer,
  last_error      text,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, submission_id, target)
);
CREATE INDEX IF NOT EXISTS cro_submission_deliveries_due ON cro_submission_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS collected_events_cta_forms ON collected_events (cta_id, time) WHERE name = 'form_submitted';

-- migration cro-submissions 2: the submission's time, to find its event by the events' primary key
ALTER TABLE cro_submission_deliveries ADD COLUMN IF NOT EXISTS submitted_at timestamptz;
`;

/** A delivery is given up after this many attempts. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** What a CTA's submission needs from its read model: its status, its name and where submissions go. */
export interface CtaDeliverySettings {
  id: string;
  status: string;
  name: string;
  emailNotification: {
    recipients: string[];
    senderName: string;
    senderEmail: string;
    subject: string;
    message?: string | null;
  } | null;
  integrations: IntegrationSettings[];
  crmMapping: { field: string; crmField: string }[] | null;
  /** The form's items (they name the form's fields, in order: ../domain/submission-fields.ts). */
  items: { type?: string; name?: string | null; label?: string | null }[];
}

/** The row `CTA_DELIVERY_SELECT` reads of one CTA (alias `c` for rm_ctas). */
export interface CtaDeliveryRow {
  id: string;
  status: string;
  name: string;
  email: CtaDeliverySettings['emailNotification'];
  integrations: IntegrationSettings[] | null;
  mapping: CtaDeliverySettings['crmMapping'];
  items: CtaDeliverySettings['items'] | null;
}

/** The columns of a CTA's delivery settings, for `ctaDeliveryOf` (rm_ctas as `c`). */
export const CTA_DELIVERY_SELECT = `c.id, c.status, c.name, c.record->'emailNotification' AS email, c.record->'integrations' AS integrations,
  c.record->'crmMapping' AS mapping, c.record->'items' AS items`;

export function ctaDeliveryOf(r: CtaDeliveryRow): CtaDeliverySettings {
  return {
    id: r.id,
    status: r.status,
    name: r.name,
    emailNotification: r.email ?? null,
    integrations: Array.isArray(r.integrations) ? r.integrations : [],
    crmMapping: Array.isArray(r.mapping) ? r.mapping : null,
    items: Array.isArray(r.items) ? r.items : [],
  };
}

/** The CTAs of the website among `ids` (any status), with their delivery settings. */
export async function ctaDeliverySettings(
  db: SqlExecutor,
  websiteId: string,
  ids: readonly string[],
): Promise<Map<string, CtaDeliverySettings>> {
  if (ids.length === 0) return new Map();
  const found = await db.query<CtaDeliveryRow>(
    `SELECT ${CTA_DELIVERY_SELECT} FROM rm_ctas c WHERE c.website_id = $1 AND c.id = ANY($2::text[])`,
    [websiteId, [...ids]],
  );
  return new Map(found.rows.map((r) => [r.id, ctaDeliveryOf(r)]));
}

/** One queued delivery. */
export interface QueuedDelivery {
  submissionId: string;
  ctaId: string;
  target: string;
  /** The submission event's time (ISO 8601): its stored event is found by the primary key with it. */
  submittedAt?: string | null;
}

/** Queues deliveries (a submission and target already queued is left as it is). */
export async function queueDeliveries(
  db: SqlExecutor,
  website: { id: string; organisationId: string },
  deliveries: readonly QueuedDelivery[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await db.query(
    `INSERT INTO cro_submission_deliveries (website_id, organisation_id, submission_id, cta_id, target, submitted_at)
     SELECT $1, $2, d.submission_id, d.cta_id, d.target, d.submitted_at
       FROM jsonb_to_recordset($3::jsonb) AS d(submission_id text, cta_id text, target text, submitted_at timestamptz)
     ON CONFLICT (website_id, submission_id, target) DO NOTHING`,
    [
      website.id,
      website.organisationId,
      JSON.stringify(
        deliveries.map((d) => ({
          submission_id: d.submissionId,
          cta_id: d.ctaId,
          target: d.target,
          submitted_at: d.submittedAt ?? null,
        })),
      ),
    ],
  );
}

/** A delivery taken by a job run, with its submission. */
export interface ClaimedDelivery {
  websiteId: string;
  submissionId: string;
  ctaId: string;
  target: string;
  attempts: number;
  claim: string;
  submission: { time: string; url: string | null; fields: Record<string, string> } | null;
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Takes up to `limit` due deliveries for the run `claim`: each counts an attempt and is not due
 * again before `leaseMs` (when the run dies mid-send, the row is retried after that). Rows another
 * process is taking right now are skipped (`SKIP LOCKED`).
 */
export async function claimDueDeliveries(
  db: SqlExecutor,
  claim: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const taken = await db.query<{
    website_id: string;
    submission_id: string;
    cta_id: string;
    target: string;
    attempts: number;
    submitted_at: string | null;
  }>(
    `UPDATE cro_submission_deliveries AS d SET attempts = d.attempts + 1, claim = $1, next_attempt_at = now() + ($3::int * interval '1 millisecond')
      WHERE (d.website_id, d.submission_id, d.target) IN (
        SELECT website_id, submission_id, target FROM cro_submission_deliveries
         WHERE status = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING d.website_id, d.submission_id, d.cta_id, d.target, d.attempts, ${ISO('d.submitted_at')} AS submitted_at`,
    [claim, limit, leaseMs],
  );
  if (taken.rows.length === 0) return [];
  const keys = taken.rows.map((r) => ({
    website_id: r.website_id,
    id: r.submission_id,
    cta_id: r.cta_id,
    time: r.submitted_at,
  }));
  // By the events' primary key (website, time, id); a delivery queued before its time was kept
  // (migration cro-submissions 2) by the CTA's form submissions (their partial index).
  const events = await db.query<{
    website_id: string;
    id: string;
    time: string;
    url: string | null;
    fields: Record<string, string> | null;
  }>(
    `WITH k AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS k(website_id text, id text, cta_id text, time timestamptz))
     SELECT e.website_id, e.id, ${ISO('e.time')} AS time, e.url, e.fields
       FROM k JOIN collected_events e ON e.website_id = k.website_id AND e.time = k.time AND e.id = k.id
      WHERE k.time IS NOT NULL
     UNION ALL
     SELECT e.website_id, e.id, ${ISO('e.time')} AS time, e.url, e.fields
       FROM k JOIN collected_events e ON e.cta_id = k.cta_id AND e.name = 'form_submitted' AND e.website_id = k.website_id AND e.id = k.id
      WHERE k.time IS NULL`,
    [JSON.stringify(keys)],
  );
  const byKey = new Map(
    events.rows.map((e) => [`${e.website_id}\n${e.id}`, { time: e.time, url: e.url, fields: e.fields ?? {} }]),
  );
  return taken.rows.map((r) => ({
    websiteId: r.website_id,
    submissionId: r.submission_id,
    ctaId: r.cta_id,
    target: r.target,
    attempts: r.attempts,
    claim,
    submission: byKey.get(`${r.website_id}\n${r.submission_id}`) ?? null,
  }));
}

/** The outcome of one attempt: sent, retried at `retryAt`, or given up. Ignored when the row was claimed again since. */
export async function recordAttempt(
  db: SqlExecutor,
  delivery: ClaimedDelivery,
  outcome: { status: 'sent' | 'pending' | 'failed'; httpStatus: number | null; error: string | null; retryAt?: Date },
): Promise<void> {
  await db.query(
    `UPDATE cro_submission_deliveries
        SET status = $5, last_status = $6, last_error = $7, claim = NULL,
            sent_at = CASE WHEN $5 = 'sent' THEN now() ELSE sent_at END,
            next_attempt_at = coalesce($8::timestamptz, next_attempt_at)
      WHERE website_id = $1 AND submission_id = $2 AND target = $3 AND claim = $4`,
    [
      delivery.websiteId,
      delivery.submissionId,
      delivery.target,
      delivery.claim,
      outcome.status,
      outcome.httpStatus,
      outcome.error?.slice(0, 1000) ?? null,
      outcome.retryAt ?? null,
    ],
  );
}

/** When the next delivery is due (null: none pending). */
export async function nextDeliveryDue(db: SqlExecutor): Promise<Date | null> {
  const found = await db.query<{ due: Date | string | null }>(
    `SELECT min(next_attempt_at) AS due FROM cro_submission_deliveries WHERE status = 'pending'`,
  );
  const due = found.rows[0]?.due;
  return due ? new Date(due) : null;
}

/**
 * The moments a day range of the website covers: from the start of `from` to the start of the day
 * after `to`, both in the website's timezone (`null`: open on that side).
 */
export interface SubmissionBounds {
  start: Date | null;
  end: Date | null;
}

/** The scope of a CTA's submissions in `collected_events`, for the list helper (placeholders from $1), within `bounds`. */
export function submissionsScope(
  websiteId: string,
  ctaId: string,
  bounds: SubmissionBounds = { start: null, end: null },
): { sql: string; params: unknown[] } {
  const params: unknown[] = [websiteId, ctaId];
  let sql = `website_id = $1 AND cta_id = $2 AND name = 'form_submitted'`;
  if (bounds.start) sql += ` AND time >= $${params.push(bounds.start.toISOString())}::timestamptz`;
  if (bounds.end) sql += ` AND time < $${params.push(bounds.end.toISOString())}::timestamptz`;
  return { sql, params };
}

/** A day range asked for: `from` and `to` as YYYY-MM-DD, inclusive (either may be left out). */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/**
 * The `from` / `to` of a submissions request (YYYY-MM-DD, inclusive, days of the website's
 * timezone), as query parameters (`?from=&to=`) or in react-admin's `filter` (`{"from": ...}`),
 * and the query without them (the list helper would read them as days in UTC). 400 for a value
 * that is not a real calendar date, one given both ways, or a `from` after the `to`.
 */
export function submissionDays(query: ListQuery): { days: DayRange; query: ListQuery } {
  const rest: ListQuery = { ...query, from: undefined, to: undefined };
  const parsed = typeof query.filter === 'string' && query.filter.startsWith('{') ? listFilter(query.filter) : null;
  const filter: Record<string, unknown> | null = parsed ? { ...parsed } : null;
  const days: DayRange = { from: null, to: null };
  for (const bound of ['from', 'to'] as const) {
    const given: unknown[] = [];
    if (query[bound] !== undefined && query[bound] !== '') given.push(query[bound]);
    if (filter && Object.hasOwn(filter, bound)) {
      const value = filter[bound];
      delete filter[bound];
      if (value !== undefined && value !== null && value !== '') given.push(value);
    }
    if (given.length > 1) throw new BadRequestError(`${bound} is given twice (as a parameter and in the filter)`);
    const [value] = given;
    if (value === undefined) continue;
    if (typeof value !== 'string' || !isCalendarDate(value))
      throw new BadRequestError(`${bound} must be a date as YYYY-MM-DD`);
    days[bound] = value;
  }
  if (days.from && days.to && days.from > days.to) throw new BadRequestError('from must not be after to');
  if (filter) rest.filter = JSON.stringify(filter);
  return { days, query: rest };
}

/** The website's timezone (an IANA name; UTC when it has none this runtime knows). */
export async function websiteTimeZone(db: SqlExecutor, websiteId: string): Promise<string> {
  const found = await db.query<{ timezone: string | null }>(
    `SELECT record->>'timezone' AS timezone FROM rm_websites WHERE id = $1`,
    [websiteId],
  );
  const zone = found.rows[0]?.timezone;
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** How far the wall clock of `timeZone` is ahead of UTC at `instant` (milliseconds). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = new Date(Date.UTC(2000, part('month') - 1, part('day'), part('hour'), part('minute'), part('second')));
  wall.setUTCFullYear(part('year'));
  return wall.getTime() - Math.floor(instant / 1000) * 1000;
}

/**
 * The moment a day (YYYY-MM-DD, plus `addDays`) starts in `timeZone`: the first moment whose wall
 * clock there shows that day (its midnight; 01:00 where a change of clocks skips midnight).
 */
export function dayStart(day: string, timeZone: string, addDays = 0): Date {
  // The year first (Date.UTC reads years 0 to 99 as 1900 to 1999), then the day, which may run over into the next month or year.
  const wall = new Date(Date.UTC(2000, Number(day.slice(5, 7)) - 1, 1));
  wall.setUTCFullYear(Number(day.slice(0, 4)));
  wall.setUTCDate(Number(day.slice(8, 10)) + addDays);
  const local = wall.getTime();
  // The offsets of the day before and the day after (a change of clocks lies between them at most
  // once): midnight read with each, keeping the earliest moment that is already on the day.
  const candidates = [local - offsetAt(local - DAY_MS, timeZone), local - offsetAt(local + DAY_MS, timeZone)]
    .filter((instant) => instant + offsetAt(instant, timeZone) >= local)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? local - offsetAt(local, timeZone));
}

const DAY_MS = 86_400_000;

/** The moments of a day range in the website's timezone. */
export function submissionBounds(days: DayRange, timeZone: string): SubmissionBounds {
  return {
    start: days.from ? dayStart(days.from, timeZone) : null,
    end: days.to ? dayStart(days.to, timeZone, 1) : null,
  };
}

/**
 * `GET /api/ctas/{id}/submissions`: newest first; each row its id, time, page URL, fields and the
 * state of each delivery.
 */
export const SUBMISSIONS_LIST: ListDefinition = {
  resource: 'submissions',
  table: 'collected_events',
  fields: { id: 'id', time: 'time', receivedAt: 'received_at', url: 'url' },
  search: ['url', 'fields::text'],
  dateField: 'time',
  defaultSort: ['time', 'DESC'],
  recordColumn: `jsonb_build_object(
    'id', id, 'ctaId', cta_id, 'campaignId', campaign_id, 'time', ${ISO('time')}, 'url', url, 'fields', coalesce(fields, '{}'::jsonb),
    'deliveries', coalesce((
      SELECT jsonb_agg(jsonb_build_object('target', d.target, 'status', d.status, 'attempts', d.attempts, 'lastStatus', d.last_status,
                                          'lastError', d.last_error, 'sentAt', ${ISO('d.sent_at')}) ORDER BY d.target)
        FROM cro_submission_deliveries d WHERE d.website_id = collected_events.website_id AND d.submission_id = collected_events.id), '[]'::jsonb))`,
};

/** Every submission of a CTA for the CSV export, oldest first (at most `limit`), within `bounds`. */
export async function submissionsForExport(
  db: SqlExecutor,
  websiteId: string,
  ctaId: string,
  limit: number,
  bounds?: SubmissionBounds,
) {
  const scope = submissionsScope(websiteId, ctaId, bounds);
  const found = await db.query<{ id: string; time: string; url: string | null; fields: Record<string, string> | null }>(
    `SELECT id, ${ISO('time')} AS time, url, fields FROM collected_events
      WHERE ${scope.sql} ORDER BY time, id LIMIT $${scope.params.length + 1}`,
    [...scope.params, limit],
  );
  return found.rows.map((r) => ({ ...r, fields: r.fields ?? {} }));
}
