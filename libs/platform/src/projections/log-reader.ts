import { LRUCache } from 'lru-cache';
import type { EventStore, GlobalPosition, RecordedEvent } from '#libs/eventstore/src/index.js';

/**
 * One reader of the global log for every subscriber of a process. After an append all live
 * subscribers stand at the same position and ask for the same batch: they now share one query
 * (and one parsed copy of the events) instead of each sending its own.
 *
 * - Reads asked for while the same read is in flight share it, unless a wake-up (`invalidate`:
 *   an append, a NOTIFY, a projection's commit) came in between: a read started after new events
 *   were announced must see them, so it never joins a query sent before.
 * - A batch that was found stays a valid answer (the log is append-only and read in commit
 *   order: what follows a position never changes once readable), so a subscriber that is a
 *   little behind the others takes it from a small cache. An empty answer is never cached.
 *
 * The events are shared between subscribers: they must not change them (none does).
 */
export class SharedLogReader {
  private generation = 0;
  private readonly inFlight = new Map<string, { generation: number; read: Promise<RecordedEvent[]> }>();
  private readonly found = new LRUCache<string, RecordedEvent[]>({ max: 32, ttl: 30_000 });
  /** Queries sent to the store, and reads answered (for tests and the bench). */
  readonly counts = { queries: 0, reads: 0 };

  constructor(private readonly store: EventStore) {}

  /** New events may be readable: reads from now on do not join queries sent before. */
  invalidate(): void {
    this.generation++;
  }

  /** Forgets the cached batches (a rebuild truncated nothing in the log, but a test may reset it). */
  clear(): void {
    this.found.clear();
    this.generation++;
  }

  async readAll(options: { after: GlobalPosition | null; maxCount: number }): Promise<RecordedEvent[]> {
    this.counts.reads++;
    const key = `${options.after ?? ''}|${options.maxCount}`;
    const cached = this.found.get(key);
    if (cached) return cached;
    const pending = this.inFlight.get(key);
    if (pending && pending.generation === this.generation) return pending.read;
    const generation = this.generation;
    this.counts.queries++;
    const read = this.store.readAll(options).then(
      (batch) => {
        if (this.inFlight.get(key)?.read === read) this.inFlight.delete(key);
        if (batch.length) this.found.set(key, batch);
        return batch;
      },
      (error: unknown) => {
        if (this.inFlight.get(key)?.read === read) this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, { generation, read });
    return read;
  }
}
