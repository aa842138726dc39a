// `AnalyticsProjector.drain()` (libs/analytics/src/processes/analytics-projector.ts), what the tests
// and the CLI's rebuild call to have the reports up to date: it must not answer while the
// background loop of the same process still holds a batch. Before, `drain()` claimed nothing (the
// loop's claim locks its rows, claims skip locked rows) and answered at once, and the reports read
// afterwards missed that batch (the PostgreSQL pass read 101 of 127 visitors).
//
// PostgreSQL only: holding a lock from a second connection needs a server (the embedded store has one
// connection).
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { AnalyticsProjector } from '#libs/analytics/src/processes/analytics-projector.js';
import { poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { boot, setups, type Booted } from './setups.js';

const postgres = setups.find((s) => s.name === 'postgres');

requires(Boolean(postgres), 'PostgreSQL (DATABASE_URL)', { optional: true })(
  'analytics projector: drain() waits for the batch in flight',
  () => {
    let t: Booted;

    let others: pg.Client[];
    let site: { id: string; key: string; url: string };

    beforeAll(async () => {
      t = await boot(postgres!, { DEMO_TRAFFIC: 'false' });
      others = [];
      for (let i = 0; i < 3; i++) {
        const client = new pg.Client({ connectionString: t.app.runtime.config.databaseUrl! });
        await client.connect();
        others.push(client);
      }
      site = (
        await others[0]!.query<{ key: string; url: string; id: string }>(
          `SELECT id, record->>'key' AS key, record->>'url' AS url FROM rm_websites WHERE record->>'name' = 'Demo Shop'`,
        )
      ).rows[0]!;
    }, 120_000);
    afterAll(async () => {
      for (const client of others ?? []) await client.end().catch(() => undefined);
      await t?.stop();
    });

    const count = async (sql: string, params: unknown[]) =>
      Number((await others[0]!.query<{ n: number }>(sql, params)).rows[0]!.n);
    const waiting = () =>
      count(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        [],
      );
    const collect = async (distinctId: string, id: string) => {
      const res = await fetch(`${t.url}/api/public/collect`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({
          siteKey: site.key,
          events: [{ id, name: 'page_view', distinctId, time: new Date().toISOString(), url: `${site.url}/` }],
        }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    };
    const eventsOf = async (distinctId: string) =>
      count('SELECT coalesce(max(events), 0)::int AS n FROM an_visitors WHERE website_id = $1 AND distinct_id = $2', [
        site.id,
        distinctId,
      ]);
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    it('no batch of the background loop is left in flight when drain() answers: the queue is empty and every visitor projected', async () => {
      const projector = t.app.app.get(AnalyticsProjector);
      // Visitors X and Y, projected once (their an_visitors rows exist).
      await collect('drain-x', 'dx1');
      await collect('drain-y', 'dy1');
      await projector.drain();
      expect([await eventsOf('drain-x'), await eventsOf('drain-y')]).toEqual([1, 1]);

      // Whoever projects X or Y next waits: their rows are locked, X's by one connection, Y's by another.
      const [, lockX, lockY] = others;
      await lockX!.query('BEGIN');
      await lockX!.query(`SELECT 1 FROM an_visitors WHERE website_id = $1 AND distinct_id = 'drain-x' FOR UPDATE`, [
        site.id,
      ]);
      await lockY!.query('BEGIN');
      await lockY!.query(`SELECT 1 FROM an_visitors WHERE website_id = $1 AND distinct_id = 'drain-y' FOR UPDATE`, [
        site.id,
      ]);

      await collect('drain-x', 'dx2');
      let answered = false;
      const drained = projector.drain().then(() => {
        answered = true;
      });
      const deadline = Date.now() + 20_000;
      while ((await waiting()) === 0) {
        if (Date.now() > deadline) throw new Error('nobody waited on the lock of X');
        await sleep(50);
      }
      // Y arrives while X's batch waits: queued before X's batch can end, so a drain() that answered
      // before Y was projected answered too early.
      await collect('drain-y', 'dy2');
      const queuedY = () =>
        count(`SELECT count(*)::int AS n FROM analytics_pending WHERE website_id = $1 AND distinct_id = 'drain-y'`, [
          site.id,
        ]);
      await poll(queuedY, { timeout: 20_000 }).toBe(1);
      await lockX!.query('COMMIT');
      // X's batch is done, and Y's is claimed and waits on Y's lock (the only lock left to wait on):
      // the drain is past the point where it could answer early.
      await poll(() => eventsOf('drain-x'), { timeout: 20_000 }).toBe(2);
      await poll(waiting, { timeout: 20_000 }).toBe(1);
      // Y is waiting on its lock: drain() must not have answered.
      expect(answered).toBe(false);
      await lockY!.query('COMMIT');
      await drained;
      expect(await count('SELECT count(*)::int AS n FROM analytics_pending WHERE website_id = $1', [site.id])).toBe(0);
      expect([await eventsOf('drain-x'), await eventsOf('drain-y')]).toEqual([2, 2]);
    }, 60_000);
  },
);
