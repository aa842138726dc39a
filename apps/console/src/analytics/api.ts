import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useGetList, useStore, type Identifier, type RaRecord } from 'react-admin';
import type { DateRangeValue } from '../common/dateRanges';
import type { ConsoleDataProvider, ReadParams } from '../providers/dataProvider';
import type { Website } from '../types';

/*
 * The analytics reports the console reads (DESIGN.md "Report endpoints";
 * libs/analytics/src/http/analytics.controller.ts and libs/analytics/src/read/report-service.ts).
 * Undefined figures are `null`, never NaN.
 */

export interface MetricTotals {
  pageViews: number;
  visitors: number;
  organicTraffic: number;
  impressions: number;
  clicks: number;
  ctr: number | null;
  conversions: number;
  revenue: number;
  revenuePerVisitor: number | null;
  conversionRate: number | null;
  coverage: number | null;
}

export interface MetricPoint {
  period: string;
  pageViews: number;
  organicTraffic: number;
  visitors: number;
  impressions: number;
  clicks: number;
  conversions: number;
  revenue: number;
}

export interface TopPage {
  page: string;
  views: number;
  organic: number;
  landings: number;
  visitors: number;
}

/** `GET /api/reports/metrics` */
export interface MetricsReport {
  from: string;
  to: string;
  interval: string;
  totals: MetricTotals;
  points: MetricPoint[];
  topPages: TopPage[];
  pendingVisitors: number;
}

/** One row of `GET /api/reports/attribution`. */
export interface AttributionRow {
  ctaId: string;
  conversions: number;
  revenue: number;
  assistedConversions: number;
  assistedRevenue: number;
  impressions: number;
  clicks: number;
  ctr: number | null;
  conversionRate: number | null;
  revenuePerVisitor: number | null;
}

export type {
  IncrementalityGroup,
  Incrementality,
  GoalCompletions,
  ControlResult,
  VariantResult,
  ExperimentResults,
} from './results';

export interface FunnelStepResult {
  event: string;
  count: number;
  conversionFromFirst: number | null;
  conversionFromPrevious: number | null;
  dropOff: number | null;
  meanSecondsFromPrevious: number | null;
  medianSecondsFromPrevious: number | null;
}

/** `GET /api/funnels/{id}/results` */
export interface FunnelResults {
  steps: FunnelStepResult[];
  breakdown?: { value: string | null; steps: FunnelStepResult[] }[];
  pendingVisitors?: number;
}

/** A step filter's operator: one of `GET /api/funnels/options` `values.filterOperator`. */
export type FilterOperator = string;

export interface StepFilter {
  property: string;
  operator: FilterOperator;
  value?: string;
}

export interface FunnelStep {
  event: string;
  filters?: StepFilter[];
}

/** A funnel (`/api/funnels`, a CRO resource). */
export interface Funnel extends RaRecord {
  websiteId: Identifier;
  name: string;
  steps: FunnelStep[];
  windowSeconds: number;
  breakdown: string | null;
  version: number;
  allowedActions?: string[];
}

/** A stored tracking event (`GET /api/analytics-events`). */
export interface AnalyticsEvent extends RaRecord {
  name: string;
  time: string;
  distinctId: string;
  city?: string | null;
  country?: string | null;
  os?: string | null;
  browser?: string | null;
  device?: string | null;
  url?: string | null;
  landingPage?: string | null;
  referrer?: string | null;
  referrerClass?: string | null;
  utm?: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string>> | null;
}

/** A conversion goal, as the pickers need it. */
export interface Goal extends RaRecord {
  name: string;
  type: 'count' | 'value';
  currency?: string | null;
}

/** The attribution models `GET /api/reports/attribution` takes, in the picker's order. */
export const ATTRIBUTION_MODELS = [
  'last-touch',
  'first-touch',
  'u-shape',
  'linear',
  'time-decay',
  'single-touch',
  'assist',
] as const;
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];

/** The date range picker's presets as the API's named ranges (`range=`). */
const RANGE_NAMES = {
  '7d': 'last_7_days',
  '28d': 'last_28_days',
  '3m': 'last_3_months',
  '6m': 'last_6_months',
  '12m': 'last_12_months',
  '16m': 'last_16_months',
  all: 'all_time',
} as const;

/**
 * The query of a chosen range: a named range (the API counts it in the website's timezone), or a
 * custom range's days (`from` / `to`, either may be missing).
 */
export const rangeParams = (value: DateRangeValue): ReadParams =>
  value.preset === 'custom' ? { from: value.from, to: value.to } : { range: RANGE_NAMES[value.preset] };

/** Polls every 2 s while the API is still computing visitors (`pendingVisitors > 0`). */
const POLL_MS = 2000;
const pending = (data: unknown) => {
  const left = (data as { pendingVisitors?: unknown } | undefined)?.pendingVisitors;
  return typeof left === 'number' && left > 0;
};

/** `GET /api/reports/{name}?...` through the data provider (react-query; polled while visitors are being computed). */
export const useReport = <T>(name: string, params: ReadParams, enabled = true) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: ['analytics', name, params],
    queryFn: async () => (await dataProvider.report<T>(name, params)).data,
    enabled,
    retry: false,
    refetchInterval: (query) => (pending(query.state.data) ? POLL_MS : false),
  });
};

/** `GET /api/{resource}/{id}/results` (an experiment's or a funnel's). */
export const useResults = <T>(
  resource: 'experiments' | 'funnels',
  id: Identifier | undefined,
  params: ReadParams = {},
) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: ['analytics', resource, id, 'results', params],
    queryFn: async () => (await dataProvider.getPart<T>(resource, id!, 'results', params)).data,
    enabled: id !== undefined && id !== null && id !== '',
    retry: false,
    refetchInterval: (query) => (pending(query.state.data) ? POLL_MS : false),
  });
};

/** One row of `GET /api/analytics-events`, the newest: its total says whether any event arrived. */
const LATEST_EVENT = { pagination: { page: 1, perPage: 1 }, sort: { field: 'time', order: 'DESC' as const } };

/** How many websites (by name) a first visit looks through for one that has received events. */
const DEFAULT_WEBSITE_PROBES = 20;

/**
 * The website the Analytics area shows: the one chosen last (kept in the console's store), else
 * the first by name that has received events (of the first 20: a first visit opens on traffic
 * where there is some, as the demo's Demo Shop), else the first by name. `websites` are the ones
 * the user reaches.
 */
export const useAnalyticsWebsite = () => {
  const [stored, setStored] = useStore<string>('analytics.websiteId', '');
  const dataProvider = useDataProvider();
  const { data: websites, isPending } = useGetList<Website>('websites', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const chosen = websites?.find((w) => String(w.id) === stored);
  const candidates =
    !chosen && websites && websites.length > 1
      ? websites.slice(0, DEFAULT_WEBSITE_PROBES).map((w) => String(w.id))
      : [];
  const { data: withEvents, isPending: probing } = useQuery({
    queryKey: ['analytics', 'default-website', candidates],
    queryFn: async () => {
      for (const websiteId of candidates) {
        try {
          const { total } = await dataProvider.getList('analytics-events', { ...LATEST_EVENT, filter: { websiteId } });
          if ((total ?? 0) > 0) return websiteId;
        } catch {
          // A website whose events this user may not read: the next one.
        }
      }
      return null;
    },
    enabled: candidates.length > 0,
    staleTime: Infinity,
    retry: false,
  });
  const website = chosen ?? websites?.find((w) => String(w.id) === withEvents) ?? websites?.[0];
  useEffect(() => {
    // A remembered website that is gone (or of another organisation) is forgotten.
    if (websites && stored && !websites.some((w) => String(w.id) === stored)) setStored('');
  }, [websites, stored, setStored]);
  return {
    websites: websites ?? [],
    website,
    websiteId: website ? String(website.id) : undefined,
    setWebsiteId: setStored,
    isPending: isPending || (candidates.length > 0 && probing),
  };
};

/**
 * Whether any tracking event ever arrived from the website (`GET /api/analytics-events`, one row):
 * `false` when none did, `undefined` while unknown (or when the list cannot be read).
 */
export const useHasEvents = (websiteId: string | undefined): boolean | undefined => {
  const { total, error } = useGetList<AnalyticsEvent>(
    'analytics-events',
    { ...LATEST_EVENT, filter: { websiteId } },
    { enabled: Boolean(websiteId), retry: false, onError: () => undefined },
  );
  if (error || total === undefined) return undefined;
  return total > 0;
};
