import { Controller, Get, Inject, Query } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { isCalendarDate } from '#libs/platform/src/dates.js';
import { BadRequestError } from '#libs/platform/src/errors.js';
import { checkId } from '#libs/platform/src/http/records.js';
import { websiteScope } from '#libs/platform/src/http/tenancy.js';
import { WORKFLOW_READERS, organisationsReadableBy } from '#libs/platform/src/auth/policy.js';
import { SQL } from '#libs/platform/src/tokens.js';
import { PRE_PUBLICATION, STATUS_LABELS } from '../domain/stages.js';

const HOURS = (expr: string) => `round((extract(epoch FROM ${expr}) / 3600)::numeric, 2)::float8`;

/**
 * Stage metrics (`GET /api/reports/workflow`): time spent in each stage, returns per stage,
 * queue age per pool, per website and per person, from the stage spans read model.
 */
@Controller('reports')
export class WorkflowReportController {
  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  @Get('workflow')
  async workflow(@CurrentViewer() viewer: Viewer, @Query() query: Record<string, unknown>) {
    const readable = organisationsReadableBy(viewer, WORKFLOW_READERS, 'Only managers, editors and analysts may read the workflow report');
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
    if (query.websiteId !== undefined) {
      if (typeof query.websiteId !== 'string') throw new BadRequestError('websiteId must be text');
      where.push(`s.website_id = ${add(checkId(query.websiteId))}`);
    }
    // The period applies to the spans that ended in it (queues are always "now").
    const period: string[] = [];
    for (const [bound, op] of [['from', '>='], ['to', '<']] as const) {
      const value = query[bound];
      if (value === undefined || value === '') continue;
      if (typeof value !== 'string' || !isCalendarDate(value)) throw new BadRequestError(`${bound} must be a date as YYYY-MM-DD`);
      period.push(`s.left_at ${op} (${add(value)}::date${bound === 'to' ? ' + 1' : ''})`);
    }
    const base = where.join(' AND ');
    const closed = [base, 's.left_at IS NOT NULL', ...period].join(' AND ');
    const open = [base, 's.left_at IS NULL'].join(' AND ');
    // The queues are "now": their query binds the scope and website only, not the period.
    const openParams = params.slice(0, params.length - period.length);
    const duration = HOURS('s.left_at - s.entered_at');

    const [stages, queues, people, websites] = await Promise.all([
      this.db.query<Record<string, unknown>>(
        `SELECT s.stage, count(*)::int AS completed, count(*) FILTER (WHERE s.outcome = 'returned')::int AS returns,
           round(avg(extract(epoch FROM s.left_at - s.entered_at) / 3600)::numeric, 2)::float8 AS "avgHours",
           round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM s.left_at - s.entered_at)) / 3600)::numeric, 2)::float8 AS "medianHours",
           round((percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM s.left_at - s.entered_at)) / 3600)::numeric, 2)::float8 AS "p90Hours",
           max(${duration}) AS "maxHours"
         FROM rm_post_stage_spans s WHERE ${closed} GROUP BY s.stage`,
        params,
      ),
      this.db.query<Record<string, unknown>>(
        `SELECT s.stage, count(*) FILTER (WHERE s.holder_id IS NULL)::int AS waiting, count(*) FILTER (WHERE s.holder_id IS NOT NULL)::int AS "inProgress",
           coalesce(max(${HOURS('now() - s.entered_at')}) FILTER (WHERE s.holder_id IS NULL), 0) AS "oldestWaitingHours",
           coalesce(round(avg(extract(epoch FROM now() - s.entered_at) / 3600) FILTER (WHERE s.holder_id IS NULL)::numeric, 2)::float8, 0) AS "avgWaitingHours"
         FROM rm_post_stage_spans s WHERE ${open} GROUP BY s.stage`,
        openParams,
      ),
      this.db.query<Record<string, unknown>>(
        `SELECT s.holder_id AS "userId", max(s.holder_name) AS name, s.stage, count(*)::int AS completed,
           count(*) FILTER (WHERE s.outcome = 'returned')::int AS returned,
           round(avg(extract(epoch FROM s.left_at - s.entered_at) / 3600)::numeric, 2)::float8 AS "avgHours"
         FROM rm_post_stage_spans s WHERE ${closed} AND s.holder_id IS NOT NULL GROUP BY s.holder_id, s.stage ORDER BY name, s.stage`,
        params,
      ),
      this.db.query<Record<string, unknown>>(
        `SELECT s.website_id AS "websiteId", max(w.name) AS name, count(*)::int AS completed,
           count(*) FILTER (WHERE s.outcome = 'returned')::int AS returns,
           count(*) FILTER (WHERE s.outcome = 'published')::int AS published,
           round(avg(extract(epoch FROM s.left_at - s.entered_at) / 3600)::numeric, 2)::float8 AS "avgHours"
         FROM rm_post_stage_spans s LEFT JOIN rm_websites w ON w.id = s.website_id WHERE ${closed} GROUP BY s.website_id ORDER BY name`,
        params,
      ),
    ]);
    const byStage = <T extends Record<string, unknown>>(rows: T[]) => new Map(rows.map((r) => [r.stage as string, r]));
    const stageRows = byStage(stages.rows);
    const queueRows = byStage(queues.rows);
    return {
      stages: PRE_PUBLICATION.map((stage) => {
        const s = stageRows.get(stage);
        const completed = (s?.completed as number) ?? 0;
        const returns = (s?.returns as number) ?? 0;
        return {
          stage,
          label: STATUS_LABELS[stage],
          completed,
          returns,
          returnRate: completed ? Math.round((returns / completed) * 1000) / 1000 : 0,
          avgHours: (s?.avgHours as number) ?? null,
          medianHours: (s?.medianHours as number) ?? null,
          p90Hours: (s?.p90Hours as number) ?? null,
          maxHours: (s?.maxHours as number) ?? null,
        };
      }),
      queues: PRE_PUBLICATION.map((stage) => {
        const q = queueRows.get(stage);
        return {
          stage,
          label: STATUS_LABELS[stage],
          waiting: (q?.waiting as number) ?? 0,
          inProgress: (q?.inProgress as number) ?? 0,
          oldestWaitingHours: (q?.oldestWaitingHours as number) ?? 0,
          avgWaitingHours: (q?.avgWaitingHours as number) ?? 0,
        };
      }),
      people: people.rows,
      websites: websites.rows,
    };
  }
}
