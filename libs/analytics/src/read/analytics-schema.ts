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
 */
export const ANALYTICS_SCHEMA = `
-- The Events tab lists a website's events newest first (libs/analytics/src/read/events-list.ts).
CREATE INDEX IF NOT EXISTS collected_events_website_time ON collected_events (website_id, time DESC);
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
`;

/** The per-visitor tables, in the order the projector replaces them. */
export const VISITOR_TABLES = ['an_visitors', 'an_exposures', 'an_conversions', 'an_cta_hours', 'an_page_hours', 'an_funnel_attempts'] as const;
