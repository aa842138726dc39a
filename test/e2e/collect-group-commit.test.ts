// Group commit of `POST /api/public/collect` (libs/cro/src/public/collect-writer.ts; docs/analytics.md
// "From the tracker to the reports"): the batches of concurrent requests are stored by shared
// statements, yet each request is answered for its own events, a retried batch racing its original
// is stored once, and one group that the database refuses fails alone. Expected counts are worked
// out by hand from the batches below.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventToStore } from '#libs/cro/src/projections/collected-events.js';
import { claimDueDeliveries } from '#libs/cro/src/projections/submissions.js';
import { CollectWriter } from '#libs/cro/src/public/collect-writer.js';
import { expectWith } from '../support/expect.js';
import { OWNER, boot, setups, signIn, type Booted } from './setups.js';

const SITE = 'https://group-commit.example';

describe.each(setups)('ingestion: group commit ($name)', (setup) => {
  let t: Booted;
  let site: { id: string; key: string; organisationId: string };

  const idsOf = async (websiteId: string): Promise<string[]> =>
    (
      await t.app.runtime.db.query<{ id: string }>(
        'SELECT id FROM collected_events WHERE website_id = $1 ORDER BY id',
        [websiteId],
      )
    ).rows.map((r) => r.id);

  beforeAll(async () => {
    t = await boot(setup);
    const owner = await signIn(t.url, OWNER);
    const created = await owner.post('/api/websites').send({ name: 'Group Commit', url: SITE });
    expectWith(created.status, JSON.stringify(created.body)).toBe(201);
    site = created.body;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers each of 24 concurrent requests for its own events; a retry racing its original is stored once', async () => {
    const time = new Date().toISOString();
    // 12 batches of 10 new events (visitor b{k}), each sent twice at once: 24 requests in flight.
    const batch = (k: number) =>
      Array.from({ length: 10 }, (_, i) => ({
        id: `gc-${k}-${i}`,
        name: 'page_view',
        distinctId: `b${k}`,
        time,
        url: `${SITE}/page-${i}`,
      }));
    const send = (k: number) =>
      request(t.url)
        .post('/api/public/collect')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ siteKey: site.key, events: batch(k) }));
    const order = [...Array.from({ length: 12 }, (_, k) => k), ...Array.from({ length: 12 }, (_, k) => k)];
    const answers = await Promise.all(order.map(send));
    for (const res of answers) expectWith(res.status, JSON.stringify(res.body)).toBe(200);
    // Of the two requests of a batch, one stored its 10 events and the other found them all there.
    for (let k = 0; k < 12; k++) {
      const pair = [answers[k]!.body, answers[k + 12]!.body].map(
        (b: { accepted: number; duplicates: number; rejected: unknown[] }) => [
          b.accepted,
          b.duplicates,
          b.rejected.length,
        ],
      );
      pair.sort((a, b) => b[0]! - a[0]!);
      expect({ batch: k, answers: pair }).toEqual({
        batch: k,
        answers: [
          [10, 0, 0],
          [0, 10, 0],
        ],
      });
    }
    const expected = Array.from({ length: 12 }, (_, k) => Array.from({ length: 10 }, (_, i) => `gc-${k}-${i}`))
      .flat()
      .sort();
    expect(await idsOf(site.id)).toEqual(expected);
    // Each visitor queued once for the analytics projector (or already projected): 12 visitors, rows for each once done.
    const queued = await t.app.runtime.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT distinct_id FROM analytics_pending WHERE website_id = $1 UNION SELECT distinct_id FROM an_visitors WHERE website_id = $1) v`,
      [site.id],
    );
    expect(queued.rows[0]!.n).toBe(12);
  });

  it('a group the database refuses fails alone: the requests that shared its statement are stored and answered', async () => {
    const writer = t.app.app.get(CollectWriter);
    const website = { id: site.id, organisationId: site.organisationId };
    // One time for every event: a retried event comes again with its id and its time.
    const time = new Date().toISOString();
    const event = (id: string, properties: Record<string, string>): EventToStore => ({
      id,
      event: {
        id,
        name: 'page_view',
        time,
        distinctId: `w-${id}`,
        sessionId: null,
        url: `${SITE}/`,
        referrer: null,
        utm: null,
        ctaId: null,
        campaignId: null,
        experimentId: null,
        variant: null,
        value: null,
        currency: null,
        properties,
        fields: null,
      } as EventToStore['event'],
    });
    const group = (ids: string[], properties: Record<string, string> = {}) => ({
      website,
      receivedAt: new Date(),
      events: ids.map((id) => event(id, properties)),
    });
    // Written from the same tick: the first two go at once (two statements in flight), the next
    // three wait and share one statement. The fourth carries text PostgreSQL's jsonb refuses (a NUL
    // escape: the HTTP input guard never lets one through, so it stands for any refusal).
    const results = await Promise.allSettled([
      writer.write(group(['w1'])),
      writer.write(group(['w2'])),
      writer.write(group(['w3a', 'w3b'])),
      writer.write(group(['w4'], { note: 'nul \u0000 here' })),
      writer.write(group(['w5'])),
    ]);
    const outcome = results.map((r) => (r.status === 'fulfilled' ? [...r.value].sort() : 'rejected'));
    expect(outcome).toEqual([['w1'], ['w2'], ['w3a', 'w3b'], 'rejected', ['w5']]);
    const stored = (await idsOf(site.id)).filter((id) => id.startsWith('w'));
    expect(stored).toEqual(['w1', 'w2', 'w3a', 'w3b', 'w5']);
    // Groups sharing one statement and carrying the same event (x4: the third and the fourth; x3:
    // the third and the fifth): the first group of the statement that carries it gets it.
    const shared = await Promise.all([
      writer.write(group(['x1'])),
      writer.write(group(['x2'])),
      writer.write(group(['x3', 'x4'])),
      writer.write(group(['x4', 'x5'])),
      writer.write(group(['x3'])),
    ]);
    expect(shared.map((s) => [...s].sort())).toEqual([['x1'], ['x2'], ['x3', 'x4'], ['x5'], []]);
    // Written again, the same groups find their events there: nothing is stored twice.
    const again = await Promise.all([
      writer.write(group(['w1'])),
      writer.write(group(['w3a', 'w3b'])),
      writer.write(group(['w5', 'w6'])),
    ]);
    expect(again.map((s) => [...s].sort())).toEqual([[], [], ['w6']]);
  });

  it('the deliveries of form submissions are queued by the statement that stores them: once, and not for a duplicate or a refused group', async () => {
    const writer = t.app.app.get(CollectWriter);
    const website = { id: site.id, organisationId: site.organisationId };
    // An hour before they arrive: the time kept with a delivery is the submission's, not the arrival's.
    const time = new Date(Date.now() - 3_600_000).toISOString();
    const submission = (id: string, fields: Record<string, string> = { email: 'a@b.example' }): EventToStore => ({
      id,
      event: {
        id,
        name: 'form_submitted',
        time,
        distinctId: `f-${id}`,
        sessionId: null,
        url: `${SITE}/`,
        referrer: null,
        utm: null,
        ctaId: 'cta-f',
        campaignId: null,
        experimentId: null,
        variant: null,
        value: null,
        currency: null,
        properties: {},
        fields,
      } as EventToStore['event'],
    });
    const targets = (id: string) => [
      { submissionId: id, ctaId: 'cta-f', target: 'email:sales@example.com' },
      { submissionId: id, ctaId: 'cta-f', target: 'webhook:0' },
    ];
    const group = (events: EventToStore[]) => ({
      website,
      receivedAt: new Date(),
      events,
      deliveries: events.flatMap((e) => targets(e.id)),
    });
    // f3 comes in the third and the fourth group of one statement; the fifth is refused (NUL in jsonb).
    const results = await Promise.allSettled([
      writer.write(group([submission('f1')])),
      writer.write(group([submission('f2')])),
      writer.write(group([submission('f3')])),
      writer.write(group([submission('f3'), submission('f4')])),
      writer.write(group([submission('f5', { note: 'nul \u0000 here' })])),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? [...r.value].sort() : 'rejected'))).toEqual([
      ['f1'],
      ['f2'],
      ['f3'],
      ['f4'],
      'rejected',
    ]);
    // The same without a refusal: f8 twice in one statement (the third and the fourth group).
    const shared = await Promise.all([
      writer.write(group([submission('f6')])),
      writer.write(group([submission('f7')])),
      writer.write(group([submission('f8')])),
      writer.write(group([submission('f8'), submission('f9')])),
    ]);
    expect(shared.map((r) => [...r].sort())).toEqual([['f6'], ['f7'], ['f8'], ['f9']]);
    // Sent again (the CTA has a new integration meanwhile): stored already, nothing more queued.
    const again = group([submission('f1')]);
    expect([
      ...(await writer.write({
        ...again,
        deliveries: [...again.deliveries, { submissionId: 'f1', ctaId: 'cta-f', target: 'webhook:1' }],
      })),
    ]).toEqual([]);
    const queued = await t.app.runtime.db.query<{ submission_id: string; target: string; organisation_id: string }>(
      `SELECT submission_id, target, organisation_id FROM cro_submission_deliveries WHERE website_id = $1 AND submission_id LIKE 'f%' ORDER BY submission_id, target`,
      [site.id],
    );
    const o = site.organisationId;
    expect(queued.rows).toEqual(
      ['f1', 'f2', 'f3', 'f4', 'f6', 'f7', 'f8', 'f9'].flatMap((id) => [
        { submission_id: id, target: 'email:sales@example.com', organisation_id: o },
        { submission_id: id, target: 'webhook:0', organisation_id: o },
      ]),
    );
  });

  it("a claimed delivery carries its submission: found by the events' primary key with the time kept, and without it (queued before it was kept)", async () => {
    // The deliveries of f1 and f2 of the test before; f2's as one queued before migration
    // cro-submissions 2 kept the time. In a transaction rolled back at the end, so the delivery job
    // of the app (which may be sending them meanwhile) neither sees nor changes these rows.
    const db = t.app.runtime.db;
    const kept = await db.query<{ submission_id: string; at: string | null }>(
      `SELECT submission_id, to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM cro_submission_deliveries
        WHERE website_id = $1 AND submission_id IN ('f1', 'f2') AND target = 'webhook:0' ORDER BY submission_id`,
      [site.id],
    );
    const times = kept.rows.map((r) => r.at);
    const stored = await db.query<{ at: string; received: string }>(
      `SELECT to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received
         FROM collected_events WHERE website_id = $1 AND id = 'f1'`,
      [site.id],
    );
    expect(stored.rows[0]!.at).not.toBe(stored.rows[0]!.received);
    expect(times).toEqual([stored.rows[0]!.at, stored.rows[0]!.at]);
    const rollback = new Error('rolled back');
    const claimed = await db
      .transaction(async (tx) => {
        await tx.query(
          `UPDATE cro_submission_deliveries SET submitted_at = NULL WHERE website_id = $1 AND submission_id = 'f2'`,
          [site.id],
        );
        await tx.query(
          `UPDATE cro_submission_deliveries SET status = 'pending', claim = NULL, next_attempt_at = now() - interval '1 hour' WHERE website_id = $1 AND submission_id IN ('f1', 'f2')`,
          [site.id],
        );
        const found = await claimDueDeliveries(tx, 'the test', 1000, 60_000);
        throw Object.assign(rollback, { found });
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
        return (rollback as Error & { found: Awaited<ReturnType<typeof claimDueDeliveries>> }).found;
      });
    const mine = claimed
      .filter((c) => c.websiteId === site.id && ['f1', 'f2'].includes(c.submissionId))
      .map((c) => [c.submissionId, c.target, c.submission]);
    mine.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const submission = { time: times[0], url: `${SITE}/`, fields: { email: 'a@b.example' } };
    expect(mine).toEqual([
      ['f1', 'email:sales@example.com', submission],
      ['f1', 'webhook:0', submission],
      ['f2', 'email:sales@example.com', submission],
      ['f2', 'webhook:0', submission],
    ]);
  });
});
