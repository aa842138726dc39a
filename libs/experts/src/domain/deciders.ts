import { aggregate, type RegisteredDecider } from '#libs/platform/src/aggregate.js';
import { bioDecider } from './bio.decider.js';

/** The context's aggregates, named by commands (`new DecideCommand(BIO, id, { type, ... })`). */
export const BIO = aggregate('bio', bioDecider, (s) => s.owner?.organisationId);

/** The experts context's aggregates: their stream names (`{name}-{id}`) and deciders. */
export const EXPERTS_DECIDERS: RegisteredDecider[] = [BIO];
