import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import { actorFor, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { AppError, BadRequestError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';
import { readHistory } from '#libs/platform/src/http/history.js';
import { checkId, expectedVersionOf, sendList } from '#libs/platform/src/http/records.js';
import { websiteOrganisation } from '#libs/organisations/src/projections/queries.js';
import { canReachWebsite } from '#libs/platform/src/http/tenancy.js';
import type { ListQuery } from '#libs/platform/src/list-query.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { EVENT_STORE, SQL, PEOPLE } from '#libs/platform/src/tokens.js';
import { missing, parseInput } from '#libs/platform/src/validation.js';
import {
  DECISIONS,
  MODERATOR_STATUSES,
  MODERATOR_STATUS_LABELS,
  QUESTION_FIELD_LABELS,
  QUESTION_STATUSES,
  STATUS_LABELS,
  questionDecider,
  type ModeratorStatus,
  type Person,
  type QuestionAction,
  type QuestionState,
  type QuestionStatus,
} from '../domain/question.decider.js';
import { communityCounts, listQuestions, visibleQuestion } from '../projections/queries.js';
import { communityScope, ensureCommunity, filterOf } from './community-access.js';
import { QUESTION_BULK_ACTIONS, bulkSchema, declineSchema, questionCreateSchema, questionUpdateSchema } from './community.schemas.js';

/** The spec's page sizes: community questions 10, the moderators' queue 50. */
export const QUESTIONS_PAGE_SIZE = 10;
export const MODERATOR_PAGE_SIZE = 50;

export type QuestionRecord = Record<string, unknown> & {
  id: string;
  organisationId: string;
  websiteId: string;
  status: QuestionStatus;
  moderatorStatus: ModeratorStatus | null;
  createdBy: Person;
  version: number;
};

/** The decider's view of a read-model record: what the guards read (who created it). */
function stateOf(record: QuestionRecord): QuestionState {
  return {
    status: record.status,
    moderatorStatus: record.moderatorStatus,
    organisationId: record.organisationId,
    websiteId: record.websiteId,
    createdBy: record.createdBy?.id ?? null,
    fields: null,
  };
}

/** Community questions of the viewer's organisations: the forum tabs, moderation, history. */
@Controller('questions')
export class QuestionsController {
  constructor(
    @Inject(PEOPLE) private readonly people: PeopleDirectory,
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /** The forum statuses and the moderator statuses with their labels, for the console. */
  @Get('options')
  options() {
    return {
      statuses: QUESTION_STATUSES.map((id) => ({ id, name: STATUS_LABELS[id] })),
      moderatorStatuses: MODERATOR_STATUSES.map((id) => ({ id, name: MODERATOR_STATUS_LABELS[id] })),
    };
  }

  /**
   * The simple-rest list, and the spec's `page`/`limit`/`sort`/`sortDirection`/`search`/`from`/`to`.
   * `view` (query or filter) is a console tab; the moderators' queue pages by 50, the rest by 10.
   */
  @Get()
  async list(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery & { view?: unknown }, @Res({ passthrough: true }) response: Response) {
    const { view, ...listQuery } = query;
    const filter = filterOf(listQuery.filter);
    // The spec's style names the tab in the query; react-admin's in the filter.
    if (filter && view !== undefined && view !== '' && filter.view === undefined) {
      filter.view = view;
      listQuery.filter = JSON.stringify(filter);
    }
    const queue = filter?.view === 'moderator' || filter?.status === 'pending_review' || filter?.moderatorStatus === 'pending_review';
    const scope = await communityScope(this.db, viewer, filter ?? {});
    const result = await listQuestions<QuestionRecord>(this.db, listQuery, scope, queue ? MODERATOR_PAGE_SIZE : QUESTIONS_PAGE_SIZE);
    return sendList(response, { ...result, rows: result.rows.map((r) => this.present(r, viewer)) });
  }

  /** The console's tab counts: `{ new, draft, published, moderator, deleted, publishedAnswers }`. */
  @Get('counts')
  async counts(@CurrentViewer() viewer: Viewer, @Query('websiteId') websiteId: unknown) {
    if (websiteId !== undefined && websiteId !== '' && typeof websiteId !== 'string') throw new BadRequestError('websiteId must be an id');
    const site = typeof websiteId === 'string' && websiteId !== '' ? checkId(websiteId) : null;
    const scope = await communityScope(this.db, viewer, { websiteId: site ?? undefined });
    return communityCounts(this.db, scope, site);
  }

  /** One workflow action on many questions: one result per id, never all-or-nothing. */
  @Post('bulk-actions')
  @HttpCode(200)
  async bulk(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const input = parseInput(bulkSchema(QUESTION_BULK_ACTIONS), body);
    const results: Array<{ id: string; ok: boolean; error?: string }> = [];
    for (const id of [...new Set(input.ids)]) {
      try {
        const current = await this.load(viewer, id);
        const expectedVersion = input.expectedVersions?.[id];
        await this.change(viewer, current, input.action as QuestionAction, { expectedVersion, reason: input.reason }, requestId);
        results.push({ id, ok: true });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        results.push({ id, ok: false, error: error.message });
      }
    }
    return { results };
  }

  /** Every event of the question, with who did it and when. */
  @Get(':id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    const current = await this.load(viewer, id);
    await ensureCommunity(this.db, current.organisationId);
    return readHistory(this.store, this.people, `question-${id}`);
  }

  @Get(':id')
  async get(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    const current = await this.load(viewer, id);
    await ensureCommunity(this.db, current.organisationId);
    return this.present(current, viewer);
  }

  /** A moderator's question starts as a draft, a creator's waits for the moderators. */
  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const { websiteId, ...fields } = parseInput(questionCreateSchema, body);
    // The website is the organisations context's (its read side, never its table); one the viewer does not reach answers as missing.
    const organisationId = await websiteOrganisation(this.db, checkId(websiteId));
    if (!organisationId || !canReachWebsite(viewer, organisationId, websiteId)) throw new NotFoundError('Website not found');
    await ensureCommunity(this.db, organisationId);
    const id = randomUUID();
    const result: DecideResult = await this.commands.execute(
      new DecideCommand(
        'question',
        id,
        { type: 'Create', data: { ...fields, organisationId, websiteId }, actor: actorFor(viewer, organisationId) },
        { correlationId: requestId, organisationId },
      ),
    );
    await this.projections.waitForResult(result);
    return this.present(await this.load(viewer, id), viewer);
  }

  /** react-admin's update: the whole record comes back; `version` is the expected version. */
  @Put(':id')
  async update(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    return this.change(viewer, current, 'Update', body, requestId);
  }

  /** Deleting is the Delete action (the record stays, `deleted`, and can be restored); answers the record. */
  @Delete(':id')
  async remove(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    return this.change(viewer, current, 'Delete', body ?? {}, requestId);
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

  private async change(viewer: Viewer, current: QuestionRecord, action: string, body: unknown, requestId: string) {
    const organisationId = current.organisationId;
    await ensureCommunity(this.db, organisationId);
    const actor = actorFor(viewer, organisationId);
    const expectedVersion = expectedVersionOf(body);
    // Approve and Decline decide on what the moderator saw: without it, two could both decide.
    // (An action the table refuses anyway gets the table's 403/422 from the decider instead.)
    const decision = (DECISIONS as readonly string[]).includes(action);
    if (decision && expectedVersion === undefined && questionDecider.allowedActions(current.status, actor, stateOf(current)).includes(action as QuestionAction)) {
      throw ValidationError.field('expectedVersion', missing(QUESTION_FIELD_LABELS.expectedVersion));
    }
    const data = action === 'Update' ? parseInput(questionUpdateSchema, body) : action === 'Decline' ? parseInput(declineSchema, body) : {};
    const result: DecideResult = await this.commands.execute(
      new DecideCommand('question', current.id, { type: action, data, actor }, { expectedVersion, correlationId: requestId, organisationId }),
    );
    await this.projections.waitForResult(result);
    return this.present(await this.load(viewer, current.id), viewer);
  }

  private load(viewer: Viewer, id: string): Promise<QuestionRecord> {
    return visibleQuestion<QuestionRecord>(this.db, viewer, id);
  }

  private present(record: QuestionRecord, viewer: Viewer) {
    return {
      ...record,
      statusLabel: STATUS_LABELS[record.status] ?? record.status,
      allowedActions: questionDecider.allowedActions(record.status, actorFor(viewer, record.organisationId), stateOf(record)),
    };
  }
}
