/**
 * The event store's tables, as versioned migrations (`./migrations.ts`): an applied migration
 * never changes; a change of these tables is a new `-- migration eventstore N: …` section at the
 * end. The same DDL runs on PostgreSQL and PGlite.
 *
 * Every event carries the id of the transaction that wrote it (`xid8`). Readers of the global
 * log only read events whose transaction is older than the oldest transaction still running
 * (`pg_snapshot_xmin`), ordered by (transaction id, global position), and page with that pair:
 * an event committed late with a low sequence number can then never be skipped or repeated.
 */
export const EVENT_STORE_SCHEMA = `
-- migration eventstore 1: baseline
CREATE TABLE IF NOT EXISTS es_streams (
  stream_id   text PRIMARY KEY,
  category    text NOT NULL,
  version     bigint NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE IF NOT EXISTS es_global_position;
CREATE TABLE IF NOT EXISTS es_events (
  global_position bigint NOT NULL DEFAULT nextval('es_global_position') PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id        uuid NOT NULL,
  stream_id       text NOT NULL,
  stream_version  bigint NOT NULL,
  category        text NOT NULL,
  type            text NOT NULL,
  schema_version  integer NOT NULL DEFAULT 1,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT es_events_event_id_key UNIQUE (event_id),
  CONSTRAINT es_events_stream_version_key UNIQUE (stream_id, stream_version)
);
CREATE INDEX IF NOT EXISTS es_events_tx_position ON es_events (transaction_id, global_position);
CREATE TABLE IF NOT EXISTS es_checkpoints (
  subscription text PRIMARY KEY,
  position     text,
  status       text NOT NULL DEFAULT 'running',
  error        text,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
`;

export { migrate } from './migrations.js';
