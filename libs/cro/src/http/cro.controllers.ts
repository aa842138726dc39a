import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { filterOf } from '#libs/organisations/src/projections/product-scope.js';
import { STARTER_TEMPLATES } from '../domain/templates.js';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { BadRequestError, ForbiddenError } from '#libs/platform/src/errors.js';
import { SQL } from '#libs/platform/src/tokens.js';
import { croKind } from '../domain/kinds.js';
import { matchPageRules, type PageRulesInput } from '../domain/page-rules.js';
import { ownTemplates, urlListRules } from '../projections/queries.js';
import {
  SUBMISSIONS_LIST,
  submissionBounds,
  submissionDays,
  submissionsForExport,
  submissionsScope,
  websiteTimeZone,
} from '../projections/submissions.js';
import { orderedFields } from '../domain/submission-fields.js';
import { csvCell } from '#libs/platform/src/csv.js';
import { sendList } from '#libs/platform/src/http/records.js';
import { runList, type ListQuery } from '#libs/platform/src/list-query.js';
import { croReadableOrganisations } from '../access.js';
import { croResource, loadCroRecord, type CroRecord } from './cro-resources.js';
import { ResourceController } from '#libs/platform/src/resources/resource.controller.js';
import { Ports, ResourcePortsProvider, resourceController } from '#libs/platform/src/resources/resource-ports.js';
import { NotificationRecipients } from '../processes/notification-recipients.js';
import { GeoIpService } from '../public/geoip.service.js';

/*
 * The CRO resources' routes (DESIGN.md "CRO resources: the request shapes"): one controller per
 * resource, each the shared simple-rest routes of `CroResourceController` with its own kind.
 */

@Controller('ctas')
export class CtasController extends ResourceController<CroRecord> {
  constructor(@Ports() ports: ResourcePortsProvider, recipients: NotificationRecipients) {
    const kind = croKind('ctas');
    super(
      croResource(
        kind,
        {},
        {
          // The record with where each notification recipient stands (`notificationRecipients`: member, confirmed, pending, declined or unconfirmed).
          async load(env, id) {
            const record = await loadCroRecord(env, kind, id);
            const listed = notificationRecipientsOf({ fields: record });
            return listed.length
              ? { ...record, notificationRecipients: await recipients.standing(record.organisationId, listed) }
              : record;
          },
          // A CTA saved with an email notification: its recipients outside the organisation are asked to confirm (issue 25, "Open mail relay").
          async afterDecision(command, organisationId, result, env) {
            if (!NOTIFYING_SAVES.has(command.type) || result.events.length === 0) return;
            const listed = notificationRecipientsOf(result.state);
            if (listed.length)
              await recipients.requestConfirmations(organisationId, listed, command.actor, env.requestId);
          },
        },
      ),
      ports,
    );
  }

  /**
   * The CTA's form submissions, newest first (simple-rest: `range`, `sort` by time, receivedAt or
   * url, `filter` q): id, time, page URL, the fields, and each delivery's state. `from` / `to`
   * (YYYY-MM-DD, inclusive, days in the website's timezone; as parameters or in `filter`) narrow
   * them to those days.
   */
  @Get(':id/submissions')
  async submissions(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Query() query: ListQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { days, query: rest } = submissionDays(query);
    const cta = await this.loadWithSubmissions(viewer, id);
    const bounds =
      days.from || days.to ? submissionBounds(days, await websiteTimeZone(this.ports.db, cta.websiteId)) : undefined;
    const result = await runList<{ fields: Record<string, string> }>(
      this.ports.db,
      SUBMISSIONS_LIST,
      rest,
      submissionsScope(cta.websiteId, cta.id, bounds),
    );
    const items = cta.items as { name?: string }[] | undefined;
    return sendList(response, {
      ...result,
      rows: result.rows.map((row) => ({ ...row, fields: orderedFields(row.fields, items) })),
    });
  }

  /**
   * The CTA's submissions as CSV (oldest first, at most 100,000): `Time`, `Page URL`, then every
   * field name in the order first seen (each submission's fields in the form's order). Every cell (field names too: visitors chose them) quoted
   * and made inert for spreadsheets (libs/platform/src/csv.ts). `from` / `to` as for the list.
   */
  @Get(':id/submissions/export')
  async exportSubmissions(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Query() query: ListQuery,
    @Res() response: Response,
  ) {
    const { days } = submissionDays({ from: query.from, to: query.to });
    const cta = await this.loadWithSubmissions(viewer, id);
    const bounds =
      days.from || days.to ? submissionBounds(days, await websiteTimeZone(this.ports.db, cta.websiteId)) : undefined;
    const rows = await submissionsForExport(this.ports.db, cta.websiteId, cta.id, EXPORT_LIMIT, bounds);
    const names: string[] = [];
    const seen = new Set<string>();
    const items = cta.items as { name?: string }[] | undefined;
    for (const row of rows)
      for (const name of Object.keys(orderedFields(row.fields, items)))
        if (!seen.has(name)) (seen.add(name), names.push(name));
    const lines = [
      ['Time', 'Page URL', ...names],
      ...rows.map((r) => [r.time, r.url, ...names.map((n) => (Object.hasOwn(r.fields, n) ? r.fields[n] : null))]),
    ];
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="submissions.csv"');
    response.send(lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n');
  }

  /** The CTA, when the viewer may read its submissions: those who read the CTA, except in demo mode (the visitors' personal data). */
  private async loadWithSubmissions(viewer: Viewer, id: string) {
    const cta = await this.kind.load(this.env(viewer, ''), id);
    if (viewer.demoOrganisationId) throw new ForbiddenError(DEMO_NO_SUBMISSIONS);
    return cta;
  }
}

/** The CTA commands that save its fields (and so its notification's recipients). */
const NOTIFYING_SAVES = new Set(['Create', 'Update', 'SaveDraft']);

/** The recipients of a CTA state's email notification. */
function notificationRecipientsOf(state: unknown): string[] {
  const fields = (state as { fields?: { emailNotification?: { recipients?: unknown } | null } | null } | null)?.fields;
  const recipients = fields?.emailNotification?.recipients;
  return Array.isArray(recipients) ? recipients.filter((r): r is string => typeof r === 'string') : [];
}

/** Demo mode shows no form submissions: they hold the visitors' personal data. */
export const DEMO_NO_SUBMISSIONS = 'Form submissions are not shown in demo mode';

/** The most rows one CSV export holds. */
const EXPORT_LIMIT = 100_000;

@Controller('campaigns')
export class CampaignsController extends ResourceController<CroRecord> {
  constructor(@Ports() ports: ResourcePortsProvider) {
    super(croResource(croKind('campaigns')), ports);
  }

  /** The rule tester: whether the campaign would show on `url`, and which of its rules matched. */
  @Get(':id/match')
  async match(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Query('url') url: unknown) {
    const campaign = await this.kind.load(this.env(viewer, ''), id);
    if (typeof url !== 'string' || url.length === 0 || url.length > 2048)
      throw new BadRequestError('url must be the address of a page (at most 2048 characters)');
    const lists = await urlListRules(this.ports.db, campaign.websiteId);
    return matchPageRules(campaign.pageRules as PageRulesInput | undefined, url, lists);
  }
}

/**
 * The template picker's templates (`GET /api/cta-templates`, filter `type`): the starter templates
 * of every type, then the viewer's organisations' own (exported with `ExportAsTemplate`).
 */
@Controller('cta-templates')
export class CtaTemplatesController {
  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  @Get()
  async index(
    @CurrentViewer() viewer: Viewer,
    @Query('filter') filter: unknown,
    @Res({ passthrough: true }) response: Response,
  ) {
    const asked = filterOf(filter);
    if (asked === null) throw new BadRequestError('filter must be a JSON object');
    const type = typeof asked.type === 'string' ? asked.type : null;
    const organisations = viewer.platformAdmin ? null : await croReadableOrganisations(this.db, viewer);
    const own = await ownTemplates(this.db, organisations, type);
    const rows = [
      ...STARTER_TEMPLATES.filter((t) => type === null || t.template.type === type).map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        type: t.template.type,
        builtIn: true,
        template: t.template,
      })),
      ...own.map((t) => ({
        id: t.id,
        name: t.name,
        description: null,
        type: t.type,
        builtIn: false,
        organisationId: t.organisation_id,
        createdAt: t.created_at.toISOString(),
        template: t.template,
      })),
    ];
    response.setHeader('Content-Range', `cta-templates 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
    return rows;
  }
}

@Controller('experiments')
export class ExperimentsController extends ResourceController<CroRecord> {
  constructor(@Ports() ports: ResourcePortsProvider, geoIp: GeoIpService) {
    super(croResource(croKind('experiments'), { geoIp }), ports);
  }
}

export const ProductsController = resourceController('products', croResource(croKind('products')));
export const GoalsController = resourceController('goals', croResource(croKind('goals')));
export const UrlListsController = resourceController('url-lists', croResource(croKind('url-lists')));

/**
 * Funnels (`/api/funnels`, DESIGN.md "Report endpoints"): the definitions; their results are the
 * analytics context's. Lists default to 20 rows a page (seed 001 "funnels ... page size 20").
 */
export const FunnelsController = resourceController('funnels', croResource(croKind('funnels')));

/**
 * Pages excluded from journey tracking (`/api/excluded-pages`, seed 001 section 2). A rule has no
 * name: `q` searches its URL rule and its note.
 */
export const ExcludedPagesController = resourceController('excluded-pages', croResource(croKind('excluded-pages')));
