import { Inject, Injectable } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { SQL } from '#libs/platform/src/tokens.js';
import { insertEventGroups, type EventGroup } from '../projections/collected-events.js';

/** Statements of the writer under way at once (the machine's cores are what they share). */
export const COLLECT_WRITES_IN_FLIGHT = 2;
/** The most events one statement of the writer stores (about 0.5 MB of JSON). */
export const COLLECT_WRITE_MAX_EVENTS = 1_000;

interface Waiting {
  group: EventGroup;
  resolve: (inserted: Set<string>) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for `POST /api/public/collect` (docs/analytics.md "From the tracker to the
 * reports"): the batches of concurrent requests are stored together, one `insertEventGroups`
 * statement for all that arrived while the previous ones ran, at most `COLLECT_WRITES_IN_FLIGHT`
 * statements at once. A lone request is written at once (nothing waits for a timer); under load
 * the statements grow instead of multiplying, so however many requests arrive at once the database
 * sees at most `COLLECT_WRITES_IN_FLIGHT` inserts of tracking (on the 2-core bench machine the rate
 * did not change measurably: docs/benchmarks.md). Each request is answered once its own statement
 * committed, with the ids of its events it stored.
 *
 * A statement that fails is not allowed to fail the other requests in it: its groups are written
 * again one by one, and only the group that fails again sees the error.
 */
@Injectable()
export class CollectWriter {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  /** Stores one request's events of one website (ids it already has are skipped); answers the ids stored. */
  write(group: EventGroup): Promise<Set<string>> {
    if (group.events.length === 0) return Promise.resolve(new Set());
    return new Promise((resolve, reject) => {
      this.waiting.push({ group, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.inFlight < COLLECT_WRITES_IN_FLIGHT && this.waiting.length > 0) {
      const taken: Waiting[] = [this.waiting.shift()!];
      let events = taken[0]!.group.events.length;
      while (this.waiting.length > 0 && events + this.waiting[0]!.group.events.length <= COLLECT_WRITE_MAX_EVENTS) {
        events += this.waiting[0]!.group.events.length;
        taken.push(this.waiting.shift()!);
      }
      this.inFlight += 1;
      void this.store(taken).finally(() => {
        this.inFlight -= 1;
        this.next();
      });
    }
  }

  private async store(taken: Waiting[]): Promise<void> {
    try {
      const answers = await insertEventGroups(
        this.db,
        taken.map((w) => w.group),
      );
      taken.forEach((w, i) => w.resolve(answers[i]!));
    } catch (error) {
      if (taken.length === 1) return taken[0]!.reject(error);
      for (const w of taken) {
        try {
          w.resolve((await insertEventGroups(this.db, [w.group]))[0]!);
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  }
}
