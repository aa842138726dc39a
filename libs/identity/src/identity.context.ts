import type { ContextDefinition } from '#libs/platform/src/context.js';
import { USER_DECIDERS } from './domain/deciders.js';
import { USER_EVENT_TYPES } from './domain/user.decider.js';
import { IdentityModule } from './identity.module.js';
import { inviteeAccountsProcess } from './processes/invitee-accounts.process.js';
import { usersProjection } from './projections/users.projection.js';
import { viewerAccessProjection } from './projections/viewer-access.projection.js';
import { IDENTITY_SCHEMA } from './schema.js';

/** Identity: users, sessions, sign-in (passwords, magic links, OIDC). */
export const IDENTITY_CONTEXT: ContextDefinition = {
  name: 'identity',
  eventTypes: USER_EVENT_TYPES,
  deciders: USER_DECIDERS,
  projections: [usersProjection, viewerAccessProjection],
  processes: [inviteeAccountsProcess],
  schemas: [IDENTITY_SCHEMA],
  module: IdentityModule,
};
