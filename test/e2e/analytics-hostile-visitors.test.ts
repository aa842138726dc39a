// The analytics pipeline against hostile visitors (issue 25, docs/security.md "Tracking pipeline"):
// anonymous visitors know only a website's public key, and nothing they send may stall the
// analytics of other websites or organisations.
// - Poison: one event id sent twice with two times is one event (the second answers as a
//   duplicate), and its conversion counts once. Before: both were stored, the projector built two
//   conversions of one event id, violated an_conversions' key and retried its whole batch forever.
// - Heavy: one visitor with 1,500 clicks on one day, ten goals on `cta_click`: analytics keeps 1,000
//   events of a visitor's day and 1,000 conversions of a visitor; another organisation's fresh page
//   view reaches its report meanwhile (the background projector, not a test drain).
// - Failure isolation: a visitor whose rows cannot be written (a constraint the test adds) is set
//   aside with its error and shown to operators; the other visitors of its batch go through.
// - A projector that fails as a whole answers 503 in /api/health and 0 in /metrics, and recovers.
// - A heavy visitor is computed in slices: the event loop runs while its rows are computed.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AnalyticsProjector } from '#libs/analytics/src/processes/analytics-projector.js';
import { settleAnalytics } from '../support/analytics.js';
import { turnsDuring } from '../support/event-loop.js';
import { expectWith } from '../support/expect.js';
import { ADMIN, OWNER, boot, setups, signIn, until, type Agent, type Booted } from './setups.js';

const SHOP = 'https://shop.demo.example';
const OTHER = 'https://hostile-visitors-b.example';
const DAY = 86_400_000;

type Event = Record<string, unknown> & { name: string; distinctId: string; time: string };

for (const setup of setups) {
  describe(`analytics under hostile visitors (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let admin: Agent;
    let shop: { id: string; key: string };
    let other: { id: string; key: string };
    // Noon (UTC) of yesterday: every event below lies inside one UTC day, in the last 7 days.
    const NOON = Math.floor(Date.now() / DAY) * DAY - DAY / 2;
    const at = (offsetMs: number) => new Date(NOON + offsetMs).toISOString();

    const send = async (key: string, events: Event[]) => {
      const res = await request(t.url)
        .post('/api/public/collect')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ siteKey: key, events }));
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { accepted: number; duplicates: number; rejected: unknown[] };
    };
    const count = async (sql: string, params: unknown[]) =>
      Number((await t.app.runtime.db.query<{ n: number }>(sql, params)).rows[0]!.n);
    const pageViews = async (agent: Agent, websiteId: string) => {
      const res = await agent.get(`/api/reports/metrics?websiteId=${websiteId}&range=last_7_days`);
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { totals: { pageViews: number } }).totals.pageViews;
    };

    beforeAll(async () => {
      t = await boot(setup, { RATE_LIMIT_PUBLIC_PER_MINUTE: '100000', RATE_LIMIT_PUBLIC_SITE_PER_MINUTE: '100000' });
      owner = await signIn(t.url, OWNER);
      admin = await signIn(t.url, ADMIN);
      const websites = (await owner.get('/api/websites')).body as { id: string; name: string; key: string }[];
      shop = websites.find((w) => w.name === 'Demo Shop')!;
      // Another organisation, with the conversion product: its analytics must not wait for Demo Shop's visitors.
      const org = await admin
        .post('/api/organisations')
        .send({ name: 'Hostile Visitors B', country: 'NL', timezone: 'UTC' });
      expectWith(org.status, JSON.stringify(org.body)).toBe(201);
      const plan = await admin.post(`/api/organisations/${org.body.id}/actions/ChangePlan`).send({ plan: 'scale' });
      expectWith(plan.status, JSON.stringify(plan.body)).toBe(200);
      const site = await admin
        .post('/api/websites')
        .send({ organisationId: org.body.id, name: 'Hostile B', url: OTHER });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      other = site.body;
      // Ten goals on the click: each click is ten conversions.
      for (let i = 0; i < 10; i++) {
        const goal = await owner
          .post('/api/goals')
          .send({ websiteId: shop.id, name: `Clicks ${i} (hostile)`, type: 'count', event: 'cta_click' });
        expectWith(goal.status, JSON.stringify(goal.body)).toBe(201);
      }
      const purchase = await owner
        .post('/api/goals')
        .send({ websiteId: shop.id, name: 'Purchases (hostile)', type: 'count', event: 'hostile_purchase' });
      expectWith(purchase.status, JSON.stringify(purchase.body)).toBe(201);
      await settleAnalytics(t.app);
    }, 120_000);
    afterAll(async () => t?.stop());

    it("a poisoned and a heavy visitor on Demo Shop do not hold another organisation's fresh page view, and count as the limits say", async () => {
      const ctas = (await owner.get(`/api/ctas?filter=${encodeURIComponent(JSON.stringify({ websiteId: shop.id }))}`))
        .body as { id: string }[];
      const ctaId = ctas[0]!.id;
      // Poison: the same id twice, with two times (a minute apart).
      const first = await send(shop.key, [
        { id: 'poison-1', name: 'hostile_purchase', distinctId: 'poisoner', time: at(0), url: `${SHOP}/` },
      ]);
      expect(first).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      const again = await send(shop.key, [
        { id: 'poison-1', name: 'hostile_purchase', distinctId: 'poisoner', time: at(60_000), url: `${SHOP}/` },
      ]);
      expect(again).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
      expect(
        await count(`SELECT count(*)::int AS n FROM collected_events WHERE website_id = $1 AND id = 'poison-1'`, [
          shop.id,
        ]),
      ).toBe(1);
      // Heavy: 1,500 clicks in one day (a second apart), 100 a request.
      for (let b = 0; b < 15; b++) {
        const events = Array.from({ length: 100 }, (_, i): Event => ({
          id: `heavy-${b}-${i}`,
          name: 'cta_click',
          distinctId: 'heavy',
          time: at((b * 100 + i) * 1000),
          ctaId,
          url: `${SHOP}/`,
        }));
        expect((await send(shop.key, events)).accepted).toBe(100);
      }
      // Fresh traffic of the other organisation, sent last: the background projector must reach it.
      await send(other.key, [
        {
          id: 'fresh-b-1',
          name: 'page_view',
          distinctId: 'b-visitor',
          time: new Date(Date.now() - 60_000).toISOString(),
          url: `${OTHER}/welcome`,
        },
      ]);
      await until(
        "the other organisation's page view in its report",
        () => pageViews(admin, other.id),
        (n) => n === 1,
        60_000,
      );

      await settleAnalytics(t.app);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM an_conversions WHERE website_id = $1 AND distinct_id = 'poisoner'`,
          [shop.id],
        ),
      ).toBe(1);
      // 1,000 events of the heavy visitor's day are kept; ten goals would make 10,000 conversions, 1,000 are recorded.
      expect(
        await count(`SELECT events AS n FROM an_visitors WHERE website_id = $1 AND distinct_id = 'heavy'`, [shop.id]),
      ).toBe(1000);
      expect(
        await count(`SELECT count(*)::int AS n FROM an_conversions WHERE website_id = $1 AND distinct_id = 'heavy'`, [
          shop.id,
        ]),
      ).toBe(1000);
      // The first 1,000 in time: the first 100 clicks, ten goals each; a conversion's path is the clicks before it (the 100th click's: 99).
      const longest = await count(
        `SELECT max(jsonb_array_length(touchpoints))::int AS n FROM an_conversions WHERE website_id = $1 AND distinct_id = 'heavy'`,
        [shop.id],
      );
      expect(longest).toBe(99);
      expect(await count(`SELECT count(*)::int AS n FROM an_set_aside`, [])).toBe(0);
    }, 240_000);

    it('a visitor whose rows cannot be written is set aside with its error; the rest of its batch goes through', async () => {
      const db = t.app.runtime.db;
      await db.query(`ALTER TABLE an_visitors ADD CONSTRAINT hostile_test_refuses CHECK (distinct_id <> 'unwritable')`);
      try {
        await send(shop.key, [
          { id: 'aside-1', name: 'page_view', distinctId: 'unwritable', time: at(0), url: `${SHOP}/a` },
          { id: 'aside-2', name: 'page_view', distinctId: 'writable', time: at(0), url: `${SHOP}/b` },
        ]);
        await until(
          'the writable visitor',
          () =>
            count(`SELECT count(*)::int AS n FROM an_visitors WHERE website_id = $1 AND distinct_id = 'writable'`, [
              shop.id,
            ]),
          (n) => n === 1,
          30_000,
        );
        const aside = await until(
          'the unwritable visitor set aside',
          () =>
            db.query<{ distinct_id: string; attempts: number; error: string }>(
              `SELECT distinct_id, attempts, error FROM an_set_aside WHERE website_id = $1`,
              [shop.id],
            ),
          (r) => r.rows.length === 1,
          30_000,
        );
        expect(aside.rows[0]!.distinct_id).toBe('unwritable');
        expect(aside.rows[0]!.attempts).toBe(1);
        expect(aside.rows[0]!.error).toContain('hostile_test_refuses');
        // Operators see it; a set-aside visitor does not take the process out of service.
        const health = await request(t.url).get('/api/health');
        expectWith(health.status, JSON.stringify(health.body)).toBe(200);
        expect(health.body.analytics).toMatchObject({
          ok: true,
          setAside: 1,
          recentlySetAside: [expect.objectContaining({ websiteId: shop.id, distinctId: 'unwritable', attempts: 1 })],
        });
        const metrics = await request(t.url).get('/metrics');
        expect(metrics.text).toMatch(/^analytics_visitors_set_aside 1$/m);
        // It waits for its retry time: still set aside, still queued.
        expect(
          await count(
            `SELECT count(*)::int AS n FROM analytics_pending WHERE website_id = $1 AND distinct_id = 'unwritable'`,
            [shop.id],
          ),
        ).toBe(1);
      } finally {
        await db.query('ALTER TABLE an_visitors DROP CONSTRAINT hostile_test_refuses');
      }
      // Once it can be written and its retry time comes, it is computed and no longer set aside.
      await db.query(`UPDATE an_set_aside SET retry_at = now() - interval '1 second'`);
      await until(
        'the set-aside visitor computed',
        () =>
          count(`SELECT count(*)::int AS n FROM an_visitors WHERE website_id = $1 AND distinct_id = 'unwritable'`, [
            shop.id,
          ]),
        (n) => n === 1,
        30_000,
      );
      expect(await count(`SELECT count(*)::int AS n FROM an_set_aside`, [])).toBe(0);
    }, 120_000);

    it('a projector that fails as a whole fails /api/health and /metrics in every process, and recovers', async () => {
      const db = t.app.runtime.db;
      await db.query('ALTER TABLE analytics_pending RENAME TO analytics_pending_hidden');
      try {
        const failing = await until(
          'the health check to fail',
          () => request(t.url).get('/api/health'),
          (res) => res.status === 503,
          30_000,
        );
        expect(failing.body.failed).toContain('analytics');
        expect(failing.body.analytics).toMatchObject({
          ok: false,
          failingSince: expect.any(String),
          error: expect.stringContaining('analytics_pending'),
        });
        expect((await request(t.url).get('/metrics')).text).toMatch(/^analytics_projector_up 0$/m);
      } finally {
        await db.query('ALTER TABLE analytics_pending_hidden RENAME TO analytics_pending');
      }
      const healthy = await until(
        'the health check to pass again',
        () => request(t.url).get('/api/health'),
        (res) => res.status === 200,
        30_000,
      );
      expect(healthy.body.analytics).toMatchObject({ ok: true, failingSince: null });
      expect((await request(t.url).get('/metrics')).text).toMatch(/^analytics_projector_up 1$/m);
    }, 90_000);

    if (setup.name === 'pglite') {
      // PGlite answers without turning the event loop (test/e2e/analytics-projector-yields.test.ts): only the projector's own pauses let a task run.
      it('one heavy visitor alone lets the event loop run while its rows are computed', async () => {
        const ctas = (await owner.get(`/api/ctas?filter=${encodeURIComponent(JSON.stringify({ websiteId: shop.id }))}`))
          .body as { id: string }[];
        await settleAnalytics(t.app);
        const projector = t.app.app.get(AnalyticsProjector);
        // The background loop stops (the last test), so the drain below computes the visitor.
        await projector.onApplicationShutdown();
        for (let b = 0; b < 10; b++) {
          const events = Array.from({ length: 100 }, (_, i): Event => ({
            id: `alone-${b}-${i}`,
            name: 'cta_click',
            distinctId: 'alone',
            time: at(-DAY / 4 + (b * 100 + i) * 1000),
            ctaId: ctas[0]!.id,
            url: `${SHOP}/`,
          }));
          await send(shop.key, events);
        }
        const { result: projected, turns } = await turnsDuring(() => projector.drain());
        expect(projected).toBe(1);
        // One visitor: no pause between visitors; ten goals over 1,000 clicks, and the credits of 1,000 conversions, pause inside it.
        expect(turns).toBeGreaterThanOrEqual(3);
      }, 120_000);
    }
  });
}
