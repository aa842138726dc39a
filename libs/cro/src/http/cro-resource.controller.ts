import { randomUUID } from 'node:crypto';
import { Body, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { EventStore, SqlDriver, SqlExecutor } from '#libs/eventstore/src/index.js';
import { ensureOrganisationProduct, organisationsWithProduct, websiteFacts } from '#libs/organisations/src/projections/queries.js';
import { UPGRADE_TO_ACCESS } from '#libs/platform/src/auth/policy.js';
import { filterOf, productScope } from '#libs/organisations/src/projections/product-scope.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import { actorFor, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import type { Actor } from '#libs/platform/src/decider.js';
import { AppError, BadRequestError, ForbiddenError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';
import { bulkSchema } from '#libs/platform/src/http/bulk.js';
import { parseInput } from '#libs/platform/src/validation.js';
import { deleteIntegrationSecret, newWebhookSecret, saveIntegrationSecrets } from '../integrations/secrets.js';
import { integrationSchema, integrationSecretsOf } from '../domain/cro-fields.js';
import { rolesFor } from '#libs/platform/src/auth/policy.js';
import { CRO_INSIGHT_READERS, CRO_READERS, NO_CRO_INSIGHTS, hasAnyRole } from '../domain/roles.js';
import { readHistory } from '#libs/platform/src/http/history.js';
import { checkId, expectedVersionOf, sendList } from '#libs/platform/src/http/records.js';
import { canReachWebsite, loadVisible } from '#libs/platform/src/http/tenancy.js';
import { runList, type ListDefinition, type ListQuery } from '#libs/platform/src/list-query.js';
import type { PeopleDirectory } from '#libs/platform/src/people.js';
import type { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { quotaReached, ruleBytesReached, type CroKind } from '../domain/kinds.js';
import { croStateOf } from '../projections/cro-records.projection.js';
import { PAGE_RULES_NO_EFFECT, rulesCanMatch, type PageRulesInput } from '../domain/page-rules.js';
import { ctasPromotingProduct, idsOnWebsite, recordsOnWebsite, templateById, urlListRuleBytes, urlListRules } from '../projections/queries.js';
import { STARTER_TEMPLATES } from '../domain/templates.js';

/** The product of the plan the CRO area belongs to (billing): without it, 403 "Upgrade to access". */
export const CRO_PRODUCT = 'cro';

/** Keys of an answered record that a `PUT` of react-admin sends back and that no one edits. */
const READ_ONLY = new Set([
  'id', 'organisationId', 'websiteId', 'status', 'version', 'expectedVersion', 'createdAt', 'updatedAt', 'createdBy', 'allowedActions', 'statusLabel',
  'duplicatedFrom', 'integrations', 'notificationRecipients', 'generation', 'lastGeneration', 'warnings', 'winner', 'deployedVariant', 'deletedFrom', 'stateKeys',
]);

export type CroRecord = Record<string, unknown> & { id: string; organisationId: string; websiteId: string; status: string; version: number };

export interface CroDependencies {
  people: PeopleDirectory;
  db: SqlDriver;
  store: EventStore;
  commands: CommandBus;
  projections: ProjectionManager;
  /** Whether visitors' countries can be checked (a readable GeoIP database): experiments' `context.geoIp`. */
  geoIp?: { available(): Promise<boolean> };
}

/**
 * The simple-rest routes of one CRO resource (DESIGN.md "CRO resources: the request shapes"):
 * list, one record, its history, create, update (`PUT`), delete, and the actions of its machine
 * (`POST /{id}/actions/{action}` with `expectedVersion`). Every record belongs to one website and
 * so to its organisation, which needs the `cro` product; the decider decides, with the facts of
 * the website it reads here (status, publish content, domain). Each resource's controller extends
 * this class with its route (`@Controller('ctas')`...).
 */
export abstract class CroResourceController {
  protected readonly list: ListDefinition;

  constructor(
    protected readonly kind: CroKind,
    protected readonly deps: CroDependencies,
  ) {
    this.list = {
      resource: kind.resource,
      table: kind.table,
      fields: {
        id: 'id', websiteId: 'website_id', organisationId: 'organisation_id', status: 'status', name: 'name', type: 'type', createdAt: 'created_at', updatedAt: 'updated_at',
        // The kind's own (a key of our code, never of a request: no user text reaches the SQL).
        ...Object.fromEntries(Object.entries(kind.listFields ?? {}).map(([field, key]) => [field, `(record->>'${key.replace(/[^a-zA-Z]/g, '')}')`])),
      },
      search: ['name'],
      dateField: 'updatedAt',
      defaultSort: ['updatedAt', 'DESC'],
    };
  }

  /** The statuses (with their labels) and the actions of the resource's machine. */
  @Get('options')
  options() {
    return {
      statuses: this.kind.statuses.map((id) => ({ id, name: this.kind.statusLabels[id] ?? id })),
      actions: this.kind.actions,
    };
  }

  @Get()
  async index(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery, @Res({ passthrough: true }) response: Response) {
    const scope = await productScope(this.deps.db, viewer, CRO_PRODUCT, filterOf(query.filter) ?? {});
    const result = await runList<CroRecord>(this.deps.db, this.list, query, readersOnly(viewer, scope));
    const websites = new Map<string, Record<string, unknown>>();
    for (const websiteId of new Set(result.rows.map((r) => r.websiteId))) websites.set(websiteId, await this.guardContext(websiteId));
    return sendList(response, { ...result, rows: result.rows.map((r) => this.present(r, viewer, websites.get(r.websiteId)!)) });
  }

  /** One status change on many records: one result per id, the spec's message for each failure. */
  @Post('bulk-actions')
  @HttpCode(200)
  async bulk(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const bulk = this.kind.bulk;
    if (!bulk) throw new NotFoundError(`${this.kind.label}s have no bulk actions`);
    const input = parseInput(bulkSchema(Object.keys(bulk)), body);
    const step = bulk[input.action]!;
    // Generating themes in bulk takes the template for all: `{ action: "Generate", ids, templateId }`.
    const templateId = step.action === 'Generate' ? objectOf(body).templateId : undefined;
    if (step.action === 'Generate' && (typeof templateId !== 'string' || templateId === '')) {
      throw ValidationError.field('templateId', 'Please choose a template.');
    }
    const results: Array<{ id: string; ok: boolean; status?: string; error?: string; reason?: string }> = [];
    for (const id of [...new Set(input.ids)]) {
      try {
        const current = await this.load(viewer, id);
        const context = await this.context(current, step.action);
        let data: Record<string, unknown> = {};
        if (step.action === 'Generate') {
          await this.checkTemplate(current.organisationId, templateId);
          data = { templateId, ...this.inputOf('Generate', {}) };
        }
        const command = { type: step.action, actor: actorFor(viewer, current.organisationId), data, context };
        await this.run(id, command, current.organisationId, input.expectedVersions?.[id], requestId);
        results.push({ id, ok: true, status: step.status });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        results.push({ id, ok: false, error: `failed to change status to ${step.status}. Please try again later.`, reason: error.message });
      }
    }
    return { results };
  }

  @Get(':id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    const record = await this.load(viewer, id);
    // Every change and who made it: not for a CRO viewer, so not for demo mode (roles.ts CRO_INSIGHT_READERS).
    if (!hasAnyRole(rolesFor(viewer, record.organisationId), CRO_INSIGHT_READERS)) throw new ForbiddenError(NO_CRO_INSIGHTS);
    return readHistory(this.deps.store, this.deps.people, `${this.kind.stream}-${id}`);
  }

  @Get(':id')
  async one(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.presentOne(await this.load(viewer, id), viewer);
  }

  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const input = objectOf(body);
    const websiteId = input.websiteId;
    if (typeof websiteId !== 'string' || websiteId.trim() === '') throw ValidationError.field('websiteId', 'Website is missing!');
    checkId(websiteId);
    const website = await websiteFacts(this.deps.db, websiteId);
    if (!website || !canReachWebsite(viewer, website.organisationId, websiteId)) throw ValidationError.field('websiteId', 'Website not found');
    await ensureOrganisationProduct(this.deps.db, website.organisationId, CRO_PRODUCT);
    const actor = actorFor(viewer, website.organisationId);
    await this.checkReferences(websiteId, input);
    await this.checkQuota(websiteId, null, input);
    const id = randomUUID();
    const { duplicatedFrom: _ignored, ...data } = input;
    await this.run(id, { type: 'Create', actor, data: { ...data, organisationId: website.organisationId }, context: { website } }, website.organisationId, undefined, requestId);
    return this.presentOne(await this.load(viewer, id), viewer);
  }

  @Put(':id')
  async update(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    const input = objectOf(body);
    const changes = Object.fromEntries(Object.entries(input).filter(([key]) => !READ_ONLY.has(key)));
    await this.checkReferences(current.websiteId, changes);
    await this.checkRuleBytes(current.websiteId, id, changes);
    const actor = actorFor(viewer, current.organisationId);
    const context = await this.context(current, this.kind.update);
    await this.run(id, { type: this.kind.update, actor, data: changes, context }, current.organisationId, expectedVersionOf(body), requestId);
    return this.presentOne(await this.load(viewer, id), viewer);
  }

  @Post(':id/actions/:action')
  @HttpCode(200)
  async action(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Param('action') action: string, @Body() body: unknown, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    // Every action a record offers goes through this route: the kind's update and remove too (as PUT and DELETE do).
    if (action === this.kind.update) return this.update(viewer, id, body, requestId);
    if (action === this.kind.remove) return this.remove(viewer, id, body, requestId);
    if (!this.kind.actions.includes(action)) throw new BadRequestError(`Unknown action: use one of ${[...this.kind.actions, this.kind.update, this.kind.remove].join(', ')}`);
    const input = body === undefined || body === null ? {} : objectOf(body);
    const { expectedVersion: _version, ...data } = input;
    // An action that carries fields (a CTA's SaveDraft) refers only to records of the same website, as create and update do.
    await this.checkReferences(current.websiteId, data);
    // A copy is a new record of the website: the kind's quota counts it.
    if (action === 'Duplicate') await this.checkQuota(current.websiteId, null, {});
    const actor = actorFor(viewer, current.organisationId);
    const context = await this.context(current, action);
    if (this.kind.stream === 'campaign' && action === 'Generate') await this.checkTemplate(current.organisationId, data.templateId);
    const extra = this.inputOf(action, data);
    const result = await this.run(id, { type: action, actor, data: { ...data, ...extra }, context }, current.organisationId, expectedVersionOf(body), requestId);
    // A record purged for good (a CTA's DeletePermanently) is gone from the read models: answered as it was, now purged (not a 404).
    if (this.kind.purged && (result.state as { status?: unknown }).status === this.kind.purged) {
      const { stateKeys: _keys, ...gone } = current;
      return { ...gone, status: this.kind.purged, statusLabel: this.kind.statusLabels[this.kind.purged] ?? this.kind.purged, allowedActions: [] as string[] };
    }
    const record = await this.presentOne(await this.load(viewer, id), viewer);
    if (action === 'Duplicate') {
      // The copy is made by the duplicates process: answered once it is readable.
      await this.deps.projections.waitFor(result.position);
      return { ...record, copyId: extra.copyId };
    }
    if (action === 'ExportAsTemplate') return { ...record, templateId: extra.templateId };
    if (action === 'ConnectIntegration') {
      // The connection's secrets (URLs, the webhook's signing secret, Zoho's token): kept out of the
      // event log (which recorded hints), write-only; the webhook's signing secret is shown this once.
      const input = parseInput(integrationSchema, { ...data, ...extra });
      await saveIntegrationSecrets(this.deps.db, id, input.kind, integrationSecretsOf(input));
      if (input.kind === 'webhook') return { ...record, secret: input.settings.secret };
    }
    if (action === 'DisconnectIntegration' && typeof data.kind === 'string') await deleteIntegrationSecret(this.deps.db, id, data.kind);
    return record;
  }

  @Delete(':id')
  async remove(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    const actor = actorFor(viewer, current.organisationId);
    const context = await this.context(current, this.kind.remove);
    await this.run(id, { type: this.kind.remove, actor, data: {}, context }, current.organisationId, expectedVersionOf(body), requestId);
    return this.presentOne(await this.load(viewer, id), viewer);
  }

  /** What an action's data needs beside the request: ids and secrets made here, never by the client. */
  protected inputOf(action: string, data: Record<string, unknown>): Record<string, unknown> {
    if (action === 'Duplicate') return { copyId: randomUUID() };
    if (action === 'ExportAsTemplate') return { templateId: randomUUID() };
    if (action === 'Generate') return { jobId: randomUUID() };
    if (action === 'ConnectIntegration' && data.kind === 'webhook') {
      const settings = data.settings && typeof data.settings === 'object' && !Array.isArray(data.settings) ? (data.settings as Record<string, unknown>) : {};
      return { settings: { ...settings, secret: newWebhookSecret() } };
    }
    return {};
  }

  /**
   * Facts from outside the aggregate that the decision reads: the website, and per action what
   * else it needs. An experiment's every command gets `geoIp` (true when `GEOIP_DATABASE` names a
   * readable database): `Publish`, and an `Update` of a running test, accept a `countries` traffic
   * rule only then, since only then can the placements serve it by country.
   */
  protected async context(record: CroRecord, action: string): Promise<Record<string, unknown>> {
    const website = (await websiteFacts(this.deps.db, record.websiteId)) ?? undefined;
    const context: Record<string, unknown> = { website };
    if (this.kind.stream === 'experiment') context.geoIp = (await this.deps.geoIp?.available()) === true;
    if (this.kind.stream === 'product' && action === 'Delete') context.usedByCtas = await ctasPromotingProduct(this.deps.db, record.websiteId, record.id);
    if (this.kind.stream === 'campaign' && action === 'Publish') {
      const lists = await urlListRules(this.deps.db, record.websiteId);
      context.warnings = rulesCanMatch(record.pageRules as PageRulesInput | undefined, lists) ? [] : [PAGE_RULES_NO_EFFECT];
    }
    return context;
  }

  /** The template a generation builds from: a starter, or the organisation's own. */
  protected async checkTemplate(organisationId: string, templateId: unknown): Promise<void> {
    if (typeof templateId !== 'string' || templateId === '') throw ValidationError.field('templateId', 'Please choose a template.');
    if (STARTER_TEMPLATES.some((t) => t.id === templateId)) return;
    checkId(templateId);
    if (!(await templateById(this.deps.db, templateId, organisationId))) throw ValidationError.field('templateId', 'Template not found');
  }

  /** Ids a record refers to (products, CTAs, URL lists, goals) must be records of its own website. */
  protected async checkReferences(websiteId: string, input: Record<string, unknown>): Promise<void> {
    const db = this.deps.db;
    const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
    if (this.kind.stream === 'cta' && Array.isArray(input.productIds)) {
      const ids = strings(input.productIds);
      const found = await idsOnWebsite(db, 'rm_products', websiteId, ids);
      if (ids.some((p) => !found.has(p))) throw ValidationError.field('productIds', 'Product not found on this website');
    }
    if (this.kind.stream === 'campaign') {
      const containers = Array.isArray(input.containers) ? (input.containers as unknown[]) : [];
      const ctaIds = containers.map((c) => (c && typeof c === 'object' ? (c as { ctaId?: unknown }).ctaId : undefined)).filter((v): v is string => typeof v === 'string');
      const ctas = await idsOnWebsite(db, 'rm_ctas', websiteId, ctaIds);
      if (ctaIds.some((c) => !ctas.has(c))) throw ValidationError.field('containers', 'Error. Select CTA.');
      const rules = input.pageRules && typeof input.pageRules === 'object' ? (input.pageRules as { rules?: unknown }).rules : undefined;
      const listIds = (Array.isArray(rules) ? rules : []).map((r) => (r && typeof r === 'object' ? (r as { listId?: unknown }).listId : undefined)).filter((v): v is string => typeof v === 'string');
      const lists = await idsOnWebsite(db, 'rm_url_lists', websiteId, listIds);
      if (listIds.some((l) => !lists.has(l))) throw ValidationError.field('pageRules', 'Please select a URL list.');
    }
    if (this.kind.stream === 'experiment' && typeof input.goalId === 'string') {
      const goals = await idsOnWebsite(db, 'rm_goals', websiteId, [input.goalId]);
      if (!goals.has(input.goalId)) throw ValidationError.field('goalId', 'Goal not found on this website');
    }
  }

  /**
   * The kind's quota (kinds.ts `quota`): 422 "This website has reached its limit of 50 goals."
   * when the website already holds that many records of the kind (deleted ones aside), and for
   * URL lists the bytes of all the website's rules.
   */
  protected async checkQuota(websiteId: string, exceptId: string | null, input: Record<string, unknown>): Promise<void> {
    const quota = this.kind.quota;
    if ((await recordsOnWebsite(this.deps.db, this.kind.table, websiteId)) >= quota.records) throw new ValidationError(quotaReached(quota));
    await this.checkRuleBytes(websiteId, exceptId, input);
  }

  /** URL lists: the website's lists, with `input.rules` in place of list `exceptId`'s, hold at most `quota.ruleBytes` of rule values (422 under `rules`). */
  protected async checkRuleBytes(websiteId: string, exceptId: string | null, input: Record<string, unknown>): Promise<void> {
    const max = this.kind.quota.ruleBytes;
    if (max === undefined || !Array.isArray(input.rules)) return;
    let bytes = 0;
    for (const rule of input.rules as unknown[]) {
      const value = rule && typeof rule === 'object' ? (rule as { value?: unknown }).value : undefined;
      if (typeof value === 'string') bytes += Buffer.byteLength(value, 'utf8');
    }
    if (bytes + (await urlListRuleBytes(this.deps.db, websiteId, exceptId)) > max) throw ValidationError.field('rules', ruleBytesReached(this.kind.quota));
  }

  protected async run(
    id: string,
    command: { type: string; actor: Actor; data: unknown; context: unknown },
    organisationId: string,
    expectedVersion: number | undefined,
    requestId: string,
  ): Promise<DecideResult> {
    const result: DecideResult = await this.deps.commands.execute(new DecideCommand(this.kind.stream, id, command, { expectedVersion, correlationId: requestId, organisationId }));
    await this.deps.projections.waitForResult(result);
    await this.afterDecision(command, organisationId, result, requestId);
    return result;
  }

  /** What a kind does after one of its commands was recorded (a CTA: the confirmation mails of its notification's recipients). */
  protected async afterDecision(_command: { type: string; actor: Actor }, _organisationId: string, _result: DecideResult, _requestId: string): Promise<void> {}

  /** A record the viewer may see: of their organisation, on a website they reach, with the CRO product (403 "Upgrade to access" without). */
  protected async load(viewer: Viewer, id: string): Promise<CroRecord> {
    const record = await loadVisible<CroRecord>(this.deps.db, viewer, { table: this.kind.table, label: this.kind.label, organisationOf: (r) => r.organisationId, websiteOf: (r) => r.websiteId }, id);
    await ensureOrganisationProduct(this.deps.db, record.organisationId, CRO_PRODUCT);
    if (!hasAnyRole(rolesFor(viewer, record.organisationId), CRO_READERS)) throw new ForbiddenError(NO_CRO_ACCESS);
    return record;
  }

  /**
   * The facts from outside the record that a transition's guard reads (the website's status and
   * publish content: a CTA's Publish), so that `allowedActions` evaluates the guards the action
   * route evaluates. Facts only a handler reads (a CTA's completeness, a product's use by CTAs)
   * are not guards: such an action is offered and refused with its message (DESIGN.md).
   */
  protected async guardContext(websiteId: string): Promise<Record<string, unknown>> {
    return { website: (await websiteFacts(this.deps.db, websiteId)) ?? undefined };
  }

  protected async presentOne(record: CroRecord, viewer: Viewer) {
    return this.present(record, viewer, await this.guardContext(record.websiteId));
  }

  protected present(record: CroRecord, viewer: Viewer, context: Record<string, unknown>) {
    const actor = actorFor(viewer, record.organisationId);
    const state = croStateOf(record);
    const allowed = (this.kind.decider.allowedActions(record.status, actor, state, context) as string[]).filter((a) => a !== 'Create');
    const { stateKeys: _keys, ...answered } = record;
    return { ...answered, statusLabel: this.kind.statusLabels[record.status] ?? record.status, allowedActions: allowed };
  }
}

/** The refusal of a member whose CRO role is `none`. */
export const NO_CRO_ACCESS = 'Your CRO role gives you no access to conversion optimisation';

/**
 * The organisations whose CRO records the viewer may read: in their plan the `cro` product
 * (403 "Upgrade to access" when none has it), and a CRO role that reads (403 otherwise).
 */
export async function croReadableOrganisations(db: SqlExecutor, viewer: Viewer): Promise<string[]> {
  const withProduct = await organisationsWithProduct(db, CRO_PRODUCT, [...viewer.memberships.keys()]);
  if (withProduct.length === 0) throw new ForbiddenError(UPGRADE_TO_ACCESS);
  const readable = withProduct.filter((organisationId) => hasAnyRole(rolesFor(viewer, organisationId), CRO_READERS));
  if (readable.length === 0) throw new ForbiddenError(NO_CRO_ACCESS);
  return readable;
}

/** A list's scope narrowed to the organisations where the viewer's CRO role may read (all for platform admins). */
export function readersOnly(viewer: Viewer, scope: { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  if (viewer.platformAdmin) return scope;
  const readable = [...viewer.memberships.keys()].filter((organisationId) => hasAnyRole(rolesFor(viewer, organisationId), CRO_READERS));
  if (readable.length === 0) throw new ForbiddenError(NO_CRO_ACCESS);
  return { sql: `${scope.sql} AND organisation_id = ANY($${scope.params.length + 1}::text[])`, params: [...scope.params, readable] };
}

function objectOf(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The request body must be a JSON object');
  return body as Record<string, unknown>;
}
