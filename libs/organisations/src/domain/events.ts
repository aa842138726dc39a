import type { EventTypeDefinition } from '#libs/eventstore/src/index.js';
import { secretHint } from './website-fields.js';
import type { MemberEvent } from './member.decider.js';
import type { OrganisationEvent } from './organisation.decider.js';
import type { WebsiteDomainEvent, WebsiteEvent } from './website.decider.js';

function withoutSiteBuilderToken(data: Record<string, unknown>): Record<string, unknown> {
  const builder = data.siteBuilder as { token?: string } | null | undefined;
  if (!builder || typeof builder.token !== 'string') return data;
  const { token, ...rest } = builder;
  return { ...data, siteBuilder: { ...rest, tokenHint: secretHint(token) } };
}

/**
 * Member access facts of schema v1 were recorded before website access was enforced (DESIGN.md
 * "Website access"): the mark lets the start-up grant find members whose empty list meant "no
 * restriction" (website-access.migration.ts); v2 events, recorded under the rule, never carry it.
 */
const beforeWebsiteAccess = (data: Record<string, unknown>) => ({ ...data, beforeWebsiteAccess: true });

/** Every event type of the organisations context, by its stored name. */
export const ORGANISATION_EVENT_TYPES = [
  // v2 adds the plan; organisations created before billing existed are on the starter plan.
  { type: 'OrganisationCreated', schemaVersion: 2, upcasters: { 1: (data) => ({ ...data, plan: 'starter' }) } },
  { type: 'OrganisationPlanChanged', schemaVersion: 1 },
  { type: 'OrganisationProfileChanged', schemaVersion: 1 },
  { type: 'OrganisationMemberAdded', schemaVersion: 1 },
  { type: 'OrganisationBusinessProfileSet', schemaVersion: 1 },
  { type: 'WebsiteInstallationVerified', schemaVersion: 1 },
  // v2 keeps the site-builder token out of the log (only its hint); v1 events are read the same way.
  { type: 'WebsiteCreated', schemaVersion: 2, upcasters: { 1: withoutSiteBuilderToken } },
  { type: 'WebsiteSettingsChanged', schemaVersion: 2, upcasters: { 1: withoutSiteBuilderToken } },
  { type: 'WebsiteDeactivated', schemaVersion: 1 },
  { type: 'WebsiteActivated', schemaVersion: 1 },
  { type: 'WebsiteDomainClaimed', schemaVersion: 1 },
  { type: 'WebsiteDomainReleased', schemaVersion: 1 },
  { type: 'WebsiteDomainRefused', schemaVersion: 1 },
  { type: 'OrganisationMemberRemoved', schemaVersion: 1 },
  { type: 'MemberJoined', schemaVersion: 2, upcasters: { 1: beforeWebsiteAccess } },
  { type: 'MemberInvited', schemaVersion: 2, upcasters: { 1: beforeWebsiteAccess } },
  { type: 'MemberInvitationAccepted', schemaVersion: 1 },
  { type: 'MemberInvitationDeclined', schemaVersion: 1 },
  { type: 'MemberInvitationResent', schemaVersion: 1 },
  { type: 'MemberAccessChanged', schemaVersion: 2, upcasters: { 1: beforeWebsiteAccess } },
  { type: 'MemberDeactivated', schemaVersion: 1 },
  { type: 'MemberReactivated', schemaVersion: 1 },
] as const satisfies readonly EventTypeDefinition[];

/** The names of the organisations context's events: the one list above. */
export type OrganisationsEventType = (typeof ORGANISATION_EVENT_TYPES)[number]['type'];

/** The member record's events (the membership process reacts to each). */
export const MEMBER_EVENT_TYPES = ORGANISATION_EVENT_TYPES.map((d) => d.type).filter((type) =>
  type.startsWith('Member'),
);

/** The deciders record exactly the events listed (a compile error otherwise). */
type Decided = OrganisationEvent['type'] | WebsiteEvent['type'] | WebsiteDomainEvent['type'] | MemberEvent['type'];
export const EVERY_EVENT_LISTED_ONCE: [Decided] extends [OrganisationsEventType]
  ? [OrganisationsEventType] extends [Decided]
    ? true
    : never
  : never = true;
