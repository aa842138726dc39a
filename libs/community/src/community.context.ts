import type { ContextDefinition } from '#libs/platform/src/context.js';
import { CommunityModule } from './community.module.js';
import { COMMUNITY_DECIDERS } from './domain/deciders.js';
import { COMMUNITY_EVENT_TYPES } from './domain/events.js';
import { answersProjection } from './projections/answers.projection.js';
import { questionsProjection } from './projections/questions.projection.js';

/** Community: questions and answers, moderated. */
export const COMMUNITY_CONTEXT: ContextDefinition = {
  name: 'community',
  eventTypes: COMMUNITY_EVENT_TYPES,
  deciders: COMMUNITY_DECIDERS,
  projections: [questionsProjection, answersProjection],
  module: CommunityModule,
};
