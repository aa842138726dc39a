import type { EventStore } from '#libs/eventstore/src/index.js';
import type { PeopleDirectory } from '../people.js';

export interface HistoryEntry {
  id: string;
  type: string;
  version: number;
  time: string;
  actor: { id: string; name?: string; email?: string } | null;
  correlationId: string | null;
  /** The command that caused the event (e.g. SubmitForEdit). */
  action: string | null;
  /** For workflow moves: the status before and after, and the note given. */
  from: string | null;
  to: string | null;
  note: string | null;
  data: unknown;
}

/** `GET /api/{resource}/{id}/history`: a record's events, oldest first, with who did each. */
export async function readHistory(store: EventStore, people: PeopleDirectory, streamId: string): Promise<HistoryEntry[]> {
  const events = await store.readStream(streamId);
  const actorIds = [...new Set(events.map((e) => e.metadata.actorId).filter((id): id is string => typeof id === 'string'))];
  const byId = await people.namesOf(actorIds);
  return events.map((event) => {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const actorId = typeof event.metadata.actorId === 'string' ? event.metadata.actorId : null;
    const user = actorId ? byId.get(actorId) : undefined;
    return {
      id: event.id,
      type: event.type,
      version: event.streamVersion,
      time: event.createdAt.toISOString(),
      actor: actorId ? { id: actorId, ...(user ? { name: user.name, email: user.email } : {}) } : null,
      correlationId: (event.metadata.correlationId as string | undefined) ?? null,
      action: typeof event.metadata.command === 'string' ? event.metadata.command : null,
      from: typeof data.from === 'string' ? data.from : null,
      to: typeof data.to === 'string' ? data.to : null,
      note: typeof data.note === 'string' ? data.note : null,
      data: event.data,
    };
  });
}
