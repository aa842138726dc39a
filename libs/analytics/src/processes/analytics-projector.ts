import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import type { Logger } from '#libs/platform/src/logging.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { CONFIG, LOGGER, SQL } from '#libs/platform/src/tokens.js';
import { eachYielding } from '#libs/platform/src/yielding.js';
import { visitorRows, type VisitorRows, type WebsiteConfig } from '../domain/visitor-rows.js';
import { changedConfigs, claimPending, configWatermark, replaceVisitorRows, requeueWebsite, visitorEvents, websiteConfig } from '../read/visitor-store.js';
import { holdPartitionsSteady } from '#libs/cro/src/projections/event-partitions.js';
import { IngestionLoad } from '../ingestion/ingestion-load.js';
import { EndRulesProcess } from './end-rules.process.js';

/** Visitors recomputed per transaction. */
export const PROJECTOR_BATCH = 200;
/** The wait between two looks at an empty queue. */
export const PROJECTOR_IDLE_MS = 500;
/**
 * While this process is busy taking in tracking events (`IngestionLoad`), the share of the time
 * the projector works: after a batch that took t ms it waits t × (1 / share - 1) ms. Ingestion
 * first (a website's events must not wait for the reports); the reports still move on and catch
 * up after the burst.
 */
export const PROJECTOR_SHARE_WHILE_BUSY = 1 / 5;

/**
 * The analytics projector (DESIGN.md "Read side"; libs/analytics/src/read/analytics-schema.ts):
 * takes the visitors that ingestion queued in `analytics_pending`, reads each one's stored events
 * once, and replaces the visitor's rows in the analytics read models with what
 * `visitorRows` (a pure function) computes, in one transaction per batch. Reports then read those
 * rows: their cost follows the visitors and conversions in the range, never the raw events.
 *
 * Incremental and idempotent: recomputing a visitor from all of its events gives the same rows
 * whatever order the events arrived in (a late touchpoint, a retried batch). A change of a
 * website's goals, funnels or experiment goals queues its visitors again (the configuration
 * fingerprint), which is how a funnel created later is computed from the stored events: its
 * progress is the website's queue (`pendingVisitors`). Several processes may run it: claims skip
 * locked rows.
 *
 * After each batch the end rules of the experiments whose visitors changed are checked
 * (`EndRulesProcess`). While the process takes in a burst of tracking events, the projector works
 * a fifth of the time (`PROJECTOR_SHARE_WHILE_BUSY`): ingestion first, the reports catch up after.
 */
@Injectable()
export class AnalyticsProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** Callers of `drain()` at work: the background loop does not start meanwhile. */
  private draining = 0;
  /** The configuration watermark the fingerprints were last computed at (`requeueChangedConfigs`). */
  private configSeen: string | null = null;

  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly endRules: EndRulesProcess,
    private readonly load: IngestionLoad,
  ) {}

  /** Runs where the projections run (`RUN_PROJECTIONS`): ../analytics-processes.module.ts. */
  onApplicationBootstrap(): void {
    if (!this.config.runProjections) return;
    this.stopped = false;
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * Runs until the queue is empty (tests, the CLI's rebuild): answers the visitors recomputed. The
   * background loop's batch in flight is awaited first and no new one starts until this returns, so
   * an empty claim here means an empty queue, not visitors another batch of this process holds.
   */
  async drain(): Promise<number> {
    this.draining++;
    try {
      await this.running;
      let total = 0;
      for (;;) {
        const { visitors } = await this.step();
        total += visitors;
        if (visitors === 0) break;
      }
      await this.endRules.sweep();
      return total;
    } finally {
      this.draining--;
    }
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.draining > 0) return this.schedule(PROJECTOR_IDLE_MS);
      this.running = this.loop().finally(() => {
        this.running = null;
        this.schedule(PROJECTOR_IDLE_MS);
      });
    }, delay);
    this.timer.unref?.();
  }

  private async loop(): Promise<void> {
    try {
      while (!this.stopped && this.draining === 0) {
        const started = performance.now();
        const { visitors } = await this.step();
        if (visitors === 0) break;
        if (this.load.busy()) await this.yieldToIngestion((performance.now() - started) * (1 / PROJECTOR_SHARE_WHILE_BUSY - 1));
      }
      await this.endRules.sweepIfDue();
    } catch (error) {
      // The database is away or closing: the next round tries again.
      if (!this.stopped) this.log.warn({ err: error }, 'analytics projector: a batch failed; it is retried');
    }
  }

  /** Waits `ms` (at most 5 s), or less when the projector stops. */
  private async yieldToIngestion(ms: number): Promise<void> {
    const until = performance.now() + Math.min(ms, 5_000);
    while (!this.stopped && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, Math.min(50, until - performance.now())));
  }

  /**
   * Queues again the visitors of every website whose goals, funnels or experiment goals changed.
   * The fingerprints are computed only when the projections of those records moved since the last
   * look (`configWatermark`: one small read), not at every batch and every idle poll.
   */
  private async requeueChangedConfigs(): Promise<void> {
    const watermark = await configWatermark(this.db);
    if (watermark !== null && watermark === this.configSeen) return;
    for (const changed of await changedConfigs(this.db)) {
      await this.db.transaction((tx) => requeueWebsite(tx, changed.websiteId, changed.fingerprint));
    }
    this.configSeen = watermark;
  }

  /** One batch: configuration changes first, then up to PROJECTOR_BATCH queued visitors. */
  private async step(): Promise<{ visitors: number }> {
    await this.requeueChangedConfigs();
    const touched = new Set<string>();
    const visitors = await this.db.transaction(async (tx) => {
      // Every event of a visitor must be seen: no month moves out of a default partition meanwhile.
      await holdPartitionsSteady(tx);
      const claimed = await claimPending(tx, PROJECTOR_BATCH);
      const byWebsite = new Map<string, string[]>();
      for (const c of claimed) {
        const list = byWebsite.get(c.websiteId) ?? [];
        list.push(c.distinctId);
        byWebsite.set(c.websiteId, list);
      }
      for (const [websiteId, ids] of byWebsite) {
        const config: WebsiteConfig = await websiteConfig(tx, websiteId);
        const events = await visitorEvents(tx, websiteId, ids);
        const rows = new Map<string, VisitorRows>();
        // A few visitors at a time: requests are answered between them (this process may serve ingestion).
        await eachYielding(ids, (id) => {
          const computed = visitorRows(events.get(id) ?? [], config);
          rows.set(id, computed);
          for (const exposure of computed.exposures) touched.add(exposure.experimentId);
        });
        await replaceVisitorRows(tx, websiteId, rows);
      }
      return claimed.length;
    });
    if (touched.size > 0) await this.endRules.check([...touched]);
    return { visitors };
  }
}
