import type { OrganisationsEventType } from '../domain/events.js';
import type { RecordedEvent } from '#libs/eventstore/src/index.js';
import type { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import type { ProcessManager } from '#libs/platform/src/projections/projection.js';
import { joinCommand } from '../domain/join.js';
import type { Founder } from '../domain/organisation.decider.js';

/**
 * Founding (DESIGN.md "Process managers"): an organisation created by a person (a sign-up, or a
 * signed-in user adding another organisation) gets that person's member record as its owner.
 * The organisation's own list already names the creator as owner, so the membership process adds
 * nothing more.
 */
export const foundingProcess: ProcessManager = {
  name: 'founding',
  handles: ['OrganisationCreated'] satisfies OrganisationsEventType[],
  react(event: RecordedEvent): DecideCommand[] {
    const founder = (event.data as { founder?: Founder }).founder;
    if (!founder) return [];
    const organisationId = event.streamId.slice('organisation-'.length);
    return [joinCommand(organisationId, { id: founder.userId, email: founder.email, name: founder.name }, 'owner')];
  },
};
