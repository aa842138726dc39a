import { Module } from '@nestjs/common';
import { PostsController } from './http/posts.controller.js';
import { PublicRedirectsController } from './http/public-redirects.controller.js';
import { RedirectCounters } from './projections/redirect-counters.js';
import { RedirectRulesController } from './http/redirect-rules.controller.js';
import { RedirectRules } from './http/redirect-rules.service.js';
import { WorkflowReportController } from './http/workflow-report.controller.js';

/** The CMS: posts and their workflow, redirect rules (and the public redirect lookup that counts their hits), the workflow report. */
@Module({ controllers: [PostsController, RedirectRulesController, PublicRedirectsController, WorkflowReportController], providers: [RedirectRules, RedirectCounters] })
export class PostsModule {}
