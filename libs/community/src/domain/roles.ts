/**
 * Who moderates the community of an organisation and who may only contribute to it, as the
 * roles of the policy's `rolesFor` (organisation roles and `cms:{role}`).
 */

/** Owners and admins of the organisation, and the CMS roles that check content. */
export const MODERATORS = ['owner', 'admin', 'cms:admin', 'cms:manager', 'cms:editor', 'cms:reviewer'] as const;

/** Creators ask and answer; what they send waits for a moderator. */
export const CREATORS = ['cms:creator'] as const;

export function isModerator(roles: readonly string[]): boolean {
  return roles.some((role) => (MODERATORS as readonly string[]).includes(role));
}
