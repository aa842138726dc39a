import { ForbiddenError, InvalidTransitionError, NotFoundError } from './errors.js';

/**
 * The decider framework. A decider is pure: `decide(command, state) -> events` and
 * `evolve(state, event) -> state`. Which action may run in which state, and by whom, is a
 * declarative transition table; `decide` enforces it and `allowedActions` is derived from it,
 * so the buttons a user sees and the actions the API accepts cannot disagree.
 */

/**
 * The status of an aggregate whose stream does not exist yet. It must not be a word any table
 * uses as a status: a community question's forum status `new` (seed 000 section 4) once
 * collided with it, so an approved question answered 404, accepted `Create` again, and a
 * question that did not exist accepted `Publish`.
 */
export const NEW = '(new)' as const;

/** Who is acting, with the roles that count for this aggregate (organisation role, platform admin...). */
export interface Actor {
  userId: string;
  roles: readonly string[];
  /** The person's display name, when a decision records or mentions who acted. */
  name?: string;
}

export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface Transition<S extends string, A extends string, State> {
  action: A;
  /** The statuses the action may start from; `NEW` when it creates the aggregate. */
  from: readonly (S | typeof NEW)[];
  /** The status it leads to; omitted when it keeps the status (an edit). */
  to?: S;
  /** Roles allowed to take it; `'*'` means any authenticated user. */
  roles: readonly string[];
  /**
   * An extra condition on the state, the actor and the command's context (facts from outside the
   * aggregate, e.g. its website's workflow settings) that also hides the action when false. A
   * string is a refusal with its reason (what the 422 says); `{ forbidden }` is a refusal for
   * who the actor is (a 403 with that reason).
   */
  guard?: (state: State, actor: Actor, context: any) => boolean | string | { forbidden: string };
  description?: string;
}

export interface WorkflowTable<S extends string, A extends string, State> {
  /** The aggregate's name as it appears in messages and at `GET /api/workflows/{name}`. */
  name: string;
  statuses: readonly S[];
  transitions: readonly Transition<S, A, State>[];
}

export interface Command<A extends string = string, D = unknown> {
  type: A;
  data: D;
  actor: Actor;
  /** Facts from outside the aggregate that the decision depends on (read by the caller, never stored). */
  context?: unknown;
}

export interface DeciderDefinition<S extends string, A extends string, State, E extends DomainEvent> {
  table: WorkflowTable<S, A, State>;
  initialState: State;
  /** The state's status, or `NEW` when nothing was recorded yet. */
  statusOf(state: State): S | typeof NEW;
  /** One function per action: validates the command's data and returns the events it causes. */
  handlers: { [K in A]: (state: State, command: Command<K, any>) => NoInfer<E>[] };
  evolve(state: State, event: E): State;
}

export interface Decider<S extends string, A extends string, State, E extends DomainEvent> {
  readonly table: WorkflowTable<S, A, State>;
  readonly initialState: State;
  statusOf(state: State): S | typeof NEW;
  decide(command: Command<string, unknown>, state: State): E[];
  evolve(state: State, event: E): State;
  fold(events: readonly E[]): State;
  /** The actions `actor` may take now. Without `state`, guards are not evaluated (read models). */
  allowedActions(status: S | typeof NEW, actor: Actor, state?: State, context?: unknown): A[];
  /** The table in a form any client can draw. */
  describe(): WorkflowDescription;
}

export interface WorkflowDescription {
  name: string;
  statuses: string[];
  actions: string[];
  transitions: Array<{ action: string; from: string[]; to: string | null; roles: string[]; description?: string }>;
}

export function mayTake(roles: readonly string[], actor: Actor): boolean {
  return roles.includes('*') || actor.roles.some((role) => roles.includes(role));
}

export function defineDecider<S extends string, A extends string, State, E extends DomainEvent>(
  definition: DeciderDefinition<S, A, State, E>,
): Decider<S, A, State, E> {
  const { table } = definition;
  const byAction = new Map<string, Transition<S, A, State>[]>();
  for (const transition of table.transitions) {
    byAction.set(transition.action, [...(byAction.get(transition.action) ?? []), transition]);
  }

  const evolve = definition.evolve;
  return {
    table,
    initialState: definition.initialState,
    statusOf: definition.statusOf,
    evolve,
    fold: (events) => events.reduce(evolve, definition.initialState),

    decide(command, state) {
      const transitions = byAction.get(command.type);
      if (!transitions) throw new InvalidTransitionError(`Action ${command.type} is not supported for a ${table.name}`);
      const status = definition.statusOf(state);
      const fromHere = transitions.filter((t) => t.from.includes(status));
      if (fromHere.length === 0) {
        if (status === NEW) throw new NotFoundError(`The ${table.name} does not exist`);
        throw new InvalidTransitionError(`${command.type} is not allowed while the ${table.name} is ${status}`);
      }
      const permitted = fromHere.filter((t) => mayTake(t.roles, command.actor));
      if (permitted.length === 0) throw new ForbiddenError(`Your role may not ${command.type} this ${table.name}`);
      const verdicts = permitted.map((t) => (t.guard ? t.guard(state, command.actor, command.context) : true));
      if (!verdicts.includes(true)) {
        const forbidden = verdicts.find((v): v is { forbidden: string } => typeof v === 'object' && v !== null);
        if (forbidden) throw new ForbiddenError(forbidden.forbidden);
        const reason = verdicts.find((v): v is string => typeof v === 'string');
        throw new InvalidTransitionError(reason ?? `${command.type} is not allowed for this ${table.name} now`);
      }
      const handler = definition.handlers[command.type as A] as (s: State, c: Command<A, unknown>) => E[];
      return handler(state, command as Command<A, unknown>);
    },

    allowedActions(status, actor, state, context) {
      const actions = new Set<A>();
      for (const t of table.transitions) {
        if (
          t.from.includes(status) &&
          mayTake(t.roles, actor) &&
          (!t.guard || state === undefined || t.guard(state, actor, context) === true)
        ) {
          actions.add(t.action);
        }
      }
      return [...actions];
    },

    describe() {
      return {
        name: table.name,
        statuses: [...table.statuses],
        actions: [...byAction.keys()],
        transitions: table.transitions.map((t) => ({
          action: t.action,
          from: [...t.from],
          to: t.to ?? null,
          roles: [...t.roles],
          ...(t.description ? { description: t.description } : {}),
        })),
      };
    },
  };
}
