import type { OrganisationsEventType } from '../domain/events.js';
import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';

/** The websites list (`rm_websites`). */
export const websitesProjection: Projection = {
  name: 'websites',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_websites (
      id              text PRIMARY KEY,
      organisation_id text NOT NULL,
      name            text NOT NULL,
      url             text NOT NULL,
      domain          text NOT NULL,
      status          text NOT NULL,
      created_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL,
      version         integer NOT NULL,
      record          jsonb NOT NULL
    );
    -- The websites list: an organisation's websites by name (its default order).
    CREATE INDEX IF NOT EXISTS rm_websites_organisation_name ON rm_websites (organisation_id, name, id);
    DROP INDEX IF EXISTS rm_websites_organisation;
    -- The public calls of a website (redirect lookup, tracking) find it by its key.
    CREATE INDEX IF NOT EXISTS rm_websites_key ON rm_websites ((record->>'key'));
  `,
  tables: ['rm_websites'],
  handles: [
    'WebsiteCreated',
    'WebsiteSettingsChanged',
    'WebsiteDeactivated',
    'WebsiteActivated',
    'WebsiteInstallationVerified',
    'WebsiteDomainRefused',
  ] satisfies OrganisationsEventType[],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const id = event.streamId.slice('website-'.length);
    const d = event.data as Record<string, any>;
    if (event.type === 'WebsiteCreated') {
      const record = {
        id,
        ...d,
        status: 'active',
        installation: { verified: false, verifiedAt: null, url: null },
        createdAt: event.createdAt.toISOString(),
        updatedAt: event.createdAt.toISOString(),
        version: event.streamVersion,
      };
      await tx.query(
        `INSERT INTO rm_websites (id, organisation_id, name, url, domain, status, created_at, updated_at, version, record)
         VALUES ($1, $2, $3, $4, $5, 'active', $6, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [id, d.organisationId, d.name, d.url, d.domain, event.createdAt, event.streamVersion, JSON.stringify(record)],
      );
      return;
    }
    if (event.type === 'WebsiteDomainRefused' && !d.restore) {
      // Created with a domain another website holds: it never was a website of the organisation.
      await tx.query('DELETE FROM rm_websites WHERE id = $1', [id]);
      return;
    }
    const changes: Record<string, unknown> =
      event.type === 'WebsiteDomainRefused'
        ? { domain: d.restore.domain, url: d.restore.url }
        : event.type === 'WebsiteSettingsChanged'
          ? d
          : event.type === 'WebsiteInstallationVerified'
            ? { installation: { verified: true, verifiedAt: event.createdAt.toISOString(), url: d.url } }
            : { status: event.type === 'WebsiteActivated' ? 'active' : 'inactive' };
    const patch = { ...changes, updatedAt: event.createdAt.toISOString(), version: event.streamVersion };
    await tx.query(
      `UPDATE rm_websites SET
         name = coalesce($2, name), url = coalesce($3, url), domain = coalesce($4, domain), status = coalesce($5, status),
         updated_at = $6, version = $7, record = record || $8::jsonb
       WHERE id = $1`,
      [
        id,
        (changes.name as string) ?? null,
        (changes.url as string) ?? null,
        (changes.domain as string) ?? null,
        (changes.status as string) ?? null,
        event.createdAt,
        event.streamVersion,
        JSON.stringify(patch),
      ],
    );
  },
};
