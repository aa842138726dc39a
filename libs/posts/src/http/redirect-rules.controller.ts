import { Body, Controller, Post } from '@nestjs/common';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { ResourceController } from '#libs/platform/src/resources/resource.controller.js';
import { Ports, ResourcePortsProvider } from '#libs/platform/src/resources/resource-ports.js';
import { RedirectCounters } from '../projections/redirect-counters.js';
import { newRedirectRule, redirectRuleResource, type RuleRecord } from './redirect-rule-resource.js';
import { RedirectRules } from './redirect-rules.service.js';

/** Redirect rules of a website: the resource framework's routes with the redirect rule kind (redirect-rule-resource.ts). */
@Controller('redirect-rules')
export class RedirectRulesController extends ResourceController<RuleRecord> {
  constructor(
    @Ports() ports: ResourcePortsProvider,
    private readonly rules: RedirectRules,
    counters: RedirectCounters,
  ) {
    super(redirectRuleResource({ rules, counters }), ports);
  }

  /** A rule made by hand is created by `RedirectRules`, the one way rules are created (it makes the id and refuses a taken fromPath). */
  @Post()
  override async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const env = this.env(viewer, requestId);
    const { fields, actor } = await newRedirectRule(body, env);
    const id = await this.rules.create(fields, actor, requestId);
    return this.presentOne(await this.kind.load(env, id), env);
  }
}
