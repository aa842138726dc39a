import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { PgDriver, type SqlDriver } from '#libs/eventstore/src/index.js';
import { EVENT_STORE_SCHEMA, migrate } from '#libs/eventstore/src/sql/schema.js';
import { MigrationChangedError, parseMigrations, type Migration } from '#libs/eventstore/src/sql/migrations.js';
import { IDENTITY_SCHEMA } from '#libs/identity/src/schema.js';
import { ORGANISATIONS_SCHEMA } from '#libs/organisations/src/domain/website-fields.js';
import { REDIRECT_COUNTERS_SCHEMA } from '#libs/posts/src/projections/redirect-counters.js';
import { testDatabases } from '../support/database.js';

/** The versioned scripts of the product (the event store's, then the catalog's). */
const PRODUCT = [EVENT_STORE_SCHEMA, IDENTITY_SCHEMA, ORGANISATIONS_SCHEMA, REDIRECT_COUNTERS_SCHEMA];

/**
 * The sha256 of each baseline, computed once from the DDL as it was before versioned migrations
 * (commit 29a66e6). Every database migrated since recorded these: if one changes here, every
 * existing database refuses to start.
 */
const BASELINES = [
  ['eventstore', 1, 'baseline', 'a4c09de4dba13f8134544501dcc893afaa8b46173f03c148be4ea0b34ccebe87'],
  ['identity', 1, 'baseline', '97bb849390677268a42cb5fc50b19a228e0f6967c77865ea12c2583b5e0af168'],
  ['organisations', 1, 'baseline', 'a4aa7536ab66125b080f68be4e0715547b0ed210e4a1d543e2ba36b241aba91d'],
  ['posts', 1, 'baseline', '654d505f98284e0b096e4db1987dc0002349fd0fa78458257cf69dfa20d04b66'],
];

const TABLES = [
  'es_streams',
  'es_events',
  'es_checkpoints',
  'identity_credentials',
  'identity_sessions',
  'identity_login_failures',
  'identity_links',
  'identity_outbox',
  'website_secrets',
  'redirect_counters',
];

/** A set of our own whose statements fail or count when they run twice. */
const ONCE_V1 = `
-- migration once 1: a table
CREATE TABLE once_only (n integer NOT NULL);
INSERT INTO once_only VALUES (1);
`;
const ONCE_V2 = `${ONCE_V1}
-- migration once 2: a second row
INSERT INTO once_only VALUES (2);
`;

const ids = (migrations: Migration[]) => migrations.map((m) => `${m.set} ${m.version}: ${m.name}`);

async function recorded(db: SqlDriver) {
  const rows = await db.query<{ migration_set: string; version: number; name: string; checksum: string }>(
    'SELECT migration_set, version, name, checksum FROM schema_migrations ORDER BY applied_at, migration_set, version',
  );
  return rows.rows.map((r) => [r.migration_set, r.version, r.name, r.checksum]);
}

async function tablesOf(db: SqlDriver): Promise<string[]> {
  const found = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ANY($1::text[]) ORDER BY table_name`,
    [TABLES],
  );
  return found.rows.map((r) => r.name);
}

describe('versioned migration scripts', () => {
  it('reads the sections of a script; a script without them is plain DDL', () => {
    expect(parseMigrations('CREATE TABLE IF NOT EXISTS t (n int);')).toBeNull();
    const parsed = parseMigrations(ONCE_V2)!;
    expect(parsed.map((m) => [m.set, m.version, m.name, m.sql])).toEqual([
      ['once', 1, 'a table', 'CREATE TABLE once_only (n integer NOT NULL);\nINSERT INTO once_only VALUES (1);'],
      ['once', 2, 'a second row', 'INSERT INTO once_only VALUES (2);'],
    ]);
    // sha256 of 'INSERT INTO once_only VALUES (2);' (sha256sum).
    expect(parsed[1].checksum).toBe('006ee743c191e759be96a95a7d5f80add3c7341733d98b69d54c81ca087177f1');
  });

  it('refuses versions out of order, two sets in one script and text before the first section', () => {
    expect(() => parseMigrations('-- migration a 1: x\nSELECT 1;\n-- migration a 3: y\nSELECT 1;')).toThrow(
      'Migration a 3 is number 2 of its script: versions go 1, 2, 3…',
    );
    expect(() => parseMigrations('-- migration a 1: x\nSELECT 1;\n-- migration b 2: y\nSELECT 1;')).toThrow(
      'Migrations of sets a and b in one script',
    );
    expect(() => parseMigrations('CREATE TABLE t (n int);\n-- migration a 1: x\nSELECT 1;')).toThrow(
      'text before its first "-- migration" line',
    );
  });
});

for (const database of testDatabases) {
  describe(`versioned migrations (${database.name})`, () => {
    let opened: Awaited<ReturnType<typeof database.open>>;
    let db: SqlDriver;
    beforeEach(async () => {
      opened = await database.open();
      db = opened.driver;
    });
    afterEach(async () => opened?.drop());

    it('a fresh database gets every migration, recorded with its checksum; a second run applies nothing', async () => {
      const first = await migrate(db, ...PRODUCT);
      expect(ids(first)).toEqual([
        'eventstore 1: baseline',
        'identity 1: baseline',
        'organisations 1: baseline',
        'posts 1: baseline',
      ]);
      expect(await recorded(db)).toEqual(BASELINES);
      expect(await tablesOf(db)).toEqual([...TABLES].sort());

      const appliedAt = await db.query(
        'SELECT migration_set, applied_at FROM schema_migrations ORDER BY migration_set',
      );
      expect(await migrate(db, ...PRODUCT)).toEqual([]);
      expect(
        (await db.query('SELECT migration_set, applied_at FROM schema_migrations ORDER BY migration_set')).rows,
      ).toEqual(appliedAt.rows);
    });

    it('a database made before versioned migrations upgrades: the baselines are recorded and its rows kept', async () => {
      // What the code did before: the same DDL, without the section lines, on every start.
      const unversioned = PRODUCT.map((script) => script.replace(/^-- migration .*$/gm, ''));
      await migrate(db, ...unversioned);
      await db.query(
        `INSERT INTO identity_outbox (recipient, subject, text_body, html_body) VALUES ('a@example.com', 'Hi', 'Hi', '<p>Hi</p>')`,
      );
      await db.query(`INSERT INTO redirect_counters (rule_id, bot_counter, user_counter) VALUES ('r-1', 3, 4)`);
      await expect(db.query('SELECT 1 FROM schema_migrations')).rejects.toThrow('schema_migrations');

      expect(ids(await migrate(db, ...PRODUCT))).toEqual([
        'eventstore 1: baseline',
        'identity 1: baseline',
        'organisations 1: baseline',
        'posts 1: baseline',
      ]);
      expect(await recorded(db)).toEqual(BASELINES);
      expect((await db.query('SELECT recipient FROM identity_outbox')).rows).toEqual([{ recipient: 'a@example.com' }]);
      expect(
        (await db.query('SELECT rule_id, bot_counter::int AS bots, user_counter::int AS users FROM redirect_counters'))
          .rows,
      ).toEqual([{ rule_id: 'r-1', bots: 3, users: 4 }]);
    });

    it('a new migration at the end is applied alone; projections-style plain DDL runs alongside', async () => {
      expect(ids(await migrate(db, ONCE_V1, 'CREATE TABLE IF NOT EXISTS plain_t (n int);'))).toEqual([
        'once 1: a table',
      ]);
      expect(ids(await migrate(db, ONCE_V2, 'CREATE TABLE IF NOT EXISTS plain_t (n int);'))).toEqual([
        'once 2: a second row',
      ]);
      expect(ids(await migrate(db, ONCE_V2))).toEqual([]);
      expect((await db.query('SELECT n FROM once_only ORDER BY n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
      // A database migrated by a newer release (version 2) still starts the older code (version 1 only).
      expect(ids(await migrate(db, ONCE_V1))).toEqual([]);
      await expect(migrate(db, ONCE_V1, ONCE_V2)).rejects.toThrow(
        'Two scripts of migration set once: a set is one script',
      );
    });

    it('refuses to run when an applied migration changed, names it, and applies nothing', async () => {
      await migrate(db, ONCE_V1);
      const edited = ONCE_V2.replace('INSERT INTO once_only VALUES (1);', 'INSERT INTO once_only VALUES (10);');
      const refused = migrate(db, edited);
      await expect(refused).rejects.toThrow(MigrationChangedError);
      await expect(refused).rejects.toThrow(
        /^Migration once 1 \(a table\) was changed after this database applied it: its SQL's sha256 is [0-9a-f]{64}, the database recorded [0-9a-f]{64}\. An applied migration must not change: restore its SQL and put the change in a new migration\.$/,
      );
      // Version 2 was not applied either.
      expect((await db.query('SELECT n FROM once_only ORDER BY n')).rows).toEqual([{ n: 1 }]);
      expect((await recorded(db)).map((r) => r.slice(0, 2))).toEqual([['once', 1]]);
    });

    it('a migration that fails leaves nothing behind: the transaction rolls back', async () => {
      const broken = `${ONCE_V2}\n-- migration once 3: broken\nINSERT INTO no_such_table VALUES (3);\n`;
      await expect(migrate(db, broken)).rejects.toThrow('no_such_table');
      await expect(db.query('SELECT 1 FROM once_only')).rejects.toThrow('once_only');
      expect(ids(await migrate(db, ONCE_V2))).toEqual(['once 1: a table', 'once 2: a second row']);
    });

    it('runners starting together apply each migration once', async () => {
      // On PostgreSQL: four processes' pools on the same database. On PGlite: one process.
      const drivers =
        database.name === 'postgres'
          ? [db, ...[1, 2, 3].map(() => new PgDriver(opened.url!, { max: 2 }))]
          : [db, db, db, db];
      try {
        const results = await Promise.all(drivers.map((d) => migrate(d, ...PRODUCT, ONCE_V2)));
        expect(results.flatMap(ids).sort()).toEqual([
          'eventstore 1: baseline',
          'identity 1: baseline',
          'once 1: a table',
          'once 2: a second row',
          'organisations 1: baseline',
          'posts 1: baseline',
        ]);
        expect((await db.query('SELECT n FROM once_only ORDER BY n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
        expect((await recorded(db)).length).toBe(6);
      } finally {
        for (const d of new Set(drivers)) if (d !== db) await d.close();
      }
    });
  });
}
