import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { SqlEventStore, type RecordedEvent, type SqlExecutor } from '#libs/eventstore/src/index.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import { testDatabases } from '../support/database.js';

const WRITERS = 8;
const PER_WRITER = 1250; // 10,000 events in all
const quiet = { info() {}, error() {} };

/**
 * The research measured that a reader paging the global log by sequence number alone skips
 * events when transactions commit out of sequence order. Here 8 writers commit concurrently
 * (every 50th event is large, so commit order differs from sequence order) while a reader and
 * a projection follow the log live; both must see every event exactly once.
 */
for (const database of testDatabases) {
  describe(`global log under concurrent writers: ${database.name}`, () => {
    it(`a live reader and a projection see ${WRITERS * PER_WRITER} events exactly once`, async () => {
      const db = await database.open();
      try {
        const store = await SqlEventStore.create(db.driver);
        const countingProjection: Projection = {
          name: 'counting',
          schema: 'CREATE TABLE IF NOT EXISTS test_seen (event_id text PRIMARY KEY, stream_id text NOT NULL)',
          tables: ['test_seen'],
          async apply(event: RecordedEvent, tx: SqlExecutor) {
            // A plain INSERT: a duplicate delivery would fail the projection.
            await tx.query('INSERT INTO test_seen (event_id, stream_id) VALUES ($1, $2)', [event.id, event.streamId]);
          },
        };
        const manager = new ProjectionManager(
          db.driver,
          store,
          [{ kind: 'projection', projection: countingProjection }],
          {
            batchSize: 500,
            idleMaxMs: 100,
            retryMs: 200,
            log: quiet,
          },
        );
        await manager.migrate();
        await manager.start();

        const seen: string[] = [];
        let writtenInAll: number | null = null; // known once the writers are done
        const reader = (async () => {
          let after: string | null = null;
          // An empty page means "nothing readable yet" (an older transaction, e.g. the
          // projection's, may still be open), not "nothing more": read until every event came,
          // or give up after a while (a skipped event never comes).
          let deadline = Infinity;
          for (;;) {
            const batch = await store.readAll({ after, maxCount: 300 });
            seen.push(...batch.map((e) => e.id));
            if (batch.length) after = batch[batch.length - 1].position;
            if (writtenInAll !== null) {
              if (seen.length >= writtenInAll) return;
              if (deadline === Infinity) deadline = Date.now() + 15_000;
              if (Date.now() > deadline) return;
            }
            if (!batch.length) await new Promise((r) => setTimeout(r, 2));
          }
        })();

        const big = 'x'.repeat(50_000);
        const written: string[] = [];
        await Promise.all(
          Array.from({ length: WRITERS }, async (_, w) => {
            const streams = Array.from({ length: 10 }, () => `load-${randomUUID()}`);
            const versions = new Map<string, number>();
            for (let i = 0; i < PER_WRITER; i++) {
              const stream = streams[i % streams.length];
              const id = randomUUID();
              const version = versions.get(stream) ?? 0;
              await store.append(
                stream,
                [{ id, type: 'Loaded', data: { w, i, ...(i % 50 === 0 ? { big } : {}) } }],
                version === 0 ? 'no_stream' : version,
              );
              versions.set(stream, version + 1);
              written.push(id);
            }
          }),
        );
        writtenInAll = written.length;
        await reader;
        expect(written).toHaveLength(WRITERS * PER_WRITER);
        expect(seen).toHaveLength(written.length);
        expect(new Set(seen).size).toBe(written.length);
        expect(new Set(seen)).toEqual(new Set(written));

        const head = await store.headPosition();
        await manager.waitFor(head, 30_000);
        const counted = await db.driver.query<{ n: string }>('SELECT count(*)::text AS n FROM test_seen');
        expect(Number(counted.rows[0].n)).toBe(written.length);
        const [state] = await manager.states();
        expect(state).toMatchObject({ name: 'counting', status: 'running', lag: 0, error: null });
        await manager.stop();
      } finally {
        await db.drop();
      }
    }, 180_000);
  });
}
