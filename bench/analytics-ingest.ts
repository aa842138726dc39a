/**
 * The `ingest` section of `npm run bench` (PostgreSQL only; `BENCH_SECTIONS=ingest`): tracking
 * events per second through `POST /api/public/collect` of the real API, against a raw multi-row
 * INSERT of the same rows into `collected_events`.
 *
 * - A fresh bench database; the built API in a process of its own on it (the demo organisation,
 *   no demo traffic; the per-address and per-site-key rate limits raised to 100,000,000 a minute
 *   through `RATE_LIMIT_PUBLIC_PER_MINUTE` and `RATE_LIMIT_PUBLIC_SITE_PER_MINUTE`, so they are
 *   counted but never refuse); a website created through `POST /api/websites` and given the
 *   benchmark set-up by the generator command (`--setup bench --visitors 0`: 30 CTAs in 15 live
 *   campaigns, a live experiment, goals, funnels), so events name its real CTAs, campaigns and
 *   experiment and its pages.
 * - Each round, both sides get `BENCH_INGEST_BATCHES` (default 3,000) batches of 50 events of the
 *   traffic generator (whole visitors, none in two batches; the last day's traffic; bench/
 *   collect-batches.ts), a new seed per round:
 *   - HTTP: the load generator (bench/collect-load.ts) in another process sends them over
 *     `BENCH_INGEST_CONNECTIONS` (default 16) keep-alive connections; the API validates, enriches,
 *     stores and queues them, and its analytics projector recomputes their visitors meanwhile.
 *   - Baseline: this process inserts the same rows (under another website id, so the ids do not
 *     collide) with one plain `INSERT INTO collected_events (26 columns) VALUES (…), … (50 rows)`
 *     per batch over as many `pg` connections: no validation, no enrichment, no queue.
 *   Rounds alternate which side goes first; before each, the projector's queue is empty.
 * - Collect latency: each request's time in the load generator (p50, p99; median over rounds);
 *   the baseline's is each INSERT statement's time.
 * - Latency at a steady load: after the flat-out rounds, each side gets `BENCH_INGEST_RATE` (10,000)
 *   events/s for `BENCH_INGEST_RATE_SECONDS` (10) s, open loop (a batch is sent at its scheduled
 *   moment whether or not earlier ones were answered; its time counts from that moment), per round.
 * - `BENCH_INGEST_KAFKA=<brokers>`: the same through Kafka (the API and the worker with `KAFKA_BROKERS`).
 * - Projection lag: every 10th answered batch is reported to this process with the moment its
 *   answer arrived; this process polls `analytics_pending` every 20 ms for the visitors of the
 *   oldest 20 sampled batches not yet done. A batch is done when none of its visitors is queued any more: the
 *   projector deletes a visitor's queue row in the transaction that writes its new rows, so the
 *   row's (committed) absence means its rows are readable, and no later batch queues the same
 *   visitor again. Lag = that poll's moment - the answer's (20 ms resolution). Its baseline is the
 *   same lag at rest: one batch at a time, 5 a second, with the projector otherwise idle.
 */
import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { PgDriver } from '#libs/eventstore/src/sql/pg-driver.js';
import { websiteTraffic } from '../apps/api/src/demo/traffic.seed.js';
import {
  client,
  createWebsite,
  percentile,
  round1,
  runApi,
  runGenerator,
  runWorker,
  waitForProjector,
} from './analytics-common.js';
import type { Figure } from './analytics-reports.js';
import { makeBatches, type Batch, type BatchSpec } from './collect-batches.js';
import type { CollectLoadResult, CollectLoadSpec } from './collect-load.js';
import { describeApi, ownLoopDelay, scrapeApi } from './api-metrics.js';
import { cpuBetween, cpuMeterAvailable, ownCpuMs, readCpu, type CpuReading } from './cpu-meter.js';
import { createBenchDatabase, fmt, log, median } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? '3') || 3);
const BATCHES = Math.max(100, Number(process.env.BENCH_INGEST_BATCHES ?? '3000') || 3000);
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_INGEST_CONNECTIONS ?? '16') || 16);
const SIZE = 50;
const SAMPLE_EVERY = 10;
const POLL_MS = 20;
/** How many of the oldest open samples each poll looks at. */
const POLL_OLDEST = 20;
const BASELINE_WEBSITE = 'bench-ingest-baseline';
const WORKER = process.env.BENCH_INGEST_WORKER === '1';
const WORKER_NICE = Math.max(0, Math.min(19, Number(process.env.BENCH_INGEST_WORKER_NICE ?? '10') || 0));
/** The steady load (events/s) at which the latency of a request is measured besides the flat-out rounds. */
const RATE = Math.max(1000, Number(process.env.BENCH_INGEST_RATE ?? '10000') || 10000);
/** Seconds each side is sent that steady load per round. */
const RATE_SECONDS = Math.max(2, Number(process.env.BENCH_INGEST_RATE_SECONDS ?? '10') || 10);
const LIMITS = { RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000', RATE_LIMIT_PUBLIC_SITE_PER_MINUTE: '100000000' };
/**
 * `BENCH_INGEST_KAFKA=<brokers>`: the API (and the worker) run with `KAFKA_BROKERS` (a topic prefix of
 * their own), so collect answers once the broker acknowledged the events and the consumer group
 * stores them; a sampled batch's lag then runs until its visitors are stored and projected.
 */
const KAFKA = (process.env.BENCH_INGEST_KAFKA ?? '').trim();

const COLUMNS = [
  'website_id',
  'organisation_id',
  'id',
  'name',
  'time',
  'received_at',
  'distinct_id',
  'session_id',
  'url',
  'referrer',
  'utm',
  'cta_id',
  'campaign_id',
  'experiment_id',
  'variant',
  'value',
  'currency',
  'properties',
  'fields',
  'device',
  'os',
  'browser',
  'bot',
  'country',
  'city',
  'referrer_class',
] as const;

function insertSql(rows: number): string {
  const values: string[] = [];
  for (let r = 0; r < rows; r++) values.push(`(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`);
  return `INSERT INTO collected_events (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}`;
}

function rowParams(batch: Batch, organisationId: string, receivedAt: Date): unknown[] {
  const params: unknown[] = [];
  for (const { event: e, enrichment: x } of batch.items) {
    params.push(
      BASELINE_WEBSITE,
      organisationId,
      e.id,
      e.name,
      e.time,
      receivedAt,
      e.distinctId,
      e.sessionId,
      e.url,
      e.referrer,
      x.utm === null ? null : JSON.stringify(x.utm),
      e.ctaId,
      e.campaignId,
      e.experimentId,
      e.variant,
      e.value,
      e.currency,
      JSON.stringify(e.properties),
      e.fields === null ? null : JSON.stringify(e.fields),
      x.device,
      x.os,
      x.browser,
      x.bot,
      x.country,
      x.city,
      x.referrerClass,
    );
  }
  return params;
}

/** The baseline: the batches inserted raw over `clients` connections at once; events/s and each statement's ms. */
async function baseline(clients: pg.Client[], batches: Batch[], organisationId: string): Promise<PlainRound> {
  const sql = insertSql(SIZE);
  const prepared = batches.map((b) => ({
    text: b.items.length === SIZE ? sql : insertSql(b.items.length),
    params: rowParams(b, organisationId, new Date()),
  }));
  const ms: number[] = [];
  let next = 0;
  const cpu0 = readCpu([]);
  const own0 = ownCpuMs();
  const started = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      for (let i = next++; i < prepared.length; i = next++) {
        const t0 = performance.now();
        await c.query(prepared[i]!.text, prepared[i]!.params);
        ms.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const events = batches.reduce((s, b) => s + b.items.length, 0);
  const cpu = { postgres: cpuBetween(cpu0, readCpu([])).postgres, bench: ownCpuMs() - own0 };
  return {
    eventsPerSecond: events / seconds,
    events,
    ms: ms.sort((a, b) => a - b),
    cpu,
    cpuPer1000: ((cpu.postgres + cpu.bench) / events) * 1000,
  };
}

/**
 * The baseline at a steady rate: batch i's INSERT is issued at i / (rate / size) s on the first free
 * connection; its time counts from that scheduled moment (as the load generator's open loop does).
 */
async function baselineAtRate(
  clients: pg.Client[],
  batches: Batch[],
  organisationId: string,
  rate: number,
): Promise<{ ms: number[]; loopP99: number; loopMax: number }> {
  const sql = insertSql(SIZE);
  // As the load generator: garbage collected before the clock starts (when run with --expose-gc, as
  // `npm run bench` does), and this process's own event-loop delay measured (it is in every time below).
  (globalThis as { gc?: () => void }).gc?.();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const interval = 1000 / (rate / SIZE);
  const free = [...clients];
  const waiting: ((c: pg.Client) => void)[] = [];
  const take = () =>
    free.length > 0 ? Promise.resolve(free.pop()!) : new Promise<pg.Client>((resolve) => waiting.push(resolve));
  const give = (c: pg.Client) => (waiting.length > 0 ? waiting.shift()!(c) : free.push(c));
  const ms: number[] = [];
  const started = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < batches.length; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const b = batches[i]!;
    sent.push(
      take().then(async (c) => {
        await c.query(
          b.items.length === SIZE ? sql : insertSql(b.items.length),
          rowParams(b, organisationId, new Date()),
        );
        ms.push(performance.now() - due);
        give(c);
      }),
    );
  }
  await Promise.all(sent);
  loop.disable();
  return { ms: ms.sort((a, b) => a - b), ...ownLoopDelay(loop) };
}

/** A baseline round: its rate, each statement's ms, and the CPU (ms) PostgreSQL and this process used. */
interface PlainRound {
  eventsPerSecond: number;
  events: number;
  ms: number[];
  cpu: { postgres: number; bench: number };
  /** (postgres + bench) CPU ms per 1,000 events */
  cpuPer1000: number;
}

/** An HTTP round: the load generator's result and the CPU (ms) the API (with its worker), PostgreSQL and the load generator used. */
interface HttpRound extends CollectLoadResult {
  cpu: CpuReading & { load: number };
  /** (app + postgres + load) CPU ms per 1,000 events */
  cpuPer1000: number;
}

/** Follows sampled batches until none of their visitors is queued; collects their lags (ms). */
class LagTracker {
  private readonly open: { at: number; visitors: string[] }[] = [];
  readonly lags: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly db: pg.Client,
    private readonly websiteId: string,
  ) {}

  add(sample: { at: number; visitors: string[] }): void {
    this.open.push(sample);
  }

  start(): void {
    const tick = () => {
      this.polling = this.poll().finally(() => {
        this.polling = null;
        if (this.timer) this.timer = setTimeout(tick, POLL_MS);
      });
    };
    this.timer = setTimeout(tick, POLL_MS);
  }

  private async poll(): Promise<void> {
    if (this.open.length === 0) return;
    // The oldest open samples only: the projector claims the queue oldest first, so a later batch is
    // not done before an earlier one, and the poll stays a small read however far behind the
    // projector is (all open samples at once made it a read of thousands of visitors every 20 ms,
    // load on the very database being measured).
    const visitors = [...new Set(this.open.slice(0, POLL_OLDEST).flatMap((s) => s.visitors))];
    const found = await this.db.query<{ distinct_id: string }>(
      'SELECT distinct_id FROM analytics_pending WHERE website_id = $1 AND distinct_id = ANY($2::text[])',
      [this.websiteId, visitors],
    );
    const now = Date.now();
    const queued = new Set(found.rows.map((r) => r.distinct_id));
    if (KAFKA) {
      // Through Kafka the answer comes before the consumer stores the events (and queues their
      // visitors): a visitor not stored yet is not done either.
      const stored = await this.db.query<{ distinct_id: string }>(
        'SELECT DISTINCT distinct_id FROM collected_events WHERE website_id = $1 AND distinct_id = ANY($2::text[])',
        [this.websiteId, visitors],
      );
      const there = new Set(stored.rows.map((r) => r.distinct_id));
      for (const v of visitors) if (!there.has(v)) queued.add(v);
    }
    for (let i = Math.min(this.open.length, POLL_OLDEST) - 1; i >= 0; i--) {
      const sample = this.open[i]!;
      if (sample.visitors.some((v) => queued.has(v))) continue;
      this.lags.push(Math.max(0, now - sample.at));
      this.open.splice(i, 1);
    }
  }

  /** Waits until every sample is done (the projector caught up), then stops. */
  async finish(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.open.length > 0) {
      if (Date.now() > deadline)
        throw new Error(`${this.open.length} sampled batches still queued for the projector after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
  }
}

/**
 * One HTTP round: the load generator in its own process; its result, the lags of its sampled
 * batches, and the CPU time of `roots` (the API, the worker: bench/cpu-meter.ts) and PostgreSQL from
 * the generator's start signal (its batches made) to its exit.
 */
async function httpRound(
  spec: CollectLoadSpec,
  tracker: LagTracker,
  roots: readonly (number | undefined)[] = [],
): Promise<HttpRound> {
  const child = fork(join(here, 'collect-load.js'), [JSON.stringify(spec)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    execArgv: ['--expose-gc'],
  });
  let out = '';
  let cpu0: CpuReading | null = null;
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.on('message', (message: { at?: number; visitors?: string[]; ready?: boolean }) => {
    if (message.ready) cpu0 = readCpu(roots);
    if (typeof message.at === 'number' && Array.isArray(message.visitors))
      tracker.add({ at: message.at, visitors: message.visitors });
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const used = cpuBetween(cpu0 ?? readCpu(roots), readCpu(roots));
  if (code !== 0) throw new Error(`the load generator exited ${code}`);
  const result = JSON.parse(out.trim().split('\n').pop()!) as CollectLoadResult;
  if (result.failed > 0 || result.rejected > 0 || result.accepted !== result.events) {
    throw new Error(
      `collect: ${result.failed} failed requests, ${result.rejected} rejected and ${result.accepted}/${result.events} accepted events; first problem: ${result.firstProblem}`,
    );
  }
  const cpu = { ...used, load: result.cpuMs };
  return { ...result, cpu, cpuPer1000: ((cpu.app + cpu.postgres + cpu.load) / result.events) * 1000 };
}

/** Through Kafka: waits until the consumer group stored `events` events of the website. */
async function waitForStored(db: pg.Client, websiteId: string, events: number, timeoutMs: number): Promise<void> {
  const started = performance.now();
  for (;;) {
    const n = Number(
      (
        await db.query<{ n: string }>('SELECT count(*)::text AS n FROM collected_events WHERE website_id = $1', [
          websiteId,
        ])
      ).rows[0]!.n,
    );
    if (n >= events) return;
    if (performance.now() - started > timeoutMs)
      throw new Error(`the tracking consumer stored ${n} of ${events} events in ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function ingestSection(adminUrl: string): Promise<Figure[]> {
  const database = await createBenchDatabase(adminUrl);
  const onSignal = () => void database.drop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  const db = await client(database.url);
  const clients: pg.Client[] = [];
  const driver = new PgDriver(database.url, { max: 2 });
  let api: Awaited<ReturnType<typeof runApi>> | null = null;
  let worker: Awaited<ReturnType<typeof runWorker>> | null = null;
  let holder: pg.Client | null = null;
  try {
    // BENCH_INGEST_WORKER=1: the scaled-out set-up on one machine (README "Processes and scaling
    // out"): the API takes the tracking with RUN_PROJECTIONS=false, a worker (at `nice`
    // BENCH_INGEST_WORKER_NICE, default 10) runs the projections and the analytics projector.
    const kafka: Record<string, string> = KAFKA
      ? { KAFKA_BROKERS: KAFKA, KAFKA_TOPIC_PREFIX: `bench-${database.url.split('/').pop()}` }
      : {};
    if (WORKER) {
      // The worker first: the API's first start (the demo organisation) waits for read models it projects.
      worker = await runWorker(database.url, WORKER_NICE, kafka);
      api = await runApi(database.url, { ...LIMITS, ...kafka, RUN_PROJECTIONS: 'false' });
    } else {
      api = await runApi(database.url, { ...LIMITS, ...kafka });
    }
    if (KAFKA) log(`ingest: through Kafka at ${KAFKA} (topic prefix ${kafka.KAFKA_TOPIC_PREFIX})`);
    const site = await createWebsite(api.base, 'Bench Ingest', 'https://bench-ingest.example');
    log(`ingest: website ${site.id}; its set-up through the generator command`);
    // With a worker, it runs the projections the set-up waits for (and the connections stay under PostgreSQL's 100).
    await runGenerator(
      database.url,
      ['--website', site.id, '--setup', 'bench', '--visitors', '0'],
      WORKER ? { RUN_PROJECTIONS: 'false' } : {},
    );
    const placed = await websiteTraffic(driver, site.id);
    if (!placed) throw new Error('the bench website is gone');
    log(
      `ingest: ${placed.ctas.length} CTAs, ${placed.experiments.length} live experiments, ${placed.goals.length} goals, ${placed.pages.length} pages`,
    );
    const specOf = (seed: number, batches: number, end = new Date()): BatchSpec => ({
      traffic: {
        days: 1,
        end: end.toISOString(),
        pages: placed.pages,
        ctas: placed.ctas,
        experiments: placed.experiments,
        goals: placed.goals,
        controlGroupPct: 10,
        botPct: 2,
        utcOffsetMinutes: 0,
        currency: 'EUR',
      },
      seed,
      idPrefix: `in${seed}`,
      batches,
      size: SIZE,
    });
    const loadSpec = (spec: BatchSpec, connections: number, sampleEvery: number): CollectLoadSpec => ({
      ...spec,
      url: api!.base,
      siteKey: site.key,
      connections,
      sampleEvery,
    });
    for (let i = 0; i < CONNECTIONS; i++) clients.push(await client(database.url));
    const tracker = new LagTracker(db, site.id);
    tracker.start();
    // The events answered so far; through Kafka, the consumer has stored them all when the website has as many.
    let sent = 0;
    const settled = async (timeoutMs: number) => {
      if (KAFKA) await waitForStored(db, site.id, sent, timeoutMs);
      await waitForProjector(db, site.id, timeoutMs);
    };
    const answered = <T extends { accepted: number }>(r: T) => ((sent += r.accepted), r);

    // Warm-up, and the lag at rest: one batch at a time, 5 a second.
    log('ingest: warming up');
    answered(await httpRound(loadSpec(specOf(1, 300), CONNECTIONS, 1_000_000), tracker));
    await baseline(clients, makeBatches(specOf(1, 300)), site.organisationId);
    await settled(600_000);
    const rest = new LagTracker(db, site.id);
    rest.start();
    answered(await httpRound({ ...loadSpec(specOf(100, 40), 1, 1), pauseMs: 200 }, rest));
    await rest.finish(60_000);
    const restLags = [...rest.lags].sort((a, b) => a - b);
    log(
      `ingest: lag at rest p50 ${percentile(restLags, 50)} ms, p99 ${percentile(restLags, 99)} ms (${restLags.length} batches)`,
    );

    // BENCH_INGEST_PROJECTOR=paused (a diagnostic): the website's aggregates row is held locked during
    // the rounds, so the projector's batch waits (its first statement after the claim) and ingestion
    // runs alone; the lag is then not measured.
    const paused = process.env.BENCH_INGEST_PROJECTOR === 'paused';
    holder = paused ? await client(database.url) : null;
    const pause = async () => {
      if (!holder) return;
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM an_aggregate_zones WHERE website_id = $1 FOR UPDATE', [site.id]);
    };
    const resume = async () => {
      if (holder) await holder.query('COMMIT');
    };
    const http: HttpRound[] = [];
    const plain: PlainRound[] = [];
    const drains: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const seed = 1000 + round;
      const batches = makeBatches(specOf(seed, BATCHES));
      const sides = [
        async () => {
          await pause();
          const before = await scrapeApi(api!.base);
          const r = answered(
            await httpRound(
              loadSpec(specOf(seed, BATCHES), CONNECTIONS, paused ? 1_000_000_000 : SAMPLE_EVERY),
              tracker,
              [api!.child.pid, worker?.child.pid],
            ),
          );
          const after = await scrapeApi(api!.base);
          await resume();
          const drainStart = performance.now();
          const left = (
            await db.query<{ n: string }>('SELECT count(*)::text AS n FROM analytics_pending WHERE website_id = $1', [
              site.id,
            ])
          ).rows[0]!.n;
          await settled(1_800_000);
          const drain = (performance.now() - drainStart) / 1000;
          drains.push(drain);
          http.push(r);
          const cpu = cpuMeterAvailable
            ? `; CPU ${Math.round(r.cpuPer1000)} ms per 1,000 events (API ${Math.round(r.cpu.app)}, PostgreSQL ${Math.round(r.cpu.postgres)}, load ${Math.round(r.cpu.load)} ms)`
            : '';
          return `http ${fmt(r.eventsPerSecond)} events/s (p50 ${r.p50} ms, p99 ${r.p99} ms; ${fmt(Number(left))} visitors queued at the end, drained in ${drain.toFixed(1)} s${cpu}; ${describeApi(before, after)})`;
        },
        async () => {
          const r = await baseline(clients, batches, site.organisationId);
          plain.push(r);
          const cpu = cpuMeterAvailable
            ? `; CPU ${Math.round(r.cpuPer1000)} ms per 1,000 events (PostgreSQL ${Math.round(r.cpu.postgres)}, bench ${Math.round(r.cpu.bench)} ms)`
            : '';
          return `baseline ${fmt(r.eventsPerSecond)} events/s (p50 ${round1(percentile(r.ms, 50))} ms, p99 ${round1(percentile(r.ms, 99))} ms${cpu})`;
        },
      ];
      if (round % 2 === 1) sides.reverse();
      const said: string[] = [];
      for (const side of sides) said.push(await side());
      log(`  ingest round ${round + 1}/${ROUNDS}: ${said.join('; ')}`);
    }
    // The latency under a steady load below the flat-out rate (what a customer website's visitors
    // see on an ordinary busy day): RATE events/s for RATE_SECONDS, open loop, both sides, the
    // projector running (the queue emptied before each side; held like the flat-out rounds with
    // BENCH_INGEST_PROJECTOR=paused).
    const steadyHttp: CollectLoadResult[] = [];
    const steadyPlain: number[][] = [];
    const steadyBatches = Math.round((RATE / SIZE) * RATE_SECONDS);
    for (let round = 0; round < ROUNDS; round++) {
      const seed = 2000 + round;
      const sides = [
        async () => {
          await settled(1_800_000);
          await pause();
          const before = await scrapeApi(api!.base);
          const r = answered(
            await httpRound(
              { ...loadSpec(specOf(seed, steadyBatches), CONNECTIONS, 1_000_000_000), ratePerSecond: RATE },
              tracker,
            ),
          );
          const after = await scrapeApi(api!.base);
          await resume();
          steadyHttp.push(r);
          return `http at ${fmt(RATE)} events/s: p50 ${r.p50} ms, p99 ${r.p99} ms (sent in ${r.seconds.toFixed(1)} s; ${describeApi(before, after)}; load generator's loop delay p99 ${r.loopP99} / max ${r.loopMax} ms)`;
        },
        async () => {
          const { ms, loopP99, loopMax } = await baselineAtRate(
            clients,
            makeBatches(specOf(seed, steadyBatches)),
            site.organisationId,
            RATE,
          );
          steadyPlain.push(ms);
          return `baseline at ${fmt(RATE)} events/s: p50 ${round1(percentile(ms, 50))} ms, p99 ${round1(percentile(ms, 99))} ms (the bench process's loop delay p99 ${loopP99} / max ${loopMax} ms)`;
        },
      ];
      if (round % 2 === 1) sides.reverse();
      const said: string[] = [];
      for (const side of sides) said.push(await side());
      log(`  ingest steady round ${round + 1}/${ROUNDS}: ${said.join('; ')}`);
    }
    await tracker.finish(600_000);
    const lags = tracker.lags.slice();
    lags.sort((a, b) => a - b);

    const value = median(http.map((r) => r.eventsPerSecond));
    const base = median(plain.map((r) => r.eventsPerSecond));
    const p50 = median(http.map((r) => r.p50));
    const p99 = median(http.map((r) => r.p99));
    const b50 = median(plain.map((r) => percentile(r.ms, 50)));
    const b99 = median(plain.map((r) => percentile(r.ms, 99)));
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    const via = KAFKA
      ? ', through Kafka (KAFKA_BROKERS set: answered once the broker acknowledged, stored by the consumer group)'
      : '';
    const what = `${fmt(BATCHES)} batches of ${SIZE} generated events per round (whole visitors, the last day), ${CONNECTIONS} connections, median of ${ROUNDS} rounds${via}`;
    return [
      {
        name: 'ingest_collect_events_per_s',
        value: Math.round(value),
        unit: 'events/s',
        baseline: Math.round(base),
        ratio: ratio(value, base),
        notes: `POST /api/public/collect from a load generator in another process; ${what}; rounds: ${http.map((r) => fmt(r.eventsPerSecond)).join(', ')} vs ${plain.map((r) => fmt(r.eventsPerSecond)).join(', ')}; baseline: a plain 50-row INSERT of the same rows into collected_events from the bench process`,
      },
      {
        name: 'ingest_collect_p50_ms',
        value: round1(p50),
        unit: 'ms',
        baseline: round1(b50),
        ratio: ratio(p50, b50),
        notes: `each request's time in the load generator under that load; baseline: each 50-row INSERT statement's time; ${what}`,
      },
      {
        name: 'ingest_collect_p99_ms',
        value: round1(p99),
        unit: 'ms',
        baseline: round1(b99),
        ratio: ratio(p99, b99),
        notes: `as ingest_collect_p50_ms`,
      },
      {
        name: `ingest_collect_p99_ms_at_${RATE}_per_s`,
        value: round1(median(steadyHttp.map((r) => r.p99))),
        unit: 'ms',
        baseline: round1(median(steadyPlain.map((ms) => percentile(ms, 99)))),
        ratio: ratio(median(steadyHttp.map((r) => r.p99)), median(steadyPlain.map((ms) => percentile(ms, 99)))),
        notes:
          `each request's time from its scheduled moment to its answer, at a steady ${fmt(RATE)} events/s (${fmt(RATE / SIZE)} batches of ${SIZE} a second, open loop, up to ${CONNECTIONS} connections) for ${RATE_SECONDS} s, the projector running; ` +
          `p50 ${round1(median(steadyHttp.map((r) => r.p50)))} ms; baseline: the plain 50-row INSERT at the same rate (p50 ${round1(median(steadyPlain.map((ms) => percentile(ms, 50))))} ms); median of ${ROUNDS} rounds`,
      },
      ...(cpuMeterAvailable
        ? [
            {
              name: 'ingest_cpu_ms_per_1000_events',
              value: round1(median(http.map((r) => r.cpuPer1000))),
              unit: 'ms',
              baseline: round1(median(plain.map((r) => r.cpuPer1000))),
              ratio: ratio(median(http.map((r) => r.cpuPer1000)), median(plain.map((r) => r.cpuPer1000))),
              notes:
                `CPU time of the whole machine's parties per 1,000 events in the flat-out rounds (bench/cpu-meter.ts, /proc): the API process(es)${WORKER ? ' and the worker' : ''}, every PostgreSQL process and the load generator, from the first batch sent to the last answer (the projector's work in that time included, its catching up afterwards not); ` +
                `medians per 1,000 events: API ${round1(median(http.map((r) => (r.cpu.app / r.events) * 1000)))}, PostgreSQL ${round1(median(http.map((r) => (r.cpu.postgres / r.events) * 1000)))}, load ${round1(median(http.map((r) => (r.cpu.load / r.events) * 1000)))} ms; ` +
                `baseline: PostgreSQL and the bench process for the raw INSERT (PostgreSQL ${round1(median(plain.map((r) => (r.cpu.postgres / r.events) * 1000)))} ms); ${what}`,
            },
          ]
        : []),
      {
        name: 'ingest_projection_lag_p99_ms',
        value: Math.round(percentile(lags, 99)),
        unit: 'ms',
        baseline: Math.round(percentile(restLags, 99)),
        ratio: ratio(percentile(lags, 99), percentile(restLags, 99)),
        notes:
          `from the HTTP answer until ${KAFKA ? "the batch's visitors are stored and " : ''}none of them is queued in analytics_pending (polled every ${POLL_MS} ms), every ${SAMPLE_EVERY}th batch under load (${lags.length} batches; p50 ${Math.round(percentile(lags, 50))} ms, max ${Math.round(lags[lags.length - 1] ?? 0)} ms); ` +
          `queue drained ${drains.map((d) => d.toFixed(1)).join(', ')} s after each round's last answer; baseline: the same lag at rest (one batch at a time, 5/s; p50 ${Math.round(percentile(restLags, 50))} ms)`,
      },
    ];
  } finally {
    process.off('SIGINT', onSignal);
    if (api) await api.stop();
    if (worker) await worker.stop();
    await holder?.end().catch(() => undefined);
    for (const c of clients) await c.end().catch(() => undefined);
    await db.end().catch(() => undefined);
    await driver.close().catch(() => undefined);
    await database.drop();
  }
}
