import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer } from '../auth/public.decorator.js';
import { toCsv } from '../csv.js';
import type { Viewer } from '../auth/viewer.js';
import { sendList } from '../http/records.js';
import { websiteScope } from '../http/tenancy.js';
import { WORKFLOW_READERS, organisationsReadableBy } from '../auth/policy.js';
import { runList, type ListDefinition, type ListQuery } from '../list-query.js';
import { SQL } from '../tokens.js';

const LIST: ListDefinition = {
  resource: 'audit',
  table: 'rm_audit_view',
  fields: {
    id: 'id',
    organisationId: 'organisation_id',
    resource: 'resource',
    resourceId: 'resource_id',
    type: 'type',
    action: 'action',
    actorId: 'actor_id',
    time: 'time',
    from: 'from_status',
    to: 'to_status',
  },
  search: ['note', 'actor_name', 'record_name', 'type', 'action'],
  dateField: 'time',
  defaultSort: ['time', 'DESC'],
  maxPageSize: 1000,
};

const CSV_COLUMNS = [
  'time',
  'actor',
  'email',
  'action',
  'type',
  'resource',
  'resourceId',
  'from',
  'to',
  'note',
] as const;
const EXPORT_LIMIT = 100_000;

/**
 * The website of an audit row's record: the website itself, or the `websiteId` its stream's events
 * carry (posts, questions, answers, bios, redirect rules, domains); null for records of no website.
 */
const AUDIT_WEBSITE = `CASE WHEN resource = 'website' THEN resource_id ELSE (
  SELECT w.data->>'websiteId' FROM rm_audit w
  WHERE w.resource = rm_audit_view.resource AND w.resource_id = rm_audit_view.resource_id AND w.data ? 'websiteId'
  ORDER BY w.version LIMIT 1) END`;

/**
 * The organisations whose trail the viewer reads: managers, editors and analysts only; and of
 * website-bound records only those of the websites they reach (DESIGN.md "Website access").
 */
function auditScope(viewer: Viewer): { sql: string; params: unknown[] } {
  const readable = organisationsReadableBy(
    viewer,
    WORKFLOW_READERS,
    'Only managers, editors and analysts may read the audit trail',
  );
  if (!readable) return { sql: 'true', params: [] };
  const websites = websiteScope(viewer, 'organisation_id', `(${AUDIT_WEBSITE})`, 2);
  return {
    sql: `organisation_id = ANY($1::text[]) AND (${websites.sql} OR (${AUDIT_WEBSITE}) IS NULL)`,
    params: [readable, ...websites.params],
  };
}

/**
 * `GET /api/audit`: every workflow event of the viewer's organisations, searchable by actor,
 * action, resource and date range (`from`/`to`), paged; `GET /api/audit/export.csv` the same as CSV.
 */
@Controller('audit')
export class AuditController {
  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  @Get()
  async list(
    @CurrentViewer() viewer: Viewer,
    @Query() query: ListQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    return sendList(response, await runList(this.db, LIST, query, auditScope(viewer)));
  }

  @Get('export.csv')
  async export(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery, @Res() response: Response) {
    const result = await runList<Record<string, any>>(
      this.db,
      { ...LIST, maxPageSize: EXPORT_LIMIT },
      { ...query, range: JSON.stringify([0, EXPORT_LIMIT - 1]) },
      auditScope(viewer),
    );
    const rows = result.rows.map((r) => [
      r.time,
      r.actor?.name,
      r.actor?.email,
      r.action,
      r.type,
      r.resource,
      r.resourceId,
      r.from,
      r.to,
      r.note,
    ]);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="audit.csv"');
    // Inert and quoted cells (csv.ts): the trail holds user text (notes, names).
    response.send(toCsv(CSV_COLUMNS, rows));
  }
}
