import type { Actor } from '../decider.js';

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
  /** Set when a platform admin is logged in as this user (login-as): the admin's session. */
  impersonatorSessionId?: string | null;
}

/** Any signed-in user. */
export const ANY_USER = 'user';
export const PLATFORM_ADMIN = 'platform_admin';

/** The roles that count for a record of `organisationId`: the basis of every decision. */
export function actorFor(viewer: Viewer, organisationId?: string | null): Actor {
  const roles = [ANY_USER];
  if (viewer.platformAdmin) roles.push(PLATFORM_ADMIN);
  const orgRole = organisationId ? viewer.memberships.get(organisationId) : undefined;
  if (orgRole) roles.push(orgRole);
  return { userId: viewer.userId, roles };
}

/** Whether the viewer may see records of the organisation at all (tenancy). */
export function canSeeOrganisation(viewer: Viewer, organisationId: string): boolean {
  return viewer.platformAdmin || viewer.memberships.has(organisationId);
}

/** The organisations whose records the viewer sees; `null` means all (platform admin). */
export function visibleOrganisations(viewer: Viewer): string[] | null {
  return viewer.platformAdmin ? null : [...viewer.memberships.keys()];
}
