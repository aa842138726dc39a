import type { RegisteredDecider } from '#libs/platform/src/commands/decide.command.js';
import { bioDecider } from './bio.decider.js';

/** The experts context's aggregates: their stream names (`{name}-{id}`) and deciders. */
export const EXPERTS_DECIDERS: RegisteredDecider[] = [
  { name: 'bio', decider: bioDecider, organisationOf: (s) => s.owner?.organisationId },
];
