import type { ActionOf } from '#libs/platform/src/aggregate.js';
import { REDIRECT_RULE } from '#libs/posts/src/domain/deciders.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import type { Actor } from '#libs/platform/src/decider.js';
import { ConflictError } from '#libs/platform/src/errors.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { SQL } from '#libs/platform/src/tokens.js';
import type { RedirectRuleFields } from '../domain/redirect-rule.decider.js';
import { redirectRuleFrom } from '../projections/queries.js';

interface WebsiteLocales {
  id: string;
  organisationId: string;
  locales?: { locale: string; urlPrefix: string }[];
}

/** The path of a post on its website: the locale's URL prefix, then the slug. */
export function postPath(website: WebsiteLocales, locale: string, slug: string): string {
  const prefix = (website.locales?.find((l) => l.locale === locale)?.urlPrefix ?? '').replace(/\/+$/, '');
  return `${prefix.startsWith('/') || prefix === '' ? prefix : `/${prefix}`}/${slug}`;
}

/** Creating redirect rules by hand (a published slug change: processes/slug-redirects.process.ts). */
@Injectable()
export class RedirectRules {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /** 409 when another rule of the website already redirects from `fromPath`. */
  async ensureFree(websiteId: string, fromPath: string, ruleId: string | null = null): Promise<void> {
    if (await redirectRuleFrom(this.db, websiteId, fromPath, ruleId))
      throw new ConflictError(`A redirect from ${fromPath} already exists`, {
        fromPath: `A redirect from ${fromPath} already exists`,
      });
  }

  async create(fields: RedirectRuleFields, actor: Actor, correlationId?: string): Promise<string> {
    await this.ensureFree(fields.websiteId, fields.fromPath);
    const id = randomUUID();
    await this.run(id, 'Create', actor, fields, fields.organisationId, correlationId);
    return id;
  }

  private async run(
    id: string,
    type: ActionOf<typeof REDIRECT_RULE.decider>,
    actor: Actor,
    data: unknown,
    organisationId: string,
    correlationId?: string,
  ) {
    const result: DecideResult = await this.commands.execute(
      new DecideCommand(REDIRECT_RULE, id, { type, actor, data }, { organisationId, correlationId }),
    );
    await this.projections.waitForResult(result);
  }
}
