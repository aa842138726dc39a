import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer, type KafkaMessage } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteDriver, SqlEventStore, type RecordedEvent } from '#libs/eventstore/src/index.js';
import { KafkaRelay, splitBySize, toKafkaMessages, topicFor } from '#libs/platform/src/kafka/kafka-relay.js';

function recorded(overrides: Partial<RecordedEvent> = {}): RecordedEvent {
  return {
    id: randomUUID(),
    streamId: 'post-1',
    category: 'post',
    streamVersion: 1,
    type: 'PostCreated',
    data: { title: 'Hello' },
    schemaVersion: 2,
    metadata: { actorId: 'user-1', correlationId: 'corr-1', causationId: 'cause-1', time: '2026-01-02T03:04:05.000Z' },
    createdAt: new Date('2026-01-02T03:04:05.678Z'),
    position: '12:34',
    ...overrides,
  };
}

describe('Kafka relay messages (no broker needed)', () => {
  it('puts every event on the topic of its category, keyed by stream id, in log order', () => {
    const events = [
      recorded({ streamId: 'post-a', category: 'post', streamVersion: 1 }),
      recorded({ streamId: 'campaign-b', category: 'campaign', type: 'CampaignCreated' }),
      recorded({ streamId: 'post-a', category: 'post', streamVersion: 2, type: 'PostRenamed' }),
    ];
    const byTopic = toKafkaMessages(events, 'platform');
    expect([...byTopic.keys()]).toEqual(['platform.post', 'platform.campaign']);
    expect(byTopic.get('platform.post')!.map((m) => [m.key, m.headers!['event-id']])).toEqual([
      ['post-a', events[0].id],
      ['post-a', events[2].id],
    ]);
    expect(byTopic.get('platform.campaign')!.map((m) => m.key)).toEqual(['campaign-b']);
  });

  it('carries the event id, type, schema version, position and correlation headers', () => {
    const event = recorded();
    const [message] = toKafkaMessages([event], 'p').get('p.post')!;
    expect(message.headers).toEqual({
      'event-id': event.id,
      'event-type': 'PostCreated',
      'schema-version': '2',
      position: '12:34',
      'correlation-id': 'corr-1',
      'causation-id': 'cause-1',
    });
    const bare = toKafkaMessages([recorded({ metadata: { actorId: 'u', correlationId: null } })], 'p').get('p.post')![0];
    expect(Object.keys(bare.headers!).sort()).toEqual(['event-id', 'event-type', 'position', 'schema-version']);
  });

  it('serialises the whole event as the JSON value', () => {
    const event = recorded();
    const [message] = toKafkaMessages([event], 'p').get('p.post')!;
    expect(JSON.parse(String(message.value))).toEqual({
      id: event.id,
      streamId: 'post-1',
      streamVersion: 1,
      type: 'PostCreated',
      schemaVersion: 2,
      data: { title: 'Hello' },
      metadata: event.metadata,
      createdAt: '2026-01-02T03:04:05.678Z',
      position: '12:34',
    });
  });

  it('names topics safely', () => {
    expect(topicFor('platform', 'post')).toBe('platform.post');
    expect(topicFor('platform', 'a/b c')).toBe('platform.a_b_c');
    expect(topicFor('platform', '')).toBe('platform.unknown');
    expect(topicFor('x', 'y'.repeat(400))).toHaveLength(249);
  });

  it('splits a large batch into ordered requests under the size limit', () => {
    const events = Array.from({ length: 10 }, (_, n) =>
      recorded({ streamId: `post-${n}`, streamVersion: n + 1, data: { body: 'x'.repeat(1000) } }),
    );
    const entries = events.map((e) => ({ topic: 'p.post', message: toKafkaMessages([e], 'p').get('p.post')![0] }));
    const chunks = splitBySize(entries, 3000);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flat().map((c) => c.message.key)).toEqual(events.map((e) => e.streamId));
    expect(splitBySize(entries)).toHaveLength(1);
  });

  it('needs at least one broker', () => {
    expect(() => new KafkaRelay({ brokers: [], topicPrefix: 'p' })).toThrow(/broker/);
  });
});

const brokers = process.env.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean);

if (brokers?.length) {
  describe('Kafka relay contract (KAFKA_BROKERS)', () => {
    const topicPrefix = `test-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
    let store: SqlEventStore;
    let relay: KafkaRelay;
    let consumer: Consumer | undefined;

    beforeAll(async () => {
      store = await SqlEventStore.create(await PgliteDriver.open());
      relay = new KafkaRelay({ brokers, topicPrefix, clientId: 'kafka-relay-test' });
    });
    afterAll(async () => {
      await consumer?.disconnect();
      await relay?.stop();
      await store?.close();
    });

    it('publishes every event to its category topic, keyed by stream id, with id and type headers', async () => {
      const post = `post-${randomUUID()}`;
      const campaign = `campaign-${randomUUID()}`;
      await store.append(post, [{ type: 'PostCreated', data: { title: 'A' } }, { type: 'PostRenamed', data: { title: 'B' } }], 'no_stream');
      await store.append(campaign, [{ type: 'CampaignCreated', data: { name: 'C' }, metadata: { correlationId: 'corr-9' } }], 'no_stream');
      await store.append(post, [{ type: 'PostSubmitted', data: {} }], 2);
      const events = await store.readAll();
      expect(events).toHaveLength(4);

      await relay.start();
      await relay.handleBatch(events);
      await relay.handleBatch([]);

      const received: Array<{ topic: string; message: KafkaMessage }> = [];
      const kafka = new Kafka({ clientId: 'kafka-relay-test-consumer', brokers, logLevel: logLevel.WARN });
      consumer = kafka.consumer({ groupId: `${topicPrefix}-reader` });
      await consumer.connect();
      await consumer.subscribe({ topics: [`${topicPrefix}.post`, `${topicPrefix}.campaign`], fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${events.length} messages arrived`)), 45_000);
        consumer!
          .run({
            eachMessage: async ({ topic, message }) => {
              received.push({ topic, message });
              if (received.length >= events.length) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch(reject);
      });

      expect(received).toHaveLength(events.length);
      for (const event of events) {
        const got = received.find((r) => r.message.headers?.['event-id']?.toString() === event.id);
        expect(got, `event ${event.type} ${event.id}`).toBeDefined();
        expect(got!.topic).toBe(`${topicPrefix}.${event.category}`);
        expect(got!.message.key?.toString()).toBe(event.streamId);
        expect(got!.message.headers?.['event-type']?.toString()).toBe(event.type);
        expect(JSON.parse(got!.message.value!.toString())).toMatchObject({ id: event.id, streamVersion: event.streamVersion, position: event.position });
      }
      const postVersions = received
        .filter((r) => r.message.key?.toString() === post)
        .map((r) => JSON.parse(r.message.value!.toString()).streamVersion);
      expect(postVersions).toEqual([1, 2, 3]);
      const campaignMessage = received.find((r) => r.topic === `${topicPrefix}.campaign`)!;
      expect(campaignMessage.message.headers?.['correlation-id']?.toString()).toBe('corr-9');
    });
  });
} else {
  console.info('KAFKA_BROKERS is not set: Kafka relay contract tests skipped');
  describe.skipIf(true)('Kafka relay contract (KAFKA_BROKERS is not set)', () => {
    it('publishes events to a real Kafka at KAFKA_BROKERS', () => {});
  });
}
