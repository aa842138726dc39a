import { USER_EVENT_TYPES } from '#libs/identity/src/domain/user.decider.js';
import { usersProjection } from '#libs/identity/src/projections/users.projection.js';
import { IDENTITY_SCHEMA } from '#libs/identity/src/schema.js';
import { ORGANISATION_EVENT_TYPES } from '#libs/organisations/src/domain/events.js';
import { organisationsProjection } from '#libs/organisations/src/projections/organisations.projection.js';
import { websitesProjection } from '#libs/organisations/src/projections/websites.projection.js';
import { membersProjection } from '#libs/organisations/src/projections/members.projection.js';
import { KafkaRelay } from '#libs/platform/src/kafka/kafka-relay.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import type { Logger } from '#libs/platform/src/logging.js';
import type { RelaySubscriber } from '#libs/platform/src/projections/projection.js';
import type { Catalog } from '#libs/platform/src/runtime.js';

/** Every event type, projection and table of the product: one list for the api, worker, CLI and bench. */
export const catalog: Catalog = {
  eventTypes: [...USER_EVENT_TYPES, ...ORGANISATION_EVENT_TYPES],
  projections: [usersProjection, organisationsProjection, websitesProjection, membersProjection],
  schemas: [IDENTITY_SCHEMA],
};

/** The Kafka relay when `KAFKA_BROKERS` is set. */
export function relays(config: AppConfig, log: Logger): RelaySubscriber[] {
  if (!config.kafkaBrokers?.length) return [];
  return [new KafkaRelay({ brokers: config.kafkaBrokers, topicPrefix: config.kafkaTopicPrefix, logger: log })];
}
