// The analytics projector runs in the API process (RUN_PROJECTIONS), beside ingestion: a batch
// computes hundreds of visitors (their rows, then the aggregates' difference: attribution credits
// for every model), tens of milliseconds of JavaScript. Done in one go, every request arriving
// meanwhile waits for the whole batch: that was the tail of `POST /api/public/collect` under load
// (docs/benchmarks.md, "Ingestion"). The projector lets the event loop run every
// ITEMS_BETWEEN_YIELDS (20) visitors, in both loops (libs/platform/src/yielding.ts).
//
// Seen on the embedded store: PGlite answers its queries without giving the event loop a turn, so
// a task queued with setImmediate (what a request's I/O callback is) runs during a drain only when
// the projector yields. 100 visitors: each loop yields after visitors 20, 40, 60 and 80, so a
// ping that re-queues itself runs at least 4 + 4 times before the drain answers.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { AnalyticsProjector } from '#libs/analytics/src/processes/analytics-projector.js';
import { insertCollectedEvents, type EventToStore } from '#libs/cro/src/projections/collected-events.js';
import { turnsDuring } from '../support/event-loop.js';
import { requires } from '../support/requires.js';
import { boot, setups, type Booted } from './setups.js';

const pglite = setups.find((s) => s.name === 'pglite');

// PostgreSQL answers over a socket, so the event loop turns at every query there whatever the
// projector does: only the embedded store shows the projector's own yields (TEST_STORES=postgres
// leaves it out; the first CI pass runs it). eachYielding itself: test/unit/platform-yielding.test.ts.
requires(Boolean(pglite), 'the embedded store in this pass (PGlite; TEST_STORES leaves it out)', { optional: true })(
  'the analytics projector lets requests in between visitors',
  () => {
    let t: Booted;

    beforeAll(async () => {
      t = await boot(pglite!, { DEMO_TRAFFIC: 'false' });
    }, 120_000);
    afterAll(async () => {
      await t?.stop();
    });

    it('a drain of 100 new visitors gives the event loop at least 8 turns', async () => {
      const db = t.app.runtime.db;
      const site = (
        await db.query<{ id: string; organisation_id: string; url: string }>(
          `SELECT id, organisation_id, record->>'url' AS url FROM rm_websites WHERE record->>'name' = 'Demo Shop'`,
        )
      ).rows[0]!;
      const time = new Date().toISOString();
      const events: EventToStore[] = Array.from({ length: 100 }, (_, i) => ({
        id: `yield-${i}`,
        event: {
          id: `yield-${i}`,
          name: 'page_view',
          time,
          distinctId: `yield-visitor-${i}`,
          sessionId: null,
          url: `${site.url}/`,
          referrer: null,
          utm: null,
          ctaId: null,
          campaignId: null,
          experimentId: null,
          variant: null,
          value: null,
          currency: null,
          properties: {},
          fields: null,
        },
      }));
      expect(
        (await insertCollectedEvents(db, { id: site.id, organisationId: site.organisation_id }, events)).size,
      ).toBe(100);

      const { result: projected, turns } = await turnsDuring(() => t.app.app.get(AnalyticsProjector).drain());
      expect(projected).toBeGreaterThanOrEqual(100);
      expect(turns).toBeGreaterThanOrEqual(8);
      const visitors = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM an_visitors WHERE website_id = $1 AND distinct_id LIKE 'yield-visitor-%'`,
        [site.id],
      );
      expect(visitors.rows[0]!.n).toBe(100);
    });
  },
);
