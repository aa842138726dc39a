import { ForbiddenError } from '../errors.js';
import type { Viewer } from './viewer.js';

/** Any signed-in user. */
export const ANY_USER = 'user';
export const PLATFORM_ADMIN = 'platform_admin';

/**
 * The one place that decides who may do what outside a workflow table: platform capabilities,
 * the roles a decider's transition table is checked against, and the console's navigation.
 * Workflow actions are decided by their tables (`allowedActions`), which name these roles.
 */

/** Organisation roles that manage an organisation (and platform admins, everywhere). */
export const ORGANISATION_MANAGERS = ['owner', 'admin', PLATFORM_ADMIN] as const;

/** Whether an organisation role reaches every website of its organisation: owners and admins (DESIGN.md "Website access"). */
export function reachesEveryWebsite(orgRole: string): boolean {
  return orgRole === 'owner' || orgRole === 'admin';
}

export type Capability = 'projections.manage' | 'users.list' | 'users.loginAs' | 'users.upsert' | 'outbox.read';

const CAPABILITIES: Record<Capability, { allowed: (viewer: Viewer) => boolean; refusal: string }> = {
  'projections.manage': {
    allowed: (v) => v.platformAdmin,
    refusal: 'Only platform administrators may manage projections',
  },
  'users.list': { allowed: (v) => v.platformAdmin, refusal: 'Only platform administrators may list users' },
  'users.loginAs': {
    allowed: (v) => v.platformAdmin && !v.impersonatorSessionId,
    refusal: 'Only platform administrators may log in as another user',
  },
  'users.upsert': {
    allowed: (v) => v.platformAdmin,
    refusal: 'Only platform administrators may create or change users',
  },
  'outbox.read': { allowed: (v) => v.platformAdmin, refusal: 'Only platform administrators may read the outbox' },
};

export function can(viewer: Viewer, capability: Capability): boolean {
  return CAPABILITIES[capability].allowed(viewer);
}

/** Throws 403 with the capability's message unless the viewer has it. */
export function ensure(viewer: Viewer, capability: Capability): void {
  if (!can(viewer, capability)) throw new ForbiddenError(CAPABILITIES[capability].refusal);
}

/**
 * The roles that count for a record of `organisationId` (what transition tables are checked
 * against): `user`, `platform_admin`, the organisation role, and `cms:{role}` / `cro:{role}`.
 */
export function rolesFor(viewer: Viewer, organisationId?: string | null): string[] {
  const roles = [ANY_USER];
  if (viewer.platformAdmin) roles.push(PLATFORM_ADMIN);
  const orgRole = organisationId ? viewer.memberships.get(organisationId) : undefined;
  if (orgRole) roles.push(orgRole);
  const productRoles = organisationId ? viewer.productRoles?.get(organisationId) : undefined;
  if (orgRole && productRoles) roles.push(`cms:${productRoles.cmsRole}`, `cro:${productRoles.croRole}`);
  return roles;
}

/**
 * The navigation of the spec (seed 000 section 2) by user role, plus the console's resources.
 * Entries whose screens are not built yet are listed too, so the console can grow into them.
 */
const ROLE_NAVIGATION: Record<string, string[]> = {
  creator: ['create', 'your-posts'],
  editor: [
    'community',
    'questions',
    'in-progress',
    'review',
    'published',
    'bios',
    'category-description',
    'pages',
    'outline-review',
    'audit',
    'workflow-report',
  ],
  manager: [
    'learn',
    'categorize',
    'topics',
    'upload',
    'products',
    'keyword-groups',
    'experts',
    'clusters',
    'categories',
    'website-conf',
    'redirects',
    'redirect-rules',
    'editorial',
    'source-files',
  ],
  admin: ['groups', 'site-stats', 'pipeline', 'creator-stats', 'word-counter', 'orders', 'indexing-api'],
  owner: ['roles-and-permissions', 'login-as'],
};
/**
 * The conversion-optimisation screens (the console's "Conversion" menu group), named `cro/{resource}`
 * so that they stay apart from the CMS entries of the same word (`products`).
 */
export const CRO_NAVIGATION = [
  'cro/ctas',
  'cro/campaigns',
  'cro/experiments',
  'cro/products',
  'cro/goals',
  'cro/url-lists',
  'cro/analytics',
  'cro/excluded-pages',
] as const;
const CREATORS = ['writer', 'credited_writer', 'limited_writer', 'customer', 'cro_customer', 'expert'];

/**
 * `organisationProducts` (organisationId -> the products of its plan), when the caller knows them:
 * the CRO screens are then listed only for organisations with the `cro` product.
 */
export function navigationFor(viewer: Viewer, organisationProducts?: ReadonlyMap<string, readonly string[]>): string[] {
  const items = ['dashboard', 'organisations', 'websites', 'members'];
  const role = viewer.role;
  if (CREATORS.includes(role)) items.push(...ROLE_NAVIGATION.creator);
  if (['editor', 'content_manager', 'admin', 'owner'].includes(role)) items.push(...ROLE_NAVIGATION.editor);
  if (['content_manager', 'admin', 'owner'].includes(role)) items.push(...ROLE_NAVIGATION.manager);
  if (['admin', 'owner'].includes(role) || viewer.platformAdmin) items.push(...ROLE_NAVIGATION.admin);
  if (role === 'owner' || viewer.platformAdmin) items.push(...ROLE_NAVIGATION.owner);
  if (readsCro(viewer, organisationProducts)) items.push(...CRO_NAVIGATION);
  if (can(viewer, 'users.list')) items.push('users');
  if (can(viewer, 'outbox.read')) items.push('admin/outbox');
  if (can(viewer, 'projections.manage')) items.push('admin/projections');
  return [...new Set(items)].filter(
    (entry) => !(Object.hasOwn(REFUSED_ENTRIES, entry) && REFUSED_ENTRIES[entry]!(viewer)),
  );
}

/**
 * Navigation entries whose screens the API would refuse this viewer, by the same rules their
 * routes apply: nothing is offered that ends in 403. The audit trail and the workflow report are
 * for WORKFLOW_READERS (a fact checker is not one); log-in-as refuses demo mode and a session
 * already logged in as someone (`loginAsScope`); demo mode is read-only, so neither the post
 * form nor the roles screen (changes only) is offered there.
 */
const REFUSED_ENTRIES: Record<string, (viewer: Viewer) => boolean> = {
  audit: (v) => !readsWorkflows(v),
  'workflow-report': (v) => !readsWorkflows(v),
  'login-as': (v) => !!(v.impersonatorSessionId || v.demoOrganisationId),
  create: (v) => !!v.demoOrganisationId,
  'roles-and-permissions': (v) => !!v.demoOrganisationId,
  // The analytics screen is reports and raw events: not for a CRO viewer, so not for demo mode.
  'cro/analytics': (v) => !readsCro(v, undefined, CRO_RECORDS_ONLY),
};

/** CRO roles that read the records only: no reports, tracking events or histories (libs/cro/src/domain/roles.ts CRO_INSIGHT_READERS). */
const CRO_RECORDS_ONLY = ['viewer'] as const;

/**
 * Whether the CRO routes would answer the viewer's lists without a 403: a platform admin, or a
 * member of an organisation (with the `cro` product, when the products are known) whose
 * organisation role is owner or admin (they count as CRO admins) or whose CRO role is not `none`
 * (libs/cro/src/domain/roles.ts CRO_READERS) nor one of `alsoRefused`.
 */
function readsCro(
  viewer: Viewer,
  organisationProducts?: ReadonlyMap<string, readonly string[]>,
  alsoRefused: readonly string[] = [],
): boolean {
  if (viewer.platformAdmin) return true;
  return [...viewer.memberships.entries()].some(([organisationId, role]) => {
    if (organisationProducts && !organisationProducts.get(organisationId)?.includes('cro')) return false;
    if (role === 'owner' || role === 'admin') return true;
    const croRole = viewer.productRoles?.get(organisationId)?.croRole;
    return croRole !== undefined && croRole !== 'none' && !alsoRefused.includes(croRole);
  });
}

/** Whether `organisationsReadableBy(viewer, WORKFLOW_READERS, …)` answers without a 403. */
function readsWorkflows(viewer: Viewer): boolean {
  return viewer.platformAdmin || organisationsWithRoles(viewer, WORKFLOW_READERS).length > 0;
}

/**
 * Log-in-as: platform admins as anyone; an organisation's owner (seed 000 section 2: owners have
 * login-as) as an active member of that organisation, with the session limited to it. Nobody
 * while already logged in as someone, or in demo mode; never as a platform admin or oneself.
 * Answers the organisation the session is limited to (null: not limited), or throws 403.
 */
export function loginAsScope(
  viewer: Viewer,
  target: { userId: string; platformAdmin: boolean; organisations: string[] },
): string | null {
  if (viewer.impersonatorSessionId || viewer.demoOrganisationId)
    throw new ForbiddenError('Return to your own account first');
  if (viewer.platformAdmin) return null;
  if (target.platformAdmin) throw new ForbiddenError('You may not log in as a platform administrator');
  const owned = target.organisations.find((org) => viewer.memberships.get(org) === 'owner');
  if (!owned) throw new ForbiddenError('Owners may log in as active members of their own organisation only');
  return owned;
}

/**
 * Whether the viewer may found a new organisation: anyone signed in, except a session limited to
 * one organisation (an owner's log-in-as of a member) or in demo mode (read-only).
 */
export function mayCreateOrganisation(viewer: Viewer): boolean {
  return !viewer.scopeOrganisationId && !viewer.demoOrganisationId;
}

/** Who reads an organisation's audit trail and workflow report: its managers, editors and analysts. */
export const WORKFLOW_READERS = ['owner', 'admin', 'cms:admin', 'cms:manager', 'cms:editor', 'cms:analyst'] as const;

/**
 * The organisations whose records the viewer may read with these roles (null: all, for platform
 * admins); 403 with `refusal` when there is none.
 */
export function organisationsReadableBy(viewer: Viewer, roles: readonly string[], refusal: string): string[] | null {
  if (viewer.platformAdmin) return null;
  const readable = organisationsWithRoles(viewer, roles);
  if (readable.length === 0) throw new ForbiddenError(refusal);
  return readable;
}

/** The viewer's organisations where one of `roles` counts for them. */
function organisationsWithRoles(viewer: Viewer, roles: readonly string[]): string[] {
  return [...viewer.memberships.keys()].filter((org) => rolesFor(viewer, org).some((role) => roles.includes(role)));
}

/** The spec's answer when an organisation's plan does not include a product. */
export const UPGRADE_TO_ACCESS = 'Upgrade to access';

/** Refuses (403 "Upgrade to access") when `product` is not among the organisation's plan's products. */
export function ensureProduct(products: readonly string[] | undefined, product: string): void {
  if (!products?.includes(product)) throw new ForbiddenError(UPGRADE_TO_ACCESS);
}
