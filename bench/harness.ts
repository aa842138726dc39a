import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { SqlDriver } from '#libs/eventstore/src/sql/driver.js';
import { PgDriver } from '#libs/eventstore/src/sql/pg-driver.js';
import { PgliteDriver } from '#libs/eventstore/src/sql/pglite-driver.js';
import { pgConnection, pgliteConnection, type PlainConnection } from './plain-sql.js';

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs `work` (which answers how many items it handled) and answers items per second. */
export async function timed(work: () => Promise<number>): Promise<number> {
  const start = performance.now();
  const count = await work();
  return count / ((performance.now() - start) / 1000);
}

export function machineLoad(): string {
  return `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
}

/** A fresh database next to the one in `url` (same server and credentials), dropped by `drop()`. */
export async function createBenchDatabase(url: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `t_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  log(`created database ${name}`);
  return {
    name,
    url: benchUrl.toString(),
    async drop() {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      log(`dropped database ${name}`);
    },
  };
}

export interface Target {
  db: SqlDriver;
  /** PostgreSQL: the bench database's URL; PGlite: null. */
  url: string | null;
  /** A plain-SQL connection for a baseline writer/reader (PGlite: the same instance). */
  openPlain(): Promise<PlainConnection>;
  /** Closes the driver and drops the bench database. Safe to call twice. */
  cleanup(): Promise<void>;
}

/** `DATABASE_URL` set: a fresh `t_bench_<random>` database there; otherwise an in-memory PGlite. */
export async function openTarget(): Promise<Target> {
  const url = process.env.DATABASE_URL;
  let cleaned = false;
  if (url) {
    const database = await createBenchDatabase(url);
    const db = new PgDriver(database.url, { max: 20 });
    return {
      db,
      url: database.url,
      openPlain: () => pgConnection(database.url),
      async cleanup() {
        if (cleaned) return;
        cleaned = true;
        await db.close().catch(() => undefined);
        await database.drop();
      },
    };
  }
  const lite = await PgliteDriver.open();
  return {
    db: lite,
    url: null,
    openPlain: async () => pgliteConnection(lite.db),
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      await lite.close().catch(() => undefined);
    },
  };
}

/** Drops the bench database on Ctrl-C / SIGTERM too. */
export function cleanupOnSignal(target: Target): void {
  const onSignal = () => {
    log('interrupted: cleaning up');
    void target.cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
