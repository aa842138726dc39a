import type { EventTypeDefinition } from '#libs/eventstore/src/index.js';

/** Every event type of the organisations context, by its stored name. */
export const ORGANISATION_EVENT_TYPES: EventTypeDefinition[] = [
  // v2 adds the plan; organisations created before billing existed are on the starter plan.
  { type: 'OrganisationCreated', schemaVersion: 2, upcasters: { 1: (data) => ({ ...data, plan: 'starter' }) } },
  { type: 'OrganisationPlanChanged', schemaVersion: 1 },
  { type: 'OrganisationProfileChanged', schemaVersion: 1 },
  { type: 'OrganisationMemberAdded', schemaVersion: 1 },
  { type: 'OrganisationBusinessProfileSet', schemaVersion: 1 },
  { type: 'WebsiteInstallationVerified', schemaVersion: 1 },
  { type: 'WebsiteCreated', schemaVersion: 1 },
  { type: 'WebsiteSettingsChanged', schemaVersion: 1 },
  { type: 'WebsiteDeactivated', schemaVersion: 1 },
  { type: 'WebsiteActivated', schemaVersion: 1 },
  { type: 'WebsiteDomainClaimed', schemaVersion: 1 },
  { type: 'WebsiteDomainReleased', schemaVersion: 1 },
  { type: 'OrganisationMemberRemoved', schemaVersion: 1 },
  { type: 'MemberJoined', schemaVersion: 1 },
  { type: 'MemberInvited', schemaVersion: 1 },
  { type: 'MemberInvitationAccepted', schemaVersion: 1 },
  { type: 'MemberInvitationDeclined', schemaVersion: 1 },
  { type: 'MemberInvitationResent', schemaVersion: 1 },
  { type: 'MemberAccessChanged', schemaVersion: 1 },
  { type: 'MemberDeactivated', schemaVersion: 1 },
  { type: 'MemberReactivated', schemaVersion: 1 },
];
