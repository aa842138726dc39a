import type { ContextDefinition } from '#libs/platform/src/context.js';
import { CroModule } from './cro.module.js';
import { CRO_DECIDERS } from './domain/deciders.js';
import { CRO_EVENT_TYPES } from './domain/kinds.js';
import { CRO_SECRETS_SCHEMA } from './integrations/secrets.js';
import { duplicatesProcess } from './processes/duplicates.process.js';
import { generationProcess } from './processes/generation.process.js';
import { COLLECTED_EVENTS_SCHEMA } from './projections/collected-events.js';
import { CRO_PROJECTIONS } from './projections/cro-records.projection.js';
import { ctaTemplatesProjection } from './projections/cta-templates.projection.js';
import { CRO_NOTIFICATION_MAIL_SCHEMA, notificationRecipientsProjection } from './projections/notification-mail.js';
import { CRO_SUBMISSIONS_SCHEMA } from './projections/submissions.js';

/** Conversion optimisation: CTAs, campaigns, experiments, products, goals, URL lists, funnels, excluded pages; the tracking tables. */
export const CRO_CONTEXT: ContextDefinition = {
  name: 'cro',
  eventTypes: CRO_EVENT_TYPES,
  deciders: CRO_DECIDERS,
  projections: [...CRO_PROJECTIONS, ctaTemplatesProjection, notificationRecipientsProjection],
  processes: [duplicatesProcess, generationProcess],
  schemas: [CRO_SECRETS_SCHEMA, COLLECTED_EVENTS_SCHEMA, CRO_SUBMISSIONS_SCHEMA, CRO_NOTIFICATION_MAIL_SCHEMA],
  module: CroModule,
};
