import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';

/**
 * What a signed-in person may reach, kept by identity from the organisations context's events (its
 * events, never its tables), so that reading a session is one round trip on identity's own tables:
 * - `rm_viewer_memberships`: who belongs to which organisation, with which organisation role (an
 *   organisation's creator is its owner; members are added and removed by the membership process);
 * - `rm_viewer_access`: each member record's product roles and websites (DESIGN.md "Website access").
 */
export const viewerAccessProjection: Projection = {
  name: 'viewer-access',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_viewer_memberships (
      organisation_id text NOT NULL,
      user_id         text NOT NULL,
      role            text NOT NULL,
      PRIMARY KEY (organisation_id, user_id)
    );
    CREATE INDEX IF NOT EXISTS rm_viewer_memberships_user ON rm_viewer_memberships (user_id);
    CREATE TABLE IF NOT EXISTS rm_viewer_access (
      member_id       text PRIMARY KEY,
      organisation_id text NOT NULL,
      user_id         text NOT NULL,
      cms_role        text,
      cro_role        text,
      website_ids     jsonb
    );
    CREATE INDEX IF NOT EXISTS rm_viewer_access_user ON rm_viewer_access (user_id, organisation_id);
  `,
  tables: ['rm_viewer_memberships', 'rm_viewer_access'],
  handles: [
    'OrganisationCreated',
    'OrganisationMemberAdded',
    'OrganisationMemberRemoved',
    'MemberJoined',
    'MemberInvited',
    'MemberAccessChanged',
  ],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const d = event.data as Record<string, any>;
    switch (event.type) {
      case 'OrganisationCreated':
      case 'OrganisationMemberAdded': {
        const organisationId = event.streamId.slice('organisation-'.length);
        const [userId, role] = event.type === 'OrganisationCreated' ? [d.createdBy, 'owner'] : [d.userId, d.role];
        if (typeof userId !== 'string') return;
        await tx.query(
          `INSERT INTO rm_viewer_memberships (organisation_id, user_id, role) VALUES ($1, $2, $3)
           ON CONFLICT (organisation_id, user_id) DO UPDATE SET role = $3`,
          [organisationId, userId, role],
        );
        return;
      }
      case 'OrganisationMemberRemoved':
        await tx.query('DELETE FROM rm_viewer_memberships WHERE organisation_id = $1 AND user_id = $2', [
          event.streamId.slice('organisation-'.length),
          d.userId,
        ]);
        return;
      case 'MemberJoined':
      case 'MemberInvited':
        await tx.query(
          `INSERT INTO rm_viewer_access (member_id, organisation_id, user_id, cms_role, cro_role, website_ids) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (member_id) DO NOTHING`,
          [
            event.streamId.slice('member-'.length),
            d.organisationId,
            d.userId,
            d.cmsRole ?? null,
            d.croRole ?? null,
            JSON.stringify(d.websiteIds ?? null),
          ],
        );
        return;
      case 'MemberAccessChanged':
        await tx.query(
          `UPDATE rm_viewer_access SET
             cms_role = CASE WHEN $2::boolean THEN $3 ELSE cms_role END,
             cro_role = CASE WHEN $4::boolean THEN $5 ELSE cro_role END,
             website_ids = CASE WHEN $6::boolean THEN $7::jsonb ELSE website_ids END
           WHERE member_id = $1`,
          [
            event.streamId.slice('member-'.length),
            'cmsRole' in d,
            d.cmsRole ?? null,
            'croRole' in d,
            d.croRole ?? null,
            'websiteIds' in d,
            JSON.stringify(d.websiteIds ?? null),
          ],
        );
        return;
    }
  },
};
