/**
 * Credentials and sessions are secrets and short-lived state: they are kept out of the event
 * log (which is immutable and replicated to Kafka) in tables of their own. Versioned migrations
 * (libs/eventstore/src/sql/migrations.ts): an applied one never changes; add a new section.
 */
export const IDENTITY_SCHEMA = `
-- migration identity 1: baseline
CREATE TABLE IF NOT EXISTS identity_credentials (
  user_id       text PRIMARY KEY,
  email         text NOT NULL,
  password_hash text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS identity_credentials_email ON identity_credentials (lower(email));
CREATE TABLE IF NOT EXISTS identity_sessions (
  id           text PRIMARY KEY,
  user_id      text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  ended_at     timestamptz
);
CREATE INDEX IF NOT EXISTS identity_sessions_user ON identity_sessions (user_id);
ALTER TABLE identity_sessions ADD COLUMN IF NOT EXISTS impersonator_session_id text;
ALTER TABLE identity_sessions ADD COLUMN IF NOT EXISTS demo_organisation_id text;
ALTER TABLE identity_sessions ADD COLUMN IF NOT EXISTS scope_organisation_id text;
-- 'initial-password': a session opened by an invitation link, good for choosing the first password only.
ALTER TABLE identity_sessions ADD COLUMN IF NOT EXISTS purpose text;
ALTER TABLE identity_credentials ADD COLUMN IF NOT EXISTS must_set_password boolean NOT NULL DEFAULT false;
CREATE TABLE IF NOT EXISTS identity_login_failures (
  key       text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS identity_login_failures_key ON identity_login_failures (key, failed_at);
CREATE TABLE IF NOT EXISTS identity_links (
  id         text PRIMARY KEY,
  user_id    text NOT NULL,
  purpose    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE TABLE IF NOT EXISTS identity_outbox (
  id         bigserial PRIMARY KEY,
  recipient  text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
