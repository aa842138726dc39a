import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import { actorFor, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { AppError } from '#libs/platform/src/errors.js';
import { readHistory } from '#libs/platform/src/http/history.js';
import { expectedVersionOf, sendList } from '#libs/platform/src/http/records.js';
import type { ListQuery } from '#libs/platform/src/list-query.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { EVENT_STORE, SQL, PEOPLE } from '#libs/platform/src/tokens.js';
import { parseInput } from '#libs/platform/src/validation.js';
import { ANSWER_STATUSES, ANSWER_STATUS_LABELS, answerDecider, type AnswerContext, type AnswerState, type AnswerStatus } from '../domain/answer.decider.js';
import type { Person } from '../domain/question.decider.js';
import { listAnswers, visibleAnswer, visibleQuestion } from '../projections/queries.js';
import { communityScope, ensureCommunity, filterOf } from './community-access.js';
import { ANSWER_BULK_ACTIONS, answerCreateSchema, answerUpdateSchema, bulkSchema } from './community.schemas.js';
import type { QuestionRecord } from './questions.controller.js';

type AnswerRecord = Record<string, unknown> & {
  id: string;
  organisationId: string;
  websiteId: string;
  questionId: string;
  status: AnswerStatus;
  createdBy: Person;
  version: number;
};

function stateOf(record: AnswerRecord): AnswerState {
  return {
    status: record.status,
    questionId: record.questionId,
    organisationId: record.organisationId,
    websiteId: record.websiteId,
    createdBy: record.createdBy?.id ?? null,
    fields: null,
  };
}

/** Answers to community questions: pending until a moderator publishes them. */
@Controller('answers')
export class AnswersController {
  constructor(
    @Inject(PEOPLE) private readonly people: PeopleDirectory,
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /** The statuses with their labels, for the console. */
  @Get('options')
  options() {
    return { statuses: ANSWER_STATUSES.map((id) => ({ id, name: ANSWER_STATUS_LABELS[id] })) };
  }

  @Get()
  async list(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery, @Res({ passthrough: true }) response: Response) {
    const scope = await communityScope(this.db, viewer, filterOf(query.filter) ?? {});
    const result = await listAnswers<AnswerRecord>(this.db, query, scope);
    return sendList(response, { ...result, rows: result.rows.map((r) => this.present(r, viewer)) });
  }

  /** One workflow action on many answers: one result per id, never all-or-nothing. */
  @Post('bulk-actions')
  @HttpCode(200)
  async bulk(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const input = parseInput(bulkSchema(ANSWER_BULK_ACTIONS), body);
    const results: Array<{ id: string; ok: boolean; error?: string }> = [];
    for (const id of [...new Set(input.ids)]) {
      try {
        const current = await this.load(viewer, id);
        await this.change(viewer, current, input.action, { expectedVersion: input.expectedVersions?.[id] }, requestId);
        results.push({ id, ok: true });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        results.push({ id, ok: false, error: error.message });
      }
    }
    return { results };
  }

  @Get(':id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    const current = await this.load(viewer, id);
    await ensureCommunity(this.db, current.organisationId);
    return readHistory(this.store, this.people, `answer-${id}`);
  }

  @Get(':id')
  async get(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    const current = await this.load(viewer, id);
    await ensureCommunity(this.db, current.organisationId);
    return this.present(current, viewer);
  }

  /** An answer on a question of the viewer's organisations that is not deleted; it starts pending. */
  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const { questionId, ...fields } = parseInput(answerCreateSchema, body);
    const question = await visibleQuestion<QuestionRecord>(this.db, viewer, questionId);
    const organisationId = question.organisationId;
    await ensureCommunity(this.db, organisationId);
    const context: AnswerContext = {
      question: { id: question.id, status: question.status, organisationId, websiteId: question.websiteId },
    };
    const id = randomUUID();
    const result: DecideResult = await this.commands.execute(
      new DecideCommand('answer', id, { type: 'Create', data: fields, actor: actorFor(viewer, organisationId), context }, { correlationId: requestId, organisationId }),
    );
    await this.projections.waitForResult(result);
    return this.present(await this.load(viewer, id), viewer);
  }

  @Put(':id')
  async update(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    return this.change(viewer, current, 'Update', body, requestId);
  }

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

  private async change(viewer: Viewer, current: AnswerRecord, action: string, body: unknown, requestId: string) {
    const organisationId = current.organisationId;
    await ensureCommunity(this.db, organisationId);
    const data = action === 'Update' ? parseInput(answerUpdateSchema, body) : {};
    const result: DecideResult = await this.commands.execute(
      new DecideCommand(
        'answer',
        current.id,
        { type: action, data, actor: actorFor(viewer, organisationId) },
        { expectedVersion: expectedVersionOf(body), correlationId: requestId, organisationId },
      ),
    );
    await this.projections.waitForResult(result);
    return this.present(await this.load(viewer, current.id), viewer);
  }

  private load(viewer: Viewer, id: string): Promise<AnswerRecord> {
    return visibleAnswer<AnswerRecord>(this.db, viewer, id);
  }

  private present(record: AnswerRecord, viewer: Viewer) {
    return { ...record, allowedActions: answerDecider.allowedActions(record.status, actorFor(viewer, record.organisationId), stateOf(record)) };
  }
}
