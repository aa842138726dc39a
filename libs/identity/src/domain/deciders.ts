import { aggregate, type RegisteredDecider } from '#libs/platform/src/aggregate.js';
import { userDecider } from './user.decider.js';

/** The context's aggregates, named by commands (`new DecideCommand(USER, id, { type, ... })`). */
export const USER = aggregate('user', userDecider);

/** The identity context's aggregates: their stream names (`{name}-{id}`) and deciders. */
export const USER_DECIDERS: RegisteredDecider[] = [USER];
