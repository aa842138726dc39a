import type { Actor } from '../decider.js';
import { rolesFor } from './policy.js';

/** The signed-in user of a request, with the organisations they belong to. */
export interface Viewer {
  userId: string;
  email: string;
  name: string;
  role: string;
  platformAdmin: boolean;
  sessionId: string;
  /** organisationId -> organisation role (owner, admin, member). */
  memberships: Map<string, string>;
  /** organisationId -> the member's CMS and CRO roles there (from their member record). */
  productRoles?: Map<string, { cmsRole: string; croRole: string }>;
  /**
   * organisationId -> the websites on the member's record there, or `null` for every website
   * (owners, admins, demo mode). Read through `reachableWebsites` (http/tenancy.ts), which also
   * gives owners, admins and platform admins every website (DESIGN.md "Website access").
   */
  websiteAccess?: Map<string, readonly string[] | null>;
  /** Set when a platform admin is logged in as this user (login-as): the admin's session. */
  impersonatorSessionId?: string | null;
  /**
   * Set in demo mode: the session looks at the platform's demo organisation, read-only, instead
   * of the user's own organisations.
   */
  demoOrganisationId?: string | null;
  /** Set when an owner is logged in as one of their members: the session sees this organisation only. */
  scopeOrganisationId?: string | null;
  /** Set on a session opened by an invitation link: it may only choose the first password. */
  sessionPurpose?: 'initial-password' | null;
}

/**
 * Whether the viewer's own records in other organisations (their invitations) count as theirs:
 * not while the session is limited to one organisation (log-in-as by an owner, demo mode).
 */
export function seesOwnRecordsEverywhere(viewer: Viewer): boolean {
  return !viewer.scopeOrganisationId && !viewer.demoOrganisationId;
}

// The role names live with the policy (viewer.ts only re-exports them: no import cycle at load).
export { ANY_USER, PLATFORM_ADMIN } from './policy.js';

/** The actor of a command on a record of `organisationId`, with the roles the policy gives them. */
export function actorFor(viewer: Viewer, organisationId?: string | null): Actor {
  return { userId: viewer.userId, name: viewer.name, roles: rolesFor(viewer, organisationId) };
}

/** Whether the viewer may see records of the organisation at all (tenancy). */
export function canSeeOrganisation(viewer: Viewer, organisationId: string): boolean {
  return viewer.platformAdmin || viewer.memberships.has(organisationId);
}

/** The organisations whose records the viewer sees; `null` means all (platform admin). */
export function visibleOrganisations(viewer: Viewer): string[] | null {
  return viewer.platformAdmin ? null : [...viewer.memberships.keys()];
}
