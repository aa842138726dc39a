import { randomBytes, randomUUID } from 'node:crypto';
import { ensureProduct, mayCreateOrganisation } from '#libs/platform/src/auth/policy.js';
import { actorFor, canSeeOrganisation } from '#libs/platform/src/auth/viewer.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { hasInstallationSignal } from '#libs/platform/src/contributed-facts.js';
import { NEW } from '#libs/platform/src/decider.js';
import { ForbiddenError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';
import { fetchPublicPage } from '#libs/platform/src/http/public-page.js';
import { loadVisible, tenantScope, websiteScope } from '#libs/platform/src/http/tenancy.js';
import { runList } from '#libs/platform/src/list-query.js';
import { aside, defineResource, type ResourceEnv, type ResourceRecord } from '#libs/platform/src/resources/resource.js';
import { missing, parseInput, z } from '#libs/platform/src/validation.js';
import { BUSINESS_QUESTIONS, hasTrackingScript, type BusinessProfile } from '../domain/onboarding.js';
import { ORGANISATION_FIELD_LABELS, organisationDecider } from '../domain/organisation.decider.js';
import { PLAN_NAMES, PLANS, PRODUCT_NAMES, PRODUCTS, productsOf, type Product } from '../domain/plans.js';
import {
  DomainTakenError,
  WEBSITE_STATUS_LABELS,
  websiteDecider,
  type InstallationCheck,
  type WebsiteStatus,
} from '../domain/website.decider.js';
import {
  CURRENCIES,
  DEFAULT_ANALYTICS,
  REGULATED_INDUSTRIES,
  REVIEW_TYPES,
  WEBSITE_CATEGORIES,
  WEBSITE_FIELD_LABELS,
  WEBSITE_INDUSTRIES,
  WEBSITE_TYPES,
  domainOf,
  isSecretHint,
  secretHint,
  type SiteBuilderIntegration,
  type WebsiteAnalytics,
  type WebsiteSettings,
} from '../domain/website-fields.js';
import { organisationProducts, siteBuilderToken, storeSiteBuilderToken } from '../projections/queries.js';
import {
  organisationCreateSchema,
  organisationUpdateSchema,
  websiteCreateSchema,
  websiteUpdateSchema,
} from './organisation.schemas.js';

/*
 * Organisations and websites on the platform's resource framework (libs/platform/src/resources).
 */

// ---------------------------------------------------------------- organisations

/** The onboarding's answers: each one of its question's buckets. */
const businessProfileSchema = z.object(
  Object.fromEntries(
    BUSINESS_QUESTIONS.map((q) => [
      q.field,
      z.enum(q.options, {
        error: (i) => (i.input === undefined ? missing(q.name) : `${q.name} must be one of ${q.options.join(', ')}`),
      }),
    ]),
  ),
);

const changePlanSchema = z.object({
  plan: z.enum(PLAN_NAMES as [string, ...string[]], {
    error: `${ORGANISATION_FIELD_LABELS.plan} must be one of ${PLAN_NAMES.join(', ')}`,
  }),
});

const ORGANISATIONS_LIST = {
  resource: 'organisations',
  table: 'rm_organisations',
  fields: {
    id: 'id',
    name: 'name',
    country: 'country',
    timezone: 'timezone',
    createdAt: 'created_at',
    createdBy: 'created_by',
  },
  search: ['name'],
  dateField: 'createdAt',
  defaultSort: ['name', 'ASC'] as ['name', 'ASC'],
};

type OrganisationRecord = ResourceRecord;

/** An organisation is always active; its record answers the viewer's role in it. */
async function loadOrganisation(env: ResourceEnv, id: string): Promise<OrganisationRecord> {
  const record = await loadVisible<Record<string, unknown>>(
    env.db,
    env.viewer,
    { table: 'rm_organisations', label: 'Organisation', organisationOf: (r) => r.id as string },
    id,
  );
  return { ...record, id: record.id as string, organisationId: record.id as string, status: 'active' };
}

export const ORGANISATIONS = defineResource<OrganisationRecord>({
  resource: 'organisations',
  stream: 'organisation',
  label: 'Organisation',
  decider: organisationDecider,
  /** The choices of the organisation forms: plans, the products with their names, and the onboarding's business questions. */
  options: () => ({
    plans: PLAN_NAMES.map((id) => ({ id, name: PLANS[id].name, products: productsOf(id) })),
    products: PRODUCTS.map((id) => ({ id, name: PRODUCT_NAMES[id] })),
    businessQuestions: BUSINESS_QUESTIONS,
  }),
  async list(env, query) {
    const result = await runList<Record<string, unknown>>(
      env.db,
      ORGANISATIONS_LIST,
      query,
      tenantScope(env.viewer, 'id'),
    );
    return {
      ...result,
      rows: result.rows.map((r) => ({ ...r, id: r.id as string, organisationId: r.id as string, status: 'active' })),
    };
  },
  load: loadOrganisation,
  stateOf: () => undefined,
  hiddenKeys: ['organisationId'],
  decorate: async (_records, env) => (record) => ({ role: env.viewer.memberships.get(record.id) ?? null }),
  async create(body, env) {
    // An owner logged in as a member acts inside one organisation only: no new organisations in the member's name.
    if (!mayCreateOrganisation(env.viewer))
      throw new ForbiddenError('Return to your own account to create an organisation');
    const data = parseInput(organisationCreateSchema, body);
    const id = randomUUID();
    // The founding process records the creator as the owner; the answer waits for it.
    const founder = { userId: env.viewer.userId, email: env.viewer.email, name: env.viewer.name };
    return { id, organisationId: id, data: { ...data, founder } };
  },
  async afterCreate(id, _creation, _result, env) {
    env.viewer.memberships.set(id, 'owner');
  },
  update: 'Update',
  // Membership changes (AddMember, RemoveMember) follow the member aggregate: no request names them.
  actions: {
    Update: { input: (body) => parseInput(organisationUpdateSchema, body) },
    ChangePlan: { input: (body) => parseInput(changePlanSchema, body) },
    SetBusinessProfile: { input: (body) => parseInput(businessProfileSchema, body) as BusinessProfile },
  },
});

// ---------------------------------------------------------------- websites

/** Website features that belong to a product of the plan. */
const PRODUCT_OF_TOGGLE: Record<'videoCms' | 'croProxy', Product> = { videoCms: 'video', croProxy: 'cro' };

type SiteBuilderInput = Omit<SiteBuilderIntegration, 'tokenHint'> & { token: string; tokenHint?: string };

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

export type WebsiteRecord = ResourceRecord & {
  status: 'active' | 'inactive';
  url: string;
  domain: string;
  key: string;
};

/**
 * The site-builder settings as events carry them (a token hint, never the token) and the token
 * to store: `undefined` keeps the stored one, `null` removes it. A token sent back as its hint
 * (react-admin returns the whole record) keeps the stored token.
 */
async function siteBuilderOf(
  env: ResourceEnv,
  websiteId: string | null,
  input: SiteBuilderInput | null | undefined,
): Promise<{ value: SiteBuilderIntegration | null | undefined; token: string | null | undefined }> {
  if (input === undefined) return { value: undefined, token: undefined };
  if (input === null) return { value: null, token: null };
  const { token, tokenHint: _hint, ...rest } = input;
  if (isSecretHint(token)) {
    const stored = websiteId ? await siteBuilderToken(env.db, websiteId) : undefined;
    if (!stored) throw ValidationError.field('siteBuilder.token', missing(WEBSITE_FIELD_LABELS.token));
    return { value: { ...rest, tokenHint: secretHint(stored) }, token: undefined };
  }
  return { value: { ...rest, tokenHint: secretHint(token) }, token };
}

async function storeToken(env: ResourceEnv, websiteId: string, token: unknown) {
  if (token === undefined) return;
  await storeSiteBuilderToken(env.db, websiteId, token as string | null);
}

/** Switching on a product's feature needs the product in the organisation's plan (403 "Upgrade to access"). */
async function ensureProductsFor(
  env: ResourceEnv,
  organisationId: string,
  toggles: { videoCms?: boolean; croProxy?: boolean },
) {
  if (!toggles.videoCms && !toggles.croProxy) return;
  const products = await organisationProducts(env.db, organisationId);
  if (toggles.videoCms) ensureProduct(products, PRODUCT_OF_TOGGLE.videoCms);
  if (toggles.croProxy) ensureProduct(products, PRODUCT_OF_TOGGLE.croProxy);
}

/** Fetches the website's home page and looks for its tracking script (with its key). */
async function checkInstallation(
  env: ResourceEnv,
  config: AppConfig,
  website: WebsiteRecord,
): Promise<InstallationCheck> {
  // The tracker is really installed once the site has sent events (the CRO context's read side,
  // contributed to the platform's registry); otherwise the page's HTML must hold the snippet.
  if (await hasInstallationSignal(env.db, website.id)) return { url: website.url, found: true };
  const page = await fetchPublicPage(website.url, { allowPrivateHosts: config.fetchPrivateHosts });
  if (!page.ok) return { url: page.url, found: false, problem: page.problem };
  const found = hasTrackingScript(page.html ?? '', website.key);
  return {
    url: page.url,
    found,
    problem: found ? undefined : `The page ${page.url} does not include the tracking script with this website's key`,
  };
}

export function loadWebsite(env: ResourceEnv, id: string): Promise<WebsiteRecord> {
  return loadVisible<WebsiteRecord>(
    env.db,
    env.viewer,
    { table: 'rm_websites', label: 'Website', organisationOf: (r) => r.organisationId, websiteOf: (r) => r.id },
    id,
  );
}

/** A website whose new domain another website holds is sent back to its address by the website-domains process: the change is refused. */
async function ensureDomainKept(env: ResourceEnv, id: string, domain: unknown) {
  if (typeof domain !== 'string') return;
  const changed = await loadWebsite(env, id);
  if (changed.domain !== domain) throw new DomainTakenError();
}

/** A website's installation as its record keeps it (`WebsiteInstallationVerified`). */
const installationOf = (record: Record<string, unknown>) =>
  (record.installation ?? { verified: false, verifiedAt: null, url: null }) as {
    verified: boolean;
    verifiedAt: string | null;
    url: string | null;
  };

/** The websites of organisations: settings, the tracking installation, activation. */
export function websitesResource(config: AppConfig) {
  return defineResource<WebsiteRecord>({
    resource: 'websites',
    stream: 'website',
    label: 'Website',
    decider: websiteDecider,
    /** The choices of the website form, and the statuses with their labels (the list's filter). */
    options: () => ({
      categories: WEBSITE_CATEGORIES,
      types: WEBSITE_TYPES,
      industries: WEBSITE_INDUSTRIES,
      currencies: CURRENCIES,
      reviewTypes: REVIEW_TYPES,
      statuses: (Object.keys(WEBSITE_STATUS_LABELS) as WebsiteStatus[]).map((id) => ({
        id,
        name: WEBSITE_STATUS_LABELS[id],
      })),
    }),
    list: (env, query) =>
      runList<WebsiteRecord>(env.db, WEBSITES_LIST, query, websiteScope(env.viewer, 'organisation_id', 'id')),
    load: loadWebsite,
    stateOf: () => undefined,
    // The site-builder token is never answered: `token` holds its hint, which a save sends back to keep it.
    decorate: async (records, env) => {
      // A website whose tracker has sent events is installed, whether or not someone pressed Verify.
      const signalled = new Set<string>();
      await Promise.all(
        records
          .filter((r) => !installationOf(r).verified)
          .map(async (r) => {
            if (await hasInstallationSignal(env.db, r.id)) signalled.add(r.id);
          }),
      );
      return (record) => {
        const builder = record.siteBuilder as SiteBuilderIntegration | null | undefined;
        return {
          ...(signalled.has(record.id)
            ? { installation: { ...installationOf(record), verified: true, byEvents: true } }
            : {}),
          // Websites created before the analytics settings existed have the defaults.
          analytics: { ...DEFAULT_ANALYTICS, ...(record.analytics as Partial<WebsiteAnalytics> | undefined) },
          ...(builder ? { siteBuilder: { ...builder, token: builder.tokenHint } } : {}),
        };
      };
    },
    async create(body, env) {
      const input = parseInput(websiteCreateSchema, body);
      const viewer = env.viewer;
      const organisationId =
        input.organisationId ?? (viewer.memberships.size === 1 ? [...viewer.memberships.keys()][0] : undefined);
      if (!organisationId) throw ValidationError.field('organisationId', missing(WEBSITE_FIELD_LABELS.organisationId));
      if (!canSeeOrganisation(viewer, organisationId)) throw new NotFoundError('Organisation not found');
      if (!websiteDecider.allowedActions(NEW, actorFor(viewer, organisationId)).includes('Create')) {
        throw new ForbiddenError('Only owners and admins of the organisation may add websites');
      }
      await ensureProductsFor(env, organisationId, input);
      const { organisationId: _ignored, domain, locales, regulated, siteBuilder: builderInput, ...rest } = input;
      const builder = await siteBuilderOf(env, null, builderInput as SiteBuilderInput | null | undefined);
      const settings: WebsiteSettings = {
        ...rest,
        siteBuilder: builder.value ?? null,
        domain: websiteDomain(input.url, domain),
        locales: locales ?? [{ locale: input.defaultLocale, urlPrefix: '' }],
        regulated: regulated ?? (input.industry ? REGULATED_INDUSTRIES.includes(input.industry) : false),
      };
      const key = `pk_${randomBytes(12).toString('hex')}`;
      return { organisationId, data: { ...settings, organisationId, key }, aside: { token: builder.token } };
    },
    // The website-domains process claims the domain; a domain another website holds refuses it (the record is not there).
    async afterCreate(id, creation, _result, env) {
      await loadWebsite(env, id).catch((error: unknown) => {
        throw error instanceof NotFoundError ? new DomainTakenError() : error;
      });
      await storeToken(env, id, creation.aside?.token);
    },
    update: 'Update',
    actions: {
      Update: {
        async input(body, current, env) {
          const actor = actorFor(env.viewer, current.organisationId);
          const { siteBuilder: builderInput, ...parsed } = parseInput(
            websiteUpdateSchema,
            body,
          ) as Partial<WebsiteSettings> & { siteBuilder?: SiteBuilderInput | null };
          const data: Partial<WebsiteSettings> = parsed;
          let token: string | null | undefined;
          if (builderInput !== undefined) {
            const builder = await siteBuilderOf(env, current.id, builderInput);
            data.siteBuilder = builder.value;
            token = builder.token;
          }
          data.domain = websiteDomain(data.url ?? current.url, data.domain);
          if (!websiteDecider.allowedActions(current.status, actor).includes('Update'))
            throw new ForbiddenError(`Your role may not Update this website`);
          await ensureProductsFor(env, current.organisationId, {
            videoCms: data.videoCms && !current.videoCms,
            croProxy: data.croProxy && !current.croProxy,
          });
          return aside(data, { token, newDomain: data.domain !== current.domain ? data.domain : null });
        },
        async after(current, _data, _result, env, kept) {
          await storeToken(env, current.id, kept.token);
          await ensureDomainKept(env, current.id, kept.newDomain);
        },
      },
      Deactivate: {},
      Activate: {},
      VerifyInstallation: {
        async input(_body, current, env) {
          if (
            !websiteDecider
              .allowedActions(current.status, actorFor(env.viewer, current.organisationId))
              .includes('VerifyInstallation')
          ) {
            throw new ForbiddenError('Only owners and admins of the organisation may verify the installation');
          }
          return checkInstallation(env, config, current);
        },
      },
    },
  });
}
