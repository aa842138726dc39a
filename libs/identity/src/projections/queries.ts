import type { SqlExecutor } from '#libs/eventstore/src/index.js';

/**
 * The identity context's read side: `rm_users` and the sessions. Other contexts reach people
 * through these functions (or the platform's PeopleDirectory port), never through the tables.
 */

export async function userRecord(db: SqlExecutor, userId: string): Promise<Record<string, unknown> | null> {
  const found = await db.query<{ record: Record<string, unknown> }>('SELECT record FROM rm_users WHERE id = $1', [
    userId,
  ]);
  return found.rows[0]?.record ?? null;
}

/** Whether a user exists, and whether they are a platform administrator (null: no such user). */
export async function platformAdminFlag(db: SqlExecutor, userId: string): Promise<boolean | null> {
  const found = await db.query<{ platform_admin: boolean }>('SELECT platform_admin FROM rm_users WHERE id = $1', [
    userId,
  ]);
  return found.rows[0]?.platform_admin ?? null;
}

/** Names and emails by user id. */
export async function peopleByIds(
  db: SqlExecutor,
  userIds: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (userIds.length === 0) return new Map();
  const found = await db.query<{ id: string; name: string; email: string }>(
    'SELECT id, name, email FROM rm_users WHERE id = ANY($1::text[])',
    [[...userIds]],
  );
  return new Map(found.rows.map((u) => [u.id, { name: u.name, email: u.email }]));
}

/** When each person was last seen (their latest session's last request). */
export async function lastActiveOf(db: SqlExecutor, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const found = await db.query<{ user_id: string; at: Date | string }>(
    'SELECT user_id, max(last_seen_at) AS at FROM identity_sessions WHERE user_id = ANY($1::text[]) GROUP BY user_id',
    [[...userIds]],
  );
  return new Map(found.rows.map((r) => [r.user_id, new Date(r.at).toISOString()]));
}

/** The person behind a login-as session (the platform admin), by their session id. */
export async function sessionPerson(
  db: SqlExecutor,
  sessionId: string,
): Promise<{ id: string; name: string; email: string } | null> {
  const found = await db.query<{ id: string; name: string; email: string }>(
    `SELECT u.id, u.name, u.email FROM identity_sessions s JOIN rm_users u ON u.id = s.user_id WHERE s.id = $1`,
    [sessionId],
  );
  return found.rows[0] ?? null;
}
