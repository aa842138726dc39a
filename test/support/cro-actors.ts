// Who acts in the CRO deciders' tables (test/unit/cro-*.decider.test.ts): the roles the policy
// gives (user, organisation role, cms:{role}, cro:{role}), one person per CRO role, and the
// columns of the written-out tables.
import type { Actor } from '#libs/platform/src/decider.js';
import type { Column } from './decider-table.js';

// Who acts: the policy's roles (user, organisation role, cms:{role}, cro:{role}).
export const person = (id: string, name: string, roles: string[]): Actor => ({ userId: id, name, roles });
export const OWNER = person('u-owner', 'Olga Owner', ['user', 'owner', 'cms:none', 'cro:none']);
export const ORG_ADMIN = person('u-orgadmin', 'Otto Orgadmin', ['user', 'admin', 'cms:none', 'cro:none']);
export const PLATFORM_ADMIN = person('u-platform', 'Pia Platform', ['user', 'platform_admin']);
export const ADMIN = person('u-admin', 'Ada Admin', ['user', 'member', 'cms:none', 'cro:admin']);
export const MANAGER = person('u-manager', 'Max Manager', ['user', 'member', 'cms:none', 'cro:manager']);
export const EDITOR = person('u-editor', 'Eve Editor', ['user', 'member', 'cms:none', 'cro:editor']);
export const ANALYST = person('u-analyst', 'Ann Analyst', ['user', 'member', 'cms:none', 'cro:analyst']);
export const CREATOR = person('u-creator', 'Carl Creator', ['user', 'member', 'cms:none', 'cro:creator']);
export const VIEWER = person('u-viewer', 'Vic Viewer', ['user', 'member', 'cms:admin', 'cro:viewer']);
export const NOBODY = person('u-none', 'Nina None', ['user', 'member', 'cms:admin', 'cro:none']);
export const SYSTEM = person('system', 'System', ['system']);

export const COLUMNS: Column[] = [
  { column: 'org owner/admin, platform admin', actors: [OWNER, ORG_ADMIN, PLATFORM_ADMIN] },
  { column: 'admin', actors: [ADMIN] },
  { column: 'manager', actors: [MANAGER] },
  { column: 'editor', actors: [EDITOR] },
  { column: 'analyst', actors: [ANALYST] },
  { column: 'creator', actors: [CREATOR] },
  { column: 'viewer', actors: [VIEWER] },
  { column: 'none', actors: [NOBODY] },
  { column: 'system', actors: [SYSTEM] },
];
