import type { UserEventType } from '../domain/user.decider.js';
import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';

/** The users list (`rm_users`), one row per user. */
export const usersProjection: Projection = {
  name: 'users',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_users (
      id             text PRIMARY KEY,
      email          text NOT NULL,
      name           text NOT NULL,
      role           text NOT NULL,
      platform_admin boolean NOT NULL DEFAULT false,
      created_at     timestamptz NOT NULL,
      version        integer NOT NULL,
      record         jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rm_users_email ON rm_users (lower(email));
  `,
  tables: ['rm_users'],
  handles: ['UserRegistered', 'UserProfileChanged'] satisfies UserEventType[],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const id = event.streamId.slice('user-'.length);
    if (event.type === 'UserRegistered') {
      const d = event.data as { email: string; name: string; role: string; platformAdmin: boolean };
      const record = {
        id,
        email: d.email,
        name: d.name,
        role: d.role,
        platformAdmin: d.platformAdmin,
        createdAt: event.createdAt,
      };
      await tx.query(
        `INSERT INTO rm_users (id, email, name, role, platform_admin, created_at, version, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [id, d.email, d.name, d.role, d.platformAdmin, event.createdAt, event.streamVersion, JSON.stringify(record)],
      );
    } else {
      const d = event.data as { name?: string; role?: string };
      await tx.query(
        `UPDATE rm_users SET name = coalesce($2, name), role = coalesce($3, role), version = $4,
           record = record || jsonb_strip_nulls(jsonb_build_object('name', $2::text, 'role', $3::text))
         WHERE id = $1`,
        [id, d.name ?? null, d.role ?? null, event.streamVersion],
      );
    }
  },
};
