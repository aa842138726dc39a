import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import kafkajs, {
  type Consumer,
  type EachBatchPayload,
  type Kafka as KafkaClient,
  type KafkaConfig,
  type KafkaMessage,
  type LogEntry,
  type Message,
  type Producer,
} from 'kafkajs';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import type { CollectedEvent } from '#libs/cro/src/domain/collect-events.js';
import { insertEventGroups, type EventEnrichment, type EventToStore } from '#libs/cro/src/projections/tracking.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { AppError } from '#libs/platform/src/errors.js';
import { topicFor } from '#libs/platform/src/kafka/kafka-relay.js';
import type { Logger } from '#libs/platform/src/logging.js';
import { CONFIG, LOGGER, SQL } from '#libs/platform/src/tokens.js';
import { z } from '#libs/platform/src/validation.js';

// kafkajs is CommonJS: Node's ESM loader sees only some of its names as named exports.
const { Kafka, Partitioners, logLevel } = kafkajs;

/**
 * Tracking events through Kafka (docs/analytics.md "Ingestion through Kafka"). With `KAFKA_BROKERS`
 * set, `POST /api/public/collect` produces each accepted event (validated, checked and enriched)
 * to `{KAFKA_TOPIC_PREFIX}.tracking` and answers once the broker acknowledged it; the consumer
 * group `{KAFKA_TOPIC_PREFIX}.tracking-writer` stores them with `insertEventGroups`.
 *
 * The message contract, version 1 (downstream consumers read it; a change that breaks it is a
 * new version):
 * - key `{websiteId}:{distinctId}`: a visitor's events share a partition and stay in order;
 * - headers `schema-version` ("1"), `event-id` (the id it is stored under), `event-name`,
 *   `website-id`, `content-type` ("application/json");
 * - timestamp: when the API received the batch;
 * - value: `TrackingMessage` as JSON.
 */
export const TRACKING_SCHEMA_VERSION = 1;

/** The JSON value of a message on `{prefix}.tracking` (schema version 1). */
export interface TrackingMessage {
  websiteId: string;
  organisationId: string;
  /** The id the event is stored under: the tracker's, or a UUID the API generated (then `event.id` is null). */
  id: string;
  /** The event as the validator normalised it (libs/cro/src/domain/collect-events.ts `CollectedEvent`). */
  event: CollectedEvent;
  /** What ingestion learnt of it (libs/cro/src/projections/collected-events.ts `EventEnrichment`). */
  enrichment: EventEnrichment | null;
  /** ISO 8601: when the API received the batch (stored as `received_at`). */
  receivedAt: string;
}

/** `{prefix}.tracking`. */
export const trackingTopic = (topicPrefix: string) => topicFor(topicPrefix, 'tracking');
/** `{prefix}.tracking-writer`: the consumer group that stores the events. */
export const trackingWriterGroup = (topicPrefix: string) => `${topicPrefix}.tracking-writer`;
/** `{websiteId}:{distinctId}`. */
export const trackingKey = (websiteId: string, distinctId: string) => `${websiteId}:${distinctId}`;

/** The Kafka message of one event to store. */
export function toTrackingMessage(
  website: { id: string; organisationId: string },
  stored: EventToStore,
  receivedAt: Date,
): Message {
  const value: TrackingMessage = {
    websiteId: website.id,
    organisationId: website.organisationId,
    id: stored.id,
    event: stored.event,
    enrichment: stored.enrichment ?? null,
    receivedAt: receivedAt.toISOString(),
  };
  return {
    key: trackingKey(website.id, stored.event.distinctId),
    value: JSON.stringify(value),
    timestamp: String(receivedAt.getTime()),
    headers: {
      'schema-version': String(TRACKING_SCHEMA_VERSION),
      'event-id': stored.id,
      'event-name': stored.event.name,
      'website-id': website.id,
      'content-type': 'application/json',
    },
  };
}

const text = z.string().min(1);
const nullableText = z.string().nullable();
const isoTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'not a date');
const flat = z.union([z.string(), z.number(), z.boolean()]);
const messageSchema = z.object({
  websiteId: text,
  organisationId: text,
  id: text,
  event: z.object({
    id: nullableText,
    name: text,
    distinctId: text,
    sessionId: nullableText,
    time: isoTime,
    url: nullableText,
    referrer: nullableText,
    utm: z
      .object({
        source: nullableText,
        medium: nullableText,
        campaign: nullableText,
        term: nullableText,
        content: nullableText,
      })
      .nullable(),
    ctaId: nullableText,
    campaignId: nullableText,
    experimentId: nullableText,
    variant: nullableText,
    value: z.number().nullable(),
    currency: nullableText,
    properties: z.record(z.string(), flat),
    fields: z.record(z.string(), z.string()).nullable(),
  }),
  enrichment: z
    .object({
      device: z.enum(['desktop', 'mobile', 'tablet']).nullable(),
      os: nullableText,
      browser: nullableText,
      bot: z.boolean(),
      country: nullableText,
      city: nullableText,
      referrerClass: nullableText,
      utm: z
        .object({
          source: nullableText,
          medium: nullableText,
          campaign: nullableText,
          term: nullableText,
          content: nullableText,
        })
        .nullable(),
    })
    .nullable(),
  receivedAt: isoTime,
});

/** A message read back: the contract's value, or why it cannot be stored. */
export function readTrackingMessage(
  message: Pick<KafkaMessage, 'value' | 'headers'>,
): { ok: true; value: TrackingMessage } | { ok: false; reason: string } {
  const version = message.headers?.['schema-version'];
  const versionText = Array.isArray(version) ? String(version[0]) : version === undefined ? undefined : String(version);
  if (versionText !== String(TRACKING_SCHEMA_VERSION))
    return { ok: false, reason: `schema-version ${versionText ?? '(none)'} is not ${TRACKING_SCHEMA_VERSION}` };
  let json: unknown;
  try {
    json = JSON.parse(message.value?.toString('utf8') ?? '');
  } catch {
    return { ok: false, reason: 'the value is not JSON' };
  }
  const parsed = messageSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, reason: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  return { ok: true, value: parsed.data as TrackingMessage };
}

/**
 * 503: the broker did not acknowledge the batch (unreachable, no leader, timed out). Nothing of
 * the batch was stored directly; the tracker sends it again (`Retry-After`).
 */
export class TrackingUnavailableError extends AppError {
  override readonly name = 'TrackingUnavailableError';
  readonly statusCode = 503;
  constructor(readonly details: { retryAfterSeconds: number }) {
    super('The events cannot be taken right now. Nothing was stored: send the batch again later.');
  }
}

/** Seconds a client is asked to wait after a 503. */
export const TRACKING_RETRY_AFTER_SECONDS = 5;

/**
 * kafkajs settings of the producer: the HTTP answer waits for the broker, so an attempt is short
 * (a refused connection is retried twice within a second; a broker that does not answer, five
 * seconds per request) and then the route answers 503.
 */
const PRODUCER_CLIENT: Pick<KafkaConfig, 'retry' | 'connectionTimeout' | 'requestTimeout'> = {
  connectionTimeout: 1000,
  requestTimeout: 5000,
  retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1000 },
};
/** How long the broker may wait for the in-sync replicas' acknowledgement of a produce request. */
const ACK_TIMEOUT_MS = 5000;
/** Batches waiting while a request is in flight go together in the next one, up to about this many bytes. */
const MAX_REQUEST_BYTES = 512 * 1024;

function kafkaClient(
  clientId: string,
  brokers: string[],
  log: Logger,
  client: Pick<KafkaConfig, 'retry' | 'connectionTimeout' | 'requestTimeout'>,
): KafkaClient {
  return new Kafka({
    clientId,
    brokers,
    ...client,
    // kafkajs's errors are details of what this file logs itself (a failed send, a crash).
    logLevel: logLevel.ERROR,
    logCreator:
      () =>
      ({ namespace, log: entry }: LogEntry) => {
        const { message, ...extra } = entry;
        log.warn({ kafka: namespace, ...extra }, message);
      },
  });
}

/** Creates the topic when it is missing (partitions and replication: the broker's defaults). */
async function ensureTopic(kafka: KafkaClient, topic: string): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    if (!(await admin.listTopics()).includes(topic))
      await admin.createTopics({ topics: [{ topic }], waitForLeaders: true });
  } finally {
    await admin.disconnect();
  }
}

interface Pending {
  messages: Message[];
  bytes: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The API's producer to `{prefix}.tracking` (enabled by `KAFKA_BROKERS`). `produce` resolves once
 * the broker acknowledged every message with acks from all in-sync replicas (`acks: -1`), through
 * an idempotent producer; else it rejects with `TrackingUnavailableError` (503).
 *
 * One request is in flight at a time (kafkajs serialises an idempotent producer's requests per
 * broker anyway): the batches of the requests that arrive meanwhile go together in the next one,
 * so the produce requests grow with the load instead of queueing. A failed request fails every
 * batch in it. After any failure the producer is dropped and the next batch gets a new one (a new
 * producer id): kafkajs's retries are bounded here, and a producer that gave up a request must not
 * reuse its sequence numbers. Whatever reached the broker from a failed request (an acknowledgement
 * lost on the way back) is stored once all the same: storage is idempotent by (website, event id).
 */
@Injectable()
export class TrackingProducer implements OnApplicationShutdown {
  readonly enabled: boolean;
  private readonly topic: string;
  private readonly kafka: KafkaClient | null;
  private producer: Producer | null = null;
  private connecting: Promise<Producer> | null = null;
  private readonly queue: Pending[] = [];
  private flushing = false;
  private stopped = false;

  constructor(
    @Inject(CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    const brokers = config.kafkaBrokers ?? [];
    this.enabled = brokers.length > 0;
    this.topic = trackingTopic(config.kafkaTopicPrefix);
    this.kafka = this.enabled ? kafkaClient('platform-tracking-producer', brokers, log, PRODUCER_CLIENT) : null;
  }

  /** Produces the events of one website received at `receivedAt`; resolves once the broker acknowledged all of them. */
  async produce(
    website: { id: string; organisationId: string },
    events: readonly EventToStore[],
    receivedAt: Date,
  ): Promise<void> {
    if (events.length === 0) return;
    if (!this.kafka || this.stopped)
      throw new TrackingUnavailableError({ retryAfterSeconds: TRACKING_RETRY_AFTER_SECONDS });
    const messages = events.map((e) => toTrackingMessage(website, e, receivedAt));
    const bytes = messages.reduce((sum, m) => sum + 64 + String(m.key).length + Buffer.byteLength(String(m.value)), 0);
    try {
      await new Promise<void>((resolve, reject) => {
        this.queue.push({ messages, bytes, resolve, reject });
        if (!this.flushing) void this.flush();
      });
    } catch (error) {
      this.log.error(
        { err: error, websiteId: website.id, events: events.length, topic: this.topic },
        'tracking events not acknowledged by Kafka: answered 503',
      );
      throw new TrackingUnavailableError({ retryAfterSeconds: TRACKING_RETRY_AFTER_SECONDS });
    }
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const group: Pending[] = [this.queue.shift()!];
        let bytes = group[0].bytes;
        while (this.queue.length > 0 && bytes + this.queue[0].bytes <= MAX_REQUEST_BYTES) {
          bytes += this.queue[0].bytes;
          group.push(this.queue.shift()!);
        }
        try {
          if (this.stopped) throw new Error('the tracking producer is stopped');
          const producer = await this.connected();
          await producer.sendBatch({
            acks: -1,
            timeout: ACK_TIMEOUT_MS,
            topicMessages: [{ topic: this.topic, messages: group.flatMap((p) => p.messages) }],
          });
          for (const p of group) p.resolve();
        } catch (error) {
          for (const p of group) p.reject(error);
          await this.drop();
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private connected(): Promise<Producer> {
    if (this.producer) return Promise.resolve(this.producer);
    this.connecting ??= (async () => {
      const producer = this.kafka!.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        // Bounded (the HTTP answer waits): kafkajs's default for an idempotent producer is to retry forever.
        retry: PRODUCER_CLIENT.retry,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      try {
        await ensureTopic(this.kafka!, this.topic);
        await producer.connect();
      } catch (error) {
        await producer.disconnect().catch(() => undefined);
        throw error;
      }
      this.producer = producer;
      return producer;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async drop(): Promise<void> {
    const producer = this.producer;
    this.producer = null;
    await producer?.disconnect().catch(() => undefined);
  }

  /** After the HTTP server stopped (NestJS calls this last): no request waits any more. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.connecting?.catch(() => undefined);
    await this.drop();
  }
}

/** Restarts of the writer after a failure: 1 s, doubling up to 30 s. */
const WRITER_RETRY = { initialMs: 1000, maxMs: 30_000 };
/**
 * kafkajs settings of the writer: connecting gives up after a few seconds (the writer starts again
 * later by itself), so that a shutdown during an outage does not wait long for it.
 */
const WRITER_CLIENT: Pick<KafkaConfig, 'retry' | 'connectionTimeout' | 'requestTimeout'> = {
  connectionTimeout: 3000,
  retry: { retries: 3, initialRetryTime: 300, maxRetryTime: 3000 },
};

/**
 * The consumer group `{prefix}.tracking-writer`: stores what `TrackingProducer` produced, with
 * `insertEventGroups` (which also queues the visitors for the analytics projector). It runs
 * where the projections run (`config.runProjections`: the API process in the single-process mode,
 * the workers otherwise; several processes share the partitions).
 *
 * Per batch of a partition (kafkajs `eachBatch`): the messages are grouped by website (and
 * received time: one multi-row insert per group) and written in one transaction; only then is the
 * batch's last offset resolved, and kafkajs commits it right after (`autoCommit`). A failed write
 * resolves nothing: the batch is read again (kafkajs retries, then restarts the consumer). Since
 * storage is idempotent by (website, event id), a message read twice, or produced twice, is stored
 * once. A new group starts at the beginning of the topic (nothing produced before it ran is lost).
 * A message it cannot read (not JSON, not the contract, another schema version) is logged and
 * skipped: it can never be stored, and must not hold up its partition.
 */
@Injectable()
export class TrackingWriter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly topic: string;
  private readonly groupId: string;
  private readonly kafka: KafkaClient | null;
  private consumer: Consumer | null = null;
  private starting: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = true;

  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.topic = trackingTopic(config.kafkaTopicPrefix);
    this.groupId = trackingWriterGroup(config.kafkaTopicPrefix);
    const brokers = config.kafkaBrokers ?? [];
    this.kafka =
      brokers.length > 0 && config.runProjections
        ? kafkaClient('platform-tracking-writer', brokers, log, WRITER_CLIENT)
        : null;
  }

  /** Whether this process runs the writer (`KAFKA_BROKERS` set and `runProjections`). */
  get enabled(): boolean {
    return this.kafka !== null;
  }

  onApplicationBootstrap(): void {
    if (!this.kafka) return;
    this.stopped = false;
    this.starting = this.start();
  }

  private async start(): Promise<void> {
    const consumer = this.kafka!.consumer({
      groupId: this.groupId,
      allowAutoTopicCreation: false,
      retry: { retries: 5, initialRetryTime: 300, maxRetryTime: 10_000 },
    });
    this.consumer = consumer;
    // A crash kafkajs does not restart from by itself (an error it deems permanent): a new consumer later.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) this.restartLater(consumer, payload.error);
    });
    try {
      await ensureTopic(this.kafka!, this.topic);
      await consumer.connect();
      await consumer.subscribe({ topic: this.topic, fromBeginning: true });
      if (this.stopped) return;
      await consumer.run({ eachBatchAutoResolve: false, eachBatch: (payload) => this.write(payload) });
      this.failures = 0;
      this.log.info({ topic: this.topic, groupId: this.groupId }, 'tracking writer consuming');
    } catch (error) {
      this.restartLater(consumer, error);
    }
  }

  private restartLater(consumer: Consumer, error: unknown): void {
    if (this.stopped || this.consumer !== consumer) return;
    this.consumer = null;
    const delay = Math.min(WRITER_RETRY.maxMs, WRITER_RETRY.initialMs * 2 ** Math.min(this.failures++, 10));
    this.log.error(
      { err: error, topic: this.topic, groupId: this.groupId, retryInMs: delay },
      'tracking writer stopped; it starts again',
    );
    void consumer.disconnect().catch(() => undefined);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.starting = this.start();
    }, delay);
    this.timer.unref?.();
  }

  private async write({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload): Promise<void> {
    const last = batch.messages.at(-1);
    if (!last || !isRunning() || isStale()) return;
    const groups = new Map<
      string,
      { website: { id: string; organisationId: string }; receivedAt: Date; events: Map<string, EventToStore> }
    >();
    for (const message of batch.messages) {
      const read = readTrackingMessage(message);
      if (!read.ok) {
        this.log.error(
          { topic: batch.topic, partition: batch.partition, offset: message.offset, reason: read.reason },
          'tracking writer skipped a message it cannot read',
        );
        continue;
      }
      const { websiteId, organisationId, id, event, enrichment, receivedAt } = read.value;
      const key = `${websiteId}\u0000${organisationId}\u0000${receivedAt}`;
      let group = groups.get(key);
      if (!group)
        groups.set(
          key,
          (group = { website: { id: websiteId, organisationId }, receivedAt: new Date(receivedAt), events: new Map() }),
        );
      // A message produced twice (a retried request) is written once; the first copy wins, as in the table.
      if (!group.events.has(id)) group.events.set(id, { id, event, ...(enrichment ? { enrichment } : {}) });
    }
    if (groups.size > 0) {
      // One statement for the whole batch of messages (every website and moment in it), in a
      // transaction of its own: the offsets are resolved only once it committed.
      const all = [...groups.values()].map(({ website, receivedAt, events }) => ({
        website,
        receivedAt,
        events: [...events.values()],
      }));
      await this.db.transaction((tx) => insertEventGroups(tx, all));
    }
    // Only now: kafkajs commits the resolved offset once this returns.
    resolveOffset(last.offset);
    await heartbeat();
  }

  /** Stops consuming after the batch in flight (its offsets committed), before the database closes. */
  async onApplicationShutdown(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.starting?.catch(() => undefined);
    const consumer = this.consumer;
    this.consumer = null;
    await consumer
      ?.disconnect()
      .catch((error: unknown) => this.log.warn({ err: error }, 'tracking writer: disconnecting failed'));
  }
}
