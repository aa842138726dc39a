import { setImmediate } from 'node:timers/promises';
import type { SqlDriver, SqlExecutor } from '#libs/eventstore/src/index.js';
import {
  defaultPages,
  generateTraffic,
  pageKey,
  type TrafficCta,
  type TrafficExperiment,
  type TrafficGoal,
  type TrafficOptions,
} from '#libs/analytics/src/demo/traffic-generator.js';
import { INPUT_ITEM_TYPES } from '#libs/cro/src/domain/cro-fields.js';
import { insertCollectedEvents, type EventToStore } from '#libs/cro/src/projections/collected-events.js';
import { loadDelivery, placementsFor } from '#libs/cro/src/public/placements.js';
import { recordExposureNetworks } from '#libs/analytics/src/read/exposure-networks.js';

/**
 * Traffic for a website from the traffic generator (libs/analytics/src/demo/traffic-generator.ts),
 * written straight into `collected_events` with the enrichment ingestion would have stored (no
 * HTTP, no rate limit, no form deliveries: nobody is mailed for a generated sign-up). The same
 * insert as ingestion (`insertCollectedEvents`) queues the visitors for the analytics projector,
 * which then fills the reports' read models in the background.
 *
 * What the traffic is made of comes from the website's read models, as the tracker would meet
 * them: the pages each active CTA is shown on by a live campaign (`placementsFor`, the placements
 * endpoint's own matching), the live experiments with their page and variants, the goals (value
 * goals get values in `VALUE_RANGE`), the website's control group and its time zone.
 */

/** The values of value goals (a shop's order values). */
export const VALUE_RANGE: readonly [number, number] = [15, 120];

/** The demo's first-start traffic: Demo Shop's last 90 days. */
export const DEMO_TRAFFIC = {
  seed: 20_260_301,
  visitors: 2_000,
  days: 90,
  /**
   * The control group the demo's traffic was collected with when the website has none set, so the
   * incrementality report has a held-out group to compare with.
   */
  controlGroupPct: 10,
  /** The traffic ends an hour before the first start: events sent by hand afterwards show on their own. */
  quietMs: 3_600_000,
} as const;

/** Demo Shop's pages, most visited first (its products, guides and care pages; no account pages: excluded). */
export function demoShopPages(origin: string): string[] {
  const base = new URL(origin).origin;
  return [
    '/',
    '/products/brass-watering-can',
    '/guides',
    '/products/ceramic-pot',
    '/guides/watering',
    '/products/plant-food',
    '/care/ferns',
    '/guides/repotting',
    '/sale',
    '/care/orchids',
    '/products',
    '/care/succulents',
    '/cart',
    '/checkout',
    '/about',
  ].map((path) => `${base}${path}`);
}

export interface WebsiteTraffic {
  website: {
    id: string;
    organisationId: string;
    url: string;
    timezone: string | null;
    currency: string | null;
    controlGroupPct: number;
  };
  ctas: TrafficCta[];
  experiments: TrafficExperiment[];
  goals: TrafficGoal[];
  /** The pages the CTAs were placed on: those given, else `defaultPages` and the pages the records name (campaign URLs, experiment pages). */
  pages: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const own = (value: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(value, key) ? value[key] : undefined;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const INPUT_TYPES: ReadonlySet<string> = new Set(INPUT_ITEM_TYPES);

/** What the website's traffic is made of (null when the website is unknown); `pages` decide where each CTA shows. */
export async function websiteTraffic(
  db: SqlExecutor,
  websiteId: string,
  pages?: readonly string[],
): Promise<WebsiteTraffic | null> {
  const found = await db.query<{
    id: string;
    organisation_id: string;
    url: string;
    timezone: string | null;
    currency: string | null;
    control: string | null;
  }>(
    `SELECT id, organisation_id, url, record->>'timezone' AS timezone, record->>'currency' AS currency,
            record->'analytics'->>'controlGroupPct' AS control
       FROM rm_websites WHERE id = $1`,
    [websiteId],
  );
  const row = found.rows[0];
  if (!row) return null;
  const pct = row.control === null ? 0 : Number(row.control);
  const website = {
    id: row.id,
    organisationId: row.organisation_id,
    url: row.url,
    timezone: row.timezone,
    currency: row.currency,
    controlGroupPct: Number.isFinite(pct) ? Math.min(100, Math.max(0, pct)) : 0,
  };

  const experiments = await db.query<{ id: string; record: Record<string, unknown> }>(
    `SELECT id, record FROM rm_experiments WHERE website_id = $1 AND status = 'live' ORDER BY created_at, id`,
    [websiteId],
  );
  const liveExperiments: TrafficExperiment[] = [];
  for (const { id, record } of experiments.rows) {
    const variants = (Array.isArray(own(record, 'variants')) ? (own(record, 'variants') as unknown[]) : [])
      .filter(isObject)
      .flatMap((v) => {
        const key = text(own(v, 'key'));
        const weight = own(v, 'weight');
        return key !== null && typeof weight === 'number' && Number.isFinite(weight) && weight > 0
          ? [{ key, weight }]
          : [];
      });
    if (variants.length > 0) liveExperiments.push({ id, variants, pageUrl: text(own(record, 'pageUrl')) });
  }

  const goals = await db.query<{ fields: Record<string, unknown> }>(
    `SELECT state->'fields' AS fields FROM rm_goals WHERE website_id = $1 AND status <> 'deleted' ORDER BY created_at, id`,
    [websiteId],
  );
  const trafficGoals: TrafficGoal[] = goals.rows.flatMap(({ fields }) => {
    const event = isObject(fields) ? text(own(fields, 'event')) : null;
    if (event === null) return [];
    const value = own(fields, 'type') === 'value';
    return [
      {
        event,
        valueRange: value ? VALUE_RANGE : null,
        currency: value ? (text(own(fields, 'currency')) ?? website.currency) : null,
      },
    ];
  });

  const campaigns = await db.query<{ url: string | null }>(
    `SELECT record->>'url' AS url FROM rm_campaigns WHERE website_id = $1 AND status = 'live'`,
    [websiteId],
  );
  const namedPages = [...campaigns.rows.map((c) => c.url), ...liveExperiments.map((e) => e.pageUrl ?? null)].filter(
    (u): u is string => u !== null && pageKey(u) !== null,
  );
  const pageList = pages ? [...pages] : [...new Set([...defaultPages(row.url), ...namedPages])];

  // Where each active CTA shows: the pages a live campaign places it on (the placements' matching).
  const delivery = await loadDelivery(db, websiteId);
  const shown = new Map<string, { campaignId: string; pages: string[]; type: string; items: unknown[] }>();
  for (const page of pageList) {
    let url: URL;
    try {
      url = new URL(page);
    } catch {
      continue;
    }
    const placed = placementsFor(delivery, url, 0);
    for (const campaign of placed.campaigns) {
      for (const container of campaign.containers) {
        const cta = placed.ctas.find((c) => c.id === container.ctaId);
        if (!cta) continue;
        const entry = shown.get(cta.id) ?? { campaignId: campaign.id, pages: [], type: cta.type, items: cta.items };
        if (!entry.pages.includes(page)) entry.pages.push(page);
        shown.set(cta.id, entry);
      }
    }
  }
  const ctas: TrafficCta[] = [...shown].map(([id, cta]) => {
    const fields = cta.items.filter(isObject).flatMap((item) => {
      const name = text(own(item, 'name'));
      const type = text(own(item, 'type'));
      // A form's inputs (hidden ones are filled by the page, not the visitor).
      return name !== null && type !== null && type !== 'hidden' && type !== 'file' && INPUT_TYPES.has(type)
        ? [name]
        : [];
    });
    return {
      id,
      campaignId: cta.campaignId,
      pages: cta.pages,
      popup: cta.type === 'popup',
      form: fields.length > 0,
      fields,
    };
  });
  return { website, ctas, experiments: liveExperiments, goals: trafficGoals, pages: pageList };
}

/** The offset from UTC of a time zone at an instant, in minutes (0 when the zone is unknown). */
export function utcOffsetMinutes(timeZone: string | null, at: Date): number {
  if (!timeZone) return 0;
  try {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
    const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
    if (!match) return 0;
    if (!match[1]) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return 0;
  }
}

/** A made-up public address for the generated visitor `index`: one /24 network per visitor (a few hundred thousand before any repeats). */
export function demoAddress(index: number): string {
  return `${11 + ((index >> 16) % 100)}.${(index >> 8) & 255}.${index & 255}.7`;
}

export interface WriteProgress {
  events: number;
  /** Visitors whose events were all written. */
  visitors: number;
  elapsedMs: number;
}

/**
 * Writes the traffic of `options` for the website in batches of `batchSize` events (default
 * 2,000; one multi-row insert each, `insertCollectedEvents`; the next batch is generated while the
 * previous one is written). Answers the events written, those new (an id already stored is
 * skipped: the same seed twice stores nothing more), the visitors and the time it took. A failed
 * insert stops it with that error.
 */
export async function writeTraffic(
  db: SqlExecutor,
  website: { id: string; organisationId: string },
  options: TrafficOptions,
  settings: { batchSize?: number; receivedAt?: Date; onProgress?: (progress: WriteProgress) => void } = {},
): Promise<{ events: number; inserted: number; visitors: number; ms: number }> {
  const batchSize = Math.max(1, Math.min(settings.batchSize ?? 2_000, 50_000));
  const receivedAt = settings.receivedAt ?? new Date();
  const started = performance.now();
  let events = 0;
  let inserted = 0;
  let visitors = 0;
  let lastVisitor = -1;
  // One insert in flight while the next batch is generated (on PostgreSQL the server works meanwhile).
  let writing: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  const settle = async () => {
    if (writing) await writing;
    writing = null;
    if (failure) throw failure.error;
  };
  let batch: (EventToStore & { visitor: { index: number } })[] = [];
  const flush = async (full: (EventToStore & { visitor: { index: number } })[], doneVisitors: number) => {
    await settle();
    writing = insertCollectedEvents(db, website, full, receivedAt).then(
      async (stored) => {
        // Each generated visitor comes from a network of its own (a made-up address), as people do: the end rules'
        // traffic check (libs/analytics/src/domain/end-rules.ts) sees the demo's exposures as the real ones they stand for.
        const exposures = new Map<number, { experimentId: string; distinctId: string }[]>();
        for (const item of full) {
          if (item.event.name !== 'experiment_exposure' || !item.event.experimentId || !stored.has(item.id)) continue;
          const list = exposures.get(item.visitor.index) ?? [];
          list.push({ experimentId: item.event.experimentId, distinctId: item.event.distinctId });
          exposures.set(item.visitor.index, list);
        }
        for (const [index, list] of exposures) await recordExposureNetworks(db, website.id, list, demoAddress(index));
        inserted += stored.size;
        events += full.length;
        settings.onProgress?.({ events, visitors: doneVisitors, elapsedMs: performance.now() - started });
      },
      (error: unknown) => {
        failure = { error };
      },
    );
    // Let the statement leave before the next batch is generated (generation is synchronous).
    await setImmediate();
  };
  for (const item of generateTraffic(options)) {
    if (item.visitor.index !== lastVisitor) {
      lastVisitor = item.visitor.index;
      visitors += 1;
    }
    batch.push(item);
    if (batch.length >= batchSize) {
      await flush(batch, visitors - 1);
      batch = [];
    }
  }
  if (batch.length > 0) await flush(batch, visitors);
  await settle();
  return { events, inserted, visitors, ms: Math.round(performance.now() - started) };
}

/**
 * The demo's first-start traffic for Demo Shop (after its CRO seed): DEMO_TRAFFIC's visitors over
 * the last 90 days, with the shop's real CTAs, campaigns, live experiments and goals. Answers what
 * was written (null when the website is unknown).
 */
export async function seedDemoTraffic(
  db: SqlDriver,
  websiteId: string,
  now: Date = new Date(),
): Promise<{ events: number; visitors: number; ms: number } | null> {
  const origin = (await db.query<{ url: string }>('SELECT url FROM rm_websites WHERE id = $1', [websiteId])).rows[0]
    ?.url;
  if (!origin) return null;
  const pages = demoShopPages(origin);
  const traffic = await websiteTraffic(db, websiteId, pages);
  if (!traffic) return null;
  const end = new Date(Math.floor((now.getTime() - DEMO_TRAFFIC.quietMs) / 60_000) * 60_000);
  // One transaction: nothing half-written if the start is interrupted, and one commit instead of one per batch.
  const written = await db.transaction((tx) =>
    writeTraffic(
      tx,
      traffic.website,
      {
        seed: DEMO_TRAFFIC.seed,
        visitors: DEMO_TRAFFIC.visitors,
        days: DEMO_TRAFFIC.days,
        end,
        pages,
        ctas: traffic.ctas,
        experiments: traffic.experiments,
        goals: traffic.goals,
        controlGroupPct:
          traffic.website.controlGroupPct > 0 ? traffic.website.controlGroupPct : DEMO_TRAFFIC.controlGroupPct,
        utcOffsetMinutes: utcOffsetMinutes(traffic.website.timezone, end),
        currency: traffic.website.currency ?? 'EUR',
        idPrefix: 'demo',
      },
      { receivedAt: now },
    ),
  );
  return { events: written.events, visitors: written.visitors, ms: written.ms };
}
