import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '../projections/projection.js';

/**
 * The audit's own list of who acted (`rm_audit_actors`: names and emails), kept from the user
 * events of the log (never from identity's tables), so the audit can name and search actors. A
 * subscription of its own: it starts from the beginning of the log wherever it is new.
 */
export const auditActorsProjection: Projection = {
  name: 'audit-actors',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_audit_actors (
      id    text PRIMARY KEY,
      name  text NOT NULL,
      email text NOT NULL
    );
  `,
  tables: ['rm_audit_actors'],
  handles: ['UserRegistered', 'UserProfileChanged'],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const id = event.streamId.slice('user-'.length);
    const d = event.data as { name?: string; email?: string };
    if (event.type === 'UserRegistered') {
      await tx.query(
        'INSERT INTO rm_audit_actors (id, name, email) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET name = $2, email = $3',
        [id, d.name ?? '', d.email ?? ''],
      );
      return;
    }
    if (typeof d.name === 'string') await tx.query('UPDATE rm_audit_actors SET name = $2 WHERE id = $1', [id, d.name]);
  },
};
