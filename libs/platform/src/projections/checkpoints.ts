import type { GlobalPosition, SqlExecutor } from '#libs/eventstore/src/index.js';

export type SubscriptionStatus = 'running' | 'failed';

export interface CheckpointRow {
  subscription: string;
  position: GlobalPosition | null;
  status: SubscriptionStatus;
  error: string | null;
  updated_at: Date | string;
}

/** The checkpoint moved under a runner: a rebuild reset it, or another worker took the lease. */
export class CheckpointMovedError extends Error {
  override readonly name = 'CheckpointMovedError';
}

export async function readCheckpoint(db: SqlExecutor, name: string): Promise<CheckpointRow | null> {
  const result = await db.query<CheckpointRow>(
    'SELECT subscription, position, status, error, updated_at FROM es_checkpoints WHERE subscription = $1',
    [name],
  );
  return result.rows[0] ?? null;
}

export async function readAllCheckpoints(db: SqlExecutor): Promise<CheckpointRow[]> {
  const result = await db.query<CheckpointRow>(
    'SELECT subscription, position, status, error, updated_at FROM es_checkpoints ORDER BY subscription',
  );
  return result.rows;
}

/**
 * Compare-and-set: moves the checkpoint from `previous` to `next`. Throws `CheckpointMovedError`
 * when someone else moved it, which rolls back the batch written in the same transaction.
 */
export async function advanceCheckpoint(
  db: SqlExecutor,
  name: string,
  previous: GlobalPosition | null,
  next: GlobalPosition,
): Promise<void> {
  const updated = await db.query(
    `UPDATE es_checkpoints SET position = $3, status = 'running', error = NULL, updated_at = now()
     WHERE subscription = $1 AND position IS NOT DISTINCT FROM $2`,
    [name, previous, next],
  );
  if (updated.rowCount === 1) return;
  const inserted = await db.query(
    `INSERT INTO es_checkpoints (subscription, position) SELECT $1, $2 WHERE $3::text IS NULL
     ON CONFLICT (subscription) DO NOTHING`,
    [name, next, previous],
  );
  if (inserted.rowCount !== 1) throw new CheckpointMovedError(`Checkpoint of ${name} moved`);
}

export async function markFailed(db: SqlExecutor, name: string, error: string): Promise<void> {
  await db.query(
    `INSERT INTO es_checkpoints (subscription, position, status, error) VALUES ($1, NULL, 'failed', $2)
     ON CONFLICT (subscription) DO UPDATE SET status = 'failed', error = $2, updated_at = now()`,
    [name, error],
  );
}

/** Restarts a failed subscription from where it stopped (after the cause was fixed). */
export async function markRunning(db: SqlExecutor, name: string): Promise<void> {
  await db.query(
    `UPDATE es_checkpoints SET status = 'running', error = NULL, updated_at = now() WHERE subscription = $1`,
    [name],
  );
}
