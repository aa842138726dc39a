import type { EventTypeDefinition } from '#libs/eventstore/src/index.js';
import type { AnswerEvent } from './answer.decider.js';
import type { QuestionEvent } from './question.decider.js';

/** Every event type of the community context, by its stored name. */
export const COMMUNITY_EVENT_TYPES = [
  { type: 'QuestionCreated', schemaVersion: 1 },
  { type: 'QuestionSubmitted', schemaVersion: 1 },
  { type: 'QuestionApproved', schemaVersion: 1 },
  { type: 'QuestionDeclined', schemaVersion: 1 },
  { type: 'QuestionPublished', schemaVersion: 1 },
  { type: 'QuestionUnpublished', schemaVersion: 1 },
  { type: 'QuestionUpdated', schemaVersion: 1 },
  { type: 'QuestionDeleted', schemaVersion: 1 },
  { type: 'QuestionRestored', schemaVersion: 1 },
  { type: 'AnswerCreated', schemaVersion: 1 },
  { type: 'AnswerUpdated', schemaVersion: 1 },
  { type: 'AnswerPublished', schemaVersion: 1 },
  { type: 'AnswerDeleted', schemaVersion: 1 },
] as const satisfies readonly EventTypeDefinition[];

/** The names of the community context's events: the one list above. */
export type CommunityEventType = (typeof COMMUNITY_EVENT_TYPES)[number]['type'];

/** The deciders record exactly the events listed (a compile error otherwise). */
type Decided = QuestionEvent['type'] | AnswerEvent['type'];
export const EVERY_COMMUNITY_EVENT_LISTED: [Decided] extends [CommunityEventType]
  ? [CommunityEventType] extends [Decided]
    ? true
    : never
  : never = true;
