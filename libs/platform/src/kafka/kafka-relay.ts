import kafkajs, {
  type Admin,
  type Kafka as KafkaClient,
  type KafkaConfig,
  type IHeaders,
  type LogEntry,
  type Message,
  type Producer,
} from 'kafkajs';

// kafkajs is CommonJS: Node's ESM loader sees only some of its names as named exports.
const { Kafka, KafkaJSError, Partitioners, logLevel } = kafkajs;
import type { RecordedEvent } from '#libs/eventstore/src/index.js';
import type { RelaySubscriber } from '../projections/projection.js';

export type { RelaySubscriber };

export interface RelayLogger {
  info(o: object, msg?: string): void;
  error(o: object, msg?: string): void;
}

export interface KafkaRelayOptions {
  brokers: string[];
  /** Topics are `${topicPrefix}.${category}`. */
  topicPrefix: string;
  clientId?: string;
  logger?: RelayLogger;
  /**
   * Pause between two attempts at a batch the broker did not acknowledge (after kafkajs's own
   * retries gave up): `initialMs`, doubled at each failure up to `maxMs`. Defaults 500 and 10,000.
   */
  retry?: { initialMs?: number; maxMs?: number };
  /** kafkajs's own settings: its retries within one attempt, its connection and request timeouts. */
  client?: Pick<KafkaConfig, 'retry' | 'connectionTimeout' | 'requestTimeout'>;
}

/** The JSON value of every message the relay publishes. */
export interface RelayedEvent {
  id: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  /** ISO 8601. */
  createdAt: string;
  position: string;
}

/**
 * Kafka topic names allow letters, digits, `.`, `_` and `-`, up to 249 characters. A category
 * (the stream id before its first `-`) is normally a plain word; anything else is replaced by `_`.
 */
export function topicFor(topicPrefix: string, category: string): string {
  const safe = (category || 'unknown').replace(/[^a-zA-Z0-9._-]/g, '_');
  return `${topicPrefix}.${safe}`.slice(0, 249);
}

export function toKafkaMessage(event: RecordedEvent): Message {
  const value: RelayedEvent = {
    id: event.id,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
    createdAt: event.createdAt.toISOString(),
    position: event.position,
  };
  const headers: IHeaders = {
    'event-id': event.id,
    'event-type': event.type,
    'schema-version': String(event.schemaVersion),
    position: event.position,
  };
  const { correlationId, causationId } = event.metadata;
  if (typeof correlationId === 'string' && correlationId) headers['correlation-id'] = correlationId;
  if (typeof causationId === 'string' && causationId) headers['causation-id'] = causationId;
  return { key: event.streamId, value: JSON.stringify(value), headers };
}

export interface TopicMessage {
  topic: string;
  message: Message;
}

function groupByTopic(entries: TopicMessage[]): Map<string, Message[]> {
  const byTopic = new Map<string, Message[]>();
  for (const { topic, message } of entries) {
    let messages = byTopic.get(topic);
    if (!messages) byTopic.set(topic, (messages = []));
    messages.push(message);
  }
  return byTopic;
}

function toTopicMessages(events: RecordedEvent[], topicPrefix: string): TopicMessage[] {
  return events.map((event) => ({ topic: topicFor(topicPrefix, event.category), message: toKafkaMessage(event) }));
}

/**
 * The messages of a batch grouped by topic, each topic's messages in log order (so one
 * stream's events, which share a key and therefore a partition, stay in order).
 */
export function toKafkaMessages(events: RecordedEvent[], topicPrefix: string): Map<string, Message[]> {
  return groupByTopic(toTopicMessages(events, topicPrefix));
}

/**
 * Above this many bytes a batch is sent in several consecutive `sendBatch` calls, so that no
 * produce request outgrows the broker's default 1 MB `message.max.bytes`. (A single event
 * larger than the broker allows still fails, visibly.)
 */
const MAX_REQUEST_BYTES = 512 * 1024;

function approximateSize({ message }: TopicMessage): number {
  let size = 64 + Buffer.byteLength(String(message.key ?? '')) + Buffer.byteLength(String(message.value ?? ''));
  for (const [name, value] of Object.entries(message.headers ?? {}))
    size += name.length + Buffer.byteLength(String(value));
  return size;
}

/** Splits a batch, in order, into requests of at most about `MAX_REQUEST_BYTES` each. */
export function splitBySize<T extends TopicMessage>(entries: T[], maxBytes = MAX_REQUEST_BYTES): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = approximateSize(entry);
    if (current.length > 0 && bytes + size > maxBytes) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** What the relay does about an error from kafkajs. */
export type KafkaFailure =
  /** The broker is unreachable, restarting, electing a leader...: try the same batch again. */
  | 'transient'
  /** The broker forgot or rejected the producer's id or sequence: a new producer, then try again. */
  | 'producer-state'
  /** The batch can never be accepted as it is (too large, not authorised, a bug): fail visibly. */
  | 'permanent';

const PRODUCER_STATE_ERRORS = new Set([
  'OUT_OF_ORDER_SEQUENCE_NUMBER',
  'DUPLICATE_SEQUENCE_NUMBER',
  'INVALID_PRODUCER_EPOCH',
  'INVALID_PRODUCER_ID_MAPPING',
  'UNKNOWN_PRODUCER_ID',
]);
const PROGRAMMING_ERRORS = new Set(['TypeError', 'RangeError', 'ReferenceError', 'SyntaxError']);

/**
 * Classifies an error thrown by kafkajs by its innermost cause (kafkajs wraps the last error in
 * `KafkaJSNumberOfRetriesExceeded` when its own retries run out): a broker error code decides by
 * its type; a connection error, a timeout or missing metadata is transient; anything else is
 * permanent.
 */
export function classifyKafkaError(error: unknown): KafkaFailure {
  const chain: Array<{ name?: unknown; type?: unknown; retriable?: unknown }> = [];
  for (
    let e: unknown = error;
    e && typeof e === 'object' && !chain.includes(e) && chain.length < 10;
    e = (e as { cause?: unknown }).cause
  ) {
    chain.push(e as (typeof chain)[number]);
  }
  const protocol = chain.find((e) => typeof e.type === 'string' && e.type !== '');
  if (protocol) {
    if (PRODUCER_STATE_ERRORS.has(protocol.type as string)) return 'producer-state';
    return protocol.retriable === false ? 'permanent' : 'transient';
  }
  const innermost = chain[chain.length - 1];
  if (!innermost || PROGRAMMING_ERRORS.has(String(innermost.name))) return 'permanent';
  return String(innermost.name).startsWith('KafkaJS') && innermost.retriable !== false ? 'transient' : 'permanent';
}

/** The relay was stopped while a batch was still unacknowledged (its checkpoint did not move). */
export class KafkaRelayStoppedError extends Error {
  override readonly name = 'KafkaRelayStoppedError';
}

/**
 * Publishes every event of the global log to Kafka: one topic per stream category, keyed by
 * stream id, with the event id in a header for consumers' de-duplication. Delivery is
 * at-least-once: the runner advances the relay's checkpoint only after `handleBatch` resolves,
 * which happens once every message is acknowledged by all in-sync replicas (`acks: -1`) through
 * an idempotent producer.
 *
 * A broker outage does not stop the relay: `handleBatch` keeps trying the same batch (pausing
 * longer and longer, up to `retry.maxMs`, logging each failure) until the broker acknowledges it,
 * so the checkpoint stays where it was meanwhile and the relay resumes by itself. Requests that
 * were acknowledged before a failure are not sent again; one whose answer was lost may be
 * (a duplicate, which consumers drop by `event-id`). Only errors that retrying cannot cure
 * (`classifyKafkaError` says `permanent`) reach the runner, which stops the subscription with
 * the error visible. `stop()` ends the retrying with `KafkaRelayStoppedError`.
 */
export class KafkaRelay implements RelaySubscriber {
  readonly name = 'kafka-relay';
  private readonly kafka: KafkaClient;
  private readonly topicPrefix: string;
  private readonly logger?: RelayLogger;
  private readonly retryInitialMs: number;
  private readonly retryMaxMs: number;
  private producer?: Producer;
  private admin?: Admin;
  private starting?: Promise<void>;
  private stopped = false;
  /** Called by `stop()`: ends the waits of a `handleBatch` in progress. */
  private readonly onStop = new Set<() => void>();
  private readonly knownTopics = new Set<string>();

  constructor(options: KafkaRelayOptions) {
    if (options.brokers.length === 0) throw new Error('KafkaRelay needs at least one broker');
    this.topicPrefix = options.topicPrefix;
    this.logger = options.logger;
    this.retryInitialMs = Math.max(1, options.retry?.initialMs ?? 500);
    this.retryMaxMs = Math.max(this.retryInitialMs, options.retry?.maxMs ?? 10_000);
    const logger = options.logger;
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'platform-kafka-relay',
      brokers: options.brokers,
      ...options.client,
      ...(logger
        ? {
            logLevel: logLevel.INFO,
            logCreator:
              () =>
              ({ namespace, level, log }: LogEntry) => {
                const { message, ...extra } = log;
                const entry = { kafka: namespace, ...extra };
                if (level === logLevel.ERROR || level === logLevel.WARN) logger.error(entry, message);
                else logger.info(entry, message);
              },
          }
        : { logLevel: logLevel.WARN }),
    });
  }

  /**
   * Connects the producer and the admin client (idempotent); undoes an earlier `stop()`. A broker
   * that cannot be reached now is only logged: `handleBatch` connects when it can.
   */
  async start(): Promise<void> {
    this.stopped = false;
    try {
      await this.connected();
    } catch (error) {
      if (classifyKafkaError(error) === 'permanent') throw error;
      this.logger?.error({ err: error }, 'Kafka relay cannot reach the broker yet; it will keep trying');
    }
  }

  private connected(): Promise<void> {
    this.starting ??= this.connect().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  private async connect(): Promise<void> {
    const producer = this.kafka.producer({
      idempotent: true,
      // kafkajs keeps ordering and exactly-once sequencing of an idempotent producer only with
      // one request in flight per broker connection.
      maxInFlightRequests: 1,
      // Topics are created explicitly below, whatever the broker's auto.create.topics.enable.
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    const admin = this.kafka.admin();
    try {
      await producer.connect();
      await admin.connect();
    } catch (error) {
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
      throw error;
    }
    if (this.stopped) {
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
      throw new KafkaRelayStoppedError('Kafka relay stopped while connecting');
    }
    this.producer = producer;
    this.admin = admin;
    this.logger?.info({ topicPrefix: this.topicPrefix }, 'Kafka relay connected');
  }

  /**
   * Resolves once the broker acknowledged every event of the batch; until then it tries again
   * (see the class). Rejects only on a permanent error or when the relay is stopped.
   */
  async handleBatch(events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    // Usually one request; consecutive ones for a big batch (in order: one request in flight).
    const chunks = splitBySize(toTopicMessages(events, this.topicPrefix));
    const topics = new Set(events.map((e) => topicFor(this.topicPrefix, e.category)));
    let acknowledged = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        if (this.stopped) throw new KafkaRelayStoppedError('Kafka relay stopped');
        await this.unlessStopped(this.connected());
        await this.unlessStopped(this.ensureTopics(topics));
        for (; acknowledged < chunks.length; acknowledged++) {
          const producer = this.producer;
          if (!producer) throw new KafkaJSError('Kafka relay producer disconnected');
          await this.unlessStopped(
            producer.sendBatch({
              acks: -1,
              topicMessages: [...groupByTopic(chunks[acknowledged])].map(([topic, messages]) => ({ topic, messages })),
            }),
          );
        }
        if (attempt > 1)
          this.logger?.info(
            { events: events.length, attempts: attempt },
            'Kafka relay delivered the batch after retrying',
          );
        return;
      } catch (error) {
        if (this.stopped) {
          throw new KafkaRelayStoppedError(
            `Kafka relay stopped before the broker acknowledged ${events.length} events`,
            { cause: error },
          );
        }
        const failure = classifyKafkaError(error);
        if (failure === 'permanent') throw error;
        const pauseMs = Math.min(this.retryMaxMs, this.retryInitialMs * 2 ** Math.min(attempt - 1, 20));
        this.logger?.error(
          {
            err: error,
            failure,
            attempt,
            events: events.length,
            unacknowledged: chunks.slice(acknowledged).flat().length,
            retryInMs: pauseMs,
          },
          'Kafka relay could not publish a batch; trying again (its checkpoint stays)',
        );
        // A producer the broker no longer knows is replaced. Topics are checked again (one may
        // have been deleted), and a reconnect is forced after repeated failures.
        this.knownTopics.clear();
        if (failure === 'producer-state' || attempt % 5 === 0) await this.disconnect();
        let timer: NodeJS.Timeout | undefined;
        await this.unlessStopped(new Promise((resolve) => (timer = setTimeout(resolve, pauseMs))))
          .catch(() => undefined)
          .finally(() => clearTimeout(timer));
      }
    }
  }

  /**
   * `work`, or a rejection as soon as `stop()` is called (kafkajs cannot cancel a request: its
   * outcome is then ignored, and the checkpoint stays, so the batch is sent again next time).
   */
  private unlessStopped<T>(work: Promise<T>): Promise<T> {
    work.catch(() => undefined);
    let abort!: () => void;
    const stopped = new Promise<never>((_, reject) => {
      abort = () => reject(new KafkaRelayStoppedError('Kafka relay stopped'));
    });
    this.onStop.add(abort);
    return Promise.race([work, stopped]).finally(() => this.onStop.delete(abort));
  }

  /** Creates the topics not seen before (a no-op for those that exist); remembers them. */
  private async ensureTopics(topics: Set<string>): Promise<void> {
    const missing = [...topics].filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    const admin = this.admin!;
    for (const topic of await admin.listTopics()) this.knownTopics.add(topic);
    const toCreate = missing.filter((t) => !this.knownTopics.has(t));
    if (toCreate.length > 0) {
      // Partition count and replication factor come from the broker's defaults
      // (num.partitions, default.replication.factor).
      const created = await admin.createTopics({ topics: toCreate.map((topic) => ({ topic })), waitForLeaders: true });
      this.logger?.info({ topics: toCreate, created }, 'Kafka relay topics ensured');
    }
    for (const topic of toCreate) this.knownTopics.add(topic);
  }

  /** Drops the clients; a connection still being made disconnects itself when it sees `stopped`. */
  private async disconnect(): Promise<void> {
    this.starting = undefined;
    const { producer, admin } = this;
    this.producer = undefined;
    this.admin = undefined;
    await Promise.allSettled([producer?.disconnect(), admin?.disconnect()]);
  }

  /** Disconnects; a `handleBatch` still trying rejects at once with `KafkaRelayStoppedError`. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const abort of [...this.onStop]) abort();
    await this.disconnect();
  }
}
