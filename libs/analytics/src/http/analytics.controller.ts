import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { CRO_PRODUCT, NO_CRO_ACCESS, readersOnly } from '#libs/cro/src/access.js';
import { filterOf, productScope } from '#libs/organisations/src/projections/product-scope.js';
import { sendList } from '#libs/platform/src/http/records.js';
import { runList, type ListQuery } from '#libs/platform/src/list-query.js';
import { EVENTS_LIST } from '#libs/cro/src/projections/tracking.js';
import { CRO_INSIGHT_READERS, CRO_READERS, NO_CRO_INSIGHTS, hasAnyRole } from '#libs/cro/src/domain/roles.js';
import type { PageRulesInput } from '#libs/cro/src/domain/page-rules.js';
import {
  campaignPageRules,
  goalOnWebsite,
  isCtaOfWebsite,
  reportedCroRecord,
} from '#libs/cro/src/projections/queries.js';
import { ensureOrganisationProduct, websiteOrganisation } from '#libs/organisations/src/projections/queries.js';
import { rolesFor } from '#libs/platform/src/auth/policy.js';
import { CurrentViewer } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { queryDayProblem } from '#libs/platform/src/dates.js';
import { ForbiddenError, ValidationError } from '#libs/platform/src/errors.js';
import { canReachWebsite } from '#libs/platform/src/http/tenancy.js';
import { parseInput, z } from '#libs/platform/src/validation.js';
import { SQL } from '#libs/platform/src/tokens.js';
import { ATTRIBUTION_MODELS } from '../domain/attribution.js';
import type { FunnelStep } from '../domain/funnel.js';
import {
  RANGES,
  attributionReport,
  experimentReport,
  funnelReport,
  goalCompletionsReport,
  incrementalityReport,
  metricsReport,
  reportScope,
} from '../read/report-service.js';

export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
/** Longest lookback an attribution report takes (conversions keep the touchpoints of the year before them). */
export const LOOKBACK_DAYS_MAX = 365;
export const DEFAULT_LOOKBACK_DAYS = 30;
/** An hourly series covers at most this many days. */
export const HOURLY_DAYS_MAX = 31;

const id = (label: string) =>
  z
    .string({ error: `${label} is missing!` })
    .trim()
    .min(1, `${label} is missing!`)
    .max(100, `${label} is not an id`);
/** A day of a report: a real date from 2000-01-01 to a year from today (dates.ts `queryDayProblem`), else 400. */
const day = (label: string) =>
  z
    .string({ error: `${label} must be a date as YYYY-MM-DD` })
    .superRefine((value, ctx) => {
      const problem = queryDayProblem(value, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional();
const rangeShape = {
  from: day('from'),
  to: day('to'),
  range: z.enum(RANGES, { error: `range must be one of ${RANGES.join(', ')}` }).optional(),
};
const checkOrder = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['from'] });
};
const intervalSchema = z.enum(INTERVALS, { error: `interval must be one of ${INTERVALS.join(', ')}` }).default('day');

const attributionQuery = z
  .object({
    websiteId: id('websiteId'),
    goalId: id('goalId'),
    model: z
      .enum(ATTRIBUTION_MODELS, { error: `model must be one of ${ATTRIBUTION_MODELS.join(', ')}` })
      .default('last-touch'),
    lookbackDays: z.coerce
      .number({ error: `lookbackDays must be a whole number from 1 to ${LOOKBACK_DAYS_MAX}` })
      .int(`lookbackDays must be a whole number from 1 to ${LOOKBACK_DAYS_MAX}`)
      .min(1, `lookbackDays must be a whole number from 1 to ${LOOKBACK_DAYS_MAX}`)
      .max(LOOKBACK_DAYS_MAX, `lookbackDays must be a whole number from 1 to ${LOOKBACK_DAYS_MAX}`)
      .default(DEFAULT_LOOKBACK_DAYS),
    ...rangeShape,
  })
  .superRefine(checkOrder);
const incrementalityQuery = z
  .object({ websiteId: id('websiteId'), ctaId: id('ctaId'), goalId: id('goalId'), ...rangeShape })
  .superRefine(checkOrder);
const rangeQuery = z.object(rangeShape).superRefine(checkOrder);
const goalCompletionsQuery = z
  .object({ websiteId: id('websiteId'), goalId: id('goalId'), interval: intervalSchema, ...rangeShape })
  .superRefine(checkOrder);
const metricsQuery = z
  .object({
    websiteId: id('websiteId'),
    campaignId: id('campaignId').optional(),
    interval: intervalSchema,
    ...rangeShape,
  })
  .superRefine(checkOrder);

type Row = Record<string, unknown> & { id: string; organisationId: string; websiteId: string; status: string };

/**
 * The analytics reports (DESIGN.md "Report endpoints"): experiment results, attribution,
 * incrementality, funnel results, goal completions and the Insights/Dashboard metrics. Each reads
 * the analytics read models of one website the viewer may read (their organisation, a website they
 * reach, the `cro` product: 403 "Upgrade to access" without, a CRO role that reads reports: not a
 * viewer, so not demo mode, roles.ts CRO_INSIGHT_READERS). Dates are
 * days (YYYY-MM-DD, inclusive) of the website's timezone, or a named `range`
 * (last_7_days ... all_time; default last_28_days). `pendingVisitors` says how many visitors are
 * still being computed (a funnel created later is computed from the stored events).
 */
@Controller()
export class AnalyticsController {
  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  /** The Events tab: a website's tracking events (simple-rest list; `filter.websiteId` is required). */
  @Get('analytics-events')
  async events(
    @CurrentViewer() viewer: Viewer,
    @Query() query: ListQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const filter = filterOf(query.filter) ?? {};
    if (typeof filter.websiteId !== 'string' || !filter.websiteId)
      throw ValidationError.field('websiteId', 'Choose a website: filter.websiteId is missing!');
    await this.website(viewer, filter.websiteId);
    const scope = readersOnly(viewer, await productScope(this.db, viewer, CRO_PRODUCT, filter));
    return sendList(response, await runList(this.db, EVENTS_LIST, query, scope));
  }

  @Get('experiments/:id/results')
  async experimentResults(@CurrentViewer() viewer: Viewer, @Param('id') experimentId: string) {
    const experiment = await this.record(viewer, 'experiment', experimentId);
    const variants = Array.isArray(experiment.variants)
      ? (experiment.variants as { key: string; weight: number }[])
      : [];
    const threshold = typeof experiment.significanceThreshold === 'number' ? experiment.significanceThreshold : 0.95;
    return experimentReport(this.db, {
      id: experiment.id,
      websiteId: experiment.websiteId,
      variants,
      significanceThreshold: threshold,
    });
  }

  @Get('reports/attribution')
  async attribution(@CurrentViewer() viewer: Viewer, @Query() query: Record<string, unknown>) {
    const q = parseInput(attributionQuery, query);
    await this.website(viewer, q.websiteId);
    await this.goalOf(q.websiteId, q.goalId);
    return attributionReport(this.db, await reportScope(this.db, q.websiteId, q), q.goalId, q.model, q.lookbackDays);
  }

  @Get('reports/incrementality')
  async incrementality(@CurrentViewer() viewer: Viewer, @Query() query: Record<string, unknown>) {
    const q = parseInput(incrementalityQuery, query);
    await this.website(viewer, q.websiteId);
    await this.goalOf(q.websiteId, q.goalId);
    await this.ctaOnWebsite(q.websiteId, q.ctaId, 'ctaId', 'CTA not found');
    return incrementalityReport(this.db, await reportScope(this.db, q.websiteId, q), q.ctaId, q.goalId);
  }

  @Get('funnels/:id/results')
  async funnelResults(
    @CurrentViewer() viewer: Viewer,
    @Param('id') funnelId: string,
    @Query() query: Record<string, unknown>,
  ) {
    const q = parseInput(rangeQuery, query);
    const funnel = await this.record(viewer, 'funnel', funnelId);
    const steps = Array.isArray(funnel.steps) ? (funnel.steps as FunnelStep[]) : [];
    const breakdown = typeof funnel.breakdown === 'string' && funnel.breakdown ? funnel.breakdown : null;
    return funnelReport(this.db, await reportScope(this.db, funnel.websiteId, q), { id: funnel.id, steps, breakdown });
  }

  @Get('reports/goal-completions')
  async goalCompletions(@CurrentViewer() viewer: Viewer, @Query() query: Record<string, unknown>) {
    const q = parseInput(goalCompletionsQuery, query);
    await this.website(viewer, q.websiteId);
    const goal = await this.goalOf(q.websiteId, q.goalId);
    const scope = await reportScope(this.db, q.websiteId, q);
    this.checkHourly(q.interval, scope.days);
    return goalCompletionsReport(this.db, scope, goal, q.interval);
  }

  @Get('reports/metrics')
  async metrics(@CurrentViewer() viewer: Viewer, @Query() query: Record<string, unknown>) {
    const q = parseInput(metricsQuery, query);
    await this.website(viewer, q.websiteId);
    let campaign: { id: string; pageRules: PageRulesInput | null } | undefined;
    if (q.campaignId) {
      campaign = (await campaignPageRules(this.db, q.campaignId, q.websiteId)) ?? undefined;
      if (!campaign) throw ValidationError.field('campaignId', 'Campaign not found');
    }
    const scope = await reportScope(this.db, q.websiteId, q);
    this.checkHourly(q.interval, scope.days);
    return metricsReport(this.db, scope, q.interval, campaign);
  }

  private checkHourly(interval: string, days: { from: string; to: string }): void {
    if (interval !== 'hour') return;
    const span = (Date.parse(`${days.to}T00:00:00Z`) - Date.parse(`${days.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (span > HOURLY_DAYS_MAX)
      throw ValidationError.field(
        'interval',
        `An hourly report covers at most ${HOURLY_DAYS_MAX} days: choose a shorter range or a longer interval`,
      );
  }

  /** A CRO record the viewer may read (404 otherwise; 403 without the product or a reading role). */
  private async record(viewer: Viewer, kind: 'experiment' | 'funnel', recordId: string): Promise<Row> {
    const record = await reportedCroRecord<Row>(this.db, viewer, kind, recordId);
    await this.allowed(viewer, record.organisationId);
    return record;
  }

  /** The website, when the viewer may read its analytics (422 "Website not found" otherwise). */
  private async website(viewer: Viewer, websiteId: string): Promise<void> {
    const organisationId = await websiteOrganisation(this.db, websiteId);
    if (!organisationId || !canReachWebsite(viewer, organisationId, websiteId))
      throw ValidationError.field('websiteId', 'Website not found');
    await this.allowed(viewer, organisationId);
  }

  /** Reports and raw events: the `cro` product, and a CRO role that reads them (not a viewer, not demo mode: CRO_INSIGHT_READERS). */
  private async allowed(viewer: Viewer, organisationId: string): Promise<void> {
    await ensureOrganisationProduct(this.db, organisationId, CRO_PRODUCT);
    const roles = rolesFor(viewer, organisationId);
    if (!hasAnyRole(roles, CRO_READERS)) throw new ForbiddenError(NO_CRO_ACCESS);
    if (!hasAnyRole(roles, CRO_INSIGHT_READERS)) throw new ForbiddenError(NO_CRO_INSIGHTS);
  }

  private async goalOf(
    websiteId: string,
    goalId: string,
  ): Promise<{ id: string; type: string; currency: string | null }> {
    const goal = await goalOnWebsite(this.db, goalId, websiteId);
    if (!goal) throw ValidationError.field('goalId', 'Goal not found');
    return goal;
  }

  private async ctaOnWebsite(websiteId: string, recordId: string, field: string, message: string): Promise<void> {
    if (!(await isCtaOfWebsite(this.db, recordId, websiteId))) throw ValidationError.field(field, message);
  }
}
