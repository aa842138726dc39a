import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { allowed } from '#libs/platform/src/allow-list.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { BadRequestError } from '#libs/platform/src/errors.js';
import { loadVisible } from '#libs/platform/src/http/tenancy.js';
import { runList, type ListDefinition, type ListQuery, type ListResult } from '#libs/platform/src/list-query.js';
import type { QuestionStatus } from '../domain/question.decider.js';

/**
 * The community context's read side: every query of its read models (`rm_questions`,
 * `rm_answers`). Its controllers call these functions; other contexts reach questions and answers
 * through them too, never through the tables. A list's scope (which organisations have the
 * community, which websites the viewer reaches) comes from http/community-access.ts.
 */

/** A list's scope: SQL on the read model's columns with its `$n` parameters (from 1). */
export interface ListScope {
  sql: string;
  params: unknown[];
}

// --- questions ----------------------------------------------------------------------------------

/** The status each console tab shows; the moderators' queue is what waits for them. */
const VIEWS: Record<string, QuestionStatus> = {
  new: 'new',
  draft: 'draft',
  published: 'published',
  moderator: 'pending_review',
  deleted: 'deleted',
};

export const QUESTIONS_LIST: ListDefinition = {
  resource: 'questions',
  table: 'rm_questions',
  fields: {
    id: 'id',
    organisationId: 'organisation_id',
    websiteId: 'website_id',
    locale: 'locale',
    title: 'title',
    category: 'category',
    status: 'status',
    moderatorStatus: 'moderator_status',
    createdBy: 'created_by',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    publishedAt: 'published_at',
    answerCount: 'answer_count',
    publishedAnswerCount: 'published_answer_count',
  },
  search: ['title'],
  dateField: 'createdAt',
  defaultSort: ['createdAt', 'DESC'],
  customFilters: {
    // The console's tabs (seed 000 section 2: new, draft, published, moderator, deleted); `all` is every one.
    view: (value: unknown, add: (value: unknown) => string) => {
      if (value === 'all') return 'true';
      const status = allowed(VIEWS, value);
      if (!status) throw new BadRequestError(`view must be one of ${Object.keys(VIEWS).join(', ')}, all`);
      return `status = ${add(status)}`;
    },
  },
};

/** The questions list (simple-rest) within `scope`, `pageSize` rows a page unless asked otherwise. */
export function listQuestions<T>(
  db: SqlExecutor,
  query: ListQuery,
  scope: ListScope,
  pageSize: number,
): Promise<ListResult<T>> {
  return runList<T>(db, { ...QUESTIONS_LIST, defaultPageSize: pageSize }, query, scope);
}

/** One question's record; 404 "Question not found" when it does not exist or the viewer does not reach its website. */
export function visibleQuestion<T extends { organisationId: string; websiteId: string }>(
  db: SqlExecutor,
  viewer: Viewer,
  id: string,
): Promise<T> {
  return loadVisible<T & Record<string, unknown>>(
    db,
    viewer,
    {
      table: 'rm_questions',
      label: 'Question',
      organisationOf: (r) => r.organisationId,
      websiteOf: (r) => r.websiteId,
    },
    id,
  );
}

/** The console's tab counts within `scope` (and one website when named): questions per tab, and the published answers. */
export async function communityCounts(
  db: SqlExecutor,
  scope: ListScope,
  websiteId: string | null,
): Promise<{
  new: number;
  draft: number;
  published: number;
  moderator: number;
  deleted: number;
  publishedAnswers: number;
}> {
  const siteParam = `$${scope.params.length + 1}`;
  const where = `${scope.sql} AND (${siteParam}::text IS NULL OR website_id = ${siteParam})`;
  const [questions, answers] = await Promise.all([
    db.query<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE status = 'new')::int AS "new", count(*) FILTER (WHERE status = 'draft')::int AS "draft",
         count(*) FILTER (WHERE status = 'published')::int AS "published", count(*) FILTER (WHERE status = 'pending_review')::int AS "moderator",
         count(*) FILTER (WHERE status = 'deleted')::int AS "deleted"
       FROM rm_questions WHERE ${where}`,
      [...scope.params, websiteId],
    ),
    db.query<{ published: number }>(
      `SELECT count(*)::int AS "published" FROM rm_answers WHERE ${where} AND status = 'published'`,
      [...scope.params, websiteId],
    ),
  ]);
  const q = questions.rows[0]!;
  return {
    new: Number(q.new),
    draft: Number(q.draft),
    published: Number(q.published),
    moderator: Number(q.moderator),
    deleted: Number(q.deleted),
    publishedAnswers: Number(answers.rows[0]!.published),
  };
}

// --- answers ------------------------------------------------------------------------------------

export const ANSWERS_LIST: ListDefinition = {
  resource: 'answers',
  table: 'rm_answers',
  fields: {
    id: 'id',
    organisationId: 'organisation_id',
    websiteId: 'website_id',
    questionId: 'question_id',
    status: 'status',
    createdBy: 'created_by',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    publishedAt: 'published_at',
  },
  search: ['body'],
  dateField: 'createdAt',
  defaultSort: ['createdAt', 'DESC'],
};

/** The answers list (simple-rest) within `scope`. */
export function listAnswers<T>(db: SqlExecutor, query: ListQuery, scope: ListScope): Promise<ListResult<T>> {
  return runList<T>(db, ANSWERS_LIST, query, scope);
}

/** One answer's record; 404 "Answer not found" when it does not exist or the viewer does not reach its website. */
export function visibleAnswer<T extends { organisationId: string; websiteId: string }>(
  db: SqlExecutor,
  viewer: Viewer,
  id: string,
): Promise<T> {
  return loadVisible<T & Record<string, unknown>>(
    db,
    viewer,
    { table: 'rm_answers', label: 'Answer', organisationOf: (r) => r.organisationId, websiteOf: (r) => r.websiteId },
    id,
  );
}
