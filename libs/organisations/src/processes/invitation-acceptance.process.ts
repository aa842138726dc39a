import { MEMBER } from '#libs/organisations/src/domain/deciders.js';
import type { RecordedEvent } from '#libs/eventstore/src/index.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import type { ProcessContext, ProcessManager } from '#libs/platform/src/projections/projection.js';
import { SELF } from '../domain/member.decider.js';
import { pendingInvitationsOf } from '../projections/queries.js';

/**
 * Invitation acceptance (DESIGN.md "Process managers"): a person who chose their first password
 * through an invitation link (identity's `UserFirstPasswordChosen`) accepts the invitations that
 * wait for them, as themselves. A retry finds the accepted ones no longer pending.
 */
export const invitationAcceptanceProcess: ProcessManager = {
  name: 'invitation-acceptance',
  handles: ['UserFirstPasswordChosen'],
  async react(event: RecordedEvent, context: ProcessContext): Promise<DecideCommand[]> {
    const userId = event.streamId.slice('user-'.length);
    const pending = await pendingInvitationsOf<{ id: string; organisationId: string }>(context.read, userId);
    return pending.map(
      (invitation) =>
        new DecideCommand(
          MEMBER,
          invitation.id,
          { type: 'Accept', actor: { userId, roles: [SELF] }, data: {} },
          { organisationId: invitation.organisationId },
        ),
    );
  },
};
