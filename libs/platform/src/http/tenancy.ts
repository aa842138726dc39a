import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { ensureProduct } from '../auth/policy.js';
import { canSeeOrganisation, visibleOrganisations, type Viewer } from '../auth/viewer.js';
import { NotFoundError } from '../errors.js';
import { checkId } from './records.js';

/** The list scope of a read model: rows of the viewer's organisations only (all for platform admins). */
export function tenantScope(viewer: Viewer, organisationColumn: string): { sql: string; params: unknown[] } {
  const visible = visibleOrganisations(viewer);
  return visible ? { sql: `${organisationColumn} = ANY($1::text[])`, params: [visible] } : { sql: 'true', params: [] };
}

/**
 * Reads one read-model record (`record` column) by id. A record that does not exist and one of
 * an organisation the viewer does not belong to answer the same 404.
 */
export async function loadVisible<T extends Record<string, unknown>>(
  db: SqlExecutor,
  viewer: Viewer,
  source: { table: string; label: string; organisationOf(record: T): string },
  id: string,
): Promise<T> {
  checkId(id);
  const found = await db.query<{ record: T }>(`SELECT record FROM ${source.table} WHERE id = $1`, [id]);
  const record = found.rows[0]?.record;
  if (!record || !canSeeOrganisation(viewer, source.organisationOf(record))) throw new NotFoundError(`${source.label} not found`);
  return record;
}

/** Refuses (403 "Upgrade to access") when the organisation's plan does not include `product`. */
export async function ensureOrganisationProduct(db: SqlExecutor, organisationId: string, product: string): Promise<void> {
  const found = await db.query<{ products: string[] | null }>(`SELECT record->'products' AS products FROM rm_organisations WHERE id = $1`, [organisationId]);
  ensureProduct(found.rows[0]?.products ?? [], product);
}
