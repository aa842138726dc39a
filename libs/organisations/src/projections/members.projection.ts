import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';

const STATUS: Record<string, string> = {
  MemberInvitationAccepted: 'accepted',
  MemberReactivated: 'accepted',
  MemberInvitationDeclined: 'rejected',
  MemberInvitationResent: 'pending',
  MemberDeactivated: 'inactive',
};

/** The members list (`rm_members`): invitations and their outcome, per organisation. */
export const membersProjection: Projection = {
  name: 'members',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_members (
      id              text PRIMARY KEY,
      organisation_id text NOT NULL,
      user_id         text NOT NULL,
      email           text NOT NULL,
      name            text NOT NULL,
      status          text NOT NULL,
      org_role        text NOT NULL,
      invited_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL,
      version         integer NOT NULL,
      record          jsonb NOT NULL
    );
    -- The members list: an organisation's members by name (its default order), as an index walks them.
    CREATE INDEX IF NOT EXISTS rm_members_organisation_name ON rm_members (organisation_id, name, id);
    DROP INDEX IF EXISTS rm_members_organisation;
    CREATE INDEX IF NOT EXISTS rm_members_user ON rm_members (user_id);
  `,
  tables: ['rm_members'],
  handles: ['MemberJoined', 'MemberInvited', 'MemberAccessChanged', ...Object.keys(STATUS)],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const id = event.streamId.slice('member-'.length);
    const d = event.data as Record<string, any>;
    const at = event.createdAt.toISOString();
    if (event.type === 'MemberInvited' || event.type === 'MemberJoined') {
      const status = event.type === 'MemberJoined' ? 'accepted' : 'pending';
      const record = {
        id,
        organisationId: d.organisationId,
        userId: d.userId,
        email: d.email,
        name: d.name,
        status,
        orgRole: d.orgRole,
        cmsRole: d.cmsRole,
        croRole: d.croRole,
        websiteIds: d.websiteIds,
        locales: d.locales,
        invitedBy: d.invitedBy ?? null,
        invitedAt: at,
        updatedAt: at,
        version: event.streamVersion,
      };
      await tx.query(
        `INSERT INTO rm_members (id, organisation_id, user_id, email, name, status, org_role, invited_at, updated_at, version, record)
         VALUES ($1, $2, $3, $4, $5, $10, $6, $7, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [
          id,
          d.organisationId,
          d.userId,
          d.email,
          d.name,
          d.orgRole,
          event.createdAt,
          event.streamVersion,
          JSON.stringify(record),
          status,
        ],
      );
      return;
    }
    // `beforeWebsiteAccess` marks upcast v1 events for the member decider only (domain/events.ts).
    const { beforeWebsiteAccess: _before, ...changes } = d;
    const patch: Record<string, unknown> =
      event.type === 'MemberAccessChanged' ? changes : { status: STATUS[event.type] };
    Object.assign(patch, { updatedAt: at, version: event.streamVersion });
    await tx.query(
      `UPDATE rm_members SET status = coalesce($2, status), org_role = coalesce($3, org_role), updated_at = $4, version = $5,
         record = record || $6::jsonb
       WHERE id = $1`,
      [
        id,
        (patch.status as string) ?? null,
        (patch.orgRole as string) ?? null,
        event.createdAt,
        event.streamVersion,
        JSON.stringify(patch),
      ],
    );
  },
};
