import { ANALYTICS_CONTEXT } from '#libs/analytics/src/analytics.context.js';
import { COMMUNITY_CONTEXT } from '#libs/community/src/community.context.js';
import { CRO_CONTEXT } from '#libs/cro/src/cro.context.js';
import { EXPERTS_CONTEXT } from '#libs/experts/src/experts.context.js';
import { IDENTITY_CONTEXT } from '#libs/identity/src/identity.context.js';
import { ORGANISATIONS_CONTEXT } from '#libs/organisations/src/organisations.context.js';
import { POSTS_CONTEXT } from '#libs/posts/src/posts.context.js';
import { auditActorsProjection } from '#libs/platform/src/audit/audit-actors.projection.js';
import { auditProjection } from '#libs/platform/src/audit/audit.projection.js';
import { catalogOf, type ContextDefinition } from '#libs/platform/src/context.js';
import { KafkaRelay } from '#libs/platform/src/kafka/kafka-relay.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import type { Logger } from '#libs/platform/src/logging.js';
import type { RelaySubscriber } from '#libs/platform/src/projections/projection.js';
import type { Catalog } from '#libs/platform/src/runtime.js';

/** The product's contexts, each below those it imports (docs/architecture.md). */
export const CONTEXTS: readonly ContextDefinition[] = [
  IDENTITY_CONTEXT,
  ORGANISATIONS_CONTEXT,
  COMMUNITY_CONTEXT,
  POSTS_CONTEXT,
  EXPERTS_CONTEXT,
  CRO_CONTEXT,
  ANALYTICS_CONTEXT,
];

/** Every event type, decider, projection, process and table of the product: one list for the api, worker, CLI and bench. The audit's projections read every context's events. */
export const catalog: Catalog = catalogOf(CONTEXTS, { projections: [auditActorsProjection, auditProjection] });

/** The Kafka relay when `KAFKA_BROKERS` is set. */
export function relays(config: AppConfig, log: Logger): RelaySubscriber[] {
  if (!config.kafkaBrokers?.length) return [];
  return [new KafkaRelay({ brokers: config.kafkaBrokers, topicPrefix: config.kafkaTopicPrefix, logger: log })];
}
