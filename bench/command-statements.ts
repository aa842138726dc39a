/**
 * How many SQL statements one command causes, and which (issue 11): starts the built API on a
 * fresh PostgreSQL database with the demo data, sends 50 sequential `POST /api/posts` as the demo
 * writer, and counts the statements PostgreSQL logged for that database meanwhile (it sets
 * `log_min_duration_statement = 0` on the database, so it needs a superuser `DATABASE_URL` and
 * read access to the server's log, `PG_LOG`, default the Debian path). Then 240 creates from 16
 * connections, for the rate. Not part of `npm run bench`:
 *
 *   npm run build:api && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node dist/bench/command-statements.js
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOG = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const SEQUENTIAL = 50;

async function main() {
  const db = `t_statements_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.query(`ALTER DATABASE ${db} SET log_min_duration_statement = 0`);
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(here, '..', 'apps', 'api', 'src', 'main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      RUN_PROJECTIONS: 'true',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 300) throw new Error('the API did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'writer@demo.example', password: 'Demo-pass-1' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;
    const sites = (await (await fetch(`${base}/api/websites`, { headers: { cookie } })).json()) as Array<{
      id: string;
      name: string;
    }>;
    const site = sites.find((s) => s.name === 'Demo Shop') ?? sites[0]!;
    const create = async () => {
      const res = await fetch(`${base}/api/posts`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ websiteId: site.id, title: `Statements ${Math.random()}`, type: 'blog' }),
      });
      if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
      await res.text();
    };
    for (let i = 0; i < 5; i++) await create();
    await new Promise((r) => setTimeout(r, 2000));
    const from = statSync(LOG).size;
    let started = Date.now();
    for (let i = 0; i < SEQUENTIAL; i++) await create();
    const sequentialMs = (Date.now() - started) / SEQUENTIAL;
    await new Promise((r) => setTimeout(r, 500));
    const kinds = new Map<string, number>();
    let total = 0;
    for (const line of readFileSync(LOG).subarray(from).toString().split('\n')) {
      if (!line.includes(db)) continue;
      const found = /LOG: {2}duration: [0-9.]+ ms {2}(?:execute [^:]*|statement): (.{0,70})/.exec(line);
      if (!found) continue;
      total++;
      const kind = found[1]!.replace(/[0-9]+/g, 'N');
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    console.log(
      `sequential: ${sequentialMs.toFixed(1)} ms per create, ${(total / SEQUENTIAL).toFixed(1)} statements per create`,
    );
    for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`${(n / SEQUENTIAL).toFixed(2).padStart(7)}  ${kind}`);
    started = Date.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = 0; i < 15; i++) await create();
      }),
    );
    console.log(`16 connections: ${(240 / ((Date.now() - started) / 1000)).toFixed(0)} creates/s`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await admin.query(`DROP DATABASE ${db} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
