import { createHash } from 'node:crypto';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type SqlDriver,
} from '#libs/eventstore/src/index.js';
import { DecideCommand, type DecideResult } from '../commands/decide.command.js';
import { CheckpointMovedError, advanceCheckpoint, markFailed, readCheckpoint } from './checkpoints.js';
import { subscriberName, type ProcessContext, type ProcessManager, type Subscriber } from './projection.js';
import { AppError } from '../errors.js';
import type { SharedLogReader } from './log-reader.js';

export type RunnerStatus = 'starting' | 'standby' | 'catching_up' | 'live' | 'failed' | 'stopped';

export interface RunnerOptions {
  batchSize: number;
  /**
   * Longest wait between two polls of the log while idle. Under a ProjectionManager one poller
   * per process steps up to it (`IDLE_STEPS_MS`) and wakes the runners when the head moves; a
   * runner then polls on its own only every `IDLE_FALLBACK` times this.
   */
  idleMaxMs: number;
  /** How often a standby runner (another process holds the lease) or a failed one looks again. */
  retryMs: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Sends a process manager's commands (the decide path without HTTP). */
  execute?: (command: DecideCommand) => Promise<DecideResult>;
  /** The state of an event's aggregate right after it (for process managers). */
  stateAt?: (event: RecordedEvent, options?: { before?: boolean }) => Promise<unknown>;
  /** An aggregate's state now (for process managers). */
  current?: (aggregate: string, id: string) => Promise<unknown>;
  /** Test only (`PROCESS_CRASH_AFTER=name:index[:EventType]`): a process kills its own OS process after that command. */
  crashAfter?: string;
}

/**
 * Idle back-off: poll again soon after activity, then less and less often (scaled so that the
 * last step is `idleMaxMs`). Events committed while an older transaction is still open are not
 * readable until it ends (the snapshot horizon), and nothing announces that moment: the steps
 * find them.
 */
export const IDLE_STEPS_MS = [1, 5, 10, 25, 50, 100, 250, 500, 1000];
/** How many `idleMaxMs` a runner that has a poller sleeps before it looks on its own. */
const IDLE_FALLBACK = 5;
/** How long a checkpoint may stay behind through batches that had nothing for its subscriber. */
const CHECKPOINT_EVERY_MS = 1000;

/** An arbitrary but stable advisory-lock key per subscription: its lease. */
export function leaseKey(name: string): string {
  return BigInt.asIntN(
    64,
    BigInt(`0x${createHash('sha256').update(`lease:${name}`).digest('hex').slice(0, 16)}`),
  ).toString();
}

/**
 * Feeds one subscriber from the global log: reads a batch after its checkpoint, applies it and
 * moves the checkpoint in one transaction (projections), or delivers it and then moves the
 * checkpoint (relays). Loops without sleeping while batches are full. Stops on an error,
 * keeping it visible, until the subscription is restarted or rebuilt.
 */
export class SubscriptionRunner {
  readonly name: string;
  status: RunnerStatus = 'starting';
  position: GlobalPosition | null = null;
  /** The position its checkpoint row holds (behind `position` after batches it had nothing to do with). */
  private stored: GlobalPosition | null = null;
  private storedAt = 0;
  private checkedAt = 0;
  error: string | null = null;
  processed = 0;
  /** A process manager's latest appended position (what a caller waits for next). */
  appended: GlobalPosition | null = null;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  /** Idle: it found nothing after `position` and waits to be woken. */
  idle = false;

  constructor(
    readonly subscriber: Subscriber,
    private readonly db: SqlDriver,
    private readonly store: EventStore,
    private readonly options: RunnerOptions,
    private readonly onProgress: (runner: SubscriptionRunner) => void = () => undefined,
    /** The process's shared reader, whose poller also wakes this runner when the head moves; absent: it reads and polls alone. */
    private readonly reader: SharedLogReader | null = null,
  ) {
    this.name = subscriberName(subscriber);
  }

  start(): void {
    this.loop ??= this.run().catch((error: unknown) => {
      this.status = 'failed';
      this.error = String((error as Error)?.stack ?? error);
      this.options.log.error({ subscription: this.name, err: error }, 'subscription runner crashed');
    });
  }

  /** New events may be readable: stop waiting. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Its checkpoint was reset (a rebuild in this process): look at it at once, not within the second. */
  recheck(): void {
    this.checkedAt = 0;
    this.wake();
  }

  /** Its checkpoint was marked running again (a restart): no longer failed, and it tries at once. */
  resume(): void {
    if (this.status === 'failed') {
      this.status = 'starting';
      this.error = null;
    }
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    // A relay keeps retrying a batch while its broker is down: end that wait, or stopping the
    // process would hang until the broker is back.
    if (this.subscriber.kind === 'relay') await this.subscriber.relay.stop?.();
    await this.loop;
    this.status = 'stopped';
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || this.stopping) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    }).then(() => {
      this.woken = false;
    });
  }

  private async run(): Promise<void> {
    if (this.subscriber.kind === 'relay') await this.subscriber.relay.start?.();
    try {
      await this.db.session(async (session) => {
        const key = leaseKey(this.name);
        while (!this.stopping) {
          const lease = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [key]);
          if (!lease.rows[0].ok) {
            this.status = 'standby';
            await this.sleep(this.options.retryMs);
            continue;
          }
          try {
            await this.consume();
          } finally {
            await session.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
          }
        }
      });
    } finally {
      if (this.subscriber.kind === 'relay') await this.subscriber.relay.stop?.();
    }
  }

  /**
   * Sends the commands each event calls for, in order, each with a command id derived from the
   * event's id: after a crash the batch runs again and every command already appended answers
   * without appending (DecideHandler, `commandId`).
   */
  private async react(process: ProcessManager, batch: RecordedEvent[]): Promise<void> {
    const execute = this.options.execute;
    if (!execute || !this.options.stateAt || !this.options.current)
      throw new Error(`process ${process.name} needs a command handler (RunnerOptions.execute, stateAt)`);
    const handles = new Set(process.handles);
    for (const event of batch) {
      if (!handles.has(event.type)) continue;
      const context: ProcessContext = {
        stateAt: (at) => this.options.stateAt!(at) as never,
        stateBefore: (at) => this.options.stateAt!(at, { before: true }) as never,
        current: (aggregate, id) => this.options.current!(aggregate, id) as never,
        read: this.db,
      };
      let commands = await process.react(event, context);
      let compensating = false;
      for (let index = 0; index < commands.length; index++) {
        const command = commands[index]!;
        try {
          const result = await execute(
            new DecideCommand(command.target, command.id, command.command, {
              ...command.options,
              // Named by what it does, not by its place in the list: a retry that reads a little
              // more (or less) still recognises each command it already sent.
              commandId: `${process.name}:${event.id}:${command.aggregate}-${command.id}:${command.command.type}`,
              causationId: event.id,
              correlationId: event.metadata?.correlationId ?? event.id,
            }),
          );
          if (result.position && comparePositions(result.position, this.appended) > 0) this.appended = result.position;
        } catch (cause) {
          // A refusal the process knows how to answer: its compensation replaces the rest.
          if (!compensating && process.refused && cause instanceof AppError && cause.statusCode < 500) {
            commands = await process.refused(event, command, cause, context);
            compensating = true;
            index = -1;
            continue;
          }
          throw new Error(
            `${event.type} ${event.id} (${event.streamId} v${event.streamVersion}), command ${index + 1} of ${commands.length} (${command.aggregate} ${command.command.type}): ${(cause as Error)?.message ?? cause}`,
            { cause },
          );
        }
        // Fault injection for the crash tests only (test/process): die after this command, before
        // the next one or before the checkpoint moves.
        const here = [`${process.name}:${index}`, `${process.name}:${index}:${event.type}`];
        if (this.options.crashAfter && here.includes(this.options.crashAfter))
          globalThis.process.kill(globalThis.process.pid, 'SIGKILL');
      }
    }
  }

  private async loadCheckpoint(): Promise<boolean> {
    await this.db.query(
      'INSERT INTO es_checkpoints (subscription, position) VALUES ($1, NULL) ON CONFLICT (subscription) DO NOTHING',
      [this.name],
    );
    const checkpoint = await readCheckpoint(this.db, this.name);
    this.position = checkpoint?.position ?? null;
    this.stored = this.position;
    this.storedAt = Date.now();
    if (checkpoint?.status === 'failed') {
      this.status = 'failed';
      this.error = checkpoint.error;
      return false;
    }
    this.error = null;
    return true;
  }

  private async consume(): Promise<void> {
    let idle = 0;
    let ready = await this.loadCheckpoint();
    while (!this.stopping) {
      if (!ready) {
        await this.sleep(this.options.retryMs);
        ready = await this.loadCheckpoint();
        continue;
      }
      const batch = await (this.reader ?? this.store).readAll({
        after: this.position,
        maxCount: this.options.batchSize,
      });
      if (batch.length === 0) {
        // A rebuild (here or in another process) resets the checkpoint: start over (looked for at
        // most once a second, not on every empty poll).
        if (Date.now() - this.checkedAt >= CHECKPOINT_EVERY_MS) {
          this.checkedAt = Date.now();
          const checkpoint = await readCheckpoint(this.db, this.name);
          if ((checkpoint?.position ?? null) !== this.stored || checkpoint?.status === 'failed') {
            ready = await this.loadCheckpoint();
            continue;
          }
        }
        // Idle for a while: the position reached through batches it had nothing to do with is
        // stored (at most once a second, not after every command).
        if (
          this.position !== this.stored &&
          this.position !== null &&
          Date.now() - this.storedAt >= CHECKPOINT_EVERY_MS
        ) {
          try {
            await advanceCheckpoint(this.db, this.name, this.stored, this.position);
            this.stored = this.position;
            this.storedAt = Date.now();
          } catch (error) {
            if (!(error instanceof CheckpointMovedError)) throw error;
            ready = await this.loadCheckpoint();
            continue;
          }
        }
        this.status = 'live';
        // With a shared reader its poller steps through the idle back-off once for every runner
        // and wakes them when the head moves; this runner's own poll is only a fallback (and, when
        // its checkpoint is behind, the moment to store it).
        const unstored =
          this.position !== this.stored ? Math.max(1, CHECKPOINT_EVERY_MS - (Date.now() - this.storedAt)) : Infinity;
        this.idle = true;
        await this.sleep(
          this.reader
            ? Math.min(this.options.idleMaxMs * IDLE_FALLBACK, unstored)
            : Math.min(
                IDLE_STEPS_MS[Math.min(idle++, IDLE_STEPS_MS.length - 1)] * (this.options.idleMaxMs / 1000),
                unstored,
              ),
        );
        this.idle = false;
        continue;
      }
      idle = 0;
      this.status = batch.length === this.options.batchSize ? 'catching_up' : 'live';
      const previous = this.stored;
      const last = batch[batch.length - 1].position;
      // A batch with nothing for this subscriber moves its position in memory only; the checkpoint
      // follows with its next own batch, once a second, or when it goes idle. Replaying such a
      // batch after a crash does nothing, so one write per command is saved per subscriber.
      const store = (relevant: number) => relevant > 0 || Date.now() - this.storedAt >= CHECKPOINT_EVERY_MS;
      let stored = false;
      try {
        if (this.subscriber.kind === 'projection') {
          const projection = this.subscriber.projection;
          const handles = projection.handles ? new Set(projection.handles) : null;
          const relevant = handles ? batch.filter((event) => handles.has(event.type)) : batch;
          if (store(relevant.length)) {
            await this.db.transaction(async (tx) => {
              if (projection.applyBatch) {
                if (relevant.length) await projection.applyBatch(relevant, tx);
              } else {
                for (const event of relevant) {
                  try {
                    await projection.apply(event, tx);
                  } catch (cause) {
                    throw new Error(
                      `${event.type} ${event.id} (${event.streamId} v${event.streamVersion}): ${(cause as Error)?.message ?? cause}`,
                      { cause },
                    );
                  }
                }
              }
              await advanceCheckpoint(tx, this.name, previous, last);
            });
            stored = true;
          }
        } else if (this.subscriber.kind === 'process') {
          const handles = new Set(this.subscriber.process.handles);
          const relevant = batch.filter((event) => handles.has(event.type)).length;
          if (store(relevant)) {
            await this.react(this.subscriber.process, batch);
            await advanceCheckpoint(this.db, this.name, previous, last);
            stored = true;
          }
        } else {
          await this.subscriber.relay.handleBatch(batch);
          await advanceCheckpoint(this.db, this.name, previous, last);
          stored = true;
        }
        if (stored) {
          this.stored = last;
          this.storedAt = Date.now();
        }
        this.position = last;
        this.processed += batch.length;
        this.onProgress(this);
      } catch (error) {
        if (error instanceof CheckpointMovedError) {
          this.options.log.info({ subscription: this.name }, 'checkpoint moved (rebuild or new owner): reloading');
          ready = await this.loadCheckpoint();
          continue;
        }
        if (this.stopping) return;
        const message = `${(error as Error)?.message ?? String(error)}`;
        this.status = 'failed';
        this.error = message;
        this.options.log.error(
          { subscription: this.name, err: error, after: this.position },
          'subscription stopped on an error',
        );
        await markFailed(this.db, this.name, message).catch(() => undefined);
        ready = false;
      }
    }
  }
}
