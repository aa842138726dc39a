import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type CurrentStreamState,
  type Position,
  type ReadPosition,
  type ReadRevision,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { WrongExpectedVersionError } from '../errors.js';
import {
  categoryOf,
  comparePositions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../types.js';

/**
 * Keys this adapter adds to an event's Kurrent metadata and removes again on read.
 * `$correlationId` / `$causationId` are KurrentDB's own conventions (its `$by_correlation_id`
 * system projection reads them); `$schemaVersion` is ours.
 */
const SCHEMA_VERSION_KEY = '$schemaVersion';
const INTERNAL_METADATA_KEYS = [SCHEMA_VERSION_KEY, '$correlationId', '$causationId'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many raw `$all` records one read asks for while skipping system events. */
const SCAN_PAGE = 500;

/** A Kurrent recorded event, as both `readStream` and `readAll` yield it. */
type KurrentRecorded = NonNullable<ResolvedEvent['event']> | NonNullable<AllStreamResolvedEvent['event']>;

/**
 * The one place where our 1-based stream versions meet Kurrent's 0-based revisions:
 * a stream at version n has its last event at revision n - 1.
 */
export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version ${String(expected)}`);
  return BigInt(expected - 1);
}

/** Kurrent's current stream state (last revision, or no stream) as our version count. */
export function toVersion(state: CurrentStreamState | bigint | undefined): number {
  if (typeof state !== 'bigint' || state < 0n) return 0; // 'no_stream', or -5/-6 for deleted/tombstoned
  return Number(state) + 1;
}

/** A 1-based version as the 0-based revision to start a read at. */
function toRevision(version: number): bigint {
  return BigInt(Math.max(0, Math.floor(version) - 1));
}

export function formatPosition(position: Position): GlobalPosition {
  return `${position.commit.toString()}:${position.prepare.toString()}`;
}

export function parsePosition(position: GlobalPosition): Position {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new Error(`Invalid KurrentDB position ${position}`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

/** System events (`$`-prefixed types, links `$>` included) and events of `$` streams are not ours. */
function isSystemEvent(event: KurrentRecorded): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function decodeData(event: KurrentRecorded): Record<string, unknown> {
  let data: unknown = event.data;
  if (data instanceof Uint8Array) {
    try {
      data = JSON.parse(Buffer.from(data).toString('utf8'));
    } catch {
      return {};
    }
  }
  return data !== null && typeof data === 'object' && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : { value: data };
}

function decodeMetadata(event: KurrentRecorded): { metadata: EventMetadata; schemaVersion: number } {
  let raw: unknown = event.metadata;
  if (raw instanceof Uint8Array) {
    try {
      raw = raw.length === 0 ? {} : JSON.parse(Buffer.from(raw).toString('utf8'));
    } catch {
      raw = {};
    }
  }
  const metadata: Record<string, unknown> =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : {};
  const stored = Number(metadata[SCHEMA_VERSION_KEY]);
  for (const key of INTERNAL_METADATA_KEYS) delete metadata[key];
  return { metadata: metadata as EventMetadata, schemaVersion: Number.isInteger(stored) && stored > 0 ? stored : 1 };
}

function toRecorded(event: KurrentRecorded, fallbackCommit?: bigint): RecordedEvent {
  const position: Position | undefined =
    event.position ?? (fallbackCommit !== undefined ? { commit: fallbackCommit, prepare: fallbackCommit } : undefined);
  if (!position) throw new Error(`KurrentDB returned event ${event.id} without a position (server older than 22.6?)`);
  const { metadata, schemaVersion } = decodeMetadata(event);
  return {
    id: event.id,
    streamId: event.streamId,
    category: categoryOf(event.streamId),
    streamVersion: Number(event.revision) + 1,
    type: event.type,
    data: decodeData(event),
    schemaVersion,
    metadata,
    createdAt: event.created,
    position: formatPosition(position),
  };
}

function isWrongExpectedVersion(error: unknown): error is KurrentWrongExpectedVersionError {
  return (
    error instanceof KurrentWrongExpectedVersionError ||
    (error as { type?: unknown } | null)?.type === ErrorType.WRONG_EXPECTED_VERSION
  );
}

function isStreamNotFound(error: unknown): boolean {
  return (
    error instanceof StreamNotFoundError || (error as { type?: unknown } | null)?.type === ErrorType.STREAM_NOT_FOUND
  );
}

/**
 * The event store on KurrentDB (formerly EventStoreDB) through `@kurrent/kurrentdb-client`.
 *
 * - Stream ids are Kurrent stream names; our event ids are Kurrent event ids, so a retried
 *   append with an exact expected version is deduplicated by the server. (With `any`, Kurrent's
 *   deduplication is best effort; it cannot detect an id reused in another stream either.)
 * - The schema version travels in the event's metadata under `$schemaVersion`.
 * - `readAll`, `headPosition` and `countAfter` see `$all` without system events and without
 *   events of `$` streams; positions are `"<commit>:<prepare>"`.
 */
export class KurrentEventStore implements EventStore {
  readonly kind = 'kurrentdb' as const;
  readonly client: KurrentDBClient;

  /** @param connection a `kurrentdb://` connection string, or a client to use (and dispose on close). */
  constructor(connection: string | KurrentDBClient) {
    this.client = typeof connection === 'string' ? KurrentDBClient.connectionString(connection) : connection;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const streamState = toStreamState(expected);
    const now = new Date().toISOString();
    const prepared = events.map((event) => {
      const id = event.id ?? randomUUID();
      if (!UUID.test(id)) throw new Error(`Event id ${id} is not a UUID`);
      const metadata: Record<string, unknown> = { time: now, ...event.metadata };
      metadata[SCHEMA_VERSION_KEY] = event.schemaVersion ?? 1;
      if (typeof event.metadata?.correlationId === 'string') metadata.$correlationId = event.metadata.correlationId;
      if (typeof event.metadata?.causationId === 'string') metadata.$causationId = event.metadata.causationId;
      return jsonEvent({ id, type: event.type, data: event.data ?? {}, metadata });
    });

    let result;
    try {
      result = await this.client.appendToStream(streamId, prepared, { streamState });
    } catch (error) {
      if (isWrongExpectedVersion(error)) {
        throw new WrongExpectedVersionError(streamId, expected, toVersion(error.actualState));
      }
      throw error;
    }
    if (!result.success) {
      // Only reachable when the client was built with throwOnAppendFailure=false.
      throw new WrongExpectedVersionError(streamId, expected, toVersion(result.nextExpectedRevision));
    }
    const nextVersion = toVersion(result.nextExpectedRevision);
    // The position of the last event appended, read back from the stream: an idempotent retry
    // answers no position at all, and the append's own position is the write's, which need not
    // be the position its last event has in `$all`.
    const [last] = await this.readStream(streamId, { direction: 'backwards', fromVersion: nextVersion, maxCount: 1 });
    const position = last?.position ?? (result.position ? formatPosition(result.position) : undefined);
    if (!position) throw new Error(`Could not determine the position of the append to ${streamId}`);
    return { nextVersion, position, recordedAt: last?.createdAt ?? new Date() };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const fromRevision: ReadRevision =
      options.fromVersion === undefined ? (backwards ? END : START) : toRevision(options.fromVersion);
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    if (backwards && options.fromVersion !== undefined && options.fromVersion < 1) return [];
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
        resolveLinkTos: false,
      })) {
        if (resolved.event) out.push(toRecorded(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const want = options.maxCount ?? 1000;
    if (want <= 0) return [];
    const out: RecordedEvent[] = [];
    await this.scanForwards(options.after ?? null, Math.min(Math.max(want + 1, 64), SCAN_PAGE), (event) => {
      out.push(toRecorded(event));
      return out.length < want;
    });
    return out;
  }

  async headPosition(): Promise<GlobalPosition | null> {
    let from: ReadPosition = END;
    let before: GlobalPosition | null = null;
    // Usually the newest record is ours: start small, grow while only system events turn up.
    for (let pageSize = 16; ; pageSize = Math.min(pageSize * 4, SCAN_PAGE)) {
      const page = await this.readAllPage(BACKWARDS, from, pageSize);
      let lastRaw: Position | undefined;
      for (const resolved of page) {
        const event = resolved.event;
        if (!event) continue;
        lastRaw = event.position;
        const position = formatPosition(event.position);
        // Whether a backwards read includes the record at `from` is not part of the contract we
        // rely on: skip everything at or after what the previous page already covered.
        if (before !== null && comparePositions(position, before) >= 0) continue;
        if (!isSystemEvent(event)) return position;
      }
      if (page.length < pageSize || !lastRaw) return null;
      from = lastRaw;
      before = formatPosition(lastRaw);
    }
  }

  async countAfter(position: GlobalPosition | null): Promise<number> {
    let count = 0;
    await this.scanForwards(position, SCAN_PAGE, () => {
      count++;
      return true;
    });
    return count;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  /**
   * Walks `$all` forwards from strictly after `after`, handing every non-system event to
   * `visit` until it answers false or the log ends. Kurrent's `fromPosition` is inclusive, so
   * the record at `after` itself is skipped; system events are filtered here rather than by a
   * server-side filter so that a short page always means the end of the log.
   */
  private async scanForwards(
    after: GlobalPosition | null,
    pageSize: number,
    visit: (event: NonNullable<AllStreamResolvedEvent['event']>) => boolean,
  ): Promise<void> {
    let from: ReadPosition = after ? parsePosition(after) : START;
    let seen: GlobalPosition | null = after;
    for (;;) {
      const page = await this.readAllPage(FORWARDS, from, pageSize);
      let lastRaw: Position | undefined;
      for (const resolved of page) {
        const event = resolved.event;
        if (!event) continue;
        lastRaw = event.position;
        const position = formatPosition(event.position);
        if (seen !== null && comparePositions(position, seen) <= 0) continue;
        seen = position;
        if (isSystemEvent(event)) continue;
        if (!visit(event)) return;
      }
      if (page.length < pageSize || !lastRaw) return;
      from = lastRaw;
    }
  }

  /** One page of raw `$all` records, read to the end before anyone looks at it. */
  private async readAllPage(
    direction: typeof FORWARDS | typeof BACKWARDS,
    fromPosition: ReadPosition,
    maxCount: number,
  ): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    for await (const resolved of this.client.readAll({ direction, fromPosition, maxCount, resolveLinkTos: false })) {
      page.push(resolved);
    }
    return page;
  }
}
