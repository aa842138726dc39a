import type { OrganisationsEventType } from '../domain/events.js';
import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import { productsOf } from '../domain/plans.js';

/** The organisations list (`rm_organisations`) and who belongs where (`rm_memberships`). */
export const organisationsProjection: Projection = {
  name: 'organisations',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_organisations (
      id         text PRIMARY KEY,
      name       text NOT NULL,
      country    text,
      timezone   text NOT NULL,
      created_at timestamptz NOT NULL,
      created_by text NOT NULL,
      version    integer NOT NULL,
      record     jsonb NOT NULL
    );
    CREATE TABLE IF NOT EXISTS rm_memberships (
      organisation_id text NOT NULL,
      user_id         text NOT NULL,
      role            text NOT NULL,
      PRIMARY KEY (organisation_id, user_id)
    );
    CREATE INDEX IF NOT EXISTS rm_memberships_user ON rm_memberships (user_id);
    -- The platform's demo organisation (the current user asks for it on every page load).
    CREATE INDEX IF NOT EXISTS rm_organisations_demo ON rm_organisations (created_at, id) WHERE record->>'demo' = 'true';
  `,
  tables: ['rm_organisations', 'rm_memberships'],
  handles: [
    'OrganisationCreated',
    'OrganisationProfileChanged',
    'OrganisationPlanChanged',
    'OrganisationBusinessProfileSet',
    'OrganisationMemberAdded',
    'OrganisationMemberRemoved',
  ] satisfies OrganisationsEventType[],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const id = event.streamId.slice('organisation-'.length);
    const d = event.data as Record<string, any>;
    switch (event.type) {
      case 'OrganisationCreated': {
        const record = {
          id,
          name: d.name,
          website: d.website,
          country: d.country,
          locales: d.locales,
          timezone: d.timezone,
          createdAt: event.createdAt.toISOString(),
          createdBy: d.createdBy,
          plan: d.plan,
          products: productsOf(d.plan),
          demo: d.demo === true,
          business: null,
          onboardedAt: null,
          version: event.streamVersion,
        };
        await tx.query(
          `INSERT INTO rm_organisations (id, name, country, timezone, created_at, created_by, version, record)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
          [
            id,
            d.name,
            d.country,
            d.timezone,
            event.createdAt,
            d.createdBy,
            event.streamVersion,
            JSON.stringify(record),
          ],
        );
        await tx.query(
          `INSERT INTO rm_memberships (organisation_id, user_id, role) VALUES ($1, $2, 'owner')
           ON CONFLICT (organisation_id, user_id) DO UPDATE SET role = 'owner'`,
          [id, d.createdBy],
        );
        break;
      }
      case 'OrganisationProfileChanged':
        await tx.query(
          `UPDATE rm_organisations SET name = coalesce($2, name), country = CASE WHEN $3::boolean THEN $4 ELSE country END,
             timezone = coalesce($5, timezone), version = $6,
             record = record || $7::jsonb || jsonb_build_object('version', $6::int)
           WHERE id = $1`,
          [
            id,
            d.name ?? null,
            'country' in d,
            d.country ?? null,
            d.timezone ?? null,
            event.streamVersion,
            JSON.stringify(d),
          ],
        );
        break;
      case 'OrganisationMemberAdded':
        await tx.query(
          `INSERT INTO rm_memberships (organisation_id, user_id, role) VALUES ($1, $2, $3)
           ON CONFLICT (organisation_id, user_id) DO UPDATE SET role = $3`,
          [id, d.userId, d.role],
        );
        await tx.query(
          `UPDATE rm_organisations SET version = $2, record = record || jsonb_build_object('version', $2::int) WHERE id = $1`,
          [id, event.streamVersion],
        );
        break;
      case 'OrganisationPlanChanged':
        await tx.query(
          `UPDATE rm_organisations SET version = $2, record = record || jsonb_build_object('version', $2::int, 'plan', $3::text, 'products', $4::jsonb) WHERE id = $1`,
          [id, event.streamVersion, d.plan, JSON.stringify(productsOf(d.plan))],
        );
        break;
      case 'OrganisationBusinessProfileSet':
        await tx.query(
          `UPDATE rm_organisations SET version = $2,
             record = record || jsonb_build_object('version', $2::int, 'business', $3::jsonb, 'onboardedAt', coalesce(to_jsonb(record->>'onboardedAt'), to_jsonb($4::text)))
           WHERE id = $1`,
          [id, event.streamVersion, JSON.stringify(d), event.createdAt.toISOString()],
        );
        break;
      case 'OrganisationMemberRemoved':
        await tx.query('DELETE FROM rm_memberships WHERE organisation_id = $1 AND user_id = $2', [id, d.userId]);
        await tx.query(
          `UPDATE rm_organisations SET version = $2, record = record || jsonb_build_object('version', $2::int) WHERE id = $1`,
          [id, event.streamVersion],
        );
        break;
    }
  },
};
