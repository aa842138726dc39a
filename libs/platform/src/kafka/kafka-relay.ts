import { Kafka, Partitioners, logLevel, type Admin, type IHeaders, type LogEntry, type Message, type Producer } from 'kafkajs';
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
  for (const [name, value] of Object.entries(message.headers ?? {})) size += name.length + Buffer.byteLength(String(value));
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

/**
 * Publishes every event of the global log to Kafka: one topic per stream category, keyed by
 * stream id, with the event id in a header for consumers' de-duplication. Delivery is
 * at-least-once: the runner advances the relay's checkpoint only after `handleBatch` resolves,
 * which happens once every message is acknowledged by all in-sync replicas (`acks: -1`) through
 * an idempotent producer.
 */
export class KafkaRelay implements RelaySubscriber {
  readonly name = 'kafka-relay';
  private readonly kafka: Kafka;
  private readonly topicPrefix: string;
  private readonly logger?: RelayLogger;
  private producer?: Producer;
  private admin?: Admin;
  private starting?: Promise<void>;
  private readonly knownTopics = new Set<string>();

  constructor(options: KafkaRelayOptions) {
    if (options.brokers.length === 0) throw new Error('KafkaRelay needs at least one broker');
    this.topicPrefix = options.topicPrefix;
    this.logger = options.logger;
    const logger = options.logger;
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'platform-kafka-relay',
      brokers: options.brokers,
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

  /** Connects the producer and the admin client (idempotent; `handleBatch` calls it too). */
  start(): Promise<void> {
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
    this.producer = producer;
    this.admin = admin;
    this.logger?.info({ topicPrefix: this.topicPrefix }, 'Kafka relay connected');
  }

  async handleBatch(events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.start();
    const producer = this.producer!;
    await this.ensureTopics(new Set(events.map((e) => topicFor(this.topicPrefix, e.category))));
    // Usually one request; consecutive ones for a big batch (in order: one request in flight).
    for (const chunk of splitBySize(toTopicMessages(events, this.topicPrefix))) {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...groupByTopic(chunk)].map(([topic, messages]) => ({ topic, messages })),
      });
    }
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

  async stop(): Promise<void> {
    const pending = this.starting;
    this.starting = undefined;
    await pending?.catch(() => undefined);
    const { producer, admin } = this;
    this.producer = undefined;
    this.admin = undefined;
    await Promise.allSettled([producer?.disconnect(), admin?.disconnect()]);
  }
}
