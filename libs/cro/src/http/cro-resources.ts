import { randomUUID } from 'node:crypto';
import { rolesFor } from '#libs/platform/src/auth/policy.js';
import { ensureOrganisationProduct, websiteFacts } from '#libs/organisations/src/projections/queries.js';
import { filterOf, productScope } from '#libs/organisations/src/projections/product-scope.js';
import { BadRequestError, ForbiddenError, ValidationError } from '#libs/platform/src/errors.js';
import { checkId } from '#libs/platform/src/http/records.js';
import { canReachWebsite, loadVisible } from '#libs/platform/src/http/tenancy.js';
import { runList, type ListDefinition } from '#libs/platform/src/list-query.js';
import type { ResourceAction, ResourceBulk, ResourceEnv, ResourceKind } from '#libs/platform/src/resources/resource.js';
import { CRO_PRODUCT, NO_CRO_ACCESS, readersOnly } from '../access.js';
import { integrationSchema, integrationSecretsOf } from '../domain/cro-fields.js';
import { CRO_ACTION_LABELS, quotaReached, ruleBytesReached, type CroKind } from '../domain/kinds.js';
import { PAGE_RULES_NO_EFFECT, ctaNotLive, rulesCanMatch, type PageRulesInput } from '../domain/page-rules.js';
import { CRO_INSIGHT_READERS, CRO_READERS, NO_CRO_INSIGHTS, hasAnyRole } from '../domain/roles.js';
import { STARTER_TEMPLATES } from '../domain/templates.js';
import { deleteIntegrationSecret, newWebhookSecret, saveIntegrationSecrets } from '../integrations/secrets.js';
import { croStateOf } from '../projections/cro-records.projection.js';
import {
  ctasNotLive,
  ctasPromotingProduct,
  idsOnWebsite,
  liveCampaignsPlacing,
  recordsOnWebsite,
  templateById,
  urlListRuleBytes,
  urlListRules,
} from '../projections/queries.js';
import { parseInput } from '#libs/platform/src/validation.js';

/**
 * The CRO resources on the platform's resource framework (DESIGN.md "CRO resources: the request
 * shapes"): every kind of `CRO_KINDS` gets the same routes, and what one kind does besides (the
 * records its fields refer to, the facts an action reads, ids made here) is declared per kind
 * below, in `KIND_RULES`.
 */

export type CroRecord = Record<string, unknown> & {
  id: string;
  organisationId: string;
  websiteId: string;
  status: string;
  version: number;
};

/** Keys of an answered record that a `PUT` of react-admin sends back and that no one edits. */
const READ_ONLY = new Set([
  'id',
  'organisationId',
  'websiteId',
  'status',
  'version',
  'expectedVersion',
  'createdAt',
  'updatedAt',
  'createdBy',
  'allowedActions',
  'statusLabel',
  'duplicatedFrom',
  'integrations',
  'notificationRecipients',
  'generation',
  'lastGeneration',
  'warnings',
  'winner',
  'deployedVariant',
  'deletedFrom',
  'stateKeys',
]);

/** The services a kind's declarations use beside the platform's ports. */
export interface CroServices {
  /** Whether visitors' countries can be checked (a readable GeoIP database): experiments' `context.geoIp`. */
  geoIp?: { available(): Promise<boolean> };
}

/** What one kind declares besides the common CRO rules. */
interface KindRules {
  /** Ids the record's fields refer to must be records of its own website (422 under the field). */
  references?(env: ResourceEnv, websiteId: string, input: Record<string, unknown>): Promise<void>;
  /** Facts every command of the kind reads besides the website. */
  commandFacts?(services: CroServices): Promise<Record<string, unknown>>;
  /** Per action: what it declares besides the common input (its own input, facts, answer, what happens after). */
  actions?: Record<string, CroAction>;
  /** Bulk requests' extra fields (a generation's template). */
  bulkFields?(body: Record<string, unknown>, action: string): Record<string, unknown>;
  /** Fields added to answered records, read once for a page (the framework's `decorate`). */
  decorate?: ResourceKind<CroRecord>['decorate'];
}

/** The CTAs a campaign's containers place. */
const placedCtas = (record: Record<string, unknown>) =>
  (Array.isArray(record.containers) ? (record.containers as unknown[]) : [])
    .map((c) => (c && typeof c === 'object' ? (c as { ctaId?: unknown }).ctaId : undefined))
    .filter((v): v is string => typeof v === 'string');

/** An action's declaration; `newRecord`: it makes a new record of the website (a copy), which the kind's quota counts. */
type CroAction = Partial<ResourceAction<CroRecord>> & { newRecord?: boolean };

/** An action's button (CRO_ACTION_LABELS; its name when it has none). */
const actionLabel = (action: string) =>
  Object.hasOwn(CRO_ACTION_LABELS, action) ? CRO_ACTION_LABELS[action]! : action;

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** A copy is made by the duplicates process: answered with its id once it is readable. */
const DUPLICATE: CroAction = {
  newRecord: true,
  input: () => ({ copyId: randomUUID() }),
  answer: async (_record, data, result, env) => {
    await env.projections.waitFor(result.position);
    return { copyId: (data as { copyId: string }).copyId };
  },
};

const KIND_RULES: Record<string, KindRules> = {
  ctas: {
    /**
     * `liveCampaigns` on one live CTA's answer: the live campaigns that place it, by name (taking the
     * CTA off, its SaveDraft, empties their containers: the console names them before it asks).
     */
    async decorate(records, env, _facts, one) {
      const record = records[0];
      if (!one || !record || record.status !== 'active') return () => ({});
      const campaigns = await liveCampaignsPlacing(env.db, record.websiteId, record.id);
      return () => ({ liveCampaigns: campaigns });
    },
    async references(env, websiteId, input) {
      if (!Array.isArray(input.productIds)) return;
      const ids = strings(input.productIds);
      const found = await idsOnWebsite(env.db, 'rm_products', websiteId, ids);
      if (ids.some((p) => !found.has(p)))
        throw ValidationError.field('productIds', 'Product not found on this website');
    },
    actions: {
      Duplicate: DUPLICATE,
      ExportAsTemplate: {
        input: () => ({ templateId: randomUUID() }),
        answer: (_r, data) => ({ templateId: (data as { templateId: string }).templateId }),
      },
      ConnectIntegration: {
        // The webhook's signing secret is made here, never by the client.
        input: (body) => {
          if (body.kind !== 'webhook') return {};
          const settings =
            body.settings && typeof body.settings === 'object' && !Array.isArray(body.settings)
              ? (body.settings as Record<string, unknown>)
              : {};
          return { settings: { ...settings, secret: newWebhookSecret() } };
        },
        // The connection's secrets (URLs, the webhook's signing secret, Zoho's token): kept out of the
        // event log (which records hints), write-only; the webhook's signing secret is shown this once.
        after: async (record, data, _result, env) => {
          const input = parseInput(integrationSchema, data);
          await saveIntegrationSecrets(env.db, record.id, input.kind, integrationSecretsOf(input));
        },
        answer: (_r, data) => {
          const input = parseInput(integrationSchema, data);
          return input.kind === 'webhook' ? { secret: input.settings.secret } : {};
        },
      },
      DisconnectIntegration: {
        after: async (record, data, _result, env) => {
          const kind = (data as { kind?: unknown }).kind;
          if (typeof kind === 'string') await deleteIntegrationSecret(env.db, record.id, kind);
        },
      },
    },
  },
  campaigns: {
    async references(env, websiteId, input) {
      const containers = Array.isArray(input.containers) ? (input.containers as unknown[]) : [];
      const ctaIds = containers
        .map((c) => (c && typeof c === 'object' ? (c as { ctaId?: unknown }).ctaId : undefined))
        .filter((v): v is string => typeof v === 'string');
      const ctas = await idsOnWebsite(env.db, 'rm_ctas', websiteId, ctaIds);
      if (ctaIds.some((c) => !ctas.has(c))) throw ValidationError.field('containers', 'Error. Select CTA.');
      const rules =
        input.pageRules && typeof input.pageRules === 'object'
          ? (input.pageRules as { rules?: unknown }).rules
          : undefined;
      const listIds = (Array.isArray(rules) ? rules : [])
        .map((r) => (r && typeof r === 'object' ? (r as { listId?: unknown }).listId : undefined))
        .filter((v): v is string => typeof v === 'string');
      const lists = await idsOnWebsite(env.db, 'rm_url_lists', websiteId, listIds);
      if (listIds.some((l) => !lists.has(l))) throw ValidationError.field('pageRules', 'Please select a URL list.');
    },
    actions: {
      Duplicate: DUPLICATE,
      // A theme generation builds from a starter template or the organisation's own; its job id is made here.
      Generate: {
        input: async (body, record, env) => {
          await checkTemplate(env, record.organisationId, body.templateId);
          return { jobId: randomUUID() };
        },
      },
      // Publishing warns when the page rules can match no page (the URL lists as they are now),
      // recorded on the event. A placed CTA that is not live is a warning of the record as it is
      // now (`placementWarnings`, below), not of the moment of publishing: it ends when the CTA goes live.
      Publish: {
        context: async (record, env) => {
          const lists = await urlListRules(env.db, record.websiteId);
          return {
            warnings: rulesCanMatch(record.pageRules as PageRulesInput | undefined, lists)
              ? []
              : [PAGE_RULES_NO_EFFECT],
          };
        },
      },
    },
    /**
     * `placementWarnings`: the placed CTAs that are not live now (one taken off after the campaign
     * went live too), read for the whole page at once; the console shows them on the campaign and in its list.
     */
    async decorate(records, env) {
      const notLive = await ctasNotLive(
        env.db,
        records.map((r) => r.websiteId),
        records.flatMap((r) => placedCtas(r)),
      );
      return (record) => ({
        placementWarnings: [...new Set(placedCtas(record))].flatMap((id) =>
          notLive.has(id) ? [ctaNotLive(notLive.get(id)!)] : [],
        ),
      });
    },
    // Generating themes in bulk takes the template for all: `{ action: "Generate", ids, templateId }`.
    bulkFields(body, action) {
      if (action !== 'Generate') return {};
      if (typeof body.templateId !== 'string' || body.templateId === '')
        throw ValidationError.field('templateId', 'Please choose a template.');
      return { templateId: body.templateId };
    },
  },
  experiments: {
    async references(env, websiteId, input) {
      if (typeof input.goalId !== 'string') return;
      const goals = await idsOnWebsite(env.db, 'rm_goals', websiteId, [input.goalId]);
      if (!goals.has(input.goalId)) throw ValidationError.field('goalId', 'Goal not found on this website');
    },
    // `Publish`, and an `Update` of a running test, accept a `countries` traffic rule only when
    // visitors' countries can be checked (GEOIP_DATABASE names a readable database).
    commandFacts: async (services) => ({ geoIp: (await services.geoIp?.available()) === true }),
  },
  products: {
    actions: {
      // A product a CTA promotes is not deleted (the decider refuses, naming the CTAs).
      Delete: {
        context: async (record, env) => ({
          usedByCtas: await ctasPromotingProduct(env.db, record.websiteId, record.id),
        }),
      },
    },
  },
};

/** The template a generation builds from: a starter, or the organisation's own. */
async function checkTemplate(env: ResourceEnv, organisationId: string, templateId: unknown): Promise<void> {
  if (typeof templateId !== 'string' || templateId === '')
    throw ValidationError.field('templateId', 'Please choose a template.');
  if (STARTER_TEMPLATES.some((t) => t.id === templateId)) return;
  checkId(templateId);
  if (!(await templateById(env.db, templateId, organisationId)))
    throw ValidationError.field('templateId', 'Template not found');
}

/** A record the viewer may see: of their organisation, on a website they reach, with the CRO product (403 "Upgrade to access" without), and a CRO role that reads. */
export async function loadCroRecord(env: ResourceEnv, kind: CroKind, id: string): Promise<CroRecord> {
  const record = await loadVisible<CroRecord>(
    env.db,
    env.viewer,
    { table: kind.table, label: kind.label, organisationOf: (r) => r.organisationId, websiteOf: (r) => r.websiteId },
    id,
  );
  await ensureOrganisationProduct(env.db, record.organisationId, CRO_PRODUCT);
  if (!hasAnyRole(rolesFor(env.viewer, record.organisationId), CRO_READERS)) throw new ForbiddenError(NO_CRO_ACCESS);
  return record;
}

function listOf(kind: CroKind): ListDefinition {
  return {
    resource: kind.resource,
    table: kind.table,
    fields: {
      id: 'id',
      websiteId: 'website_id',
      organisationId: 'organisation_id',
      status: 'status',
      name: 'name',
      type: 'type',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
      // The kind's own (a key of our code, never of a request: no user text reaches the SQL).
      ...Object.fromEntries(
        Object.entries(kind.listFields ?? {}).map(([field, key]) => [
          field,
          `(record->>'${key.replace(/[^a-zA-Z]/g, '')}')`,
        ]),
      ),
    },
    search: kind.listSearch ? kind.listSearch.map((key) => `(record->>'${key.replace(/[^a-zA-Z]/g, '')}')`) : ['name'],
    dateField: 'updatedAt',
    defaultSort: ['updatedAt', 'DESC'],
    ...(kind.pageSize ? { defaultPageSize: kind.pageSize } : {}),
  };
}

/**
 * One CRO kind as a resource: every record belongs to one website and so to its organisation,
 * which needs the `cro` product; the decider decides, with the facts of the website (status,
 * publish content, domain).
 */
export function croResource(
  kind: CroKind,
  services: CroServices = {},
  extend: Partial<ResourceKind<CroRecord>> = {},
): ResourceKind<CroRecord> {
  const rules: KindRules = Object.hasOwn(KIND_RULES, kind.resource) ? KIND_RULES[kind.resource]! : {};
  const list = listOf(kind);
  const references = (env: ResourceEnv, websiteId: string, input: Record<string, unknown>) =>
    rules.references?.(env, websiteId, input) ?? Promise.resolve();
  const commandFacts = async () => (rules.commandFacts ? rules.commandFacts(services) : {});

  /** The kind's quota (kinds.ts `quota`): 422 "This website has reached its limit of 50 goals." */
  const checkQuota = async (env: ResourceEnv, websiteId: string, input: Record<string, unknown>) => {
    if ((await recordsOnWebsite(env.db, kind.table, websiteId)) >= kind.quota.records)
      throw new ValidationError(quotaReached(kind.quota));
    await checkRuleBytes(env, websiteId, null, input);
  };
  /** URL lists: the website's lists, with `input.rules` in place of list `exceptId`'s, hold at most `quota.ruleBytes` of rule values (422 under `rules`). */
  const checkRuleBytes = async (
    env: ResourceEnv,
    websiteId: string,
    exceptId: string | null,
    input: Record<string, unknown>,
  ) => {
    const max = kind.quota.ruleBytes;
    if (max === undefined || !Array.isArray(input.rules)) return;
    let bytes = 0;
    for (const rule of input.rules as unknown[]) {
      const value = rule && typeof rule === 'object' ? (rule as { value?: unknown }).value : undefined;
      if (typeof value === 'string') bytes += Buffer.byteLength(value, 'utf8');
    }
    if (bytes + (await urlListRuleBytes(env.db, websiteId, exceptId)) > max)
      throw ValidationError.field('rules', ruleBytesReached(kind.quota));
  };

  /** An action's data: the body's fields (they refer only to records of the same website, as create and update do), then what the kind makes. */
  const action = (name: string): ResourceAction<CroRecord> => {
    const { newRecord, ...own }: CroAction =
      rules.actions && Object.hasOwn(rules.actions, name) ? rules.actions[name]! : {};
    return {
      ...own,
      input: async (body, record, env) => {
        const { expectedVersion: _version, ...data } = body;
        await references(env, record.websiteId, data);
        // A copy is a new record of the website: the kind's quota counts it.
        if (newRecord) await checkQuota(env, record.websiteId, {});
        return { ...data, ...(own.input ? ((await own.input(body, record, env)) as Record<string, unknown>) : {}) };
      },
      context: async (record, env, data) => ({
        ...(await commandFacts()),
        ...(own.context ? await own.context(record, env, data) : {}),
      }),
    };
  };

  const actions: Record<string, ResourceAction<CroRecord>> = Object.fromEntries(
    kind.actions.map((name) => [name, action(name)]),
  );
  actions[kind.update] = {
    input: async (body, record, env) => {
      const changes = Object.fromEntries(Object.entries(body).filter(([key]) => !READ_ONLY.has(key)));
      await references(env, record.websiteId, changes);
      await checkRuleBytes(env, record.websiteId, record.id, changes);
      return changes;
    },
    context: commandFacts,
  };
  actions[kind.remove] = { ...action(kind.remove), input: () => ({}) };

  const bulk: ResourceBulk | undefined = kind.bulk && {
    actions: kind.bulk,
    fields: (body) => (rules.bulkFields ? rules.bulkFields(body, String(body.action)) : {}),
    failure: (error, step) => ({
      error: `failed to change status to ${step.status}. Please try again later.`,
      reason: error.message,
    }),
  };

  return {
    resource: kind.resource,
    stream: kind.stream,
    label: kind.label,
    decider: kind.decider,
    statusLabels: kind.statusLabels,
    /**
     * The console's words for the kind: the statuses, the actions its buttons take (in their order),
     * the values of its fields' choices and the bulk actions of its list (`action`: the machine's action `allowedActions` names), with their labels.
     */
    options: () => ({
      statuses: kind.statuses.map((id) => ({ id, name: kind.statusLabels[id] ?? id })),
      actions: kind.actions.map((id) => ({ id, name: actionLabel(id) })),
      bulk: Object.entries(kind.bulk ?? {}).map(([id, { action }]) => ({ id, action, name: actionLabel(action) })),
      values: kind.values ?? {},
    }),
    async list(env, query) {
      const scope = await productScope(env.db, env.viewer, CRO_PRODUCT, filterOf(query.filter) ?? {});
      return runList<CroRecord>(env.db, list, query, readersOnly(env.viewer, scope));
    },
    load: (env, id) => loadCroRecord(env, kind, id),
    stateOf: croStateOf,
    // The facts a transition's guard reads (the website's status and publish content: a CTA's
    // Publish). Facts only a handler reads (a CTA's completeness, a product's use by CTAs) are not
    // guards: such an action is offered and refused with its message (DESIGN.md).
    facts: {
      key: (record) => record.websiteId,
      read: async (record, env) => ({ website: (await websiteFacts(env.db, record.websiteId)) ?? undefined }),
    },
    hiddenKeys: ['stateKeys'],
    // Every change and who made it: not for a CRO viewer, so not for demo mode (roles.ts CRO_INSIGHT_READERS).
    historyAccess(record, env) {
      if (!hasAnyRole(rolesFor(env.viewer, record.organisationId), CRO_INSIGHT_READERS))
        throw new ForbiddenError(NO_CRO_INSIGHTS);
    },
    async create(body, env) {
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw new BadRequestError('The request body must be a JSON object');
      const input = body as Record<string, unknown>;
      const websiteId = input.websiteId;
      if (typeof websiteId !== 'string' || websiteId.trim() === '')
        throw ValidationError.field('websiteId', 'Website is missing!');
      checkId(websiteId);
      const website = await websiteFacts(env.db, websiteId);
      if (!website || !canReachWebsite(env.viewer, website.organisationId, websiteId))
        throw ValidationError.field('websiteId', 'Website not found');
      await ensureOrganisationProduct(env.db, website.organisationId, CRO_PRODUCT);
      await references(env, websiteId, input);
      await checkQuota(env, websiteId, input);
      const { duplicatedFrom: _ignored, ...data } = input;
      return {
        organisationId: website.organisationId,
        data: { ...data, organisationId: website.organisationId },
        context: { website },
      };
    },
    update: kind.update,
    remove: kind.remove,
    actions,
    bulk,
    ...(rules.decorate ? { decorate: rules.decorate } : {}),
    ...extend,
  };
}
