import { MEMBER } from '#libs/organisations/src/domain/deciders.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import { memberIdOf } from './member.decider.js';
import type { OrganisationRole } from './organisation.decider.js';

/**
 * The command that records a member who joined without an invitation: an organisation's
 * founder, or someone an operator added directly. Owners and admins manage content and CRO.
 */
export function joinCommand(
  organisationId: string,
  user: { id: string; email: string; name: string },
  orgRole: OrganisationRole,
  roles: { cmsRole?: string; croRole?: string } = {},
): DecideCommand {
  const manages = orgRole === 'owner' || orgRole === 'admin';
  return new DecideCommand(
    MEMBER,
    memberIdOf(organisationId, user.id),
    {
      type: 'Join',
      actor: { userId: user.id, roles: ['system'] },
      data: {
        organisationId,
        userId: user.id,
        email: user.email,
        name: user.name,
        orgRole,
        cmsRole: roles.cmsRole ?? (manages ? 'admin' : 'creator'),
        croRole: roles.croRole ?? (manages ? 'admin' : 'none'),
        websiteIds: [],
        locales: [],
      },
    },
    { organisationId },
  );
}
