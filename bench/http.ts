/**
 * The HTTP section of `npm run bench` (PostgreSQL only: the API runs in a process of its own and
 * the seeder writes to the same database). It starts the built API (`dist/apps/api/src/main.js`)
 * on the bench database with its demo data, appends `BENCH_HTTP_POSTS` (default 100,000) posts
 * to the demo shop through the post decider (as the editor: briefs in the pool), waits until the
 * API's projections have caught up, and measures with autocannon in another process
 * (bench/load.ts), each at 16 connections after a warm-up:
 *
 *   http_floor        GET /api/health/live: no database, no session (the floor)
 *   http_auth_user    GET /api/auth/user: the session and the viewer
 *   http_posts_list   GET /api/posts?range=[0,24]: 25 rows of 100,000
 *   http_create_post  POST /api/posts: a command and its read-your-writes answer
 *   http_action       POST /api/posts/{id}/actions/Select: a workflow action on a distinct brief each
 *
 * Each figure is requests/s with p50/p99 in its notes; its baseline is the floor measured in the
 * same run (ratio = route / floor).
 */
import { POST } from '#libs/posts/src/domain/deciders.js';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlDriver } from '#libs/eventstore/src/sql/driver.js';
import { SqlEventStore } from '#libs/eventstore/src/sql/sql-event-store.js';
import { rolesFor } from '#libs/platform/src/auth/policy.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, DecideHandler, DeciderRegistry } from '#libs/platform/src/commands/decide.command.js';
import { postDecider } from '#libs/posts/src/domain/post.decider.js';
import { postSlug } from '#libs/posts/src/domain/post-fields.js';
import { fmt, log } from './harness.js';
import type { LoadResult, LoadSpec } from './load.js';

const here = dirname(fileURLToPath(import.meta.url));
const POSTS = Math.max(1000, Number(process.env.BENCH_HTTP_POSTS ?? '100000') || 100_000);
const SECONDS = Math.max(2, Number(process.env.BENCH_HTTP_SECONDS ?? '10') || 10);
const WARM_SECONDS = Math.max(1, Math.round(SECONDS / 3));
const CONNECTIONS = 16;
const PASSWORD = 'Demo-pass-1';

export interface HttpFigure {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  ratio: number;
  notes: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function startApi(databaseUrl: string, port: number, env: Record<string, string> = {}): ChildProcess {
  const main = join(here, '..', 'apps', 'api', 'src', 'main.js');
  // BENCH_HTTP_PROFILE=dir: the API writes a V8 CPU profile there when it stops (bench/cpu-profile-top.js reads it).
  const profile = process.env.BENCH_HTTP_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_HTTP_PROFILE}`]
    : [];
  // As `npm start` runs it (package.json): a larger young generation, fewer scavenges per request.
  const child = spawn(process.execPath, ['--max-semi-space-size=32', ...profile, main], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RUN_PROJECTIONS: 'true',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

export async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Signs in and answers the `sid=…` cookie. */
export async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${await res.text()}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`no session cookie for ${email}`);
  return sid.split(';')[0]!;
}

async function load(spec: Omit<LoadSpec, 'connections' | 'seconds'>, seconds: number): Promise<LoadResult> {
  const child = fork(join(here, 'load.js'), [JSON.stringify({ ...spec, connections: CONNECTIONS, seconds })], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`load generator exited ${code}`);
  return JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
}

interface Demo {
  organisationId: string;
  website: {
    id: string;
    secondEdit: boolean;
    customerReview: boolean;
    factCheckLevels: number;
    regulated: boolean;
    fourEyes?: boolean;
  };
  editor: { userId: string; name: string; roles: string[] };
}

async function demoOf(db: SqlDriver, base: string, ownerCookie: string): Promise<Demo> {
  const res = await fetch(`${base}/api/websites`, { headers: { cookie: ownerCookie } });
  const websites = (await res.json()) as Array<
    Demo['website'] & { name: string; status: string; organisationId: string }
  >;
  const website = websites.find((w) => w.name === 'Demo Shop') ?? websites.find((w) => w.status === 'active');
  if (!website) throw new Error('the demo organisation has no active website');
  const found = await db.query<{
    id: string;
    name: string;
    role: string;
    cms_role: string | null;
    cro_role: string | null;
  }>(
    `SELECT u.id, u.name, m.role, r.record->>'cmsRole' AS cms_role, r.record->>'croRole' AS cro_role
     FROM rm_users u JOIN rm_memberships m ON m.user_id = u.id
     LEFT JOIN rm_members r ON r.organisation_id = m.organisation_id AND r.user_id = u.id
     WHERE u.email = 'editor@demo.example' AND m.organisation_id = $1`,
    [website.organisationId],
  );
  const row = found.rows[0];
  if (!row) throw new Error('no demo editor');
  const viewer = {
    userId: row.id,
    platformAdmin: false,
    memberships: new Map([[website.organisationId, row.role]]),
    productRoles: new Map([
      [website.organisationId, { cmsRole: row.cms_role ?? 'none', croRole: row.cro_role ?? 'none' }],
    ]),
  } as unknown as Viewer;
  return {
    organisationId: website.organisationId,
    website,
    editor: { userId: row.id, name: row.name, roles: rolesFor(viewer, website.organisationId) },
  };
}

/** `count` briefs created by the editor through the post decider, 8 writers at a time; their ids. */
async function seedBriefs(store: SqlEventStore, demo: Demo, count: number): Promise<string[]> {
  const registry = new DeciderRegistry();
  registry.register({ name: 'post', decider: postDecider, organisationOf: (s) => s.organisationId });
  const handler = new DecideHandler(store, registry);
  const w = demo.website;
  const context = {
    settings: {
      secondEdit: w.secondEdit,
      customerReview: w.customerReview,
      factCheckLevels: w.factCheckLevels,
      regulated: w.regulated,
      fourEyes: w.fourEyes ?? true,
    },
    now: new Date().toISOString(),
  };
  const ids: string[] = [];
  let next = 0;
  const started = Date.now();
  const writer = async () => {
    for (let n = next++; n < count; n = next++) {
      const id = randomUUID();
      const title = `Bench brief ${n}: how we cut checkout abandonment`;
      await handler.execute(
        new DecideCommand(
          POST,
          id,
          {
            type: 'Create',
            actor: demo.editor,
            context,
            data: {
              title,
              type: 'blog',
              subtitle: 'For the bench',
              slug: postSlug(title),
              organisationId: demo.organisationId,
              websiteId: w.id,
              locale: 'en',
            },
          },
          { organisationId: demo.organisationId },
        ),
      );
      ids.push(id);
      if (ids.length % 10_000 === 0)
        log(`  http: ${fmt(ids.length)} briefs appended (${fmt(ids.length / ((Date.now() - started) / 1000))}/s)`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, writer));
  return ids;
}

function idsFile(name: string, ids: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ids-'));
  const file = join(dir, `${name}.txt`);
  writeFileSync(file, ids.join('\n'));
  return file;
}

function figure(name: string, result: LoadResult, floor: LoadResult, what: string): HttpFigure {
  const failures = result.non2xx + result.errors;
  return {
    name,
    value: Math.round(result.rps),
    unit: 'requests/s',
    baseline: Math.round(floor.rps),
    ratio: Math.round((result.rps / floor.rps) * 100) / 100,
    notes:
      `${what}; ${CONNECTIONS} connections for ${SECONDS} s after ${WARM_SECONDS} s of warm-up; p50 ${result.p50} ms, p99 ${result.p99} ms; ` +
      `${fmt(result.total)} requests${failures ? `, ${failures} failed (${JSON.stringify(result.statuses)})` : ''}; baseline: GET /api/health/live (the floor)`,
  };
}

/** Runs the HTTP section on the bench database at `databaseUrl` (the caller creates and drops it). */
export async function httpSection(db: SqlDriver, databaseUrl: string): Promise<HttpFigure[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`http: starting the API on ${base}`);
  const api = startApi(databaseUrl, port);
  try {
    await waitUntil(
      'the API to answer /api/health',
      async () => (await fetch(`${base}/api/health`)).status === 200,
      120_000,
    );
    const [owner, editor, writer] = await Promise.all(
      ['owner', 'editor', 'writer'].map((who) => signIn(base, `${who}@demo.example`)),
    );
    const demo = await demoOf(db, base, owner);
    const store = await SqlEventStore.create(db);
    log(`http: appending ${fmt(POSTS)} briefs to ${demo.website.id}`);
    const briefs = await seedBriefs(store, demo, POSTS);
    await waitUntil(
      'the projections to catch up',
      async () => {
        const health = (await (await fetch(`${base}/api/health`)).json()) as { projections: Array<{ lag: number }> };
        return health.projections.every((p) => p.lag === 0);
      },
      600_000,
    );
    // What autovacuum does within a minute of 100,000 new rows: fresh statistics for the planner.
    await db.query('VACUUM ANALYZE');
    log('http: projections caught up; VACUUM ANALYZE done');

    const origin = { origin: base };
    const routes: Array<{
      name: string;
      what: string;
      spec: Omit<LoadSpec, 'connections' | 'seconds'>;
      split?: boolean;
    }> = [
      {
        name: 'http_floor',
        what: 'GET /api/health/live',
        spec: { url: base, method: 'GET', path: '/api/health/live', headers: {}, mode: 'plain' },
      },
      {
        name: 'http_auth_user',
        what: 'GET /api/auth/user (the editor)',
        spec: { url: base, method: 'GET', path: '/api/auth/user', headers: { cookie: editor }, mode: 'plain' },
      },
      {
        name: 'http_posts_list',
        what: `GET /api/posts?range=[0,24] (the editor; ${fmt(POSTS)} posts)`,
        spec: {
          url: base,
          method: 'GET',
          path: `/api/posts?range=${encodeURIComponent('[0,24]')}`,
          headers: { cookie: editor },
          mode: 'plain',
        },
      },
      {
        name: 'http_create_post',
        what: 'POST /api/posts (the writer; a unique title each)',
        spec: {
          url: base,
          method: 'POST',
          path: '/api/posts',
          headers: { cookie: writer, ...origin },
          body: { websiteId: demo.website.id, title: 'Bench post', type: 'blog' },
          mode: 'create',
        },
      },
      {
        name: 'http_action',
        what: 'POST /api/posts/{id}/actions/Select (the writer picks up a distinct brief each)',
        spec: {
          url: base,
          method: 'POST',
          path: '/api/posts/:id/actions/Select',
          headers: { cookie: writer, ...origin },
          mode: 'ids',
        },
        split: true,
      },
    ];
    const results = new Map<string, LoadResult>();
    let unused = briefs;
    for (const route of routes) {
      const spec = { ...route.spec };
      if (route.split) {
        // Warm-up and measurement each get briefs of their own: every request acts on a fresh one.
        const warm = unused.slice(0, Math.floor(unused.length / 4));
        unused = unused.slice(warm.length);
        spec.idsFile = idsFile('warm', warm);
      }
      await load(spec, WARM_SECONDS);
      if (route.split) spec.idsFile = idsFile('measure', unused);
      const result = await load(spec, SECONDS);
      log(
        `  ${route.name}: ${fmt(result.rps)}/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${fmt(result.total)} requests, non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
      results.set(route.name, result);
    }
    const floor = results.get('http_floor')!;
    return routes.map((route) => figure(route.name, results.get(route.name)!, floor, route.what));
  } finally {
    await stopApi(api);
  }
}
