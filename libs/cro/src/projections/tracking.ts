/**
 * The tracking store's API for the contexts above (analytics: ingestion, the projector,
 * retention, reports). The CRO context owns the tracking tables (`collected_events` and its
 * partitions, the form submissions and their deliveries); other contexts write and maintain them
 * only through these functions, never through the modules that hold their SQL.
 */
export {
  collectContext,
  insertCollectedEvents,
  insertEventGroups,
  storedEventsOfVisitors,
  type EventEnrichment,
  type EventToStore,
  type IdField,
  type StoredEventRow,
} from './collected-events.js';
export { EVENTS_LIST } from './events-list.js';
export { holdPartitionsSteady, maintainEventPartitions, type MaintenanceResult } from './event-partitions.js';
export { dayStart, queueDeliveries, websiteTimeZone, type CtaDeliverySettings } from './submissions.js';
