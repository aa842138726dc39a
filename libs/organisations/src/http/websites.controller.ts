import { randomBytes, randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { readHistory } from '#libs/platform/src/http/history.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import { actorFor, canSeeOrganisation, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { loadVisible, tenantScope } from '#libs/platform/src/http/tenancy.js';
import type { Actor } from '#libs/platform/src/decider.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { NEW } from '#libs/platform/src/decider.js';
import { ForbiddenError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';
import { expectedVersionOf, sendList } from '#libs/platform/src/http/records.js';
import { runList, type ListQuery } from '#libs/platform/src/list-query.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { EVENT_STORE, SQL } from '#libs/platform/src/tokens.js';
import { missing, parseInput } from '#libs/platform/src/validation.js';
import { websiteDecider } from '../domain/website.decider.js';
import {
  CURRENCIES,
  REGULATED_INDUSTRIES,
  REVIEW_TYPES,
  WEBSITE_CATEGORIES,
  WEBSITE_INDUSTRIES,
  WEBSITE_TYPES,
  domainOf,
  type WebsiteSettings,
} from '../domain/website-fields.js';
import { websiteCreateSchema, websiteUpdateSchema } from './organisation.schemas.js';

const LIST = {
  resource: 'websites',
  table: 'rm_websites',
  fields: {
    id: 'id',
    name: 'name',
    url: 'url',
    domain: 'domain',
    status: 'status',
    organisationId: 'organisation_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  search: ['name', 'domain', 'url'],
  dateField: 'createdAt',
  defaultSort: ['name', 'ASC'] as ['name', 'ASC'],
};

/** The message when a given domain is not the URL's. */
export const DOMAIN_MISMATCH = 'The domain must be the domain of the website URL';

/**
 * A website's domain is its URL's (lower case, without `www.`): the key that makes one
 * domain belong to one account. A domain given explicitly must agree with the URL.
 */
function websiteDomain(url: string, given: string | undefined): string {
  const derived = domainOf(url);
  if (given !== undefined && given.replace(/^www\./, '') !== derived) {
    throw ValidationError.field('domain', `${DOMAIN_MISMATCH} (${derived})`);
  }
  return derived;
}

type WebsiteRecord = Record<string, unknown> & { id: string; organisationId: string; status: 'active' | 'inactive'; url: string; domain: string };

@Controller('websites')
export class WebsitesController {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /** The choices of the website form. */
  @Get('options')
  options() {
    return {
      categories: WEBSITE_CATEGORIES,
      types: WEBSITE_TYPES,
      industries: WEBSITE_INDUSTRIES,
      currencies: CURRENCIES,
      reviewTypes: REVIEW_TYPES,
    };
  }

  @Get()
  async list(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery, @Res({ passthrough: true }) response: Response) {
    const result = await runList<WebsiteRecord>(this.db, LIST, query, tenantScope(viewer, 'organisation_id'));
    return sendList(response, { ...result, rows: result.rows.map((r) => this.present(r, viewer)) });
  }

  /** Every event of the record, with who did it and when. */
  @Get(':id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    await this.load(viewer, id);
    return readHistory(this.store, this.db, `website-${id}`);
  }

  @Get(':id')
  async get(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.present(await this.load(viewer, id), viewer);
  }

  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const input = parseInput(websiteCreateSchema, body);
    const organisationId = input.organisationId ?? (viewer.memberships.size === 1 ? [...viewer.memberships.keys()][0] : undefined);
    if (!organisationId) throw ValidationError.field('organisationId', missing('organisationId'));
    if (!canSeeOrganisation(viewer, organisationId)) throw new NotFoundError('Organisation not found');
    const actor = actorFor(viewer, organisationId);
    if (!websiteDecider.allowedActions(NEW, actor).includes('Create')) {
      throw new ForbiddenError('Only owners and admins of the organisation may add websites');
    }
    const { organisationId: _ignored, domain, locales, regulated, ...rest } = input;
    const settings: WebsiteSettings = {
      ...rest,
      domain: websiteDomain(input.url, domain),
      locales: locales ?? [{ locale: input.defaultLocale, urlPrefix: '' }],
      regulated: regulated ?? (input.industry ? REGULATED_INDUSTRIES.includes(input.industry) : false),
    };
    const id = randomUUID();
    await this.claimDomain(settings.domain, id, organisationId, actor, requestId);
    try {
      const key = `pk_${randomBytes(12).toString('hex')}`;
      const result: DecideResult = await this.commands.execute(
        new DecideCommand('website', id, { type: 'Create', data: { ...settings, organisationId, key }, actor }, { correlationId: requestId, organisationId }),
      );
      await this.projections.waitFor(result.position);
    } catch (error) {
      await this.releaseDomain(settings.domain, id, organisationId, requestId);
      throw error;
    }
    return this.present(await this.load(viewer, id), viewer);
  }

  @Put(':id')
  async update(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    return this.change(viewer, current, 'Update', body, requestId);
  }

  @Post(':id/actions/:action')
  @HttpCode(200)
  async action(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @RequestId() requestId: string,
  ) {
    const current = await this.load(viewer, id);
    return this.change(viewer, current, action, body ?? {}, requestId);
  }

  private async change(viewer: Viewer, current: WebsiteRecord, action: string, body: unknown, requestId: string) {
    const organisationId = current.organisationId;
    const actor = actorFor(viewer, organisationId);
    const expectedVersion = expectedVersionOf(body);
    let data: Partial<WebsiteSettings> = {};
    let newDomain: string | null = null;
    if (action === 'Update') {
      data = parseInput(websiteUpdateSchema, body) as Partial<WebsiteSettings>;
      data.domain = websiteDomain(data.url ?? current.url, data.domain);
      if (data.domain !== current.domain) newDomain = data.domain;
      if (!websiteDecider.allowedActions(current.status, actor).includes('Update')) {
        throw new ForbiddenError(`Your role may not Update this website`);
      }
    }
    if (newDomain) await this.claimDomain(newDomain, current.id, organisationId, actor, requestId);
    let result: DecideResult;
    try {
      result = await this.commands.execute(
        new DecideCommand('website', current.id, { type: action, data, actor }, { expectedVersion, correlationId: requestId, organisationId }),
      );
    } catch (error) {
      if (newDomain) await this.releaseDomain(newDomain, current.id, organisationId, requestId);
      throw error;
    }
    if (newDomain) await this.releaseDomain(current.domain, current.id, organisationId, requestId);
    await this.projections.waitFor(result.position);
    return this.present(await this.load(viewer, current.id), viewer);
  }

  private async claimDomain(domain: string, websiteId: string, organisationId: string, actor: Actor, requestId: string) {
    await this.commands.execute(
      new DecideCommand('websitedomain', domain, { type: 'Claim', data: { websiteId, organisationId }, actor: { ...actor, roles: [...actor.roles, 'system'] } }, { correlationId: requestId, organisationId }),
    );
  }

  private async releaseDomain(domain: string, websiteId: string, organisationId: string, requestId: string) {
    await this.commands.execute(
      new DecideCommand('websitedomain', domain, { type: 'Release', data: { websiteId }, actor: { userId: 'system', roles: ['system'] } }, { correlationId: requestId, organisationId }),
    );
  }

  private load(viewer: Viewer, id: string): Promise<WebsiteRecord> {
    return loadVisible<WebsiteRecord>(this.db, viewer, { table: 'rm_websites', label: 'Website', organisationOf: (r) => r.organisationId }, id);
  }

  private present(record: WebsiteRecord, viewer: Viewer) {
    return { ...record, allowedActions: websiteDecider.allowedActions(record.status, actorFor(viewer, record.organisationId)) };
  }
}
