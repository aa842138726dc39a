import { aggregate, type RegisteredDecider } from '#libs/platform/src/aggregate.js';
import { answerDecider } from './answer.decider.js';
import { questionDecider } from './question.decider.js';

/** The context's aggregates, named by commands (`new DecideCommand(QUESTION, id, { type, ... })`). */
export const QUESTION = aggregate('question', questionDecider, (s) => s.organisationId);
export const ANSWER = aggregate('answer', answerDecider, (s) => s.organisationId);

/** The community context's aggregates: their stream names (`{name}-{id}`) and deciders. */
export const COMMUNITY_DECIDERS: RegisteredDecider[] = [QUESTION, ANSWER];
