/**
 * The `reports` section of `npm run bench` (PostgreSQL only; `BENCH_SECTIONS=reports`): the
 * latency of the analytics reports over generated traffic, against the straightforward SQL over
 * the raw `collected_events` that computes the same figures.
 *
 * For each size of `BENCH_REPORTS_VISITORS` (default `100000,1000000`: about 1M and 10M events):
 * 1. a bench database with the API's schema and the demo organisation (the API started once on
 *    it), a website "Bench Shop" created through `POST /api/websites` as the demo owner;
 * 2. `generate-traffic.js --setup bench --visitors N --days 90 --control 10` in a process of its
 *    own: the set-up through the product's commands (3 goals, 30 CTAs placed by 15 live campaigns,
 *    a live A/B experiment, 5 funnels), then N visitors' traffic written into `collected_events`
 *    (the API is stopped meanwhile: the generator has the database to itself);
 * 3. the API started again: the time until its analytics projector has emptied the queue is the
 *    read models' build time (`projector_build`, visitors/s); then `VACUUM ANALYZE`;
 * 4. each report loaded through HTTP by the demo owner, one request at a time, in rounds
 *    alternating with its baseline query (run from this process over `pg`): p50 and p95 of each.
 *    The figures the two sides answer are compared (`notes` says whether they agree).
 *
 * Data sets take minutes to make (10M events: about 10 minutes to write and more to project).
 * `BENCH_REPORTS_KEEP=1` keeps each database under a fixed name, `t_bench_analytics_<N>`, and a
 * later run with `BENCH_REPORTS_KEEP=1` finds it and goes straight to step 4 (a database without
 * its finished marker is dropped and made again). Drop them with
 * `DROP DATABASE t_bench_analytics_<N>` when done. Without it the databases are dropped at the end.
 */
import pg from 'pg';
import { reportScope } from '#libs/analytics/src/read/report-service.js';
import { PgDriver } from '#libs/eventstore/src/sql/pg-driver.js';
import { maintainEventPartitions } from '#libs/cro/src/projections/event-partitions.js';
import { AGGREGATES_VERSION } from '#libs/analytics/src/read/aggregates.js';
import {
  client,
  createWebsite,
  percentile,
  round1,
  runApi,
  runGenerator,
  waitForProjector,
  type RunningApi,
} from './analytics-common.js';
import { createBenchDatabase, fmt, log, median } from './harness.js';
import { signIn, type HttpFigure } from './http.js';

/** One figure of the JSON line (the shape every section reports). */
export type Figure = HttpFigure;

const SIZES = (process.env.BENCH_REPORTS_VISITORS ?? '100000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const KEEP = process.env.BENCH_REPORTS_KEEP === '1';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? '3') || 3);
/** HTTP requests per report per round, and baseline queries per report per round. */
const REQUESTS = Math.max(5, Number(process.env.BENCH_REPORTS_REQUESTS ?? '40') || 40);
const BASELINE_RUNS = Math.max(1, Number(process.env.BENCH_REPORTS_BASELINE_RUNS ?? '3') || 3);
const DAYS = 90;
const CONTROL_PCT = 10;
const SITE_URL = 'https://bench-shop.example';

interface Meta {
  visitors: number;
  events: number;
  websiteId: string;
  generateSeconds: number;
  projectSeconds: number;
  madeAt: string;
}

interface Dataset {
  url: string;
  name: string;
  meta: Meta;
  drop(): Promise<void>;
}

const META_TABLE = 'CREATE TABLE IF NOT EXISTS bench_meta (id integer PRIMARY KEY, meta jsonb NOT NULL)';

/** The kept database of this size when it is complete, else a fresh one (made by `make`). */
async function dataset(adminUrl: string, visitors: number): Promise<Dataset> {
  if (KEEP) {
    const name = `t_bench_analytics_${visitors}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const admin = await client(adminUrl);
    try {
      const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows.length > 0;
      if (exists) {
        const db = await client(url.toString());
        let meta: Meta | null = null;
        try {
          await db.query(META_TABLE);
          meta =
            ((await db.query<{ meta: Meta }>('SELECT meta FROM bench_meta WHERE id = 1')).rows[0]?.meta as
              Meta | undefined) ?? null;
        } finally {
          await db.end();
        }
        if (meta) {
          log(
            `reports: reusing ${name} (${fmt(meta.visitors)} visitors, ${fmt(meta.events)} events, made ${meta.madeAt})`,
          );
          return { url: url.toString(), name, meta, drop: async () => log(`reports: kept ${name}`) };
        }
        log(`reports: ${name} is incomplete: dropping it`);
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      }
      await admin.query(`CREATE DATABASE ${name}`);
      log(`reports: created database ${name} (kept: BENCH_REPORTS_KEEP=1)`);
    } finally {
      await admin.end();
    }
    const meta = await make(url.toString(), visitors);
    return { url: url.toString(), name, meta, drop: async () => log(`reports: kept ${name}`) };
  }
  const database = await createBenchDatabase(adminUrl);
  try {
    const meta = await make(database.url, visitors);
    return { url: database.url, name: database.name, meta, drop: () => database.drop() };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** Steps 1-3: the website, its set-up and traffic, the read models built. */
async function make(url: string, visitors: number): Promise<Meta> {
  let api = await runApi(url);
  let website;
  try {
    website = await createWebsite(api.base, 'Bench Shop', SITE_URL);
  } finally {
    await api.stop();
  }
  log(
    `reports: website ${website.id}; generating ${fmt(visitors)} visitors over ${DAYS} days (the API is stopped meanwhile)`,
  );
  const generateStart = performance.now();
  await runGenerator(url, [
    '--website',
    website.id,
    '--setup',
    'bench',
    '--visitors',
    String(visitors),
    '--days',
    String(DAYS),
    '--control',
    String(CONTROL_PCT),
    '--seed',
    '1',
  ]);
  const generateSeconds = (performance.now() - generateStart) / 1000;
  const db = await client(url);
  try {
    const events = Number(
      (
        await db.query<{ n: string }>('SELECT count(*)::text AS n FROM collected_events WHERE website_id = $1', [
          website.id,
        ])
      ).rows[0]!.n,
    );
    const queued = Number(
      (
        await db.query<{ n: string }>('SELECT count(*)::text AS n FROM analytics_pending WHERE website_id = $1', [
          website.id,
        ])
      ).rows[0]!.n,
    );
    // The retention job's partition maintenance (what the API runs at start): the generated months move
    // from the default partition into monthly ones now, before the projector runs (see the note in
    // docs/benchmarks.md: a move while the projector reads lost visitors).
    const driver = new PgDriver(url, { max: 2 });
    try {
      const moved = await maintainEventPartitions(driver);
      log(`reports: monthly partitions made for the generated months: ${moved.created.join(', ') || 'none'}`);
    } finally {
      await driver.close();
    }
    log(
      `reports: ${fmt(events)} events of ${fmt(queued)} queued visitors written in ${generateSeconds.toFixed(0)} s; starting the API (its analytics projector builds the read models)`,
    );
    const projectStart = performance.now();
    api = await runApi(url);
    let projectSeconds: number;
    try {
      await waitForProjector(db, website.id, 3 * 3600_000, (left, s) =>
        log(`  projector: ${fmt(left)} visitors queued after ${s.toFixed(0)} s`),
      );
      projectSeconds = (performance.now() - projectStart) / 1000;
    } finally {
      await api.stop();
    }
    const built = Number(
      (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM an_visitors WHERE website_id = $1', [website.id]))
        .rows[0]!.n,
    );
    if (built !== queued) throw new Error(`the projector emptied the queue but built ${built} visitors of ${queued}`);
    log(
      `reports: read models built in ${projectSeconds.toFixed(0)} s (${fmt(queued / projectSeconds)} visitors/s, API start included); VACUUM ANALYZE`,
    );
    await db.query('VACUUM ANALYZE');
    const meta: Meta = {
      visitors: queued,
      events,
      websiteId: website.id,
      generateSeconds,
      projectSeconds,
      madeAt: new Date().toISOString(),
    };
    await db.query(META_TABLE);
    await db.query('INSERT INTO bench_meta (id, meta) VALUES (1, $1)', [JSON.stringify(meta)]);
    return meta;
  } finally {
    await db.end();
  }
}

interface Ids {
  websiteId: string;
  experimentId: string;
  purchaseGoalId: string;
  purchaseEvent: string;
  goalEvents: { event: string; value: boolean }[];
  funnel: { id: string; steps: { event: string }[]; windowSeconds: number; breakdown: string | null };
  timeZone: string;
}

async function idsOf(db: pg.Client, websiteId: string): Promise<Ids> {
  const experiment = await db.query<{ id: string; goal_id: string }>(
    `SELECT id, state->'fields'->>'goalId' AS goal_id FROM rm_experiments WHERE website_id = $1 AND status = 'live' ORDER BY created_at LIMIT 1`,
    [websiteId],
  );
  const goals = await db.query<{ id: string; event: string; type: string }>(
    `SELECT id, state->'fields'->>'event' AS event, state->'fields'->>'type' AS type FROM rm_goals WHERE website_id = $1 AND status <> 'deleted' ORDER BY created_at`,
    [websiteId],
  );
  const funnel = await db.query<{
    id: string;
    fields: {
      steps: { event: string; filters?: unknown[] }[];
      windowSeconds?: number | null;
      breakdown?: string | null;
    };
  }>(
    `SELECT id, state->'fields' AS fields FROM rm_funnels WHERE website_id = $1 AND name = 'Bench newsletter journey'`,
    [websiteId],
  );
  const zone = await db.query<{ tz: string | null }>(
    `SELECT record->>'timezone' AS tz FROM rm_websites WHERE id = $1`,
    [websiteId],
  );
  const exp = experiment.rows[0];
  const purchase = goals.rows.find((g) => g.id === exp?.goal_id);
  const f = funnel.rows[0];
  if (!exp || !purchase || !f)
    throw new Error('the bench website has no live experiment, purchase goal or newsletter funnel');
  return {
    websiteId,
    experimentId: exp.id,
    purchaseGoalId: purchase.id,
    purchaseEvent: purchase.event,
    goalEvents: goals.rows.map((g) => ({ event: g.event, value: g.type === 'value' })),
    funnel: {
      id: f.id,
      steps: f.fields.steps,
      windowSeconds: f.fields.windowSeconds ?? 14 * 86_400,
      breakdown: f.fields.breakdown ?? null,
    },
    timeZone: zone.rows[0]?.tz ?? 'UTC',
  };
}

// ---------------------------------------------------------------------------------------------
// The baselines: plain SQL over collected_events computing the same figures.

type Query = (sql: string, params: unknown[]) => Promise<pg.QueryResult>;

/** Per variant: distinct exposed visitors, and those of them with a goal event at or after their first exposure. */
async function experimentBaseline(q: Query, ids: Ids) {
  const found = await q(
    `WITH first AS (
       SELECT variant, distinct_id, min(time) AS first_at FROM collected_events
        WHERE website_id = $1 AND name = 'experiment_exposure' AND experiment_id = $2 AND variant IS NOT NULL AND NOT bot
        GROUP BY variant, distinct_id)
     SELECT f.variant, count(*)::int AS visitors,
            (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM collected_events g WHERE g.website_id = $1 AND g.distinct_id = f.distinct_id
                                              AND g.name = $3 AND g.time >= f.first_at AND NOT g.bot)))::int AS conversions
       FROM first f GROUP BY f.variant ORDER BY f.variant`,
    [ids.websiteId, ids.experimentId, ids.purchaseEvent],
  );
  return Object.fromEntries(found.rows.map((r) => [r.variant, { visitors: r.visitors, conversions: r.conversions }]));
}

/** Last-touch credit per CTA (the last impression or click in the lookback before each goal event in the range), and the CTA's traffic in the range. */
async function attributionBaseline(q: Query, ids: Ids, bounds: { start: Date; end: Date }) {
  const found = await q(
    `WITH conv AS (
       SELECT id, distinct_id, time, coalesce(value, 0) AS value FROM collected_events
        WHERE website_id = $1 AND name = $2 AND time >= $3 AND time < $4 AND NOT bot),
     credit AS (
       SELECT t.cta_id, count(*) AS conversions, sum(conv.value) AS revenue
         FROM conv CROSS JOIN LATERAL (
           SELECT cta_id FROM collected_events t
            WHERE t.website_id = $1 AND t.distinct_id = conv.distinct_id AND t.name IN ('cta_impression', 'cta_click') AND t.cta_id IS NOT NULL
              AND t.id <> conv.id AND t.time <= conv.time AND t.time >= conv.time - make_interval(days => $5)
            ORDER BY t.time DESC, t.id DESC LIMIT 1) t
        GROUP BY t.cta_id),
     traffic AS (
       SELECT cta_id, count(*) FILTER (WHERE name = 'cta_impression') AS impressions, count(*) FILTER (WHERE name = 'cta_click') AS clicks,
              count(DISTINCT distinct_id) FILTER (WHERE name = 'cta_impression') AS visitors
         FROM collected_events
        WHERE website_id = $1 AND name IN ('cta_impression', 'cta_click') AND cta_id IS NOT NULL AND time >= $3 AND time < $4 AND NOT bot
        GROUP BY cta_id)
     SELECT coalesce(c.cta_id, t.cta_id) AS cta_id, coalesce(c.conversions, 0)::int AS conversions, coalesce(c.revenue, 0)::float8 AS revenue,
            coalesce(t.impressions, 0)::int AS impressions, coalesce(t.clicks, 0)::int AS clicks, coalesce(t.visitors, 0)::int AS visitors
       FROM credit c FULL JOIN traffic t ON t.cta_id = c.cta_id`,
    [ids.websiteId, ids.purchaseEvent, bounds.start, bounds.end, 30],
  );
  return found.rows as {
    cta_id: string;
    conversions: number;
    revenue: number;
    impressions: number;
    clicks: number;
    visitors: number;
  }[];
}

/**
 * The 3-step funnel (page_view → cta_click → form_submitted, no filters) as PostHog counts it:
 * every step-1 event in the range starts an attempt; each later step is the earliest matching event
 * at or after the previous step and within the window of step 1; each person's counted attempt is
 * the one reaching furthest, then reaching it first, then starting last; counts, mean and median
 * times, overall and per breakdown value (utm.source of step 1).
 */
async function funnelBaseline(q: Query, ids: Ids, bounds: { start: Date; end: Date }) {
  const [s1, s2, s3] = ids.funnel.steps.map((s) => s.event) as [string, string, string];
  const found = await q(
    `WITH ev AS (
       SELECT distinct_id, name, time, utm->>'source' AS b FROM collected_events
        WHERE website_id = $1 AND name IN ($2, $3, $4) AND time >= $5 AND time < $6::timestamptz + make_interval(secs => $7) AND NOT bot),
     a1 AS (SELECT distinct_id, time AS t1, b FROM ev WHERE name = $2 AND time < $6),
     a2 AS (
       SELECT a1.distinct_id, a1.t1, a1.b, min(x.time) AS t2
         FROM a1 LEFT JOIN ev x ON x.distinct_id = a1.distinct_id AND x.name = $3 AND x.time >= a1.t1 AND x.time <= a1.t1 + make_interval(secs => $7)
        GROUP BY a1.distinct_id, a1.t1, a1.b),
     a3 AS (
       SELECT a2.distinct_id, a2.t1, a2.b, a2.t2, min(x.time) AS t3
         FROM a2 LEFT JOIN ev x ON a2.t2 IS NOT NULL AND x.distinct_id = a2.distinct_id AND x.name = $4 AND x.time >= a2.t2 AND x.time <= a2.t1 + make_interval(secs => $7)
        GROUP BY a2.distinct_id, a2.t1, a2.b, a2.t2),
     counted AS (
       SELECT DISTINCT ON (distinct_id) distinct_id, b, t1, t2, t3 FROM a3
        ORDER BY distinct_id, (t3 IS NOT NULL)::int + (t2 IS NOT NULL)::int DESC, coalesce(t3, t2, t1) ASC, t1 DESC)
     SELECT b, GROUPING(b) AS overall, count(*)::int AS s1, count(t2)::int AS s2, count(t3)::int AS s3,
            avg(extract(epoch FROM t2 - t1))::float8 AS mean2, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM t2 - t1))::float8 AS median2,
            avg(extract(epoch FROM t3 - t2))::float8 AS mean3, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM t3 - t2))::float8 AS median3
       FROM counted GROUP BY GROUPING SETS ((), (b))`,
    [ids.websiteId, s1, s2, s3, bounds.start, bounds.end, ids.funnel.windowSeconds],
  );
  const overall = found.rows.find((r) => r.overall === 1)!;
  return {
    counts: [overall.s1, overall.s2, overall.s3] as number[],
    median2: overall.median2 as number | null,
    breakdowns: found.rows.length - 1,
  };
}

/** The metrics' totals (page views, visitors, organic views, impressions, clicks, conversions, revenue, exposed and converting visitors), per day, and the top pages. */
async function metricsBaseline(q: Query, ids: Ids, bounds: { start: Date; end: Date }) {
  const goalNames = ids.goalEvents.map((g) => g.event);
  const valueNames = ids.goalEvents.filter((g) => g.value).map((g) => g.event);
  const series = await q(
    `SELECT to_char(date_trunc('day', time AT TIME ZONE $4), 'YYYY-MM-DD') AS day,
            count(*) FILTER (WHERE name = 'page_view')::int AS page_views,
            count(*) FILTER (WHERE name = 'page_view' AND referrer_class = 'organic')::int AS organic,
            count(DISTINCT distinct_id) FILTER (WHERE name = 'page_view')::int AS visitors,
            count(*) FILTER (WHERE name = 'cta_impression' AND cta_id IS NOT NULL)::int AS impressions,
            count(*) FILTER (WHERE name = 'cta_click' AND cta_id IS NOT NULL)::int AS clicks,
            count(DISTINCT distinct_id) FILTER (WHERE name = 'cta_impression' AND cta_id IS NOT NULL)::int AS exposed,
            count(*) FILTER (WHERE name = ANY($5::text[]))::int AS conversions,
            coalesce(sum(value) FILTER (WHERE name = ANY($6::text[])), 0)::float8 AS revenue,
            count(DISTINCT distinct_id) FILTER (WHERE name = ANY($5::text[]))::int AS converting
       FROM collected_events WHERE website_id = $1 AND time >= $2 AND time < $3 AND NOT bot
      GROUP BY ROLLUP (1)`,
    [ids.websiteId, bounds.start, bounds.end, ids.timeZone, goalNames, valueNames],
  );
  await q(
    `SELECT split_part(split_part(url, '#', 1), '?', 1) AS page, count(*) AS views, count(DISTINCT distinct_id) AS visitors
       FROM collected_events WHERE website_id = $1 AND name = 'page_view' AND time >= $2 AND time < $3 AND NOT bot
      GROUP BY 1 ORDER BY 2 DESC LIMIT 20`,
    [ids.websiteId, bounds.start, bounds.end],
  );
  const total = series.rows.find((r) => r.day === null)!;
  return {
    pageViews: total.page_views,
    visitors: total.visitors,
    impressions: total.impressions,
    clicks: total.clicks,
    conversions: total.conversions,
    exposed: total.exposed,
  };
}

// ---------------------------------------------------------------------------------------------

interface Report {
  name: string;
  what: string;
  path: string;
  baseline: (q: Query) => Promise<unknown>;
  /** Whether the API's answer and the baseline's figures agree (a sentence for the notes). */
  agree: (api: unknown, baseline: unknown) => string;
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function reportsOf(ids: Ids, bounds: { start: Date; end: Date }): Report[] {
  const range = 'range=last_28_days';
  return [
    {
      name: 'report_experiment_results',
      what: `GET /api/experiments/{id}/results (2 arms, goal: purchases)`,
      path: `/api/experiments/${ids.experimentId}/results`,
      baseline: (q) => experimentBaseline(q, ids),
      agree: (api, base) => {
        const a = api as {
          control: { key: string; visitors: number; conversions: number };
          variants: { key: string; visitors: number; conversions: number }[];
        };
        const b = base as Record<string, { visitors: number; conversions: number }>;
        const arms = [a.control, ...a.variants];
        const same = arms.every(
          (arm) => b[arm.key]?.visitors === arm.visitors && b[arm.key]?.conversions === arm.conversions,
        );
        return `${same ? 'same' : 'DIFFERENT'} visitors and conversions per arm (${arms.map((arm) => `${arm.key} ${arm.conversions}/${arm.visitors}`).join(', ')}${same ? '' : ` vs ${JSON.stringify(b)}`})`;
      },
    },
    {
      name: 'report_attribution',
      what: 'GET /api/reports/attribution (last touch, purchases, last 28 days, 30-day lookback)',
      path: `/api/reports/attribution?websiteId=${ids.websiteId}&goalId=${ids.purchaseGoalId}&model=last-touch&${range}`,
      baseline: (q) => attributionBaseline(q, ids, bounds),
      agree: (api, base) => {
        const rows = api as {
          ctaId: string;
          conversions: number;
          revenue: number;
          impressions: number;
          clicks: number;
        }[];
        const plain = new Map((base as Awaited<ReturnType<typeof attributionBaseline>>).map((r) => [r.cta_id, r]));
        const same =
          rows.length === plain.size &&
          rows.every((r) => {
            const p = plain.get(r.ctaId);
            return (
              p !== undefined &&
              close(p.conversions, r.conversions) &&
              close(p.revenue, r.revenue) &&
              p.impressions === r.impressions &&
              p.clicks === r.clicks
            );
          });
        const conversions = rows.reduce((s, r) => s + r.conversions, 0);
        return `${same ? 'same' : 'DIFFERENT'} credit, revenue, impressions and clicks for ${rows.length} CTAs (${fmt(conversions)} credited conversions)`;
      },
    },
    {
      name: 'report_funnel',
      what: 'GET /api/funnels/{id}/results (page_view → cta_click → form_submitted, breakdown utm.source, last 28 days)',
      path: `/api/funnels/${ids.funnel.id}/results?${range}`,
      baseline: (q) => funnelBaseline(q, ids, bounds),
      agree: (api, base) => {
        const a = api as {
          steps: { count: number; medianSecondsFromPrevious: number | null }[];
          breakdown?: unknown[];
        };
        const b = base as Awaited<ReturnType<typeof funnelBaseline>>;
        const counts = a.steps.map((s) => s.count);
        const m = a.steps[1]?.medianSecondsFromPrevious ?? null;
        const same =
          counts.every((c, i) => c === b.counts[i]) &&
          (m === null ? b.median2 === null : b.median2 !== null && close(m, b.median2)) &&
          (a.breakdown?.length ?? 0) === b.breakdowns;
        return `${same ? 'same' : 'DIFFERENT'} step counts (${counts.map(fmt).join(' → ')}${same ? '' : ` vs ${b.counts.map(fmt).join(' → ')}`}), median time and breakdown values`;
      },
    },
    {
      name: 'report_metrics',
      what: 'GET /api/reports/metrics (interval day, last 28 days)',
      path: `/api/reports/metrics?websiteId=${ids.websiteId}&interval=day&${range}`,
      baseline: (q) => metricsBaseline(q, ids, bounds),
      agree: (api, base) => {
        const t = (api as { totals: Record<string, number> }).totals;
        const b = base as Awaited<ReturnType<typeof metricsBaseline>>;
        const same =
          t.pageViews === b.pageViews &&
          t.visitors === b.visitors &&
          t.impressions === b.impressions &&
          t.clicks === b.clicks &&
          t.conversions === b.conversions;
        return `${same ? 'same' : 'DIFFERENT'} page views, visitors, impressions, clicks and conversions (${fmt(t.pageViews)} page views, ${fmt(t.visitors)} visitors)`;
      },
    },
  ];
}

async function timeHttp(
  base: string,
  cookie: string,
  path: string,
  n: number,
): Promise<{ ms: number[]; body: unknown }> {
  const ms: number[] = [];
  let body: unknown = null;
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    const text = await res.text();
    ms.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    body = JSON.parse(text);
  }
  return { ms, body };
}

async function timeBaseline(
  q: Query,
  run: (q: Query) => Promise<unknown>,
  n: number,
): Promise<{ ms: number[]; result: unknown }> {
  const ms: number[] = [];
  let result: unknown = null;
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    result = await run(q);
    ms.push(performance.now() - start);
  }
  return { ms, result };
}

const r1 = (n: number) => round1(n);

/** Step 4 on one data set: the figures of each report. */
async function measure(data: Dataset, api: RunningApi): Promise<Figure[]> {
  const db = await client(data.url);
  const driver = new PgDriver(data.url, { max: 2 });
  try {
    const ids = await idsOf(db, data.meta.websiteId);
    const scope = await reportScope(driver, ids.websiteId, { range: 'last_28_days' });
    const cookie = await signIn(api.base, 'owner@demo.example');
    const q: Query = (sql, params) => db.query(sql, params);
    const label = `${fmt(data.meta.events)} events`;
    const figures: Figure[] = [];
    for (const report of reportsOf(ids, scope.bounds)) {
      log(`reports: ${report.name} over ${label}: warming up`);
      await timeHttp(api.base, cookie, report.path, 3);
      await report.baseline(q);
      const http: number[] = [];
      const plain: number[] = [];
      let answer: unknown = null;
      let computed: unknown = null;
      for (let round = 0; round < ROUNDS; round++) {
        const sides = [
          async () => {
            const r = await timeHttp(api.base, cookie, report.path, REQUESTS);
            http.push(...r.ms);
            answer = r.body;
            return `http p50 ${r1(median(r.ms))} ms`;
          },
          async () => {
            const r = await timeBaseline(q, report.baseline, BASELINE_RUNS);
            plain.push(...r.ms);
            computed = r.result;
            return `baseline p50 ${r1(median(r.ms))} ms`;
          },
        ];
        if (round % 2 === 1) sides.reverse();
        const said: string[] = [];
        for (const side of sides) said.push(await side());
        log(`  round ${round + 1}/${ROUNDS}: ${said.join(', ')}`);
      }
      http.sort((a, b) => a - b);
      plain.sort((a, b) => a - b);
      const agreement = report.agree(answer, computed);
      const size = `${fmt(data.meta.events)} events of ${fmt(data.meta.visitors)} visitors`;
      const common = `${report.what}; ${size}; ${ROUNDS} rounds of ${REQUESTS} sequential requests by the owner, alternating with ${BASELINE_RUNS} runs of the baseline; baseline: plain SQL over collected_events; ${agreement}`;
      const suffix =
        data.meta.events >= 5_000_000
          ? `${Math.round(data.meta.events / 1_000_000)}m`
          : `${Math.round(data.meta.events / 100_000) / 10}m`;
      for (const [p, label2] of [
        [50, 'p50'],
        [95, 'p95'],
      ] as const) {
        const value = r1(percentile(http, p));
        const baseline = r1(percentile(plain, p));
        figures.push({
          name: `${report.name}_${label2}_${suffix}`,
          value,
          unit: 'ms',
          baseline,
          ratio: Math.round((value / baseline) * 100) / 100,
          notes: common,
        });
      }
      log(
        `  ${report.name}: p50 ${r1(percentile(http, 50))} ms, p95 ${r1(percentile(http, 95))} ms; baseline p50 ${r1(percentile(plain, 50))} ms, p95 ${r1(percentile(plain, 95))} ms; ${agreement}`,
      );
    }
    return figures;
  } finally {
    await driver.close().catch(() => undefined);
    await db.end();
  }
}

export async function reportsSection(adminUrl: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const visitors of SIZES) {
    const data = await dataset(adminUrl, visitors);
    const onSignal = () => void data.drop().finally(() => process.exit(130));
    process.once('SIGINT', onSignal);
    try {
      const m = data.meta;
      figures.push({
        name: `projector_build_${fmt(m.visitors).replace(/,/g, '_')}_visitors`,
        value: Math.round(m.visitors / m.projectSeconds),
        unit: 'visitors/s',
        baseline: Math.round(m.events / m.generateSeconds),
        ratio: Math.round((m.visitors / m.projectSeconds / (m.events / m.generateSeconds)) * 100) / 100,
        notes:
          `the API's analytics projector from a full queue of ${fmt(m.visitors)} visitors (${fmt(m.events)} events) to an empty one, ${m.projectSeconds.toFixed(0)} s including the API's start; ` +
          `baseline: the generator's write rate (events/s, ${m.generateSeconds.toFixed(0)} s, set-up included) — a reference, not a like-for-like ratio; made ${m.madeAt}`,
      });
      const api = await runApi(data.url);
      try {
        // Aggregates made by an older version are rebuilt by the projector's next change of the website: one queued visitor (what a new event does).
        const db = await client(data.url);
        try {
          const zone = await db.query<{ version: number }>(
            'SELECT version FROM an_aggregate_zones WHERE website_id = $1',
            [m.websiteId],
          );
          const outdated = Number(zone.rows[0]?.version ?? -1) !== AGGREGATES_VERSION;
          if (outdated) {
            log(
              `reports: the aggregates of ${data.name} are not of version ${AGGREGATES_VERSION}: one visitor queued, the projector rebuilds them`,
            );
            await db.query(
              `INSERT INTO analytics_pending (website_id, distinct_id, queued_at) SELECT website_id, distinct_id, now() FROM an_visitors WHERE website_id = $1 LIMIT 1 ON CONFLICT DO NOTHING`,
              [m.websiteId],
            );
          }
          const seconds = await waitForProjector(db, m.websiteId, 3 * 3600_000);
          if (outdated) {
            log(`reports: aggregates rebuilt in ${seconds.toFixed(0)} s; VACUUM ANALYZE`);
            await db.query('VACUUM ANALYZE');
          }
        } finally {
          await db.end();
        }
        figures.push(...(await measure(data, api)));
      } finally {
        await api.stop();
      }
    } finally {
      process.off('SIGINT', onSignal);
      await data.drop();
    }
  }
  return figures;
}
