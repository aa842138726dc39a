import type { SqlExecutor } from '#libs/eventstore/src/index.js';

/**
 * The experts context's read side: every query of `rm_bios`. Other contexts (posts: the bio
 * prompts and the credited expert) reach bios through these functions, contributed to the platform's registry
 * (contributed-facts.ts `contributeCreditedBios`), never through the table.
 */

import type { BioSummary } from '#libs/platform/src/contributed-facts.js';

/** The bios of a website that belong to these people, or have this id. */
export async function bioSummaries(
  db: SqlExecutor,
  websiteId: string,
  userIds: readonly string[],
  bioId: string | null,
): Promise<BioSummary[]> {
  const found = await db.query<BioSummary>(
    `SELECT id, user_id AS "userId", kind, status, display_name AS "displayName" FROM rm_bios WHERE website_id = $1 AND (user_id = ANY($2::text[]) OR id = $3)`,
    [websiteId, [...userIds], bioId ?? ''],
  );
  return found.rows;
}

/** Whether `bioId` is an expert bio of the website. */
export async function isExpertBio(db: SqlExecutor, bioId: string, websiteId: string): Promise<boolean> {
  const found = await db.query(`SELECT 1 FROM rm_bios WHERE id = $1 AND website_id = $2 AND kind = 'expert'`, [
    bioId,
    websiteId,
  ]);
  return found.rows.length > 0;
}

/** The bio a person already has on a website, if any. */
export async function bioOfPerson(db: SqlExecutor, websiteId: string, userId: string): Promise<string | null> {
  const found = await db.query<{ id: string }>('SELECT id FROM rm_bios WHERE website_id = $1 AND user_id = $2', [
    websiteId,
    userId,
  ]);
  return found.rows[0]?.id ?? null;
}

/** Whether another bio of the website already uses `slug`. */
export async function bioSlugTaken(
  db: SqlExecutor,
  websiteId: string,
  slug: string,
  except: string | null,
): Promise<boolean> {
  const found = await db.query<{ id: string }>(
    'SELECT id FROM rm_bios WHERE website_id = $1 AND slug = $2 AND id <> $3',
    [websiteId, slug, except ?? ''],
  );
  return found.rows.length > 0;
}
