import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createFreshDatabase } from '../support/database.js';
import { BUILT_API as API, BUILT_WORKER as WORKER, start, stop } from '../support/processes.js';
import { requires } from '../support/requires.js';

/**
 * The scaled-out set-up (README "Processes and scaling out"; libs/analytics/src/analytics-processes.module.ts):
 * the built API with `RUN_PROJECTIONS=false` takes the tracking, the built worker runs the
 * projections and the analytics projector. Events collected by the API are projected by the
 * worker, and not by the API: with the worker stopped they stay queued, and a worker started
 * again projects them. PostgreSQL only: the embedded store belongs to one process.
 */
const adminUrl = process.env.DATABASE_URL;

requires(
  Boolean(adminUrl) && existsSync(API) && existsSync(WORKER),
  'PostgreSQL (DATABASE_URL) and the built API and worker (npm run build:api)',
  { optional: true },
)('scaled out: the API takes the tracking, the worker projects it', () => {
  let db: { url: string; drop(): Promise<void> };
  let client: pg.Client;
  let worker: ChildProcess | null = null;
  let api: ChildProcess | null = null;
  let apiUrl = '';

  beforeAll(async () => {
    db = await createFreshDatabase(adminUrl!);
    client = new pg.Client({ connectionString: db.url });
    // The worker first: the API's first start (the demo organisation) waits for read models the worker projects.
    worker = (await start(WORKER, { DATABASE_URL: db.url, RUN_PROJECTIONS: 'true' }, '/api/health/live')).child;
    const started = await start(
      API,
      { DATABASE_URL: db.url, RUN_PROJECTIONS: 'false', DEMO_TRAFFIC: 'false' },
      '/api/health',
    );
    api = started.child;
    apiUrl = started.url;
    await client.connect();
  }, 300_000);
  afterAll(async () => {
    for (const child of [api, worker]) if (child) await stop(child);
    await client?.end().catch(() => undefined);
    await db?.drop();
  });

  const events = async (distinctId: string): Promise<number | null> =>
    (await client.query<{ events: number }>('SELECT events FROM an_visitors WHERE distinct_id = $1', [distinctId]))
      .rows[0]?.events ?? null;
  const queued = async (distinctId: string): Promise<boolean> =>
    (await client.query('SELECT 1 FROM analytics_pending WHERE distinct_id = $1', [distinctId])).rows.length > 0;
  const until = async (what: string, probe: () => Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const collect = async (key: string, url: string, distinctId: string, ids: string[]) => {
    const time = new Date().toISOString();
    const res = await fetch(`${apiUrl}/api/public/collect`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({
        siteKey: key,
        events: ids.map((id) => ({ id, name: 'page_view', distinctId, time, url })),
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: ids.length, duplicates: 0, rejected: [] });
  };

  it('events collected by the API are projected by the worker only', async () => {
    // Demo Shop, as the demo organisation's first start made it (its key and address from the read model the worker projected).
    const site = (
      await client.query<{ key: string; url: string }>(
        `SELECT record->>'key' AS key, record->>'url' AS url FROM rm_websites WHERE record->>'name' = 'Demo Shop'`,
      )
    ).rows[0]!;
    expect(site.key).toBeTruthy();
    await collect(site.key, `${site.url}/`, 'scaled-1', ['s1', 's2', 's3']);
    await until('the worker projected visitor scaled-1', async () => (await events('scaled-1')) === 3);

    // Without a worker nothing projects: the API does not (RUN_PROJECTIONS=false).
    await stop(worker!);
    worker = null;
    await collect(site.key, `${site.url}/pricing`, 'scaled-2', ['s4', 's5']);
    await until('the API queued visitor scaled-2 for a projector', () => queued('scaled-2'));
    // The API, asked after the collect answered, runs no projection (no runner of its own: the
    // analytics projector runs where the projections run), so nothing will take the queue.
    const health = (await (await fetch(`${apiUrl}/api/health`)).json()) as {
      projections: { name: string; runner: string | null }[];
    };
    expect(health.projections.length).toBeGreaterThan(0);
    expect(health.projections.filter((p) => p.runner !== null)).toEqual([]);
    expect(await queued('scaled-2')).toBe(true);
    expect(await events('scaled-2')).toBeNull();

    // A worker started again takes the queue.
    worker = (await start(WORKER, { DATABASE_URL: db.url, RUN_PROJECTIONS: 'true' }, '/api/health/live')).child;
    await until('the new worker projected visitor scaled-2', async () => (await events('scaled-2')) === 2);
    expect(await queued('scaled-2')).toBe(false);
  }, 180_000);
});
