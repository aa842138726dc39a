import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  Kafka,
  KafkaJSConnectionError,
  KafkaJSNonRetriableError,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSProtocolError,
  logLevel,
} from 'kafkajs';
import { afterEach, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { endOffsets, readUpTo } from './read-topics.js';
import {
  PgliteDriver,
  SqlEventStore,
  comparePositions,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '#libs/eventstore/src/index.js';
import {
  KafkaRelay,
  KafkaRelayStoppedError,
  classifyKafkaError,
  splitBySize,
  toKafkaMessages,
  topicFor,
  type RelayedEvent,
} from '#libs/platform/src/kafka/kafka-relay.js';
import { readCheckpoint } from '#libs/platform/src/projections/checkpoints.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';

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
    const bare = toKafkaMessages([recorded({ metadata: { actorId: 'u', correlationId: null } })], 'p').get(
      'p.post',
    )![0];
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

/** kafkajs's error for a broker error code, as its protocol decoder builds it. */
function protocolError(type: string, retriable: boolean): Error {
  return new KafkaJSProtocolError({ message: `broker says ${type}`, type, code: 1, retriable } as never);
}

/** What kafkajs's retrier throws for an error it does not retry. */
function nonRetriable(error: Error): Error {
  return Object.assign(new KafkaJSNonRetriableError(error), { cause: error });
}

describe('Kafka relay retries (no broker needed)', () => {
  it('tries again on an unreachable broker or a timeout, renews the producer on a sequence error, and gives up on the rest', () => {
    const refused = new KafkaJSConnectionError('Connection error: connect ECONNREFUSED 127.0.0.1:19092');
    expect(classifyKafkaError(refused)).toBe('transient');
    expect(
      classifyKafkaError(new KafkaJSNumberOfRetriesExceeded(refused, { retryCount: 15, retryTime: 1000 } as never)),
    ).toBe('transient');
    expect(
      classifyKafkaError(
        new KafkaJSNumberOfRetriesExceeded(protocolError('NOT_LEADER_FOR_PARTITION', true), {
          retryCount: 5,
          retryTime: 1000,
        } as never),
      ),
    ).toBe('transient');
    expect(classifyKafkaError(nonRetriable(protocolError('OUT_OF_ORDER_SEQUENCE_NUMBER', false)))).toBe(
      'producer-state',
    );
    expect(classifyKafkaError(protocolError('UNKNOWN_PRODUCER_ID', false))).toBe('producer-state');
    expect(classifyKafkaError(nonRetriable(protocolError('MESSAGE_TOO_LARGE', false)))).toBe('permanent');
    expect(classifyKafkaError(protocolError('TOPIC_AUTHORIZATION_FAILED', false))).toBe('permanent');
    expect(classifyKafkaError(nonRetriable(new TypeError('x is not a function')))).toBe('permanent');
    expect(classifyKafkaError(new Error('something else'))).toBe('permanent');
  });

  it('keeps trying while no broker answers, and rejects only when stopped', async () => {
    const errors: string[] = [];
    const relay = new KafkaRelay({
      // Nothing listens on port 1.
      brokers: ['127.0.0.1:1'],
      topicPrefix: 'p',
      retry: { initialMs: 10, maxMs: 20 },
      client: { retry: { retries: 1, initialRetryTime: 20, maxRetryTime: 50 } },
      logger: { info() {}, error: (_o, msg) => void errors.push(String(msg)) },
    });
    await relay.start(); // an unreachable broker at start is logged, not thrown: the runner carries on
    let outcome: unknown = 'pending';
    const sending = relay.handleBatch([recorded()]).then(
      () => (outcome = 'resolved'),
      (error: unknown) => (outcome = error),
    );
    await poll(() => errors.filter((m) => /could not publish/.test(m)).length, {
      timeout: 30_000,
    }).toBeGreaterThanOrEqual(2);
    expect(outcome).toBe('pending');
    await relay.stop();
    await sending;
    expect(outcome).toBeInstanceOf(KafkaRelayStoppedError);
  }, 60_000);
});

const brokers = (process.env.KAFKA_BROKERS ?? '')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);
/** Starts and stops the broker at KAFKA_BROKERS (test/kafka/broker/broker.sh by default). */
const brokerControl = process.env.KAFKA_BROKER_CONTROL || fileURLToPath(new URL('./broker/broker.sh', import.meta.url));
const run = `${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`;
const quiet = { info() {}, error() {} };

interface LogLine {
  at: number;
  level: 'info' | 'error';
  msg: string;
  o: object;
}

interface Received {
  topic: string;
  partition: number;
  offset: number;
  key: string | null;
  headers: Record<string, string>;
  value: RelayedEvent;
}

/** Every message of `topics`, from the first offset to the end each partition had when called. */
async function readTopics(topics: string[], timeoutMs = 60_000): Promise<Received[]> {
  const kafka = new Kafka({ clientId: `relay-contract-reader-${run}`, brokers, logLevel: logLevel.NOTHING });
  const read = await readUpTo(kafka, await endOffsets(kafka, topics), timeoutMs);
  return read.map(({ timestamp: _timestamp, value, ...message }) => ({ ...message, value: value as RelayedEvent }));
}

/** How many times each event id arrived beyond the first. */
function duplicatesOf(received: Received[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const r of received) seen.set(r.headers['event-id'], (seen.get(r.headers['event-id']) ?? 0) + 1);
  return new Map([...seen].filter(([, n]) => n > 1).map(([id, n]) => [id, n - 1]));
}

/** Per stream: the stream versions in the order its partition holds them, first arrivals only. */
function versionsByStream(received: Received[]): Map<string, number[]> {
  const seen = new Set<string>();
  const byStream = new Map<string, number[]>();
  for (const r of received) {
    if (seen.has(r.headers['event-id'])) continue;
    seen.add(r.headers['event-id']);
    const versions = byStream.get(r.value.streamId) ?? [];
    byStream.set(r.value.streamId, [...versions, r.value.streamVersion]);
  }
  return byStream;
}

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

requires(Boolean(process.env.KAFKA_BROKERS), 'a Kafka broker (KAFKA_BROKERS; npm run kafka:local)')(
  'Kafka relay contract (a real broker at KAFKA_BROKERS)',
  () => {
    let brokerDown = false;

    async function broker(command: 'stop' | 'start'): Promise<void> {
      const port = brokers[0].split(':').pop();
      if (command === 'stop') brokerDown = true;
      await promisify(execFile)('bash', [brokerControl, command], {
        env: { ...process.env, KAFKA_PORT: process.env.KAFKA_PORT ?? port },
        timeout: 120_000,
      });
      if (command === 'start') brokerDown = false;
    }

    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      while (cleanups.length) await cleanups.pop()!();
      // A test that failed during an outage leaves the broker running for the next one.
      if (brokerDown) await broker('start');
    }, 120_000);

    /** An event store (PGlite), the relay, and the runner that feeds it and keeps its checkpoint. */
    async function relayRig(name: string) {
      const topicPrefix = `relay-test-${run}-${name}`;
      const db = await PgliteDriver.open();
      const store = await SqlEventStore.create(db);
      const log: LogLine[] = [];
      const relay = new KafkaRelay({
        brokers,
        topicPrefix,
        clientId: `relay-contract-${run}`,
        retry: { initialMs: 100, maxMs: 1000 },
        // kafkajs gives up on an attempt after a few seconds, so that the relay's own retrying shows.
        client: { retry: { retries: 4, initialRetryTime: 100, maxRetryTime: 1000 } },
        logger: {
          info: (o, msg) => void log.push({ at: Date.now(), level: 'info', msg: String(msg), o }),
          error: (o, msg) => void log.push({ at: Date.now(), level: 'error', msg: String(msg), o }),
        },
      });
      const manager = new ProjectionManager(db, store, [{ kind: 'relay', relay }], {
        batchSize: 10,
        idleMaxMs: 100,
        retryMs: 100,
        log: quiet,
      });
      cleanups.push(async () => {
        // Ends a batch still being retried (the broker may be down if the test failed), then the runner.
        await relay.stop();
        await manager.stop();
        await store.close();
      });
      const checkpoint = async () => (await readCheckpoint(db, relay.name))?.position ?? null;
      const relayState = async () => (await manager.states()).find((s) => s.name === relay.name)!;
      const failures = () => log.filter((l) => /could not publish/.test(l.msg));
      /** Waits until the checkpoint reached the head of the log; fails with the relay's state. */
      const caughtUp = async (timeout: number) => {
        const head = await store.headPosition();
        try {
          await poll(checkpoint, { timeout, interval: 100 }).toBe(head);
        } catch (error) {
          const state = await relayState();
          const last = failures().at(-1);
          throw new Error(
            `the relay did not reach the head of the log (${head}) in ${timeout / 1000} s: ${JSON.stringify(state)}` +
              (last ? `; its last failed attempt: ${String((last.o as { err?: unknown }).err)}` : ''),
            { cause: error },
          );
        }
        return head;
      };
      return {
        topicPrefix,
        store,
        manager,
        log,
        checkpoint,
        relayState,
        failures,
        caughtUp,
        topic: (category: string) => `${topicPrefix}.${category}`,
      };
    }

    it('publishes every appended event once, on its category topic, keyed by stream id, with its headers, in stream order within a partition', async () => {
      const rig = await relayRig('contract');
      const appended: RecordedEvent[] = [];
      const streams = ['post-1', 'post-2', 'post-3', 'post-4', 'post-5', 'post-6', 'campaign-1', 'campaign-2'];
      const versions = new Map<string, number>();
      async function appendRound(round: number) {
        for (const streamId of streams) {
          const version = versions.get(streamId) ?? 0;
          const events: NewEvent[] = [
            {
              type: streamId.startsWith('post') ? 'PostRenamed' : 'CampaignScheduled',
              data: { round, streamId },
              schemaVersion: 3,
              metadata: {
                actorId: 'user-1',
                correlationId: `corr-${streamId}-${round}`,
                causationId: `cause-${streamId}-${round}`,
              },
            },
            { type: 'Noted', data: { round }, metadata: { actorId: 'user-1' } },
          ];
          await rig.store.append(streamId, events, version === 0 ? 'no_stream' : version);
          versions.set(streamId, version + events.length);
        }
      }
      // Two rounds before the relay runs (it catches up), two while it runs (it follows).
      await appendRound(1);
      await appendRound(2);
      await rig.manager.start();
      await appendRound(3);
      await appendRound(4);
      appended.push(...(await rig.store.readAll()));
      expect(appended).toHaveLength(64);
      await rig.caughtUp(60_000);

      const received = await readTopics([rig.topic('post'), rig.topic('campaign')]);
      expectWith(
        rig.failures().map((l) => String((l.o as { err?: unknown }).err)),
        'failed attempts in normal operation',
      ).toEqual([]);
      expectWith(duplicatesOf(received), 'no event is published twice in normal operation').toEqual(new Map());
      expect(received).toHaveLength(64);
      const byId = new Map(received.map((r) => [r.headers['event-id'], r]));
      for (const event of appended) {
        const got = byId.get(event.id);
        expectWith(
          got,
          `event ${event.streamId} v${event.streamVersion} (${event.id}) was not published`,
        ).toBeDefined();
        expect(got!.topic).toBe(event.streamId.startsWith('post') ? rig.topic('post') : rig.topic('campaign'));
        expect(got!.key).toBe(event.streamId);
        const round = (event.data as { round: number }).round;
        expect(got!.headers).toEqual(
          event.type === 'Noted'
            ? { 'event-id': event.id, 'event-type': 'Noted', 'schema-version': '1', position: event.position }
            : {
                'event-id': event.id,
                'event-type': event.streamId.startsWith('post') ? 'PostRenamed' : 'CampaignScheduled',
                'schema-version': '3',
                position: event.position,
                'correlation-id': `corr-${event.streamId}-${round}`,
                'causation-id': `cause-${event.streamId}-${round}`,
              },
        );
        expect(got!.value).toMatchObject({
          id: event.id,
          streamId: event.streamId,
          streamVersion: event.streamVersion,
          type: event.type,
          data: event.data,
        });
      }
      // Each stream's events share one partition and lie there in stream order.
      for (const streamId of streams) {
        const partitions = new Set(received.filter((r) => r.key === streamId).map((r) => `${r.topic}/${r.partition}`));
        expectWith(partitions.size, `${streamId} is spread over ${[...partitions].join(', ')}`).toBe(1);
      }
      expect(Object.fromEntries(versionsByStream(received))).toEqual({
        'post-1': oneTo(8),
        'post-2': oneTo(8),
        'post-3': oneTo(8),
        'post-4': oneTo(8),
        'post-5': oneTo(8),
        'post-6': oneTo(8),
        'campaign-1': oneTo(8),
        'campaign-2': oneTo(8),
      });
      // The key decides the partition: six post streams do not all land in one of the topic's three.
      expect(
        new Set(received.filter((r) => r.topic === rig.topic('post')).map((r) => r.partition)).size,
      ).toBeGreaterThan(1);
    }, 120_000);

    it('moves the checkpoint only after the broker acknowledged: not while the broker is down, and by itself once it is back', async () => {
      const rig = await relayRig('checkpoint');
      await rig.manager.start();
      await rig.store.append(
        'order-1',
        [
          { type: 'Placed', data: {} },
          { type: 'Paid', data: {} },
        ],
        'no_stream',
      );
      await rig.store.append('order-2', [{ type: 'Placed', data: {} }], 'no_stream');
      const before = await rig.caughtUp(60_000);

      await broker('stop');
      const stoppedAt = Date.now();
      await rig.store.append('order-1', [{ type: 'Shipped', data: {} }], 2);
      await rig.store.append(
        'order-3',
        [
          { type: 'Placed', data: {} },
          { type: 'Paid', data: {} },
        ],
        'no_stream',
      );
      const head = await rig.store.headPosition();
      expect(comparePositions(head, before)).toBeGreaterThan(0);

      // The relay tries, fails, and keeps trying; meanwhile the checkpoint stays where it was and
      // the subscription is not marked failed.
      const failedAttempts = () => rig.failures().filter((l) => l.at > stoppedAt).length;
      // Until it has failed twice (or, wrongly, moved its checkpoint), then until it has failed once
      // more: that failure is logged only after the relay was done with the one before, so a relay
      // that moved its checkpoint after a failed attempt has moved it by then.
      await poll(async () => failedAttempts() >= 2 || (await rig.checkpoint()) !== before, {
        timeout: 60_000,
        interval: 200,
      }).toBe(true);
      const seen = new Set<GlobalPosition | null>([await rig.checkpoint()]);
      const failedSoFar = failedAttempts();
      await poll(
        async () => {
          seen.add(await rig.checkpoint());
          return failedAttempts() > failedSoFar;
        },
        { timeout: 60_000, interval: 200 },
      ).toBe(true);
      seen.add(await rig.checkpoint());
      expectWith([...seen], 'the checkpoint while the broker is down').toEqual([before]);
      expect(failedAttempts()).toBeGreaterThanOrEqual(2);
      expect(await rig.relayState()).toMatchObject({ status: 'running', position: before, lag: 3, error: null });

      await broker('start');
      await rig.caughtUp(90_000);
      expect(rig.log.some((l) => /delivered the batch after retrying/.test(l.msg))).toBe(true);
      expect(await rig.relayState()).toMatchObject({ status: 'running', position: head, lag: 0, error: null });

      const received = await readTopics([rig.topic('order')]);
      // The broker was down before these were appended: none of them can have reached it twice.
      expect(duplicatesOf(received)).toEqual(new Map());
      expect(Object.fromEntries(versionsByStream(received))).toEqual({
        'order-1': [1, 2, 3],
        'order-2': [1],
        'order-3': [1, 2],
      });
    }, 180_000);

    it('loses nothing when the broker stops mid-run and starts again while events keep being appended', async () => {
      const rig = await relayRig('outage');
      const streams = ['shop-1', 'shop-2', 'shop-3', 'shop-4', 'cart-1', 'cart-2', 'cart-3'];
      const versions = new Map<string, number>();
      const appendedAt = new Map<string, number>();
      let writing = true;
      let appendErrors = 0;
      const writer = (async () => {
        for (let n = 0; writing; n++) {
          const streamId = streams[n % streams.length];
          const version = versions.get(streamId) ?? 0;
          const count = 1 + (n % 3);
          const events = Array.from({ length: count }, (_, i) => ({
            id: randomUUID(),
            type: 'Happened',
            data: { n, i },
          }));
          try {
            await rig.store.append(streamId, events, version === 0 ? 'no_stream' : version);
            versions.set(streamId, version + count);
            for (const e of events) appendedAt.set(e.id, Date.now());
          } catch {
            appendErrors++;
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await rig.manager.start();
      // The relay at work before the outage: its checkpoint reached a position appended after it started.
      await poll(() => appendedAt.size, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(20);
      const running = await rig.store.headPosition();
      await poll(
        async () => {
          const at = await rig.checkpoint();
          return at !== null && comparePositions(at, running) >= 0;
        },
        { timeout: 60_000, interval: 100 },
      ).toBe(true);

      const outageStarted = Date.now();
      await broker('stop');
      const stopped = Date.now();
      const appendedBeforeOutage = appendedAt.size;
      const appendedSince = (from: number, to = Infinity) =>
        [...appendedAt.values()].filter((at) => at > from && at < to).length;
      // Down until the relay failed twice and the writer appended more than twenty events meanwhile.
      const failedSince = (from: number) => rig.failures().filter((l) => l.at > from).length;
      await poll(() => failedSince(stopped) >= 2 && appendedSince(stopped) > 20, {
        timeout: 60_000,
        interval: 100,
      }).toBe(true);
      const startAsked = Date.now();
      await broker('start');
      const restarted = Date.now();
      const appendedDuringOutage = appendedSince(stopped, startAsked);
      // Up again until the relay delivered its batch in flight and the writer appended twenty more events.
      const delivered = () => rig.log.some((l) => l.at > restarted && /delivered the batch after retrying/.test(l.msg));
      await poll(() => delivered() && appendedSince(restarted) >= 20, { timeout: 90_000, interval: 100 }).toBe(true);
      writing = false;
      await writer;
      expect(appendErrors).toBe(0);
      expect(appendedDuringOutage).toBeGreaterThan(20);

      await rig.caughtUp(120_000);
      const caughtUp = Date.now();
      const received = await readTopics([rig.topic('shop'), rig.topic('cart')]);
      const receivedIds = new Set(received.map((r) => r.headers['event-id']));
      const missing = [...appendedAt.keys()].filter((id) => !receivedIds.has(id));
      expectWith(missing, `${missing.length} of ${appendedAt.size} events never reached Kafka`).toEqual([]);
      expect(receivedIds.size).toBe(appendedAt.size);
      expect(Object.fromEntries(versionsByStream(received))).toEqual(
        Object.fromEntries(streams.map((s) => [s, oneTo(versions.get(s)!)])),
      );
      for (const streamId of streams) {
        expect(new Set(received.filter((r) => r.key === streamId).map((r) => `${r.topic}/${r.partition}`)).size).toBe(
          1,
        );
      }

      // At-least-once: a batch in flight when the broker went away may arrive twice, nothing else.
      const duplicates = duplicatesOf(received);
      const outsideOutage = [...duplicates.keys()].filter((id) => {
        const at = appendedAt.get(id)!;
        return at < outageStarted - 10_000 || at > restarted;
      });
      expectWith(outsideOutage, 'duplicates of events appended well away from the outage').toEqual([]);
      const failures = rig.failures().length;
      console.info(
        `Kafka relay outage: ${appendedAt.size} events (${appendedBeforeOutage} before the broker stopped, ${appendedDuringOutage} while it was down), ` +
          `${received.length} messages, ${[...duplicates.values()].reduce((a, b) => a + b, 0)} duplicates of ${duplicates.size} events, ` +
          `${failures} failed attempts, broker down ${((restarted - stopped) / 1000).toFixed(1)} s, ` +
          `relay caught up ${((caughtUp - restarted) / 1000).toFixed(1)} s after the restart`,
      );
    }, 240_000);
  },
);
