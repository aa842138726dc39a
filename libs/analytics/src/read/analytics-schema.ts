/**
 * The analytics read models (DESIGN.md "Read side": attribution reports, funnels, goal
 * completions, experiment results). Each row belongs to one visitor (website, distinct id) and is
 * recomputed from that visitor's stored events whenever one of them arrives
 * (libs/analytics/src/processes/analytics-projector.ts), so the tables can be dropped and rebuilt
 * from `collected_events` at any time (`analytics_pending`, made by the ingestion's migration in
 * libs/cro/src/projections/collected-events.ts, lists the visitors to recompute). The
 * reports read these rows, never the raw events.
 *
 * - `an_visitors`: one row per visitor (first and last seen; bots are marked and left out of every
 *   other table).
 * - `an_exposures`: per experiment and variant, the visitor's first exposure and the first event
 *   matching the experiment's goal at or after it.
 * - `an_conversions`: one row per goal and matching event, with the visitor's CTA touchpoints of the
 *   year before it (`[ctaId, epoch ms, "i"|"c"]`, time order, at most the last 200).
 * - `an_cta_hours`: per CTA, campaign, visitor and hour: impressions, clicks, holdouts and the first
 *   impression and holdout moment in that hour.
 * - `an_page_hours`: per page (URL without query and fragment), visitor and hour: page views,
 *   organic page views, and whether a session started there (landing views).
 * - `an_funnel_attempts`: per funnel and visitor, every attempt (step-1 event) with the furthest
 *   step it reached, the step times (epoch ms) and the breakdown value.
 * - `an_config`: the fingerprint of each website's goals, experiments and funnels the rows were
 *   computed with: a change queues the website's visitors again.
 * - `an_set_aside`: visitors whose rows could not be computed or written (the error, the attempts,
 *   when to try again: back-off doubling from a minute to six hours). Their queue entry waits until
 *   then; the other visitors of their batch are not held (the projector's failure isolation).
 * - `an_projector_state`: whether the projector as a whole is failing (a batch it could not even
 *   split into visitors: the database refuses it), since when and why, for `/api/health` in every
 *   process.
 *
 * Aggregates of those rows (libs/analytics/src/read/aggregates.ts), changed by the same
 * transaction that replaces a visitor's rows, by the difference between the visitor's old and new
 * rows:
 * - `an_experiment_counts`: per experiment and variant, visitors and converted visitors.
 * - `an_day_totals`: per kind and key and day of the website's timezone, sums: `page` (key: page;
 *   views, organic views, landings), `cta` (key: CTA; impressions, clicks, holdouts), `goal` (key:
 *   goal; conversions, value).
 * - `an_day_visitors`: distinct visitors over any range of days without a row per visitor: per kind
 *   and key, each visitor adds 1 at each day it was active and the day it was last active before
 *   (`prev_day`, `-infinity` for its first), so the visitors active in days [d1, d2] are the rows with
 *   d1 <= day <= d2 and prev_day < d1 (each visitor's first active day in the range). Kinds: `page`
 *   (key: page) and `pages` (any page; key ''), `cta` (an impression of the CTA) and `ctas` (any
 *   impression; key ''), `goals` (any conversion; key '').
 * - `an_funnel_days`, `an_funnel_times`: funnel results for the ranges that end on or after a
 *   funnel's last attempt (every named range): per person and day it started attempts, the best
 *   attempt among those starting that day or later (the one a range beginning that day counts),
 *   with the day it last started one before (`prev_day`); the reached step by breakdown value
 *   (`bkey`: '' for none, else 'v' and the value), and each step's time from the previous one
 *   (`ms`) with how many persons took that long.
 * - `an_aggregate_zones`: the timezone the website's days were taken in and the version of the
 *   aggregates (AGGREGATES_VERSION); another timezone or version (or none) rebuilds the website's
 *   aggregates from the per-visitor rows.
 */
export const ANALYTICS_SCHEMA = `
CREATE TABLE IF NOT EXISTS an_visitors (
  website_id  text NOT NULL,
  distinct_id text NOT NULL,
  first_seen  timestamptz NOT NULL,
  last_seen   timestamptz NOT NULL,
  events      integer NOT NULL,
  bot         boolean NOT NULL DEFAULT false,
  PRIMARY KEY (website_id, distinct_id)
);
CREATE TABLE IF NOT EXISTS an_exposures (
  website_id    text NOT NULL,
  experiment_id text NOT NULL,
  variant       text NOT NULL,
  distinct_id   text NOT NULL,
  first_at      timestamptz NOT NULL,
  converted_at  timestamptz,
  PRIMARY KEY (website_id, experiment_id, variant, distinct_id)
);
CREATE INDEX IF NOT EXISTS an_exposures_visitor ON an_exposures (website_id, distinct_id);
CREATE TABLE IF NOT EXISTS an_conversions (
  website_id  text NOT NULL,
  goal_id     text NOT NULL,
  event_id    text NOT NULL,
  distinct_id text NOT NULL,
  time        timestamptz NOT NULL,
  value       double precision NOT NULL DEFAULT 0,
  currency    text,
  touchpoints jsonb NOT NULL DEFAULT '[]'::jsonb,
  PRIMARY KEY (website_id, goal_id, event_id)
);
CREATE INDEX IF NOT EXISTS an_conversions_goal_time ON an_conversions (website_id, goal_id, time);
CREATE INDEX IF NOT EXISTS an_conversions_visitor ON an_conversions (website_id, distinct_id);
CREATE TABLE IF NOT EXISTS an_cta_hours (
  website_id          text NOT NULL,
  cta_id              text NOT NULL,
  campaign_id         text NOT NULL DEFAULT '',
  distinct_id         text NOT NULL,
  hour                timestamptz NOT NULL,
  impressions         integer NOT NULL DEFAULT 0,
  clicks              integer NOT NULL DEFAULT 0,
  holdouts            integer NOT NULL DEFAULT 0,
  first_impression_at timestamptz,
  first_holdout_at    timestamptz,
  PRIMARY KEY (website_id, cta_id, campaign_id, distinct_id, hour)
);
CREATE INDEX IF NOT EXISTS an_cta_hours_hour ON an_cta_hours (website_id, hour);
CREATE INDEX IF NOT EXISTS an_cta_hours_campaign ON an_cta_hours (website_id, campaign_id, hour);
CREATE INDEX IF NOT EXISTS an_cta_hours_visitor ON an_cta_hours (website_id, distinct_id);
CREATE TABLE IF NOT EXISTS an_page_hours (
  website_id  text NOT NULL,
  page        text NOT NULL,
  distinct_id text NOT NULL,
  hour        timestamptz NOT NULL,
  views       integer NOT NULL,
  organic     integer NOT NULL DEFAULT 0,
  landings    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, page, distinct_id, hour)
);
CREATE INDEX IF NOT EXISTS an_page_hours_hour ON an_page_hours (website_id, hour);
CREATE INDEX IF NOT EXISTS an_page_hours_visitor ON an_page_hours (website_id, distinct_id);
CREATE TABLE IF NOT EXISTS an_funnel_attempts (
  website_id  text NOT NULL,
  funnel_id   text NOT NULL,
  distinct_id text NOT NULL,
  start_at    timestamptz NOT NULL,
  reached     integer NOT NULL,
  step_times  jsonb NOT NULL,
  breakdown   text,
  PRIMARY KEY (funnel_id, distinct_id, start_at)
);
CREATE INDEX IF NOT EXISTS an_funnel_attempts_start ON an_funnel_attempts (funnel_id, start_at);
CREATE INDEX IF NOT EXISTS an_funnel_attempts_visitor ON an_funnel_attempts (website_id, distinct_id);
CREATE TABLE IF NOT EXISTS an_config (
  website_id  text PRIMARY KEY,
  fingerprint text NOT NULL,
  changed_at  timestamptz NOT NULL DEFAULT now()
);
-- Aggregates of the per-visitor rows (libs/analytics/src/read/aggregates.ts), kept in step by the
-- projector in the transaction that replaces the visitors' rows: what the experiment results and
-- the website's metrics and CTA figures read, so their cost follows days and keys, not visitors.
CREATE TABLE IF NOT EXISTS an_experiment_counts (
  website_id    text NOT NULL,
  experiment_id text NOT NULL,
  variant       text NOT NULL,
  visitors      integer NOT NULL DEFAULT 0,
  conversions   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, experiment_id, variant)
);
CREATE TABLE IF NOT EXISTS an_day_totals (
  website_id text NOT NULL,
  kind       text NOT NULL,
  key        text NOT NULL,
  day        date NOT NULL,
  n1         double precision NOT NULL DEFAULT 0,
  n2         double precision NOT NULL DEFAULT 0,
  n3         double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, kind, key, day)
);
CREATE TABLE IF NOT EXISTS an_day_visitors (
  website_id text NOT NULL,
  kind       text NOT NULL,
  key        text NOT NULL,
  day        date NOT NULL,
  prev_day   date NOT NULL,
  visitors   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, kind, key, day, prev_day)
);
CREATE TABLE IF NOT EXISTS an_funnel_days (
  website_id text NOT NULL,
  funnel_id  text NOT NULL,
  day        date NOT NULL,
  prev_day   date NOT NULL,
  bkey       text NOT NULL,
  reached    integer NOT NULL,
  persons    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, funnel_id, day, prev_day, bkey, reached)
);
CREATE TABLE IF NOT EXISTS an_funnel_times (
  website_id text NOT NULL,
  funnel_id  text NOT NULL,
  day        date NOT NULL,
  prev_day   date NOT NULL,
  bkey       text NOT NULL,
  step       integer NOT NULL,
  ms         double precision NOT NULL,
  persons    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (website_id, funnel_id, day, prev_day, bkey, step, ms)
);
CREATE TABLE IF NOT EXISTS an_aggregate_zones (
  website_id text PRIMARY KEY,
  timezone   text NOT NULL
);
ALTER TABLE an_aggregate_zones ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS an_set_aside (
  website_id  text NOT NULL,
  distinct_id text NOT NULL,
  attempts    integer NOT NULL,
  error       text NOT NULL,
  failed_at   timestamptz NOT NULL,
  retry_at    timestamptz NOT NULL,
  PRIMARY KEY (website_id, distinct_id)
);
CREATE TABLE IF NOT EXISTS an_projector_state (
  id            integer PRIMARY KEY,
  failing_since timestamptz,
  error         text,
  changed_at    timestamptz NOT NULL
);
`;

/** The per-visitor tables, in the order the projector replaces them. */
export const VISITOR_TABLES = [
  'an_visitors',
  'an_exposures',
  'an_conversions',
  'an_cta_hours',
  'an_page_hours',
  'an_funnel_attempts',
] as const;
/** The aggregates of those rows (libs/analytics/src/read/aggregates.ts). */
export const AGGREGATE_TABLES = [
  'an_experiment_counts',
  'an_day_totals',
  'an_day_visitors',
  'an_funnel_days',
  'an_funnel_times',
  'an_aggregate_zones',
] as const;
