import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import { actorFor, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { NEW } from '#libs/platform/src/decider.js';
import { BadRequestError, ForbiddenError, ValidationError } from '#libs/platform/src/errors.js';
import { readHistory } from '#libs/platform/src/http/history.js';
import { checkId, expectedVersionOf, sendList } from '#libs/platform/src/http/records.js';
import { websiteOrganisation } from '#libs/organisations/src/projections/queries.js';
import { canReachWebsite } from '#libs/platform/src/http/tenancy.js';
import type { ListQuery } from '#libs/platform/src/list-query.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { EVENT_STORE, SQL, PEOPLE } from '#libs/platform/src/tokens.js';
import { missing, notText, parseInput, tooLong, z } from '#libs/platform/src/validation.js';
import { REDIRECT_FIELD_LABELS as L, REDIRECT_TYPES, REDIRECT_TYPE_LABELS, redirectPathProblem, redirectRuleDecider } from '../domain/redirect-rule.decider.js';
import { listRedirectRules, visibleRedirectRule } from '../projections/queries.js';
import { RedirectCounters, type RedirectCount } from '../projections/redirect-counters.js';
import { RedirectRules } from './redirect-rules.service.js';

/** A rule's path: exactly one leading `/`, no backslash, no control character; `allowUrl`: or an absolute http(s) URL. */
const path = (field: 'fromPath' | 'toPath', allowUrl: boolean) =>
  z
    .string({ error: (i) => (i.input === undefined ? missing(L[field]) : notText(L[field])) })
    .trim()
    .min(1, missing(L[field]))
    .max(2000, tooLong(2000))
    .superRefine((v, ctx) => {
      const problem = redirectPathProblem(L[field], v, allowUrl);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const fields = {
  fromPath: path('fromPath', false),
  toPath: path('toPath', true),
  type: z.union(REDIRECT_TYPES.map((t) => z.literal(t)) as never, { error: `${L.type} must be one of ${REDIRECT_TYPES.join(', ')}` }) as z.ZodType<(typeof REDIRECT_TYPES)[number]>,
  locale: z.string({ error: notText(L.locale) }).max(20).nullable(),
};
const createSchema = z.object({
  websiteId: z.string({ error: (i) => (i.input === undefined ? missing(L.websiteId) : notText(L.websiteId)) }).max(100),
  fromPath: fields.fromPath,
  toPath: fields.toPath,
  type: fields.type.optional(),
  locale: fields.locale.optional(),
});
const updateSchema = z.object({ fromPath: fields.fromPath.optional(), toPath: fields.toPath.optional(), type: fields.type.optional(), locale: fields.locale.optional() });

type RuleRecord = Record<string, unknown> & { id: string; organisationId: string; websiteId: string; status: 'active' };

/** Redirect rules of a website: made by hand here, or automatically when a published slug changes. */
@Controller('redirect-rules')
export class RedirectRulesController {
  constructor(
    @Inject(PEOPLE) private readonly people: PeopleDirectory,
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
    private readonly rules: RedirectRules,
    private readonly counters: RedirectCounters,
  ) {}

  /** The redirect types with their labels, for the console's choices. */
  @Get('options')
  options() {
    return { types: REDIRECT_TYPES.map((id) => ({ id, name: REDIRECT_TYPE_LABELS[id] })) };
  }

  @Get()
  async list(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery, @Res({ passthrough: true }) response: Response) {
    const result = await listRedirectRules<RuleRecord>(this.db, viewer, query);
    const counts = await this.counters.of(result.rows.map((r) => r.id));
    return sendList(response, { ...result, rows: result.rows.map((r) => this.present(r, viewer, counts)) });
  }

  @Get(':id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    await this.load(viewer, id);
    return readHistory(this.store, this.people, `redirectrule-${id}`);
  }

  @Get(':id')
  async get(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.presentOne(viewer, id);
  }

  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const input = parseInput(createSchema, body);
    checkId(input.websiteId);
    const organisationId = await websiteOrganisation(this.db, input.websiteId);
    if (!organisationId || !canReachWebsite(viewer, organisationId, input.websiteId)) throw ValidationError.field('websiteId', 'Website not found');
    const actor = actorFor(viewer, organisationId);
    if (!redirectRuleDecider.allowedActions(NEW, actor).includes('Create')) throw new ForbiddenError('Your role may not create redirect rules');
    if (input.fromPath === input.toPath) throw ValidationError.field('toPath', 'A redirect cannot lead to itself');
    const id = await this.rules.create(
      { organisationId, websiteId: input.websiteId, fromPath: input.fromPath, toPath: input.toPath, type: input.type ?? 301, locale: input.locale ?? null, objectId: null, automatic: false },
      actor,
      requestId,
    );
    return this.presentOne(viewer, id);
  }

  @Put(':id')
  async update(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    const picked = body && typeof body === 'object' ? Object.fromEntries(Object.entries(body).filter(([k]) => Object.hasOwn(updateSchema.shape, k))) : body;
    const data = parseInput(updateSchema, picked);
    if (data.fromPath !== undefined && data.fromPath !== current.fromPath) await this.rules.ensureFree(current.websiteId, data.fromPath, current.id);
    if ((data.toPath ?? current.toPath) === (data.fromPath ?? current.fromPath)) throw ValidationError.field('toPath', 'A redirect cannot lead to itself');
    return this.decide(viewer, current, 'Update', data, expectedVersionOf(body), requestId);
  }

  @Delete(':id')
  async remove(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    await this.decide(viewer, current, 'Delete', {}, undefined, requestId, false);
    return { ...current, status: 'deleted', allowedActions: [] };
  }

  /** Every action a rule offers (`allowedActions`: Update, Delete) also goes through the actions route, as PUT and DELETE do. */
  @Post(':id/actions/:action')
  @HttpCode(200)
  async action(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Param('action') action: string, @Body() body: unknown, @RequestId() requestId: string) {
    await this.load(viewer, id);
    if (action === 'Update') return this.update(viewer, id, body ?? {}, requestId);
    if (action === 'Delete') return this.remove(viewer, id, requestId);
    throw new BadRequestError('Unknown action: use Update or Delete');
  }

  private async decide(viewer: Viewer, current: RuleRecord, type: string, data: unknown, expectedVersion: number | undefined, requestId: string, reload = true) {
    const result: DecideResult = await this.commands.execute(
      new DecideCommand('redirectrule', current.id, { type, actor: actorFor(viewer, current.organisationId), data }, { expectedVersion, correlationId: requestId, organisationId: current.organisationId }),
    );
    await this.projections.waitForResult(result);
    return reload ? this.presentOne(viewer, current.id) : null;
  }

  /** One rule as the API answers it, with its counters. */
  private async presentOne(viewer: Viewer, id: string) {
    return this.present(await this.load(viewer, id), viewer, await this.counters.of([id]));
  }

  private load(viewer: Viewer, id: string) {
    return visibleRedirectRule<RuleRecord>(this.db, viewer, id);
  }

  /** The rule with its counters (kept beside the read model, see redirect-counters.ts) and what the viewer may do. */
  private present(record: RuleRecord, viewer: Viewer, counts?: Map<string, RedirectCount>) {
    return {
      ...record,
      ...(counts?.get(record.id) ?? {}),
      allowedActions: redirectRuleDecider.allowedActions('active', actorFor(viewer, record.organisationId)),
    };
  }
}
