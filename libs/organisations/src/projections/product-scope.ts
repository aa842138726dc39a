import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { UPGRADE_TO_ACCESS } from '#libs/platform/src/auth/policy.js';
import { canSeeOrganisation, visibleOrganisations, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { ForbiddenError } from '#libs/platform/src/errors.js';
import { listFilter } from '#libs/platform/src/list-query.js';
import { canReachWebsite, websiteScope } from '#libs/platform/src/http/tenancy.js';
import { ensureOrganisationProduct, organisationsWithProduct, websiteOrganisation } from './queries.js';

/**
 * The scope of a list of a paid product's records (community, CRO...): the viewer's organisations
 * (all for platform admins) whose plan includes `product`, and there the websites they reach
 * (`websiteColumn`). A list asked for one website or organisation of the viewer whose plan lacks
 * it, and a viewer none of whose organisations has it, get 403 "Upgrade to access".
 */
export async function productScope(
  db: SqlExecutor,
  viewer: Viewer,
  product: string,
  asked: { websiteId?: unknown; organisationId?: unknown },
  column = 'organisation_id',
  websiteColumn = 'website_id',
): Promise<{ sql: string; params: unknown[] }> {
  if (typeof asked.websiteId === 'string' && asked.websiteId.length <= 100) {
    const organisationId = await websiteOrganisation(db, asked.websiteId);
    if (organisationId && canReachWebsite(viewer, organisationId, asked.websiteId))
      await ensureOrganisationProduct(db, organisationId, product);
  }
  if (typeof asked.organisationId === 'string' && canSeeOrganisation(viewer, asked.organisationId)) {
    await ensureOrganisationProduct(db, asked.organisationId, product);
  }
  const visible = visibleOrganisations(viewer);
  const ids = await organisationsWithProduct(db, product, visible);
  if (ids.length === 0 && !viewer.platformAdmin) throw new ForbiddenError(UPGRADE_TO_ACCESS);
  const websites = websiteScope(viewer, column, websiteColumn, 2);
  return { sql: `${column} = ANY($1::text[]) AND ${websites.sql}`, params: [ids, ...websites.params] };
}

/** `filter` as an object, to read what decides the page size and the plan check (checked as the list helper checks it). */
export const filterOf = listFilter;
