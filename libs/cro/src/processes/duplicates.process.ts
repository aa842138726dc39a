import { croAggregate } from '../domain/deciders.js';
import type { RecordedEvent } from '#libs/eventstore/src/index.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import type { ProcessContext, ProcessManager } from '#libs/platform/src/projections/projection.js';

/**
 * Duplicates (DESIGN.md "Campaign", "CTA widget": `Duplicate` makes a new draft copy). The source
 * decides the copy (`CtaDuplicated` / `CampaignDuplicated` carry its id and the data of its
 * `Create`); this process creates it, as the person who asked. The copy's id is in the event, so
 * a retry after a crash creates nothing twice.
 */
const SOURCES: Record<string, string> = { CtaDuplicated: 'cta', CampaignDuplicated: 'campaign' };

export const duplicatesProcess: ProcessManager = {
  name: 'cro-duplicates',
  handles: Object.keys(SOURCES),
  react(event: RecordedEvent, _context: ProcessContext): DecideCommand[] {
    if (!Object.hasOwn(SOURCES, event.type)) return [];
    const aggregate = SOURCES[event.type]!;
    const data = event.data as {
      copyId: string;
      copy: Record<string, unknown> & { organisationId: string };
      by?: { id: string; name?: string };
    };
    const sourceId = event.streamId.slice(`${aggregate}-`.length);
    const actorId = event.metadata?.actorId ?? data.by?.id ?? 'system';
    // The person who asked for the copy creates it: the roles they had are the source's decision, recorded with it.
    const actor = { userId: actorId, name: data.by?.name, roles: ['system'] };
    return [
      new DecideCommand(
        croAggregate(aggregate),
        data.copyId,
        { type: 'Create', actor, data: { ...data.copy, duplicatedFrom: sourceId } },
        { organisationId: data.copy.organisationId },
      ),
    ];
  },
};
