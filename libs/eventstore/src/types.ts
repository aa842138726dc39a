/**
 * The event store port. Every adapter (PostgreSQL, PGlite, KurrentDB) implements `EventStore`
 * and passes the shared contract suite in `test/eventstore/contract.ts`.
 *
 * Stream versions are 1-based counts: a stream holding 3 events is at version 3, and its
 * events carry stream versions 1, 2 and 3. Version 0 means "no stream".
 */

/** What the writer believes about the stream before appending. */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

export interface EventMetadata {
  /** The user (or system process) that caused the event. */
  actorId?: string | null;
  organisationId?: string | null;
  correlationId?: string | null;
  causationId?: string | null;
  /** ISO 8601 time the command was accepted (the store also records its own commit time). */
  time?: string;
  [key: string]: unknown;
}

export interface NewEvent {
  /** A UUID. Appending an id that is already stored is an idempotent no-op. Generated when absent. */
  id?: string;
  type: string;
  data: Record<string, unknown>;
  /** Defaults to the registry's current schema version for the type, or 1. */
  schemaVersion?: number;
  metadata?: EventMetadata;
}

/**
 * An opaque, totally ordered position in the global log. For the SQL stores it is
 * `"<transaction id>:<global position>"`, for KurrentDB `"<commit>:<prepare>"`;
 * compare with `comparePositions`, never as strings.
 */
export type GlobalPosition = string;

export interface RecordedEvent<D = Record<string, unknown>> {
  id: string;
  streamId: string;
  /** The stream's category: the part of the stream id before the first `-`. */
  category: string;
  streamVersion: number;
  type: string;
  data: D;
  schemaVersion: number;
  metadata: EventMetadata;
  createdAt: Date;
  position: GlobalPosition;
}

export interface AppendResult {
  /** The stream's version after the append. */
  nextVersion: number;
  /** The global position of the last event appended (or found, for an idempotent retry). */
  position: GlobalPosition;
  /** When the last event was recorded (its `createdAt`): a command's answer shows it as the record's `updatedAt`. */
  recordedAt: Date;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Forwards defaults to 1, backwards to the end of the stream. */
  fromVersion?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. `null`/absent reads from the start. */
  after?: GlobalPosition | null;
  maxCount?: number;
}

export interface EventStore {
  readonly kind: 'postgres' | 'pglite' | 'kurrentdb';
  /** Atomically appends all events, or none; throws `WrongExpectedVersionError` on mismatch. */
  append(streamId: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Reads the global log in commit order; never skips and never repeats an event. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The position of the last event a reader may see now, or null for an empty log. */
  headPosition(): Promise<GlobalPosition | null>;
  /** How many readable events lie after a position (the lag of a subscriber). */
  countAfter(position: GlobalPosition | null): Promise<number>;
  /**
   * Calls `listener` after each append this store committed (in this process), so local
   * subscribers wake at once; other processes learn of new events by LISTEN/NOTIFY or polling.
   */
  onAppended?(listener: () => void): () => void;
  /**
   * The payload of this store object's own NOTIFY (SQL stores on PostgreSQL): a listener in the
   * same process has already been told through `onAppended` and ignores it.
   */
  readonly announcer?: string;
  close(): Promise<void>;
}

export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}

function parsePosition(position: GlobalPosition): [bigint, bigint] {
  const [a, b] = position.split(':');
  return [BigInt(a), BigInt(b ?? '0')];
}

/** Negative when a is before b, 0 when equal, positive when after. `null` is before everything. */
export function comparePositions(a: GlobalPosition | null, b: GlobalPosition | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const [a1, a2] = parsePosition(a);
  const [b1, b2] = parsePosition(b);
  if (a1 !== b1) return a1 < b1 ? -1 : 1;
  if (a2 !== b2) return a2 < b2 ? -1 : 1;
  return 0;
}
