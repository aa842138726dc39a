import type { ContextDefinition } from '#libs/platform/src/context.js';
import { AnalyticsModule } from './analytics.module.js';
import { ANALYTICS_SCHEMA } from './read/analytics-schema.js';
import { EXPOSURE_NETWORKS_SCHEMA } from './read/exposure-networks.js';

/**
 * Analytics: ingestion of the tracker's events and the reports computed from them. Its
 * projector, end rules and retention run as their own processes (analytics-processes.module.ts),
 * not from the event log.
 */
export const ANALYTICS_CONTEXT: ContextDefinition = {
  name: 'analytics',
  eventTypes: [],
  deciders: [],
  projections: [],
  schemas: [ANALYTICS_SCHEMA, EXPOSURE_NETWORKS_SCHEMA],
  module: AnalyticsModule,
};
