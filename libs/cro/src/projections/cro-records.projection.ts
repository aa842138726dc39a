import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import { CRO_KINDS, type CroKind, type CroState } from '../domain/kinds.js';
import { MASK_CTA_URLS } from '../integrations/secrets.js';

/**
 * One read model per CRO resource (`rm_ctas`, `rm_campaigns`, `rm_experiments`, `rm_products`,
 * `rm_goals`, `rm_url_lists`): the decider's state folded with its own `evolve`, the record the
 * API answers (`record`), and the columns lists filter and sort on. A purged CTA leaves its table
 * (its history stays in the stream).
 */
export function croRecordsProjection(kind: CroKind): Projection {
  const table = kind.table;
  const prefix = `${kind.stream}-`;
  return {
    name: table.slice('rm_'.length).replaceAll('_', '-'),
    schema: `
      CREATE TABLE IF NOT EXISTS ${table} (
        id              text PRIMARY KEY,
        organisation_id text NOT NULL,
        website_id      text NOT NULL,
        status          text NOT NULL,
        name            text NOT NULL,
        type            text,
        created_at      timestamptz NOT NULL,
        updated_at      timestamptz NOT NULL,
        version         integer NOT NULL,
        state           jsonb NOT NULL,
        record          jsonb NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${table}_website ON ${table} (website_id, status, updated_at DESC);
      CREATE INDEX IF NOT EXISTS ${table}_organisation ON ${table} (organisation_id, updated_at DESC);
    ${table === 'rm_ctas' ? MASK_CTA_URLS : ''}`,
    tables: [table],
    handles: kind.eventTypes.map((e) => e.type),
    async apply(event: RecordedEvent, tx: SqlExecutor) {
      if (!event.streamId.startsWith(prefix)) return;
      const id = event.streamId.slice(prefix.length);
      const found = await tx.query<{ state: CroState; created_at: Date }>(
        `SELECT state, created_at FROM ${table} WHERE id = $1`,
        [id],
      );
      const before = found.rows[0]?.state ?? kind.decider.initialState;
      const state = kind.decider.evolve(before, { type: event.type, data: event.data }) as CroState;
      if (kind.purged && state.status === kind.purged) {
        await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
        return;
      }
      if (!state.organisationId || !state.websiteId || !state.fields) return;
      const createdAt = found.rows[0]?.created_at ?? event.createdAt;
      const record = presentCroRecord(
        id,
        state,
        event.streamVersion,
        createdAt.toISOString(),
        event.createdAt.toISOString(),
      );
      const fields = state.fields;
      const name = typeof fields.name === 'string' ? fields.name : '';
      const type =
        typeof fields.type === 'string' ? fields.type : typeof fields.testType === 'string' ? fields.testType : null;
      await tx.query(
        `INSERT INTO ${table} (id, organisation_id, website_id, status, name, type, created_at, updated_at, version, state, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (id) DO UPDATE SET status = $4, name = $5, type = $6, updated_at = $8, version = $9, state = $10, record = $11`,
        [
          id,
          state.organisationId,
          state.websiteId,
          state.status,
          name,
          type,
          createdAt,
          event.createdAt,
          event.streamVersion,
          JSON.stringify(state),
          JSON.stringify(record),
        ],
      );
    },
  };
}

/** Every CRO read model. */
export const CRO_PROJECTIONS: Projection[] = CRO_KINDS.map(croRecordsProjection);

/** Keys the record adds to the request's fields (from the state, the stream and the read model). */
const RECORD_KEYS = new Set([
  'id',
  'organisationId',
  'websiteId',
  'status',
  'createdBy',
  'createdAt',
  'updatedAt',
  'version',
  'statusLabel',
  'allowedActions',
]);

/**
 * The record as the API answers it (without `allowedActions`, which depend on who asks): the
 * request's fields as written, and what the state adds beside them (a CTA's integrations without
 * secrets, a campaign's generation and warnings, an experiment's winner and deployed variant).
 */
export function presentCroRecord(id: string, state: CroState, version: number, createdAt: string, updatedAt: string) {
  const { status, organisationId, websiteId, createdBy, fields, ...extra } = state as CroState &
    Record<string, unknown>;
  return {
    ...fields,
    ...extra,
    stateKeys: Object.keys(extra),
    id,
    organisationId,
    websiteId,
    status,
    createdBy,
    createdAt,
    updatedAt,
    version,
  };
}

/** The decider's state of a record (the inverse of `presentCroRecord`): what `allowedActions` reads. */
export function croStateOf(record: Record<string, unknown>): CroState & Record<string, unknown> {
  const extraKeys = new Set(Array.isArray(record.stateKeys) ? (record.stateKeys as string[]) : []);
  const fields: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'stateKeys' || RECORD_KEYS.has(key)) continue;
    if (extraKeys.has(key)) extra[key] = value;
    else fields[key] = value;
  }
  return {
    ...extra,
    status: record.status as string,
    organisationId: record.organisationId as string,
    websiteId: record.websiteId as string,
    createdBy: (record.createdBy as string | null) ?? null,
    fields,
  };
}
