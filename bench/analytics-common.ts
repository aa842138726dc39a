/**
 * What the analytics sections of `npm run bench` share (bench/analytics-ingest.ts,
 * bench/analytics-reports.ts): the built API in a process of its own on the bench database, a
 * website created through the HTTP API as the demo owner, its benchmark set-up and traffic made by
 * the generator command (`generate-traffic.js --setup bench`) in a process of its own, and waiting
 * for the analytics projector.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { log } from './harness.js';
import { freePort, signIn, startApi, stopApi, waitUntil } from './http.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The API started on a bench database (the demo organisation, no demo traffic). */
export interface RunningApi {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function runApi(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningApi> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startApi(databaseUrl, port, { DEMO_TRAFFIC: 'false', ...env });
  await answering(child, 'the API', `${base}/api/health`);
  return { base, child, stop: () => stopApi(child) };
}

/** Waits (3 minutes at most) until the child process answers 200 at `url`; fails if it exits first. */
async function answering(child: ChildProcess, what: string, url: string): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitUntil(
    `${what} to answer ${new URL(url).pathname}`,
    async () => {
      if (exited) throw new Error(`${what} exited`);
      return (await fetch(url)).status === 200;
    },
    180_000,
  );
}

/**
 * A worker (dist/apps/worker/src/main.js) on the bench database: the projections, the analytics
 * projector and the retention job, as in the scaled-out set-up (the API with `RUN_PROJECTIONS=false`).
 * `nice` > 0 starts it at that lower CPU priority (`nice -n`): background work that yields the
 * cores to the request path whenever both want them.
 */
export async function runWorker(
  databaseUrl: string,
  nice = 0,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const main = join(here, '..', 'apps', 'worker', 'src', 'main.js');
  const args = ['--max-semi-space-size=32', main];
  const options = workerOptions(databaseUrl, port, env);
  const child =
    nice > 0
      ? spawn('nice', ['-n', String(nice), process.execPath, ...args], options)
      : spawn(process.execPath, args, options);
  await answering(child, 'the worker', `http://127.0.0.1:${port}/api/health/live`);
  return { child, stop: () => stopApi(child) };
}

function workerOptions(databaseUrl: string, port: number, env: Record<string, string>) {
  return {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      RUN_PROJECTIONS: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'] as ('ignore' | 'inherit')[],
  };
}

export interface BenchWebsite {
  id: string;
  organisationId: string;
  key: string;
  url: string;
}

/** Creates a website of the demo organisation through `POST /api/websites`, as its owner. */
export async function createWebsite(base: string, name: string, url: string): Promise<BenchWebsite> {
  const owner = await signIn(base, 'owner@demo.example');
  const res = await fetch(`${base}/api/websites`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: owner },
    body: JSON.stringify({ name, url }),
  });
  if (res.status !== 201) throw new Error(`POST /api/websites answered ${res.status}: ${await res.text()}`);
  const site = (await res.json()) as { id: string; organisationId: string; key: string; url: string };
  return { id: site.id, organisationId: site.organisationId, key: site.key, url: site.url };
}

/**
 * Runs the generator command (dist/apps/api/src/generate-traffic.js) on the database with these
 * arguments, in a process of its own; its output goes to stderr with a prefix.
 */
export async function runGenerator(
  databaseUrl: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<void> {
  const script = join(here, '..', 'apps', 'api', 'src', 'generate-traffic.js');
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RUN_PROJECTIONS: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`  generate-traffic: ${line}`);
  };
  child.stdout!.on('data', relay);
  child.stderr!.on('data', relay);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`generate-traffic exited ${code}`);
}

/** A plain `pg` client on the database (closed by the caller). */
export async function client(databaseUrl: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  return c;
}

/** Visitors of the website still queued for the analytics projector. */
export async function pendingCount(db: pg.Client, websiteId: string): Promise<number> {
  const found = await db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM analytics_pending WHERE website_id = $1',
    [websiteId],
  );
  return Number(found.rows[0]!.n);
}

/** Waits until the projector has emptied the website's queue; answers the seconds it took. */
export async function waitForProjector(
  db: pg.Client,
  websiteId: string,
  timeoutMs: number,
  progress?: (left: number, seconds: number) => void,
): Promise<number> {
  const started = performance.now();
  let shown = started;
  for (;;) {
    const left = await pendingCount(db, websiteId);
    const seconds = (performance.now() - started) / 1000;
    if (left === 0) return seconds;
    if (performance.now() - started > timeoutMs)
      throw new Error(`the analytics projector still has ${left} visitors queued after ${seconds.toFixed(0)} s`);
    if (progress && performance.now() - shown > 15_000) {
      shown = performance.now();
      progress(left, seconds);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
