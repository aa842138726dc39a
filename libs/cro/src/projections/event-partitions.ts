import type { SqlDriver, SqlExecutor } from '#libs/eventstore/src/index.js';
import {
  DEFAULT_RETENTION_MONTHS,
  RETENTION_MONTHS,
  isRetentionMonths,
  type RetentionMonths,
} from '#libs/organisations/src/domain/retention.js';

/**
 * The partitions of `collected_events` (./collected-events.ts, migration 4) and the retention that
 * drops them.
 *
 * Layout: `collected_events` is partitioned by LIST of `retention_months` into one table per
 * retention class (`collected_events_r14`, …), each partitioned by RANGE of `time` into calendar
 * months (UTC): `collected_events_r14_202611` holds November 2026. Each class also has a default
 * partition (`collected_events_r14_default`) that takes an event whose month has no partition yet,
 * so an insert never fails for want of one.
 *
 * `maintainEventPartitions` (run at start and every few hours by the retention job,
 * libs/analytics/src/processes/retention.process.ts):
 * 1. creates the partitions of last month, this month and next month for every class in use (the
 *    organisations' settings and the default), so live traffic lands in monthly partitions;
 * 2. gives a monthly partition to every month found in a default partition (the rows move over in
 *    the same transaction): the demo's or the generator's past traffic, a migrated table;
 * 3. drops every monthly partition of class N whose whole month is older than N months, deletes
 *    what a default partition holds beyond that, and deletes the events of an organisation that
 *    moved to a shorter retention beyond its new one (kept under the older, longer class);
 * and answers the oldest instant still kept where it removed something, so the analytics read
 * models can recompute the visitors concerned.
 *
 * Names and bounds in the DDL are built from whole numbers here (DDL takes no parameters); every
 * value in a query is a parameter.
 */

/**
 * The advisory lock (transaction-scoped) between moving a month out of a default partition and
 * reading a visitor's events: the analytics projector takes it shared for each batch, the move
 * exclusive. Without it a batch planned before the move's ATTACH read the moved rows in neither
 * partition, computed its visitors from no events and dropped them from the read models.
 */
export const PARTITION_MOVE_LOCK = 7_406_210_114;

/** Taken (shared) by a transaction that must see every event of a visitor: see `PARTITION_MOVE_LOCK`. */
export async function holdPartitionsSteady(tx: SqlExecutor): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock_shared($1::bigint)', [PARTITION_MOVE_LOCK]);
}

const PARENT = (months: RetentionMonths) => `collected_events_r${months}`;
const DEFAULT_PARTITION = (months: RetentionMonths) => `collected_events_r${months}_default`;
const MONTHLY = /^collected_events_r(\d+)_(\d{4})(\d{2})$/;

/** The first instant (UTC) of the month `offset` months after the month of `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

const monthPartition = (months: RetentionMonths, start: Date) =>
  `collected_events_r${months}_${start.getUTCFullYear()}${String(start.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The instant before which class `months` keeps nothing, at `now`: the same day and time `months`
 * months earlier (the month's last day when that month is shorter).
 */
export function retentionCutoff(months: number, now: Date): Date {
  const first = monthStart(now, -months);
  // The same day of that month, or its last day when it is shorter (31 March less one month: 28 or 29 February).
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const day = Math.min(now.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      first.getUTCFullYear(),
      first.getUTCMonth(),
      day,
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

/** The retention classes of the organisations, and the default one. */
async function classesInUse(db: SqlExecutor): Promise<RetentionMonths[]> {
  const found = await db.query<{ months: string | null }>(
    `SELECT DISTINCT record->>'analyticsRetentionMonths' AS months FROM rm_organisations WHERE record ? 'analyticsRetentionMonths'`,
  );
  const classes = new Set<RetentionMonths>([DEFAULT_RETENTION_MONTHS]);
  for (const row of found.rows) {
    const months = Number(row.months);
    if (isRetentionMonths(months)) classes.add(months);
  }
  return [...classes].sort((a, b) => a - b);
}

async function partitionExists(db: SqlExecutor, name: string): Promise<boolean> {
  const found = await db.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [name]);
  return found.rows[0]?.found != null;
}

/**
 * Gives class `months` a partition for the month starting at `start`, moving the rows of that month
 * out of the class's default partition in the same transaction. Nothing when it exists. Another
 * process creating the same partition at the same time makes this one fail: it then finds it.
 */
export async function ensureMonthPartition(db: SqlDriver, months: RetentionMonths, start: Date): Promise<boolean> {
  const name = monthPartition(months, start);
  if (await partitionExists(db, name)) return false;
  const end = monthStart(start, 1);
  try {
    return await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [PARTITION_MOVE_LOCK]);
      if (await partitionExists(tx, name)) return false;
      await tx.query(`CREATE TABLE ${name} (LIKE collected_events INCLUDING DEFAULTS)`);
      await tx.query(
        `WITH moved AS (DELETE FROM ${DEFAULT_PARTITION(months)} WHERE time >= $1 AND time < $2 RETURNING *)
         INSERT INTO ${name} SELECT * FROM moved`,
        [start, end],
      );
      await tx.query(
        `ALTER TABLE ${PARENT(months)} ATTACH PARTITION ${name} FOR VALUES FROM ('${start.toISOString()}') TO ('${end.toISOString()}')`,
      );
      return true;
    });
  } catch (error) {
    if (await partitionExists(db, name)) return false;
    throw error;
  }
}

/** The monthly partitions that exist, with their class and month. */
async function monthlyPartitions(db: SqlExecutor): Promise<{ name: string; months: RetentionMonths; start: Date }[]> {
  const found = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
      WHERE p.relname = ANY($1::text[])`,
    [RETENTION_MONTHS.map(PARENT)],
  );
  return found.rows.flatMap(({ name }) => {
    const match = MONTHLY.exec(name);
    const months = match ? Number(match[1]) : NaN;
    if (!match || !isRetentionMonths(months)) return [];
    return [{ name, months, start: new Date(Date.UTC(Number(match[2]), Number(match[3]) - 1, 1)) }];
  });
}

export interface MaintenanceResult {
  created: string[];
  dropped: string[];
  /** Rows deleted out of default partitions and for organisations that shortened their retention. */
  deleted: number;
  /** Events before this instant may have been removed (null: nothing was removed). */
  removedBefore: Date | null;
}

/** See the file's comment. `now` for tests. */
export async function maintainEventPartitions(db: SqlDriver, now: Date = new Date()): Promise<MaintenanceResult> {
  const result: MaintenanceResult = { created: [], dropped: [], deleted: 0, removedBefore: null };
  const removed = (before: Date) => {
    if (!result.removedBefore || before > result.removedBefore) result.removedBefore = before;
  };
  const create = async (months: RetentionMonths, start: Date) => {
    if (start < monthStart(retentionCutoff(months, now))) return;
    if (await ensureMonthPartition(db, months, start)) result.created.push(monthPartition(months, start));
  };
  // 1. Last, this and next month for the classes in use.
  for (const months of await classesInUse(db)) {
    for (const offset of [-1, 0, 1]) await create(months, monthStart(now, offset));
  }
  // 2. The months waiting in a default partition.
  for (const months of RETENTION_MONTHS) {
    const waiting = await db.query<{ year: number; month: number }>(
      `SELECT DISTINCT extract(year FROM time AT TIME ZONE 'UTC')::int AS year, extract(month FROM time AT TIME ZONE 'UTC')::int AS month
         FROM ${DEFAULT_PARTITION(months)}`,
    );
    for (const row of waiting.rows)
      await create(months, new Date(Date.UTC(Number(row.year), Number(row.month) - 1, 1)));
  }
  // 3. Retention: whole months first, then what a default partition keeps, then shortened settings.
  for (const partition of await monthlyPartitions(db)) {
    const cutoff = retentionCutoff(partition.months, now);
    if (monthStart(partition.start, 1) <= cutoff) {
      await db.query(`DROP TABLE IF EXISTS ${partition.name}`);
      result.dropped.push(partition.name);
      removed(monthStart(partition.start, 1));
    }
  }
  for (const months of RETENTION_MONTHS) {
    const cutoff = retentionCutoff(months, now);
    const gone = await db.query(`DELETE FROM ${DEFAULT_PARTITION(months)} WHERE time < $1`, [cutoff]);
    if ((gone.rowCount ?? 0) > 0) {
      result.deleted += gone.rowCount ?? 0;
      removed(cutoff);
    }
  }
  // The identities of the removed events (collected-events.ts, migration 7), by class and time: an organisation that shortened
  // its retention keeps the ids of its removed older events until its former class lets them go (a reused id stays a duplicate).
  for (const months of RETENTION_MONTHS) {
    await db.query('DELETE FROM collected_event_ids WHERE retention_months = $1 AND time < $2', [
      months,
      retentionCutoff(months, now),
    ]);
  }
  for (const months of RETENTION_MONTHS) {
    const cutoff = retentionCutoff(months, now);
    const gone = await db.query(
      `DELETE FROM collected_events e USING rm_organisations o
        WHERE o.id = e.organisation_id AND o.record->>'analyticsRetentionMonths' = $1
          AND e.retention_months > $2 AND e.time < $3`,
      [String(months), months, cutoff],
    );
    if ((gone.rowCount ?? 0) > 0) {
      result.deleted += gone.rowCount ?? 0;
      removed(cutoff);
    }
  }
  return result;
}
