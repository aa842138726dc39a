import type { RedirectRuleEventType } from '../domain/redirect-rule.decider.js';
import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';

/** Redirect rules (`rm_redirect_rules`); deleted rules leave the list. */
export const redirectRulesProjection: Projection = {
  name: 'redirect-rules',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_redirect_rules (
      id              text PRIMARY KEY,
      organisation_id text NOT NULL,
      website_id      text NOT NULL,
      from_path       text NOT NULL,
      to_path         text NOT NULL,
      automatic       boolean NOT NULL,
      object_id       text,
      created_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL,
      version         integer NOT NULL,
      record          jsonb NOT NULL
    );
    -- Not unique: the commands refuse a second rule from one path; a read model must never stop on data.
    DROP INDEX IF EXISTS rm_redirect_rules_from;
    CREATE INDEX IF NOT EXISTS rm_redirect_rules_from_path ON rm_redirect_rules (website_id, from_path);
    CREATE INDEX IF NOT EXISTS rm_redirect_rules_to ON rm_redirect_rules (website_id, to_path);
  `,
  tables: ['rm_redirect_rules'],
  handles: ['RedirectRuleCreated', 'RedirectRuleChanged', 'RedirectRuleDeleted'] satisfies RedirectRuleEventType[],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const id = event.streamId.slice('redirectrule-'.length);
    const d = event.data as Record<string, any>;
    const at = event.createdAt.toISOString();
    if (event.type === 'RedirectRuleDeleted') {
      await tx.query('DELETE FROM rm_redirect_rules WHERE id = $1', [id]);
      return;
    }
    if (event.type === 'RedirectRuleCreated') {
      const record = {
        id,
        ...d,
        status: 'active',
        botCounter: 0,
        userCounter: 0,
        lastRedirect: null,
        createdAt: at,
        updatedAt: at,
        version: event.streamVersion,
      };
      await tx.query(
        `INSERT INTO rm_redirect_rules (id, organisation_id, website_id, from_path, to_path, automatic, object_id, created_at, updated_at, version, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
        [
          id,
          d.organisationId,
          d.websiteId,
          d.fromPath,
          d.toPath,
          d.automatic,
          d.objectId,
          event.createdAt,
          event.streamVersion,
          JSON.stringify(record),
        ],
      );
      return;
    }
    await tx.query(
      `UPDATE rm_redirect_rules SET from_path = coalesce($2, from_path), to_path = coalesce($3, to_path), updated_at = $4, version = $5,
         record = record || $6::jsonb WHERE id = $1`,
      [
        id,
        d.fromPath ?? null,
        d.toPath ?? null,
        event.createdAt,
        event.streamVersion,
        JSON.stringify({ ...d, updatedAt: at, version: event.streamVersion }),
      ],
    );
  },
};
