import { ORGANISATION } from '#libs/organisations/src/domain/deciders.js';
import type { RecordedEvent } from '#libs/eventstore/src/index.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import type { ProcessManager } from '#libs/platform/src/projections/projection.js';

/** What this process reads of identity's `UserRegistered` (its event, not its tables). */
interface Registered {
  email: string;
  name: string;
  signUp?: { organisationId: string; organisationName: string };
}

/**
 * Sign-up (DESIGN.md "Process managers"): a user registered with a sign-up gets the organisation
 * they named, with them as its founder (the founding process makes them its owner). After a crash
 * the process runs again from its checkpoint and appends nothing twice.
 */
export const signUpProcess: ProcessManager = {
  name: 'sign-up',
  handles: ['UserRegistered'],
  react(event: RecordedEvent): DecideCommand[] {
    const data = event.data as unknown as Registered;
    if (!data.signUp) return [];
    const userId = event.streamId.slice('user-'.length);
    const { organisationId, organisationName } = data.signUp;
    const founder = { userId, email: data.email, name: data.name };
    return [
      new DecideCommand(
        ORGANISATION,
        organisationId,
        {
          type: 'Create',
          actor: { userId, roles: ['user'] },
          data: { name: organisationName, website: null, country: null, locales: ['en'], timezone: 'UTC', founder },
        },
        { organisationId },
      ),
    ];
  },
};
