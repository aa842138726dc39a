import { Controller, Get, Inject, Query } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { isCalendarDate } from '#libs/platform/src/dates.js';
import { BadRequestError } from '#libs/platform/src/errors.js';
import { checkId } from '#libs/platform/src/http/records.js';
import { WORKFLOW_READERS, organisationsReadableBy } from '#libs/platform/src/auth/policy.js';
import { SQL } from '#libs/platform/src/tokens.js';
import { notText } from '#libs/platform/src/validation.js';
import { POST_FIELD_LABELS } from '../domain/post-fields.js';
import { PRE_PUBLICATION, STATUS_LABELS } from '../domain/stages.js';
import { workflowReportRows, type WorkflowReportFilter } from '../projections/queries.js';

/**
 * Stage metrics (`GET /api/reports/workflow`): time spent in each stage, returns per stage,
 * queue age per pool, per website and per person, from the stage spans read model.
 */
@Controller('reports')
export class WorkflowReportController {
  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  @Get('workflow')
  async workflow(@CurrentViewer() viewer: Viewer, @Query() query: Record<string, unknown>) {
    const readable = organisationsReadableBy(
      viewer,
      WORKFLOW_READERS,
      'Only managers, editors and analysts may read the workflow report',
    );
    const filter: WorkflowReportFilter = {};
    if (query.websiteId !== undefined) {
      if (typeof query.websiteId !== 'string') throw new BadRequestError(notText(POST_FIELD_LABELS.websiteId));
      filter.websiteId = checkId(query.websiteId);
    }
    // The period applies to the spans that ended in it (queues are always "now").
    for (const bound of ['from', 'to'] as const) {
      const value = query[bound];
      if (value === undefined || value === '') continue;
      if (typeof value !== 'string' || !isCalendarDate(value))
        throw new BadRequestError(`${bound} must be a date as YYYY-MM-DD`);
      filter[bound] = value;
    }
    const { stages, queues, people, websites } = await workflowReportRows(this.db, viewer, readable, filter);
    const byStage = <T extends Record<string, unknown>>(rows: T[]) => new Map(rows.map((r) => [r.stage as string, r]));
    const stageRows = byStage(stages);
    const queueRows = byStage(queues);
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
      people,
      websites,
    };
  }
}
