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
  /** The person the event is about when its data names one (`userId`: a member added or removed), by name. */
  subject: { id: string; name?: string } | null;
  data: unknown;
}

/** `GET /api/{resource}/{id}/history`: a record's events, oldest first, with who did each. */
export async function readHistory(
  store: EventStore,
  people: PeopleDirectory,
  streamId: string,
): Promise<HistoryEntry[]> {
  const events = await store.readStream(streamId);
  const subjectOf = (data: unknown) =>
    data && typeof data === 'object' && typeof (data as { userId?: unknown }).userId === 'string'
      ? (data as { userId: string }).userId
      : null;
  const personIds = [
    ...new Set(
      [...events.map((e) => e.metadata.actorId), ...events.map((e) => subjectOf(e.data))].filter(
        (id): id is string => typeof id === 'string',
      ),
    ),
  ];
  const byId = await people.namesOf(personIds);
  return events.map((event) => {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const actorId = typeof event.metadata.actorId === 'string' ? event.metadata.actorId : null;
    const user = actorId ? byId.get(actorId) : undefined;
    const subjectId = subjectOf(event.data);
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
      subject: subjectId
        ? { id: subjectId, ...(byId.get(subjectId) ? { name: byId.get(subjectId)!.name } : {}) }
        : null,
      data: event.data,
    };
  });
}
