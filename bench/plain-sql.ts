import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { NewEvent } from '#libs/eventstore/src/types.js';

/**
 * The baselines: the same work done with plain SQL, without the event store or the driver
 * wrapper. On PostgreSQL each writer owns one `pg.Client` (BEGIN … COMMIT as separate queries,
 * which is what any `pg` code does); on PGlite it is `db.transaction` on the same instance.
 */

export type Query = (sql: string, params?: unknown[]) => Promise<{ rows: any[]; rowCount: number }>;

export interface PlainConnection {
  query: Query;
  tx<T>(work: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function pgConnection(url: string): Promise<PlainConnection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query: Query = async (sql, params) => {
    const result = await client.query(sql, params as any[]);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };
  return {
    query,
    async tx(work) {
      await client.query('BEGIN');
      try {
        const value = await work(query);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    close: () => client.end(),
  };
}

export function pgliteConnection(db: PGlite): PlainConnection {
  const wrap =
    (q: { query: PGlite['query'] }): Query =>
    async (sql, params) => {
      const result = await q.query<any>(sql, params as any[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    };
  return {
    query: wrap(db),
    tx: (work) => db.transaction((tx) => work(wrap(tx))),
    close: async () => undefined,
  };
}

/** The same column shapes as es_streams / es_events (xid8 default, jsonb, both unique keys, the reader index). */
export const BASELINE_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS bench_streams (
     stream_id   text PRIMARY KEY,
     category    text NOT NULL,
     version     bigint NOT NULL,
     created_at  timestamptz NOT NULL DEFAULT now(),
     updated_at  timestamptz NOT NULL DEFAULT now())`,
  `CREATE SEQUENCE IF NOT EXISTS bench_global_position`,
  `CREATE TABLE IF NOT EXISTS bench_events (
     global_position bigint NOT NULL DEFAULT nextval('bench_global_position') PRIMARY KEY,
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
     CONSTRAINT bench_events_event_id_key UNIQUE (event_id),
     CONSTRAINT bench_events_stream_version_key UNIQUE (stream_id, stream_version))`,
  `CREATE INDEX IF NOT EXISTS bench_events_tx_position ON bench_events (transaction_id, global_position)`,
];

export interface PlainStream {
  id: string;
  version: number;
}

/** Creates stream rows at version 1 with their first event (as the store's streams are after a `no_stream` append). */
export async function createPlainStreams(conn: PlainConnection, ids: string[], first: (id: string) => NewEvent) {
  const streams: PlainStream[] = [];
  for (const id of ids) {
    await conn.tx(async (q) => {
      await q(`INSERT INTO bench_streams (stream_id, category, version) VALUES ($1, 'article', 1)`, [id]);
      await insertEvents(q, id, 1, [first(id)]);
    });
    streams.push({ id, version: 1 });
  }
  return streams;
}

const INSERT_HEAD = `INSERT INTO bench_events (event_id, stream_id, stream_version, category, type, schema_version, data, metadata) VALUES `;
const insertSqlCache = new Map<number, string>();

function insertSql(rows: number): string {
  let sql = insertSqlCache.get(rows);
  if (!sql) {
    const values: string[] = [];
    for (let r = 0; r < rows; r++) {
      const b = r * 8;
      values.push(`($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8})`);
    }
    sql = INSERT_HEAD + values.join(', ');
    insertSqlCache.set(rows, sql);
  }
  return sql;
}

async function insertEvents(q: Query, streamId: string, firstVersion: number, events: NewEvent[]) {
  const now = new Date().toISOString();
  const params: unknown[] = [];
  events.forEach((e, i) => {
    params.push(
      randomUUID(),
      streamId,
      firstVersion + i,
      'article',
      e.type,
      e.schemaVersion ?? 1,
      JSON.stringify(e.data),
      JSON.stringify({ time: now, ...e.metadata }),
    );
  });
  await q(insertSql(events.length), params);
}

/**
 * One append with an exact expected version: in one transaction, the version-checked UPDATE
 * (exactly one row must change) and then the INSERT of the events (one multi-row INSERT).
 */
export async function plainAppend(conn: PlainConnection, stream: PlainStream, events: NewEvent[]): Promise<void> {
  await conn.tx(async (q) => {
    const updated = await q(
      `UPDATE bench_streams SET version = version + $3, updated_at = now() WHERE stream_id = $1 AND version = $2`,
      [stream.id, stream.version, events.length],
    );
    if (updated.rowCount !== 1) throw new Error(`plain append: ${stream.id} is not at version ${stream.version}`);
    await insertEvents(q, stream.id, stream.version + 1, events);
  });
  stream.version += events.length;
}

/** The same columns the store's readAll returns, uncast, keyset-paged on global_position. */
export const PLAIN_SCAN_SQL = `SELECT event_id, stream_id, category, stream_version, type, schema_version, data, metadata,
  created_at, transaction_id, global_position FROM es_events WHERE global_position > $1
  ORDER BY global_position LIMIT $2`;

export async function plainScan(query: Query, pageSize: number, limit = Infinity): Promise<number> {
  let last = '0';
  let total = 0;
  while (total < limit) {
    const page = await query(PLAIN_SCAN_SQL, [last, pageSize]);
    if (page.rows.length === 0) break;
    total += page.rows.length;
    last = String(page.rows[page.rows.length - 1].global_position);
  }
  return total;
}
