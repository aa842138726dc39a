import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { maintainEventPartitions, type MaintenanceResult } from '#libs/cro/src/projections/tracking.js';
import type { Logger } from '#libs/platform/src/logging.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { CONFIG, LOGGER, SQL } from '#libs/platform/src/tokens.js';
import { requeueVisitorsSeenBefore } from '../read/visitor-store.js';

/** How often the partitions are maintained after the first run at start. */
export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Retention of the tracking events (libs/organisations/src/domain/retention.ts): at start and
 * every six hours, `maintainEventPartitions` (libs/cro/src/projections/event-partitions.ts) creates
 * the coming months' partitions of `collected_events` and drops those past each organisation's
 * retention. When events were removed, the visitors first seen before the newest instant removed
 * are queued for the analytics projector: their read-model rows are recomputed from the events
 * still stored (a visitor with none left leaves the reports), so the reports never keep what the
 * retention removed. Idempotent: several processes may run it at once.
 */
@Injectable()
export class RetentionProcess implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** Runs where the projections run (`RUN_PROJECTIONS`): ../analytics-processes.module.ts. */
  onApplicationBootstrap(): void {
    if (!this.config.runProjections) return;
    const tick = () => {
      this.running = this.run().catch((error: unknown) =>
        this.log.warn({ err: error }, 'event retention: maintenance failed; it runs again later'),
      );
      this.timer = setTimeout(tick, RETENTION_INTERVAL_MS);
      this.timer.unref?.();
    };
    tick();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One maintenance run at `now`; answers what it did. */
  async run(now: Date = new Date()): Promise<MaintenanceResult & { requeued: number }> {
    await this.running?.catch(() => undefined);
    const result = await maintainEventPartitions(this.db, now);
    const requeued = result.removedBefore ? await requeueVisitorsSeenBefore(this.db, result.removedBefore) : 0;
    if (result.dropped.length > 0 || result.deleted > 0) {
      this.log.info(
        { dropped: result.dropped, deleted: result.deleted, requeued },
        'event retention: removed events past their retention',
      );
    }
    return { ...result, requeued };
  }
}
