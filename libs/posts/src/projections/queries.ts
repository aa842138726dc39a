import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { PRE_PUBLICATION } from '../domain/stages.js';

/**
 * The posts context's read side. Other contexts (organisations: a member's posts) reach posts
 * through these functions, never through `rm_posts`.
 */

/** Posts still in the workflow whose writer, editor or current holder is the person (the spec's "contributor"), on one website or anywhere. */
export async function contributorPostCount(db: SqlExecutor, organisationId: string, userId: string, websiteId?: string): Promise<number> {
  const found = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rm_posts WHERE organisation_id = $1 AND status = ANY($4::text[])
       AND (writer_id = $2 OR editor_id = $2 OR holder_id = $2) AND ($3::text IS NULL OR website_id = $3)`,
    [organisationId, userId, websiteId ?? null, [...PRE_PUBLICATION]],
  );
  return found.rows[0]?.n ?? 0;
}

/** How many posts each person writes, in one organisation. */
export async function writtenPostCounts(db: SqlExecutor, organisationId: string, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const found = await db.query<{ writer_id: string; n: number }>(
    'SELECT writer_id, count(*)::int AS n FROM rm_posts WHERE organisation_id = $1 AND writer_id = ANY($2::text[]) GROUP BY writer_id',
    [organisationId, [...userIds]],
  );
  return new Map(found.rows.map((r) => [r.writer_id, r.n]));
}
