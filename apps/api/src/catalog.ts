import { USER_EVENT_TYPES } from '#libs/identity/src/domain/user.decider.js';
import { COMMUNITY_EVENT_TYPES } from '#libs/community/src/domain/events.js';
import { answersProjection } from '#libs/community/src/projections/answers.projection.js';
import { questionsProjection } from '#libs/community/src/projections/questions.projection.js';
import { usersProjection } from '#libs/identity/src/projections/users.projection.js';
import { viewerAccessProjection } from '#libs/identity/src/projections/viewer-access.projection.js';
import { BIO_EVENT_TYPES } from '#libs/experts/src/domain/bio.decider.js';
import { biosProjection } from '#libs/experts/src/projections/bios.projection.js';
import { POST_EVENT_TYPES } from '#libs/posts/src/domain/post.decider.js';
import { REDIRECT_RULE_EVENT_TYPES } from '#libs/posts/src/domain/redirect-rule.decider.js';
import { postsProjection } from '#libs/posts/src/projections/posts.projection.js';
import { REDIRECT_COUNTERS_SCHEMA } from '#libs/posts/src/projections/redirect-counters.js';
import { redirectRulesProjection } from '#libs/posts/src/projections/redirect-rules.projection.js';
import { stageMetricsProjection } from '#libs/posts/src/projections/stage-metrics.projection.js';
import { auditProjection } from '#libs/platform/src/audit/audit.projection.js';
import { auditActorsProjection } from '#libs/platform/src/audit/audit-actors.projection.js';
import { IDENTITY_SCHEMA } from '#libs/identity/src/schema.js';
import { ORGANISATION_EVENT_TYPES } from '#libs/organisations/src/domain/events.js';
import { ORGANISATIONS_SCHEMA } from '#libs/organisations/src/domain/website-fields.js';
import { organisationsProjection } from '#libs/organisations/src/projections/organisations.projection.js';
import { websitesProjection } from '#libs/organisations/src/projections/websites.projection.js';
import { membersProjection } from '#libs/organisations/src/projections/members.projection.js';
import { CRO_EVENT_TYPES } from '#libs/cro/src/domain/kinds.js';
import { CRO_DECIDERS } from '#libs/cro/src/domain/deciders.js';
import { CRO_PROJECTIONS } from '#libs/cro/src/projections/cro-records.projection.js';
import { ctaTemplatesProjection } from '#libs/cro/src/projections/cta-templates.projection.js';
import { CRO_SECRETS_SCHEMA } from '#libs/cro/src/integrations/secrets.js';
import { generationProcess } from '#libs/cro/src/processes/generation.process.js';
import { duplicatesProcess } from '#libs/cro/src/processes/duplicates.process.js';
import { COLLECTED_EVENTS_SCHEMA } from '#libs/cro/src/projections/collected-events.js';
import { ANALYTICS_SCHEMA } from '#libs/analytics/src/read/analytics-schema.js';
import { EXPOSURE_NETWORKS_SCHEMA } from '#libs/analytics/src/read/exposure-networks.js';
import { CRO_SUBMISSIONS_SCHEMA } from '#libs/cro/src/projections/submissions.js';
import { KafkaRelay } from '#libs/platform/src/kafka/kafka-relay.js';
import { CRO_NOTIFICATION_MAIL_SCHEMA, notificationRecipientsProjection } from '#libs/cro/src/projections/notification-mail.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import type { Logger } from '#libs/platform/src/logging.js';
import type { RelaySubscriber } from '#libs/platform/src/projections/projection.js';
import type { Catalog } from '#libs/platform/src/runtime.js';
import { USER_DECIDERS } from '#libs/identity/src/domain/deciders.js';
import { ORGANISATIONS_DECIDERS } from '#libs/organisations/src/domain/deciders.js';
import { COMMUNITY_DECIDERS } from '#libs/community/src/domain/deciders.js';
import { POSTS_DECIDERS } from '#libs/posts/src/domain/deciders.js';
import { EXPERTS_DECIDERS } from '#libs/experts/src/domain/deciders.js';
import { foundingProcess } from '#libs/organisations/src/processes/founding.process.js';
import { slugRedirectsProcess } from '#libs/posts/src/processes/slug-redirects.process.js';
import { membershipProcess } from '#libs/organisations/src/processes/membership.process.js';
import { signUpProcess } from '#libs/organisations/src/processes/sign-up.process.js';
import { websiteDomainsProcess } from '#libs/organisations/src/processes/website-domains.process.js';
import { inviteeAccountsProcess } from '#libs/identity/src/processes/invitee-accounts.process.js';
import { invitationAcceptanceProcess } from '#libs/organisations/src/processes/invitation-acceptance.process.js';

/** Every event type, projection and table of the product: one list for the api, worker, CLI and bench. */
export const catalog: Catalog = {
  eventTypes: [...USER_EVENT_TYPES, ...ORGANISATION_EVENT_TYPES, ...COMMUNITY_EVENT_TYPES, ...POST_EVENT_TYPES, ...REDIRECT_RULE_EVENT_TYPES, ...BIO_EVENT_TYPES, ...CRO_EVENT_TYPES],
  projections: [
    usersProjection, viewerAccessProjection, organisationsProjection, websitesProjection, membersProjection, questionsProjection, answersProjection,
    postsProjection, redirectRulesProjection, stageMetricsProjection, biosProjection, ...CRO_PROJECTIONS, ctaTemplatesProjection, notificationRecipientsProjection, auditActorsProjection, auditProjection,
  ],
  schemas: [IDENTITY_SCHEMA, ORGANISATIONS_SCHEMA, REDIRECT_COUNTERS_SCHEMA, CRO_SECRETS_SCHEMA, COLLECTED_EVENTS_SCHEMA, CRO_SUBMISSIONS_SCHEMA, CRO_NOTIFICATION_MAIL_SCHEMA, ANALYTICS_SCHEMA, EXPOSURE_NETWORKS_SCHEMA],
  deciders: [...USER_DECIDERS, ...ORGANISATIONS_DECIDERS, ...COMMUNITY_DECIDERS, ...POSTS_DECIDERS, ...EXPERTS_DECIDERS, ...CRO_DECIDERS],
  processes: [signUpProcess, foundingProcess, inviteeAccountsProcess, invitationAcceptanceProcess, membershipProcess, websiteDomainsProcess, slugRedirectsProcess, duplicatesProcess, generationProcess],
};

/** The Kafka relay when `KAFKA_BROKERS` is set. */
export function relays(config: AppConfig, log: Logger): RelaySubscriber[] {
  if (!config.kafkaBrokers?.length) return [];
  return [new KafkaRelay({ brokers: config.kafkaBrokers, topicPrefix: config.kafkaTopicPrefix, logger: log })];
}
