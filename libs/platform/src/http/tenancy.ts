import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { ensureProduct, reachesEveryWebsite } from '../auth/policy.js';
import { canSeeOrganisation, visibleOrganisations, type Viewer } from '../auth/viewer.js';
import { NotFoundError } from '../errors.js';
import { readModelRecord } from '../read-models.js';
import { checkId } from './records.js';

/** The list scope of a read model: rows of the viewer's organisations only (all for platform admins). */
export function tenantScope(viewer: Viewer, organisationColumn: string): { sql: string; params: unknown[] } {
  const visible = visibleOrganisations(viewer);
  if (!visible) return { sql: 'true', params: [] };
  // One organisation (most people): an equality an index can walk in the list's order.
  if (visible.length === 1) return { sql: `${organisationColumn} = $1`, params: [visible[0]] };
  return { sql: `${organisationColumn} = ANY($1::text[])`, params: [visible] };
}

export { reachesEveryWebsite };

/**
 * The websites of `organisationId` the viewer reaches: `null` means every website (platform
 * admins, the organisation's owners and admins, demo mode), otherwise the websites on their
 * membership (none when they are not a member, or their membership lists none).
 */
export function reachableWebsites(viewer: Viewer, organisationId: string): readonly string[] | null {
  if (viewer.platformAdmin) return null;
  const role = viewer.memberships.get(organisationId);
  if (!role) return [];
  if (reachesEveryWebsite(role)) return null;
  const listed = viewer.websiteAccess?.get(organisationId);
  return listed === undefined ? [] : listed;
}

/** Whether the viewer reaches the website (of `organisationId`): its records, actions, reports and creates. */
export function canReachWebsite(viewer: Viewer, organisationId: string, websiteId: string | null | undefined): boolean {
  if (!canSeeOrganisation(viewer, organisationId)) return false;
  const reachable = reachableWebsites(viewer, organisationId);
  return reachable === null || (typeof websiteId === 'string' && reachable.includes(websiteId));
}

/**
 * The list scope of a website-bound read model: rows of the viewer's organisations, and there of
 * the websites they reach (all for platform admins). Placeholders start at `firstParam`, so the
 * scope can follow another one.
 */
export function websiteScope(
  viewer: Viewer,
  organisationColumn: string,
  websiteColumn: string,
  firstParam = 1,
): { sql: string; params: unknown[] } {
  if (viewer.platformAdmin) return { sql: 'true', params: [] };
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };
  // One condition per organisation, an equality the planner can walk an index with (most people
  // belong to one): all its rows, or its rows of the websites on the membership. Pairs, never two
  // lists: a website id listed on one membership never opens another organisation's rows.
  const parts: string[] = [];
  for (const organisationId of viewer.memberships.keys()) {
    const reachable = reachableWebsites(viewer, organisationId);
    if (reachable === null) parts.push(`${organisationColumn} = ${add(organisationId)}`);
    else if (reachable.length)
      parts.push(
        `(${organisationColumn} = ${add(organisationId)} AND ${websiteColumn} = ANY(${add([...reachable])}::text[]))`,
      );
  }
  if (parts.length === 0) return { sql: 'false', params: [] };
  return { sql: parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`, params };
}

/**
 * Reads one read-model record (`record` column) by id. A record that does not exist, one of an
 * organisation the viewer does not belong to and, for website-bound records (`websiteOf`), one
 * of a website they do not reach answer the same 404.
 */
export async function loadVisible<T extends Record<string, unknown>>(
  db: SqlExecutor,
  viewer: Viewer,
  source: {
    table: string;
    label: string;
    organisationOf(record: T): string;
    websiteOf?(record: T): string | null | undefined;
  },
  id: string,
): Promise<T> {
  checkId(id);
  const record = await readModelRecord<T>(db, source.table, id);
  const visible =
    record &&
    (source.websiteOf
      ? canReachWebsite(viewer, source.organisationOf(record), source.websiteOf(record))
      : canSeeOrganisation(viewer, source.organisationOf(record)));
  if (!record || !visible) throw new NotFoundError(`${source.label} not found`);
  return record;
}
