import type { Decider } from './decider.js';

/** Any decider, whatever its statuses, actions, state and events. */
export type AnyDecider = Decider<any, any, any, any>;
/** The actions a decider takes (its table's), which a command to it may name. */
export type ActionOf<D> = D extends Decider<any, infer A, any, any> ? A : never;
/** The state a decider folds its events into. */
export type StateOf<D> = D extends Decider<any, any, infer S, any> ? S : never;

/** A decider registered under its aggregate name; its streams are `{name}-{id}`. */
export interface RegisteredDecider<D extends AnyDecider = AnyDecider> {
  name: string;
  decider: D;
  /** The organisation an aggregate belongs to, recorded in each event's metadata. */
  organisationOf?(state: StateOf<D>): string | null | undefined;
}

/**
 * An aggregate: its name (streams `{name}-{id}`) and its decider. Commands name the aggregate by
 * this handle, so the compiler checks their action against the decider's table:
 * `new DecideCommand(CAMPAIGN, id, { type: 'Publish', ... })`.
 */
export function aggregate<D extends AnyDecider>(
  name: string,
  decider: D,
  organisationOf?: (state: StateOf<D>) => string | null | undefined,
): RegisteredDecider<D> {
  return organisationOf ? { name, decider, organisationOf } : { name, decider };
}
