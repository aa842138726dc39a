import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { UPGRADE_TO_ACCESS } from '#libs/platform/src/auth/policy.js';
import { ensureOrganisationProduct, organisationsWithProduct, websiteOrganisation } from '#libs/organisations/src/projections/queries.js';
import { canReachWebsite, websiteScope } from '#libs/platform/src/http/tenancy.js';
import { canSeeOrganisation, visibleOrganisations, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { ForbiddenError } from '#libs/platform/src/errors.js';

/** The product of the plan the community belongs to (billing). */
export const COMMUNITY_PRODUCT = 'community';

/** Refuses (403 "Upgrade to access") when the organisation's plan does not include the community. */
export async function ensureCommunity(db: SqlExecutor, organisationId: string): Promise<void> {
  await ensureOrganisationProduct(db, organisationId, COMMUNITY_PRODUCT);
}

/**
 * The scope of a community list: the viewer's organisations (all for platform admins) whose plan
 * includes the community, and there the websites they reach (`websiteColumn`). A list asked for
 * one website or organisation of the viewer whose plan lacks it, and a viewer none of whose
 * organisations has it, get 403 "Upgrade to access".
 */
export async function communityScope(
  db: SqlExecutor,
  viewer: Viewer,
  asked: { websiteId?: unknown; organisationId?: unknown },
  column = 'organisation_id',
  websiteColumn = 'website_id',
): Promise<{ sql: string; params: unknown[] }> {
  if (typeof asked.websiteId === 'string' && asked.websiteId.length <= 100) {
    const organisationId = await websiteOrganisation(db, asked.websiteId);
    if (organisationId && canReachWebsite(viewer, organisationId, asked.websiteId)) await ensureCommunity(db, organisationId);
  }
  if (typeof asked.organisationId === 'string' && canSeeOrganisation(viewer, asked.organisationId)) {
    await ensureCommunity(db, asked.organisationId);
  }
  const visible = visibleOrganisations(viewer);
  // Which organisations have the community is the organisations context's to answer (its read side, never its tables).
  const ids = await organisationsWithProduct(db, COMMUNITY_PRODUCT, visible);
  if (ids.length === 0 && !viewer.platformAdmin) throw new ForbiddenError(UPGRADE_TO_ACCESS);
  const websites = websiteScope(viewer, column, websiteColumn, 2);
  return { sql: `${column} = ANY($1::text[]) AND ${websites.sql}`, params: [ids, ...websites.params] };
}

/** `filter` as an object, to read what decides the page size and the plan check (runList parses and checks it). */
export function filterOf(raw: unknown): Record<string, unknown> | null {
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
