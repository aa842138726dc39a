// Tracking events through Kafka (issue 14 "Ingestion": "With KAFKA_BROKERS set, accepted events are
// produced to a {prefix}.tracking topic keyed by website and visitor, and a consumer group writes
// them; the HTTP answer comes after the broker acknowledged"; docs/analytics.md "Ingestion through
// Kafka"), against the real broker at KAFKA_BROKERS (test/kafka/broker/broker.sh, which CI starts)
// and through the real HTTP app. The topic is read back with a kafkajs consumer of the test's own;
// every expected message is written out by hand from the contract. A second app whose broker is a
// port where nothing listens shows the 503.
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import request from 'supertest';
import kafkajs, { type Admin, type Kafka as KafkaClient } from 'kafkajs';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { readUpTo } from './read-topics.js';
import { startApp, type TestApp } from '../support/app.js';
import { OWNER, listQuery, signIn, type Agent } from '../e2e/setups.js';
import type { SqlDriver, SqlExecutor } from '#libs/eventstore/src/index.js';
import { TrackingProducer, TrackingWriter } from '#libs/analytics/src/ingestion/tracking-topic.js';
import type { CollectedEvent } from '#libs/cro/src/domain/collect-events.js';
import { loadConfig } from '#libs/platform/src/config.js';
import { createLogger } from '#libs/platform/src/logging.js';

const { Kafka, logLevel } = kafkajs;

const brokers = (process.env.KAFKA_BROKERS ?? '')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);
const run = `${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`;
const prefix = `tracking-test-${run}`;
const TOPIC = `${prefix}.tracking`;
const GROUP = `${prefix}.tracking-writer`;
const SHOP = 'https://shop.demo.example';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME = { device: 'desktop', os: 'Windows', browser: 'Chrome', bot: false, country: null, city: null };
// The events' own time: a minute ago, whole seconds (the validator normalises to ISO in UTC).
const TIME = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000).toISOString();

interface Received {
  partition: number;
  offset: number;
  key: string | null;
  timestamp: string;
  headers: Record<string, string>;
  value: Record<string, unknown>;
}

/** A port where nothing listens. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A live form CTA of the website whose submissions are mailed to `recipient`. */
async function liveForm(owner: Agent, websiteId: string, recipient: string): Promise<string> {
  const created = await owner.post('/api/ctas').send({
    websiteId,
    name: `Contact ${randomUUID().slice(0, 6)}`,
    type: 'form',
    items: [
      { type: 'email', label: 'Email', name: 'email', required: true },
      { type: 'button', label: 'Send' },
    ],
    emailNotification: {
      recipients: [recipient],
      senderName: 'Demo Shop',
      senderEmail: 'hello@shop.example',
      subject: 'New contact',
      message: '',
    },
  });
  expectWith(created.status, JSON.stringify(created.body)).toBe(201);
  const published = await owner.post(`/api/ctas/${created.body.id}/actions/Publish`).send({});
  expectWith(published.status, JSON.stringify(published.body)).toBe(200);
  return created.body.id as string;
}

requires(brokers.length > 0, 'a Kafka broker (KAFKA_BROKERS; npm run kafka:local)')(
  'tracking events through Kafka (a real broker at KAFKA_BROKERS)',
  () => {
    let t: TestApp;
    let owner: Agent;
    let shop: { id: string; key: string; organisationId: string };
    let kafka: KafkaClient;
    let admin: Admin;

    beforeAll(async () => {
      t = await startApp({ env: { KAFKA_BROKERS: brokers.join(','), KAFKA_TOPIC_PREFIX: prefix } });
      owner = await signIn(t.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as Array<{
        id: string;
        name: string;
        key: string;
        organisationId: string;
      }>;
      shop = websites.find((w) => w.name === 'Demo Shop')!;
      kafka = new Kafka({ clientId: `tracking-contract-${run}`, brokers, logLevel: logLevel.NOTHING });
      admin = kafka.admin();
      await admin.connect();
    }, 120_000);
    afterAll(async () => {
      await admin?.disconnect();
      await t?.close();
    }, 60_000);

    const collect = (url: string, siteKey: string, events: unknown[]) =>
      request(url)
        .post('/api/public/collect')
        .set('Content-Type', 'text/plain')
        .set('User-Agent', CHROME_WINDOWS)
        .send(JSON.stringify({ siteKey, events }));
    const pageView = (id: string | undefined, distinctId: string, path: string) => ({
      ...(id ? { id } : {}),
      name: 'page_view',
      distinctId,
      sessionId: `s-${distinctId}`,
      time: TIME,
      url: `${SHOP}${path}`,
    });

    /** The end offset of each partition of the topic, now. */
    async function ends(): Promise<Map<number, number>> {
      return new Map((await admin.fetchTopicOffsets(TOPIC)).map(({ partition, high }) => [partition, Number(high)]));
    }

    /** Every message of the topic up to `upTo` (end offsets), read by a consumer group of the test's own. */
    async function readTopic(upTo: Map<number, number>): Promise<Received[]> {
      const read = await readUpTo(
        kafka,
        [...upTo].map(([partition, end]) => ({ topic: TOPIC, partition, end })),
      );
      return read.map(({ topic: _topic, value, ...message }) => ({
        ...message,
        value: value as Record<string, unknown>,
      }));
    }

    /** Waits until the writer's group committed every partition up to `upTo`. */
    async function writerReached(upTo: Map<number, number>): Promise<void> {
      const committed = async () => {
        const [topic] = await admin.fetchOffsets({ groupId: GROUP, topics: [TOPIC] });
        return Object.fromEntries(
          (topic?.partitions ?? []).map(({ partition, offset }) => [partition, Math.max(0, Number(offset))]),
        );
      };
      const wanted = Object.fromEntries([...upTo].map(([partition, high]) => [partition, high]));
      await poll(committed, { timeout: 60_000, interval: 200 }).toEqual(wanted);
    }

    /** The stored rows of these ids: `id -> received_at[]` (several would be a duplicate). */
    async function storedRows(ids: string[]): Promise<Record<string, string[]>> {
      const rows = await t.app.runtime.db.query<{ id: string; received_at: Date | string }>(
        'SELECT id, received_at FROM collected_events WHERE website_id = $1 AND id = ANY($2::text[]) ORDER BY id, received_at',
        [shop.id, ids],
      );
      const byId: Record<string, string[]> = {};
      for (const r of rows.rows) (byId[r.id] ??= []).push(new Date(r.received_at).toISOString());
      return byId;
    }

    /** The visitor's events as the Events list shows them, by id. */
    const listed = async (distinctId: string) => {
      const res = await owner.get(
        `/api/analytics-events?${listQuery({ filter: { websiteId: shop.id, distinctId }, range: [0, 99] })}`,
      );
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return (
        res.body as Array<{
          id: string;
          name: string;
          distinctId: string;
          url: string | null;
          browser: string | null;
          referrerClass: string | null;
        }>
      )
        .map((e) => ({ id: e.id, name: e.name, url: e.url, browser: e.browser, referrerClass: e.referrerClass }))
        .sort((a, b) => a.id.localeCompare(b.id));
    };

    it("answers 200 once the events are on {prefix}.tracking, keyed website:visitor, with the contract's headers and value; the consumer group stores them", async () => {
      const ann = `ann-${run}`;
      const bob = `bob-${run}`;
      const before = Date.now();
      const res = await collect(t.url, shop.key, [
        pageView(`a1-${run}`, ann, '/shoes'),
        {
          id: `a2-${run}`,
          name: 'purchase',
          distinctId: ann,
          time: TIME,
          value: 30,
          currency: 'eur',
          properties: { plan: 'pro', seats: 3 },
        },
        pageView(undefined, bob, '/'),
        { id: `bad-${run}`, name: 'page_view', distinctId: bob, time: TIME, url: 'https://elsewhere.example/' },
      ]);
      // Read right after the answer: what the topic held when the route answered.
      const atAnswer = await ends();
      const after = Date.now();
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({
        accepted: 3,
        duplicates: 0,
        rejected: [{ index: 3, reason: 'url is not on this website or its tracking domains' }],
      });

      const received = (await readTopic(atAnswer)).filter(
        (m) => m.key === `${shop.id}:${ann}` || m.key === `${shop.id}:${bob}`,
      );
      expect(received.map((m) => m.key)).toHaveLength(3);
      const bobs = received.find((m) => m.key === `${shop.id}:${bob}`)!;
      const generatedId = bobs.headers['event-id'];
      expect(generatedId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const receivedAt = String(received[0].value.receivedAt);
      expect(Date.parse(receivedAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(receivedAt)).toBeLessThanOrEqual(after);
      const none = {
        sessionId: null,
        url: null,
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
      };
      const expected = new Map<string, Omit<Received, 'partition' | 'offset'>>([
        [
          `a1-${run}`,
          {
            key: `${shop.id}:${ann}`,
            timestamp: String(Date.parse(receivedAt)),
            headers: {
              'schema-version': '1',
              'event-id': `a1-${run}`,
              'event-name': 'page_view',
              'website-id': shop.id,
              'content-type': 'application/json',
            },
            value: {
              websiteId: shop.id,
              organisationId: shop.organisationId,
              id: `a1-${run}`,
              event: {
                ...none,
                id: `a1-${run}`,
                name: 'page_view',
                distinctId: ann,
                sessionId: `s-${ann}`,
                time: TIME,
                url: `${SHOP}/shoes`,
              },
              enrichment: { ...CHROME, referrerClass: 'direct', utm: null },
              receivedAt,
            },
          },
        ],
        [
          `a2-${run}`,
          {
            key: `${shop.id}:${ann}`,
            timestamp: String(Date.parse(receivedAt)),
            headers: {
              'schema-version': '1',
              'event-id': `a2-${run}`,
              'event-name': 'purchase',
              'website-id': shop.id,
              'content-type': 'application/json',
            },
            value: {
              websiteId: shop.id,
              organisationId: shop.organisationId,
              id: `a2-${run}`,
              event: {
                ...none,
                id: `a2-${run}`,
                name: 'purchase',
                distinctId: ann,
                time: TIME,
                value: 30,
                currency: 'EUR',
                properties: { plan: 'pro', seats: 3 },
              },
              enrichment: { ...CHROME, referrerClass: 'direct', utm: null },
              receivedAt,
            },
          },
        ],
        [
          generatedId,
          {
            key: `${shop.id}:${bob}`,
            timestamp: String(Date.parse(receivedAt)),
            headers: {
              'schema-version': '1',
              'event-id': generatedId,
              'event-name': 'page_view',
              'website-id': shop.id,
              'content-type': 'application/json',
            },
            value: {
              websiteId: shop.id,
              organisationId: shop.organisationId,
              id: generatedId,
              event: {
                ...none,
                id: null,
                name: 'page_view',
                distinctId: bob,
                sessionId: `s-${bob}`,
                time: TIME,
                url: `${SHOP}/`,
              },
              enrichment: { ...CHROME, referrerClass: 'direct', utm: null },
              receivedAt,
            },
          },
        ],
      ]);
      for (const message of received) {
        const { partition: _p, offset: _o, ...got } = message;
        expectWith(got, `message ${message.headers['event-id']}`).toEqual(expected.get(message.headers['event-id']));
      }
      // Ann's two events share a partition, in batch order.
      const anns = received.filter((m) => m.key === `${shop.id}:${ann}`);
      expect(new Set(anns.map((m) => m.partition)).size).toBe(1);
      expect(anns.map((m) => m.headers['event-id'])).toEqual([`a1-${run}`, `a2-${run}`]);

      // The consumer group stores them: the Events list shows them, enriched.
      await poll(() => listed(ann), { timeout: 60_000, interval: 200 }).toEqual([
        { id: `a1-${run}`, name: 'page_view', url: `${SHOP}/shoes`, browser: 'Chrome', referrerClass: 'direct' },
        { id: `a2-${run}`, name: 'purchase', url: null, browser: 'Chrome', referrerClass: 'direct' },
      ]);
      await poll(() => listed(bob), { timeout: 60_000, interval: 200 }).toEqual([
        { id: generatedId, name: 'page_view', url: `${SHOP}/`, browser: 'Chrome', referrerClass: 'direct' },
      ]);
      expect(await storedRows([`a1-${run}`, `a2-${run}`, generatedId])).toEqual({
        [`a1-${run}`]: [receivedAt],
        [`a2-${run}`]: [receivedAt],
        [generatedId]: [receivedAt],
      });
      // ... and commits its offsets (after the write).
      await writerReached(atAnswer);
    }, 120_000);

    it('a batch sent again is accepted again (duplicates are not known at answer time) and stored once', async () => {
      const cat = `cat-${run}`;
      const batch = [pageView(`c1-${run}`, cat, '/a'), pageView(`c2-${run}`, cat, '/b')];
      const first = await collect(t.url, shop.key, batch);
      expect(first.body).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
      const firstEnds = await ends();
      await writerReached(firstEnds);
      const stored = await storedRows([`c1-${run}`, `c2-${run}`]);
      expect(Object.keys(stored).sort()).toEqual([`c1-${run}`, `c2-${run}`]);

      const again = await collect(t.url, shop.key, batch);
      expectWith(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
      const secondEnds = await ends();
      const onTopic = (await readTopic(secondEnds)).filter((m) => m.key === `${shop.id}:${cat}`);
      expect(onTopic.map((m) => m.headers['event-id'])).toEqual([`c1-${run}`, `c2-${run}`, `c1-${run}`, `c2-${run}`]);
      await writerReached(secondEnds);
      // One row each, the first arrival's.
      expect(await storedRows([`c1-${run}`, `c2-${run}`])).toEqual(stored);
      expect((await listed(cat)).map((e) => e.id)).toEqual([`c1-${run}`, `c2-${run}`]);
    }, 120_000);

    it('a form submission is stored directly, with its delivery queued, before the answer; the rest of its batch goes through the topic', async () => {
      const dan = `dan-${run}`;
      const cta = await liveForm(owner, shop.id, 'sales@shop.example');
      const batch = [
        {
          id: `f1-${run}`,
          name: 'form_submitted',
          distinctId: dan,
          time: TIME,
          url: `${SHOP}/contact`,
          ctaId: cta,
          fields: { email: 'dan@example.com' },
        },
        pageView(`d1-${run}`, dan, '/contact'),
      ];
      const res = await collect(t.url, shop.key, batch);
      const atAnswer = await ends();
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
      // Stored and queued when the route answered.
      expect(Object.keys(await storedRows([`f1-${run}`]))).toEqual([`f1-${run}`]);
      const deliveries = await t.app.runtime.db.query<{ submission_id: string; cta_id: string; target: string }>(
        'SELECT submission_id, cta_id, target FROM cro_submission_deliveries WHERE website_id = $1 AND submission_id = $2',
        [shop.id, `f1-${run}`],
      );
      expect(deliveries.rows).toEqual([{ submission_id: `f1-${run}`, cta_id: cta, target: 'mail:sales@shop.example' }]);
      // Only the page view is on the topic.
      const onTopic = (await readTopic(atAnswer)).filter((m) => m.key === `${shop.id}:${dan}`);
      expect(onTopic.map((m) => [m.headers['event-id'], m.headers['event-name']])).toEqual([
        [`d1-${run}`, 'page_view'],
      ]);
      await poll(async () => (await listed(dan)).map((e) => e.id).sort(), { timeout: 60_000, interval: 200 }).toEqual(
        [`d1-${run}`, `f1-${run}`].sort(),
      );

      // Sent again: the submission is known (direct path), the page view is accepted again and stored once.
      const again = await collect(t.url, shop.key, batch);
      expect(again.body).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
      await writerReached(await ends());
      expect(Object.keys(await storedRows([`f1-${run}`, `d1-${run}`])).sort()).toEqual(
        [`d1-${run}`, `f1-${run}`].sort(),
      );
      expect((await storedRows([`f1-${run}`, `d1-${run}`]))[`d1-${run}`]).toHaveLength(1);
    }, 120_000);

    it('the writer commits a batch only after writing it (a failed write is read again), and skips a message it cannot read', async () => {
      // A writer and a producer of their own on a topic of their own, on the app's database; the
      // database refuses the writer's transactions until `failing` is turned off.
      const own = `${prefix}-writer`;
      const config = loadConfig({ KAFKA_BROKERS: brokers.join(','), KAFKA_TOPIC_PREFIX: own, DATA_DIR: 'memory://' });
      const log = createLogger('silent');
      const db = t.app.runtime.db;
      let failing = true;
      let refused = 0;
      const flaky: SqlDriver = Object.assign(Object.create(db) as SqlDriver, {
        transaction: <T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> => {
          if (failing) {
            refused++;
            return Promise.reject(new Error('the database is away'));
          }
          return db.transaction(work);
        },
      });
      const producer = new TrackingProducer(config, log);
      const writer = new TrackingWriter(flaky, config, log);
      const ownTopic = `${own}.tracking`;
      const ownGroup = `${own}.tracking-writer`;
      const event = (id: string): CollectedEvent => ({
        id,
        name: 'page_view',
        distinctId: `fay-${run}`,
        sessionId: null,
        time: TIME,
        url: `${SHOP}/${id}`,
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
      });
      const committed = async () => {
        const [topic] = await admin.fetchOffsets({ groupId: ownGroup, topics: [ownTopic] });
        return (topic?.partitions ?? []).reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
      };
      const ownRows = async () =>
        (
          await db.query<{ id: string }>(
            'SELECT id FROM collected_events WHERE website_id = $1 AND distinct_id = $2 ORDER BY id',
            [shop.id, `fay-${run}`],
          )
        ).rows.map((r) => r.id);
      try {
        await producer.produce(shop, [{ id: `w1-${run}`, event: event(`w1-${run}`) }], new Date());
        // Not the contract: no schema-version header, then a value that is not JSON. (Their key is
        // the events': all four share a partition, so the failing writes hold them all back.)
        const raw = kafka.producer();
        await raw.connect();
        await raw.send({
          topic: ownTopic,
          messages: [
            { key: `${shop.id}:fay-${run}`, value: '{"websiteId":"x"}' },
            { key: `${shop.id}:fay-${run}`, value: 'not json', headers: { 'schema-version': '1' } },
          ],
        });
        await raw.disconnect();
        await producer.produce(shop, [{ id: `w2-${run}`, event: event(`w2-${run}`) }], new Date());

        writer.onApplicationBootstrap();
        await poll(() => refused, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(2);
        // Refused writes: nothing stored, no offset committed.
        expect(await ownRows()).toEqual([]);
        expect(await committed()).toBe(0);

        failing = false;
        await poll(ownRows, { timeout: 60_000, interval: 200 }).toEqual([`w1-${run}`, `w2-${run}`]);
        // All four messages are behind the committed offsets, the two unreadable ones skipped.
        await poll(committed, { timeout: 60_000, interval: 200 }).toBe(4);
      } finally {
        await writer.onApplicationShutdown();
        await producer.onApplicationShutdown();
      }
    }, 120_000);

    it("a broker that does not answer: 503 with Retry-After in the platform's error shape, and nothing of the batch is stored", async () => {
      const down = await startApp({
        env: { KAFKA_BROKERS: `127.0.0.1:${await unusedPort()}`, KAFKA_TOPIC_PREFIX: `${prefix}-down` },
      });
      try {
        const downOwner = await signIn(down.url, OWNER);
        const websites = (await downOwner.get('/api/websites')).body as Array<{
          id: string;
          name: string;
          key: string;
        }>;
        const downShop = websites.find((w) => w.name === 'Demo Shop')!;
        const cta = await liveForm(downOwner, downShop.id, 'sales@shop.example');
        const eve = `eve-${run}`;
        const unavailable = {
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The events cannot be taken right now. Nothing was stored: send the batch again later.',
          retryAfterSeconds: 5,
        };

        const mixed = await collect(down.url, downShop.key, [
          {
            id: `f2-${run}`,
            name: 'form_submitted',
            distinctId: eve,
            time: TIME,
            url: `${SHOP}/contact`,
            ctaId: cta,
            fields: { email: 'eve@example.com' },
          },
          pageView(`e1-${run}`, eve, '/contact'),
        ]);
        expectWith(mixed.status, JSON.stringify(mixed.body)).toBe(503);
        expect(mixed.headers['retry-after']).toBe('5');
        expect(mixed.body).toEqual(unavailable);
        const views = await collect(down.url, downShop.key, [pageView(`e2-${run}`, eve, '/')]);
        expectWith(views.status, JSON.stringify(views.body)).toBe(503);
        expect(views.body).toEqual(unavailable);

        const stored = await down.app.runtime.db.query<{ id: string }>(
          'SELECT id FROM collected_events WHERE website_id = $1 AND distinct_id = $2',
          [downShop.id, eve],
        );
        expect(stored.rows).toEqual([]);
        const queued = await down.app.runtime.db.query<{ submission_id: string }>(
          'SELECT submission_id FROM cro_submission_deliveries WHERE website_id = $1',
          [downShop.id],
        );
        expect(queued.rows).toEqual([]);
        // A batch with nothing to produce does not need the broker.
        const empty = await collect(down.url, downShop.key, []);
        expect(empty.body).toEqual({ accepted: 0, duplicates: 0, rejected: [] });
      } finally {
        // The writer keeps trying to reach the broker meanwhile; it stops cleanly.
        await down.close();
      }
    }, 120_000);
  },
);
