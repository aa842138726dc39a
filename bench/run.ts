/**
 * `npm run bench`: the event store and the projection runner against plain-SQL baselines, on
 * PostgreSQL (`DATABASE_URL`: a fresh `t_bench_<random>` database is created next to it and
 * dropped at the end) or on an in-memory PGlite otherwise.
 *
 * Progress goes to stderr; the LAST line of stdout is one JSON object:
 *   {"store":"postgres|pglite","node":"v24.x","results":[{"name","value","unit","baseline","ratio","notes"}]}
 * with ratio = value / baseline. Every figure is measured after a warm-up, on the same database,
 * in the same run. Store and baseline alternate in rounds (which one goes first alternates too)
 * and each side reports its median round, so drift on this shared 2-vCPU VM hits both equally.
 *
 * Env: BENCH_SCALE (float, default 1) multiplies every size; BENCH_ROUNDS (default 3) and
 * BENCH_CATCHUP_ROUNDS (default 2) set the rounds. BENCH_SECTIONS (default `store,http`) picks
 * the sections; `http` (bench/http.ts: the API under load) runs on PostgreSQL only, with
 * BENCH_HTTP_POSTS (default 100000) and BENCH_HTTP_SECONDS (default 10).
 * `placements` (bench/placements.ts, not in the default set; no database) measures the page-rule
 * matching of the public placements on hostile rule sets.
 */
import { performance } from 'node:perf_hooks';
import type { SqlDriver } from '#libs/eventstore/src/sql/driver.js';
import { SqlEventStore } from '#libs/eventstore/src/sql/sql-event-store.js';
import type { GlobalPosition } from '#libs/eventstore/src/types.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { benchContext, makeEvent, streamIds, type BenchContext } from './events.js';
import { counterProjection, quiet } from './projections.js';
import { createPosts, postCommands } from './posts.js';
import { cleanupOnSignal, createBenchDatabase, fmt, log, machineLoad, median, openTarget, timed } from './harness.js';
import { httpSection } from './http.js';
import { ingestSection } from './analytics-ingest.js';
import { reportsSection } from './analytics-reports.js';
import { placementsSection } from './placements.js';
import { PgDriver } from '#libs/eventstore/src/sql/pg-driver.js';
import {
  BASELINE_SCHEMA,
  createPlainStreams,
  plainAppend,
  plainScan,
  type PlainConnection,
  type PlainStream,
} from './plain-sql.js';

const SCALE = Number(process.env.BENCH_SCALE ?? '1') || 1;
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? '3') || 3));
/** Catch-up rounds replay the whole log each: the slowest figure, so fewer by default. */
const CATCHUP_ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_CATCHUP_ROUNDS ?? '2') || 2));
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));

const SIZES = {
  /** Single-event appends per round and side (1 writer, 100 streams round-robin). */
  single1: scaled(800),
  /** Single-event appends per round and side, split over 8 writers (16 own streams each). */
  single8: scaled(1000),
  /** 100-event appends per round and side (100 streams round-robin). */
  batches: scaled(100),
  /** Warm-up before each append figure (single appends / batches). */
  warmSingle: scaled(200),
  warmBatches: scaled(10),
  /** Save commands per round on posts with long histories (and their bare appends). */
  postSaves: scaled(400),
  /** The log read by read_all and the catch-up is topped up to at least this many events. */
  minLog: scaled(40_000),
  /** Events the warm-up reader and projection process before read_all / catch-up rounds. */
  warmRead: scaled(5_000),
};
const WRITERS = 8;
const PAGE = 1000;

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  ratio: number;
  notes?: string;
}

/** Alternating rounds of the store and its baseline; each returns how many events it handled. */
async function compare(
  name: string,
  subject: () => Promise<number>,
  baseline: () => Promise<number>,
): Promise<{ value: number; baseline: number; rounds: Array<[number, number]> }> {
  const rounds: Array<[number, number]> = [];
  for (let r = 0; r < ROUNDS; r++) {
    let s = 0;
    let b = 0;
    if (r % 2 === 0) {
      s = await timed(subject);
      b = await timed(baseline);
    } else {
      b = await timed(baseline);
      s = await timed(subject);
    }
    rounds.push([s, b]);
    log(`  ${name} round ${r + 1}/${ROUNDS}: store ${fmt(s)}/s, baseline ${fmt(b)}/s`);
  }
  return { value: median(rounds.map((x) => x[0])), baseline: median(rounds.map((x) => x[1])), rounds };
}

function result(name: string, unit: string, value: number, baseline: number, notes?: string): BenchResult {
  return {
    name,
    value: Math.round(value),
    unit,
    baseline: Math.round(baseline),
    ratio: Math.round((value / baseline) * 100) / 100,
    ...(notes ? { notes } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Writers

interface Writers {
  store: SqlEventStore;
  ctx: BenchContext;
  seq: number;
}

async function createStoreStreams(w: Writers, count: number): Promise<PlainStream[]> {
  const streams: PlainStream[] = [];
  for (const id of streamIds(count)) {
    await w.store.append(id, [makeEvent(w.ctx, id, w.seq++)], 'no_stream');
    streams.push({ id, version: 1 });
  }
  return streams;
}

async function storeSingles(w: Writers, streams: PlainStream[], n: number): Promise<number> {
  for (let i = 0; i < n; i++) {
    const stream = streams[i % streams.length];
    const appended = await w.store.append(stream.id, [makeEvent(w.ctx, stream.id, w.seq++)], stream.version);
    stream.version = appended.nextVersion;
  }
  return n;
}

async function plainSingles(w: Writers, conn: PlainConnection, streams: PlainStream[], n: number): Promise<number> {
  for (let i = 0; i < n; i++) {
    const stream = streams[i % streams.length];
    await plainAppend(conn, stream, [makeEvent(w.ctx, stream.id, w.seq++)]);
  }
  return n;
}

function batchOf(w: Writers, streamId: string, size: number) {
  return Array.from({ length: size }, () => makeEvent(w.ctx, streamId, w.seq++));
}

async function storeBatches(w: Writers, streams: PlainStream[], n: number, size = 100): Promise<number> {
  for (let i = 0; i < n; i++) {
    const stream = streams[i % streams.length];
    const appended = await w.store.append(stream.id, batchOf(w, stream.id, size), stream.version);
    stream.version = appended.nextVersion;
  }
  return n * size;
}

async function plainBatches(w: Writers, conn: PlainConnection, streams: PlainStream[], n: number, size = 100) {
  for (let i = 0; i < n; i++) {
    const stream = streams[i % streams.length];
    await plainAppend(conn, stream, batchOf(w, stream.id, size));
  }
  return n * size;
}

/** Splits n appends over the writers (each with its own streams), all running at once. */
async function concurrently(groups: number, n: number, work: (group: number, count: number) => Promise<number>) {
  const counts = Array.from({ length: groups }, (_, g) => Math.floor(n / groups) + (g < n % groups ? 1 : 0));
  const done = await Promise.all(counts.map((count, g) => work(g, count)));
  return done.reduce((a, b) => a + b, 0);
}

// ---------------------------------------------------------------------------------------------
// Readers

async function storeReadAll(store: SqlEventStore, limit = Infinity): Promise<number> {
  let after: GlobalPosition | null = null;
  let total = 0;
  while (total < limit) {
    const page = await store.readAll({ after, maxCount: PAGE });
    if (page.length === 0) return total;
    total += page.length;
    after = page[page.length - 1].position;
  }
  return total;
}

/** Runs the projection from zero until its checkpoint reaches `until`; answers events/s. */
async function catchUp(
  db: SqlDriver,
  store: SqlEventStore,
  name: string,
  until: GlobalPosition,
  expected: number,
): Promise<number> {
  const manager = new ProjectionManager(db, store, [{ kind: 'projection', projection: counterProjection(name) }], {
    batchSize: 1000,
    idleMaxMs: 250,
    retryMs: 1000,
    log: quiet,
  });
  await manager.migrate();
  const start = performance.now();
  await manager.start();
  const reached = await manager.waitFor(until, 600_000).then(
    () => true,
    () => false,
  );
  const seconds = (performance.now() - start) / 1000;
  const [state] = await manager.states();
  await manager.stop();
  if (!reached || state.status === 'failed') throw new Error(`catch-up ${name} failed: ${state.error ?? 'timeout'}`);
  const counted = await db.query<{ n: string }>(`SELECT coalesce(sum(events), 0)::text AS n FROM ${name}`);
  if (Number(counted.rows[0].n) < expected) {
    throw new Error(`catch-up ${name} counted ${counted.rows[0].n} events, expected ${expected}`);
  }
  return Number(counted.rows[0].n) / seconds;
}

// ---------------------------------------------------------------------------------------------

async function runAll(db: SqlDriver, openPlain: () => Promise<PlainConnection>): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const store = await SqlEventStore.create(db);
  const w: Writers = { store, ctx: benchContext(), seq: 0 };
  const setup = await openPlain();
  for (const ddl of BASELINE_SCHEMA) await setup.query(ddl);
  const first = (id: string) => makeEvent(w.ctx, id, w.seq++);
  log(`sizes (BENCH_SCALE=${SCALE}, ${ROUNDS} rounds, ${CATCHUP_ROUNDS} catch-up rounds): ${JSON.stringify(SIZES)}`);

  // 1. Single appends, one writer.
  {
    log('append_single_1_writer: creating 100 + 100 streams, warming up');
    const mine = await createStoreStreams(w, 100);
    const theirs = await createPlainStreams(setup, streamIds(100), first);
    await storeSingles(w, mine, SIZES.warmSingle);
    await plainSingles(w, setup, theirs, SIZES.warmSingle);
    const r = await compare(
      'append_single_1_writer',
      () => storeSingles(w, mine, SIZES.single1),
      () => plainSingles(w, setup, theirs, SIZES.single1),
    );
    results.push(
      result(
        'append_single_1_writer',
        'events/s',
        r.value,
        r.baseline,
        `${SIZES.single1} appends per round, exact expected version, 100 streams round-robin; median of ${ROUNDS}`,
      ),
    );
  }

  // 2. Single appends, eight concurrent writers with their own streams.
  {
    log(`append_single_8_writers: creating ${WRITERS} x 16 streams per side, warming up`);
    const mine: PlainStream[][] = [];
    const theirs: PlainStream[][] = [];
    const conns: PlainConnection[] = [];
    for (let g = 0; g < WRITERS; g++) {
      mine.push(await createStoreStreams(w, 16));
      const conn = await openPlain();
      conns.push(conn);
      theirs.push(await createPlainStreams(conn, streamIds(16), first));
    }
    const subject = (n: number) => concurrently(WRITERS, n, (g, count) => storeSingles(w, mine[g], count));
    const baseline = (n: number) => concurrently(WRITERS, n, (g, count) => plainSingles(w, conns[g], theirs[g], count));
    await subject(SIZES.warmSingle);
    await baseline(SIZES.warmSingle);
    const r = await compare(
      'append_single_8_writers',
      () => subject(SIZES.single8),
      () => baseline(SIZES.single8),
    );
    for (const conn of conns) await conn.close();
    results.push(
      result(
        'append_single_8_writers',
        'events/s',
        r.value,
        r.baseline,
        `${SIZES.single8} appends per round over ${WRITERS} concurrent writers; median of ${ROUNDS}`,
      ),
    );
  }

  // 3. 100-event appends.
  {
    log('append_batch_100: warming up');
    const mine = await createStoreStreams(w, 100);
    const theirs = await createPlainStreams(setup, streamIds(100), first);
    await storeBatches(w, mine, SIZES.warmBatches);
    await plainBatches(w, setup, theirs, SIZES.warmBatches);
    const r = await compare(
      'append_batch_100',
      () => storeBatches(w, mine, SIZES.batches),
      () => plainBatches(w, setup, theirs, SIZES.batches),
    );
    results.push(
      result(
        'append_batch_100',
        'events/s',
        r.value,
        r.baseline,
        `${SIZES.batches} appends of 100 events per round; median of ${ROUNDS}`,
      ),
    );
  }

  // 4. The article workflow's command path (read + fold + decide + append) on posts with 100 events.
  {
    log('post_save_command: creating 20 + 20 posts with 100 events each, warming up');
    const commands = postCommands(store);
    const mine = await createPosts(store, 20, 100);
    const theirs = await createPosts(store, 20, 100);
    await commands.saves(mine, SIZES.warmSingle);
    await commands.appends(theirs, SIZES.warmSingle);
    const r = await compare(
      'post_save_command',
      () => commands.saves(mine, SIZES.postSaves),
      () => commands.appends(theirs, SIZES.postSaves),
    );
    results.push(
      result(
        'post_save_command',
        'commands/s',
        r.value,
        r.baseline,
        `${SIZES.postSaves} Save commands per round through the DecideHandler on 20 posts with 100+ events each; baseline: the bare append of the same event with the exact version; median of ${ROUNDS}`,
      ),
    );
  }

  // Top the log up for the readers.
  let logSize = await store.countAfter(null);
  if (logSize < SIZES.minLog) {
    const streams = await createStoreStreams(w, 100);
    await storeBatches(w, streams, Math.ceil((SIZES.minLog - logSize) / 100));
    logSize = await store.countAfter(null);
  }
  // What autovacuum would have done to a log this size: hint bits, visibility map, statistics.
  await setup.query('VACUUM ANALYZE es_events');
  await setup.query('VACUUM ANALYZE bench_events');
  log(`log: ${fmt(logSize)} events in es_events`);

  // 4. readAll over the whole log.
  let scanRate: number;
  {
    log('read_all: warming up');
    const check = async (n: number) => {
      if (n !== logSize) throw new Error(`read ${n} events, expected ${logSize}`);
      return n;
    };
    await storeReadAll(store, SIZES.warmRead);
    await plainScan(setup.query, PAGE, SIZES.warmRead);
    const r = await compare(
      'read_all',
      async () => check(await storeReadAll(store)),
      async () => check(await plainScan(setup.query, PAGE)),
    );
    scanRate = r.baseline;
    results.push(
      result(
        'read_all',
        'events/s',
        r.value,
        r.baseline,
        `whole log (${logSize} events) in pages of ${PAGE}; baseline: keyset scan ORDER BY global_position; median of ${ROUNDS}`,
      ),
    );
  }

  // 5. Projection catch-up from zero.
  {
    const head = await store.headPosition();
    if (!head) throw new Error('empty log');
    log('projection_catch_up: warming up');
    const warmTo = await store.readAll({ after: null, maxCount: Math.min(SIZES.warmRead, logSize) });
    await catchUp(db, store, 'bench_counter_warmup', warmTo[warmTo.length - 1].position, warmTo.length);
    const rates: number[] = [];
    for (let r = 0; r < CATCHUP_ROUNDS; r++) {
      const rate = await catchUp(db, store, `bench_counter_${r + 1}`, head, logSize);
      rates.push(rate);
      log(`  projection_catch_up round ${r + 1}/${CATCHUP_ROUNDS}: ${fmt(rate)}/s`);
    }
    results.push(
      result(
        'projection_catch_up',
        'events/s',
        median(rates),
        scanRate,
        `ProjectionManager, batchSize 1000, one upsert statement per batch (applyBatch), from zero to headPosition over ${logSize} events; ` +
          `baseline: the plain sequential keyset scan rate of read_all; median of ${CATCHUP_ROUNDS}`,
      ),
    );
  }

  await setup.close();
  return results;
}

// ---------------------------------------------------------------------------------------------

/** The HTTP section on a fresh database of its own (the API migrates and seeds it at start). */
async function runHttp(url: string): Promise<BenchResult[]> {
  const database = await createBenchDatabase(url);
  const db = new PgDriver(database.url, { max: 10 });
  const onSignal = () => void database.drop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  try {
    return await httpSection(db, database.url);
  } finally {
    process.off('SIGINT', onSignal);
    await db.close().catch(() => undefined);
    // BENCH_HTTP_KEEP=1 keeps the database (with its 100,000 posts) to look into afterwards.
    if (process.env.BENCH_HTTP_KEEP === '1') log(`http: kept ${database.url}`);
    else await database.drop();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const sections = (process.env.BENCH_SECTIONS ?? 'store,http').split(',').map((s) => s.trim());
  let results: BenchResult[] = [];
  let kind: string = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  if (sections.includes('store')) {
    const target = await openTarget();
    cleanupOnSignal(target);
    const db = target.db;
    kind = db.kind;
    try {
      const version = await db.query<{ version: string }>('SELECT version()');
      log(`store: ${db.kind} (${version.rows[0].version}); ${machineLoad()}`);
      results = await runAll(db, target.openPlain);
    } finally {
      await target.cleanup();
    }
  } else log(`sections ${sections.join(',')}; ${machineLoad()}`);
  // The runtime matters: the Docker image runs Node 24, and its V8 takes a fifth less CPU per tracking event
  // than Node 20's (docs/benchmarks.md); `npm run bench:node24` runs the whole bench (API, load generator, baselines) on it.
  log(`Node ${process.version}`);
  for (const [section, run] of [
    ['ingest', ingestSection],
    ['reports', reportsSection],
  ] as const) {
    if (!sections.includes(section)) continue;
    if (process.env.DATABASE_URL) results.push(...(await run(process.env.DATABASE_URL)));
    else log(`${section}: skipped (the analytics sections need DATABASE_URL: PostgreSQL only)`);
  }
  // No database: the placements' rule matching in this process (bench/placements.ts).
  if (sections.includes('placements')) results.push(...(await placementsSection()));
  if (sections.includes('http')) {
    if (process.env.DATABASE_URL) results.push(...(await runHttp(process.env.DATABASE_URL)));
    else log('http: skipped (the HTTP section needs DATABASE_URL: the API and the seeder share a PostgreSQL database)');
  }
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s; ${machineLoad()}`);
  for (const r of results) {
    const show = (n: number) => (Math.abs(n) < 100 ? String(n) : fmt(n));
    log(
      `  ${r.name.padEnd(36)} ${show(r.value).padStart(9)} ${r.unit}  baseline ${show(r.baseline).padStart(9)}  ratio ${r.ratio}`,
    );
  }
  process.stdout.write(`${JSON.stringify({ store: kind, node: process.version, results })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench] failed: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
