import { Module, type OnModuleInit } from '@nestjs/common';
import { DeciderRegistry } from '#libs/platform/src/commands/decide.command.js';
import { postDecider } from './domain/post.decider.js';
import { redirectRuleDecider } from './domain/redirect-rule.decider.js';
import { PostsController } from './http/posts.controller.js';
import { PublicRedirectsController } from './http/public-redirects.controller.js';
import { RedirectCounters } from './http/redirect-counters.js';
import { RedirectRulesController } from './http/redirect-rules.controller.js';
import { RedirectRules } from './http/redirect-rules.service.js';
import { WorkflowReportController } from './http/workflow-report.controller.js';

/** The CMS: posts and their workflow, redirect rules (and the public redirect lookup that counts their hits), the workflow report. */
@Module({ controllers: [PostsController, RedirectRulesController, PublicRedirectsController, WorkflowReportController], providers: [RedirectRules, RedirectCounters] })
export class PostsModule implements OnModuleInit {
  constructor(private readonly deciders: DeciderRegistry) {}

  onModuleInit() {
    this.deciders.register({ name: 'post', decider: postDecider, organisationOf: (s) => s.organisationId });
    this.deciders.register({ name: 'redirectrule', decider: redirectRuleDecider, organisationOf: (s) => s.fields?.organisationId });
  }
}
