import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { organisationsWithProduct } from '#libs/organisations/src/projections/queries.js';
import { UPGRADE_TO_ACCESS, rolesFor } from '#libs/platform/src/auth/policy.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { ForbiddenError } from '#libs/platform/src/errors.js';
import { CRO_READERS, hasAnyRole } from './domain/roles.js';

/**
 * Who reaches the conversion area, for its own routes and for the contexts that build on it
 * (analytics' reports, the collect endpoint): the plan's product and the CRO roles.
 */

/** The product of the plan the CRO area belongs to (billing): without it, 403 "Upgrade to access". */
export const CRO_PRODUCT = 'cro';

/** The refusal of a member whose CRO role is `none`. */
export const NO_CRO_ACCESS = 'Your CRO role gives you no access to conversion optimisation';

/**
 * The organisations whose CRO records the viewer may read: in their plan the `cro` product
 * (403 "Upgrade to access" when none has it), and a CRO role that reads (403 otherwise).
 */
export async function croReadableOrganisations(db: SqlExecutor, viewer: Viewer): Promise<string[]> {
  const withProduct = await organisationsWithProduct(db, CRO_PRODUCT, [...viewer.memberships.keys()]);
  if (withProduct.length === 0) throw new ForbiddenError(UPGRADE_TO_ACCESS);
  const readable = withProduct.filter((organisationId) => hasAnyRole(rolesFor(viewer, organisationId), CRO_READERS));
  if (readable.length === 0) throw new ForbiddenError(NO_CRO_ACCESS);
  return readable;
}

/** A list's scope narrowed to the organisations where the viewer's CRO role may read (all for platform admins). */
export function readersOnly(
  viewer: Viewer,
  scope: { sql: string; params: unknown[] },
): { sql: string; params: unknown[] } {
  if (viewer.platformAdmin) return scope;
  const readable = [...viewer.memberships.keys()].filter((organisationId) =>
    hasAnyRole(rolesFor(viewer, organisationId), CRO_READERS),
  );
  if (readable.length === 0) throw new ForbiddenError(NO_CRO_ACCESS);
  return {
    sql: `${scope.sql} AND organisation_id = ANY($${scope.params.length + 1}::text[])`,
    params: [...scope.params, readable],
  };
}
