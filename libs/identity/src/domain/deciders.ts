import type { RegisteredDecider } from '#libs/platform/src/commands/decide.command.js';
import { userDecider } from './user.decider.js';

/** The identity context's aggregates: their stream names (`{name}-{id}`) and deciders. */
export const USER_DECIDERS: RegisteredDecider[] = [
  { name: 'user', decider: userDecider },
];
