import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { KurrentEventStore, PgliteDriver, type RecordedEvent, type SqlExecutor } from '#libs/eventstore/src/index.js';
import {
  formatPosition,
  parsePosition,
  toStreamState,
  toVersion,
} from '#libs/eventstore/src/kurrent/kurrent-event-store.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import { requires } from '../support/requires.js';
import { eventStoreContract } from './contract.js';

/**
 * The KurrentDB adapter. Its mapping between our versions and Kurrent's revisions runs always (no
 * server needed). Against a real server, e.g. one from `docker compose up kurrentdb`:
 *
 *   EVENTSTORE_URL='kurrentdb://127.0.0.1:2113?tls=false' npm run jest -- test/eventstore/kurrent-event-store.test.ts
 *
 * runs the shared event store contract and the projection runner on top of it. No KurrentDB server
 * can run on our CI machines, so without EVENTSTORE_URL those suites are skipped and say so (also
 * under CI=true). The server's log is shared and never emptied: the tests use fresh stream ids and
 * only assert on their own events, so reruns against the same server are fine.
 */
const url = process.env.EVENTSTORE_URL;

describe('KurrentDB adapter: versions, revisions and positions (no server needed)', () => {
  it('maps an expected version (1-based, what the deciders count) to the 0-based revision Kurrent expects', () => {
    expect(toStreamState(1)).toBe(0n);
    expect(toStreamState(7)).toBe(6n);
    expect(toStreamState(0)).toBe('no_stream');
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('stream_exists')).toBe('stream_exists');
    expect(() => toStreamState(-1)).toThrow('Invalid expected version -1');
    expect(() => toStreamState(1.5)).toThrow('Invalid expected version 1.5');
  });

  it("reads Kurrent's current revision back as our version count", () => {
    expect(toVersion(0n)).toBe(1);
    expect(toVersion(41n)).toBe(42);
    expect(toVersion('no_stream')).toBe(0);
    expect(toVersion(undefined)).toBe(0);
    expect(toVersion(-5n)).toBe(0);
  });

  it('writes a $all position as "commit:prepare" and reads it back', () => {
    expect(formatPosition({ commit: 1234n, prepare: 1200n })).toBe('1234:1200');
    expect(parsePosition('1234:1200')).toEqual({ commit: 1234n, prepare: 1200n });
    expect(parsePosition('18446744073709551615:0')).toEqual({ commit: 18446744073709551615n, prepare: 0n });
    expect(() => parsePosition('12')).toThrow('Invalid KurrentDB position 12');
    expect(() => parsePosition('a:b')).toThrow('Invalid KurrentDB position a:b');
  });
});

const withServer = requires(Boolean(url), 'a KurrentDB server (EVENTSTORE_URL)', { optional: true });

if (url) {
  eventStoreContract('kurrentdb', async () => {
    const store = new KurrentEventStore(url);
    return { store, close: () => store.close() };
  });
}

withServer('KurrentDB: the contract above, and the projection runner reading $all', () => {
  let store: KurrentEventStore;
  let readModels: PgliteDriver;
  const prefix = `kurrent-test-${randomUUID()}`;

  beforeAll(async () => {
    store = new KurrentEventStore(url!);
    readModels = await PgliteDriver.open();
  });
  afterAll(async () => {
    await store?.close();
    await readModels?.close();
  });

  it('a projection catches up from $all, follows live appends and stops at its checkpoint', async () => {
    const seen: string[] = [];
    const projection: Projection = {
      name: 'kurrent_seen',
      schema:
        'CREATE TABLE IF NOT EXISTS kurrent_seen (event_id text PRIMARY KEY, stream text NOT NULL, n int NOT NULL)',
      tables: ['kurrent_seen'],
      async apply(event: RecordedEvent, tx: SqlExecutor) {
        if (!event.streamId.startsWith(prefix)) return;
        seen.push(event.id);
        await tx.query('INSERT INTO kurrent_seen (event_id, stream, n) VALUES ($1, $2, $3)', [
          event.id,
          event.streamId,
          event.data.n,
        ]);
      },
    };
    const quiet = { info() {}, error() {} };
    // Start from the head: the shared server's older events are not this test's business.
    const start = await store.headPosition();
    const first = await store.append(
      `${prefix}-a`,
      [1, 2, 3].map((n) => ({ type: 'Counted', data: { n } })),
      'no_stream',
    );
    const manager = new ProjectionManager(readModels, store, [{ kind: 'projection' as const, projection }], {
      batchSize: 100,
      idleMaxMs: 50,
      retryMs: 50,
      log: quiet,
    });
    await manager.migrate();
    if (start)
      await readModels.query('INSERT INTO es_checkpoints (subscription, position) VALUES ($1, $2)', [
        'kurrent_seen',
        start,
      ]);
    await manager.start();
    try {
      await manager.waitFor(first.position, 20_000);
      const live = await store.append(`${prefix}-b`, [{ type: 'Counted', data: { n: 4 } }], 'no_stream');
      await manager.waitFor(live.position, 20_000);
      const rows = await readModels.query<{ stream: string; n: number }>(
        'SELECT stream, n FROM kurrent_seen ORDER BY n',
      );
      expect(rows.rows).toEqual([
        { stream: `${prefix}-a`, n: 1 },
        { stream: `${prefix}-a`, n: 2 },
        { stream: `${prefix}-a`, n: 3 },
        { stream: `${prefix}-b`, n: 4 },
      ]);
      expect(new Set(seen).size).toBe(seen.length);
    } finally {
      await manager.stop();
    }
  }, 60_000);
});
