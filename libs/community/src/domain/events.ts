import type { EventTypeDefinition } from '#libs/eventstore/src/index.js';

/** Every event type of the community context, by its stored name. */
export const COMMUNITY_EVENT_TYPES: EventTypeDefinition[] = [
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
];
