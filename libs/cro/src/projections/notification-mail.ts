import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import {
  NOTIFICATION_RECIPIENT_EVENT_TYPES,
  normalAddress,
  type NotificationRecipientStatus,
} from '../domain/notification-recipient.decider.js';

/*
 * The read side of a CTA's email notification (issue 25, "Open mail relay"): which outside
 * addresses confirmed (a projection of the notification recipients' events), and the mail quotas
 * (counters of traffic, not rebuildable from the log: a versioned migration).
 */

/** `cro_notification_recipients`: each organisation's outside addresses and where their confirmation stands. */
export const notificationRecipientsProjection: Projection = {
  name: 'cro-notification-recipients',
  schema: `
    CREATE TABLE IF NOT EXISTS cro_notification_recipients (
      organisation_id text NOT NULL,
      address         text NOT NULL,
      status          text NOT NULL,
      updated_at      timestamptz NOT NULL,
      PRIMARY KEY (organisation_id, address)
    );
  `,
  tables: ['cro_notification_recipients'],
  handles: NOTIFICATION_RECIPIENT_EVENT_TYPES.map((e) => e.type),
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const data = event.data as { organisationId?: unknown; address?: unknown };
    if (typeof data.organisationId !== 'string' || typeof data.address !== 'string') return;
    const status: NotificationRecipientStatus =
      event.type === 'NotificationRecipientConfirmed'
        ? 'confirmed'
        : event.type === 'NotificationRecipientDeclined'
          ? 'declined'
          : 'pending';
    await tx.query(
      `INSERT INTO cro_notification_recipients (organisation_id, address, status, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (organisation_id, address) DO UPDATE SET status = $3, updated_at = $4`,
      [data.organisationId, normalAddress(data.address), status, event.createdAt],
    );
  },
};

/** Where each of `addresses` stands in the organisation (absent: never asked). Keys are normal addresses. */
export async function recipientStatuses(
  db: SqlExecutor,
  organisationId: string,
  addresses: readonly string[],
): Promise<Map<string, NotificationRecipientStatus>> {
  if (addresses.length === 0) return new Map();
  const found = await db.query<{ address: string; status: NotificationRecipientStatus }>(
    'SELECT address, status FROM cro_notification_recipients WHERE organisation_id = $1 AND address = ANY($2::text[])',
    [organisationId, addresses.map(normalAddress)],
  );
  return new Map(found.rows.map((r) => [r.address, r.status]));
}

export const CRO_NOTIFICATION_MAIL_SCHEMA = `
-- migration cro-notification-mail 1: quotas of notification and confirmation mails
CREATE TABLE IF NOT EXISTS cro_notification_quota (
  organisation_id text NOT NULL,
  kind            text NOT NULL,
  day             date NOT NULL,
  used            integer NOT NULL,
  PRIMARY KEY (organisation_id, kind, day)
);
CREATE TABLE IF NOT EXISTS cro_notification_visitor_quota (
  cta_id       text NOT NULL,
  distinct_id  text NOT NULL,
  hour         timestamptz NOT NULL,
  submissions  text[] NOT NULL,
  PRIMARY KEY (cta_id, distinct_id, hour)
);
`;

/**
 * Takes one mail of the organisation's quota of `kind` (`notification`, `confirmation`) for
 * today (UTC): true when it was within `limit`. Atomic: concurrent takers are serialised on the
 * day's row, and a full row is not updated.
 */
export async function takeOrganisationMail(
  db: SqlExecutor,
  organisationId: string,
  kind: 'notification' | 'confirmation',
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return false;
  const taken = await db.query(
    `INSERT INTO cro_notification_quota AS q (organisation_id, kind, day, used) VALUES ($1, $2, (now() AT TIME ZONE 'UTC')::date, 1)
     ON CONFLICT (organisation_id, kind, day) DO UPDATE SET used = q.used + 1 WHERE q.used < $3
     RETURNING used`,
    [organisationId, kind, limit],
  );
  return taken.rows.length > 0;
}

/**
 * Counts a submission among the visitor's notified submissions of this CTA in this hour: true when
 * it is one of the first `limit` (a submission counts once, whatever number of recipients and
 * retries). Atomic like `takeOrganisationMail`.
 */
export async function takeVisitorSubmission(
  db: SqlExecutor,
  ctaId: string,
  distinctId: string,
  submissionId: string,
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return false;
  const found = await db.query<{ counted: boolean }>(
    `INSERT INTO cro_notification_visitor_quota AS q (cta_id, distinct_id, hour, submissions) VALUES ($1, $2, date_trunc('hour', now()), ARRAY[$3::text])
     ON CONFLICT (cta_id, distinct_id, hour) DO UPDATE SET submissions = q.submissions || $3::text
      WHERE NOT ($3::text = ANY(q.submissions)) AND cardinality(q.submissions) < $4
     RETURNING true AS counted`,
    [ctaId, distinctId, submissionId, limit],
  );
  if (found.rows.length > 0) return true;
  // Not added: counted before (another recipient of the same submission), or the hour is full.
  const again = await db.query<{ counted: boolean }>(
    `SELECT $3::text = ANY(submissions) AS counted FROM cro_notification_visitor_quota WHERE cta_id = $1 AND distinct_id = $2 AND hour = date_trunc('hour', now())`,
    [ctaId, distinctId, submissionId],
  );
  return again.rows[0]?.counted === true;
}

/** The visitor (distinct id) and organisation of a stored submission. */
export async function submissionVisitor(
  db: SqlExecutor,
  websiteId: string,
  ctaId: string,
  submissionId: string,
): Promise<{ distinctId: string; organisationId: string } | null> {
  const found = await db.query<{ distinct_id: string | null; organisation_id: string }>(
    `SELECT e.distinct_id, c.organisation_id FROM rm_ctas c
       JOIN collected_events e ON e.website_id = c.website_id AND e.cta_id = c.id AND e.name = 'form_submitted' AND e.id = $3
      WHERE c.website_id = $1 AND c.id = $2
      LIMIT 1`,
    [websiteId, ctaId, submissionId],
  );
  const row = found.rows[0];
  return row ? { distinctId: row.distinct_id ?? '', organisationId: row.organisation_id } : null;
}
