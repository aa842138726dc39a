import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { createFreshDatabase, runsPglite } from '../support/database.js';

/**
 * Runs the built server (`dist/`, as `npm start` does) in a child process, puts it under
 * write load, kills it, starts it again on the same data, and checks that every write the
 * server acknowledged is there and that the projections resumed from their checkpoints.
 */
const MAIN = join(process.cwd(), 'dist/apps/api/src/main.js');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  process: ChildProcess;
  url: string;
  output: string[];
  exited: Promise<number | null>;
}

/** The child's store comes from the setup only, never from the test runner's environment. */
function withoutStoreSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, DATA_DIR: _a, EVENTSTORE_URL: _e, KAFKA_BROKERS: _k, ...rest } = env;
  return rest;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, [MAIN], {
    env: { ...withoutStoreSettings(process.env), ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      const health = await fetch(`${url}/api/health`);
      if (health.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { process: child, url, output, exited };
}

async function login(url: string, email = 'owner@demo.example', password = 'Demo-pass-1'): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** Sends a request during which the server is expected to die: answers `fetch failed` then, or the status and body that came back. */
function killedBy(url: string, method: string, path: string, cookie: string, body: unknown): Promise<string> {
  return fetch(`${url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: url },
    body: JSON.stringify(body),
  }).then(
    async (res) => `${res.status} ${await res.text()}`,
    (error: unknown) => (error as Error).message,
  );
}

/** Waits (30 s at most) until every subscriber has caught up; answers the last health report. */
async function caughtUp(url: string): Promise<{ projections: Array<{ name: string; lag: number; status: string }> }> {
  const deadline = Date.now() + 30_000;
  let health: { projections: Array<{ name: string; lag: number; status: string }> };
  do {
    health = (await (await fetch(`${url}/api/health`)).json()) as typeof health;
    if (health.projections.every((p) => p.lag === 0)) break;
    await new Promise((r) => setTimeout(r, 100));
  } while (Date.now() < deadline);
  return health;
}

/** Creates organisations from 4 parallel clients until stopped; answers the acknowledged ids. */
function writeLoad(url: string, cookie: string) {
  const acknowledged: string[] = [];
  let running = true;
  const clients = Array.from({ length: 4 }, async (_, c) => {
    for (let i = 0; running; i++) {
      try {
        const response = await fetch(`${url}/api/organisations`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: url },
          body: JSON.stringify({ name: `Load ${c}-${i}`, timezone: 'UTC' }),
        });
        if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
      } catch {
        return; // the server is gone
      }
    }
  });
  return {
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

async function organisationIds(url: string, cookie: string): Promise<Set<string>> {
  const response = await fetch(`${url}/api/organisations?range=[0,999]`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return new Set(((await response.json()) as Array<{ id: string }>).map((o) => o.id));
}

// Without the demo's 90 days of tracking traffic: these tests write organisations, and a first start
// on PGlite that also generates the traffic took more than the 90 s startServer allows on a busy CI host.
const setups: Array<{ name: string; env: () => Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> }> =
  [];
if (runsPglite) {
  setups.push({
    name: 'embedded PGlite',
    env: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'crash-'));
      return {
        env: { DATA_DIR: dir, DEMO_TRAFFIC: 'false' },
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  });
}
if (process.env.DATABASE_URL) {
  const adminUrl = process.env.DATABASE_URL;
  setups.push({
    name: 'PostgreSQL',
    env: async () => {
      const db = await createFreshDatabase(adminUrl);
      return { env: { DATABASE_URL: db.url, DEMO_TRAFFIC: 'false' }, cleanup: db.drop };
    },
  });
}

requires(existsSync(MAIN), 'the built API (npm run build:api)')(
  'process crash and shutdown (needs `npm run build:api`)',
  () => {
    const running: Server[] = [];
    afterAll(() => {
      for (const server of running) server.process.kill('SIGKILL');
    });

    for (const setup of setups) {
      it(`${setup.name}: SIGKILL under load loses no acknowledged write; projections resume`, async () => {
        const { env, cleanup } = await setup.env();
        try {
          const first = await startServer(env);
          running.push(first);
          const load = writeLoad(first.url, await login(first.url));
          while (load.acknowledged.length < 30) await new Promise((r) => setTimeout(r, 50));
          first.process.kill('SIGKILL');
          await first.exited;
          await load.stop();

          const second = await startServer(env);
          running.push(second);
          const cookie = await login(second.url);
          // Projections resumed from their checkpoints and caught up with the whole log.
          const health = await caughtUp(second.url);
          expect(health.projections.every((p) => p.status === 'running' && p.lag === 0)).toBe(true);
          const ids = await organisationIds(second.url, cookie);
          for (const id of load.acknowledged)
            expectWith(ids.has(id), `acknowledged organisation ${id} is missing`).toBe(true);
          second.process.kill('SIGTERM');
          expectWith(await second.exited, second.output.join('').slice(-3000)).toBe(0);
        } finally {
          await cleanup();
        }
      }, 240_000);

      // Sign-up is two processes in a row: sign-up (the user asked for an organisation: create it)
      // and founding (the organisation's founder: their owner membership). Each is killed after its
      // command, before its checkpoint moves; after a restart it finishes and nothing is twice.
      it.each(['sign-up:0', 'founding:0'])(
        `${setup.name}: a sign-up whose process dies at %s finishes after a restart, with nothing twice`,
        async (crashPoint) => {
          const { env, cleanup } = await setup.env();
          try {
            // The process manager kills its own OS process right after its command
            // (PROCESS_CRASH_AFTER, a test-only fault injection).
            const first = await startServer({ ...env, PROCESS_CRASH_AFTER: crashPoint });
            running.push(first);
            const signUp = await fetch(`${first.url}/api/auth/signup`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Origin: first.url },
              body: JSON.stringify({
                email: 'crash@signup.example',
                password: 'Crash-pass-1',
                name: 'Cora Crash',
                orgName: 'Crash Test Co',
              }),
            }).then(
              async (res) => `${res.status} ${await res.text()}`,
              (error: unknown) => (error as Error).message,
            );
            // The answer never came: the process died in the middle of the sign-up.
            expect(signUp).toBe('fetch failed');
            expect(await first.exited).toBeNull();

            const second = await startServer(env);
            running.push(second);
            const login = await fetch(`${second.url}/api/auth/login`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ email: 'crash@signup.example', password: 'Crash-pass-1' }),
            });
            expect(login.status).toBe(200);
            const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
            const get = async (path: string) => {
              let response: Response;
              const deadline = Date.now() + 30_000;
              // The process resumes from its checkpoint in the background: the membership follows.
              do {
                response = await fetch(`${second.url}${path}`, { headers: { Cookie: cookie } });
                if (response.status === 200 && ((await response.clone().json()) as unknown[]).length > 0) break;
                await new Promise((r) => setTimeout(r, 200));
              } while (Date.now() < deadline);
              return (await response.json()) as Array<Record<string, any>>;
            };
            const organisations = await get('/api/organisations');
            expect(organisations.map((o) => o.name)).toEqual(['Crash Test Co']);
            const history = await get(`/api/organisations/${organisations[0]!.id}/history`);
            expect(history.map((e) => e.type)).toEqual(['OrganisationCreated']);
            const members = await get('/api/members');
            expect(members.map((m) => [m.email, m.orgRole, m.status])).toEqual([
              ['crash@signup.example', 'owner', 'accepted'],
            ]);
            const states = (await (await fetch(`${second.url}/api/health`)).json()) as {
              projections: Array<{ name: string; status: string; lag: number }>;
            };
            for (const name of ['sign-up', 'founding', 'membership'])
              expect(states.projections.find((p) => p.name === name)).toMatchObject({ status: 'running' });
            second.process.kill('SIGTERM');
            expectWith(await second.exited, second.output.join('').slice(-3000)).toBe(0);
          } finally {
            await cleanup();
          }
        },
        240_000,
      );

      it(`${setup.name}: the membership process killed after its command, before its checkpoint, appends nothing twice after a restart`, async () => {
        const { env, cleanup } = await setup.env();
        try {
          const first = await startServer({ ...env, PROCESS_CRASH_AFTER: 'membership:0:MemberDeactivated' });
          running.push(first);
          const owner = await login(first.url);
          const members = (await (
            await fetch(`${first.url}/api/members?range=[0,99]`, { headers: { Cookie: owner } })
          ).json()) as Array<Record<string, any>>;
          const checker = members.find((m) => m.email === 'checker@demo.example')!;
          // The owner deactivates the fact checker: the member record changes, then the process
          // removes them from the organisation and dies before its checkpoint moves.
          const deactivate = await killedBy(
            first.url,
            'POST',
            `/api/members/${checker.id}/actions/Deactivate`,
            owner,
            {},
          );
          expect(deactivate).toBe('fetch failed');
          expect(await first.exited).toBeNull();

          const second = await startServer(env);
          running.push(second);
          const cookie = await login(second.url);
          const health = await caughtUp(second.url);
          expect(health.projections.find((p) => p.name === 'membership')).toMatchObject({ status: 'running', lag: 0 });
          const history = (await (
            await fetch(`${second.url}/api/organisations/${checker.organisationId}/history`, {
              headers: { Cookie: cookie },
            })
          ).json()) as Array<Record<string, any>>;
          const removals = history.filter((e) => e.type === 'OrganisationMemberRemoved');
          expect(removals).toHaveLength(1);
          const after = (await (
            await fetch(`${second.url}/api/members/${checker.id}`, { headers: { Cookie: cookie } })
          ).json()) as Record<string, any>;
          expect(after.status).toBe('inactive');
          second.process.kill('SIGTERM');
          expectWith(await second.exited, second.output.join('').slice(-3000)).toBe(0);
        } finally {
          await cleanup();
        }
      }, 240_000);

      it(`${setup.name}: the slug-redirects process killed after creating the rule, before its checkpoint, leaves one rule after a restart`, async () => {
        const { env, cleanup } = await setup.env();
        try {
          const first = await startServer({ ...env, PROCESS_CRASH_AFTER: 'slug-redirects:0:PostSaved' });
          running.push(first);
          const owner = await login(first.url);
          // A post the demo published (in English: its path is /{slug}).
          const listed = (await (
            await fetch(
              `${first.url}/api/posts?filter=${encodeURIComponent(JSON.stringify({ tab: 'published', locale: 'en' }))}`,
              { headers: { Cookie: owner } },
            )
          ).json()) as Array<Record<string, any>>;
          const published = listed[0]!;
          expect(published.status).toBe('Published');
          const moved = await killedBy(first.url, 'PUT', `/api/posts/${published.id}`, owner, {
            version: published.version,
            slug: 'crash-slug-moved',
          });
          expect(moved).toBe('fetch failed');
          expect(await first.exited).toBeNull();

          const second = await startServer(env);
          running.push(second);
          const cookie = await login(second.url);
          await caughtUp(second.url);
          const rules = (await (
            await fetch(
              `${second.url}/api/redirect-rules?filter=${encodeURIComponent(JSON.stringify({ objectId: published.id }))}`,
              { headers: { Cookie: cookie } },
            )
          ).json()) as Array<Record<string, any>>;
          expect(rules.map((r) => `${r.fromPath}->${r.toPath}`)).toEqual([`/${published.slug}->/crash-slug-moved`]);
          second.process.kill('SIGTERM');
          expectWith(await second.exited, second.output.join('').slice(-3000)).toBe(0);
        } finally {
          await cleanup();
        }
      }, 240_000);

      it(`${setup.name}: the invitee-accounts process killed after registering the invitee, before its checkpoint, makes one account after a restart`, async () => {
        const { env, cleanup } = await setup.env();
        try {
          const first = await startServer({ ...env, PROCESS_CRASH_AFTER: 'invitee-accounts:0:MemberInvited' });
          running.push(first);
          const owner = await login(first.url);
          // The owner invites someone without an account: the member record is written, then the
          // process registers the account and dies before its checkpoint moves.
          const invite = await killedBy(first.url, 'POST', '/api/members', owner, {
            email: 'crash-invitee@example.com',
            name: 'Crash Invitee',
          });
          expect(invite).toBe('fetch failed');
          expect(await first.exited).toBeNull();

          const second = await startServer(env);
          running.push(second);
          const cookie = await login(second.url);
          const health = await caughtUp(second.url);
          expect(health.projections.find((p) => p.name === 'invitee-accounts')).toMatchObject({
            status: 'running',
            lag: 0,
          });
          const members = (await (
            await fetch(`${second.url}/api/members?range=[0,99]`, { headers: { Cookie: cookie } })
          ).json()) as Array<Record<string, any>>;
          const invited = members.filter((m) => m.email === 'crash-invitee@example.com');
          expect(invited.map((m) => m.status)).toEqual(['pending']);
          // One account, under the id the invitation names (a second Register would have stopped the process).
          const admin = await login(second.url, 'admin@platform.example', 'Admin-pass-1');
          const users = (await (
            await fetch(
              `${second.url}/api/users?filter=${encodeURIComponent(JSON.stringify({ q: 'crash-invitee' }))}`,
              { headers: { Cookie: admin } },
            )
          ).json()) as Array<Record<string, any>>;
          expect(users.map((u) => [u.id, u.email, u.role])).toEqual([
            [invited[0]!.userId, 'crash-invitee@example.com', 'writer'],
          ]);
          second.process.kill('SIGTERM');
          expectWith(await second.exited, second.output.join('').slice(-3000)).toBe(0);
        } finally {
          await cleanup();
        }
      }, 240_000);

      it(`${setup.name}: the invitation-acceptance process killed after accepting the first of two invitations finishes after a restart, accepting each once`, async () => {
        const { env, cleanup } = await setup.env();
        try {
          const first = await startServer({
            ...env,
            PROCESS_CRASH_AFTER: 'invitation-acceptance:0:UserFirstPasswordChosen',
          });
          running.push(first);
          const owner = await login(first.url);
          const post = (path: string, body: unknown, cookie = owner) =>
            fetch(`${first.url}${path}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: first.url },
              body: JSON.stringify(body),
            });
          const second = (await (await post('/api/organisations', { name: 'Crash Second Org' })).json()) as {
            id: string;
          };
          const me = (await (await fetch(`${first.url}/api/auth/user`, { headers: { Cookie: owner } })).json()) as {
            organisations: Array<{ id: string; name: string }>;
          };
          const demo = me.organisations.find((o) => o.name === 'Demo Publishing')!;
          for (const organisationId of [demo.id, second.id]) {
            const invited = await post('/api/members', {
              organisationId,
              email: 'crash-accept@example.com',
              name: 'Crash Accept',
            });
            expect(invited.status).toBe(201);
          }
          const admin = await login(first.url, 'admin@platform.example', 'Admin-pass-1');
          const mails = (await (
            await fetch(`${first.url}/api/admin/outbox`, { headers: { Cookie: admin } })
          ).json()) as Array<{ to: string; text: string }>;
          const code = decodeURIComponent(
            /\/api\/auth\/magic\/([A-Za-z0-9_%-]+)/.exec(
              mails.find((m) => m.to === 'crash-accept@example.com')!.text,
            )![1]!,
          );
          const magic = await fetch(`${first.url}/api/auth/magic/${encodeURIComponent(code)}`, { redirect: 'manual' });
          expect(magic.status).toBe(302);
          const invitee = magic.headers.get('set-cookie')!.split(';')[0]!;
          // Choosing the password: the process accepts the first invitation and dies.
          const chosen = await killedBy(first.url, 'PUT', '/api/auth/user/initialPassword', invitee, {
            password: 'Crash-pass-12345',
          });
          expect(chosen).toBe('fetch failed');
          expect(await first.exited).toBeNull();

          const restarted = await startServer(env);
          running.push(restarted);
          const cookie = await login(restarted.url);
          const health = await caughtUp(restarted.url);
          expect(health.projections.find((p) => p.name === 'invitation-acceptance')).toMatchObject({
            status: 'running',
            lag: 0,
          });
          const members = (await (
            await fetch(
              `${restarted.url}/api/members?filter=${encodeURIComponent(JSON.stringify({ q: 'crash-accept' }))}&range=[0,99]`,
              { headers: { Cookie: cookie } },
            )
          ).json()) as Array<Record<string, any>>;
          expect(members.map((m) => [m.organisationId, m.status]).sort()).toEqual(
            [
              [demo.id, 'accepted'],
              [second.id, 'accepted'],
            ].sort(),
          );
          for (const member of members) {
            const history = (await (
              await fetch(`${restarted.url}/api/members/${member.id}/history`, { headers: { Cookie: cookie } })
            ).json()) as Array<{ type: string }>;
            expect(history.filter((e) => e.type === 'MemberInvitationAccepted')).toHaveLength(1);
          }
          restarted.process.kill('SIGTERM');
          expectWith(await restarted.exited, restarted.output.join('').slice(-3000)).toBe(0);
        } finally {
          await cleanup();
        }
      }, 240_000);

      it(`${setup.name}: the website-domains process killed between claiming the new domain and releasing the old one finishes after a restart`, async () => {
        const { env, cleanup } = await setup.env();
        try {
          const first = await startServer({ ...env, PROCESS_CRASH_AFTER: 'website-domains:0:WebsiteSettingsChanged' });
          running.push(first);
          const owner = await login(first.url);
          const sites = (await (
            await fetch(`${first.url}/api/websites`, { headers: { Cookie: owner } })
          ).json()) as Array<Record<string, any>>;
          const blog = sites.find((w) => w.name === 'Demo Blog')!;
          expect(blog.domain).toBe('blog.demo.example');
          // The owner moves the blog to a new address: the process claims the new domain and dies
          // before it releases the old one.
          const moved = await killedBy(first.url, 'PUT', `/api/websites/${blog.id}`, owner, {
            url: 'https://moved-blog.example',
          });
          expect(moved).toBe('fetch failed');
          expect(await first.exited).toBeNull();

          const second = await startServer(env);
          running.push(second);
          const cookie = await login(second.url);
          const health = await caughtUp(second.url);
          expect(health.projections.find((p) => p.name === 'website-domains')).toMatchObject({
            status: 'running',
            lag: 0,
          });
          const audit = async (type: string) =>
            (
              (await (
                await fetch(
                  `${second.url}/api/audit?filter=${encodeURIComponent(JSON.stringify({ type }))}&range=[0,999]`,
                  { headers: { Cookie: cookie } },
                )
              ).json()) as Array<Record<string, any>>
            ).map((e) => e.resourceId);
          // Claimed once (the demo's two claims and this one), released once.
          expect((await audit('WebsiteDomainClaimed')).sort()).toEqual([
            'blog.demo.example',
            'moved-blog.example',
            'shop.demo.example',
          ]);
          expect(await audit('WebsiteDomainReleased')).toEqual(['blog.demo.example']);
          // The old domain is free again, the new one taken.
          const create = (url: string) =>
            fetch(`${second.url}/api/websites`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: second.url },
              body: JSON.stringify({ name: `Site ${url}`, url }),
            }).then((res) => res.status);
          expect(await create('https://moved-blog.example')).toBe(409);
          expect(await create('https://blog.demo.example')).toBe(201);
          second.process.kill('SIGTERM');
          expectWith(await second.exited, second.output.join('').slice(-3000)).toBe(0);
        } finally {
          await cleanup();
        }
      }, 240_000);

      it(`${setup.name}: SIGTERM finishes in-flight work and exits cleanly`, async () => {
        const { env, cleanup } = await setup.env();
        try {
          const first = await startServer(env);
          running.push(first);
          const load = writeLoad(first.url, await login(first.url));
          while (load.acknowledged.length < 10) await new Promise((r) => setTimeout(r, 50));
          first.process.kill('SIGTERM');
          expectWith(await first.exited, first.output.join('').slice(-3000)).toBe(0);
          await load.stop();
          const second = await startServer(env);
          running.push(second);
          const ids = await organisationIds(second.url, await login(second.url));
          for (const id of load.acknowledged) expect(ids.has(id)).toBe(true);
          second.process.kill('SIGTERM');
          expectWith(await second.exited, second.output.join('').slice(-3000)).toBe(0);
        } finally {
          await cleanup();
        }
      }, 240_000);
    }
  },
);
