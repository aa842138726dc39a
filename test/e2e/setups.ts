import request from 'supertest';
import { expect } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { startApp, type TestApp } from '../support/app.js';
import { createFreshDatabase } from '../support/database.js';

/**
 * The stores every end-to-end suite runs against: the embedded PGlite always, and a fresh
 * PostgreSQL database (dropped afterwards) when `DATABASE_URL` is set.
 *
 * The PostgreSQL setup also sets `RUN_PROJECTIONS=true` explicitly: the API process runs the
 * projections itself, like the embedded mode (without them every command waits for a worker
 * that is not there, and the read models stay empty).
 */
export interface Setup {
  name: 'pglite' | 'postgres';
  env: Record<string, string> | (() => Promise<Record<string, string>>);
}

const DATABASE_URL = process.env.DATABASE_URL;
const drops = new Map<string, () => Promise<void>>();

/** `TEST_STORES=postgres` (CI's second pass) leaves the embedded store out. */
const wanted = (process.env.TEST_STORES ?? 'pglite,postgres').split(',');

export const setups: Setup[] = (
  [
    { name: 'pglite', env: {} },
    ...(DATABASE_URL
      ? [
          {
            name: 'postgres' as const,
            env: async () => {
              const db = await createFreshDatabase(DATABASE_URL);
              drops.set(db.url, db.drop);
              // A suite may run two apps at once (each holds a connection per subscriber's lease, about
              // 30, plus its pool): a smaller pool keeps two under PostgreSQL's 100 connections.
              return { DATABASE_URL: db.url, RUN_PROJECTIONS: 'true', DATABASE_POOL_SIZE: '8' };
            },
          },
        ]
      : []),
  ] as Setup[]
).filter((setup) => wanted.includes(setup.name));

export interface Booted extends TestApp {
  /** Stops the app, then drops the fresh database (PostgreSQL setup). */
  stop(): Promise<void>;
}

/** Boots the real API for one setup (one boot per describe block). */
export async function boot(setup: Setup, extraEnv: Record<string, string> = {}): Promise<Booted> {
  const env = { ...(typeof setup.env === 'function' ? await setup.env() : setup.env), ...extraEnv };
  const drop = env.DATABASE_URL ? drops.get(env.DATABASE_URL) : undefined;
  let t: TestApp;
  try {
    t = await startApp({ env });
  } catch (error) {
    await drop?.().catch(() => undefined);
    throw error;
  }
  return {
    ...t,
    async stop() {
      try {
        await t.close();
      } finally {
        if (drop) {
          drops.delete(env.DATABASE_URL!);
          await drop();
        }
      }
    },
  };
}

export const OWNER = { email: 'owner@demo.example', password: 'Demo-pass-1' };
export const EDITOR = { email: 'editor@demo.example', password: 'Demo-pass-1' };
export const WRITER = { email: 'writer@demo.example', password: 'Demo-pass-1' };
export const ADMIN = { email: 'admin@platform.example', password: 'Admin-pass-1' };

export type Agent = ReturnType<typeof request.agent>;

/** A supertest agent signed in as `credentials` (it keeps the session cookie). */
/**
 * A cookie-keeping client that behaves like the console in a browser: it sends the console's
 * `Origin` with every request (state-changing requests without an allowed Origin are refused).
 */
export function newAgent(url: string): Agent {
  return request.agent(url).set('Origin', new URL(url).origin);
}

export async function signIn(url: string, credentials: { email: string; password: string }): Promise<Agent> {
  const agent = newAgent(url);
  const res = await agent.post('/api/auth/login').send(credentials);
  expectWith(res.status, JSON.stringify(res.body)).toBe(200);
  return agent;
}

/** The `sid` cookie value set by a login answer. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const cookies = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  const sid = cookies.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`no sid cookie in ${JSON.stringify(raw)}`);
  return sid.split(';')[0];
}

/** The total of a `Content-Range: {resource} {start}-{end}/{total}` header. */
export function totalOf(res: { headers: Record<string, unknown> }): number {
  const range = res.headers['content-range'];
  if (typeof range !== 'string') throw new Error('no Content-Range header');
  const match = /\/(\d+)$/.exec(range);
  if (!match) throw new Error(`bad Content-Range ${range}`);
  return Number(match[1]);
}

/** `?sort=...&range=...&filter=...` the simple-rest way. */
export function listQuery(params: {
  sort?: [string, string];
  range?: [number, number];
  filter?: Record<string, unknown>;
}): string {
  const q = new URLSearchParams();
  if (params.sort) q.set('sort', JSON.stringify(params.sort));
  if (params.range) q.set('range', JSON.stringify(params.range));
  if (params.filter) q.set('filter', JSON.stringify(params.filter));
  return q.toString();
}

export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await probe();
  }
  return last;
}

/**
 * `member` writes their own bio on a website and `publisher` (an editor) publishes it: published
 * pages credit their writer, so a post is published only once its writer has a published bio.
 */
export async function publishOwnBio(member: Agent, publisher: Agent, websiteId: string): Promise<string> {
  const me = (await member.get('/api/auth/user')).body as { id: string; name: string };
  const created = await member.post('/api/bios').send({
    websiteId,
    kind: 'writer',
    userId: me.id,
    displayName: me.name,
    text: `${me.name} writes for this website.`,
  });
  if (created.status !== 201) throw new Error(`bio of ${me.name}: ${created.status} ${JSON.stringify(created.body)}`);
  const published = await publisher.post(`/api/bios/${created.body.id}/actions/Publish`).send({});
  if (published.status !== 200)
    throw new Error(`publishing the bio of ${me.name}: ${published.status} ${JSON.stringify(published.body)}`);
  return created.body.id as string;
}

/**
 * Adds a website to members' access (default: every member of the website's organisation who is
 * not an owner or admin): members reach only the websites on their membership (DESIGN.md
 * "Website access"), so a website a test creates is theirs only once it is listed.
 */
export async function giveWebsite(owner: Agent, websiteId: string, emails?: string[]): Promise<void> {
  const { organisationId } = (await owner.get(`/api/websites/${websiteId}`)).body as { organisationId: string };
  const filter = { organisationId };
  const members = (await owner.get(`/api/members?${listQuery({ filter, range: [0, 999] })}`)).body as Array<{
    id: string;
    email: string;
    orgRole: string;
    status: string;
    websiteIds: string[];
  }>;
  for (const member of members) {
    if (
      emails
        ? !emails.includes(member.email)
        : member.orgRole === 'owner' || member.orgRole === 'admin' || member.status === 'rejected'
    )
      continue;
    if (member.websiteIds.includes(websiteId)) continue;
    const res = await owner.put(`/api/members/${member.id}`).send({ websiteIds: [...member.websiteIds, websiteId] });
    if (res.status !== 200)
      throw new Error(`giving ${member.email} the website: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

export interface Route {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  path: string;
}

/** Every route the API has, read from the HTTP router itself: routes added later are covered (and fuzzed). */
export function routesOf(t: Booted): Route[] {
  const instance = t.app.app.getHttpAdapter().getInstance() as {
    router?: { stack: unknown[] };
    _router?: { stack: unknown[] };
  };
  const stack = (instance.router ?? instance._router)!.stack as Array<{
    route?: { path: string; methods: Record<string, boolean> };
  }>;
  return stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map((method) => ({
          method: method as Route['method'],
          path: layer.route!.path,
        }))
      : [],
  );
}
