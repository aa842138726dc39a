import { mayCreateOrganisation } from '#libs/platform/src/auth/policy.js';
import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { readHistory } from '#libs/platform/src/http/history.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import { actorFor, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { loadVisible, tenantScope } from '#libs/platform/src/http/tenancy.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { expectedVersionOf, sendList } from '#libs/platform/src/http/records.js';
import { runList, type ListQuery } from '#libs/platform/src/list-query.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { EVENT_STORE, SQL, PEOPLE } from '#libs/platform/src/tokens.js';
import { missing, parseInput } from '#libs/platform/src/validation.js';
import { ForbiddenError, InvalidTransitionError } from '#libs/platform/src/errors.js';
import { BUSINESS_QUESTIONS, type BusinessProfile } from '../domain/onboarding.js';
import { ORGANISATION_FIELD_LABELS, organisationDecider } from '../domain/organisation.decider.js';
import { PLAN_NAMES, PLANS, PRODUCT_NAMES, PRODUCTS, productsOf } from '../domain/plans.js';
import { z } from '#libs/platform/src/validation.js';
import { organisationCreateSchema, organisationUpdateSchema } from './organisation.schemas.js';

/** The onboarding's answers: each one of its question's buckets. */
const businessProfileSchema = z.object(
  Object.fromEntries(
    BUSINESS_QUESTIONS.map((q) => [
      q.field,
      z.enum(q.options, { error: (i) => (i.input === undefined ? missing(q.name) : `${q.name} must be one of ${q.options.join(', ')}`) }),
    ]),
  ),
);

const changePlanSchema = z.object({
  plan: z.enum(PLAN_NAMES as [string, ...string[]], { error: `${ORGANISATION_FIELD_LABELS.plan} must be one of ${PLAN_NAMES.join(', ')}` }),
});

const LIST = {
  resource: 'organisations',
  table: 'rm_organisations',
  fields: { id: 'id', name: 'name', country: 'country', timezone: 'timezone', createdAt: 'created_at', createdBy: 'created_by' },
  search: ['name'],
  dateField: 'createdAt',
  defaultSort: ['name', 'ASC'] as ['name', 'ASC'],
};

/** The organisation actions a request may name (membership changes follow the member aggregate). */
const PUBLIC_ACTIONS = new Set(['Update', 'ChangePlan', 'SetBusinessProfile']);

@Controller('organisations')
export class OrganisationsController {
  constructor(
    @Inject(PEOPLE) private readonly people: PeopleDirectory,
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /** The choices of the organisation forms: plans, the products with their names, and the onboarding's business questions. */
  @Get('options')
  options() {
    return {
      plans: PLAN_NAMES.map((id) => ({ id, name: PLANS[id].name, products: productsOf(id) })),
      products: PRODUCTS.map((id) => ({ id, name: PRODUCT_NAMES[id] })),
      businessQuestions: BUSINESS_QUESTIONS,
    };
  }

  @Get()
  async list(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery, @Res({ passthrough: true }) response: Response) {
    const result = await runList<Record<string, unknown>>(this.db, LIST, query, tenantScope(viewer, 'id'));
    return sendList(response, { ...result, rows: result.rows.map((r) => this.present(r, viewer)) });
  }

  /** Billing: the organisation's plan, the products it includes, and the plans to choose from. */
  @Get(':id/billing')
  async billing(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    const record = await this.load(viewer, id);
    return {
      id,
      plan: record.plan,
      products: record.products,
      plans: PLAN_NAMES.map((plan) => ({ id: plan, name: PLANS[plan].name, products: productsOf(plan) })),
      allowedActions: this.present(record, viewer).allowedActions.filter((a) => a === 'ChangePlan'),
    };
  }

  /** Every event of the record, with who did it and when. */
  @Get(':id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    await this.load(viewer, id);
    return readHistory(this.store, this.people, `organisation-${id}`);
  }

  @Get(':id')
  async get(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.present(await this.load(viewer, id), viewer);
  }

  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    if (!mayCreateOrganisation(viewer)) {
      // An owner logged in as a member acts inside one organisation only: no new organisations in the member's name.
      throw new ForbiddenError('Return to your own account to create an organisation');
    }
    const data = parseInput(organisationCreateSchema, body);
    const id = randomUUID();
    // The founding process records the creator as the owner; the answer waits for it.
    const founder = { userId: viewer.userId, email: viewer.email, name: viewer.name };
    const result: DecideResult = await this.commands.execute(
      new DecideCommand('organisation', id, { type: 'Create', data: { ...data, founder }, actor: actorFor(viewer) }, { correlationId: requestId, organisationId: id }),
    );
    await this.projections.waitForResult(result);
    viewer.memberships.set(id, 'owner');
    return this.present(await this.load(viewer, id), viewer);
  }

  @Put(':id')
  async update(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @RequestId() requestId: string) {
    await this.load(viewer, id);
    const data = parseInput(organisationUpdateSchema, body);
    return this.decide(viewer, id, 'Update', data, expectedVersionOf(body), requestId);
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
    await this.load(viewer, id);
    if (!PUBLIC_ACTIONS.has(action)) throw new InvalidTransitionError(`Action ${action.slice(0, 100)} is not supported for an organisation`);
    const data =
      action === 'Update'
        ? parseInput(organisationUpdateSchema, body ?? {})
        : action === 'ChangePlan'
          ? parseInput(changePlanSchema, body ?? {})
          : action === 'SetBusinessProfile'
            ? (parseInput(businessProfileSchema, body ?? {}) as BusinessProfile)
            : {};
    return this.decide(viewer, id, action, data, expectedVersionOf(body), requestId);
  }

  private async decide(viewer: Viewer, id: string, action: string, data: unknown, expectedVersion: number | undefined, requestId: string) {
    const result: DecideResult = await this.commands.execute(
      new DecideCommand('organisation', id, { type: action, data, actor: actorFor(viewer, id) }, { expectedVersion, correlationId: requestId, organisationId: id }),
    );
    await this.projections.waitForResult(result);
    return this.present(await this.load(viewer, id), viewer);
  }

  private load(viewer: Viewer, id: string): Promise<Record<string, unknown>> {
    return loadVisible(this.db, viewer, { table: 'rm_organisations', label: 'Organisation', organisationOf: (r) => r.id as string }, id);
  }

  private present(record: Record<string, unknown>, viewer: Viewer) {
    const id = record.id as string;
    return {
      ...record,
      status: 'active',
      role: viewer.memberships.get(id) ?? null,
      allowedActions: organisationDecider.allowedActions('active', actorFor(viewer, id)),
    };
  }
}
