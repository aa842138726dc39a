import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '../projections/projection.js';

/**
 * The audit trail (`rm_audit`): every event of an organisation's records, searchable by actor,
 * action, resource and time. Events without an organisation (a user's own profile) stay out.
 * `rm_audit_view` adds the actor's name (from the audit's own `rm_audit_actors`), the record's name
 * (from the audit's own `rm_audit_records`, kept here from the events the audit sees: a post's
 * title, a website's name, a member's name...; an answer is named by its question, a domain by
 * itself) and the record the API answers.
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
    CREATE TABLE IF NOT EXISTS rm_audit_records (
      resource        text NOT NULL,
      resource_id     text NOT NULL,
      name            text,
      parent_resource text,
      parent_id       text,
      PRIMARY KEY (resource, resource_id)
    );
    CREATE OR REPLACE VIEW rm_audit_view AS
      SELECT a.*, u.name AS actor_name,
        jsonb_build_object(
          'id', a.id, 'organisationId', a.organisation_id, 'resource', a.resource, 'resourceId', a.resource_id,
          'type', a.type, 'action', a.action, 'actor', CASE WHEN a.actor_id IS NULL THEN NULL ELSE jsonb_build_object('id', a.actor_id, 'name', u.name, 'email', u.email) END,
          'time', a.time, 'from', a.from_status, 'to', a.to_status, 'note', a.note, 'version', a.version,
          'recordName', CASE WHEN a.resource = 'websitedomain' THEN a.resource_id ELSE COALESCE(r.name, p.name) END
        ) AS record,
        CASE WHEN a.resource = 'websitedomain' THEN a.resource_id ELSE COALESCE(r.name, p.name) END AS record_name
      FROM rm_audit a
        LEFT JOIN rm_audit_actors u ON u.id = a.actor_id
        LEFT JOIN rm_audit_records r ON r.resource = a.resource AND r.resource_id = a.resource_id
        LEFT JOIN rm_audit_records p ON p.resource = r.parent_resource AND p.resource_id = r.parent_id;
  `,
  tables: ['rm_audit', 'rm_audit_records'],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    await this.applyBatch!([event], tx);
  },
  /** Two statements per batch at most (the rows, the names): the audit sees every event, so it must keep up with the log. */
  async applyBatch(events: RecordedEvent[], tx: SqlExecutor) {
    const rows = events.map(auditRow).filter((row): row is unknown[] => row !== null);
    if (rows.length > 0) {
      await tx.query(
        `INSERT INTO rm_audit (id, organisation_id, resource, resource_id, type, action, actor_id, time, from_status, to_status, note, version, data)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[],
           $9::text[], $10::text[], $11::text[], $12::int[], $13::jsonb[])
         ON CONFLICT (id) DO NOTHING`,
        rows[0].map((_, i) => rows.map((row) => row[i])),
      );
    }
    // Names also come from events outside any trail (an organisation's creation has no organisation yet).
    const names = recordNames(events);
    if (names.length === 0) return;
    await tx.query(
      `INSERT INTO rm_audit_records (resource, resource_id, name, parent_resource, parent_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
       ON CONFLICT (resource, resource_id) DO UPDATE SET
         name = COALESCE(EXCLUDED.name, rm_audit_records.name),
         parent_resource = COALESCE(EXCLUDED.parent_resource, rm_audit_records.parent_resource),
         parent_id = COALESCE(EXCLUDED.parent_id, rm_audit_records.parent_id)`,
      [0, 1, 2, 3, 4].map((i) => names.map((row) => row[i])),
    );
  },
};

/** The stream's record: `post-<id>` is (post, <id>). */
function recordOf(streamId: string): [resource: string, id: string] {
  const dash = streamId.indexOf('-');
  return dash > 0 ? [streamId.slice(0, dash), streamId.slice(dash + 1)] : [streamId, ''];
}

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/**
 * What an event says the record is called, by the event types of each context (the names as the
 * log records them): a post's or a question's title, a website's, organisation's or member's name,
 * a bio's display name, a redirect rule's path; an answer names its question as its parent.
 */
function nameIn(type: string, d: Record<string, unknown>): { name: string | null; parent?: [string, string] } | null {
  switch (type) {
    case 'PostCreated':
      return { name: nonEmpty(field(d.content, 'title')) };
    case 'PostSaved':
      return { name: nonEmpty(field(d.changes, 'title')) };
    case 'WebsiteCreated':
    case 'WebsiteSettingsChanged':
    case 'OrganisationCreated':
    case 'OrganisationProfileChanged':
      return { name: nonEmpty(d.name) };
    case 'MemberJoined':
    case 'MemberInvited':
      return { name: nonEmpty(d.name) ?? nonEmpty(d.email) };
    case 'QuestionCreated':
    case 'QuestionUpdated':
      return { name: nonEmpty(d.title) };
    case 'AnswerCreated':
      return typeof d.questionId === 'string' ? { name: null, parent: ['question', d.questionId] } : null;
    case 'BioCreated':
      return { name: nonEmpty(field(d.content, 'displayName')) };
    // The CRO context: CTAs, campaigns and experiments carry their fields; products, goals, URL lists, funnels and excluded pages are flat.
    case 'CtaCreated':
    case 'CampaignCreated':
    case 'ExperimentCreated':
      return { name: nonEmpty(field(d.fields, 'name')) };
    case 'CtaUpdated':
    case 'CampaignUpdated':
    case 'ExperimentUpdated':
      return { name: nonEmpty(field(d.changes, 'name')) };
    case 'ProductCreated':
    case 'ProductUpdated':
    case 'GoalCreated':
    case 'GoalUpdated':
    case 'UrlListCreated':
    case 'UrlListUpdated':
    case 'FunnelCreated':
    case 'FunnelUpdated':
      return { name: nonEmpty(d.name) };
    case 'ExcludedPageCreated':
    case 'ExcludedPageUpdated':
      return { name: nonEmpty(d.urlRule) };
    case 'BioChanged':
      return { name: nonEmpty(field(d.changes, 'displayName')) };
    case 'RedirectRuleCreated':
    case 'RedirectRuleChanged':
      return { name: nonEmpty(d.fromPath) };
    default:
      return null;
  }
}

/** The batch's record names, one row per record (its last name in the batch wins). */
function recordNames(events: RecordedEvent[]): (string | null)[][] {
  const rows = new Map<string, (string | null)[]>();
  for (const event of events) {
    const named = nameIn(event.type, (event.data ?? {}) as Record<string, unknown>);
    if (!named || (named.name === null && !named.parent)) continue;
    const [resource, id] = recordOf(event.streamId);
    const key = `${resource}/${id}`;
    const before = rows.get(key);
    rows.set(key, [
      resource,
      id,
      named.name ?? before?.[2] ?? null,
      named.parent?.[0] ?? before?.[3] ?? null,
      named.parent?.[1] ?? before?.[4] ?? null,
    ]);
  }
  return [...rows.values()];
}

function auditRow(event: RecordedEvent): unknown[] | null {
  const organisationId = event.metadata.organisationId;
  if (typeof organisationId !== 'string' || !organisationId) return null;
  const [resource, resourceId] = recordOf(event.streamId);
  const d = (event.data ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return [
    event.id,
    organisationId,
    resource,
    resourceId,
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
