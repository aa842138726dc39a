import { EventEmitter } from 'node:events';
import {
  EVENTS_CHANNEL,
  comparePositions,
  migrate,
  type EventStore,
  type GlobalPosition,
  type SqlDriver,
} from '#libs/eventstore/src/index.js';
import { NotFoundError, ReadModelBehindError } from '../errors.js';
import { markRunning, readAllCheckpoints } from './checkpoints.js';
import { subscriberName, type Projection, type Subscriber } from './projection.js';
import { SharedLogReader } from './log-reader.js';
import { IDLE_STEPS_MS, SubscriptionRunner, type RunnerOptions, type RunnerStatus } from './subscription-runner.js';

export interface SubscriptionState {
  name: string;
  kind: 'projection' | 'relay' | 'process';
  /** `running`/`failed` as recorded in the database; `runner` is this process's view, if it runs it. */
  status: 'running' | 'failed';
  runner: RunnerStatus | null;
  position: GlobalPosition | null;
  /** Events in the log after its checkpoint. */
  lag: number;
  error: string | null;
  updatedAt: string | null;
}

/**
 * Knows every subscriber (projections and relays), creates their tables, runs them in this
 * process when asked to, reports their positions and lag, rebuilds one from zero while the
 * others keep running, and lets a command wait until its events reached the read models.
 */
export class ProjectionManager {
  private readonly runners = new Map<string, SubscriptionRunner>();
  private readonly progress = new EventEmitter();
  private unlisten: (() => Promise<void>) | null = null;
  /** One reader of the log for all the runners of this process. */
  readonly reader: SharedLogReader;
  /** The idle poller: one look at the log's head per back-off step, for every runner. */
  private pollTimer: NodeJS.Timeout | null = null;
  private pollStep = 0;
  private polling = false;
  private lastHead: GlobalPosition | null = null;

  constructor(
    private readonly db: SqlDriver,
    private readonly store: EventStore,
    readonly subscribers: readonly Subscriber[],
    private readonly options: RunnerOptions,
  ) {
    this.progress.setMaxListeners(0);
    this.reader = new SharedLogReader(store);
  }

  get projections(): Projection[] {
    return this.subscribers.flatMap((s) => (s.kind === 'projection' ? [s.projection] : []));
  }

  /** The names of the process managers. */
  get processes(): string[] {
    return this.subscribers.flatMap((s) => (s.kind === 'process' ? [s.process.name] : []));
  }

  /** Creates every projection's tables (idempotent, safe with several processes). */
  async migrate(): Promise<void> {
    await migrate(this.db, ...this.projections.map((p) => p.schema));
  }

  /** Runs every subscriber in this process (each under its own lease). */
  async start(): Promise<void> {
    for (const subscriber of this.subscribers) {
      const runner = new SubscriptionRunner(
        subscriber,
        this.db,
        this.store,
        this.options,
        () => {
          this.progress.emit('progress');
          // A projection's commit may have released the snapshot horizon others wait on: the
          // poller looks at the head within a millisecond and wakes those it concerns.
          this.schedulePoll(true);
        },
        this.reader,
      );
      this.runners.set(runner.name, runner);
    }
    const unlistenLocal = this.store.onAppended?.(() => this.wakeAll());
    // Our own store's announcements reached us through `onAppended` already.
    const unlistenDb = await this.db.listen(EVENTS_CHANNEL, (payload) => {
      if (!payload || payload !== this.store.announcer) this.wakeAll();
    });
    this.unlisten = async () => {
      unlistenLocal?.();
      await unlistenDb();
    };
    for (const runner of this.runners.values()) runner.start();
    this.schedulePoll(true);
  }

  /**
   * The idle poller. After any sign of activity (an append here, a NOTIFY from another process,
   * a projection's commit) it looks at the log's head after 1, 5, 10, 25 … ms up to `idleMaxMs`,
   * then every `idleMaxMs`, and wakes the idle runners the head has moved past: one query per step
   * for the whole process, where each runner used to step through the back-off with its own reads.
   */
  private schedulePoll(activity: boolean): void {
    if (this.runners.size === 0) return;
    if (activity) this.pollStep = 0;
    if (this.pollTimer) {
      if (!activity) return;
      clearTimeout(this.pollTimer);
    }
    const delay = IDLE_STEPS_MS[Math.min(this.pollStep++, IDLE_STEPS_MS.length - 1)] * (this.options.idleMaxMs / 1000);
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      void this.poll();
    }, delay);
  }

  private async poll(): Promise<void> {
    if (this.polling || this.runners.size === 0) return;
    this.polling = true;
    let moved = false;
    let head: GlobalPosition | null = null;
    try {
      head = await this.store.headPosition();
      moved = comparePositions(head, this.lastHead) !== 0;
      this.lastHead = head;
    } catch {
      // The database is away: the runners' own fallback polls find out, and the next step retries.
    } finally {
      this.polling = false;
    }
    if (this.runners.size === 0) return;
    // Wake the idle runners the head has moved past (the others are reading already).
    const behind =
      head === null ? [] : [...this.runners.values()].filter((r) => r.idle && comparePositions(r.position, head) < 0);
    // (A runner idle behind the head always has something to read: both look through the same
    // snapshot horizon.)
    if (behind.length) {
      this.reader.invalidate();
      for (const runner of behind) runner.wake();
    }
    this.schedulePoll(moved || behind.length > 0);
  }

  get running(): boolean {
    return this.runners.size > 0;
  }

  wakeAll(): void {
    this.reader.invalidate();
    for (const runner of this.runners.values()) runner.wake();
    this.schedulePoll(true);
  }

  /** Stops after the batch in flight: nothing is half-applied. */
  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    const runners = [...this.runners.values()];
    this.runners.clear();
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    await Promise.all(runners.map((r) => r.stop()));
  }

  private find(name: string): Subscriber {
    const subscriber = this.subscribers.find((s) => subscriberName(s) === name);
    if (!subscriber) throw new NotFoundError(`No projection named ${name}`);
    return subscriber;
  }

  async states(): Promise<SubscriptionState[]> {
    const rows = new Map((await readAllCheckpoints(this.db)).map((row) => [row.subscription, row]));
    return Promise.all(
      this.subscribers.map(async (subscriber) => {
        const name = subscriberName(subscriber);
        const row = rows.get(name);
        const runner = this.runners.get(name);
        const position = row?.position ?? null;
        return {
          name,
          kind: subscriber.kind,
          status: row?.status ?? 'running',
          runner: runner?.status ?? null,
          position,
          lag: await this.store.countAfter(position),
          error: row?.error ?? null,
          updatedAt: row ? new Date(row.updated_at).toISOString() : null,
        };
      }),
    );
  }

  /**
   * Empties a projection's tables and resets its checkpoint in one transaction. Whichever
   * process holds its lease notices (its next checkpoint write fails) and replays from zero.
   */
  async rebuild(name: string): Promise<void> {
    const subscriber = this.find(name);
    await this.db.transaction(async (tx) => {
      if (subscriber.kind === 'projection') {
        for (const table of subscriber.projection.tables) await tx.query(`TRUNCATE TABLE ${table}`);
      }
      await tx.query(
        `INSERT INTO es_checkpoints (subscription, position, status, error) VALUES ($1, NULL, 'running', NULL)
         ON CONFLICT (subscription) DO UPDATE SET position = NULL, status = 'running', error = NULL, updated_at = now()`,
        [name],
      );
      // Wakes the runner wherever it runs; it sees the reset checkpoint and replays.
      await tx.query(`SELECT pg_notify('${EVENTS_CHANNEL}', '')`);
    });
    this.reader.invalidate();
    this.runners.get(name)?.recheck();
  }

  /** Lets a failed subscriber try again from its checkpoint. */
  async restart(name: string): Promise<void> {
    this.find(name);
    await markRunning(this.db, name);
    this.runners.get(name)?.resume();
  }

  /**
   * Read your writes: resolves once every projection has processed the event at `position`.
   * Throws `ReadModelBehindError` (503, "your change was saved…") at once when a projection
   * stopped on an error, and after `timeoutMs` when one is still behind: a command never answers
   * from a read model that has not caught up, and never counts a failed projection as caught up.
   */
  async waitFor(position: GlobalPosition | null, timeoutMs = 5000, types?: readonly string[]): Promise<void> {
    if (position === null) return;
    const deadline = Date.now() + timeoutMs;
    // Only the subscribers that read these event types can change because of them (all of them
    // when the types are not known).
    const reads = (handles: readonly string[] | undefined) =>
      !types || !handles || handles.some((type) => types.includes(type));
    // First the process managers: the commands they send for this position's events come after it,
    // and the read models must show those too (whichever they are: every projection then).
    const processes = this.subscribers.flatMap((s) =>
      s.kind === 'process' && reads(s.process.handles) ? [s.process.name] : [],
    );
    let projections = this.projections.filter((p) => reads(p.handles)).map((p) => p.name);
    if (processes.length) {
      await this.waitUntil(processes, position, deadline);
      position = await this.followUps(processes, position);
      projections = this.projections.map((p) => p.name);
    }
    await this.waitUntil(projections, position, deadline);
  }

  /** `waitFor` a command's result: its position, and only the read models its events concern. */
  async waitForResult(
    result: { position: GlobalPosition | null; events: ReadonlyArray<{ type: string }> },
    timeoutMs = 5000,
  ): Promise<void> {
    // No events known (a retried command found its events stored): every read model.
    await this.waitFor(
      result.position,
      timeoutMs,
      result.events.length ? result.events.map((event) => event.type) : undefined,
    );
  }

  /** The latest position the process managers appended at (the log's head for those another process runs). */
  private async followUps(names: string[], position: GlobalPosition): Promise<GlobalPosition> {
    let latest = position;
    for (const name of names) {
      const runner = this.runners.get(name);
      const local = runner && runner.status !== 'standby' && runner.status !== 'starting';
      const at = local ? runner.appended : await this.store.headPosition();
      if (at && comparePositions(at, latest) > 0) latest = at;
    }
    return latest;
  }

  private async waitUntil(names: string[], position: GlobalPosition, deadline: number): Promise<void> {
    for (;;) {
      const { behind, failed } = await this.behind(names, position);
      if (failed.length) {
        throw new ReadModelBehindError(
          `Your change was saved, but ${listOf(failed, this.processes)} stopped on an error and cannot show it yet. An administrator can restart ${failed.length === 1 ? 'it' : 'them'} under Projections.`,
          { saved: true, behind: failed, retryAfterSeconds: 60 },
        );
      }
      if (behind.length === 0) return;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new ReadModelBehindError(
          `Your change was saved, but ${listOf(behind, this.processes)} has not caught up with it yet. Reload in a few seconds.`,
          { saved: true, behind, retryAfterSeconds: 5 },
        );
      }
      this.schedulePoll(true);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, Math.min(left, this.running ? 100 : 20));
        const progress = this.progress;
        function finish() {
          clearTimeout(timer);
          progress.off('progress', finish);
          resolve();
        }
        progress.once('progress', finish);
      });
    }
  }

  /** Of `names`, those that have not processed `position` yet, and those stopped on an error. */
  private async behind(names: string[], position: GlobalPosition): Promise<{ behind: string[]; failed: string[] }> {
    // Runners of this process answer from memory; those another process leases, from the database.
    const remote = names.filter((n) => {
      const runner = this.runners.get(n);
      return !runner || runner.status === 'standby' || runner.status === 'starting';
    });
    const rows = remote.length
      ? new Map((await readAllCheckpoints(this.db)).map((r) => [r.subscription, r]))
      : new Map();
    const behind: string[] = [];
    const failed: string[] = [];
    for (const name of names) {
      const runner = remote.includes(name) ? undefined : this.runners.get(name);
      const status = runner ? runner.status : rows.get(name)?.status;
      const at: GlobalPosition | null = runner ? runner.position : (rows.get(name)?.position ?? null);
      if (status === 'failed') failed.push(name);
      else if (comparePositions(at, position) < 0) behind.push(name);
    }
    return { behind, failed };
  }

  /**
   * Runs one subscriber in this process until it reaches the head of the log (CLI rebuilds).
   * Answers how many events it processed, or null when another process holds its lease
   * (that process does the replay).
   */
  async catchUp(name: string): Promise<number | null> {
    const subscriber = this.find(name);
    const runner = new SubscriptionRunner(subscriber, this.db, this.store, this.options);
    runner.start();
    const head = await this.store.headPosition();
    let standbySince: number | null = null;
    try {
      while (runner.status !== 'failed' && comparePositions(runner.position, head) < 0) {
        if (runner.status === 'standby') {
          standbySince ??= Date.now();
          if (Date.now() - standbySince > 2000) return null;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await runner.stop();
    }
    if (runner.error) throw new Error(runner.error);
    return runner.processed;
  }
}

/** "the posts list", "the posts and members lists", "the sign-up process". */
function listOf(names: string[], processes: readonly string[] = []): string {
  const join = (items: string[]) =>
    items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
  const lists = names.filter((n) => !processes.includes(n));
  const steps = names.filter((n) => processes.includes(n));
  const parts = [
    ...(lists.length ? [`the ${join(lists)} ${lists.length === 1 ? 'list' : 'lists'}`] : []),
    ...(steps.length ? [`the ${join(steps)} ${steps.length === 1 ? 'process' : 'processes'}`] : []),
  ];
  return parts.join(' and ');
}
