import { randomUUID } from 'node:crypto';
import { Controller, HttpCode, Inject, PayloadTooLargeException, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { enrich } from '../domain/enrichment.js';
import { recordExposureNetworks } from '../read/exposure-networks.js';
import { IngestionLoad } from './ingestion-load.js';
import { TrackingProducer } from './tracking-topic.js';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { Public } from '#libs/platform/src/auth/public.decorator.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { BadRequestError, NotFoundError, TooManyRequestsError } from '#libs/platform/src/errors.js';
import { checkJson } from '#libs/platform/src/http/input-guard.js';
import { TOO_MANY_REQUESTS } from '#libs/platform/src/http/rate-limit.js';
import { CONFIG, SQL } from '#libs/platform/src/tokens.js';
import { validateCollectBatch, type CollectedEvent } from '#libs/cro/src/domain/collect-events.js';
import { excludedPages } from '#libs/cro/src/domain/excluded-page.decider.js';
import { CRO_PRODUCT } from '#libs/cro/src/access.js';
import { formFields } from '#libs/cro/src/domain/submission-fields.js';
import {
  collectContext,
  insertCollectedEvents,
  type EventEnrichment,
  type EventToStore,
  type IdField,
} from '#libs/cro/src/projections/tracking.js';
import { queueDeliveries, type CtaDeliverySettings } from '#libs/cro/src/projections/tracking.js';
import { SubmissionDeliveryJob, deliveriesOf } from '#libs/cro/src/processes/submission-delivery.js';
import { CollectWriter } from '#libs/cro/src/public/collect-writer.js';
import { UNKNOWN_SITE_KEY } from '#libs/cro/src/public/placements.controller.js';
import type { GeoLocation } from '#libs/cro/src/public/geoip.js';
import { GeoIpService } from '#libs/cro/src/public/geoip.service.js';
import { allowSiteOrigin, pageOnWebsite, websiteDomains } from '#libs/cro/src/public/site-origin.js';

/** The largest body `POST /api/public/collect` takes (a full batch of 100 events fits easily). */
export const COLLECT_BODY_LIMIT = 64 * 1024;
export const NOT_JSON = 'The request body is not valid JSON';

/** Why an event naming a record of another website (or none) is rejected. */
export const FOREIGN_ID = {
  ctaId: 'ctaId is not a CTA of this website',
  campaignId: 'campaignId is not a campaign of this website',
  experimentId: 'experimentId is not an experiment of this website',
} as const;
/** Why a form submission to a CTA that is not live (draft, in review, deleted) is rejected. */
export const FORM_NOT_LIVE = 'ctaId is not a live CTA: forms are taken only from published CTAs';
/** Why an event whose page is on none of the website's domains (its domain, its tracking domains, their subdomains) is rejected. */
export const FOREIGN_URL = 'url is not on this website or its tracking domains';
/** Why an event on a page that an active excluded-page rule of the website names is rejected. */
export const EXCLUDED_PAGE = 'page is excluded from tracking';
const ID_FIELDS = ['ctaId', 'campaignId', 'experimentId'] as const;

export interface CollectAnswer {
  accepted: number;
  duplicates: number;
  rejected: { index: number; reason: string }[];
}

/**
 * `POST /api/public/collect` (DESIGN.md "Public delivery", "Analytics definitions"): a batch
 * `{ siteKey, events }` from the tracker, sent as `text/plain` (no preflight; the body is JSON) or
 * `application/json`, at most 64 kB (413 beyond).
 *
 * 1. `validateCollectBatch` (libs/cro/src/domain/collect-events.ts): a body that is not a batch
 *    answers 400; each bad event is rejected with its reason, the others are kept.
 * 2. The key must be an active website's (404 otherwise). An event's `url`, when it has one, must
 *    be on the website's domain or one of its tracking domains (analytics settings), or a subdomain
 *    of one (`FOREIGN_URL`), and not on a page the website excludes from tracking (an active
 *    excluded-page rule, `excludedPages` of libs/cro/src/domain/excluded-page.decider.ts:
 *    `EXCLUDED_PAGE`; the rules are read once per batch). Every `ctaId`, `campaignId` and
 *    `experimentId` must name a record of that website (any status): else the event is rejected
 *    (`FOREIGN_ID`). A `form_submitted` event must name a live (`active`) CTA (`FORM_NOT_LIVE`);
 *    it keeps only the fields of that CTA's form (a name a visitor adds is dropped, never stored,
 *    mailed or forwarded: ../domain/submission-fields.ts `formFields`).
 * 3. Each kept event is enriched (libs/analytics/src/domain/enrichment.ts): device, OS and browser
 *    from the request's `User-Agent` (the visitor's browser sends the batch), `bot` (stored, left
 *    out of reports), the referrer class, the UTMs (the event's, else its URL's), and country and
 *    city of the client address when `GEOIP_DATABASE` names a MaxMind database (./geoip.service.ts,
 *    the process's one reader, shared with the placements).
 * 4. The rest is stored idempotently by (website, event id): an id the website already has, or one
 *    repeated in the batch, counts in `duplicates`. Batches of concurrent requests are stored by one
 *    statement (./collect-writer.ts, group commit). An event sent without an id is stored under a
 *    generated one (a random UUID): it cannot be de-duplicated. Each new form submission queues its
 *    deliveries (the CTA's recipients and integrations) in the same statement, for the delivery
 *    job (libs/cro/src/processes/submission-delivery.ts).
 * 5. With `KAFKA_BROKERS` set (libs/analytics/src/ingestion/tracking-topic.ts, docs/analytics.md
 *    "Ingestion through Kafka"), step 4 changes for every event but form submissions: they are
 *    produced to `{KAFKA_TOPIC_PREFIX}.tracking` and the answer waits for the broker's
 *    acknowledgement (all in-sync replicas); the consumer group `{prefix}.tracking-writer` stores
 *    them. Form submissions stay on the direct path (their deliveries are queued in the same
 *    transaction as they are stored); a batch with both stores the submissions in a transaction
 *    that commits only after the broker acknowledged the rest. A broker that does not acknowledge
 *    answers 503 with `Retry-After` (`TrackingUnavailableError`) and nothing is stored.
 *    `duplicates` then counts only what the batch itself repeats and submissions already stored:
 *    whether a produced event repeats an earlier batch is not known at answer time (the consumer
 *    stores it once: storage is idempotent by website and event id), so it counts in `accepted`.
 *
 * Answers 200 `{ accepted, duplicates, rejected: [{ index, reason }] }` (`rejected` in batch
 * order). Limits: per address by the platform's guard (every `/api/public/*` route), and per site
 * key here (`RATE_LIMIT_PUBLIC_SITE_PER_MINUTE`; the guard reads keys from the path or query only);
 * 429 with `Retry-After`. Events are stored for websites whatever their plan: they also prove that
 * the script is installed.
 */
@Controller('public')
export class PublicCollectController {
  private readonly perSite: RateLimiterMemory | null;

  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly deliveries: SubmissionDeliveryJob,
    private readonly tracking: TrackingProducer,
    private readonly geoip: GeoIpService,
    private readonly load: IngestionLoad,
    private readonly writer: CollectWriter,
  ) {
    const points = config.rateLimits.publicPerSite;
    this.perSite = points > 0 ? new RateLimiterMemory({ keyPrefix: 'collect-site', points, duration: 60 }) : null;
  }

  @Public()
  @Post('collect')
  @HttpCode(200)
  async collect(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<CollectAnswer> {
    response.setHeader('Cache-Control', 'no-store');
    const body = bodyOf(request);
    const now = Date.now();
    const batch = validateCollectBatch(body, now);
    await this.take(batch.siteKey);
    const events = batch.valid.map((v) => v.event);
    // Form submissions are taken only for the website's live CTAs (they are mailed and forwarded).
    const formCtas = [
      ...new Set(events.flatMap((event) => (event.name === 'form_submitted' && event.ctaId ? [event.ctaId] : []))),
    ];
    // One statement: the website, the ids the batch names, the excluded-page rules and the form CTAs it needs.
    const context = await collectContext(
      this.db,
      batch.siteKey,
      CRO_PRODUCT,
      {
        ctaId: named(events, 'ctaId'),
        campaignId: named(events, 'campaignId'),
        experimentId: named(events, 'experimentId'),
      },
      events.some((event) => event.url !== null),
      formCtas,
    );
    if (!context) throw new NotFoundError(UNKNOWN_SITE_KEY);
    const { website, checks } = context;
    allowSiteOrigin(request, response, website);

    const rejected = [...batch.rejected];
    const foreign = foreignIds(events, checks.known);
    const ctas = checks.formCtas;
    const domains = websiteDomains(website);
    const userAgent = request.headers['user-agent'];
    const location = batch.valid.length > 0 ? await this.geoip.lookup(request.ip) : null;
    // The rules are read once for the batch (each event's page is then one comparison per rule).
    const excluded = excludedPages(checks.excludedRules);
    const toStore: EventToStore[] = [];
    for (const { index, event } of batch.valid) {
      const field = ID_FIELDS.find((f) => event[f] !== null && foreign[f].has(event[f]!));
      // The page's URL is parsed once, here, and the exclusion test and the enrichment read it.
      const page = event.url === null ? null : pageOnWebsite(event.url, domains);
      if (event.url !== null && !page) rejected.push({ index, reason: FOREIGN_URL });
      else if (page && excluded(page)) rejected.push({ index, reason: EXCLUDED_PAGE });
      else if (field) rejected.push({ index, reason: FOREIGN_ID[field] });
      else if (event.name === 'form_submitted' && ctas.get(event.ctaId!)?.status !== 'active')
        rejected.push({ index, reason: FORM_NOT_LIVE });
      else
        toStore.push({
          id: event.id ?? randomUUID(),
          event: ownFieldsOnly(event, ctas),
          enrichment: enrichmentOf(event, page, userAgent, domains, location),
        });
    }
    const receivedAt = new Date(now);
    // With Kafka: form submissions are stored here, the rest goes to the tracking topic.
    const direct = this.tracking.enabled ? toStore.filter(({ event }) => event.name === 'form_submitted') : toStore;
    const produced = this.tracking.enabled ? toStore.filter(({ event }) => event.name !== 'form_submitted') : [];
    const owner = { id: website.id, organisationId: website.organisationId };
    const submissions = direct
      .filter(({ event }) => event.name === 'form_submitted')
      .map(({ id, event }) => ({ id, ctaId: event.ctaId!, time: event.time }));
    let inserted = new Set<string>();
    let queued = 0;
    if (produced.length === 0) {
      // Nothing to produce: one INSERT statement stores the events and queues the deliveries of the
      // submissions it stored (atomic on its own), and concurrent requests share it
      // (./collect-writer.ts, group commit). A stored submission always has its deliveries queued, once.
      const deliveries = deliveriesOf(submissions, ctas, this.config.cro);
      inserted = await this.writer.write({ website: owner, events: direct, receivedAt, deliveries });
      queued = deliveries.filter((d) => inserted.has(d.submissionId)).length;
    } else if (direct.length > 0) {
      // The events and the deliveries of the submissions among them, in one transaction: a stored
      // submission always has its deliveries queued, once. The transaction commits only after the
      // broker acknowledged the produced events: a 503 leaves nothing stored.
      ({ inserted, queued } = await this.db.transaction(async (tx) => {
        const stored = await insertCollectedEvents(tx, website, direct, receivedAt);
        const deliveries = deliveriesOf(
          submissions.filter(({ id }) => stored.has(id)),
          ctas,
          this.config.cro,
        );
        await queueDeliveries(tx, website, deliveries);
        await this.tracking.produce(owner, produced, receivedAt);
        return { inserted: stored, queued: deliveries.length };
      }));
    } else {
      await this.tracking.produce(owner, produced, receivedAt);
    }
    // The networks exposures come from, for the end rules' traffic check (issue 25; the address itself is not kept).
    const exposures = toStore.flatMap(({ event }) =>
      event.name === 'experiment_exposure' && event.experimentId
        ? [{ experimentId: event.experimentId, distinctId: event.distinctId }]
        : [],
    );
    await recordExposureNetworks(this.db, website.id, exposures, request.ip);
    if (queued > 0) this.deliveries.wake();
    this.load.record(toStore.length);
    rejected.sort((a, b) => a.index - b.index);
    // A produced event counts as accepted: whether it repeats one of an earlier batch is known only
    // to the consumer, which stores it once (storage is idempotent by website and event id).
    return {
      accepted: inserted.size + produced.length,
      duplicates: batch.duplicates.length + (direct.length - inserted.size),
      rejected,
    };
  }

  private async take(siteKey: string): Promise<void> {
    if (!this.perSite) return;
    try {
      await this.perSite.consume(siteKey.slice(0, 100));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw new TooManyRequestsError(TOO_MANY_REQUESTS, {
        retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
      });
    }
  }
}

/** The distinct ids of one kind that the events name. */
function named(events: readonly CollectedEvent[], field: IdField): string[] {
  return [...new Set(events.map((e) => e[field]).filter((id): id is string => id !== null))];
}
/** A form submission keeps only the fields of its CTA's form: a name a visitor adds is dropped (never stored, mailed or forwarded). */
function ownFieldsOnly(event: CollectedEvent, ctas: ReadonlyMap<string, CtaDeliverySettings>): CollectedEvent {
  if (event.name !== 'form_submitted' || !event.fields) return event;
  return { ...event, fields: formFields(event.fields, ctas.get(event.ctaId!)?.items) };
}

/** The ids of each kind that the events name and that are NOT records of the website. */
function foreignIds(
  events: readonly CollectedEvent[],
  known: Record<IdField, Set<string>>,
): Record<IdField, Set<string>> {
  const result = { ctaId: new Set<string>(), campaignId: new Set<string>(), experimentId: new Set<string>() };
  for (const field of ID_FIELDS)
    for (const id of named(events, field)) if (!known[field].has(id)) result[field].add(id);
  return result;
}

/** What ingestion adds to one event: see libs/analytics/src/domain/enrichment.ts. */
function enrichmentOf(
  event: CollectedEvent,
  page: URL | null,
  userAgent: string | undefined,
  domains: readonly string[],
  location: GeoLocation | null,
): EventEnrichment {
  const found = enrich({
    userAgent,
    url: event.url,
    page,
    referrer: event.referrer,
    utm: event.utm,
    websiteDomains: domains,
  });
  const anyUtm = Object.values(found.utm).some((v) => v !== null);
  return {
    device: found.device,
    os: found.os,
    browser: found.browser,
    bot: found.bot,
    country: location?.country ?? null,
    city: location?.city ?? null,
    referrerClass: found.referrerClass,
    utm: anyUtm ? found.utm : null,
  };
}

/**
 * The batch: `application/json` arrives parsed; `text/plain` (what the tracker and `sendBeacon`
 * send) arrives as text and is parsed here, with the same checks the input guard makes of JSON
 * bodies (no NUL, no lone surrogate, bounded depth). Over 64 kB: 413.
 */
function bodyOf(request: Request): unknown {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > COLLECT_BODY_LIMIT) throw new PayloadTooLargeException();
  const body: unknown = request.body;
  if (typeof body !== 'string') {
    if (
      body !== undefined &&
      body !== null &&
      typeof body === 'object' &&
      JSON.stringify(body).length > COLLECT_BODY_LIMIT
    )
      throw new PayloadTooLargeException();
    return body;
  }
  if (Buffer.byteLength(body) > COLLECT_BODY_LIMIT) throw new PayloadTooLargeException();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new BadRequestError(NOT_JSON);
  }
  checkJson(parsed);
  return parsed;
}
