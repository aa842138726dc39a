import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  EventTypeRegistry,
  RegisteredEventStore,
  UnknownEventTypeError,
  WrongExpectedVersionError,
  comparePositions,
  type EventStore,
  type RecordedEvent,
} from '#libs/eventstore/src/index.js';

/**
 * The contract every event store adapter passes. `open` gives a store over an empty (or at
 * least private) log; `close` releases it.
 */
export function eventStoreContract(name: string, open: () => Promise<{ store: EventStore; close(): Promise<void> }>) {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    const stream = (prefix = 'thing') => `${prefix}-${randomUUID()}`;
    const ev = (type = 'ThingHappened', data: Record<string, unknown> = {}) => ({ type, data });

    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => close());

    it('appends events and reads them back with their metadata', async () => {
      const id = stream();
      const eventId = randomUUID();
      const result = await store.append(
        id,
        [
          {
            id: eventId,
            type: 'ThingCreated',
            data: { name: 'First', nested: { n: 1 } },
            metadata: { actorId: 'user-1', organisationId: 'org-1', correlationId: 'c-1', causationId: 'k-1' },
          },
          ev('ThingRenamed', { name: 'Second' }),
        ],
        'no_stream',
      );
      expect(result.nextVersion).toBe(2);
      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.streamVersion])).toEqual([
        ['ThingCreated', 1],
        ['ThingRenamed', 2],
      ]);
      expect(events[0]).toMatchObject({
        id: eventId,
        streamId: id,
        category: 'thing',
        data: { name: 'First', nested: { n: 1 } },
        schemaVersion: 1,
        metadata: { actorId: 'user-1', organisationId: 'org-1', correlationId: 'c-1', causationId: 'k-1' },
      });
      expect(events[0].createdAt).toBeInstanceOf(Date);
      expect(typeof events[0].metadata.time).toBe('string');
      expect(comparePositions(events[1].position, result.position)).toBe(0);
      // The append says when its last event was recorded, as reading it back does.
      expect(result.recordedAt.getTime()).toBe(events[1].createdAt.getTime());
    });

    it('enforces no_stream on an existing stream', async () => {
      const id = stream();
      await store.append(id, [ev()], 'no_stream');
      await expect(store.append(id, [ev()], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('enforces stream_exists', async () => {
      const id = stream();
      await expect(store.append(id, [ev()], 'stream_exists')).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await store.append(id, [ev()], 'any');
      await expect(store.append(id, [ev()], 'stream_exists')).resolves.toMatchObject({ nextVersion: 2 });
    });

    it('rejects a stale exact version with a typed conflict and stores nothing', async () => {
      const id = stream();
      await store.append(id, [ev(), ev()], 'no_stream');
      const error = await store.append(id, [ev(), ev()], 1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: id, expected: 1, actual: 2 });
      expect(await store.readStream(id)).toHaveLength(2);
      await expect(store.append(id, [ev()], 2)).resolves.toMatchObject({ nextVersion: 3 });
    });

    it('appends to any stream state with any', async () => {
      const id = stream();
      await store.append(id, [ev()], 'any');
      await expect(store.append(id, [ev()], 'any')).resolves.toMatchObject({ nextVersion: 2 });
    });

    it('lets exactly one of two concurrent appends at the same version win', async () => {
      const id = stream();
      await store.append(id, [ev()], 'no_stream');
      const outcomes = await Promise.allSettled([store.append(id, [ev('A')], 1), store.append(id, [ev('B')], 1)]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('does not store an event id twice (idempotent retry)', async () => {
      const id = stream();
      const events = [
        { id: randomUUID(), ...ev() },
        { id: randomUUID(), ...ev() },
      ];
      const first = await store.append(id, events, 'no_stream');
      const retry = await store.append(id, events, 'no_stream');
      expect(retry).toEqual(first);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('reads a stream forwards and backwards from a version', async () => {
      const id = stream();
      await store.append(
        id,
        [1, 2, 3, 4, 5].map((n) => ev('N', { n })),
        'no_stream',
      );
      const forwards = await store.readStream(id, { fromVersion: 3 });
      expect(forwards.map((e) => e.data.n)).toEqual([3, 4, 5]);
      const backwards = await store.readStream(id, { direction: 'backwards', fromVersion: 4, maxCount: 3 });
      expect(backwards.map((e) => e.data.n)).toEqual([4, 3, 2]);
      const last = await store.readStream(id, { direction: 'backwards', maxCount: 1 });
      expect(last.map((e) => e.data.n)).toEqual([5]);
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('reads the global log in order from a checkpoint, in pages', async () => {
      const start = await store.headPosition();
      const id = stream('paging');
      await store.append(
        id,
        Array.from({ length: 25 }, (_, n) => ev('N', { n })),
        'no_stream',
      );
      const seen: RecordedEvent[] = [];
      let after = start;
      for (;;) {
        const page = await store.readAll({ after, maxCount: 7 });
        if (page.length === 0) break;
        seen.push(...page);
        after = page[page.length - 1].position;
      }
      const ours = seen.filter((e) => e.streamId === id);
      expect(ours.map((e) => e.data.n)).toEqual(Array.from({ length: 25 }, (_, n) => n));
      for (let i = 1; i < seen.length; i++)
        expect(comparePositions(seen[i - 1].position, seen[i].position)).toBeLessThan(0);
      expect(await store.countAfter(start)).toBeGreaterThanOrEqual(25);
      expect(comparePositions(await store.headPosition(), after)).toBe(0);
    });

    it('registers explicit type names and upcasts older schema versions on read', async () => {
      const id = stream('upcast');
      await store.append(
        id,
        [{ type: 'PersonNamed', data: { fullName: 'Ada Lovelace' }, schemaVersion: 1 }],
        'no_stream',
      );
      const registry = new EventTypeRegistry().register({
        type: 'PersonNamed',
        schemaVersion: 2,
        upcasters: {
          1: (data) => {
            const [firstName, ...rest] = String(data.fullName).split(' ');
            return { firstName, lastName: rest.join(' ') };
          },
        },
      });
      const registered = new RegisteredEventStore(store, registry);
      await registered.append(id, [{ type: 'PersonNamed', data: { firstName: 'Grace', lastName: 'Hopper' } }], 1);
      const events = await registered.readStream(id);
      expect(events.map((e) => [e.schemaVersion, e.data])).toEqual([
        [2, { firstName: 'Ada', lastName: 'Lovelace' }],
        [2, { firstName: 'Grace', lastName: 'Hopper' }],
      ]);
      const raw = await store.readStream(id);
      expect(raw.map((e) => e.schemaVersion)).toEqual([1, 2]);
      await expect(registered.append(id, [ev('NotRegistered')], 'any')).rejects.toBeInstanceOf(UnknownEventTypeError);
    });
  });
}
