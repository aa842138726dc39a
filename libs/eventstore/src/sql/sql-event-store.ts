import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../errors.js';
import {
  categoryOf,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../types.js';
import type { SqlDriver, SqlExecutor } from './driver.js';
import { EVENT_STORE_SCHEMA, migrate } from './schema.js';

export const EVENTS_CHANNEL = 'es_events';

const COLUMNS = `event_id::text AS id, stream_id, category, stream_version::int AS stream_version, type,
  schema_version, data, metadata, created_at, transaction_id::text || ':' || global_position::text AS position`;

interface EventRow {
  id: string;
  stream_id: string;
  category: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_at: Date | string;
  position: string;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamId: row.stream_id,
    category: row.category,
    streamVersion: Number(row.stream_version),
    type: row.type,
    data: row.data,
    schemaVersion: row.schema_version,
    metadata: row.metadata,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    position: row.position,
  };
}

function splitPosition(position: GlobalPosition | null | undefined): [string, string] {
  if (!position) return ['0', '0'];
  const [tx, global] = position.split(':');
  if (!/^\d+$/.test(tx ?? '') || !/^\d+$/.test(global ?? '')) throw new Error(`Invalid position ${position}`);
  return [tx, global];
}

/** How long appends are gathered into one NOTIFY for other processes. */
const NOTIFY_COALESCE_MS = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event store on PostgreSQL (through `pg`) or PGlite: the same SQL for both. */
export class SqlEventStore implements EventStore {
  private readonly appended = new EventEmitter().setMaxListeners(0);
  private notifyTimer: NodeJS.Timeout | null = null;
  readonly announcer = randomUUID();

  private constructor(readonly db: SqlDriver) {}

  onAppended(listener: () => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  /**
   * Tells other processes (LISTEN es_events) that events were committed. Deliberately outside
   * the append transaction: a transaction that notifies holds a cluster-wide lock through its
   * commit, which would serialise every append. Notifications are coalesced: at most one per
   * few milliseconds per process, covering every append committed before it was sent.
   */
  private announce(): void {
    this.appended.emit('appended');
    if (this.db.kind !== 'postgres' || this.notifyTimer) return; // PGlite: one process, the local wake-up suffices
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      // Subscribers also poll: a lost wake-up only adds latency.
      this.db.query(`SELECT pg_notify('${EVENTS_CHANNEL}', $1)`, [this.announcer]).catch(() => undefined);
    }, NOTIFY_COALESCE_MS);
  }

  get kind() {
    return this.db.kind;
  }

  static async create(db: SqlDriver): Promise<SqlEventStore> {
    await migrate(db, EVENT_STORE_SCHEMA);
    return new SqlEventStore(db);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const prepared = events.map((event) => ({ ...event, id: event.id ?? randomUUID() }));
    for (const event of prepared) {
      if (!UUID.test(event.id)) throw new Error(`Event id ${event.id} is not a UUID`);
    }
    let result: AppendResult;
    try {
      result = await this.appendStatement(streamId, prepared, expected);
    } catch (error) {
      // A retry of an append that was stored (its ids are taken): answer what was stored.
      if ((error as { code?: string }).code === '23505' && String((error as Error).message).includes('event_id')) {
        const existing = await this.findExisting(this.db, streamId, prepared);
        if (existing) return existing;
      }
      throw error;
    }
    this.announce();
    return result;
  }

  /**
   * The whole append is one statement (so one round trip, atomic without BEGIN/COMMIT): a CTE
   * moves the stream's version only if it is what the writer expected, and inserts the events
   * numbered from it; when the version check matches no row, nothing is inserted.
   */
  private async appendStatement(
    streamId: string,
    events: Array<NewEvent & { id: string }>,
    expected: ExpectedVersion,
  ): Promise<AppendResult> {
    const now = new Date().toISOString();
    const params: unknown[] = [
      streamId,
      categoryOf(streamId),
      events.length,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => e.schemaVersion ?? 1),
      events.map((e) => JSON.stringify(e.data ?? {})),
      events.map((e) => JSON.stringify({ time: now, ...e.metadata })),
    ];
    let moveVersion: string;
    if (expected === 'no_stream' || expected === 0) {
      moveVersion = `INSERT INTO es_streams (stream_id, category, version) VALUES ($1, $2, $3)
        ON CONFLICT (stream_id) DO NOTHING RETURNING version`;
    } else if (expected === 'any') {
      moveVersion = `INSERT INTO es_streams (stream_id, category, version) VALUES ($1, $2, $3)
        ON CONFLICT (stream_id) DO UPDATE SET version = es_streams.version + $3, updated_at = now() RETURNING version`;
    } else if (expected === 'stream_exists') {
      moveVersion = `UPDATE es_streams SET version = version + $3, updated_at = now() WHERE stream_id = $1 RETURNING version`;
    } else {
      if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version ${String(expected)}`);
      params.push(expected);
      moveVersion = `UPDATE es_streams SET version = version + $3, updated_at = now()
        WHERE stream_id = $1 AND version = $9::bigint RETURNING version`;
    }
    const result = await this.db.query<{
      version: string | null;
      position: string | null;
      created_at: Date | string | null;
    }>(
      `WITH s AS (${moveVersion}),
       ins AS (
         INSERT INTO es_events (event_id, stream_id, stream_version, category, type, schema_version, data, metadata)
         SELECT e.id, $1, s.version - $3 + e.ord, $2, e.type, e.schema_version, e.data::jsonb, e.metadata::jsonb
         FROM s, unnest($4::uuid[], $5::text[], $6::int[], $7::text[], $8::text[]) WITH ORDINALITY
           AS e(id, type, schema_version, data, metadata, ord)
         ORDER BY e.ord
         RETURNING transaction_id, global_position, created_at)
       SELECT (SELECT version::text FROM s) AS version,
              (SELECT transaction_id::text || ':' || global_position::text FROM ins
               ORDER BY global_position DESC LIMIT 1) AS position,
              (SELECT created_at FROM ins ORDER BY global_position DESC LIMIT 1) AS created_at`,
      params,
    );
    const row = result.rows[0];
    if (row?.version && row.position)
      return { nextVersion: Number(row.version), position: row.position, recordedAt: new Date(row.created_at!) };
    // An idempotent retry finds its stream moved on by its own first attempt.
    const existing = await this.findExisting(this.db, streamId, events);
    if (existing) return existing;
    const actual = await this.db.query<{ version: string }>(
      'SELECT version::text FROM es_streams WHERE stream_id = $1',
      [streamId],
    );
    throw new WrongExpectedVersionError(streamId, expected, Number(actual.rows[0]?.version ?? 0));
  }

  /** An idempotent retry: every event id is stored already, in this stream. */
  private async findExisting(
    db: SqlExecutor,
    streamId: string,
    events: Array<{ id: string }>,
  ): Promise<AppendResult | null> {
    const found = await db.query<{
      id: string;
      stream_id: string;
      stream_version: number;
      position: string;
      created_at: Date | string;
    }>(
      `SELECT event_id::text AS id, stream_id, stream_version::int AS stream_version,
              transaction_id::text || ':' || global_position::text AS position, created_at
       FROM es_events WHERE event_id = ANY($1::uuid[]) ORDER BY stream_version`,
      [events.map((e) => e.id)],
    );
    if (found.rows.length === 0) return null;
    const wrong = found.rows.find((row) => row.stream_id !== streamId);
    if (wrong || found.rows.length !== events.length) {
      throw new DuplicateEventIdError(wrong?.id ?? found.rows[0].id, streamId);
    }
    const last = found.rows[found.rows.length - 1];
    return { nextVersion: Number(last.stream_version), position: last.position, recordedAt: new Date(last.created_at) };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromVersion ?? (backwards ? Number.MAX_SAFE_INTEGER : 1);
    const limit = options.maxCount ?? null;
    const result = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM es_events
       WHERE stream_id = $1 AND stream_version ${backwards ? '<=' : '>='} $2
       ORDER BY stream_version ${backwards ? 'DESC' : 'ASC'} LIMIT $3`,
      [streamId, from, limit],
    );
    return result.rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const [tx, global] = splitPosition(options.after);
    const result = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM es_events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         AND (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
       ORDER BY transaction_id, global_position LIMIT $3`,
      [tx, global, options.maxCount ?? 1000],
    );
    return result.rows.map(toRecorded);
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const result = await this.db.query<{ position: string }>(
      `SELECT transaction_id::text || ':' || global_position::text AS position FROM es_events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    return result.rows[0]?.position ?? null;
  }

  async countAfter(position: GlobalPosition | null): Promise<number> {
    const [tx, global] = splitPosition(position);
    const result = await this.db.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM es_events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         AND (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
      [tx, global],
    );
    return Number(result.rows[0].count);
  }

  async close(): Promise<void> {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    await this.db.close();
  }
}
