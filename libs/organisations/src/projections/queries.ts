import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { ensureProduct } from '#libs/platform/src/auth/policy.js';
import { runList, type ListDefinition, type ListQuery } from '#libs/platform/src/list-query.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { websiteScope } from '#libs/platform/src/http/tenancy.js';

/**
 * The organisations context's read side: every query of its read models (`rm_organisations`,
 * `rm_websites`, `rm_members`) and of its own tables (`website_secrets`). Other contexts reach
 * organisations, websites and members through these functions, never through the tables.
 */

// --- organisations ------------------------------------------------------------------------------

/** The products of an organisation's plan (none when it does not exist). */
export async function organisationProducts(db: SqlExecutor, organisationId: string): Promise<string[]> {
  const found = await db.query<{ products: string[] | null }>(
    `SELECT record->'products' AS products FROM rm_organisations WHERE id = $1`,
    [organisationId],
  );
  return found.rows[0]?.products ?? [];
}

/** Refuses (403 "Upgrade to access") when the organisation's plan does not include `product`. */
export async function ensureOrganisationProduct(
  db: SqlExecutor,
  organisationId: string,
  product: string,
): Promise<void> {
  ensureProduct(await organisationProducts(db, organisationId), product);
}

/** The organisations whose plan includes `product`, among `among` (all of them when null). */
export async function organisationsWithProduct(
  db: SqlExecutor,
  product: string,
  among: readonly string[] | null,
): Promise<string[]> {
  const found = await db.query<{ id: string }>(
    `SELECT id FROM rm_organisations WHERE record->'products' @> jsonb_build_array($1::text)${among ? ' AND id = ANY($2::text[])' : ''}`,
    among ? [product, [...among]] : [product],
  );
  return found.rows.map((r) => r.id);
}

export async function organisationName(db: SqlExecutor, organisationId: string): Promise<string | null> {
  const found = await db.query<{ name: string }>('SELECT name FROM rm_organisations WHERE id = $1', [organisationId]);
  return found.rows[0]?.name ?? null;
}

// --- websites -----------------------------------------------------------------------------------

/** The organisation a website belongs to (null: no such website). */
export async function websiteOrganisation(db: SqlExecutor, websiteId: string): Promise<string | null> {
  const found = await db.query<{ organisation_id: string }>('SELECT organisation_id FROM rm_websites WHERE id = $1', [
    websiteId,
  ]);
  return found.rows[0]?.organisation_id ?? null;
}

/** Website records (the websites list's `record`) by id. */
export async function websitesByIds<T extends { id: string }>(
  db: SqlExecutor,
  ids: readonly string[],
): Promise<Map<string, T>> {
  if (ids.length === 0) return new Map();
  const found = await db.query<{ record: T }>('SELECT record FROM rm_websites WHERE id = ANY($1::text[])', [[...ids]]);
  return new Map(found.rows.map((r) => [r.record.id, r.record]));
}

/** Website names by id. */
export async function websiteNames(db: SqlExecutor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM rm_websites WHERE id = ANY($1::text[])',
    [[...ids]],
  );
  return new Map(found.rows.map((r) => [r.id, r.name]));
}

/** An active website by its public key (the tracker's and the redirect lookup's). */
export async function activeWebsiteByKey(
  db: SqlExecutor,
  key: string,
): Promise<{ id: string; url: string | null } | null> {
  const found = await db.query<{ id: string; url: string | null }>(
    `SELECT id, record->>'url' AS url FROM rm_websites WHERE record->>'key' = $1 AND status = 'active'`,
    [key],
  );
  return found.rows[0] ?? null;
}

/** The stored site-builder token of a website (never in events or answers). */
export async function siteBuilderToken(db: SqlExecutor, websiteId: string): Promise<string | undefined> {
  const found = await db.query<{ value: string }>(
    `SELECT value FROM website_secrets WHERE website_id = $1 AND name = 'siteBuilderToken'`,
    [websiteId],
  );
  return found.rows[0]?.value;
}

/** Stores (a text) or removes (null) a website's site-builder token. */
export async function storeSiteBuilderToken(db: SqlExecutor, websiteId: string, token: string | null): Promise<void> {
  if (token === null) {
    await db.query(`DELETE FROM website_secrets WHERE website_id = $1 AND name = 'siteBuilderToken'`, [websiteId]);
    return;
  }
  await db.query(
    `INSERT INTO website_secrets (website_id, name, value) VALUES ($1, 'siteBuilderToken', $2)
     ON CONFLICT (website_id, name) DO UPDATE SET value = $2, updated_at = now()`,
    [websiteId, token],
  );
}

// --- members ------------------------------------------------------------------------------------

/** A person's member record in an organisation, as other contexts need it. */
export interface MemberSummary {
  name: string;
  status: string;
  orgRole: string;
  cmsRole: string | null;
  websiteIds: string[] | null;
}

export async function memberOf(db: SqlExecutor, organisationId: string, userId: string): Promise<MemberSummary | null> {
  const found = await db.query<MemberSummary>(
    `SELECT name, status, org_role AS "orgRole", record->>'cmsRole' AS "cmsRole", record->'websiteIds' AS "websiteIds"
       FROM rm_members WHERE organisation_id = $1 AND user_id = $2`,
    [organisationId, userId],
  );
  return found.rows[0] ?? null;
}

/** Members' names by user id, in one organisation. */
export async function memberNames(
  db: SqlExecutor,
  organisationId: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const found = await db.query<{ user_id: string; name: string }>(
    'SELECT user_id, name FROM rm_members WHERE organisation_id = $1 AND user_id = ANY($2::text[])',
    [organisationId, [...userIds]],
  );
  return new Map(found.rows.map((r) => [r.user_id, r.name]));
}

/** The organisations in which a person is an active (accepted) member. */
export async function acceptedOrganisationsOf(db: SqlExecutor, userId: string): Promise<string[]> {
  const found = await db.query<{ organisation_id: string }>(
    `SELECT organisation_id FROM rm_members WHERE user_id = $1 AND status = 'accepted'`,
    [userId],
  );
  return found.rows.map((r) => r.organisation_id);
}

// --- the members list and records ---------------------------------------------------------------

/** The members list (`GET /api/members`): the list helper's definition of `rm_members`. */
export const MEMBERS_LIST: ListDefinition = {
  resource: 'members',
  table: 'rm_members',
  fields: {
    id: 'id',
    organisationId: 'organisation_id',
    userId: 'user_id',
    email: 'email',
    name: 'name',
    status: 'status',
    orgRole: 'org_role',
    invitedAt: 'invited_at',
    updatedAt: 'updated_at',
  },
  search: ['name', 'email'],
  dateField: 'invitedAt',
  defaultSort: ['name', 'ASC'],
};

export function listMembers<T>(db: SqlExecutor, query: ListQuery, scope: { sql: string; params: unknown[] }) {
  return runList<T>(db, MEMBERS_LIST, query, scope);
}

export async function memberRecord<T>(db: SqlExecutor, memberId: string): Promise<T | null> {
  const found = await db.query<{ record: T }>('SELECT record FROM rm_members WHERE id = $1', [memberId]);
  return found.rows[0]?.record ?? null;
}

/** A person's member record in an organisation, found by email (letter case aside). */
export async function memberByEmail<T>(db: SqlExecutor, organisationId: string, email: string): Promise<T | null> {
  const found = await db.query<{ record: T }>(
    'SELECT record FROM rm_members WHERE organisation_id = $1 AND lower(email) = lower($2)',
    [organisationId, email],
  );
  return found.rows[0]?.record ?? null;
}

/** A person's invitations still waiting for an answer. */
export async function pendingInvitationsOf<T>(db: SqlExecutor, userId: string): Promise<T[]> {
  const found = await db.query<{ record: T }>(
    `SELECT record FROM rm_members WHERE user_id = $1 AND status = 'pending'`,
    [userId],
  );
  return found.rows.map((r) => r.record);
}

/** How many active owners each organisation has (the last one stays: the member rules read it). */
export async function activeOwnersByOrganisation(
  db: SqlExecutor,
  organisationIds: readonly string[],
): Promise<Map<string, number>> {
  if (organisationIds.length === 0) return new Map();
  const found = await db.query<{ organisation_id: string; n: number }>(
    `SELECT organisation_id, count(*)::int AS n FROM rm_members
     WHERE organisation_id = ANY($1::text[]) AND status = 'accepted' AND org_role = 'owner' GROUP BY organisation_id`,
    [[...organisationIds]],
  );
  return new Map(found.rows.map((r) => [r.organisation_id, r.n]));
}

/** Whether a person has member records (invitations) in organisations other than `known`. */
export async function hasMemberRecordsOutside(
  db: SqlExecutor,
  userId: string,
  known: readonly string[],
): Promise<boolean> {
  const found = await db.query(
    'SELECT 1 FROM rm_members WHERE user_id = $1 AND NOT (organisation_id = ANY($2::text[])) LIMIT 1',
    [userId, [...known]],
  );
  return found.rows.length > 0;
}

// --- what the identity context asks (the OrganisationDirectory port) ----------------------------

/** The organisations and websites a viewer sees, by name (DESIGN.md "The current user", "Website access"). */
export async function seenBy(db: SqlExecutor, viewer: Viewer) {
  const orgIds = [...viewer.memberships.keys()];
  const webScope = websiteScope(viewer, 'organisation_id', 'id');
  const [organisations, websites] = await Promise.all([
    db.query<{ id: string; name: string; products: string[] | null }>(
      `SELECT id, name, record->'products' AS products FROM rm_organisations WHERE ${viewer.platformAdmin ? 'true' : 'id = ANY($1::text[])'} ORDER BY name`,
      viewer.platformAdmin ? [] : [orgIds],
    ),
    db.query<{ id: string; name: string; organisation_id: string }>(
      `SELECT id, name, organisation_id FROM rm_websites WHERE ${webScope.sql} ORDER BY name`,
      webScope.params,
    ),
  ]);
  return {
    organisations: organisations.rows.map((o) => ({ id: o.id, name: o.name, products: o.products ?? [] })),
    websites: websites.rows.map((w) => ({ id: w.id, name: w.name, organisationId: w.organisation_id })),
  };
}

/** The organisation the platform marked as its demo, if any (a partial index finds it). */
export async function demoOrganisationId(db: SqlExecutor): Promise<string | null> {
  const found = await db.query<{ id: string }>(
    `SELECT id FROM rm_organisations WHERE record->>'demo' = 'true' ORDER BY created_at LIMIT 1`,
  );
  return found.rows[0]?.id ?? null;
}

/** What other contexts decide with about a website: its status, whether it publishes content, its domain. */
export async function websiteFacts(
  db: SqlExecutor,
  websiteId: string,
): Promise<{ organisationId: string; status: string; publishContent: boolean; domain: string } | null> {
  const found = await db.query<{
    organisation_id: string;
    status: string;
    domain: string;
    publish_content: boolean | null;
  }>(
    `SELECT organisation_id, status, domain, (record->>'publishContent')::boolean AS publish_content FROM rm_websites WHERE id = $1`,
    [websiteId],
  );
  const row = found.rows[0];
  return row
    ? {
        organisationId: row.organisation_id,
        status: row.status,
        domain: row.domain,
        publishContent: row.publish_content !== false,
      }
    : null;
}

/**
 * What the public CRO endpoints (libs/cro/src/public) need of an active website found by its
 * public key: its organisation, address and domain, the version of its record, whether the
 * organisation's plan includes `product`, and the share of visitors held back from CTAs
 * (`controlGroupPct`, 0 to 100: the website's analytics settings, else 0) and the other domains
 * its tracker runs on (`trackingDomains`, the analytics settings' tracking domains).
 */
export interface DeliveryWebsite {
  id: string;
  organisationId: string;
  url: string;
  domain: string;
  trackingDomains: string[];
  version: number;
  hasProduct: boolean;
  controlGroupPct: number;
}

/** A row of `DELIVERY_WEBSITE_SELECT`. */
export interface DeliveryWebsiteRow {
  id: string;
  organisation_id: string;
  url: string;
  domain: string;
  version: number;
  has_product: boolean | null;
  control: string | null;
  tracking: unknown;
}

/**
 * The statement `deliveryWebsiteByKey` runs (`$1` the key, `$2` the product), for a caller that
 * reads more in the same statement (`WITH website AS (...)`); its row becomes the website with
 * `deliveryWebsiteOf`.
 */
export const DELIVERY_WEBSITE_SELECT = `SELECT w.id, w.organisation_id, w.url, w.domain, w.version,
            (o.record->'products' @> jsonb_build_array($2::text)) AS has_product,
            w.record->'analytics'->>'controlGroupPct' AS control,
            w.record->'analytics'->'trackingDomains' AS tracking
       FROM rm_websites w LEFT JOIN rm_organisations o ON o.id = w.organisation_id
      WHERE w.record->>'key' = $1 AND w.status = 'active'`;

export function deliveryWebsiteOf(row: DeliveryWebsiteRow): DeliveryWebsite {
  const pct = row.control === null ? 0 : Number(row.control);
  return {
    id: row.id,
    organisationId: row.organisation_id,
    url: row.url,
    domain: row.domain,
    trackingDomains: Array.isArray(row.tracking) ? row.tracking.filter((d): d is string => typeof d === 'string') : [],
    version: Number(row.version),
    hasProduct: row.has_product === true,
    controlGroupPct: Number.isFinite(pct) ? Math.min(100, Math.max(0, pct)) : 0,
  };
}

export async function deliveryWebsiteByKey(
  db: SqlExecutor,
  key: string,
  product: string,
): Promise<DeliveryWebsite | null> {
  const found = await db.query<DeliveryWebsiteRow>(DELIVERY_WEBSITE_SELECT, [key, product], {
    prepare: 'delivery_website_by_key',
  });
  const row = found.rows[0];
  return row ? deliveryWebsiteOf(row) : null;
}
