import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { hasInstallationSignal } from '#libs/platform/src/contributed-facts.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { readHistory } from '#libs/platform/src/http/history.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import { actorFor, canSeeOrganisation, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { loadVisible, websiteScope } from '#libs/platform/src/http/tenancy.js';
import type { Actor } from '#libs/platform/src/decider.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { NEW } from '#libs/platform/src/decider.js';
import { ForbiddenError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';
import { expectedVersionOf, sendList } from '#libs/platform/src/http/records.js';
import { runList, type ListQuery } from '#libs/platform/src/list-query.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { CONFIG, EVENT_STORE, SQL, PEOPLE } from '#libs/platform/src/tokens.js';
import { ensureProduct } from '#libs/platform/src/auth/policy.js';
import type { Product } from '../domain/plans.js';

/** Website features that belong to a product of the plan. */
const PRODUCT_OF_TOGGLE: Record<'videoCms' | 'croProxy', Product> = { videoCms: 'video', croProxy: 'cro' };
import { missing, parseInput } from '#libs/platform/src/validation.js';
import { DomainTakenError, WEBSITE_STATUS_LABELS, websiteDecider, type InstallationCheck, type WebsiteStatus } from '../domain/website.decider.js';
import { hasTrackingScript, trackingSnippet } from '../domain/onboarding.js';
import { fetchPublicPage } from '#libs/platform/src/http/public-page.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import {
  CURRENCIES,
  REGULATED_INDUSTRIES,
  REVIEW_TYPES,
  WEBSITE_CATEGORIES,
  WEBSITE_INDUSTRIES,
  WEBSITE_TYPES,
  WEBSITE_FIELD_LABELS,
  domainOf,
  isSecretHint,
  secretHint,
  type SiteBuilderIntegration,
  type WebsiteSettings,
  type WebsiteAnalytics,
  DEFAULT_ANALYTICS,
} from '../domain/website-fields.js';

type SiteBuilderInput = Omit<SiteBuilderIntegration, 'tokenHint'> & { token: string; tokenHint?: string };
import { websiteCreateSchema, websiteUpdateSchema } from './organisation.schemas.js';
import { organisationProducts, siteBuilderToken, storeSiteBuilderToken } from '../projections/queries.js';
import { publicBaseUrl } from '#libs/platform/src/http/public-url.js';

export const WEBSITES_LIST = {
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

type WebsiteRecord = Record<string, unknown> & { id: string; organisationId: string; status: 'active' | 'inactive'; url: string; domain: string; key: string };

@Controller('websites')
export class WebsitesController {
  constructor(
    @Inject(PEOPLE) private readonly people: PeopleDirectory,
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /** The choices of the website form, and the statuses with their labels (the list's filter). */
  @Get('options')
  options() {
    return {
      categories: WEBSITE_CATEGORIES,
      types: WEBSITE_TYPES,
      industries: WEBSITE_INDUSTRIES,
      currencies: CURRENCIES,
      reviewTypes: REVIEW_TYPES,
      statuses: (Object.keys(WEBSITE_STATUS_LABELS) as WebsiteStatus[]).map((id) => ({ id, name: WEBSITE_STATUS_LABELS[id] })),
    };
  }

  @Get()
  async list(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery, @Res({ passthrough: true }) response: Response) {
    const result = await runList<WebsiteRecord>(this.db, WEBSITES_LIST, query, websiteScope(viewer, 'organisation_id', 'id'));
    return sendList(response, { ...result, rows: result.rows.map((r) => this.present(r, viewer)) });
  }

  /** Every event of the record, with who did it and when. */
  @Get(':id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    await this.load(viewer, id);
    return readHistory(this.store, this.people, `website-${id}`);
  }

  /** The tracking snippet to install on the website, and whether it was found there. */
  @Get(':id/installation')
  async installation(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Req() request: Request) {
    const website = await this.load(viewer, id);
    const base = publicBaseUrl(this.config, request);
    const installation = website.installation as { verified: boolean; verifiedAt: string | null; url: string | null } | undefined;
    return {
      websiteId: id,
      url: website.url,
      key: website.key,
      snippet: trackingSnippet(base, website.key),
      verified: installation?.verified ?? false,
      verifiedAt: installation?.verifiedAt ?? null,
      checkedUrl: installation?.url ?? null,
    };
  }

  @Get(':id')
  async get(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.present(await this.load(viewer, id), viewer);
  }

  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const input = parseInput(websiteCreateSchema, body);
    const organisationId = input.organisationId ?? (viewer.memberships.size === 1 ? [...viewer.memberships.keys()][0] : undefined);
    if (!organisationId) throw ValidationError.field('organisationId', missing(WEBSITE_FIELD_LABELS.organisationId));
    if (!canSeeOrganisation(viewer, organisationId)) throw new NotFoundError('Organisation not found');
    const actor = actorFor(viewer, organisationId);
    if (!websiteDecider.allowedActions(NEW, actor).includes('Create')) {
      throw new ForbiddenError('Only owners and admins of the organisation may add websites');
    }
    await this.ensureProductsFor(organisationId, input);
    const { organisationId: _ignored, domain, locales, regulated, siteBuilder: builderInput, ...rest } = input;
    const builder = await this.siteBuilderOf(null, builderInput as SiteBuilderInput | null | undefined);
    const settings: WebsiteSettings = {
      ...rest,
      siteBuilder: builder.value ?? null,
      domain: websiteDomain(input.url, domain),
      locales: locales ?? [{ locale: input.defaultLocale, urlPrefix: '' }],
      regulated: regulated ?? (input.industry ? REGULATED_INDUSTRIES.includes(input.industry) : false),
    };
    const id = randomUUID();
    const key = `pk_${randomBytes(12).toString('hex')}`;
    const result: DecideResult = await this.commands.execute(
      new DecideCommand('website', id, { type: 'Create', data: { ...settings, organisationId, key }, actor }, { correlationId: requestId, organisationId }),
    );
    // The website-domains process claims the domain; a domain another website holds refuses it.
    await this.projections.waitForResult(result);
    const created = await this.load(viewer, id).catch((error: unknown) => {
      throw error instanceof NotFoundError ? new DomainTakenError() : error;
    });
    await this.storeToken(id, builder.token);
    return this.present(created, viewer);
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
    let token: string | null | undefined;
    if (action === 'Update') {
      const { siteBuilder: builderInput, ...parsed } = parseInput(websiteUpdateSchema, body) as Partial<WebsiteSettings> & { siteBuilder?: SiteBuilderInput | null };
      data = parsed;
      if (builderInput !== undefined) {
        const builder = await this.siteBuilderOf(current.id, builderInput);
        data.siteBuilder = builder.value;
        token = builder.token;
      }
      data.domain = websiteDomain(data.url ?? current.url, data.domain);
      if (data.domain !== current.domain) newDomain = data.domain;
      if (!websiteDecider.allowedActions(current.status, actor).includes('Update')) {
        throw new ForbiddenError(`Your role may not Update this website`);
      }
      await this.ensureProductsFor(organisationId, { videoCms: data.videoCms && !current.videoCms, croProxy: data.croProxy && !current.croProxy });
    }
    if (action === 'VerifyInstallation') {
      if (!websiteDecider.allowedActions(current.status, actor).includes('VerifyInstallation')) {
        throw new ForbiddenError('Only owners and admins of the organisation may verify the installation');
      }
      data = await this.checkInstallation(current) as never;
    }
    const result: DecideResult = await this.commands.execute(
      new DecideCommand('website', current.id, { type: action, data, actor }, { expectedVersion, correlationId: requestId, organisationId }),
    );
    await this.storeToken(current.id, token);
    // A new domain is claimed by the website-domains process: one another website holds sends the
    // address back to what it was.
    await this.projections.waitForResult(result);
    const changed = await this.load(viewer, current.id);
    if (newDomain && changed.domain !== newDomain) throw new DomainTakenError();
    return this.present(changed, viewer);
  }

  /**
   * The site-builder settings as events carry them (a token hint, never the token) and the token
   * to store: `undefined` keeps the stored one, `null` removes it. A token sent back as its hint
   * (react-admin returns the whole record) keeps the stored token.
   */
  private async siteBuilderOf(websiteId: string | null, input: SiteBuilderInput | null | undefined): Promise<{ value: SiteBuilderIntegration | null | undefined; token: string | null | undefined }> {
    if (input === undefined) return { value: undefined, token: undefined };
    if (input === null) return { value: null, token: null };
    const { token, tokenHint: _hint, ...rest } = input;
    if (isSecretHint(token)) {
      const stored = websiteId
        ? await siteBuilderToken(this.db, websiteId)
        : undefined;
      if (!stored) throw ValidationError.field('siteBuilder.token', missing(WEBSITE_FIELD_LABELS.token));
      return { value: { ...rest, tokenHint: secretHint(stored) }, token: undefined };
    }
    return { value: { ...rest, tokenHint: secretHint(token) }, token };
  }

  private async storeToken(websiteId: string, token: string | null | undefined) {
    if (token === undefined) return;
    await storeSiteBuilderToken(this.db, websiteId, token);
  }

  /** Switching on a product's feature needs the product in the organisation's plan (403 "Upgrade to access"). */
  private async ensureProductsFor(organisationId: string, toggles: { videoCms?: boolean; croProxy?: boolean }) {
    if (!toggles.videoCms && !toggles.croProxy) return;
    const products = await organisationProducts(this.db, organisationId);
    if (toggles.videoCms) ensureProduct(products, PRODUCT_OF_TOGGLE.videoCms);
    if (toggles.croProxy) ensureProduct(products, PRODUCT_OF_TOGGLE.croProxy);
  }

  /** Fetches the website's home page and looks for its tracking script (with its key). */
  private async checkInstallation(website: WebsiteRecord): Promise<InstallationCheck> {
    // The tracker is really installed once the site has sent events (the CRO context's read side,
    // contributed to the platform's registry); otherwise the page's HTML must hold the snippet.
    if (await hasInstallationSignal(this.db, website.id)) return { url: website.url, found: true };
    const page = await fetchPublicPage(website.url, { allowPrivateHosts: this.config.fetchPrivateHosts });
    if (!page.ok) return { url: page.url, found: false, problem: page.problem };
    const found = hasTrackingScript(page.html ?? '', website.key);
    return { url: page.url, found, problem: found ? undefined : `The page ${page.url} does not include the tracking script with this website's key` };
  }

  private load(viewer: Viewer, id: string): Promise<WebsiteRecord> {
    return loadVisible<WebsiteRecord>(this.db, viewer, { table: 'rm_websites', label: 'Website', organisationOf: (r) => r.organisationId, websiteOf: (r) => r.id }, id);
  }

  private present(record: WebsiteRecord, viewer: Viewer) {
    // The site-builder token is never answered: `token` holds its hint, which a save sends back to keep it.
    const builder = record.siteBuilder as SiteBuilderIntegration | null | undefined;
    return {
      ...record,
      // Websites created before the analytics settings existed have the defaults.
      analytics: { ...DEFAULT_ANALYTICS, ...(record.analytics as Partial<WebsiteAnalytics> | undefined) },
      ...(builder ? { siteBuilder: { ...builder, token: builder.tokenHint } } : {}),
      allowedActions: websiteDecider.allowedActions(record.status, actorFor(viewer, record.organisationId)),
    };
  }
}
