import type { ContextDefinition } from '#libs/platform/src/context.js';
import { POSTS_DECIDERS } from './domain/deciders.js';
import { POST_EVENT_TYPES } from './domain/post.decider.js';
import { REDIRECT_RULE_EVENT_TYPES } from './domain/redirect-rule.decider.js';
import { PostsModule } from './posts.module.js';
import { slugRedirectsProcess } from './processes/slug-redirects.process.js';
import { postsProjection } from './projections/posts.projection.js';
import { REDIRECT_COUNTERS_SCHEMA } from './projections/redirect-counters.js';
import { redirectRulesProjection } from './projections/redirect-rules.projection.js';
import { stageMetricsProjection } from './projections/stage-metrics.projection.js';

/** Posts: the article workflow from brief to publication, and the websites' redirect rules. */
export const POSTS_CONTEXT: ContextDefinition = {
  name: 'posts',
  eventTypes: [...POST_EVENT_TYPES, ...REDIRECT_RULE_EVENT_TYPES],
  deciders: POSTS_DECIDERS,
  projections: [postsProjection, redirectRulesProjection, stageMetricsProjection],
  processes: [slugRedirectsProcess],
  schemas: [REDIRECT_COUNTERS_SCHEMA],
  module: PostsModule,
};
