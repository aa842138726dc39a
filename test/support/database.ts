import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PgDriver, PgliteDriver, type SqlDriver } from '#libs/eventstore/src/index.js';

/**
 * The databases a suite runs against: always the embedded PGlite; real PostgreSQL too when
 * `DATABASE_URL` is set (each suite gets a fresh database of its own, dropped afterwards).
 */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<{ driver: SqlDriver; url?: string; drop(): Promise<void> }>;
}

/** `TEST_STORES=postgres` runs only the PostgreSQL setups (CI's second pass). */
const wanted = (process.env.TEST_STORES ?? 'pglite,postgres').split(',');

const all: TestDatabase[] = [
  {
    name: 'pglite',
    async open() {
      const driver = await PgliteDriver.open();
      return { driver, drop: async () => driver.close() };
    },
  },
];

const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  all.push({
    name: 'postgres',
    async open() {
      const url = await createFreshDatabase(adminUrl);
      const driver = new PgDriver(url.url, { max: 20 });
      return {
        driver,
        url: url.url,
        drop: async () => {
          await driver.close();
          await url.drop();
        },
      };
    },
  });
} else {
}

export const testDatabases: TestDatabase[] = all.filter((d) => wanted.includes(d.name));

/** Whether the embedded store's setups run in this pass. */
export const runsPglite = wanted.includes('pglite');

/** Creates an empty database next to the one `adminUrl` names; `drop` removes it. */
export async function createFreshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
