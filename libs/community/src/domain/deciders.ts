import type { RegisteredDecider } from '#libs/platform/src/commands/decide.command.js';
import { answerDecider } from './answer.decider.js';
import { questionDecider } from './question.decider.js';

/** The community context's aggregates: their stream names (`{name}-{id}`) and deciders. */
export const COMMUNITY_DECIDERS: RegisteredDecider[] = [
  { name: 'question', decider: questionDecider, organisationOf: (s) => s.organisationId },
  { name: 'answer', decider: answerDecider, organisationOf: (s) => s.organisationId },
];
