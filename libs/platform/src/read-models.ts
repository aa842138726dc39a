import type { SqlExecutor } from '#libs/eventstore/src/index.js';

/**
 * One read-model record (its `record` column) by id, or undefined. `table` is a read model's
 * table named by the code (a kind's declaration), never by a request.
 */
export async function readModelRecord<T>(db: SqlExecutor, table: string, id: string): Promise<T | undefined> {
  const found = await db.query<{ record: T }>(`SELECT record FROM ${table} WHERE id = $1`, [id]);
  return found.rows[0]?.record;
}
