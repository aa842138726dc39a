// The reports read aggregates of the per-visitor rows (libs/analytics/src/read/aggregates.ts:
// experiment counters, per-day sums, distinct visitors per range of days) when the website's are
// built, and the per-visitor rows otherwise. Both must answer the same, on the demo's generated
// traffic (Demo Shop, Europe/Berlin: the ranges cross a change of summer time), after events that
// change visitors' histories (a new first day, a conversion in the middle), and after the website
// moves to another timezone. The aggregates kept up to date batch by batch must equal the ones
// rebuilt from the per-visitor rows. Funnel results come from the aggregates when the range ends on
// or after the funnel's last attempt (every range here but the one of yesterday).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { rebuildAggregates } from '#libs/analytics/src/read/aggregates.js';
import { settleAnalytics } from '../support/analytics.js';
import { expectWith } from '../support/expect.js';
import { OWNER, boot, listQuery, setups, signIn, type Agent, type Booted } from './setups.js';

type Rec = Record<string, any>;
const DAY = 86_400_000;

/** Numbers to 9 significant digits: sums of values may differ in their last bits with the order they are added in. */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(9));
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]));
  return value;
}

for (const setup of setups) {
  describe(`analytics aggregates against the per-visitor rows (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let shop: Rec;
    let goals: Rec[];
    let headline: Rec;
    let funnels: Rec[];
    const db = () => t.app.runtime.db;
    const settle = () => settleAnalytics(t.app);
    const get = async (path: string) => {
      const res = await owner.get(path);
      expectWith(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    const list = async (resource: string): Promise<Rec[]> =>
      get(`/api/${resource}?${listQuery({ filter: { websiteId: shop.id }, range: [0, 99] })}`);
    const zone = async () =>
      (
        await db().query<{ timezone: string }>('SELECT timezone FROM an_aggregate_zones WHERE website_id = $1', [
          shop.id,
        ])
      ).rows[0]?.timezone;

    const paths = () => {
      const out: string[] = [`/api/experiments/${headline.id}/results`];
      const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
      const ranges = [
        'range=last_7_days',
        'range=last_28_days',
        'range=last_3_months',
        'range=all_time',
        `from=${ago(40)}&to=${ago(10)}`,
        `from=${ago(1)}&to=${ago(1)}`,
      ];
      for (const range of ranges) {
        for (const interval of ['day', 'week', 'month'])
          out.push(`/api/reports/metrics?websiteId=${shop.id}&interval=${interval}&${range}`);
        for (const goal of goals)
          out.push(`/api/reports/attribution?websiteId=${shop.id}&goalId=${goal.id}&model=u-shape&${range}`);
        for (const funnel of funnels) out.push(`/api/funnels/${funnel.id}/results?${range}`);
      }
      for (const range of ['range=last_28_days', 'range=all_time']) {
        for (const goal of goals) {
          for (const model of ['first-touch', 'last-touch', 'single-touch', 'assist', 'linear', 'time-decay']) {
            out.push(`/api/reports/attribution?websiteId=${shop.id}&goalId=${goal.id}&model=${model}&${range}`);
          }
        }
      }
      return out;
    };

    /** Every report read from the aggregates, then from the per-visitor rows (the aggregates marked as never built). */
    const compare = async () => {
      const kept = await zone();
      expect(kept).toBeTruthy();
      const fast = [];
      for (const path of paths()) fast.push(await get(path));
      // '' = never built: every report reads the per-visitor rows.
      await db().query('UPDATE an_aggregate_zones SET timezone = $2 WHERE website_id = $1', [shop.id, '']);
      try {
        const slow = [];
        for (const path of paths()) slow.push(await get(path));
        expect(rounded(fast)).toEqual(rounded(slow));
      } finally {
        await db().query('UPDATE an_aggregate_zones SET timezone = $2 WHERE website_id = $1', [shop.id, kept]);
      }
      return fast;
    };

    /** The aggregates' rows that are not zero, in a fixed order. */
    const snapshot = async () => {
      const q = async (sql: string) => (await db().query(sql, [shop.id])).rows.map((r) => JSON.stringify(rounded(r)));
      return {
        experiments: await q(
          'SELECT experiment_id, variant, visitors, conversions FROM an_experiment_counts WHERE website_id = $1 AND (visitors <> 0 OR conversions <> 0) ORDER BY 1, 2',
        ),
        totals: await q(
          `SELECT kind, key, to_char(day, 'YYYY-MM-DD') AS day, n1::float8 AS n1, n2::float8 AS n2, n3::float8 AS n3 FROM an_day_totals WHERE website_id = $1 AND (n1 <> 0 OR n2 <> 0 OR n3 <> 0) ORDER BY 1, 2, 3`,
        ),
        visitors: await q(
          `SELECT kind, key, to_char(day, 'YYYY-MM-DD') AS day, prev_day::text AS prev, visitors FROM an_day_visitors WHERE website_id = $1 AND visitors <> 0 ORDER BY 1, 2, 3, 4`,
        ),
        funnels: await q(
          `SELECT funnel_id, to_char(day, 'YYYY-MM-DD') AS day, prev_day::text AS prev, bkey, reached, persons FROM an_funnel_days WHERE website_id = $1 AND persons <> 0 ORDER BY 1, 2, 3, 4, 5`,
        ),
        times: await q(
          `SELECT funnel_id, to_char(day, 'YYYY-MM-DD') AS day, prev_day::text AS prev, bkey, step, ms, persons FROM an_funnel_times WHERE website_id = $1 AND persons <> 0 ORDER BY 1, 2, 3, 4, 5, 6`,
        ),
      };
    };

    const collect = async (events: Rec[]) => {
      for (let i = 0; i < events.length; i += 100) {
        const res = await request(t.url)
          .post('/api/public/collect')
          .set('Content-Type', 'text/plain')
          .send(JSON.stringify({ siteKey: shop.key, events: events.slice(i, i + 100) }));
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        expectWith(res.body.rejected, JSON.stringify(res.body.rejected)).toEqual([]);
      }
    };

    beforeAll(async () => {
      t = await boot(setup, { DEMO_TRAFFIC: 'true' });
      owner = await signIn(t.url, OWNER);
      shop = ((await owner.get('/api/websites')).body as Rec[]).find((w) => w.name === 'Demo Shop')!;
      await settle();
      goals = await list('goals');
      headline = (await list('experiments')).find((e) => e.name === 'Headline test')!;
      funnels = await list('funnels');
    });
    afterAll(async () => t?.stop());

    it('the reports answer the same from the aggregates as from the per-visitor rows', async () => {
      expect(await zone()).toBe('Europe/Berlin');
      const [results, ...rest] = await compare();
      // The funnels were read from the aggregates (their last attempts are today's).
      expect((await snapshot()).funnels.length).toBeGreaterThan(100);
      // Not an empty comparison: the demo's traffic shows in them.
      expect(results.control.visitors).toBeGreaterThan(100);
      const metrics = rest.find((r: Rec) => r.totals && r.totals.visitors > 1000);
      expect(metrics).toBeDefined();
      expect(metrics.totals.conversions).toBeGreaterThan(0);
      const funnel = rest.find((r: Rec) => r.breakdown && r.steps[1].count > 10);
      expect(funnel).toBeDefined();
      expect(funnel.steps[1].medianSecondsFromPrevious).toBeGreaterThan(0);
    });

    it("after events that change visitors' histories, and equal to the aggregates rebuilt from the rows", async () => {
      const visitors = (
        await db().query<{ distinct_id: string }>(
          'SELECT distinct_id FROM an_visitors WHERE website_id = $1 AND NOT bot ORDER BY distinct_id LIMIT 12',
          [shop.id],
        )
      ).rows.map((r) => r.distinct_id);
      const popup = (await list('ctas')).find((c) => c.status === 'active')!;
      const value = goals.find((g) => g.type === 'value')!;
      const page = `${shop.url}/guides/watering`;
      let n = 0;
      const events: Rec[] = [];
      visitors.forEach((distinctId, i) => {
        // A day long before their first visit (a new first day), one in the middle of their history, and today.
        for (const daysAgo of [120 - i, 45 + i, 0]) {
          const time = new Date(Date.now() - daysAgo * DAY - 3_600_000).toISOString();
          events.push({ id: `agg-${++n}`, name: 'page_view', distinctId, time, url: `${page}?i=${i}` });
          events.push({ id: `agg-${++n}`, name: 'cta_impression', distinctId, time, url: page, ctaId: popup.id });
          if (i % 2 === 0)
            events.push({
              id: `agg-${++n}`,
              name: 'cta_click',
              distinctId,
              time: new Date(Date.parse(time) + 5_000 * (i + 1)).toISOString(),
              url: page,
              ctaId: popup.id,
            });
          if (i % 3 === 0)
            events.push({
              id: `agg-${++n}`,
              name: value.event,
              distinctId,
              time,
              url: page,
              value: 10 + i / 7,
              currency: 'EUR',
            });
        }
      });
      await collect(events);
      await settle();
      await compare();
      const kept = await snapshot();
      await db().transaction((tx) => rebuildAggregates(tx, shop.id, 'Europe/Berlin'));
      expect(await snapshot()).toEqual(kept);
    });

    it('after the website moves to another timezone: the per-visitor rows until the next batch rebuilds the aggregates in it', async () => {
      const moved = await owner.put(`/api/websites/${shop.id}`).send({ timezone: 'America/New_York' });
      expectWith(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await zone()).toBe('Europe/Berlin');
      await collect([
        {
          id: 'agg-moved',
          name: 'page_view',
          distinctId: 'agg-after-move',
          time: new Date().toISOString(),
          url: `${shop.url}/`,
        },
      ]);
      await settle();
      expect(await zone()).toBe('America/New_York');
      await compare();
      // Aggregates of another version are not read, and the next batch rebuilds them.
      await db().query('UPDATE an_aggregate_zones SET version = 0 WHERE website_id = $1', [shop.id]);
      const before = await snapshot();
      await db().query('DELETE FROM an_funnel_days WHERE website_id = $1', [shop.id]);
      await collect([
        {
          id: 'agg-version',
          name: 'page_view',
          distinctId: 'agg-after-move',
          time: new Date().toISOString(),
          url: `${shop.url}/`,
        },
      ]);
      await settle();
      expect(
        (
          await db().query<{ version: number }>('SELECT version FROM an_aggregate_zones WHERE website_id = $1', [
            shop.id,
          ])
        ).rows[0]?.version,
      ).toBe(1);
      expect((await snapshot()).funnels).toEqual(before.funnels);
      await compare();
    });
  });
}
