import { createHash } from 'node:crypto';
import type { SqlDriver, SqlExecutor } from './driver.js';

/**
 * Versioned migrations for the tables that cannot be rebuilt from the event log (the event store
 * and its checkpoints, credentials and sessions, website secrets, redirect counters). A DDL
 * script is versioned when it is made of sections, each under a line
 *
 *     -- migration {set} {version}: {name}
 *
 * numbered 1, 2, 3… within its set. Each section runs once per database and is recorded in
 * `schema_migrations` with the sha256 of its SQL; a section applied before whose SQL changed
 * since stops the process (`MigrationChangedError`): a change is a new section at the end.
 * Scripts without such lines (the projections' tables, rebuilt from the log when their version
 * changes) run as they are, every start, and must be idempotent.
 *
 * Why not a library: umzug keeps no checksums and takes no lock; node-pg-migrate and
 * postgres-migrations read migration files from a directory and open their own `pg` connections,
 * so they cannot run on the embedded PGlite; the runner below is the part we need.
 */
export interface Migration {
  set: string;
  version: number;
  name: string;
  sql: string;
  /** sha256 of `sql`, hex. */
  checksum: string;
}

/** Thrown at start when the database applied a migration whose SQL has changed since. */
export class MigrationChangedError extends Error {
  override readonly name = 'MigrationChangedError';
}

const HEADER = /^-- migration ([a-z][a-z0-9-]*) (\d+): (.+)$/gm;

export const checksumOf = (sql: string): string => createHash('sha256').update(sql).digest('hex');

/** The migrations of a versioned script, or null for a plain (idempotent) one. */
export function parseMigrations(script: string): Migration[] | null {
  const headers = [...script.matchAll(HEADER)];
  if (headers.length === 0) return null;
  if (script.slice(0, headers[0].index).trim())
    throw new Error('A versioned DDL script has text before its first "-- migration" line');
  return headers.map((header, i) => {
    const [line, set, version, name] = header;
    if (set !== headers[0][1]) throw new Error(`Migrations of sets ${headers[0][1]} and ${set} in one script`);
    if (Number(version) !== i + 1)
      throw new Error(`Migration ${set} ${version} is number ${i + 1} of its script: versions go 1, 2, 3…`);
    const sql = script
      .slice(header.index + line.length, headers[i + 1]?.index ?? script.length)
      .replace(/\r\n/g, '\n')
      .trim();
    return { set, version: i + 1, name: name.trim(), sql, checksum: checksumOf(sql) };
  });
}

const SCHEMA_MIGRATIONS = `CREATE TABLE IF NOT EXISTS schema_migrations (
  migration_set text NOT NULL,
  version       integer NOT NULL,
  name          text NOT NULL,
  checksum      text NOT NULL,
  applied_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (migration_set, version)
)`;

/** Arbitrary constant for the advisory lock that serialises concurrent migrations. */
const MIGRATION_LOCK = 72_531_004;

/** The statements of a script (the drivers run one statement per query). */
function statements(script: string): string[] {
  return `${script}\n`
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

async function applyVersioned(tx: SqlExecutor, migrations: Migration[]): Promise<Migration[]> {
  await tx.query(SCHEMA_MIGRATIONS);
  const { set } = migrations[0];
  const applied = await tx.query<{ version: number; checksum: string }>(
    'SELECT version, checksum FROM schema_migrations WHERE migration_set = $1',
    [set],
  );
  const recorded = new Map(applied.rows.map((row) => [Number(row.version), row.checksum]));
  // Every applied migration is checked before any pending one runs.
  for (const migration of migrations) {
    const checksum = recorded.get(migration.version);
    if (checksum !== undefined && checksum !== migration.checksum) {
      throw new MigrationChangedError(
        `Migration ${set} ${migration.version} (${migration.name}) was changed after this database applied it: ` +
          `its SQL's sha256 is ${migration.checksum}, the database recorded ${checksum}. ` +
          'An applied migration must not change: restore its SQL and put the change in a new migration.',
      );
    }
  }
  // Versions this code does not know (a newer release migrated the database) are left alone.
  const pending = migrations.filter((m) => !recorded.has(m.version));
  for (const migration of pending) {
    for (const statement of statements(migration.sql)) await tx.query(statement);
    await tx.query('INSERT INTO schema_migrations (migration_set, version, name, checksum) VALUES ($1, $2, $3, $4)', [
      set,
      migration.version,
      migration.name,
      migration.checksum,
    ]);
  }
  return pending;
}

/**
 * Brings the database up to the given DDL scripts in one transaction, under an advisory lock so
 * that processes starting together (the api, the workers) migrate one after the other: versioned
 * scripts apply their pending migrations in order, plain scripts run as they are. Answers the
 * migrations it applied.
 */
export async function migrate(db: SqlDriver, ...ddl: string[]): Promise<Migration[]> {
  const scripts = ddl.map((script) => ({ script, migrations: parseMigrations(script) }));
  const sets = scripts.flatMap(({ migrations }) => (migrations ? [migrations[0].set] : []));
  const twice = sets.find((set, i) => sets.indexOf(set) !== i);
  if (twice) throw new Error(`Two scripts of migration set ${twice}: a set is one script`);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const applied: Migration[] = [];
    for (const { script, migrations } of scripts) {
      if (migrations) applied.push(...(await applyVersioned(tx, migrations)));
      else for (const statement of statements(script)) await tx.query(statement);
    }
    return applied;
  });
}
