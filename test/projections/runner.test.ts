import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import { SqlEventStore, type RecordedEvent, type SqlDriver, type SqlExecutor } from '#libs/eventstore/src/index.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import { testDatabases } from '../support/database.js';

const quiet = { info() {}, error() {} };
const options = { batchSize: 100, idleMaxMs: 50, retryMs: 50, log: quiet };

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A projection that records every event it sees; `failOn` makes it throw on one event type. */
function recorder(name: string, state: { failOn?: string } = {}): Projection {
  const table = `test_${name}`;
  return {
    name,
    schema: `CREATE TABLE IF NOT EXISTS ${table} (event_id text PRIMARY KEY, type text NOT NULL)`,
    tables: [table],
    async apply(event: RecordedEvent, tx: SqlExecutor) {
      await tx.query(`INSERT INTO ${table} (event_id, type) VALUES ($1, $2)`, [event.id, event.type]);
      if (event.type === state.failOn) throw new Error(`cannot handle ${event.type}`);
    },
  };
}

async function count(db: SqlDriver, table: string) {
  return Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);
}

for (const database of testDatabases) {
  describe(`projection runner: ${database.name}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      while (cleanups.length) await cleanups.pop()!();
    });

    async function setup(projections: Projection[]) {
      const db = await database.open();
      const store = await SqlEventStore.create(db.driver);
      const manager = new ProjectionManager(
        db.driver,
        store,
        projections.map((projection) => ({ kind: 'projection' as const, projection })),
        options,
      );
      await manager.migrate();
      cleanups.push(async () => {
        await manager.stop();
        await db.drop();
      });
      return { db, store, manager };
    }

    const append = (store: SqlEventStore, types: string[]) =>
      store.append(
        `thing-${randomUUID()}`,
        types.map((type) => ({ type, data: {} })),
        'no_stream',
      );

    it('says which read model is behind when it has not caught up within the wait', async () => {
      const { store, manager } = await setup([recorder('idle')]);
      // Not started: nothing will process the event.
      const written = await append(store, ['Made']);
      await expect(manager.waitFor(written.position, 300)).rejects.toMatchObject({
        statusCode: 503,
        message: 'Your change was saved, but the idle list has not caught up with it yet. Reload in a few seconds.',
        details: { saved: true, behind: ['idle'], retryAfterSeconds: 5 },
      });
      await manager.start();
      await manager.waitFor(written.position, 5000);
    });

    it('catches up, then follows new events live', async () => {
      const { db, store, manager } = await setup([recorder('live')]);
      for (let i = 0; i < 5; i++) await append(store, Array(50).fill('Made'));
      await manager.start();
      await until(async () => (await count(db.driver, 'test_live')) === 250);
      const last = await append(store, ['Made']);
      await manager.waitFor(last.position, 5000);
      expect(await count(db.driver, 'test_live')).toBe(251);
      const [state] = await manager.states();
      expect(state).toMatchObject({ status: 'running', lag: 0, position: last.position });
    });

    it('stops on a failing event with its error visible, applies nothing of that batch, and resumes when restarted', async () => {
      const behaviour: { failOn?: string } = { failOn: 'Poison' };
      const { db, store, manager } = await setup([recorder('fragile', behaviour), recorder('sturdy')]);
      await append(store, ['Fine', 'Fine']);
      await manager.start();
      await until(async () => (await count(db.driver, 'test_fragile')) === 2);
      await append(store, ['Fine', 'Poison', 'Fine']);
      await until(async () => (await manager.states()).find((s) => s.name === 'fragile')!.status === 'failed');
      const fragile = (await manager.states()).find((s) => s.name === 'fragile')!;
      expect(fragile.error).toMatch(/Poison .*cannot handle Poison/);
      expect(fragile.lag).toBe(3);
      // The batch's writes were rolled back with it: nothing half-applied, nothing skipped.
      expect(await count(db.driver, 'test_fragile')).toBe(2);
      // The other projection is not held back.
      await until(async () => (await count(db.driver, 'test_sturdy')) === 5);
      // Still stopped after more events arrive: it never skips the poison event.
      const more = await append(store, ['Fine']);
      // A command waiting for its events hears at once that they will not show (never "caught up").
      const asked = Date.now();
      await expect(manager.waitFor(more.position, 5000)).rejects.toMatchObject({
        statusCode: 503,
        message:
          'Your change was saved, but the fragile list stopped on an error and cannot show it yet. An administrator can restart it under Projections.',
        details: { saved: true, behind: ['fragile'] },
      });
      expect(Date.now() - asked).toBeLessThan(2000);
      // The other projection has the new event: the log reader delivered it to the runners.
      await until(async () => (await count(db.driver, 'test_sturdy')) === 6);
      expect(await count(db.driver, 'test_fragile')).toBe(2);

      behaviour.failOn = undefined; // the bug is fixed
      await manager.restart('fragile');
      await manager.waitFor(more.position, 10_000);
      expect(await count(db.driver, 'test_fragile')).toBe(6);
      expect((await manager.states()).find((s) => s.name === 'fragile')).toMatchObject({
        status: 'running',
        error: null,
        lag: 0,
      });
    });

    it('rebuilds one projection from zero while the others keep running', async () => {
      const { db, store, manager } = await setup([recorder('rebuilt'), recorder('untouched')]);
      for (let i = 0; i < 10; i++) await append(store, Array(30).fill('Made'));
      await manager.start();
      await until(
        async () =>
          (await count(db.driver, 'test_rebuilt')) === 300 && (await count(db.driver, 'test_untouched')) === 300,
      );
      const untouchedBefore = (await manager.states()).find((s) => s.name === 'untouched')!.position;

      await manager.rebuild('rebuilt');
      const more = await append(store, ['Made']);
      await until(async () => (await count(db.driver, 'test_rebuilt')) === 301);
      expect(await count(db.driver, 'test_untouched')).toBe(301);
      await manager.waitFor(more.position);
      const untouched = (await manager.states()).find((s) => s.name === 'untouched')!;
      expect(untouched.position).not.toBe(untouchedBefore);
      await expect(manager.rebuild('nope')).rejects.toThrow(/No projection named nope/);
    });

    it('hands a batch projection only the events it handles, in whole batches', async () => {
      const batches: string[][] = [];
      const batched: Projection = {
        name: 'batched',
        schema: 'CREATE TABLE IF NOT EXISTS test_batched (n integer)',
        tables: ['test_batched'],
        handles: ['Wanted'],
        apply: async () => {
          throw new Error('apply must not be called when applyBatch exists');
        },
        async applyBatch(events, tx) {
          batches.push(events.map((e) => e.type));
          await tx.query('INSERT INTO test_batched (n) VALUES ($1)', [events.length]);
        },
      };
      const { db, store, manager } = await setup([batched]);
      await append(store, [...Array(150).fill('Wanted'), ...Array(60).fill('Ignored')]);
      await manager.start();
      await until(async () => (await manager.states())[0].lag === 0);
      expect(batches.flat()).toEqual(Array(150).fill('Wanted'));
      expect(batches.length).toBeLessThanOrEqual(3); // batchSize 100: at most one call per batch
      const total = await db.driver.query<{ n: string }>('SELECT sum(n)::text AS n FROM test_batched');
      expect(Number(total.rows[0].n)).toBe(150);
    });

    it('moves a relay checkpoint only after the batch was acknowledged, and redelivers after a failure', async () => {
      const db = await database.open();
      const store = await SqlEventStore.create(db.driver);
      const delivered: string[][] = [];
      let acknowledge: () => void = () => undefined;
      let fail: (error: Error) => void = () => undefined;
      const relay = {
        name: 'test-relay',
        handleBatch(events: RecordedEvent[]) {
          delivered.push(events.map((e) => e.id));
          return new Promise<void>((resolve, reject) => {
            acknowledge = resolve;
            fail = reject;
          });
        },
      };
      const manager = new ProjectionManager(db.driver, store, [{ kind: 'relay', relay }], options);
      cleanups.push(async () => {
        await manager.stop().catch(() => undefined);
        await db.drop();
      });
      const first = await append(store, ['Sent', 'Sent']);
      await manager.start();
      await until(() => delivered.length === 1);
      // Not acknowledged yet: the checkpoint has not moved.
      expect((await manager.states())[0]).toMatchObject({ position: null, lag: 2 });
      acknowledge();
      await until(async () => (await manager.states())[0].position === first.position);

      await append(store, ['Sent']);
      await until(() => delivered.length === 2);
      fail(new Error('broker unavailable'));
      await until(async () => (await manager.states())[0].status === 'failed');
      expect((await manager.states())[0]).toMatchObject({
        position: first.position,
        lag: 1,
        error: 'broker unavailable',
      });

      await manager.restart('test-relay');
      await until(() => delivered.length === 3);
      expect(delivered[2]).toEqual(delivered[1]); // at-least-once: the same batch again
      acknowledge();
      await until(async () => (await manager.states())[0].lag === 0);
    });

    it('resumes from its checkpoint after a restart without repeating events', async () => {
      const { db, store, manager } = await setup([recorder('resumed')]);
      await append(store, Array(40).fill('Made'));
      await manager.start();
      await until(async () => (await count(db.driver, 'test_resumed')) === 40);
      await manager.stop();
      await append(store, Array(10).fill('Made'));
      const second = new ProjectionManager(db.driver, store, manager.subscribers, options);
      cleanups.push(() => second.stop());
      await second.start();
      // A repeated event would violate the table's primary key and stop the projection.
      await until(async () => (await count(db.driver, 'test_resumed')) === 50);
      expect((await second.states())[0]).toMatchObject({ status: 'running', lag: 0 });
    });

    if (database.name === 'postgres') {
      it('runs each projection in one process at a time (advisory-lock lease); the standby takes over', async () => {
        const { db, store, manager } = await setup([recorder('leased')]);
        const standby = new ProjectionManager(db.driver, store, manager.subscribers, options);
        cleanups.push(() => standby.stop());
        await manager.start();
        await until(async () => (await manager.states())[0].runner === 'live');
        await standby.start();
        await until(async () => (await standby.states())[0].runner === 'standby');
        await append(store, Array(20).fill('Made'));
        await until(async () => (await count(db.driver, 'test_leased')) === 20);
        await manager.stop();
        await append(store, Array(5).fill('Made'));
        await until(async () => (await count(db.driver, 'test_leased')) === 25);
        expect((await standby.states())[0].runner).not.toBe('standby');
      });
    }
  });
}
