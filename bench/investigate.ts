/**
 * Where the time goes (not part of `npm run bench`): bench-local copies of the append path and
 * of the projection runner's loop, varied one step at a time, on the same database as the
 * plain-SQL baseline. Nothing here changes the store or the runner.
 *
 *   npm run build:api && [DATABASE_URL=…] node dist/bench/investigate.js [appends|catchup]
 *
 * Env: BENCH_SCALE, BENCH_ROUNDS as for run.ts.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { SqlDriver, SqlExecutor } from '#libs/eventstore/src/sql/driver.js';
import type { PgDriver } from '#libs/eventstore/src/sql/pg-driver.js';
import { SqlEventStore } from '#libs/eventstore/src/sql/sql-event-store.js';
import type { EventStore, GlobalPosition, NewEvent, RecordedEvent } from '#libs/eventstore/src/types.js';
import { advanceCheckpoint } from '#libs/platform/src/projections/checkpoints.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { benchContext, makeEvent, streamIds } from './events.js';
import { cleanupOnSignal, fmt, log, machineLoad, median, openTarget, timed } from './harness.js';
import { counterProjection, quiet } from './projections.js';
import {
  BASELINE_SCHEMA,
  createPlainStreams,
  plainAppend,
  type PlainConnection,
  type PlainStream,
} from './plain-sql.js';

const SCALE = Number(process.env.BENCH_SCALE ?? '1') || 1;
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? '3') || 3));
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));

const ctx = benchContext();
let seq = 0;
const event = (streamId: string) => makeEvent(ctx, streamId, seq++);

// ---------------------------------------------------------------------------------------------
// Append variants: each (stream, events) → appends with the exact expected version.

type Appender = (stream: PlainStream, events: NewEvent[]) => Promise<void>;

const UNNEST = `unnest($4::uuid[], $5::text[], $6::int[], $7::text[], $8::text[]) WITH ORDINALITY
    AS e(id, type, schema_version, data, metadata, ord)`;

function eventParams(streamId: string, first: number, events: NewEvent[]): unknown[] {
  const now = new Date().toISOString();
  const ids = events.map(() => randomUUID());
  return [
    streamId,
    first,
    'article',
    ids,
    events.map((e) => e.type),
    events.map((e) => e.schemaVersion ?? 1),
    events.map((e) => JSON.stringify(e.data ?? {})),
    events.map((e) => JSON.stringify({ time: now, ...e.metadata })),
  ];
}

/** The store's statements, verbatim. */
const FIND_EXISTING = `SELECT event_id::text AS id, stream_id, stream_version::int AS stream_version,
  transaction_id::text || ':' || global_position::text AS position
  FROM es_events WHERE event_id = ANY($1::uuid[]) ORDER BY stream_version`;
const UPDATE_EXACT = `UPDATE es_streams SET version = version + $3, updated_at = now()
  WHERE stream_id = $1 AND version = $2 RETURNING version::text`;
const INSERT_EVENTS = `INSERT INTO es_events (event_id, stream_id, stream_version, category, type, schema_version, data, metadata)
  SELECT e.id, $1, $2::bigint + e.ord - 1, $3, e.type, e.schema_version, e.data::jsonb, e.metadata::jsonb
  FROM ${UNNEST} ORDER BY e.ord
  RETURNING transaction_id::text || ':' || global_position::text AS position`;
/** The INSERT with the NOTIFY folded in (no extra round trip). */
const INSERT_EVENTS_NOTIFY = `WITH ins AS (
  INSERT INTO es_events (event_id, stream_id, stream_version, category, type, schema_version, data, metadata)
  SELECT e.id, $1, $2::bigint + e.ord - 1, $3, e.type, e.schema_version, e.data::jsonb, e.metadata::jsonb
  FROM ${UNNEST} ORDER BY e.ord
  RETURNING transaction_id, global_position)
SELECT (SELECT transaction_id::text || ':' || global_position::text FROM ins ORDER BY global_position DESC LIMIT 1) AS position,
       pg_notify('es_events', '') AS notified`;
/**
 * The whole append as ONE statement in autocommit: version check, insert and notify. $2 is the
 * expected version, $9 the event count; an empty `version` means the check failed (then the
 * store would look for an idempotent retry and otherwise throw WrongExpectedVersionError).
 */
export const APPEND_ONE_STATEMENT = `WITH s AS (
  UPDATE es_streams SET version = version + $9, updated_at = now()
  WHERE stream_id = $1 AND version = $2 RETURNING version),
ins AS (
  INSERT INTO es_events (event_id, stream_id, stream_version, category, type, schema_version, data, metadata)
  SELECT e.id, $1, s.version - $9 + e.ord, $3, e.type, e.schema_version, e.data::jsonb, e.metadata::jsonb
  FROM s, ${UNNEST} ORDER BY e.ord
  RETURNING transaction_id, global_position)
SELECT (SELECT version::text FROM s) AS version,
       (SELECT transaction_id::text || ':' || global_position::text FROM ins ORDER BY global_position DESC LIMIT 1) AS position,
       CASE WHEN EXISTS (SELECT 1 FROM ins) THEN pg_notify('es_events', '') END AS notified`;

function checkUpdated(stream: PlainStream, rows: Array<{ version: string | null }>, count: number) {
  if (rows.length !== 1 || rows[0].version === null || Number(rows[0].version) !== stream.version + count) {
    throw new Error(`${stream.id}: version check failed at ${stream.version}`);
  }
  stream.version += count;
}

function appenders(
  db: SqlDriver,
  store: SqlEventStore,
  plain: PlainConnection[],
): Record<string, (writer: number) => Appender> {
  const variants: Record<string, (writer: number) => Appender> = {
    baseline_plain_sql: (w) => (stream, events) => plainAppend(plain[w], stream, events),
    store_append: () => async (stream, events) => {
      stream.version = (await store.append(stream.id, events, stream.version)).nextVersion;
    },
    /** The store minus its pg_notify round trip (pre-check kept). */
    no_notify: () => (stream, events) =>
      db.transaction(async (tx) => {
        const params = eventParams(stream.id, stream.version + 1, events);
        await tx.query(FIND_EXISTING, [params[3]]);
        checkUpdated(
          stream,
          (await tx.query<{ version: string }>(UPDATE_EXACT, [stream.id, stream.version, events.length])).rows,
          events.length,
        );
        await tx.query(INSERT_EVENTS, params);
      }),
    /** The store minus its idempotency pre-check (notify kept as its own statement). */
    no_precheck: () => (stream, events) =>
      db.transaction(async (tx) => {
        const params = eventParams(stream.id, stream.version + 1, events);
        checkUpdated(
          stream,
          (await tx.query<{ version: string }>(UPDATE_EXACT, [stream.id, stream.version, events.length])).rows,
          events.length,
        );
        await tx.query(INSERT_EVENTS, params);
        await tx.query(`SELECT pg_notify('es_events', '')`);
      }),
    /** No pre-check, notify folded into the INSERT: the baseline's 4 round trips. */
    no_precheck_notify_folded: () => (stream, events) =>
      db.transaction(async (tx) => {
        const params = eventParams(stream.id, stream.version + 1, events);
        checkUpdated(
          stream,
          (await tx.query<{ version: string }>(UPDATE_EXACT, [stream.id, stream.version, events.length])).rows,
          events.length,
        );
        await tx.query(INSERT_EVENTS_NOTIFY, params);
      }),
    /** No pre-check and no NOTIFY at all: the same 4 round trips as the baseline. */
    no_precheck_no_notify: () => (stream, events) =>
      db.transaction(async (tx) => {
        const params = eventParams(stream.id, stream.version + 1, events);
        checkUpdated(
          stream,
          (await tx.query<{ version: string }>(UPDATE_EXACT, [stream.id, stream.version, events.length])).rows,
          events.length,
        );
        await tx.query(INSERT_EVENTS, params);
      }),
    /** As no_precheck_no_notify, but a plain multi-row VALUES insert instead of the unnest … WITH ORDINALITY form. */
    no_precheck_no_notify_values: () => (stream, events) =>
      db.transaction(async (tx) => {
        const [streamId, first, category, ids, types, versions, data, metadata] = eventParams(
          stream.id,
          stream.version + 1,
          events,
        ) as [string, number, string, string[], string[], number[], string[], string[]];
        checkUpdated(
          stream,
          (await tx.query<{ version: string }>(UPDATE_EXACT, [stream.id, stream.version, events.length])).rows,
          events.length,
        );
        const values: string[] = [];
        const params: unknown[] = [];
        events.forEach((_, i) => {
          const b = i * 8;
          values.push(
            `($${b + 1}::uuid, $${b + 2}, $${b + 3}::bigint, $${b + 4}, $${b + 5}, $${b + 6}::int, $${b + 7}::jsonb, $${b + 8}::jsonb)`,
          );
          params.push(ids[i], streamId, first + i, category, types[i], versions[i], data[i], metadata[i]);
        });
        await tx.query(
          `INSERT INTO es_events (event_id, stream_id, stream_version, category, type, schema_version, data, metadata)
           VALUES ${values.join(', ')} RETURNING transaction_id::text || ':' || global_position::text AS position`,
          params,
        );
      }),
    /** Everything in one statement, autocommit: 1 round trip. */
    one_statement: () => async (stream, events) => {
      const params = [...eventParams(stream.id, 0, events), events.length];
      params[1] = stream.version;
      checkUpdated(
        stream,
        (await db.query<{ version: string | null }>(APPEND_ONE_STATEMENT, params)).rows,
        events.length,
      );
    },
  };
  /** One statement without the NOTIFY, then a coalesced NOTIFY after commit (one in flight at most, not awaited). */
  let notifying = false;
  let again = false;
  const notifyAfterCommit = () => {
    if (notifying) {
      again = true;
      return;
    }
    notifying = true;
    void db
      .query(`SELECT pg_notify('es_events', '')`)
      .catch(() => undefined)
      .finally(() => {
        notifying = false;
        if (again) {
          again = false;
          notifyAfterCommit();
        }
      });
  };
  const oneNoNotify = APPEND_ONE_STATEMENT.replace(
    /,\s*CASE WHEN EXISTS \(SELECT 1 FROM ins\) THEN pg_notify\('es_events', ''\) END AS notified/,
    '',
  );
  if (oneNoNotify === APPEND_ONE_STATEMENT) throw new Error('one_statement_notify_after: pattern not found');
  variants.one_statement_notify_after = () => async (stream, events) => {
    const params = [...eventParams(stream.id, 0, events), events.length];
    params[1] = stream.version;
    checkUpdated(stream, (await db.query<{ version: string | null }>(oneNoNotify, params)).rows, events.length);
    notifyAfterCommit();
  };
  if (db.kind === 'postgres') {
    const pool = (db as PgDriver).pool;
    /** The same single statement as a named (server-side prepared) statement. */
    variants.one_statement_prepared = () => async (stream, events) => {
      const params = [...eventParams(stream.id, 0, events), events.length];
      params[1] = stream.version;
      const result = await pool.query({ name: 'bench_append_one', text: APPEND_ONE_STATEMENT, values: params });
      checkUpdated(stream, result.rows, events.length);
    };
  }
  return variants;
}

async function storeStreams(store: SqlEventStore, count: number): Promise<PlainStream[]> {
  const streams: PlainStream[] = [];
  for (const id of streamIds(count)) {
    await store.append(id, [event(id)], 'no_stream');
    streams.push({ id, version: 1 });
  }
  return streams;
}

async function investigateAppends(db: SqlDriver, openPlain: () => Promise<PlainConnection>) {
  const store = await SqlEventStore.create(db);
  const plain: PlainConnection[] = [];
  for (let i = 0; i < 8; i++) plain.push(await openPlain());
  for (const ddl of BASELINE_SCHEMA) await plain[0].query(ddl);

  for (const [writers, perWriterStreams, n, batch] of [
    [1, 100, scaled(1500), 1],
    [8, 16, scaled(1500), 1],
    [1, 100, scaled(60), 100],
  ] as const) {
    const label = `${writers} writer(s), ${batch}-event appends`;
    log(`appends, ${label}: ${n} appends per round and variant, ${ROUNDS} rounds`);
    const variants = appenders(db, store, plain);
    const names = Object.keys(variants);
    const runs = new Map<string, () => Promise<number>>();
    for (const name of names) {
      const streams: PlainStream[][] = [];
      for (let w = 0; w < writers; w++) {
        streams.push(
          name === 'baseline_plain_sql'
            ? await createPlainStreams(plain[w], streamIds(perWriterStreams), event)
            : await storeStreams(store, perWriterStreams),
        );
      }
      const append = Array.from({ length: writers }, (_, w) => variants[name](w));
      const run = async (total: number) => {
        await Promise.all(
          streams.map(async (own, w) => {
            const count = Math.floor(total / writers) + (w < total % writers ? 1 : 0);
            for (let i = 0; i < count; i++) {
              const stream = own[i % own.length];
              await append[w](
                stream,
                Array.from({ length: batch }, () => event(stream.id)),
              );
            }
          }),
        );
        return total * batch;
      };
      await run(Math.max(writers, Math.round(n / 5)));
      runs.set(name, () => run(n));
    }
    const rates = new Map<string, number[]>(names.map((name) => [name, []]));
    for (let r = 0; r < ROUNDS; r++) {
      const order = names.map((_, i) => names[(i + r) % names.length]);
      for (const name of order) rates.get(name)!.push(await timed(runs.get(name)!));
    }
    const base = median(rates.get('baseline_plain_sql')!);
    for (const name of names) {
      const m = median(rates.get(name)!);
      log(
        `  ${name.padEnd(28)} ${fmt(m).padStart(8)} events/s  ratio ${(m / base).toFixed(2)}  rounds ${rates
          .get(name)!
          .map(fmt)
          .join(' / ')}`,
      );
    }
  }
  for (const conn of plain) await conn.close();
}

// ---------------------------------------------------------------------------------------------
// Catch-up: the real ProjectionManager (instrumented through wrappers) and a local runner loop.

interface Timings {
  readAll: number;
  readAllCalls: number;
  transactions: number;
  applyQueries: number;
  applyMs: number;
  checkpointMs: number;
}

function newTimings(): Timings {
  return { readAll: 0, readAllCalls: 0, transactions: 0, applyQueries: 0, applyMs: 0, checkpointMs: 0 };
}

/** Times readAll without changing it. */
function timedStore(store: EventStore, t: Timings): EventStore {
  return {
    kind: store.kind,
    append: (...args) => store.append(...args),
    readStream: (...args) => store.readStream(...args),
    headPosition: () => store.headPosition(),
    countAfter: (p) => store.countAfter(p),
    close: () => store.close(),
    async readAll(options) {
      const start = performance.now();
      const rows = await store.readAll(options);
      t.readAll += performance.now() - start;
      t.readAllCalls++;
      return rows;
    },
  };
}

/** Times transactions and the statements inside them without changing them. */
function timedDriver(db: SqlDriver, t: Timings): SqlDriver {
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    session: (work) => db.session(work),
    close: () => db.close(),
    async transaction(work) {
      const start = performance.now();
      try {
        return await db.transaction((tx) =>
          work({
            async query<R>(sql: string, params?: unknown[]) {
              const s = performance.now();
              const result = await tx.query<R>(sql, params);
              const ms = performance.now() - s;
              if (sql.includes('es_checkpoints')) t.checkpointMs += ms;
              else {
                t.applyMs += ms;
                t.applyQueries++;
              }
              return result;
            },
          }),
        );
      } finally {
        t.transactions += performance.now() - start;
      }
    },
  };
}

async function managerCatchUp(db: SqlDriver, store: EventStore, projection: Projection, head: GlobalPosition) {
  const manager = new ProjectionManager(db, store, [{ kind: 'projection', projection }], {
    batchSize: 1000,
    idleMaxMs: 250,
    retryMs: 1000,
    log: quiet,
  });
  await manager.migrate();
  const start = performance.now();
  await manager.start();
  const ok = await manager.waitFor(head, 600_000).then(
    () => true,
    () => false,
  );
  const ms = performance.now() - start;
  const [state] = await manager.states();
  await manager.stop();
  if (!ok || state.status === 'failed') throw new Error(`${projection.name}: ${state.error ?? 'timeout'}`);
  return ms;
}

/** The counter projection applied a batch at a time: one upsert of per-stream counts. */
async function applyCounterBatch(table: string, events: RecordedEvent[], tx: SqlExecutor) {
  const counts = new Map<string, { n: number; type: string }>();
  for (const e of events) {
    const c = counts.get(e.streamId);
    if (c) {
      c.n++;
      c.type = e.type;
    } else counts.set(e.streamId, { n: 1, type: e.type });
  }
  await tx.query(
    `INSERT INTO ${table} (stream_id, events, last_type)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])
     ON CONFLICT (stream_id) DO UPDATE SET events = ${table}.events + EXCLUDED.events, last_type = EXCLUDED.last_type`,
    [[...counts.keys()], [...counts.values()].map((c) => c.n), [...counts.values()].map((c) => c.type)],
  );
}

/** The runner's catching-up loop (read a batch, apply + advance the checkpoint in one transaction), copied. */
async function localRunner(
  db: SqlDriver,
  store: EventStore,
  name: string,
  head: GlobalPosition,
  apply: (events: RecordedEvent[], tx: SqlExecutor) => Promise<void>,
) {
  await db.query(`INSERT INTO es_checkpoints (subscription, position) VALUES ($1, NULL) ON CONFLICT DO NOTHING`, [
    name,
  ]);
  const start = performance.now();
  let position: GlobalPosition | null = null;
  let processed = 0;
  for (;;) {
    const batch = await store.readAll({ after: position, maxCount: 1000 });
    if (batch.length === 0) break;
    const last = batch[batch.length - 1].position;
    await db.transaction(async (tx) => {
      await apply(batch, tx);
      await advanceCheckpoint(tx, name, position, last);
    });
    position = last;
    processed += batch.length;
    if (position === head) break;
  }
  return { ms: performance.now() - start, processed };
}

async function investigateCatchUp(db: SqlDriver) {
  const store = await SqlEventStore.create(db);
  const target = scaled(40_000);
  log(`catch-up: building a log of ${fmt(target)} events (single and 100-event appends)`);
  const streams = await storeStreams(store, 400);
  // A realistic mix: a quarter single-event transactions, the rest in 100-event appends.
  for (let i = 0; i < target / 4; i++) {
    const s = streams[i % streams.length];
    s.version = (await store.append(s.id, [event(s.id)], s.version)).nextVersion;
  }
  for (let i = 0, n = await store.countAfter(null); n < target; i++, n += 100) {
    const s = streams[i % streams.length];
    s.version = (
      await store.append(
        s.id,
        Array.from({ length: 100 }, () => event(s.id)),
        s.version,
      )
    ).nextVersion;
  }
  await db.query('ANALYZE');
  const head = (await store.headPosition())!;
  const total = await store.countAfter(null);
  log(`  log: ${fmt(total)} events; ${machineLoad()}`);

  let k = 0;
  const table = () => `bench_inv_${++k}`;
  const createCounter = async (name: string) =>
    db.query(`CREATE TABLE ${name} (stream_id text PRIMARY KEY, events bigint NOT NULL, last_type text NOT NULL)`);

  // Warm-up (JIT, caches, hint bits).
  await managerCatchUp(db, store, counterProjection(table()), head);

  const experiments: Record<string, () => Promise<string>> = {
    manager_per_event_upsert: async () => {
      const t = newTimings();
      const ms = await managerCatchUp(timedDriver(db, t), timedStore(store, t), counterProjection(table()), head);
      const rest = ms - t.readAll - t.transactions;
      return (
        `${fmt((total / ms) * 1000)}/s; ${fmt(ms)} ms = readAll ${fmt(t.readAll)} (${t.readAllCalls} calls) + ` +
        `transactions ${fmt(t.transactions)} [apply ${fmt(t.applyMs)} in ${t.applyQueries} queries = ` +
        `${((t.applyMs / t.applyQueries) * 1000).toFixed(0)} µs each; checkpoint ${fmt(t.checkpointMs)}; ` +
        `BEGIN/COMMIT/pool ${fmt(t.transactions - t.applyMs - t.checkpointMs)}] + other ${fmt(rest)}`
      );
    },
    manager_noop_projection: async () => {
      const name = table();
      const ms = await managerCatchUp(db, store, { name, schema: '', tables: [], apply: async () => undefined }, head);
      return `${fmt((total / ms) * 1000)}/s (runner floor: readAll + checkpoint transaction per 1000)`;
    },
    local_loop_per_event_upsert: async () => {
      const name = table();
      await createCounter(name);
      const projection = counterProjection(name);
      const r = await localRunner(db, store, name, head, async (events, tx) => {
        for (const e of events) await projection.apply(e, tx);
      });
      return `${fmt((r.processed / r.ms) * 1000)}/s (copy of the runner loop, same per-event apply)`;
    },
    local_loop_batch_upsert: async () => {
      const name = table();
      await createCounter(name);
      const r = await localRunner(db, store, name, head, (events, tx) => applyCounterBatch(name, events, tx));
      const check = await db.query<{ n: string }>(`SELECT sum(events)::text AS n FROM ${name}`);
      if (Number(check.rows[0].n) !== total) throw new Error(`batch counter saw ${check.rows[0].n}`);
      return `${fmt((r.processed / r.ms) * 1000)}/s (one unnest upsert per 1000-event batch)`;
    },
    read_all_only: async () => {
      const start = performance.now();
      let after: GlobalPosition | null = null;
      let n = 0;
      for (;;) {
        const page = await store.readAll({ after, maxCount: 1000 });
        if (!page.length) break;
        n += page.length;
        after = page[page.length - 1].position;
      }
      return `${fmt((n / (performance.now() - start)) * 1000)}/s (store.readAll alone)`;
    },
  };
  const names = Object.keys(experiments);
  for (let r = 0; r < ROUNDS; r++) {
    for (const name of names.map((_, i) => names[(i + r) % names.length])) {
      log(`  round ${r + 1} ${name.padEnd(28)} ${await experiments[name]()}`);
    }
  }
}

async function main() {
  const which = process.argv[2] ?? 'all';
  const target = await openTarget();
  cleanupOnSignal(target);
  try {
    log(`${target.db.kind}; ${machineLoad()}`);
    if (which === 'all' || which === 'appends') await investigateAppends(target.db, target.openPlain);
    if (which === 'all' || which === 'catchup') await investigateCatchUp(target.db);
    log(`done; ${machineLoad()}`);
  } finally {
    await target.cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench] failed: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
