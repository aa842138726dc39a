// Retention of the tracking events (issue 14 "a table partitioned by time (retention per
// organisation drops whole partitions)"; libs/organisations/src/domain/retention.ts,
// libs/cro/src/projections/event-partitions.ts, libs/analytics/src/processes/retention.process.ts).
// The retention job runs with a `now` of the test's choosing; every expected partition name and
// count below is worked out by hand from the rule "a monthly partition of class N is dropped once
// its whole month is more than N months before now".
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AnalyticsProjector } from '#libs/analytics/src/processes/analytics-projector.js';
import { RetentionProcess } from '#libs/analytics/src/processes/retention.process.js';
import { insertCollectedEvents, type EventToStore } from '#libs/cro/src/projections/collected-events.js';
import { expectWith } from '../support/expect.js';
import { OWNER, boot, setups, signIn, type Agent, type Booted } from './setups.js';

const RETENTION_INVALID = 'Analytics data retention must be one of 2, 14, 26, 38, 50 months';

const pageView = (id: string, distinctId: string, time: string): EventToStore => ({
  id,
  event: {
    id,
    name: 'page_view',
    time,
    distinctId,
    sessionId: null,
    url: 'https://retention.example/',
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
  } as EventToStore['event'],
});

describe.each(setups)('analytics: retention drops whole partitions ($name)', (setup) => {
  let t: Booted;
  let owner: Agent;
  let orgA: string;
  let orgB: string;

  const partitions = async (): Promise<string[]> =>
    (
      await t.app.runtime.db.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname LIKE 'collected\\_events\\_r%' AND c.relname ~ '_[0-9]{6}$' ORDER BY 1`,
      )
    ).rows.map((r) => r.name);
  const idsOf = async (websiteId: string): Promise<string[]> =>
    (
      await t.app.runtime.db.query<{ id: string }>(
        'SELECT id FROM collected_events WHERE website_id = $1 ORDER BY id',
        [websiteId],
      )
    ).rows.map((r) => r.id);
  const classOf = async (id: string): Promise<number> =>
    Number(
      (
        await t.app.runtime.db.query<{ c: number }>(
          'SELECT retention_months AS c FROM collected_events WHERE id = $1',
          [id],
        )
      ).rows[0].c,
    );
  const visitors = async (websiteId: string): Promise<string[]> =>
    (
      await t.app.runtime.db.query<{ d: string }>(
        'SELECT distinct_id AS d FROM an_visitors WHERE website_id = $1 ORDER BY 1',
        [websiteId],
      )
    ).rows.map((r) => r.d);
  const setRetention = async (id: string, months: unknown) =>
    owner.put(`/api/organisations/${id}`).send({ analyticsRetentionMonths: months });
  const retention = (now: string) => t.app.app.get(RetentionProcess).run(new Date(now));

  beforeAll(async () => {
    t = await boot(setup);
    owner = await signIn(t.url, OWNER);
    const website = (await owner.get('/api/websites')).body[0] as { organisationId: string };
    orgA = website.organisationId;
    const created = await owner.post('/api/organisations').send({ name: 'Short Memory Ltd', timezone: 'UTC' });
    expectWith(created.status, JSON.stringify(created.body)).toBe(201);
    orgB = created.body.id;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('an organisation chooses its retention among the offered ones; anything else answers 422 with the choices', async () => {
    for (const bad of [7, '14', 0, null]) {
      const res = await setRetention(orgB, bad);
      expectWith(res.status, JSON.stringify(res.body)).toBe(422);
      expect(JSON.stringify(res.body)).toContain(RETENTION_INVALID);
    }
    const res = await setRetention(orgB, 2);
    expectWith(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await owner.get(`/api/organisations/${orgB}`)).body.analyticsRetentionMonths).toBe(2);
  });

  it("events are stored under their organisation's class, in monthly partitions, and dropped a whole month at a time", async () => {
    const db = t.app.runtime.db;
    // Organisation A keeps the default 14 months; B chose 2 (previous test).
    await insertCollectedEvents(db, { id: 'site-a', organisationId: orgA }, [
      pageView('a-jan', 'old-visitor', '2026-01-10T12:00:00.000Z'),
      pageView('a-feb', 'both-months', '2026-01-31T23:59:59.000Z'),
      pageView('a-feb-2', 'both-months', '2026-02-10T12:00:00.000Z'),
    ]);
    await insertCollectedEvents(db, { id: 'site-b', organisationId: orgB }, [
      pageView('b-oct', 'b-visitor', '2026-10-05T08:00:00.000Z'),
      pageView('b-nov', 'b-visitor', '2026-11-20T08:00:00.000Z'),
    ]);
    expect(await classOf('a-jan')).toBe(14);
    expect(await classOf('b-oct')).toBe(2);
    // The same event again (a retried batch: same id, same time) is stored once.
    const again = await insertCollectedEvents(db, { id: 'site-a', organisationId: orgA }, [
      pageView('a-jan', 'old-visitor', '2026-01-10T12:00:00.000Z'),
    ]);
    expect(again.size).toBe(0);
    await t.app.app.get(AnalyticsProjector).drain();
    expect(await visitors('site-a')).toEqual(['both-months', 'old-visitor']);

    // 2026-12-01: nothing is old enough. The months found in the default partitions get theirs
    // (January and February 2026 for class 14; October and November 2026 for class 2), and the
    // classes in use get last, this and next month (14: Nov 2026 to Jan 2027; 2: the same).
    const first = await retention('2026-12-01T00:00:00.000Z');
    expect(first.dropped).toEqual([]);
    expect(await partitions()).toEqual(
      expect.arrayContaining([
        'collected_events_r14_202601',
        'collected_events_r14_202602',
        'collected_events_r14_202611',
        'collected_events_r14_202612',
        'collected_events_r14_202701',
        'collected_events_r2_202610',
        'collected_events_r2_202611',
        'collected_events_r2_202612',
        'collected_events_r2_202701',
      ]),
    );
    const defaults = await db.query<{ n: string }>('SELECT count(*) AS n FROM collected_events_r14_default');
    expect(Number(defaults.rows[0].n)).toBe(0);
    expect(await idsOf('site-a')).toEqual(['a-feb', 'a-feb-2', 'a-jan']);

    // 2027-01-10: class 2 keeps from 2026-11-10, so October 2026 (ends 2026-11-01) goes; November stays.
    const second = await retention('2027-01-10T00:00:00.000Z');
    expect(second.dropped).toEqual(['collected_events_r2_202610']);
    expect(await idsOf('site-b')).toEqual(['b-nov']);

    // 2027-03-31: class 14 keeps from 2026-01-31: January 2026 ends 2026-02-01, after that: kept.
    // Class 2 keeps from 2027-01-31: November and December 2026 go (January 2027 ends 2027-02-01: kept).
    expect((await retention('2027-03-31T00:00:00.000Z')).dropped.sort()).toEqual([
      'collected_events_r2_202611',
      'collected_events_r2_202612',
    ]);
    expect(await idsOf('site-a')).toEqual(['a-feb', 'a-feb-2', 'a-jan']);
    expect(await idsOf('site-b')).toEqual([]);

    // 2027-04-02: class 14 keeps from 2026-02-02: January 2026 goes, with a-jan and a-feb (31 January).
    // Class 2 keeps from 2027-02-02: January 2027 goes.
    const third = await retention('2027-04-02T00:00:00.000Z');
    expect(third.dropped.sort()).toEqual(['collected_events_r14_202601', 'collected_events_r2_202701']);
    expect(await idsOf('site-a')).toEqual(['a-feb-2']);
    // The read models follow: the visitor with no event left leaves them; the other is recomputed.
    await t.app.app.get(AnalyticsProjector).drain();
    expect(await visitors('site-a')).toEqual(['both-months']);
    const events = await db.query<{ n: number }>(
      `SELECT events AS n FROM an_visitors WHERE website_id = 'site-a' AND distinct_id = 'both-months'`,
    );
    expect(Number(events.rows[0].n)).toBe(1);
  });

  it('an organisation that shortens its retention loses what it stored beyond the new one', async () => {
    const res = await setRetention(orgA, 2);
    expectWith(res.status, JSON.stringify(res.body)).toBe(200);
    // a-feb-2 (2026-02-10) is class 14; at 2027-04-02 class 2 keeps from 2027-02-02: deleted.
    const run = await retention('2027-04-02T00:00:00.000Z');
    expect(run.deleted).toBe(1);
    expect(await idsOf('site-a')).toEqual([]);
    await insertCollectedEvents(t.app.runtime.db, { id: 'site-a', organisationId: orgA }, [
      pageView('a-new', 'new-visitor', new Date().toISOString()),
    ]);
    expect(await classOf('a-new')).toBe(2);
  });
});
