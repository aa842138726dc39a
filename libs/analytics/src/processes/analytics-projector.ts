import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { SqlDriver, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Logger } from '#libs/platform/src/logging.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { CONFIG, LOGGER, METRICS, SQL } from '#libs/platform/src/tokens.js';
import type { Metrics } from '#libs/platform/src/metrics.js';
import { Counter, Gauge } from 'prom-client';
import { eachSliced, TimeSlice } from '#libs/platform/src/yielding.js';
import { visitorRowsSteps, type VisitorRows, type WebsiteConfig } from '../domain/visitor-rows.js';
import {
  changedConfigs,
  claimPending,
  claimVisitor,
  configWatermark,
  projectorState,
  recordProjectorState,
  replaceVisitorRows,
  requeueWebsite,
  setAside,
  setAsideVisitors,
  visitorEvents,
  websiteConfig,
} from '../read/visitor-store.js';
import { holdPartitionsSteady } from '#libs/cro/src/projections/tracking.js';
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
/** Batches in a row the projector could not do, even visitor by visitor, before it reports itself failing. */
export const FAILING_AFTER = 3;

type Claimed = { websiteId: string; distinctId: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
 * **Failure isolation** (docs/security.md, "Tracking pipeline"): when a batch fails, it is done
 * again one visitor at a time, each in its own transaction; a visitor that fails alone is set aside
 * with its error (`an_set_aside`: retried with back-off, listed for operators in `/api/health`
 * and `/metrics`), so one hostile or broken visitor never holds the others, of any website. A
 * batch that cannot be done even so (the database refuses) marks the projector failing
 * (`an_projector_state`): `/api/health` answers 503 in every process until a batch succeeds. A
 * visitor set aside does not fail readiness: a visitor could otherwise take every replica out of
 * its load balancer.
 *
 * The computation of a visitor runs in slices (`visitorRowsSteps`, `AggregateDelta.addSteps`):
 * requests are answered between them, inside a heavy visitor too.
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

  /** Batches in a row that failed as a whole (`FAILING_AFTER`), and whether this process recorded the projector failing. */
  private failures = 0;
  private recordedFailing = false;
  private readonly setAsideTotal: Counter;

  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(METRICS) metrics: Metrics,
    private readonly endRules: EndRulesProcess,
    private readonly load: IngestionLoad,
  ) {
    // Every process reports the projector, wherever it runs (the state is in the database).
    const report = async () => {
      const [state, aside] = await Promise.all([projectorState(db), setAsideVisitors(db, 10)]);
      return {
        ok: state.failingSince === null,
        failingSince: state.failingSince,
        error: state.error,
        setAside: aside.total,
        recentlySetAside: aside.visitors,
      };
    };
    metrics.checks.register({ name: 'analytics', check: report });
    this.setAsideTotal = new Counter({
      name: 'analytics_visitors_set_aside_total',
      help: 'Visitors this process set aside after their rows failed',
      registers: [metrics.registry],
    });
    new Gauge({
      name: 'analytics_projector_up',
      help: '1 when the analytics projector works, 0 when its batches fail as a whole',
      registers: [metrics.registry],
      async collect() {
        this.set((await projectorState(db)).failingSince === null ? 1 : 0);
      },
    });
    new Gauge({
      name: 'analytics_visitors_set_aside',
      help: 'Visitors whose analytics rows failed, waiting to be tried again',
      registers: [metrics.registry],
      async collect() {
        this.set((await setAsideVisitors(db, 0)).total);
      },
    });
  }

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
        if (this.load.busy())
          await this.yieldToIngestion((performance.now() - started) * (1 / PROJECTOR_SHARE_WHILE_BUSY - 1));
      }
      await this.endRules.sweepIfDue();
    } catch (error) {
      // The database is away or closing: the next round tries again.
      if (!this.stopped) this.log.warn({ err: error }, 'analytics projector: a batch failed; it is retried');
    }
  }

  /** Counts a batch that failed as a whole; the FAILING_AFTER-th in a row marks the projector failing. */
  private async failed(error: unknown): Promise<void> {
    this.failures++;
    if (this.failures < FAILING_AFTER) return;
    try {
      await recordProjectorState(this.db, messageOf(error));
      this.recordedFailing = true;
    } catch {
      // The database is away: nothing can be recorded, and /api/health reports the database down.
    }
  }

  /** A batch went through: the projector works (again). */
  private async succeeded(): Promise<void> {
    this.failures = 0;
    if (!this.recordedFailing) return;
    await recordProjectorState(this.db, null);
    this.recordedFailing = false;
  }

  /** Waits `ms` (at most 5 s), or less when the projector stops. */
  private async yieldToIngestion(ms: number): Promise<void> {
    const until = performance.now() + Math.min(ms, 5_000);
    while (!this.stopped && performance.now() < until)
      await new Promise((resolve) => setTimeout(resolve, Math.min(50, until - performance.now())));
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

  /**
   * One batch: configuration changes first, then up to PROJECTOR_BATCH queued visitors in one
   * transaction; when it fails, the same visitors one by one (`isolate`).
   */
  private async step(): Promise<{ visitors: number }> {
    const touched = new Set<string>();
    let claimed: Claimed[] = [];
    let visitors: number;
    try {
      await this.requeueChangedConfigs();
      visitors = await this.db.transaction(async (tx) => {
        // Every event of a visitor must be seen: no month moves out of a default partition meanwhile.
        await holdPartitionsSteady(tx);
        claimed = await claimPending(tx, PROJECTOR_BATCH);
        const byWebsite = new Map<string, string[]>();
        for (const c of claimed) {
          const list = byWebsite.get(c.websiteId) ?? [];
          list.push(c.distinctId);
          byWebsite.set(c.websiteId, list);
        }
        for (const [websiteId, ids] of byWebsite) await this.project(tx, websiteId, ids, touched);
        return claimed.length;
      });
    } catch (error) {
      // Nothing claimed: the database itself failed (the claim, the configuration); else the batch rolled back and its visitors are queued again.
      if (claimed.length === 0) {
        await this.failed(error);
        throw error;
      }
      this.log.warn(
        { err: error, visitors: claimed.length },
        'analytics projector: a batch failed; its visitors are done one by one',
      );
      touched.clear();
      try {
        visitors = await this.isolate(claimed, touched);
      } catch (isolationError) {
        await this.failed(isolationError);
        throw isolationError;
      }
    }
    await this.succeeded();
    if (touched.size > 0) await this.endRules.check([...touched]);
    return { visitors };
  }

  /** Computes and replaces the rows of some visitors of one website, in the caller's transaction. */
  private async project(
    tx: SqlExecutor,
    websiteId: string,
    ids: readonly string[],
    touched: Set<string>,
  ): Promise<void> {
    const config: WebsiteConfig = await websiteConfig(tx, websiteId);
    const events = await visitorEvents(tx, websiteId, ids);
    const rows = new Map<string, VisitorRows>();
    // A few visitors at a time, and a heavy one in slices: requests are answered between them (this process may serve ingestion).
    await eachSliced(
      ids,
      function* (id) {
        const computed: VisitorRows = yield* visitorRowsSteps(events.get(id) ?? [], config);
        rows.set(id, computed);
        for (const exposure of computed.exposures) touched.add(exposure.experimentId);
      },
      new TimeSlice(),
    );
    await replaceVisitorRows(tx, websiteId, rows);
  }

  /**
   * The visitors of a failed batch, one transaction each: a visitor that fails alone is set aside
   * (`setAside`: its error, retried with back-off) and the others go through. Answers the visitors
   * handled (set aside ones included). Throws when the database itself fails (setting aside fails too).
   */
  private async isolate(claimed: readonly Claimed[], touched: Set<string>): Promise<number> {
    let handled = 0;
    for (const { websiteId, distinctId } of claimed) {
      const mine = new Set<string>();
      try {
        const done = await this.db.transaction(async (tx) => {
          await holdPartitionsSteady(tx);
          if (!(await claimVisitor(tx, websiteId, distinctId))) return false;
          await this.project(tx, websiteId, [distinctId], mine);
          return true;
        });
        if (!done) continue;
        for (const id of mine) touched.add(id);
      } catch (error) {
        await setAside(this.db, websiteId, distinctId, messageOf(error));
        this.setAsideTotal.inc();
        this.log.error(
          { err: error, websiteId, distinctId },
          'analytics projector: a visitor failed and is set aside; it is retried later',
        );
      }
      handled++;
    }
    return handled;
  }
}
