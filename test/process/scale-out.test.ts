import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createFreshDatabase } from '../support/database.js';
import { requires } from '../support/requires.js';

/**
 * The scaled-out set-up (README "Processes and scaling out"; libs/analytics/src/analytics-processes.module.ts):
 * the built API with `RUN_PROJECTIONS=false` takes the tracking, the built worker runs the
 * projections and the analytics projector. Events collected by the API are projected by the
 * worker, and not by the API: with the worker stopped they stay queued, and a worker started
 * again projects them. PostgreSQL only: the embedded store belongs to one process.
 */
const API = join(process.cwd(), 'dist/apps/api/src/main.js');
const WORKER = join(process.cwd(), 'dist/apps/worker/src/main.js');
const adminUrl = process.env.DATABASE_URL;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function start(main: string, env: Record<string, string>, healthPath: string): Promise<{ child: ChildProcess; url: string; output: string[] }> {
  const port = await freePort();
  const output: string[] = [];
  const { DATABASE_URL: _d, DATA_DIR: _a, EVENTSTORE_URL: _e, KAFKA_BROKERS: _k, ...rest } = process.env;
  const child = spawn(process.execPath, [main], { env: { ...rest, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${main} exited: ${output.join('')}`);
    const ok = await fetch(`${url}${healthPath}`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${main} did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

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
    const started = await start(API, { DATABASE_URL: db.url, RUN_PROJECTIONS: 'false', DEMO_TRAFFIC: 'false' }, '/api/health');
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
    (await client.query<{ events: number }>('SELECT events FROM an_visitors WHERE distinct_id = $1', [distinctId])).rows[0]?.events ?? null;
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
      body: JSON.stringify({ siteKey: key, events: ids.map((id) => ({ id, name: 'page_view', distinctId, time, url })) }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: ids.length, duplicates: 0, rejected: [] });
  };

  it('events collected by the API are projected by the worker only', async () => {
    // Demo Shop, as the demo organisation's first start made it (its key and address from the read model the worker projected).
    const site = (await client.query<{ key: string; url: string }>(`SELECT record->>'key' AS key, record->>'url' AS url FROM rm_websites WHERE record->>'name' = 'Demo Shop'`)).rows[0]!;
    expect(site.key).toBeTruthy();
    await collect(site.key, `${site.url}/`, 'scaled-1', ['s1', 's2', 's3']);
    await until('the worker projected visitor scaled-1', async () => (await events('scaled-1')) === 3);

    // Without a worker nothing projects: the API does not (RUN_PROJECTIONS=false).
    await stop(worker!);
    worker = null;
    await collect(site.key, `${site.url}/pricing`, 'scaled-2', ['s4', 's5']);
    await new Promise((r) => setTimeout(r, 3_000)); // six of the projector's idle polls
    expect(await queued('scaled-2')).toBe(true);
    expect(await events('scaled-2')).toBeNull();

    // A worker started again takes the queue.
    worker = (await start(WORKER, { DATABASE_URL: db.url, RUN_PROJECTIONS: 'true' }, '/api/health/live')).child;
    await until('the new worker projected visitor scaled-2', async () => (await events('scaled-2')) === 2);
    expect(await queued('scaled-2')).toBe(false);
  }, 180_000);
});
