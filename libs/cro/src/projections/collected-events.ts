import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { DEFAULT_RETENTION_MONTHS, RETENTION_MONTHS } from '#libs/organisations/src/domain/retention.js';
import {
  DELIVERY_WEBSITE_SELECT,
  deliveryWebsiteOf,
  type DeliveryWebsite,
  type DeliveryWebsiteRow,
} from '#libs/organisations/src/projections/queries.js';
import type { CollectedEvent } from '../domain/collect-events.js';
import {
  CTA_DELIVERY_SELECT,
  ctaDeliveryOf,
  type CtaDeliveryRow,
  type CtaDeliverySettings,
  type QueuedDelivery,
} from './submissions.js';

/**
 * The tracking events websites send to `POST /api/public/collect` (DESIGN.md "Analytics
 * definitions"). Traffic, not changes of a record: they are not events of the event log and this
 * table cannot be rebuilt from it, so its DDL is a versioned migration
 * (libs/eventstore/src/sql/migrations.ts: an applied section never changes; a change is a new
 * section at the end).
 *
 * Built for volume:
 * - partitioned (migration 4) by the organisation's retention class (`retention_months`, the
 *   organisation's `analyticsRetentionMonths` when the event was stored: libs/organisations/src/domain/retention.ts),
 *   then by calendar month of `time` (UTC), so retention drops whole partitions
 *   (./event-partitions.ts: the monthly partitions, a default partition per class for the rest);
 * - one event per website and id, whatever the time it comes with (migration 7): a retried batch
 *   (the tracker resends an event with its id) stores nothing twice, and neither does a forged one
 *   that reuses an id with another time (two stored events of one id made the analytics projector
 *   build two conversions of one event and fail its whole batch: docs/security.md, "Tracking
 *   pipeline"). The partitioned table's key must hold its partition keys, so the identity is the
 *   primary key of `collected_event_ids` (a uuid of website and id, `EVENT_KEY`), written by the
 *   same statement before the event; an event sent without an id gets a generated one (a random
 *   UUID), so it is never de-duplicated. The retention removes an id with its event's class and
 *   time (./event-partitions.ts);
 * - primary key `(website_id, time, id, retention_months)`. Time before id (migration 6): the key is
 *   also the Events list's index (a website's events newest first: a backward scan), and a
 *   website's new entries land next to each other at the end of its range instead of at random
 *   places of the index (the ids are random);
 * - a BRIN index on `time` (events arrive roughly in time order: a tiny index for range scans);
 * - a btree on `(website_id, distinct_id, time)` (the analytics projector reads a visitor's events)
 *   and a partial one for form submissions (libs/cro/src/projections/submissions.ts). Every index is
 *   paid for by every event stored: migration 5 dropped `(website_id, name, time)`, which only the
 *   events list's name filter used (the reports read the read models; docs/benchmarks.md,
 *   "Ingestion, 2026-11-27", for what it changed), and migration 6 `(website_id, time DESC)`,
 *   which the reordered key replaces.
 * `time` is the event's own time (the visitor's clock, checked against ours by the validator),
 * `received_at` ours.
 */
/**
 * The SQL of an event's identity key: one uuid per (website, event id), the md5 of both with the
 * website id's length first (so no two pairs share a text). `collected_event_ids` holds one row
 * per stored event under it (migration 7): its primary key is what makes an id unique per website,
 * whatever the time sent with it, which the partitioned table's own key (it must hold `time`)
 * cannot do.
 */
const EVENT_KEY = (website: string, id: string) => `md5(length(${website})::text || ':' || ${website} || ${id})::uuid`;

export const COLLECTED_EVENTS_SCHEMA = `
-- migration cro-events 1: baseline
CREATE TABLE IF NOT EXISTS collected_events (
  website_id      text NOT NULL,
  organisation_id text NOT NULL,
  id              text NOT NULL,
  name            text NOT NULL,
  time            timestamptz NOT NULL,
  received_at     timestamptz NOT NULL DEFAULT now(),
  distinct_id     text NOT NULL,
  session_id      text,
  url             text,
  referrer        text,
  utm             jsonb,
  cta_id          text,
  campaign_id     text,
  experiment_id   text,
  variant         text,
  value           double precision,
  currency        text,
  properties      jsonb NOT NULL DEFAULT '{}'::jsonb,
  fields          jsonb,
  PRIMARY KEY (website_id, id)
);
CREATE INDEX IF NOT EXISTS collected_events_time ON collected_events USING brin (time);
CREATE INDEX IF NOT EXISTS collected_events_website_name_time ON collected_events (website_id, name, time);

-- migration cro-events 2: visitors the analytics projector must recompute
CREATE INDEX IF NOT EXISTS collected_events_visitor ON collected_events (website_id, distinct_id, time);
CREATE TABLE IF NOT EXISTS analytics_pending (
  website_id  text NOT NULL,
  distinct_id text NOT NULL,
  queued_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, distinct_id)
);
CREATE INDEX IF NOT EXISTS analytics_pending_queued ON analytics_pending (queued_at);

-- migration cro-events 3: enrichment at ingestion
ALTER TABLE collected_events ADD COLUMN IF NOT EXISTS device text;
ALTER TABLE collected_events ADD COLUMN IF NOT EXISTS os text;
ALTER TABLE collected_events ADD COLUMN IF NOT EXISTS browser text;
ALTER TABLE collected_events ADD COLUMN IF NOT EXISTS bot boolean NOT NULL DEFAULT false;
ALTER TABLE collected_events ADD COLUMN IF NOT EXISTS country text;
ALTER TABLE collected_events ADD COLUMN IF NOT EXISTS city text;
ALTER TABLE collected_events ADD COLUMN IF NOT EXISTS referrer_class text;

-- migration cro-events 4: partitioned by retention class and month
ALTER TABLE collected_events RENAME TO collected_events_unpartitioned;
ALTER TABLE collected_events_unpartitioned RENAME CONSTRAINT collected_events_pkey TO collected_events_unpartitioned_pkey;
CREATE TABLE collected_events (
  website_id       text NOT NULL,
  organisation_id  text NOT NULL,
  id               text NOT NULL,
  name             text NOT NULL,
  time             timestamptz NOT NULL,
  received_at      timestamptz NOT NULL DEFAULT now(),
  distinct_id      text NOT NULL,
  session_id       text,
  url              text,
  referrer         text,
  utm              jsonb,
  cta_id           text,
  campaign_id      text,
  experiment_id    text,
  variant          text,
  value            double precision,
  currency         text,
  properties       jsonb NOT NULL DEFAULT '{}'::jsonb,
  fields           jsonb,
  device           text,
  os               text,
  browser          text,
  bot              boolean NOT NULL DEFAULT false,
  country          text,
  city             text,
  referrer_class   text,
  retention_months smallint NOT NULL DEFAULT 14,
  PRIMARY KEY (website_id, id, time, retention_months)
) PARTITION BY LIST (retention_months);
CREATE TABLE collected_events_r2 PARTITION OF collected_events FOR VALUES IN (2) PARTITION BY RANGE (time);
CREATE TABLE collected_events_r14 PARTITION OF collected_events FOR VALUES IN (14) PARTITION BY RANGE (time);
CREATE TABLE collected_events_r26 PARTITION OF collected_events FOR VALUES IN (26) PARTITION BY RANGE (time);
CREATE TABLE collected_events_r38 PARTITION OF collected_events FOR VALUES IN (38) PARTITION BY RANGE (time);
CREATE TABLE collected_events_r50 PARTITION OF collected_events FOR VALUES IN (50) PARTITION BY RANGE (time);
CREATE TABLE collected_events_r2_default PARTITION OF collected_events_r2 DEFAULT;
CREATE TABLE collected_events_r14_default PARTITION OF collected_events_r14 DEFAULT;
CREATE TABLE collected_events_r26_default PARTITION OF collected_events_r26 DEFAULT;
CREATE TABLE collected_events_r38_default PARTITION OF collected_events_r38 DEFAULT;
CREATE TABLE collected_events_r50_default PARTITION OF collected_events_r50 DEFAULT;
INSERT INTO collected_events (website_id, organisation_id, id, name, time, received_at, distinct_id, session_id, url, referrer, utm,
                              cta_id, campaign_id, experiment_id, variant, value, currency, properties, fields,
                              device, os, browser, bot, country, city, referrer_class, retention_months)
SELECT website_id, organisation_id, id, name, time, received_at, distinct_id, session_id, url, referrer, utm,
       cta_id, campaign_id, experiment_id, variant, value, currency, properties, fields,
       device, os, browser, bot, country, city, referrer_class, 14
  FROM collected_events_unpartitioned;
DROP TABLE collected_events_unpartitioned;
CREATE INDEX IF NOT EXISTS collected_events_time ON collected_events USING brin (time);
CREATE INDEX IF NOT EXISTS collected_events_website_name_time ON collected_events (website_id, name, time);
CREATE INDEX IF NOT EXISTS collected_events_visitor ON collected_events (website_id, distinct_id, time);
CREATE INDEX IF NOT EXISTS collected_events_cta_forms ON collected_events (cta_id, time) WHERE name = 'form_submitted';
CREATE INDEX IF NOT EXISTS collected_events_website_time ON collected_events (website_id, time DESC);

-- migration cro-events 5: one index fewer on the ingestion path
DROP INDEX IF EXISTS collected_events_website_name_time;

-- migration cro-events 6: the primary key in time order per website, which the Events list reads
ALTER TABLE collected_events DROP CONSTRAINT collected_events_pkey;
ALTER TABLE collected_events ADD PRIMARY KEY (website_id, time, id, retention_months);
DROP INDEX IF EXISTS collected_events_website_time;

-- migration cro-events 7: one event per website and id, whatever its time
CREATE TABLE IF NOT EXISTS collected_event_ids (
  key              uuid PRIMARY KEY,
  time             timestamptz NOT NULL,
  retention_months smallint NOT NULL
);
WITH ranked AS (
  SELECT website_id, id, time, retention_months, distinct_id,
         row_number() OVER (PARTITION BY website_id, id ORDER BY received_at, time, retention_months) AS n
    FROM collected_events
), gone AS (
  DELETE FROM collected_events c USING ranked r
   WHERE r.n > 1 AND c.website_id = r.website_id AND c.id = r.id AND c.time = r.time AND c.retention_months = r.retention_months
  RETURNING c.website_id, c.distinct_id
)
INSERT INTO analytics_pending (website_id, distinct_id, queued_at)
SELECT DISTINCT website_id, distinct_id, now() FROM gone
ON CONFLICT (website_id, distinct_id) DO NOTHING;
INSERT INTO collected_event_ids (key, time, retention_months)
SELECT ${EVENT_KEY('website_id', 'id')}, time, retention_months FROM collected_events
ON CONFLICT (key) DO NOTHING;
CREATE INDEX IF NOT EXISTS collected_event_ids_time ON collected_event_ids USING brin (time);
`;

/**
 * What ingestion learnt of an event besides what it sent (libs/analytics/src/domain/enrichment.ts):
 * device, OS and browser from the user agent, whether a bot sent it, country (ISO 3166-1 alpha-2)
 * and city from the GeoIP database when one is configured, the referrer class, and the UTMs to
 * store (the event's, else those of its URL; null when it has none).
 */
export interface EventEnrichment {
  device: 'desktop' | 'mobile' | 'tablet' | null;
  os: string | null;
  browser: string | null;
  bot: boolean;
  country: string | null;
  city: string | null;
  referrerClass: string | null;
  utm: CollectedEvent['utm'];
}

/**
 * One event to store: the validator's normalised event, the id it is stored under and, when
 * ingestion enriched it, what it learnt (without: the columns are null, `bot` false, `utm` the event's).
 */
export interface EventToStore {
  id: string;
  event: CollectedEvent;
  enrichment?: EventEnrichment;
}

/** The fields of a collected event that name a record of the website. */
export type IdField = 'ctaId' | 'campaignId' | 'experimentId';

/** What `POST /api/public/collect` checks a batch against. */
export interface CollectChecks {
  /** Of the ids asked for, those that are records of the website (any status: a deleted CTA's impressions still count). */
  known: Record<IdField, Set<string>>;
  /** The URL rules of the website's active excluded pages (a deleted rule excludes nothing); empty unless asked for. */
  excludedRules: string[];
  /** Of the CTAs the batch's form submissions name, those of the website, with their status and delivery settings. */
  formCtas: Map<string, CtaDeliverySettings>;
}

/**
 * The active website of a public key (as `deliveryWebsiteByKey` finds it) and what a collect batch
 * is checked against (`CollectChecks`), in one statement: the hot path of ingestion makes this
 * read and the insert, nothing else. Null when no active website has the key.
 */
export async function collectContext(
  db: SqlExecutor,
  key: string,
  product: string,
  ids: Record<IdField, readonly string[]>,
  withExcluded: boolean,
  formCtas: readonly string[] = [],
): Promise<{ website: DeliveryWebsite; checks: CollectChecks } | null> {
  const found = await db.query<{ kind: string; value: string | null; data: unknown }>(
    `WITH website AS (${DELIVERY_WEBSITE_SELECT} LIMIT 1)
     SELECT 'website' AS kind, NULL::text AS value, to_jsonb(website) AS data FROM website
     UNION ALL SELECT 'ctaId', c.id, NULL FROM rm_ctas c JOIN website ON c.website_id = website.id WHERE c.id = ANY($3::text[])
     UNION ALL SELECT 'campaignId', c.id, NULL FROM rm_campaigns c JOIN website ON c.website_id = website.id WHERE c.id = ANY($4::text[])
     UNION ALL SELECT 'experimentId', x.id, NULL FROM rm_experiments x JOIN website ON x.website_id = website.id WHERE x.id = ANY($5::text[])
     UNION ALL SELECT 'rule', p.state->'fields'->>'urlRule', NULL FROM rm_excluded_pages p JOIN website ON p.website_id = website.id
                WHERE $6::boolean AND p.status = 'active'
     UNION ALL SELECT 'formCta', c.id, to_jsonb(f) FROM rm_ctas c JOIN website ON c.website_id = website.id
                CROSS JOIN LATERAL (SELECT ${CTA_DELIVERY_SELECT}) f WHERE c.id = ANY($7::text[])`,
    [key, product, [...ids.ctaId], [...ids.campaignId], [...ids.experimentId], withExcluded, [...formCtas]],
    { prepare: 'collect_context' },
  );
  const known: CollectChecks['known'] = { ctaId: new Set(), campaignId: new Set(), experimentId: new Set() };
  const excludedRules: string[] = [];
  const forms = new Map<string, CtaDeliverySettings>();
  let website: DeliveryWebsite | null = null;
  for (const row of found.rows) {
    if (row.kind === 'website' && row.data) website = deliveryWebsiteOf(row.data as DeliveryWebsiteRow);
    else if (row.kind === 'formCta' && row.data) forms.set(row.value!, ctaDeliveryOf(row.data as CtaDeliveryRow));
    else if (row.value === null) continue;
    else if (row.kind === 'rule') excludedRules.push(row.value);
    else if (row.kind === 'ctaId' || row.kind === 'campaignId' || row.kind === 'experimentId')
      known[row.kind].add(row.value);
  }
  return website ? { website, checks: { known, excludedRules, formCtas: forms } } : null;
}

/** Events of one website received at one moment (one request, one Kafka message group). */
export interface EventGroup {
  website: { id: string; organisationId: string };
  events: readonly EventToStore[];
  receivedAt: Date;
  /**
   * The deliveries of the form submissions among `events` (./submissions.ts `queueDeliveries`):
   * queued by the same statement for the submissions it actually stores, none for a duplicate.
   */
  deliveries?: readonly QueuedDelivery[];
}

/**
 * Stores events of one website; those whose id the website already has are skipped. Answers the
 * ids actually inserted (so `events.length - inserted.size` were duplicates). See `insertEventGroups`.
 */
export async function insertCollectedEvents(
  db: SqlExecutor,
  website: { id: string; organisationId: string },
  events: readonly EventToStore[],
  receivedAt: Date = new Date(),
): Promise<Set<string>> {
  return (await insertEventGroups(db, [{ website, events, receivedAt }]))[0]!;
}

/**
 * Stores the events of several groups (any websites, any organisations) in one statement, two
 * parameters (JSON arrays: the events, the groups' deliveries): the same on PostgreSQL and PGlite. Those whose id their website
 * already has are skipped. Answers, per group in order, the ids of its events actually inserted;
 * an id that two groups of one website both carry (a retried batch while the first is in flight)
 * counts for the first group only. The same statement queues the visitors of the new events in
 * `analytics_pending` for the analytics projector (libs/analytics/src/processes/analytics-projector.ts)
 * to recompute their read-model rows, and the deliveries of the form submissions it stores (not
 * of those it skips: a retried submission is delivered once). Each event goes to its organisation's retention class
 * (its `analyticsRetentionMonths` when that is one of the choices, else the default: one primary-key
 * probe of `rm_organisations` per group).
 */
export async function insertEventGroups(db: SqlExecutor, groups: readonly EventGroup[]): Promise<Set<string>[]> {
  // One object per row for json_to_recordset (plain json: parsed once, never built as jsonb); a column left out reads as NULL, so null values
  // are not sent (a smaller statement to write and to parse). The website, organisation and reception time only on a group's first row.
  const rows: Record<string, unknown>[] = [];
  groups.forEach(({ website, events, receivedAt }, g) => {
    if (events.length === 0) return;
    rows.push(
      ...events.map(({ id, event, enrichment }, i) => {
        const row: Record<string, unknown> = {
          g,
          id,
          name: event.name,
          time: event.time,
          distinct_id: event.distinctId,
          properties: event.properties,
        };
        if (i === 0)
          Object.assign(row, {
            website_id: website.id,
            organisation_id: website.organisationId,
            received_at: receivedAt.toISOString(),
          });
        const put = (column: string, value: unknown) => {
          if (value !== null && value !== undefined) row[column] = value;
        };
        put('session_id', event.sessionId);
        put('url', event.url);
        put('referrer', event.referrer);
        put('utm', enrichment ? enrichment.utm : event.utm);
        put('cta_id', event.ctaId);
        put('campaign_id', event.campaignId);
        put('experiment_id', event.experimentId);
        put('variant', event.variant);
        put('value', event.value);
        put('currency', event.currency);
        put('fields', event.fields);
        put('device', enrichment?.device);
        put('os', enrichment?.os);
        put('browser', enrichment?.browser);
        if (enrichment?.bot) row.bot = true;
        put('country', enrichment?.country);
        put('city', enrichment?.city);
        put('referrer_class', enrichment?.referrerClass);
        return row;
      }),
    );
  });
  const deliveries = groups.flatMap(({ website, deliveries: queued }) =>
    (queued ?? []).map((d) => ({
      website_id: website.id,
      organisation_id: website.organisationId,
      submission_id: d.submissionId,
      cta_id: d.ctaId,
      target: d.target,
    })),
  );
  const answers = groups.map(() => new Set<string>());
  if (rows.length === 0) return answers;
  const inserted = await db.query<{ website_id: string; id: string }>(
    `WITH sent AS (
       SELECT * FROM ROWS FROM (json_to_recordset($1::json) AS (g int, website_id text, organisation_id text, received_at timestamptz,
                                                      id text, name text, time timestamptz, distinct_id text, session_id text, url text, referrer text,
                                                      utm jsonb, cta_id text, campaign_id text, experiment_id text, variant text, value double precision,
                                                      currency text, properties jsonb, fields jsonb,
                                                      device text, os text, browser text, bot boolean, country text, city text, referrer_class text))
                     WITH ORDINALITY AS e(g, website_id, organisation_id, received_at, id, name, time, distinct_id, session_id, url, referrer,
                                          utm, cta_id, campaign_id, experiment_id, variant, value, currency, properties, fields,
                                          device, os, browser, bot, country, city, referrer_class, n)
     ), g AS (
       SELECT g.g, g.website_id, g.organisation_id, g.received_at,
              coalesce((SELECT (o.record->>'analyticsRetentionMonths')::smallint FROM rm_organisations o
                         WHERE o.id = g.organisation_id AND o.record->>'analyticsRetentionMonths' IN (${RETENTION_MONTHS.map((m) => `'${m}'`).join(', ')})),
                       ${DEFAULT_RETENTION_MONTHS}) AS months
         FROM sent g WHERE g.website_id IS NOT NULL
     ), e AS (
       -- One row per (website, id): the first of the statement (a retried batch in flight counts for its first group).
       SELECT DISTINCT ON (key) sent.*, ${EVENT_KEY('g.website_id', 'sent.id')} AS key
         FROM sent JOIN g ON g.g = sent.g
        ORDER BY key, sent.n
     ), fresh AS (
       -- The identity: an id the website already has, whatever time it came with, is a duplicate.
       INSERT INTO collected_event_ids (key, time, retention_months)
       SELECT e.key, e.time, g.months FROM e JOIN g ON g.g = e.g
       ON CONFLICT (key) DO NOTHING
       RETURNING key
     ), stored AS (
       INSERT INTO collected_events (website_id, organisation_id, id, name, time, received_at, distinct_id, session_id, url, referrer, utm,
                                     cta_id, campaign_id, experiment_id, variant, value, currency, properties, fields,
                                     device, os, browser, bot, country, city, referrer_class, retention_months)
       SELECT g.website_id, g.organisation_id, e.id, e.name, e.time, g.received_at, e.distinct_id, e.session_id, e.url, e.referrer, e.utm,
              e.cta_id, e.campaign_id, e.experiment_id, e.variant, e.value, e.currency, coalesce(e.properties, '{}'::jsonb), e.fields,
              e.device, e.os, e.browser, coalesce(e.bot, false), e.country, e.city, e.referrer_class, g.months
         FROM e JOIN g ON g.g = e.g JOIN fresh ON fresh.key = e.key
       ON CONFLICT (website_id, time, id, retention_months) DO NOTHING
       RETURNING website_id, id, distinct_id, received_at, time
     ), queued AS (
       INSERT INTO analytics_pending (website_id, distinct_id, queued_at)
       SELECT website_id, distinct_id, min(received_at) FROM stored GROUP BY website_id, distinct_id
       ON CONFLICT (website_id, distinct_id) DO NOTHING
     ), deliveries AS (
       INSERT INTO cro_submission_deliveries (website_id, organisation_id, submission_id, cta_id, target, submitted_at)
       SELECT DISTINCT d.website_id, d.organisation_id, d.submission_id, d.cta_id, d.target, s.time
         FROM json_to_recordset($2::json) AS d(website_id text, organisation_id text, submission_id text, cta_id text, target text)
         JOIN stored s ON s.website_id = d.website_id AND s.id = d.submission_id
       ON CONFLICT (website_id, submission_id, target) DO NOTHING
     )
     SELECT website_id, id FROM stored`,
    [JSON.stringify(rows), JSON.stringify(deliveries)],
    { prepare: 'collect_insert_groups' },
  );
  const stored = new Set(inserted.rows.map((r) => `${r.website_id}\u0000${r.id}`));
  groups.forEach(({ website, events }, g) => {
    for (const { id } of events) {
      const key = `${website.id}\u0000${id}`;
      if (stored.delete(key)) answers[g]!.add(id);
    }
  });
  return answers;
}

/** A stored event as the reports read it. */
export interface StoredEvent {
  id: string;
  name: string;
  time: string;
  receivedAt: string;
  distinctId: string;
  sessionId: string | null;
  url: string | null;
  referrer: string | null;
  utm: CollectedEvent['utm'];
  ctaId: string | null;
  campaignId: string | null;
  experimentId: string | null;
  variant: string | null;
  value: number | null;
  currency: string | null;
  properties: Record<string, string | number | boolean>;
  fields: Record<string, string> | null;
  /** Enrichment at ingestion (null: unknown, or stored before it). */
  device: string | null;
  os: string | null;
  browser: string | null;
  bot: boolean;
  country: string | null;
  city: string | null;
  referrerClass: string | null;
}

const STORED_COLUMNS = `id, name, time, received_at, distinct_id, session_id, url, referrer, utm, cta_id, campaign_id, experiment_id, variant, value, currency, properties, fields,
  device, os, browser, bot, country, city, referrer_class`;
type StoredRow = {
  id: string;
  name: string;
  time: Date | string;
  received_at: Date | string;
  distinct_id: string;
  session_id: string | null;
  url: string | null;
  referrer: string | null;
  utm: CollectedEvent['utm'];
  cta_id: string | null;
  campaign_id: string | null;
  experiment_id: string | null;
  variant: string | null;
  value: number | null;
  currency: string | null;
  properties: Record<string, string | number | boolean> | null;
  fields: Record<string, string> | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  bot: boolean | null;
  country: string | null;
  city: string | null;
  referrer_class: string | null;
};
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const presentStored = (r: StoredRow): StoredEvent => ({
  id: r.id,
  name: r.name,
  time: iso(r.time),
  receivedAt: iso(r.received_at),
  distinctId: r.distinct_id,
  sessionId: r.session_id,
  url: r.url,
  referrer: r.referrer,
  utm: r.utm,
  ctaId: r.cta_id,
  campaignId: r.campaign_id,
  experimentId: r.experiment_id,
  variant: r.variant,
  value: r.value === null ? null : Number(r.value),
  currency: r.currency,
  properties: r.properties ?? {},
  fields: r.fields,
  device: r.device,
  os: r.os,
  browser: r.browser,
  bot: r.bot === true,
  country: r.country,
  city: r.city,
  referrerClass: r.referrer_class,
});

/**
 * A website's events with `from <= time < to`, in time order (then id), optionally of some names
 * only; at most `limit` (default 100,000). The reports' basic read.
 */
export async function readCollectedEvents(
  db: SqlExecutor,
  websiteId: string,
  range: { from: Date; to: Date; names?: readonly string[]; limit?: number },
): Promise<StoredEvent[]> {
  const limit = Math.max(1, Math.min(range.limit ?? 100_000, 1_000_000));
  const byName = range.names && range.names.length > 0;
  const found = await db.query<StoredRow>(
    `SELECT ${STORED_COLUMNS} FROM collected_events
      WHERE website_id = $1 AND time >= $2 AND time < $3${byName ? ' AND name = ANY($5::text[])' : ''}
      ORDER BY time, id LIMIT $4`,
    byName ? [websiteId, range.from, range.to, limit, [...range.names!]] : [websiteId, range.from, range.to, limit],
  );
  return found.rows.map(presentStored);
}

/** One stored event by id (null when the website has none with that id). */
export async function collectedEvent(db: SqlExecutor, websiteId: string, id: string): Promise<StoredEvent | null> {
  const found = await db.query<StoredRow>(
    `SELECT ${STORED_COLUMNS} FROM collected_events WHERE website_id = $1 AND id = $2`,
    [websiteId, id],
  );
  return found.rows[0] ? presentStored(found.rows[0]) : null;
}

/**
 * Whether any event from the website has arrived (its installation works: the installation check
 * may count it as verified). One probe of the primary key's index.
 */
export async function hasCollectedEvents(db: SqlExecutor, websiteId: string): Promise<boolean> {
  const found = await db.query<{ one: number }>('SELECT 1 AS one FROM collected_events WHERE website_id = $1 LIMIT 1', [
    websiteId,
  ]);
  return found.rows.length > 0;
}

/** A stored tracking event as the analytics projector reads it (snake-case columns). */
export interface StoredEventRow {
  id: string;
  distinct_id: string;
  name: string;
  time: Date | string;
  url: string | null;
  referrer: string | null;
  utm: Record<string, string> | null;
  cta_id: string | null;
  campaign_id: string | null;
  experiment_id: string | null;
  variant: string | null;
  value: number | null;
  currency: string | null;
  properties: Record<string, unknown> | null;
  bot: boolean | null;
  referrer_class: string | null;
}

/**
 * The stored events of some visitors of a website: each visitor's most recent `max` (the database
 * reads no more than that, however many a visitor sent), newest first.
 */
export async function storedEventsOfVisitors(
  db: SqlExecutor,
  websiteId: string,
  distinctIds: readonly string[],
  max: number,
): Promise<StoredEventRow[]> {
  const found = await db.query<StoredEventRow>(
    `SELECT e.id, e.distinct_id, e.name, e.time, e.url, e.referrer, e.utm, e.cta_id, e.campaign_id, e.experiment_id, e.variant, e.value, e.currency,
            e.properties, e.bot, e.referrer_class
       FROM unnest($2::text[]) AS v(distinct_id)
       CROSS JOIN LATERAL (
         SELECT id, distinct_id, name, time, url, referrer, utm, cta_id, campaign_id, experiment_id, variant, value, currency, properties, bot, referrer_class
           FROM collected_events WHERE website_id = $1 AND distinct_id = v.distinct_id
          ORDER BY time DESC, id DESC LIMIT $3
       ) e`,
    [websiteId, [...new Set(distinctIds)], max],
  );
  return found.rows;
}
