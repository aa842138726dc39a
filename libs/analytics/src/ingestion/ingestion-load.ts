import { Injectable } from '@nestjs/common';

/** Events accepted in about the last second above which ingestion counts as busy (a quarter of what one API process on two cores takes). */
export const BUSY_EVENTS_PER_SECOND = 5_000;

/**
 * How much tracking this process is taking in: `POST /api/public/collect` records each batch it
 * accepted; the analytics projector of the same process asks `busy()` and, while it is, leaves
 * most of the machine to ingestion (libs/analytics/src/processes/analytics-projector.ts,
 * `PROJECTOR_SHARE_WHILE_BUSY`). A customer website's events must never wait for the reports:
 * under a burst the reports lag a little longer and catch up after it.
 *
 * Two one-second buckets: `busy()` looks at the events of the current second and the one before.
 */
@Injectable()
export class IngestionLoad {
  private second = 0;
  private current = 0;
  private previous = 0;
  /** The clock (tests set their own). */
  now: () => number = Date.now;

  record(events: number): void {
    this.roll();
    this.current += events;
  }

  busy(): boolean {
    this.roll();
    return this.previous + this.current >= BUSY_EVENTS_PER_SECOND;
  }

  private roll(): void {
    const second = Math.floor(this.now() / 1000);
    if (second === this.second) return;
    this.previous = second === this.second + 1 ? this.current : 0;
    this.current = 0;
    this.second = second;
  }
}
