// The analytics reports through the real HTTP stack (DESIGN.md "Analytics definitions", "Report
// endpoints"): events go in through `POST /api/public/collect` exactly as the tracker sends them,
// the analytics projector recomputes the visitors' rows, and the reports answer published reference
// values, typed here by hand:
// - the two-proportion example of Penn State's STAT 200 (Lesson 9.1.2.2: 62 of 99 against 56 of
//   127, z = -2.77, p = 0.006);
// - GrowthBook's gbstats test_two_sided_ttest_binom (14/28 against 16/30: lift 0.06667, uplift
//   standard error 0.2717; the interval is DESIGN's normal one, lift ± 1.959964 × se);
// - Google's position-based attribution (40 % first, 40 % last, 20 % shared by the middle ones);
// - degenerate cases (no traffic: numbers or nulls, never NaN).
// The other figures were worked out by hand (with a pocket calculator: Φ from erfc) and are written
// out next to each expectation.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { settleAnalytics } from '../support/analytics.js';
import { expectWith } from '../support/expect.js';
import { ADMIN, OWNER, boot, listQuery, setups, signIn, type Agent, type Booted } from './setups.js';

const SHOP = 'https://shop.demo.example';
const HOUR = 3_600_000;

type Event = Record<string, unknown> & { name: string; distinctId: string; time: string };

for (const setup of setups) {
  describe(`analytics reports (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let shop: { id: string; key: string };
    let seq = 0;
    // Two hours ago on the minute: inside today's or yesterday's day, always in the last 28 days.
    const T = Math.floor((Date.now() - 2 * HOUR) / 60_000) * 60_000;
    const at = (offsetMs: number) => new Date(T + offsetMs).toISOString();

    /** `ip`: the visitor's address (X-Forwarded-For: the app trusts its loopback proxy). */
    const collect = async (events: Event[], ip?: string) => {
      for (let i = 0; i < events.length; i += 100) {
        const batch = events.slice(i, i + 100).map((e) => ({ id: `e2e-${++seq}`, url: `${SHOP}/`, ...e }));
        const req = request(t.url).post('/api/public/collect').set('Content-Type', 'text/plain');
        if (ip) req.set('X-Forwarded-For', ip);
        const res = await req.send(JSON.stringify({ siteKey: shop.key, events: batch }));
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        expectWith(res.body.rejected, JSON.stringify(res.body.rejected)).toEqual([]);
      }
    };
    const settle = () => settleAnalytics(t.app);
    const created = async (resource: string, body: Record<string, unknown>) => {
      const res = await owner.post(`/api/${resource}`).send({ websiteId: shop.id, ...body });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: string } & Record<string, unknown>;
    };
    const get = async (path: string) => {
      const res = await owner.get(path);
      expectWith(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    const experiment = async (name: string, goalId: string, extra: Record<string, unknown> = {}) =>
      created('experiments', {
        name,
        pageUrl: `${SHOP}/`,
        testType: 'ab',
        goalId,
        variants: [
          { key: 'control', weight: 50 },
          { key: 'b', weight: 50 },
        ],
        ...extra,
      });
    /** `visitors` exposed to the variant, the first `converting` of them buying a minute later. */
    const arm = (experimentId: string, variant: string, visitors: number, converting: number): Event[] =>
      Array.from({ length: visitors }, (_, i) => {
        const distinctId = `${experimentId.slice(0, 8)}-${variant}-${i}`;
        const exposure: Event = { name: 'experiment_exposure', distinctId, time: at(0), experimentId, variant };
        return i < converting ? [exposure, { name: 'purchase', distinctId, time: at(60_000) }] : [exposure];
      }).flat();

    beforeAll(async () => {
      // TRUST_PROXY: the end rule's test sends its visitors from addresses of their own (X-Forwarded-For).
      t = await boot(setup, { TRUST_PROXY: 'true' });
      owner = await signIn(t.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as { id: string; name: string; key: string }[];
      shop = websites.find((w) => w.name === 'Demo Shop')!;
    });
    afterAll(async () => t?.stop());

    describe('experiment results', () => {
      let purchase: { id: string };
      beforeAll(async () => {
        purchase = await created('goals', { name: 'Purchases (e2e)', type: 'count', event: 'purchase' });
      });

      it('reproduce the textbook two-proportion example: 62 of 99 against 56 of 127 (Penn State STAT 200 9.1.2.2)', async () => {
        const test = await experiment('Textbook', purchase.id);
        // A visitor who bought before being exposed does not count as a conversion.
        await collect([
          ...arm(test.id, 'control', 99, 62),
          ...arm(test.id, 'b', 127, 56),
          { name: 'purchase', distinctId: `${test.id.slice(0, 8)}-control-98`, time: at(-60_000) },
        ]);
        await settle();
        const results = await get(`/api/experiments/${test.id}/results`);
        expect(results.control).toEqual({ key: 'control', visitors: 99, conversions: 62, rate: 62 / 99 });
        expect(results.variants).toHaveLength(1);
        const b = results.variants[0];
        expect(b).toMatchObject({ key: 'b', visitors: 127, conversions: 56 });
        expect(b.rate).toBeCloseTo(0.440945, 6);
        expect(b.delta).toBeCloseTo(-0.185318, 6); // 0.440945 - 0.626263
        expect(b.lift).toBeCloseTo(-0.295911, 6); // 0.440945 / 0.626263 - 1
        // Pooled 118/226, se 0.066971, z = -2.7672: the source's p = 0.006 (0.005654 to 6 places).
        expect(b.pValue).toBeCloseTo(0.006, 3);
        expect(b.pValue).toBeCloseTo(0.005654, 6);
        expect(b.significance).toBeCloseTo(0.994346, 6);
        // Delta method: se(lift) = 0.089103, 95 %: -0.295911 ± 1.959964 × 0.089103.
        expect(b.ciLow).toBeCloseTo(-0.470528, 5);
        expect(b.ciHigh).toBeCloseTo(-0.121293, 5);
        expect(b.chanceToWin).toBeCloseTo(0.000448, 6);
        // 99 against 127 on 50/50: chi² = 2 × 14² / 113 = 3.4690, p = 0.062528; not flagged.
        expect(results.srmPValue).toBeCloseTo(0.062528, 5);
        expect(results.srmFlag).toBe(false);
        // Significant, but the control has 99 visitors: under the minimum of 100, nobody wins.
        expect(results.winner).toBeNull();
      });

      it("reproduce GrowthBook's lift and its interval: 14 of 28 against 16 of 30", async () => {
        const test = await experiment('GrowthBook', purchase.id);
        await collect([...arm(test.id, 'control', 28, 14), ...arm(test.id, 'b', 30, 16)]);
        await settle();
        const results = await get(`/api/experiments/${test.id}/results`);
        const b = results.variants[0];
        expect(results.control).toEqual({ key: 'control', visitors: 28, conversions: 14, rate: 0.5 });
        expect(b.lift).toBeCloseTo(0.06667, 5);
        // GrowthBook's uplift standard error 0.2717, normal quantile: 0.06667 ∓ 0.532515.
        expect(b.ciLow).toBeCloseTo(-0.465852, 5);
        expect(b.ciHigh).toBeCloseTo(0.599186, 5);
        expect(b.pValue).toBeCloseTo(0.7996, 4);
        expect(b.chanceToWin).toBeCloseTo(0.59692, 5);
        expect(results.winner).toBeNull();
      });

      it('answer numbers or nulls, never NaN, for a test without traffic or with one visitor per arm converting', async () => {
        const empty = await experiment('Nobody came', purchase.id);
        const none = await get(`/api/experiments/${empty.id}/results`);
        expect(none).toMatchObject({
          control: { key: 'control', visitors: 0, conversions: 0, rate: null },
          variants: [
            {
              key: 'b',
              visitors: 0,
              conversions: 0,
              rate: null,
              lift: null,
              delta: null,
              ciLow: null,
              ciHigh: null,
              chanceToWin: 0.5,
            },
          ],
          srmPValue: null,
          srmFlag: false,
          winner: null,
        });
        const all = await experiment('Everybody buys', purchase.id);
        await collect([...arm(all.id, 'control', 1, 1), ...arm(all.id, 'b', 1, 1)]);
        await settle();
        const full = await get(`/api/experiments/${all.id}/results`);
        // Both rates 1: lift 0, pooled rate 1 so p = 1, significance 0; no interval (a rate of 1).
        expect(full.variants[0]).toMatchObject({
          rate: 1,
          lift: 0,
          delta: 0,
          pValue: 1,
          significance: 0,
          ciLow: null,
          ciHigh: null,
          chanceToWin: 0.5,
        });
        expect(JSON.stringify(full)).not.toContain('NaN');
      });

      it('complete a live experiment by its end rule, recording the figures that met it', async () => {
        const test = await experiment('Ends at 4 visitors', purchase.id, { endRule: { mode: 'any', visitors: 4 } });
        const published = await owner.post(`/api/experiments/${test.id}/actions/Publish`).send({});
        expectWith(published.status, JSON.stringify(published.body)).toBe(200);
        // Traffic the end rules take for real (issue 25; test/e2e/cro-forged-traffic.test.ts): each
        // visitor views the test's page and comes from a network of its own.
        let network = 0;
        const real = async (events: Event[]) => {
          for (const distinctId of [...new Set(events.map((e) => e.distinctId))]) {
            await collect(
              [{ name: 'page_view', distinctId, time: at(0) }, ...events.filter((e) => e.distinctId === distinctId)],
              `198.51.${++network}.20`,
            );
          }
        };
        await real(arm(test.id, 'control', 2, 1));
        await settle();
        expect((await get(`/api/experiments/${test.id}`)).status).toBe('live');
        await real(arm(test.id, 'b', 2, 0));
        await settle();
        expect((await get(`/api/experiments/${test.id}`)).status).toBe('completed');
        const history = (await get(`/api/experiments/${test.id}/history`)) as {
          type: string;
          data: Record<string, unknown>;
        }[];
        const completed = history.find((e) => e.type === 'ExperimentCompleted');
        expect(completed?.data).toMatchObject({
          from: 'live',
          endRule: 'visitors',
          winner: null,
          figures: { met: ['visitors'], visitors: 4, conversionsPerVariant: { control: 1, b: 0 } },
        });
      });
    });

    describe('attribution', () => {
      let order: { id: string };
      let ctas: { id: string }[];
      beforeAll(async () => {
        order = await created('goals', { name: 'Orders (e2e)', type: 'value', event: 'order', currency: 'EUR' });
        ctas = [];
        for (const name of ['First', 'Second', 'Third', 'Fourth'])
          ctas.push(await created('ctas', { name: `Attribution ${name}`, type: 'form', items: [] }));
        const [a, b, c, d] = ctas.map((x) => x.id) as [string, string, string, string];
        await collect([
          // u1: four touchpoints an hour apart, then an order of 100 (Google's position-based example path).
          { name: 'cta_impression', distinctId: 'u1', time: at(-4 * HOUR), ctaId: a },
          { name: 'cta_impression', distinctId: 'u1', time: at(-3 * HOUR), ctaId: b },
          { name: 'cta_impression', distinctId: 'u1', time: at(-2 * HOUR), ctaId: c },
          { name: 'cta_click', distinctId: 'u1', time: at(-1 * HOUR), ctaId: d },
          { name: 'order', distinctId: 'u1', time: at(0), value: 100, currency: 'EUR' },
          // u2: one touchpoint, then an order of 50.
          { name: 'cta_impression', distinctId: 'u2', time: at(-HOUR), ctaId: b },
          { name: 'order', distinctId: 'u2', time: at(0), value: 50, currency: 'EUR' },
          // u3: a touchpoint 40 days before the order: outside the 30-day lookback.
          { name: 'cta_impression', distinctId: 'u3', time: at(-40 * 24 * HOUR), ctaId: c },
          { name: 'order', distinctId: 'u3', time: at(0), value: 70, currency: 'EUR' },
        ]);
        await settle();
      });
      const report = async (model: string) => {
        const rows = (await get(
          `/api/reports/attribution?websiteId=${shop.id}&goalId=${order.id}&model=${model}&range=last_28_days`,
        )) as Record<string, number | string | null>[];
        return new Map(ctas.map((c, i) => [i, rows.find((r) => r.ctaId === c.id)]));
      };

      it("u-shape splits 40/20/40 as Google's position-based model: 40, 10, 10, 40 of 100; a single touchpoint takes all", async () => {
        const rows = await report('u-shape');
        expect(rows.get(0)).toMatchObject({ conversions: 0.4, revenue: 40, impressions: 1, clicks: 0, ctr: 0 });
        // b: 10 % of u1's 100, all of u2's 50.
        expect(rows.get(1)!.conversions).toBeCloseTo(1.1, 10);
        expect(rows.get(1)!.revenue).toBeCloseTo(60, 10);
        expect(rows.get(1)).toMatchObject({ impressions: 2, clicks: 0, ctr: 0 });
        expect(rows.get(2)!.conversions).toBeCloseTo(0.1, 10);
        expect(rows.get(2)!.revenue).toBeCloseTo(10, 10);
        // d was clicked, never seen in an impression: no CTR, no visitors to divide by.
        expect(rows.get(3)).toMatchObject({
          conversions: 0.4,
          revenue: 40,
          impressions: 0,
          clicks: 1,
          ctr: null,
          conversionRate: null,
          revenuePerVisitor: null,
        });
        // Assists whatever the model: a, b and c stood before u1's last touchpoint (full value 100).
        expect(rows.get(0)).toMatchObject({ assistedConversions: 1, assistedRevenue: 100 });
        expect(rows.get(1)).toMatchObject({ assistedConversions: 1, assistedRevenue: 100 });
        expect(rows.get(3)).toMatchObject({ assistedConversions: 0, assistedRevenue: 0 });
        // a's conversion rate: 0.4 credited conversions over its one visitor.
        expect(rows.get(0)).toMatchObject({ conversionRate: 0.4, revenuePerVisitor: 40 });
      });

      it('first touch, last touch, single touch, linear and time decay', async () => {
        const first = await report('first-touch');
        expect(first.get(0)).toMatchObject({ conversions: 1, revenue: 100 });
        expect(first.get(1)).toMatchObject({ conversions: 1, revenue: 50 });
        expect(first.get(3)).toMatchObject({ conversions: 0, revenue: 0 });
        const last = await report('last-touch');
        expect(last.get(3)).toMatchObject({ conversions: 1, revenue: 100 });
        expect(last.get(1)).toMatchObject({ conversions: 1, revenue: 50 });
        expect(last.get(0)).toMatchObject({ conversions: 0, revenue: 0 });
        const single = await report('single-touch');
        expect(single.get(1)).toMatchObject({ conversions: 1, revenue: 50 });
        expect(single.get(0)).toMatchObject({ conversions: 0, revenue: 0 });
        const linear = await report('linear');
        expect(linear.get(0)).toMatchObject({ conversions: 0.25, revenue: 25 });
        expect(linear.get(1)!.revenue).toBeCloseTo(75, 10);
        // Time decay, half-life 7 days (168 h): weights 2^(-4/168), 2^(-3/168), 2^(-2/168), 2^(-1/168) normalised.
        const decay = await report('time-decay');
        expect(decay.get(0)!.revenue).toBeCloseTo(24.845493, 5);
        expect(decay.get(1)!.revenue).toBeCloseTo(24.948214 + 50, 5);
        expect(decay.get(2)!.revenue).toBeCloseTo(25.05136, 5);
        expect(decay.get(3)!.revenue).toBeCloseTo(25.154932, 5);
      });

      it("a lookback of 60 days reaches u3's old touchpoint; bad parameters answer 422", async () => {
        const rows = (await get(
          `/api/reports/attribution?websiteId=${shop.id}&goalId=${order.id}&model=first-touch&lookbackDays=60&range=last_28_days`,
        )) as Record<string, number | string>[];
        expect(rows.find((r) => r.ctaId === ctas[2]!.id)).toMatchObject({ conversions: 1, revenue: 70 });
        for (const query of [
          'model=w-shape',
          'lookbackDays=0',
          'lookbackDays=400',
          'from=2026-02-30',
          'from=2026-03-02&to=2026-03-01',
          'range=forever',
        ]) {
          const res = await owner.get(`/api/reports/attribution?websiteId=${shop.id}&goalId=${order.id}&${query}`);
          expectWith(res.status, query).toBe(422);
        }
        expect((await owner.get(`/api/reports/attribution?websiteId=${shop.id}&goalId=nope`)).status).toBe(422);
      });
    });

    describe('incrementality', () => {
      it('compares the exposed visitors with the control group held out: 30 of 100 against 10 of 50', async () => {
        const signup = await created('goals', { name: 'Sign-ups (e2e)', type: 'count', event: 'signup' });
        const cta = await created('ctas', { name: 'Incrementality', type: 'form', items: [] });
        const group = (prefix: string, name: string, users: number, converting: number): Event[] =>
          Array.from({ length: users }, (_, i) => {
            const seen: Event = { name, distinctId: `${prefix}${i}`, time: at(0), ctaId: cta.id };
            return i < converting ? [seen, { name: 'signup', distinctId: `${prefix}${i}`, time: at(60_000) }] : [seen];
          }).flat();
        // A sign-up before the impression does not count.
        await collect([
          ...group('x', 'cta_impression', 100, 30),
          ...group('h', 'cta_holdout', 50, 10),
          { name: 'signup', distinctId: 'x99', time: at(-60_000) },
        ]);
        await settle();
        const result = await get(
          `/api/reports/incrementality?websiteId=${shop.id}&ctaId=${cta.id}&goalId=${signup.id}`,
        );
        expect(result.exposed).toEqual({ users: 100, conversions: 30, rate: 0.3 });
        expect(result.holdout).toEqual({ users: 50, conversions: 10, rate: 0.2 });
        expect(result.lift).toBeCloseTo(0.5, 12); // (0.3 - 0.2) / 0.2
        expect(result.incrementalConversions).toBeCloseTo(10, 12); // 30 - 0.2 × 100
        // Pooled 40/150, se = 0.076594, z = 1.30558, p = 0.191695.
        expect(result.pValue).toBeCloseTo(0.191695, 5);
        expect(result.significance).toBeCloseTo(0.808305, 5);
      });
    });

    describe('funnels (PostHog conversion_time_cases.py, moved to ten days ago)', () => {
      const DAY = 24 * HOUR;
      const base = Math.floor((Date.now() - 10 * DAY) / DAY) * DAY; // midnight UTC ten days ago
      const on = (day: number, hhmm: string) =>
        new Date(base + day * DAY + Number(hhmm.slice(0, 2)) * HOUR + Number(hhmm.slice(3)) * 60_000).toISOString();
      const results = async (id: string) => get(`/api/funnels/${id}/results?range=last_28_days`);
      const counts = (r: { steps: { count: number }[] }) => r.steps.map((x) => x.count);

      it('test_funnel_step_conversion_times: counts 3, 3, 2; means (null, 6000, 5400); medians (null, 7200, 5400); broken down by plan', async () => {
        const funnel = await created('funnels', {
          name: 'Movies',
          steps: [{ event: 'sign_up' }, { event: 'play_movie' }, { event: 'buy' }],
          windowSeconds: 7 * 24 * 3600,
          breakdown: 'plan',
        });
        await collect([
          { name: 'sign_up', distinctId: 'person1', time: on(0, '12:00'), properties: { plan: 'pro' } },
          { name: 'play_movie', distinctId: 'person1', time: on(0, '13:00') },
          { name: 'buy', distinctId: 'person1', time: on(0, '15:00') },
          { name: 'sign_up', distinctId: 'person2', time: on(1, '14:00'), properties: { plan: 'free' } },
          { name: 'play_movie', distinctId: 'person2', time: on(1, '16:00') },
          { name: 'sign_up', distinctId: 'person3', time: on(1, '14:00'), properties: { plan: 'free' } },
          { name: 'play_movie', distinctId: 'person3', time: on(1, '16:00') },
          { name: 'buy', distinctId: 'person3', time: on(1, '17:00') },
        ]);
        await settle();
        const r = await results(funnel.id);
        expect(r.steps).toEqual([
          {
            event: 'sign_up',
            count: 3,
            conversionFromFirst: 1,
            conversionFromPrevious: null,
            dropOff: null,
            meanSecondsFromPrevious: null,
            medianSecondsFromPrevious: null,
          },
          {
            event: 'play_movie',
            count: 3,
            conversionFromFirst: 1,
            conversionFromPrevious: 1,
            dropOff: 0,
            meanSecondsFromPrevious: 6000,
            medianSecondsFromPrevious: 7200,
          },
          {
            event: 'buy',
            count: 2,
            conversionFromFirst: expect.closeTo(2 / 3, 10),
            conversionFromPrevious: expect.closeTo(2 / 3, 10),
            dropOff: 1,
            meanSecondsFromPrevious: 5400,
            medianSecondsFromPrevious: 5400,
          },
        ]);
        expect(r.breakdown.map((b: { value: string; steps: { count: number }[] }) => [b.value, counts(b)])).toEqual([
          ['free', [2, 2, 1]],
          ['pro', [1, 1, 1]],
        ]);
        // A range that ends before the attempts started counts nobody: null times and ratios, never NaN.
        const before = await get(`/api/funnels/${funnel.id}/results?from=2026-01-01&to=2026-01-02`);
        expect(counts(before)).toEqual([0, 0, 0]);
        expect(before.steps[1]).toMatchObject({
          conversionFromFirst: null,
          conversionFromPrevious: null,
          meanSecondsFromPrevious: null,
          medianSecondsFromPrevious: null,
        });
      });

      it('test_funnel_with_multiple_incomplete_tries: a funnel created after the events is computed from them; the furthest attempt counts', async () => {
        await collect([
          { name: 'user_signed_up', distinctId: 'tries', time: on(0, '01:00') },
          { name: 'pageview', distinctId: 'tries', time: on(0, '02:00') },
          { name: 'something_else', distinctId: 'tries', time: on(0, '03:00') },
          { name: 'user_signed_up', distinctId: 'tries', time: on(2, '04:00') },
          { name: 'pageview', distinctId: 'tries', time: on(2, '05:00') },
          { name: 'user_signed_up', distinctId: 'tries', time: on(3, '07:00') },
          { name: 'pageview', distinctId: 'tries', time: on(3, '10:00') },
        ]);
        await settle();
        const funnel = await created('funnels', {
          name: 'Tries',
          steps: [{ event: 'user_signed_up' }, { event: 'pageview' }, { event: 'something_else' }],
          windowSeconds: 24 * 3600,
        });
        await settle();
        const r = await results(funnel.id);
        expect(counts(r)).toEqual([1, 1, 1]);
        expect(r.steps.map((x: { meanSecondsFromPrevious: number | null }) => x.meanSecondsFromPrevious)).toEqual([
          null,
          3600,
          3600,
        ]);
        expect(r.pendingVisitors).toBe(0);
      });
    });

    describe('tenancy', () => {
      it("another organisation's website, goal or CTA answers 422 on every report, and its events stay out of the list", async () => {
        const admin = await signIn(t.url, ADMIN);
        const orgB = (await admin.post('/api/organisations').send({ name: 'Analytics tenant B' })).body.id as string;
        await admin.post(`/api/organisations/${orgB}/actions/ChangePlan`).send({ plan: 'scale' });
        const siteB = (
          await admin
            .post('/api/websites')
            .send({ organisationId: orgB, name: 'B analytics', url: 'https://b-analytics.example' })
        ).body.id as string;
        const goalB = (
          await admin.post('/api/goals').send({ websiteId: siteB, name: 'B goal', type: 'count', event: 'purchase' })
        ).body.id as string;
        const ctaB = (await admin.post('/api/ctas').send({ websiteId: siteB, name: 'B cta', type: 'form', items: [] }))
          .body.id as string;
        const mine = await created('goals', { name: 'Mine (e2e)', type: 'count', event: 'purchase' });
        const refused = [
          `/api/reports/attribution?websiteId=${siteB}&goalId=${goalB}`,
          `/api/reports/attribution?websiteId=${shop.id}&goalId=${goalB}`,
          `/api/reports/incrementality?websiteId=${siteB}&ctaId=${ctaB}&goalId=${goalB}`,
          `/api/reports/incrementality?websiteId=${shop.id}&ctaId=${ctaB}&goalId=${mine.id}`,
          `/api/reports/goal-completions?websiteId=${siteB}&goalId=${goalB}`,
          `/api/reports/goal-completions?websiteId=${shop.id}&goalId=${goalB}`,
          `/api/reports/metrics?websiteId=${siteB}`,
          `/api/analytics-events?${listQuery({ filter: { websiteId: siteB } })}`,
        ];
        for (const path of refused) {
          const res = await owner.get(path);
          expectWith(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(422);
          expect(JSON.stringify(res.body)).not.toContain('B analytics');
        }
        // The platform admin (B's owner) reads B's reports.
        expect((await admin.get(`/api/reports/metrics?websiteId=${siteB}`)).status).toBe(200);
        await collect([{ name: 'page_view', distinctId: 'tenancy-a', time: at(0) }]);
        const listed = await owner.get(
          `/api/analytics-events?${listQuery({ filter: { websiteId: shop.id }, range: [0, 499] })}`,
        );
        expect(listed.status).toBe(200);
        expect((listed.body as { websiteId: string }[]).every((e) => e.websiteId === shop.id)).toBe(true);
        expect((listed.body as unknown[]).length).toBeGreaterThan(0);
      });
    });

    describe('goal completions and metrics', () => {
      it('count a goal per day and sum a value goal', async () => {
        const goal = await created('goals', {
          name: 'Downloads (e2e)',
          type: 'value',
          event: 'download',
          currency: 'USD',
        });
        await collect([
          { name: 'download', distinctId: 'd1', time: at(0), value: 5 },
          { name: 'download', distinctId: 'd2', time: at(0), value: 7.5 },
          { name: 'download', distinctId: 'd2', time: at(-3 * 24 * HOUR), value: 1 },
        ]);
        await settle();
        const week = await get(
          `/api/reports/goal-completions?websiteId=${shop.id}&goalId=${goal.id}&range=last_7_days&interval=day`,
        );
        expect(week).toMatchObject({
          goalId: goal.id,
          type: 'value',
          currency: 'USD',
          interval: 'day',
          conversions: 3,
          value: 13.5,
        });
        expect(week.points).toHaveLength(7);
        expect(week.points.reduce((s: number, p: { conversions: number }) => s + p.conversions, 0)).toBe(3);
        expect(
          week.points
            .filter((p: { conversions: number }) => p.conversions > 0)
            .map((p: { conversions: number; value: number }) => [p.conversions, p.value]),
        ).toEqual([
          [1, 1],
          [2, 12.5],
        ]);
        expect(
          (
            await owner.get(
              `/api/reports/goal-completions?websiteId=${shop.id}&goalId=${goal.id}&range=last_12_months&interval=hour`,
            )
          ).status,
        ).toBe(422);
      });

      it('page views, visitors and landings per page (without query)', async () => {
        await collect([
          { name: 'page_view', distinctId: 'p1', time: at(0), url: `${SHOP}/pricing?ref=x` },
          { name: 'page_view', distinctId: 'p1', time: at(60_000), url: `${SHOP}/pricing` },
          { name: 'page_view', distinctId: 'p2', time: at(0), url: `${SHOP}/pricing` },
        ]);
        await settle();
        const metrics = await get(`/api/reports/metrics?websiteId=${shop.id}&range=last_7_days`);
        const pricing = metrics.topPages.find((p: { page: string }) => p.page === `${SHOP}/pricing`);
        expect(pricing).toMatchObject({ views: 3, visitors: 2, landings: 2 });
        expect(metrics.totals.pageViews).toBeGreaterThanOrEqual(3);
        expect(JSON.stringify(metrics)).not.toContain('NaN');
      });
    });
  });
}
