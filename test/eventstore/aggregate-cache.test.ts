import { POST } from '#libs/posts/src/domain/deciders.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventStore, ReadStreamOptions } from '#libs/eventstore/src/index.js';
import { SqlEventStore } from '#libs/eventstore/src/sql/sql-event-store.js';
import {
  AggregateCache,
  DecideCommand,
  DecideHandler,
  DeciderRegistry,
  type RegisteredDecider,
} from '#libs/platform/src/commands/decide.command.js';
import { postDecider, type PostState } from '#libs/posts/src/domain/post.decider.js';
import { testDatabases } from '../support/database.js';

const CONTEXT = {
  settings: { secondEdit: false, customerReview: false, factCheckLevels: 0, regulated: false, fourEyes: true },
  now: '2026-11-22T10:00:00.000Z',
};
const writer = { userId: 'u-writer', name: 'Wendy', roles: ['user', 'member', 'cms:creator'] };
const editor = { userId: 'u-editor', name: 'Eddie', roles: ['user', 'member', 'cms:editor'] };

for (const database of testDatabases) {
  describe(`the decide handler's aggregate cache (${database.name})`, () => {
    let opened: Awaited<ReturnType<typeof database.open>>;
    let store: SqlEventStore;
    const handler = () => {
      const registry = new DeciderRegistry();
      registry.register({ name: 'post', decider: postDecider, organisationOf: (s) => s.organisationId });
      return new DecideHandler(store, registry);
    };

    beforeAll(async () => {
      opened = await database.open();
      store = await SqlEventStore.create(opened.driver);
    });
    afterAll(async () => opened?.drop());

    it('never decides on a stale state: another process appending in between is seen', async () => {
      // Two handlers stand for two API processes, each with its own cache.
      const a = handler();
      const b = handler();
      const id = 'cache-1';
      const run = (
        h: DecideHandler,
        type: string,
        actor: typeof writer,
        data: unknown = {},
        expectedVersion?: number,
      ) => h.execute(new DecideCommand(POST, id, { type, actor, data, context: CONTEXT }, { expectedVersion }));
      await run(a, 'Create', writer, {
        organisationId: 'o',
        websiteId: 'w',
        locale: 'en',
        type: 'blog',
        title: 'T',
        outline: '1',
        richText: { json: null, html: '<p>x</p>' },
      });
      await run(a, 'Save', writer, { title: 'T2' }, 1);
      // B moves the post on; A's cache still holds version 2.
      await run(b, 'SubmitForEdit', writer);
      const afterB = await run(b, 'Select', editor);
      expect(afterB.version).toBe(4);
      // A must see B's events: the post is in Edit now (a writer may not save there; a stale cache
      // would still think it is in Writer), and a stale version is refused.
      await expect(run(a, 'Save', writer, { title: 'T3' })).rejects.toThrow('Your role may not Save this post');
      const owner = { userId: 'u-owner', name: 'Olivia', roles: ['user', 'member', 'cms:manager'] };
      await expect(run(a, 'Save', owner, { title: 'T3' })).rejects.toThrow('Eddie is working on this page');
      await expect(run(a, 'Save', editor, { title: 'T3' }, 2)).rejects.toThrow('changed by someone else');
      const saved = await run(a, 'Save', editor, { title: 'T3' }, 4);
      expect(saved.version).toBe(5);
      expect((saved.state as PostState).content.title).toBe('T3');
      // And the full fold from the log agrees with the cached state.
      const folded = postDecider.fold((await store.readStream(`post-${id}`)) as never);
      expect(folded).toEqual(saved.state);
    });

    it('keeps at most `max` aggregates: the least recently used is folded from its first event again', async () => {
      // A counter: its state is the number of events folded.
      const counter = {
        name: 'counter',
        decider: { initialState: 0, evolve: (n: number) => n + 1 },
      } as unknown as RegisteredDecider;
      for (const [id, events] of [
        ['a', 2],
        ['b', 1],
        ['c', 3],
      ] as const) {
        await store.append(
          `counter-${id}`,
          Array.from({ length: events }, () => ({ type: 'Counted', data: {} })),
          'no_stream',
        );
      }
      const reads: string[] = [];
      const recording = {
        readStream: (streamId: string, options?: ReadStreamOptions) => {
          reads.push(`${streamId} from ${options?.fromVersion ?? 1}`);
          return store.readStream(streamId, options);
        },
      } as EventStore;
      const cache = new AggregateCache(2);
      const load = async (id: string) => (await cache.load(recording, counter, id)).state;

      expect(await load('a')).toBe(2);
      expect(await load('b')).toBe(1);
      expect(await load('a')).toBe(2); // a is now used more recently than b
      expect(await load('c')).toBe(3); // a third one: b goes
      expect(await load('a')).toBe(2);
      expect(await load('b')).toBe(1);
      expect(reads).toEqual([
        'counter-a from 1',
        'counter-b from 1',
        'counter-a from 3',
        'counter-c from 1',
        'counter-a from 3',
        'counter-b from 1',
      ]);
    });
  });
}
