/**
 * Which tracking events a conversion goal or a funnel step matches (DESIGN.md "Analytics
 * definitions": "Conversion goals match events by name and property filters"). Pure.
 *
 * A filter's `property` names a top-level field of the event (`url`, `path` (the URL's path),
 * `referrer`, `ctaId`, `campaignId`, `experimentId`, `variant`, `value`, `currency`, `utm.source`
 * and the other UTM keys) or else a key of its `properties`. Operators: `equals` and `not_equals`
 * compare as text (`value` 10 equals "10"), `contains` is a case-sensitive substring test,
 * `exists` asks for a value that is not null. A missing property equals nothing, and `not_equals`
 * a missing property is true (it is not that value).
 */

export type FlatValue = string | number | boolean;
export type FilterOperator = 'equals' | 'not_equals' | 'contains' | 'exists';

export interface EventFilter {
  property: string;
  operator: FilterOperator;
  /** Absent for `exists`. */
  value?: FlatValue;
}

/** What a filter can look at: the fields of a stored event. */
export interface FilterableEvent {
  name: string;
  url: string | null;
  referrer: string | null;
  utm: {
    source?: string | null;
    medium?: string | null;
    campaign?: string | null;
    term?: string | null;
    content?: string | null;
  } | null;
  ctaId: string | null;
  campaignId: string | null;
  experimentId: string | null;
  variant: string | null;
  value: number | null;
  currency: string | null;
  properties: Record<string, FlatValue> | null;
}

/** The top-level fields a filter may name (an allow-list: never an index by the filter's word). */
const TOP_LEVEL: Record<string, (e: FilterableEvent) => FlatValue | null | undefined> = {
  url: (e) => e.url,
  path: (e) => pathOf(e.url),
  referrer: (e) => e.referrer,
  ctaId: (e) => e.ctaId,
  campaignId: (e) => e.campaignId,
  experimentId: (e) => e.experimentId,
  variant: (e) => e.variant,
  value: (e) => e.value,
  currency: (e) => e.currency,
  'utm.source': (e) => e.utm?.source,
  'utm.medium': (e) => e.utm?.medium,
  'utm.campaign': (e) => e.utm?.campaign,
  'utm.term': (e) => e.utm?.term,
  'utm.content': (e) => e.utm?.content,
};

/** A URL's path ("/pricing" of "https://shop.example/pricing?x=1"), or null when it is not a URL. */
export function pathOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

/** The value a filter's property names in the event (undefined when it has none). */
export function propertyOf(event: FilterableEvent, property: string): FlatValue | undefined {
  if (Object.hasOwn(TOP_LEVEL, property)) return TOP_LEVEL[property]!(event) ?? undefined;
  const properties = event.properties ?? {};
  return Object.hasOwn(properties, property) ? properties[property] : undefined;
}

export function filterMatches(event: FilterableEvent, filter: EventFilter): boolean {
  const found = propertyOf(event, filter.property);
  switch (filter.operator) {
    case 'exists':
      return found !== undefined && found !== null;
    case 'equals':
      return found !== undefined && String(found) === String(filter.value ?? '');
    case 'not_equals':
      return found === undefined || String(found) !== String(filter.value ?? '');
    case 'contains':
      return found !== undefined && String(found).includes(String(filter.value ?? ''));
    default:
      return false;
  }
}

/** A goal or a funnel step: an event name and filters that must all match. */
export interface EventMatcher {
  event: string;
  filters?: readonly EventFilter[] | null;
}

export function eventMatches(event: FilterableEvent, matcher: EventMatcher): boolean {
  if (event.name !== matcher.event) return false;
  return (matcher.filters ?? []).every((f) => filterMatches(event, f));
}
