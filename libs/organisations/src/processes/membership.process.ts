import { ORGANISATION } from '#libs/organisations/src/domain/deciders.js';
import { MEMBER_EVENT_TYPES } from '../domain/events.js';
import type { RecordedEvent } from '#libs/eventstore/src/index.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import type { ProcessContext, ProcessManager } from '#libs/platform/src/projections/projection.js';
import type { MemberState } from '../domain/member.decider.js';

/**
 * Membership (DESIGN.md "Process managers"): the organisation's list of members (who may see
 * what) follows its member records. An accepted invitation, a reactivation or a new organisation
 * role adds the person with that role; a deactivation removes them. The organisation's decider
 * appends nothing when its list already says so, so every member event may ask.
 */
export const membershipProcess: ProcessManager = {
  name: 'membership',
  handles: MEMBER_EVENT_TYPES,
  async react(event: RecordedEvent, context: ProcessContext): Promise<DecideCommand[]> {
    const member = await context.stateAt<MemberState>(event);
    const organisationId = member.organisationId;
    if (!organisationId || !member.userId) return [];
    const system = { userId: event.metadata?.actorId ?? 'system', roles: ['system'] };
    if (member.status === 'accepted' && member.access) {
      return [
        new DecideCommand(
          ORGANISATION,
          organisationId,
          { type: 'AddMember', actor: system, data: { userId: member.userId, role: member.access.orgRole } },
          { organisationId },
        ),
      ];
    }
    if (member.status === 'inactive') {
      return [
        new DecideCommand(
          ORGANISATION,
          organisationId,
          { type: 'RemoveMember', actor: system, data: { userId: member.userId } },
          { organisationId },
        ),
      ];
    }
    return [];
  },
};
