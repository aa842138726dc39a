import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '../projections/projection.js';

/**
 * The audit trail (`rm_audit`): every event of an organisation's records, searchable by actor,
 * action, resource and time. Events without an organisation (a user's own profile) stay out.
 * `rm_audit_view` adds the actor's name (from the audit's own `rm_audit_actors`) and the record the API answers.
 */
export const auditProjection: Projection = {
  name: 'audit',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_audit (
      id              text PRIMARY KEY,
      organisation_id text NOT NULL,
      resource        text NOT NULL,
      resource_id     text NOT NULL,
      type            text NOT NULL,
      action          text,
      actor_id        text,
      time            timestamptz NOT NULL,
      from_status     text,
      to_status       text,
      note            text,
      version         integer NOT NULL,
      data            jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rm_audit_org_time ON rm_audit (organisation_id, time DESC);
    CREATE INDEX IF NOT EXISTS rm_audit_actor ON rm_audit (actor_id);
    CREATE INDEX IF NOT EXISTS rm_audit_resource ON rm_audit (resource, resource_id);
    CREATE OR REPLACE VIEW rm_audit_view AS
      SELECT a.*, u.name AS actor_name,
        jsonb_build_object(
          'id', a.id, 'organisationId', a.organisation_id, 'resource', a.resource, 'resourceId', a.resource_id,
          'type', a.type, 'action', a.action, 'actor', CASE WHEN a.actor_id IS NULL THEN NULL ELSE jsonb_build_object('id', a.actor_id, 'name', u.name, 'email', u.email) END,
          'time', a.time, 'from', a.from_status, 'to', a.to_status, 'note', a.note, 'version', a.version
        ) AS record
      FROM rm_audit a LEFT JOIN rm_audit_actors u ON u.id = a.actor_id;
  `,
  tables: ['rm_audit'],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    await this.applyBatch!([event], tx);
  },
  /** One statement per batch: the audit sees every event, so it must keep up with the log. */
  async applyBatch(events: RecordedEvent[], tx: SqlExecutor) {
    const rows = events.map(auditRow).filter((row): row is unknown[] => row !== null);
    if (rows.length === 0) return;
    const columns = rows[0].map((_, i) => rows.map((row) => row[i]));
    await tx.query(
      `INSERT INTO rm_audit (id, organisation_id, resource, resource_id, type, action, actor_id, time, from_status, to_status, note, version, data)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[],
         $9::text[], $10::text[], $11::text[], $12::int[], $13::jsonb[])
       ON CONFLICT (id) DO NOTHING`,
      columns,
    );
  },
};

function auditRow(event: RecordedEvent): unknown[] | null {
  const organisationId = event.metadata.organisationId;
  if (typeof organisationId !== 'string' || !organisationId) return null;
  const dash = event.streamId.indexOf('-');
  const d = (event.data ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return [
    event.id,
    organisationId,
    dash > 0 ? event.streamId.slice(0, dash) : event.streamId,
    dash > 0 ? event.streamId.slice(dash + 1) : '',
    event.type,
    text(event.metadata.command),
    text(event.metadata.actorId),
    event.createdAt.toISOString(),
    text(d.from),
    text(d.to),
    text(d.note),
    event.streamVersion,
    JSON.stringify(d),
  ];
}
