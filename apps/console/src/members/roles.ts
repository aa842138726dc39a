import { toChoices } from '../common/choices';

/** The API's roles (libs/organisations/src/domain/member.decider.ts and organisation.decider.ts). */
export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export const CMS_ROLES = ['admin', 'analyst', 'editor', 'creator', 'manager', 'reviewer', 'none'] as const;
export const CRO_ROLES = ['admin', 'analyst', 'editor', 'creator', 'manager', 'viewer', 'none'] as const;

export const orgRoleChoices = toChoices(ORG_ROLES);
export const cmsRoleChoices = toChoices(CMS_ROLES);
export const croRoleChoices = toChoices(CRO_ROLES);

/** Status filter choices, labelled as the console shows them. */
export const statusChoices = ['accepted', 'pending', 'rejected', 'inactive'].map((id) => ({ id, name: `console.members.statuses.${id}` }));

/** The access fields `PUT /api/members/{id}` accepts. */
export const ACCESS_FIELDS = ['orgRole', 'cmsRole', 'croRole', 'websiteIds', 'locales'] as const;
