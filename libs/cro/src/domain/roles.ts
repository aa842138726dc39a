import { CRO_ROLES } from '#libs/organisations/src/domain/member.decider.js';
import { PLATFORM_ADMIN } from '#libs/platform/src/auth/policy.js';

/**
 * Who may do what in conversion optimisation (the `cro` product). The policy gives an actor the
 * organisation role (`owner`, `admin`, `member`) and the CRO role of their membership as
 * `cro:{role}` (libs/platform/src/auth/policy.ts `rolesFor`). The spec names the roles but not
 * their rights (seed 001 section 6: "Per-role rights: not shown"); this table is the product's
 * decision, in the words of DESIGN.md's state machines:
 *
 * | CRO role   | Reads | Reports, events, histories | CTAs, campaigns: draft, edit, submit | Publish, unpublish, deactivate, return, delete, restore | Experiments: draft, edit, submit | Experiments: publish, pause, resume, complete, deploy, delete | Products | Goals, URL lists, funnels, excluded pages | Admin-only steps |
 * |------------|-------|----------------------------|--------------------------------------|---------------------------------------------------------|----------------------------------|----------------------------------------------------------------|----------|-------------------------------------------|------------------|
 * | admin      | yes   | yes                        | yes                                  | yes                                                     | yes                              | yes                                                            | yes      | yes                                       | yes              |
 * | manager    | yes   | yes                        | yes                                  | yes                                                     | yes                              | yes                                                            | yes      | yes                                       | no               |
 * | editor     | yes   | yes                        | yes                                  | yes                                                     | yes                              | no                                                             | yes      | no                                        | no               |
 * | analyst    | yes   | yes                        | no                                   | no                                                      | yes                              | yes                                                            | no       | yes                                       | no               |
 * | creator    | yes   | yes                        | yes                                  | no                                                      | no                               | no                                                             | no       | no                                        | no               |
 * | viewer     | yes   | no                         | no                                   | no                                                      | no                               | no                                                             | no       | no                                        | no               |
 * | none       | no    | no                         | no                                   | no                                                      | no                               | no                                                             | no       | no                                        | no               |
 *
 * Organisation owners and admins (and platform admins) count as CRO admins (DESIGN.md: they may take every action).
 * "Admin-only steps": a campaign's `Publish` straight from draft or deactivated (skipping review)
 * and a CTA's `DeletePermanently`.
 */

// The roles a membership can carry are the organisations context's (a member's access).
export { CRO_ROLES };
export type CroRole = (typeof CRO_ROLES)[number];

/** How the console names each CRO role. */
export const CRO_ROLE_LABELS: Record<CroRole, string> = {
  admin: 'Admin',
  manager: 'Manager',
  editor: 'Editor',
  analyst: 'Analyst',
  creator: 'Creator',
  viewer: 'Viewer',
  none: 'No access',
};

/** Organisation owners and admins, CRO admins, and platform admins (who support every organisation). */
export const CRO_ADMINS = ['owner', 'admin', 'cro:admin', PLATFORM_ADMIN] as const;
/** Everyone who may see the CRO area's records. */
export const CRO_READERS = [
  ...CRO_ADMINS,
  'cro:manager',
  'cro:editor',
  'cro:analyst',
  'cro:creator',
  'cro:viewer',
] as const;
/**
 * Who reads what the records themselves do not show: the analytics reports, the raw tracking
 * events and the records' histories (every change, by whom). Everyone who reads but the viewer,
 * who sees the records only; demo mode is a CRO viewer of the demo organisation (rolesFor in
 * libs/platform/src/auth/policy.ts), so it gets exactly a viewer's answers (docs/security.md).
 */
export const CRO_INSIGHT_READERS = [...CRO_ADMINS, 'cro:manager', 'cro:editor', 'cro:analyst', 'cro:creator'] as const;
/** The refusal of a CRO role that reads the records only (a viewer, demo mode). */
export const NO_CRO_INSIGHTS = 'Your CRO role shows the records only: no reports, tracking events or histories';
/** Who drafts, edits and submits CTAs and campaigns. */
export const CONTENT_AUTHORS = [...CRO_ADMINS, 'cro:manager', 'cro:editor', 'cro:creator'] as const;
/** Who publishes, unpublishes, deactivates, returns, deletes and restores CTAs and campaigns. */
export const CONTENT_PUBLISHERS = [...CRO_ADMINS, 'cro:manager', 'cro:editor'] as const;
/** Who drafts, edits and submits experiments. */
export const EXPERIMENT_AUTHORS = [...CRO_ADMINS, 'cro:manager', 'cro:editor', 'cro:analyst'] as const;
/** Who publishes, pauses, resumes, completes, deploys, returns, deletes and restores experiments. */
export const EXPERIMENT_RUNNERS = [...CRO_ADMINS, 'cro:manager', 'cro:analyst'] as const;
/** Who manages the products a website promotes. */
export const PRODUCT_MANAGERS = [...CRO_ADMINS, 'cro:manager', 'cro:editor'] as const;
/** Who manages conversion goals, URL lists, funnels and excluded pages. */
export const MEASUREMENT_MANAGERS = [...CRO_ADMINS, 'cro:manager', 'cro:analyst'] as const;

export function hasAnyRole(roles: readonly string[], allowed: readonly string[]): boolean {
  return roles.some((role) => allowed.includes(role));
}
