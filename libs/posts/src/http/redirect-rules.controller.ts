import { Body, Controller, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { ResourceController } from '#libs/platform/src/resources/resource.controller.js';
import { EVENT_STORE, PEOPLE, SQL } from '#libs/platform/src/tokens.js';
import { RedirectCounters } from '../projections/redirect-counters.js';
import { newRedirectRule, redirectRuleResource, type RuleRecord } from './redirect-rule-resource.js';
import { RedirectRules } from './redirect-rules.service.js';

/** Redirect rules of a website: the resource framework's routes with the redirect rule kind (redirect-rule-resource.ts). */
@Controller('redirect-rules')
export class RedirectRulesController extends ResourceController<RuleRecord> {
  constructor(
    @Inject(PEOPLE) people: PeopleDirectory,
    @Inject(SQL) db: SqlDriver,
    @Inject(EVENT_STORE) store: EventStore,
    commands: CommandBus,
    projections: ProjectionManager,
    private readonly rules: RedirectRules,
    counters: RedirectCounters,
  ) {
    super(redirectRuleResource({ rules, counters }), { people, db, store, commands, projections });
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
