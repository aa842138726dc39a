import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { DecideCommand } from '../commands/decide.command.js';
import type { AppError } from '../errors.js';

/**
 * A read model fed from the global log. `apply` runs inside the transaction that also saves the
 * projection's checkpoint, so a read model never holds an event twice or misses one.
 */
export interface Projection {
  readonly name: string;
  /** DDL creating its tables (idempotent: `CREATE TABLE IF NOT EXISTS`). */
  readonly schema: string;
  /** The tables emptied when it is rebuilt from zero. */
  readonly tables: readonly string[];
  /** Event types it reads; others are skipped without a call (the checkpoint still advances). */
  readonly handles?: readonly string[];
  apply(event: RecordedEvent, tx: SqlExecutor): Promise<void>;
  /**
   * Optional: applies a whole batch (already filtered by `handles`) in a few statements
   * instead of one per event, for read models that must catch up fast. Used instead of `apply`.
   */
  applyBatch?(events: RecordedEvent[], tx: SqlExecutor): Promise<void>;
}

/** A subscriber with side effects outside the database (the Kafka relay): at-least-once. */
export interface RelaySubscriber {
  readonly name: string;
  /** Resolves only when every event is acknowledged; the checkpoint is saved after. */
  handleBatch(events: RecordedEvent[]): Promise<void>;
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

/**
 * A process manager (DESIGN.md "Process managers"): a change that spans aggregates. It reacts to
 * an event of the log with the commands it calls for, in order; the runner sends each with a
 * command id derived from the event's id and the command (aggregate, id, type), so after a crash
 * the retry appends nothing twice and the process always finishes. Its checkpoint moves after the
 * commands. `react` should answer the same commands when it runs again for the same event.
 */
export interface ProcessManager {
  readonly name: string;
  /** Event types it reacts to. */
  readonly handles: readonly string[];
  /** The commands `event` calls for (none when it does not concern this process). */
  react(event: RecordedEvent, context: ProcessContext): DecideCommand[] | Promise<DecideCommand[]>;
  /**
   * A command the aggregate refused (a 4xx domain error: a taken domain, a state that moved on):
   * the commands to send instead of the rest (a compensation). Without it, or for any other
   * error, the process stops with the error (shown under Projections, failing `/api/health`).
   */
  refused?(
    event: RecordedEvent,
    command: DecideCommand,
    error: AppError,
    context: ProcessContext,
  ): DecideCommand[] | Promise<DecideCommand[]>;
}

/** What a process manager may read while it reacts: deterministic, so a retry decides the same. */
export interface ProcessContext {
  /** The state of the event's own aggregate right after the event (its stream folded up to it). */
  stateAt<State = unknown>(event: RecordedEvent): Promise<State>;
  /** The same right before the event. */
  stateBefore<State = unknown>(event: RecordedEvent): Promise<State>;
  /**
   * An aggregate's state now. A process replayed over older events (a new process on an existing
   * log, or a retry) uses it to skip what later events already superseded.
   */
  current<State = unknown>(aggregate: string, id: string): Promise<State>;
  /** Read models a process may consult (its own context's read side). */
  read: SqlExecutor;
}

export type Subscriber =
  | { kind: 'projection'; projection: Projection }
  | { kind: 'relay'; relay: RelaySubscriber }
  | { kind: 'process'; process: ProcessManager };

export function subscriberName(subscriber: Subscriber): string {
  if (subscriber.kind === 'projection') return subscriber.projection.name;
  return subscriber.kind === 'relay' ? subscriber.relay.name : subscriber.process.name;
}
