import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { ensureOrganisationProduct } from '#libs/organisations/src/projections/queries.js';
import { productScope } from '#libs/organisations/src/projections/product-scope.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';

export { filterOf } from '#libs/organisations/src/projections/product-scope.js';

/** The product of the plan the community belongs to (billing). */
export const COMMUNITY_PRODUCT = 'community';

/** Refuses (403 "Upgrade to access") when the organisation's plan does not include the community. */
export async function ensureCommunity(db: SqlExecutor, organisationId: string): Promise<void> {
  await ensureOrganisationProduct(db, organisationId, COMMUNITY_PRODUCT);
}

/** The scope of a community list (`productScope` for the community). */
export function communityScope(
  db: SqlExecutor,
  viewer: Viewer,
  asked: { websiteId?: unknown; organisationId?: unknown },
  column = 'organisation_id',
  websiteColumn = 'website_id',
): Promise<{ sql: string; params: unknown[] }> {
  return productScope(db, viewer, COMMUNITY_PRODUCT, asked, column, websiteColumn);
}
