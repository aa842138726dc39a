import { Module } from '@nestjs/common';
import { PostsController } from './http/posts.controller.js';
import { PublicRedirectsController } from './http/public-redirects.controller.js';
import { RedirectCounters } from './projections/redirect-counters.js';
import { RedirectRulesController } from './http/redirect-rules.controller.js';
import { RedirectRules } from './http/redirect-rules.service.js';
import { WorkflowReportController } from './http/workflow-report.controller.js';
import { contributeMemberWork } from '#libs/platform/src/contributed-facts.js';
import { contributeCreateRules, createRule } from '#libs/platform/src/creatable.js';
import { contributorPostCount, writtenPostCounts } from './projections/queries.js';
import { postDecider } from './domain/post.decider.js';
import { redirectRuleDecider } from './domain/redirect-rule.decider.js';

// What a viewer may create (the platform's registry): posts and redirect rules.
contributeCreateRules([createRule('posts', postDecider), createRule('redirect-rules', redirectRuleDecider)]);
// A member's posts (the members list's counts, and who may not leave while holding unfinished posts).
contributeMemberWork({ writtenCounts: writtenPostCounts, contributorCount: contributorPostCount });

/** The CMS: posts and their workflow, redirect rules (and the public redirect lookup that counts their hits), the workflow report. */
@Module({
  controllers: [PostsController, RedirectRulesController, PublicRedirectsController, WorkflowReportController],
  providers: [RedirectRules, RedirectCounters],
})
export class PostsModule {}
