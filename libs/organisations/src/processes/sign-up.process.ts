import type { RecordedEvent } from '#libs/eventstore/src/index.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import type { ProcessManager } from '#libs/platform/src/projections/projection.js';
import { joinCommand } from '../domain/join.js';

/** What this process reads of identity's `UserRegistered` (its event, not its tables). */
interface Registered {
  email: string;
  name: string;
  signUp?: { organisationId: string; organisationName: string };
}

/**
 * Sign-up (DESIGN.md "Process managers"): a user registered with a sign-up gets the organisation
 * they named, and becomes its owner. Two commands on two aggregates; after a crash between them
 * the process runs again from its checkpoint and the first one appends nothing twice.
 */
export const signUpProcess: ProcessManager = {
  name: 'sign-up',
  handles: ['UserRegistered'],
  react(event: RecordedEvent): DecideCommand[] {
    const data = event.data as unknown as Registered;
    if (!data.signUp) return [];
    const userId = event.streamId.slice('user-'.length);
    const { organisationId, organisationName } = data.signUp;
    return [
      new DecideCommand(
        'organisation',
        organisationId,
        { type: 'Create', actor: { userId, roles: ['user'] }, data: { name: organisationName, website: null, country: null, locales: ['en'], timezone: 'UTC' } },
        { organisationId },
      ),
      joinCommand(organisationId, { id: userId, email: data.email, name: data.name }, 'owner'),
    ];
  },
};
