import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import type { Actor } from '#libs/platform/src/decider.js';
import { ConflictError } from '#libs/platform/src/errors.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { SQL } from '#libs/platform/src/tokens.js';
import type { PostState } from '../domain/post.decider.js';
import type { RedirectRuleFields } from '../domain/redirect-rule.decider.js';

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

/** Creating redirect rules, by hand or when a published post's slug changes. */
@Injectable()
export class RedirectRules {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /** 409 when another rule of the website already redirects from `fromPath`. */
  async ensureFree(websiteId: string, fromPath: string, ruleId: string | null = null): Promise<void> {
    const clash = await this.db.query<{ id: string }>('SELECT id FROM rm_redirect_rules WHERE website_id = $1 AND from_path = $2 AND id IS DISTINCT FROM $3', [
      websiteId,
      fromPath,
      ruleId,
    ]);
    if (clash.rows[0]) throw new ConflictError(`A redirect from ${fromPath} already exists`, { fromPath: `A redirect from ${fromPath} already exists` });
  }

  async create(fields: RedirectRuleFields, actor: Actor, correlationId?: string): Promise<string> {
    await this.ensureFree(fields.websiteId, fields.fromPath);
    const id = randomUUID();
    await this.run(id, 'Create', actor, fields, fields.organisationId, correlationId);
    return id;
  }

  /**
   * A published post whose slug changed gets an automatic 301 from its old path. Rules that led
   * to the old path now lead to the new one (no chains), and a rule from the new path is removed
   * (it would loop).
   */
  async afterSave(before: PostState, after: PostState, postId: string, website: WebsiteLocales, actor: Actor, correlationId: string) {
    const oldSlug = before.content.slug;
    const newSlug = after.content.slug;
    if (after.status !== 'Published' || !oldSlug || !newSlug || oldSlug === newSlug) return;
    const fromPath = postPath(website, after.locale, oldSlug);
    const toPath = postPath(website, after.locale, newSlug);
    const system = { ...actor, roles: [...actor.roles, 'system'] };
    const stale = await this.db.query<{ id: string; from_path: string; to_path: string }>(
      'SELECT id, from_path, to_path FROM rm_redirect_rules WHERE website_id = $1 AND (to_path = $2 OR from_path = $3 OR from_path = $2)',
      [website.id, fromPath, toPath],
    );
    for (const rule of stale.rows) {
      if (rule.from_path === toPath || rule.from_path === fromPath) await this.run(rule.id, 'Delete', system, { reason: `The post ${postId} moved to ${toPath}` }, website.organisationId, correlationId);
      else await this.run(rule.id, 'Update', system, { toPath }, website.organisationId, correlationId);
    }
    await this.create(
      { organisationId: website.organisationId, websiteId: website.id, fromPath, toPath, type: 301, locale: after.locale, objectId: postId, automatic: true },
      system,
      correlationId,
    );
  }

  private async run(id: string, type: string, actor: Actor, data: unknown, organisationId: string, correlationId?: string) {
    const result: DecideResult = await this.commands.execute(new DecideCommand('redirectrule', id, { type, actor, data }, { organisationId, correlationId }));
    await this.projections.waitForResult(result);
  }
}
