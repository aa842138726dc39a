import { websiteOrganisation } from '#libs/organisations/src/projections/queries.js';
import { NotFoundError } from '#libs/platform/src/errors.js';
import { checkId } from '#libs/platform/src/http/records.js';
import { canReachWebsite } from '#libs/platform/src/http/tenancy.js';
import type { ListQuery } from '#libs/platform/src/list-query.js';
import { defineResource, type ResourceEnv } from '#libs/platform/src/resources/resource.js';
import { missing, parseInput } from '#libs/platform/src/validation.js';
import {
  ANSWER_STATUSES,
  ANSWER_STATUS_LABELS,
  answerDecider,
  type AnswerContext,
  type AnswerState,
  type AnswerStatus,
} from '../domain/answer.decider.js';
import {
  MODERATOR_STATUSES,
  MODERATOR_STATUS_LABELS,
  QUESTION_FIELD_LABELS,
  QUESTION_STATUSES,
  STATUS_LABELS,
  questionDecider,
  type ModeratorStatus,
  type Person,
  type QuestionState,
  type QuestionStatus,
} from '../domain/question.decider.js';
import { listAnswers, listQuestions, visibleAnswer, visibleQuestion } from '../projections/queries.js';
import { communityScope, ensureCommunity, filterOf } from './community-access.js';
import {
  ANSWER_BULK_ACTIONS,
  QUESTION_BULK_ACTIONS,
  answerCreateSchema,
  answerUpdateSchema,
  declineSchema,
  questionCreateSchema,
  questionUpdateSchema,
} from './community.schemas.js';

/**
 * The community's resources on the platform's resource framework (libs/platform/src/resources):
 * questions and answers, each record of one website and so of its organisation, whose plan must
 * include the community (403 "Upgrade to access" on every route with an id, and on create).
 */

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

export type AnswerRecord = Record<string, unknown> & {
  id: string;
  organisationId: string;
  websiteId: string;
  questionId: string;
  status: AnswerStatus;
  createdBy: Person;
  version: number;
};

/** A question the viewer may see (404 "Question not found"), of an organisation with the community (403). */
async function loadQuestion(env: ResourceEnv, id: string): Promise<QuestionRecord> {
  const record = await visibleQuestion<QuestionRecord>(env.db, env.viewer, id);
  await ensureCommunity(env.db, record.organisationId);
  return record;
}

/** The message of an Approve or Decline sent without the version the moderator saw. */
const VERSION_SEEN = missing(QUESTION_FIELD_LABELS.expectedVersion);

/** The actions a bulk request may name, each the machine's action of that name. */
const bulkActions = (names: readonly string[]) => Object.fromEntries(names.map((action) => [action, { action }]));

/**
 * Community questions of the viewer's organisations: the forum tabs, moderation, history. A
 * moderator's question starts as a draft, a creator's waits for the moderators.
 */
export const QUESTIONS = defineResource<QuestionRecord>({
  resource: 'questions',
  stream: 'question',
  label: 'Question',
  decider: questionDecider,
  statusLabels: STATUS_LABELS,
  /** The forum statuses and the moderator statuses with their labels, for the console. */
  options: () => ({
    statuses: QUESTION_STATUSES.map((id) => ({ id, name: STATUS_LABELS[id] })),
    moderatorStatuses: MODERATOR_STATUSES.map((id) => ({ id, name: MODERATOR_STATUS_LABELS[id] })),
  }),
  /**
   * The simple-rest list, and the spec's `page`/`limit`/`sort`/`sortDirection`/`search`/`from`/`to`.
   * `view` (query or filter) is a console tab; the moderators' queue pages by 50, the rest by 10.
   */
  async list(env, query) {
    const { view, ...listQuery } = query as ListQuery & { view?: unknown };
    const filter = filterOf(listQuery.filter);
    // The spec's style names the tab in the query; react-admin's in the filter.
    if (filter && view !== undefined && view !== '' && filter.view === undefined) {
      filter.view = view;
      listQuery.filter = JSON.stringify(filter);
    }
    const queue =
      filter?.view === 'moderator' ||
      filter?.status === 'pending_review' ||
      filter?.moderatorStatus === 'pending_review';
    const scope = await communityScope(env.db, env.viewer, filter ?? {});
    return listQuestions<QuestionRecord>(env.db, listQuery, scope, queue ? MODERATOR_PAGE_SIZE : QUESTIONS_PAGE_SIZE);
  },
  load: loadQuestion,
  /** The decider's view of a read-model record: what the guards read (who created it). */
  stateOf: (record): QuestionState => ({
    status: record.status,
    moderatorStatus: record.moderatorStatus,
    organisationId: record.organisationId,
    websiteId: record.websiteId,
    createdBy: record.createdBy?.id ?? null,
    fields: null,
  }),
  async create(body, env) {
    const { websiteId, ...fields } = parseInput(questionCreateSchema, body);
    // The website is the organisations context's (its read side, never its table); one the viewer does not reach answers as missing.
    const organisationId = await websiteOrganisation(env.db, checkId(websiteId));
    if (!organisationId || !canReachWebsite(env.viewer, organisationId, websiteId))
      throw new NotFoundError('Website not found');
    await ensureCommunity(env.db, organisationId);
    return { organisationId, data: { ...fields, organisationId, websiteId } };
  },
  // react-admin's update: the whole record comes back (`version` is the expected version); deleting
  // is the Delete action (the record stays, `deleted`, and can be restored).
  update: 'Update',
  remove: 'Delete',
  actions: {
    Submit: {},
    // Approve and Decline decide on what the moderator saw: without it, two could both decide.
    // (An action the table refuses anyway gets the table's 403/422 from the decider instead.)
    Approve: { requiresVersion: VERSION_SEEN },
    Decline: { requiresVersion: VERSION_SEEN, input: (body) => parseInput(declineSchema, body) },
    Publish: {},
    Unpublish: {},
    Restore: {},
    Delete: {},
    Update: { input: (body) => parseInput(questionUpdateSchema, body) },
    // Never offered; on a record that exists the table refuses it (422), so the route answers it as the table says.
    Create: {},
  },
  // One workflow action on many questions; a Decline's reason is given to each.
  bulk: {
    actions: bulkActions(QUESTION_BULK_ACTIONS),
    fields: (body) => (body.reason === undefined ? {} : { reason: body.reason }),
  },
});

/** Answers to community questions: pending until a moderator publishes them. */
export const ANSWERS = defineResource<AnswerRecord>({
  resource: 'answers',
  stream: 'answer',
  label: 'Answer',
  decider: answerDecider,
  /** The statuses with their labels, for the console. */
  options: () => ({ statuses: ANSWER_STATUSES.map((id) => ({ id, name: ANSWER_STATUS_LABELS[id] })) }),
  async list(env, query) {
    const scope = await communityScope(env.db, env.viewer, filterOf(query.filter) ?? {});
    return listAnswers<AnswerRecord>(env.db, query, scope);
  },
  async load(env, id) {
    const record = await visibleAnswer<AnswerRecord>(env.db, env.viewer, id);
    await ensureCommunity(env.db, record.organisationId);
    return record;
  },
  stateOf: (record): AnswerState => ({
    status: record.status,
    questionId: record.questionId,
    organisationId: record.organisationId,
    websiteId: record.websiteId,
    createdBy: record.createdBy?.id ?? null,
    fields: null,
  }),
  /** An answer on a question of the viewer's organisations that is not deleted (the decider reads the question); it starts pending. */
  async create(body, env) {
    const { questionId, ...fields } = parseInput(answerCreateSchema, body);
    const question = await loadQuestion(env, questionId);
    const organisationId = question.organisationId;
    const context: AnswerContext = {
      question: { id: question.id, status: question.status, organisationId, websiteId: question.websiteId },
    };
    return { organisationId, data: fields, context };
  },
  update: 'Update',
  remove: 'Delete',
  actions: {
    Update: { input: (body) => parseInput(answerUpdateSchema, body) },
    Publish: {},
    Delete: {},
    // Never offered; on a record that exists the table refuses it (422), so the route answers it as the table says.
    Create: {},
  },
  bulk: { actions: bulkActions(ANSWER_BULK_ACTIONS) },
});
