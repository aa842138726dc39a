import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LRUCache } from 'lru-cache';
import {
  WrongExpectedVersionError,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '#libs/eventstore/src/index.js';
import type { Command, Decider, DomainEvent } from '../decider.js';
import { ConflictError } from '../errors.js';

export { aggregate, type ActionOf, type AnyDecider, type RegisteredDecider, type StateOf } from '../aggregate.js';
import type { ActionOf, AnyDecider, RegisteredDecider } from '../aggregate.js';

@Injectable()
export class DeciderRegistry {
  private readonly deciders = new Map<string, RegisteredDecider>();

  register(entry: RegisteredDecider): void {
    this.deciders.set(entry.name, entry);
  }

  get(name: string): RegisteredDecider {
    const entry = this.deciders.get(name);
    if (!entry) throw new Error(`No decider registered for ${name}`);
    return entry;
  }

  list(): RegisteredDecider[] {
    return [...this.deciders.values()];
  }
}

export interface DecideOptions {
  /** The version the client last saw; a mismatch answers 409 instead of deciding on newer state. */
  expectedVersion?: number;
  correlationId?: string;
  organisationId?: string | null;
  /**
   * A stable id for this command (a process manager derives it from the triggering event): its
   * events get ids derived from it, and a command whose first event is already in the stream
   * answers that event's position without deciding again, so a retry after a crash appends
   * nothing twice.
   */
  commandId?: string;
  /** The event that caused this command (process managers), recorded as the events' causation. */
  causationId?: string;
}

/**
 * Load the aggregate's stream, fold it, decide, and append with the version read. The command
 * names its aggregate by its handle (`aggregate(name, decider)`) and one of the decider's actions.
 */
export class DecideCommand<D extends AnyDecider = AnyDecider> {
  /** The aggregate's name (its streams are `{aggregate}-{id}`). */
  readonly aggregate: string;

  constructor(
    readonly target: RegisteredDecider<D>,
    readonly id: string,
    readonly command: Command<ActionOf<D>, unknown>,
    readonly options: DecideOptions = {},
  ) {
    this.aggregate = target.name;
  }
}

export interface DecideResult<State = any> {
  id: string;
  state: State;
  version: number;
  position: GlobalPosition | null;
  /** When the command's last event was recorded (null when it appended nothing). */
  recordedAt: Date | null;
  events: DomainEvent[];
}

const MAX_ATTEMPTS = 3;

/** Deterministic event ids: a retried command stores its events once. */
function eventId(commandId: string, index: number): string {
  const hex = createHash('sha256').update(`${commandId}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The event with this id in the stream, if a previous attempt of the command appended it. */
async function alreadyAppended(store: EventStore, streamId: string, id: string): Promise<RecordedEvent | undefined> {
  const events = await store.readStream(streamId);
  return events.find((event) => event.id === id);
}

export async function loadAggregate(store: EventStore, entry: RegisteredDecider, id: string) {
  const events = await store.readStream(`${entry.name}-${id}`);
  const state = entry.decider.fold(events as unknown as DomainEvent[]);
  return { state, version: events.length, events: events as RecordedEvent[] };
}

/**
 * Folded states of recently used aggregates. Streams only grow, so a state folded up to version
 * n stays true: the next command reads only the events after n (usually none) instead of the
 * whole history. Bounded; the least recently used entry goes first.
 */
export class AggregateCache {
  private readonly entries: LRUCache<string, { version: number; state: unknown }>;

  /** `max`: how many aggregates' states are kept. */
  constructor(max = 2000) {
    this.entries = new LRUCache({ max });
  }

  async load(store: EventStore, entry: RegisteredDecider, id: string): Promise<{ state: any; version: number }> {
    const streamId = `${entry.name}-${id}`;
    const cached = this.entries.get(streamId);
    const events = await store.readStream(streamId, cached ? { fromVersion: cached.version + 1 } : undefined);
    const base = cached ?? { version: 0, state: entry.decider.initialState };
    const state = (events as unknown as DomainEvent[]).reduce(entry.decider.evolve, base.state);
    const version = base.version + events.length;
    this.remember(streamId, version, state);
    return { state, version };
  }

  remember(streamId: string, version: number, state: unknown): void {
    if (version === 0) return;
    this.entries.set(streamId, { version, state });
  }
}

/**
 * Decides commands: one per process (the runtime's, `Runtime.commands`), shared by the HTTP
 * routes (through Nest's command bus, `DecideCommandHandler`) and the process managers, so one
 * cache of folded aggregates serves both.
 */
export class DecideHandler {
  private readonly cache = new AggregateCache();

  constructor(
    private readonly store: EventStore,
    private readonly registry: DeciderRegistry,
  ) {}

  async execute({ aggregate, id, command, options }: DecideCommand): Promise<DecideResult> {
    const entry = this.registry.get(aggregate);
    const streamId = `${aggregate}-${id}`;
    const commandId = options.commandId ?? randomUUID();
    if (options.commandId) {
      const done = await alreadyAppended(this.store, streamId, eventId(commandId, 0));
      if (done) {
        const { state, version } = await this.cache.load(this.store, entry, id);
        return { id, state, version, position: done.position, recordedAt: null, events: [] };
      }
    }
    for (let attempt = 1; ; attempt++) {
      const { state, version } = await this.cache.load(this.store, entry, id);
      if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
        throw staleVersion(entry.decider.table.name, options.expectedVersion, version);
      }
      const events = entry.decider.decide(command, state);
      if (events.length === 0) return { id, state, version, position: null, recordedAt: null, events };
      const next = events.reduce(entry.decider.evolve, state);
      const organisationId = options.organisationId ?? entry.organisationOf?.(next) ?? null;
      try {
        const result = await this.store.append(
          streamId,
          events.map((event, index) => ({
            id: eventId(commandId, index),
            type: event.type,
            data: event.data as Record<string, unknown>,
            metadata: {
              actorId: command.actor.userId,
              organisationId,
              correlationId: options.correlationId ?? commandId,
              causationId: options.causationId ?? commandId,
              command: command.type,
            },
          })),
          version === 0 ? 'no_stream' : version,
        );
        this.cache.remember(streamId, result.nextVersion, next);
        return {
          id,
          state: next,
          version: result.nextVersion,
          position: result.position,
          recordedAt: result.recordedAt,
          events,
        };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        // Someone wrote in between. Without a client version we decide again on the new state.
        if (options.expectedVersion !== undefined || attempt >= MAX_ATTEMPTS) {
          throw staleVersion(entry.decider.table.name, options.expectedVersion ?? version, error.actual);
        }
      }
    }
  }
}

/** The runtime's `DecideHandler`, provided to Nest. */
export const DECIDE_HANDLER = Symbol('DECIDE_HANDLER');

/** Nest's command bus hands `DecideCommand`s to the process's one `DecideHandler`. */
@CommandHandler(DecideCommand)
export class DecideCommandHandler implements ICommandHandler<DecideCommand, DecideResult> {
  constructor(@Inject(DECIDE_HANDLER) private readonly handler: DecideHandler) {}

  execute(command: DecideCommand): Promise<DecideResult> {
    return this.handler.execute(command);
  }
}

function staleVersion(name: string, expected: number, actual: number): ConflictError {
  return new ConflictError(
    `This ${name} was changed by someone else (version ${actual}, you had ${expected}). Reload it and try again.`,
    undefined,
    { expectedVersion: expected, actualVersion: actual },
  );
}
