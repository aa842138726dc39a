import type { ContextDefinition } from '#libs/platform/src/context.js';
import { ORGANISATIONS_DECIDERS } from './domain/deciders.js';
import { ORGANISATION_EVENT_TYPES } from './domain/events.js';
import { ORGANISATIONS_SCHEMA } from './domain/website-fields.js';
import { OrganisationsModule } from './organisations.module.js';
import { foundingProcess } from './processes/founding.process.js';
import { invitationAcceptanceProcess } from './processes/invitation-acceptance.process.js';
import { membershipProcess } from './processes/membership.process.js';
import { signUpProcess } from './processes/sign-up.process.js';
import { websiteDomainsProcess } from './processes/website-domains.process.js';
import { membersProjection } from './projections/members.projection.js';
import { organisationsProjection } from './projections/organisations.projection.js';
import { websitesProjection } from './projections/websites.projection.js';

/** Organisations: their plans, members and websites. */
export const ORGANISATIONS_CONTEXT: ContextDefinition = {
  name: 'organisations',
  eventTypes: ORGANISATION_EVENT_TYPES,
  deciders: ORGANISATIONS_DECIDERS,
  projections: [organisationsProjection, websitesProjection, membersProjection],
  processes: [signUpProcess, foundingProcess, invitationAcceptanceProcess, membershipProcess, websiteDomainsProcess],
  schemas: [ORGANISATIONS_SCHEMA],
  module: OrganisationsModule,
};
