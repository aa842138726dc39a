import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { websiteNames } from '#libs/organisations/src/projections/queries.js';
import { allowed } from '#libs/platform/src/allow-list.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { BadRequestError } from '#libs/platform/src/errors.js';
import { loadVisible, websiteScope } from '#libs/platform/src/http/tenancy.js';
import { runList, type ListDefinition, type ListQuery, type ListResult } from '#libs/platform/src/list-query.js';
import type { PostState } from '../domain/post.decider.js';
import { POST_TABS, type PostTabRule } from '../domain/post-tabs.js';
import { POST_STATUSES, PRE_PUBLICATION, STATUS_LABELS, type PostStatus, type PreStage } from '../domain/stages.js';
import {
  DASHBOARD_LIMITS,
  QUEUE_TABS,
  primaryQueueFor,
  queueStagesFor,
  seesPipeline,
} from '../domain/post-dashboard.js';
import { rolesFor } from '#libs/platform/src/auth/policy.js';

/**
 * The posts context's read side: every query of its read models (`rm_posts`, `rm_redirect_rules`,
 * `rm_post_stage_spans`). Its controllers call these functions; other contexts (organisations: a
 * member's posts) reach posts through them too, never through the tables. What posts need of
 * websites, members and bios comes from those contexts' read sides.
 */

/** Posts still in the workflow whose writer, editor or current holder is the person (the spec's "contributor"), on one website or anywhere. */
export async function contributorPostCount(
  db: SqlExecutor,
  organisationId: string,
  userId: string,
  websiteId?: string,
): Promise<number> {
  const found = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rm_posts WHERE organisation_id = $1 AND status = ANY($4::text[])
       AND (writer_id = $2 OR editor_id = $2 OR holder_id = $2) AND ($3::text IS NULL OR website_id = $3)`,
    [organisationId, userId, websiteId ?? null, [...PRE_PUBLICATION]],
  );
  return found.rows[0]?.n ?? 0;
}

/** How many posts each person writes, in one organisation. */
export async function writtenPostCounts(
  db: SqlExecutor,
  organisationId: string,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const found = await db.query<{ writer_id: string; n: number }>(
    'SELECT writer_id, count(*)::int AS n FROM rm_posts WHERE organisation_id = $1 AND writer_id = ANY($2::text[]) GROUP BY writer_id',
    [organisationId, [...userIds]],
  );
  return new Map(found.rows.map((r) => [r.writer_id, r.n]));
}

// --- posts: the CMS list, its tab counts, one post ---------------------------------------------

/** A status as an SQL literal: only the workflow's own statuses (constants, never a request's value). */
function statusLiteral(status: string): string {
  if (!(POST_STATUSES as readonly string[]).includes(status)) throw new Error(`Not a post status: ${status}`);
  return `'${status}'`;
}

/** A tab's rule (domain/post-tabs.ts) as a condition on the posts read model's columns. */
export function tabCondition(rule: PostTabRule): string {
  const parts: string[] = [];
  if (rule.statuses)
    parts.push(
      rule.statuses.length === 1
        ? `status = ${statusLiteral(rule.statuses[0]!)}`
        : `status IN (${rule.statuses.map(statusLiteral).join(', ')})`,
    );
  if (rule.held !== undefined) parts.push(`holder_id IS ${rule.held ? 'NOT NULL' : 'NULL'}`);
  if (rule.inCluster !== undefined) parts.push(`cluster_id IS ${rule.inCluster ? 'NOT NULL' : 'NULL'}`);
  if (rule.hasBody !== undefined) parts.push(rule.hasBody ? 'has_body' : 'NOT has_body');
  return parts.length ? parts.join(' AND ') : 'true';
}

/** The CMS Articles tabs as conditions on the posts read model, in the console's order. */
export const TABS: Record<string, string> = Object.fromEntries(
  Object.entries(POST_TABS).map(([tab, rule]) => [tab, tabCondition(rule)]),
);

/** "Your Posts" (domain/post-tabs.ts isYourPost): the ones the person (`me`, a placeholder) writes, holds or created. */
const yourPosts = (me: string) => `(writer_id = ${me} OR holder_id = ${me} OR created_by = ${me})`;

/** Lists answer the record without the body (the editor loads one post for that). */
const LIST_RECORD = `record - 'richText' - 'outline'`;

export const postsListDefinition = (viewer: Viewer): ListDefinition => ({
  resource: 'posts',
  table: 'rm_posts',
  fields: {
    id: 'id',
    websiteId: 'website_id',
    organisationId: 'organisation_id',
    locale: 'locale',
    type: 'type',
    status: 'status',
    title: 'title',
    slug: 'slug',
    category: 'category',
    writerId: 'writer_id',
    editorId: 'editor_id',
    holderId: 'holder_id',
    clusterId: 'cluster_id',
    dueDate: 'due_date',
    quotaDate: 'quota_date',
    words: 'words',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    publishedAt: 'published_at',
  },
  search: ['title'],
  dateField: 'createdAt',
  defaultSort: ['updatedAt', 'DESC'],
  recordColumn: LIST_RECORD,
  customFilters: {
    tab: (value) => {
      const condition = allowed(TABS, value);
      if (!condition) throw new BadRequestError(`tab must be one of ${Object.keys(TABS).join(', ')}`);
      return `(${condition})`;
    },
    // "Your Posts": the ones the viewer writes or holds.
    mine: (value, add) => {
      if (value !== true && value !== 'true') return 'true';
      return yourPosts(add(viewer.userId));
    },
  },
});

/** The posts list (simple-rest), of the websites the viewer reaches. */
export function listPosts(
  db: SqlExecutor,
  viewer: Viewer,
  query: ListQuery,
): Promise<ListResult<Record<string, unknown>>> {
  return runList<Record<string, unknown>>(
    db,
    postsListDefinition(viewer),
    query,
    websiteScope(viewer, 'organisation_id', 'website_id'),
  );
}

/** How many posts each CMS tab holds, and `your-posts`, of the websites the viewer reaches (or of one of them). */
export async function postTabCounts(
  db: SqlExecutor,
  viewer: Viewer,
  websiteId?: string,
): Promise<Record<string, number>> {
  const scope = websiteScope(viewer, 'organisation_id', 'website_id');
  const params = [...scope.params];
  let where = scope.sql;
  if (websiteId !== undefined) {
    params.push(websiteId);
    where += ` AND website_id = $${params.length}`;
  }
  params.push(viewer.userId);
  const me = `$${params.length}`;
  const columns = Object.entries(TABS).map(
    ([tab, condition]) => `count(*) FILTER (WHERE ${condition})::int AS "${tab}"`,
  );
  columns.push(`count(*) FILTER (WHERE ${yourPosts(me)})::int AS "your-posts"`);
  const found = await db.query<Record<string, number>>(
    `SELECT ${columns.join(', ')} FROM rm_posts WHERE ${where}`,
    params,
  );
  return found.rows[0]!;
}

/** One post: the decider's state, the record the API answers, and where it belongs (null: no such post). */
export async function postById(
  db: SqlExecutor,
  id: string,
): Promise<{ state: PostState; record: Record<string, unknown>; organisationId: string; websiteId: string } | null> {
  const found = await db.query<{
    state: PostState;
    record: Record<string, unknown>;
    organisation_id: string;
    website_id: string;
  }>('SELECT state, record, organisation_id, website_id FROM rm_posts WHERE id = $1', [id]);
  const row = found.rows[0];
  return row
    ? { state: row.state, record: row.record, organisationId: row.organisation_id, websiteId: row.website_id }
    : null;
}

/** The decider's state of each post, by id. */
export async function postStates(db: SqlExecutor, ids: readonly string[]): Promise<Map<string, PostState>> {
  if (ids.length === 0) return new Map();
  const found = await db.query<{ id: string; state: PostState }>(
    'SELECT id, state FROM rm_posts WHERE id = ANY($1::text[])',
    [[...ids]],
  );
  return new Map(found.rows.map((r) => [r.id, r.state]));
}

// --- redirect rules -----------------------------------------------------------------------------

export const REDIRECT_RULES_LIST: ListDefinition = {
  resource: 'redirect-rules',
  table: 'rm_redirect_rules',
  fields: {
    id: 'id',
    websiteId: 'website_id',
    fromPath: 'from_path',
    toPath: 'to_path',
    automatic: 'automatic',
    objectId: 'object_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  search: ['from_path', 'to_path'],
  dateField: 'createdAt',
  defaultSort: ['createdAt', 'DESC'],
};

/** The redirect rules list (simple-rest), of the websites the viewer reaches. */
export function listRedirectRules<T>(db: SqlExecutor, viewer: Viewer, query: ListQuery): Promise<ListResult<T>> {
  return runList<T>(db, REDIRECT_RULES_LIST, query, websiteScope(viewer, 'organisation_id', 'website_id'));
}

/** One redirect rule's record; 404 "Redirect rule not found" when it does not exist or the viewer does not reach its website. */
export function visibleRedirectRule<T extends { organisationId: string; websiteId: string }>(
  db: SqlExecutor,
  viewer: Viewer,
  id: string,
): Promise<T> {
  return loadVisible<T & Record<string, unknown>>(
    db,
    viewer,
    {
      table: 'rm_redirect_rules',
      label: 'Redirect rule',
      organisationOf: (r) => r.organisationId,
      websiteOf: (r) => r.websiteId,
    },
    id,
  );
}

/** Another rule of the website that already redirects from `fromPath` (not `exceptId`), or null. */
export async function redirectRuleFrom(
  db: SqlExecutor,
  websiteId: string,
  fromPath: string,
  exceptId: string | null,
): Promise<string | null> {
  const found = await db.query<{ id: string }>(
    'SELECT id FROM rm_redirect_rules WHERE website_id = $1 AND from_path = $2 AND id IS DISTINCT FROM $3',
    [websiteId, fromPath, exceptId],
  );
  return found.rows[0]?.id ?? null;
}

/** The rule a website's visitor at `path` follows: the one from exactly `path` first, else the one from it without its trailing slashes. */
export async function redirectRuleForPath(
  db: SqlExecutor,
  websiteId: string,
  path: string,
  trimmed: string,
): Promise<{ id: string; fromPath: string; toPath: string; type: number } | null> {
  const found = await db.query<{ id: string; from_path: string; to_path: string; record: { type: number } }>(
    'SELECT id, from_path, to_path, record FROM rm_redirect_rules WHERE website_id = $1 AND from_path = ANY($2::text[]) ORDER BY from_path = $3 DESC LIMIT 1',
    [websiteId, [...new Set([path, trimmed])], path],
  );
  const rule = found.rows[0];
  return rule ? { id: rule.id, fromPath: rule.from_path, toPath: rule.to_path, type: rule.record.type } : null;
}

/**
 * The rules of a website a post's move from `fromPath` to `toPath` touches: those leading to the
 * old path, and those from either path (not `exceptId`), in id order.
 */
export async function redirectRulesTouching(
  db: SqlExecutor,
  websiteId: string,
  fromPath: string,
  toPath: string,
  exceptId: string,
): Promise<{ id: string; fromPath: string }[]> {
  const found = await db.query<{ id: string; from_path: string }>(
    'SELECT id, from_path FROM rm_redirect_rules WHERE website_id = $1 AND (to_path = $2 OR from_path = $3 OR from_path = $2) AND id <> $4 ORDER BY id',
    [websiteId, fromPath, toPath, exceptId],
  );
  return found.rows.map((r) => ({ id: r.id, fromPath: r.from_path }));
}

// --- the workflow report (stage spans) ----------------------------------------------------------

const HOURS = (expr: string) => `round((extract(epoch FROM ${expr}) / 3600)::numeric, 2)::float8`;

/** What the workflow report is asked for: one website, and the period (`YYYY-MM-DD`, both included) the closed spans ended in. */
export interface WorkflowReportFilter {
  websiteId?: string;
  from?: string;
  to?: string;
}

export interface WorkflowReportRows {
  stages: Record<string, unknown>[];
  queues: Record<string, unknown>[];
  people: Record<string, unknown>[];
  websites: Record<string, unknown>[];
}

/**
 * The stage metrics of the organisations `readable` (all when null), there of the websites the
 * viewer reaches: per stage, the queues now, per person and stage, per website (by name).
 */
export async function workflowReportRows(
  db: SqlExecutor,
  viewer: Viewer,
  readable: readonly string[] | null,
  filter: WorkflowReportFilter,
): Promise<WorkflowReportRows> {
  // The readers' organisations, and there only the websites they reach (DESIGN.md "Website access").
  const reach = websiteScope(viewer, 's.organisation_id', 's.website_id', readable ? 2 : 1);
  const scope = readable
    ? { sql: `s.organisation_id = ANY($1::text[]) AND ${reach.sql}`, params: [readable, ...reach.params] as unknown[] }
    : { sql: reach.sql, params: reach.params };
  const params: unknown[] = [...scope.params];
  const where = [scope.sql];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (filter.websiteId !== undefined) where.push(`s.website_id = ${add(filter.websiteId)}`);
  // The period applies to the spans that ended in it (queues are always "now").
  const period: string[] = [];
  if (filter.from !== undefined) period.push(`s.left_at >= (${add(filter.from)}::date)`);
  if (filter.to !== undefined) period.push(`s.left_at < (${add(filter.to)}::date + 1)`);
  const base = where.join(' AND ');
  const closed = [base, 's.left_at IS NOT NULL', ...period].join(' AND ');
  const open = [base, 's.left_at IS NULL'].join(' AND ');
  // The queues are "now": their query binds the scope and website only, not the period.
  const openParams = params.slice(0, params.length - period.length);
  const duration = HOURS('s.left_at - s.entered_at');

  const [stages, queues, people, websites] = await Promise.all([
    db.query<Record<string, unknown>>(
      `SELECT s.stage, count(*)::int AS completed, count(*) FILTER (WHERE s.outcome = 'returned')::int AS returns,
         round(avg(extract(epoch FROM s.left_at - s.entered_at) / 3600)::numeric, 2)::float8 AS "avgHours",
         round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM s.left_at - s.entered_at)) / 3600)::numeric, 2)::float8 AS "medianHours",
         round((percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM s.left_at - s.entered_at)) / 3600)::numeric, 2)::float8 AS "p90Hours",
         max(${duration}) AS "maxHours"
       FROM rm_post_stage_spans s WHERE ${closed} GROUP BY s.stage`,
      params,
    ),
    db.query<Record<string, unknown>>(
      `SELECT s.stage, count(*) FILTER (WHERE s.holder_id IS NULL)::int AS waiting, count(*) FILTER (WHERE s.holder_id IS NOT NULL)::int AS "inProgress",
         coalesce(max(${HOURS('now() - s.entered_at')}) FILTER (WHERE s.holder_id IS NULL), 0) AS "oldestWaitingHours",
         coalesce(round(avg(extract(epoch FROM now() - s.entered_at) / 3600) FILTER (WHERE s.holder_id IS NULL)::numeric, 2)::float8, 0) AS "avgWaitingHours"
       FROM rm_post_stage_spans s WHERE ${open} GROUP BY s.stage`,
      openParams,
    ),
    db.query<Record<string, unknown>>(
      `SELECT s.holder_id AS "userId", max(s.holder_name) AS name, s.stage, count(*)::int AS completed,
         count(*) FILTER (WHERE s.outcome = 'returned')::int AS returned,
         round(avg(extract(epoch FROM s.left_at - s.entered_at) / 3600)::numeric, 2)::float8 AS "avgHours"
       FROM rm_post_stage_spans s WHERE ${closed} AND s.holder_id IS NOT NULL GROUP BY s.holder_id, s.stage ORDER BY name, s.stage`,
      params,
    ),
    db.query<{ websiteId: string; completed: number; returns: number; published: number; avgHours: number | null }>(
      `SELECT s.website_id AS "websiteId", count(*)::int AS completed,
         count(*) FILTER (WHERE s.outcome = 'returned')::int AS returns,
         count(*) FILTER (WHERE s.outcome = 'published')::int AS published,
         round(avg(extract(epoch FROM s.left_at - s.entered_at) / 3600)::numeric, 2)::float8 AS "avgHours"
       FROM rm_post_stage_spans s WHERE ${closed} GROUP BY s.website_id`,
      params,
    ),
  ]);
  // The websites' names are the organisations context's (its read side, never its table).
  const names = await websiteNames(
    db,
    websites.rows.map((w) => w.websiteId),
  );
  const named = websites.rows.map((w) => ({
    websiteId: w.websiteId,
    name: names.get(w.websiteId) ?? null,
    completed: w.completed,
    returns: w.returns,
    published: w.published,
    avgHours: w.avgHours,
  }));
  return { stages: stages.rows, queues: queues.rows, people: people.rows, websites: await inNameOrder(db, named) };
}

/** Rows by name in the database's own order (its collation; no name last), as the report always sorted them. */
async function inNameOrder<T extends { name: string | null }>(db: SqlExecutor, rows: T[]): Promise<T[]> {
  if (rows.length < 2) return rows;
  const order = await db.query<{ i: number }>(
    'SELECT (i - 1)::int AS i FROM unnest($1::text[]) WITH ORDINALITY AS n(name, i) ORDER BY name',
    [rows.map((r) => r.name)],
  );
  return order.rows.map((r) => rows[r.i]!);
}

// --- the dashboard (domain/post-dashboard.ts) ---------------------------------------------------

export interface PostDashboardRows {
  /** Posts per organisation and status, with how many wait unclaimed and since when the oldest waits in its stage. */
  statuses: Array<{
    organisationId: string;
    status: string;
    count: number;
    waiting: number;
    oldestSince: string | null;
  }>;
  /** The person's own posts (writes, holds or created) per status. */
  mine: Array<{ status: string; count: number }>;
  /** The person's posts still in the workflow that have a due date, soonest first. */
  due: Array<{ id: string; title: string; status: string; statusLabel: string; websiteId: string; dueDate: string }>;
  /** Posts the person holds whose current stage began with a return, newest first, with its note. */
  returned: Array<{
    id: string;
    title: string;
    status: string;
    statusLabel: string;
    websiteId: string;
    note: string | null;
    by: string | null;
    at: string;
  }>;
}

/** What the dashboard shows of posts, of the websites the viewer reaches (or of one of them). */
export async function postDashboardRows(
  db: SqlExecutor,
  viewer: Viewer,
  limits: { due: number; returned: number },
  websiteId?: string,
): Promise<PostDashboardRows> {
  // Each query numbers its own parameters: the viewer's scope first, then its own values.
  const query = <R>(build: (add: (value: unknown) => string, where: string) => string) => {
    const scope = websiteScope(viewer, 'p.organisation_id', 'p.website_id');
    const params = [...scope.params];
    const add = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = websiteId === undefined ? scope.sql : `${scope.sql} AND p.website_id = ${add(websiteId)}`;
    const sql = build(add, where);
    return db.query<R>(sql, params);
  };
  const pre = [...PRE_PUBLICATION];
  const [statuses, mine, due, returned] = await Promise.all([
    query<{ organisation_id: string; status: string; count: number; waiting: number; oldest: Date | string | null }>(
      (add, where) => {
        const inWorkflow = `p.status = ANY(${add(pre)}::text[])`;
        return `SELECT p.organisation_id, p.status, count(*)::int AS count,
                count(*) FILTER (WHERE p.holder_id IS NULL AND ${inWorkflow})::int AS waiting,
                min(s.entered_at) FILTER (WHERE ${inWorkflow}) AS oldest
              FROM rm_posts p LEFT JOIN rm_post_stage_spans s ON s.post_id = p.id AND s.left_at IS NULL
              WHERE ${where} GROUP BY p.organisation_id, p.status`;
      },
    ),
    query<{ status: string; count: number }>((add, where) => {
      const me = add(viewer.userId);
      return `SELECT p.status, count(*)::int AS count FROM rm_posts p
              WHERE ${where} AND (p.writer_id = ${me} OR p.holder_id = ${me} OR p.created_by = ${me}) GROUP BY p.status`;
    }),
    query<{ id: string; title: string; status: string; website_id: string; due_date: string }>((add, where) => {
      const me = add(viewer.userId);
      return `SELECT p.id, p.title, p.status, p.website_id, to_char(p.due_date, 'YYYY-MM-DD') AS due_date FROM rm_posts p
              WHERE ${where} AND (p.writer_id = ${me} OR p.holder_id = ${me}) AND p.status = ANY(${add(pre)}::text[]) AND p.due_date IS NOT NULL
              ORDER BY p.due_date, p.id LIMIT ${add(limits.due)}`;
    }),
    query<{
      id: string;
      title: string;
      status: string;
      website_id: string;
      note: string | null;
      by: string | null;
      at: Date | string;
    }>((add, where) => {
      const me = add(viewer.userId);
      return `SELECT p.id, p.title, p.status, p.website_id, s.returned_note AS note, s.returned_by AS by, s.entered_at AS at
              FROM rm_posts p JOIN rm_post_stage_spans s ON s.post_id = p.id AND s.left_at IS NULL
              WHERE ${where} AND p.holder_id = ${me} AND s.returned_by IS NOT NULL
              ORDER BY s.entered_at DESC, p.id LIMIT ${add(limits.returned)}`;
    }),
  ]);
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    statuses: statuses.rows.map((r) => ({
      organisationId: r.organisation_id,
      status: r.status,
      count: r.count,
      waiting: r.waiting,
      oldestSince: iso(r.oldest),
    })),
    mine: mine.rows.map((r) => ({ status: r.status, count: r.count })),
    due: due.rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      statusLabel: STATUS_LABELS[r.status as PostStatus],
      websiteId: r.website_id,
      dueDate: r.due_date,
    })),
    returned: returned.rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      statusLabel: STATUS_LABELS[r.status as PostStatus],
      websiteId: r.website_id,
      note: r.note,
      by: r.by,
      at: iso(r.at)!,
    })),
  };
}

export interface PostDashboard {
  mine: {
    stages: Array<{ status: string; label: string; count: number }>;
    due: PostDashboardRows['due'];
    returned: PostDashboardRows['returned'];
  };
  /** The stages that are the viewer's work (domain/post-dashboard.ts), with what waits in them. */
  queues: Array<{
    status: string;
    label: string;
    tab: string;
    count: number;
    waiting: number;
    oldestSince: string | null;
  }>;
  /** Every status of the organisations the viewer owns or administers; null for everyone else. */
  pipeline: Array<{ status: string; label: string; count: number }> | null;
}

/** `GET /api/posts/dashboard`: the posts side of the viewer's dashboard, by their roles in each organisation. */
export async function postDashboard(db: SqlExecutor, viewer: Viewer, websiteId?: string): Promise<PostDashboard> {
  const rows = await postDashboardRows(db, viewer, DASHBOARD_LIMITS, websiteId);
  const organisations = [...viewer.memberships.keys()];
  const queueStages = new Map(organisations.map((id) => [id, queueStagesFor(rolesFor(viewer, id))]));
  const primary = new Set(organisations.map((id) => primaryQueueFor(rolesFor(viewer, id))).filter((s) => s !== null));
  const pipelineOf = new Set(organisations.filter((id) => seesPipeline(rolesFor(viewer, id))));

  const queues = new Map<string, { count: number; waiting: number; oldestSince: string | null }>();
  for (const stage of PRE_PUBLICATION)
    if (primary.has(stage)) queues.set(stage, { count: 0, waiting: 0, oldestSince: null });
  const pipeline = new Map<string, number>();
  for (const row of rows.statuses) {
    if (queueStages.get(row.organisationId)?.includes(row.status as PreStage)) {
      const queue = queues.get(row.status) ?? { count: 0, waiting: 0, oldestSince: null };
      queue.count += row.count;
      queue.waiting += row.waiting;
      if (row.oldestSince && (!queue.oldestSince || row.oldestSince < queue.oldestSince))
        queue.oldestSince = row.oldestSince;
      queues.set(row.status, queue);
    }
    if (pipelineOf.has(row.organisationId)) pipeline.set(row.status, (pipeline.get(row.status) ?? 0) + row.count);
  }
  const mine = new Map(rows.mine.map((r) => [r.status, r.count]));
  const label = (status: string) => STATUS_LABELS[status as PostStatus];
  return {
    mine: {
      stages: POST_STATUSES.filter((s) => mine.has(s)).map((status) => ({
        status,
        label: label(status),
        count: mine.get(status)!,
      })),
      due: rows.due,
      returned: rows.returned,
    },
    queues: PRE_PUBLICATION.filter((s) => queues.has(s)).map((status) => ({
      status,
      label: label(status),
      tab: QUEUE_TABS[status],
      ...queues.get(status)!,
    })),
    pipeline: pipelineOf.size
      ? POST_STATUSES.filter((s) => pipeline.has(s) || s === 'Writer' || s === 'Edit' || s === 'Published').map(
          (status) => ({ status, label: label(status), count: pipeline.get(status) ?? 0 }),
        )
      : null,
  };
}
