import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createFreshDatabase } from '../support/database.js';
import { BUILT_API, start, stop } from '../support/processes.js';
import { requires } from '../support/requires.js';

/**
 * `API_PROCESSES` (README "Processes and scaling out"; apps/api/src/main.ts): the built API started
 * with API_PROCESSES=2 runs two API processes on one port under a primary that only starts and stops
 * them. Both take connections; the first alone runs the projections (the tracking it or its sibling
 * collects is projected); one that dies takes the others down with exit code 1 (for the supervisor
 * to restart the whole); SIGTERM stops them all with 0; without PostgreSQL it refuses to start.
 * Linux only (it reads /proc to see which process holds which connection).
 */
const adminUrl = process.env.DATABASE_URL;

/** The pids of the live children of `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === pid && fields[0] !== 'Z' ? [Number(p)] : [];
      } catch {
        return [];
      }
    });
}

/** The socket inodes of the established TCP connections whose local (or remote) port is `port`. */
function sockets(port: number, side: 'local' | 'remote' = 'local'): Set<string> {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const lines = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((f) =>
    existsSync(f) ? readFileSync(f, 'utf8').split('\n').slice(1) : [],
  );
  return new Set(
    lines
      .map((l) => l.trim().split(/\s+/))
      .filter((c) => c[side === 'local' ? 1 : 2]?.endsWith(`:${hex}`) && c[3] === '01')
      .map((c) => c[9]!),
  );
}

/** How many of `inodes` process `pid` holds open. */
function holds(pid: number, inodes: Set<string>): number {
  let n = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m && inodes.has(m[1]!)) n += 1;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}

const exitOf = (child: import('node:child_process').ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

requires(
  Boolean(adminUrl) && existsSync(BUILT_API) && process.platform === 'linux',
  'PostgreSQL (DATABASE_URL) and the built API (npm run build:api)',
  { optional: true },
)('API_PROCESSES: several API processes on one port', () => {
  let db: { url: string; drop(): Promise<void> };
  let client: pg.Client;

  beforeAll(async () => {
    db = await createFreshDatabase(adminUrl!);
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end().catch(() => undefined);
    await db?.drop();
  });

  it('two processes take the connections, the first projects what both collect, SIGTERM stops all of them with 0', async () => {
    const { child, url } = await start(
      BUILT_API,
      { DATABASE_URL: db.url, API_PROCESSES: '2', DEMO_TRAFFIC: 'false' },
      '/api/health',
    );
    try {
      // The second process starts once the first listens.
      const deadline = Date.now() + 60_000;
      while (childrenOf(child.pid!).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const workers = childrenOf(child.pid!).sort((a, b) => a - b);
      expect(workers).toHaveLength(2);

      // The first runs the projections: a PostgreSQL connection for each one's lease (about 30).
      // The second has its request pool only (connections opened as requests need them).
      const database = sockets(Number(new URL(db.url).port || 5432), 'remote');
      const [first, second] = workers.map((pid) => holds(pid, database));
      expect({ first: first! > 20, second: second! < 10 }).toEqual({ first: true, second: true });

      // Eight connections held open at once: the primary hands them to both processes, once the
      // second listens too (its start takes seconds on a busy machine: tried again until then).
      const port = Number(new URL(url).port);
      let perProcess: number[] = [];
      for (const until = Date.now() + 60_000; ;) {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
        const get = () =>
          new Promise<number>((resolve, reject) => {
            http
              .get(`${url}/api/health/live`, { agent }, (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode ?? 0));
              })
              .on('error', reject);
          });
        expect(await Promise.all(Array.from({ length: 8 }, get))).toEqual(Array(8).fill(200));
        const served = sockets(port);
        perProcess = workers.map((pid) => holds(pid, served));
        agent.destroy();
        if (perProcess.every((n) => n >= 1) || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(perProcess.every((n) => n >= 1)).toBe(true);
      // (and the health check's connection of `start`, when still open)
      expect(perProcess.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(8);

      // Tracking sent to either process is projected (by the first).
      const site = (
        await client.query<{ key: string; url: string }>(
          `SELECT record->>'key' AS key, record->>'url' AS url FROM rm_websites WHERE record->>'name' = 'Demo Shop'`,
        )
      ).rows[0]!;
      const time = new Date().toISOString();
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${url}/api/public/collect`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain', Connection: 'close' },
          body: JSON.stringify({
            siteKey: site.key,
            events: [{ id: `ap-${i}`, name: 'page_view', distinctId: `ap-visitor-${i}`, time, url: `${site.url}/` }],
          }),
        });
        expect({ status: res.status, body: await res.json() }).toEqual({
          status: 200,
          body: { accepted: 1, duplicates: 0, rejected: [] },
        });
      }
      const projected = async () =>
        Number(
          (
            await client.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM an_visitors WHERE distinct_id LIKE 'ap-visitor-%'`,
            )
          ).rows[0]!.n,
        );
      const until = Date.now() + 30_000;
      while ((await projected()) < 6 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      expect(await projected()).toBe(6);
    } finally {
      const exited = exitOf(child);
      await stop(child);
      expect(await exited).toBe(0);
    }
    expect(childrenOf(child.pid!)).toEqual([]);
  }, 180_000);

  it('one process that dies takes the others down with exit code 1', async () => {
    const { child } = await start(
      BUILT_API,
      { DATABASE_URL: db.url, API_PROCESSES: '2', DEMO_TRAFFIC: 'false' },
      '/api/health',
    );
    const deadline = Date.now() + 60_000;
    while (childrenOf(child.pid!).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const workers = childrenOf(child.pid!);
    expect(workers).toHaveLength(2);
    const exited = exitOf(child);
    process.kill(workers[1]!, 'SIGKILL');
    expect(await exited).toBe(1);
    expect(
      workers.filter(
        (pid) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '),
      ),
    ).toEqual([]);
  }, 180_000);

  it('without PostgreSQL it refuses to start, and says why', async () => {
    const { DATABASE_URL: _d, ...rest } = process.env;
    const child = spawn(process.execPath, [BUILT_API], {
      env: { ...rest, API_PROCESSES: '2', DATA_DIR: 'memory://' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += String(d)));
    child.stderr!.on('data', (d) => (output += String(d)));
    expect(await exitOf(child)).toBe(1);
    expect(output).toContain(
      'API_PROCESSES: more than one API process needs DATABASE_URL (the embedded store belongs to one process)',
    );
  }, 60_000);
});
