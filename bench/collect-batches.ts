/**
 * The tracking batches of the `ingest` section (bench/analytics-ingest.ts): realistic events from
 * the traffic generator (libs/analytics/src/demo/traffic-generator.ts) for the bench website's
 * pages, CTAs, campaigns, experiment and goals, cut into batches of `size` events made of whole
 * visitors (the last visitor of a batch loses the events that do not fit), so no visitor is in two
 * batches. Deterministic: the load generator (a process of its own) and the baseline (the bench
 * process) make the same batches from the same spec.
 */
import { generateTraffic, type TrafficItem, type TrafficOptions } from '#libs/analytics/src/demo/traffic-generator.js';

export interface BatchSpec {
  /** The generator's options, `end` as an ISO string. */
  traffic: Omit<TrafficOptions, 'end' | 'seed' | 'visitors' | 'idPrefix'> & { end: string };
  seed: number;
  /** Distinct ids and event ids start with it (1-20 of A-Z a-z 0-9 _ -). */
  idPrefix: string;
  batches: number;
  size: number;
}

export interface Batch {
  items: TrafficItem[];
  visitors: string[];
  userAgent: string;
}

/** `spec.batches` batches of exactly `spec.size` events (fewer only if the generator runs dry). */
export function makeBatches(spec: BatchSpec): Batch[] {
  // About 12 events per visitor: ask for enough visitors (the generator stops when the batches are full).
  const visitors = Math.min(10_000_000, Math.ceil((spec.batches * spec.size) / 4) + 100);
  const items = generateTraffic({
    ...spec.traffic,
    end: new Date(spec.traffic.end),
    seed: spec.seed,
    visitors,
    idPrefix: spec.idPrefix,
  });
  const out: Batch[] = [];
  let current: Batch = { items: [], visitors: [], userAgent: '' };
  let skipping: number | null = null;
  for (const item of items) {
    if (item.visitor.index === skipping) continue;
    if (current.items.length === 0 || current.visitors[current.visitors.length - 1] !== item.visitor.distinctId) {
      if (current.items.length === 0) current.userAgent = item.visitor.userAgent;
      current.visitors.push(item.visitor.distinctId);
    }
    current.items.push(item);
    if (current.items.length === spec.size) {
      out.push(current);
      if (out.length === spec.batches) break;
      // The rest of this visitor's events are left out: every visitor is in one batch only.
      skipping = item.visitor.index;
      current = { items: [], visitors: [], userAgent: '' };
    }
  }
  return out;
}

/** The event as the tracker sends it (absent fields left out). */
export function wireEvent(item: TrafficItem): Record<string, unknown> {
  const e = item.event;
  const out: Record<string, unknown> = { id: e.id, name: e.name, distinctId: e.distinctId, time: e.time };
  if (e.sessionId !== null) out.sessionId = e.sessionId;
  if (e.url !== null) out.url = e.url;
  if (e.referrer !== null) out.referrer = e.referrer;
  if (e.utm !== null) out.utm = e.utm;
  if (e.ctaId !== null) out.ctaId = e.ctaId;
  if (e.campaignId !== null) out.campaignId = e.campaignId;
  if (e.experimentId !== null) out.experimentId = e.experimentId;
  if (e.variant !== null) out.variant = e.variant;
  if (e.value !== null) out.value = e.value;
  if (e.currency !== null) out.currency = e.currency;
  if (Object.keys(e.properties).length > 0) out.properties = e.properties;
  if (e.fields !== null) out.fields = e.fields;
  return out;
}
