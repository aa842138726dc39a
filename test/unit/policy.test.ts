import { describe, expect, it } from '@jest/globals';
import { can, ensure, ensureProduct, loginAsScope, navigationFor, rolesFor } from '#libs/platform/src/auth/policy.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { ForbiddenError } from '#libs/platform/src/errors.js';

const viewer = (role: string, extra: Partial<Viewer> = {}): Viewer => ({
  userId: 'u-1',
  email: 'u@x.example',
  name: 'U',
  role,
  platformAdmin: false,
  sessionId: 's-1',
  memberships: new Map([['org-1', 'member']]),
  ...extra,
});

describe('the policy module', () => {
  it('gives creators Create and Your Posts, and nothing of editors or admins (seed 000 section 2)', () => {
    const nav = navigationFor(viewer('writer'));
    expect(nav).toEqual(expect.arrayContaining(['create', 'your-posts']));
    expect(nav).not.toContain('review');
    expect(nav).not.toContain('users');
    expect(nav).not.toContain('admin/projections');
  });

  it('gives editors their screens, managers theirs, admins theirs, owners roles and login-as', () => {
    expect(navigationFor(viewer('editor'))).toEqual(
      expect.arrayContaining(['community', 'in-progress', 'review', 'published', 'outline-review']),
    );
    expect(navigationFor(viewer('editor'))).not.toContain('create');
    expect(navigationFor(viewer('content_manager'))).toEqual(
      expect.arrayContaining(['keyword-groups', 'redirects', 'source-files']),
    );
    expect(navigationFor(viewer('content_manager'))).not.toContain('word-counter');
    expect(navigationFor(viewer('admin'))).toEqual(
      expect.arrayContaining(['site-stats', 'word-counter', 'indexing-api']),
    );
    expect(navigationFor(viewer('admin'))).not.toContain('login-as');
    expect(navigationFor(viewer('owner'))).toEqual(expect.arrayContaining(['roles-and-permissions', 'login-as']));
  });

  it('lists no entry whose route refuses the viewer: audit and workflow report for readers only, nothing but reading in demo mode', () => {
    const checker = viewer('editor', { productRoles: new Map([['org-1', { cmsRole: 'reviewer', croRole: 'none' }]]) });
    expect(navigationFor(checker)).toEqual(expect.arrayContaining(['in-progress', 'review', 'published']));
    expect(navigationFor(checker)).not.toContain('audit');
    expect(navigationFor(checker)).not.toContain('workflow-report');
    const editor = viewer('editor', { productRoles: new Map([['org-1', { cmsRole: 'editor', croRole: 'none' }]]) });
    expect(navigationFor(editor)).toEqual(expect.arrayContaining(['audit', 'workflow-report']));
    const owner = viewer('owner', { memberships: new Map([['org-1', 'owner']]) });
    expect(navigationFor(owner)).toEqual(
      expect.arrayContaining(['audit', 'workflow-report', 'login-as', 'roles-and-permissions']),
    );
    // An owner already logged in as someone may not log in as another.
    expect(navigationFor({ ...owner, impersonatorSessionId: 's-0' })).not.toContain('login-as');
    // Demo mode: a viewer of the demo organisation, whatever their own role.
    const demo = (role: string) =>
      viewer(role, {
        demoOrganisationId: 'demo',
        memberships: new Map([['demo', 'member']]),
        productRoles: new Map([['demo', { cmsRole: 'none', croRole: 'viewer' }]]),
      });
    for (const entry of ['create', 'roles-and-permissions', 'login-as', 'audit', 'workflow-report']) {
      expect(navigationFor(demo('owner'))).not.toContain(entry);
      expect(navigationFor(demo('writer'))).not.toContain(entry);
    }
    expect(navigationFor(demo('writer'))).toEqual(expect.arrayContaining(['dashboard', 'websites', 'your-posts']));
  });

  it('lists the Conversion screens for CRO readers only: owners and admins, a CRO role other than none, with the cro product when known', () => {
    const CRO = ['cro/ctas', 'cro/campaigns', 'cro/experiments', 'cro/products', 'cro/goals', 'cro/url-lists'];
    const member = (croRole: string) =>
      viewer('editor', { productRoles: new Map([['org-1', { cmsRole: 'editor', croRole }]]) });
    expect(navigationFor(member('none'))).not.toEqual(expect.arrayContaining(['cro/ctas']));
    for (const entry of CRO) expect(navigationFor(member('none'))).not.toContain(entry);
    for (const role of ['admin', 'manager', 'editor', 'analyst', 'creator', 'viewer'])
      expect(navigationFor(member(role))).toEqual(expect.arrayContaining(CRO));
    const owner = viewer('owner', {
      memberships: new Map([['org-1', 'owner']]),
      productRoles: new Map([['org-1', { cmsRole: 'admin', croRole: 'none' }]]),
    });
    expect(navigationFor(owner)).toEqual(expect.arrayContaining(CRO));
    // The plan's products, when known: without `cro` no Conversion screens, whatever the role.
    expect(navigationFor(owner, new Map([['org-1', ['cms']]]))).not.toContain('cro/ctas');
    expect(navigationFor(member('viewer'), new Map([['org-1', ['cms', 'cro']]]))).toEqual(expect.arrayContaining(CRO));
    expect(navigationFor(viewer('writer'))).not.toContain('cro/campaigns');
    expect(navigationFor(viewer('admin', { platformAdmin: true }))).toEqual(expect.arrayContaining(CRO));
  });

  it('gives platform admins the admin screens and capabilities; others get 403 with a message', () => {
    const admin = viewer('admin', { platformAdmin: true });
    expect(navigationFor(admin)).toEqual(expect.arrayContaining(['users', 'admin/outbox', 'admin/projections']));
    expect(can(admin, 'users.loginAs')).toBe(true);
    expect(can({ ...admin, impersonatorSessionId: 's-0' }, 'users.loginAs')).toBe(false);
    expect(() => ensure(viewer('owner'), 'projections.manage')).toThrow(ForbiddenError);
    expect(() => ensure(viewer('owner'), 'projections.manage')).toThrow(
      'Only platform administrators may manage projections',
    );
  });

  it('derives the roles a transition table is checked against from memberships', () => {
    expect(rolesFor(viewer('writer'), 'org-1')).toEqual(['user', 'member']);
    expect(rolesFor(viewer('writer'), 'org-2')).toEqual(['user']);
    expect(rolesFor(viewer('admin', { platformAdmin: true }), 'org-2')).toEqual(['user', 'platform_admin']);
    const withProducts = viewer('editor', {
      productRoles: new Map([['org-1', { cmsRole: 'editor', croRole: 'viewer' }]]),
    });
    expect(rolesFor(withProducts, 'org-1')).toEqual(['user', 'member', 'cms:editor', 'cro:viewer']);
  });

  it('refuses products outside the plan with "Upgrade to access"', () => {
    expect(() => ensureProduct(['cms'], 'cro')).toThrow('Upgrade to access');
    expect(() => ensureProduct(undefined, 'cms')).toThrow(ForbiddenError);
    expect(() => ensureProduct(['cms', 'cro'], 'cro')).not.toThrow();
  });

  it('lets platform admins log in as anyone, owners as members of their organisation only (session limited to it)', () => {
    const target = (organisations: string[], platformAdmin = false) => ({
      userId: 'u-2',
      platformAdmin,
      organisations,
    });
    const admin = viewer('admin', { platformAdmin: true, memberships: new Map() });
    expect(loginAsScope(admin, target([]))).toBeNull();
    const owner = viewer('owner', {
      memberships: new Map([
        ['org-1', 'owner'],
        ['org-2', 'member'],
      ]),
    });
    expect(loginAsScope(owner, target(['org-2', 'org-1']))).toBe('org-1');
    expect(() => loginAsScope(owner, target(['org-2']))).toThrow(
      'Owners may log in as active members of their own organisation only',
    );
    expect(() => loginAsScope(owner, target(['org-1'], true))).toThrow(ForbiddenError);
    expect(() => loginAsScope(viewer('member'), target(['org-1']))).toThrow(ForbiddenError);
    expect(() => loginAsScope({ ...owner, impersonatorSessionId: 's-0' }, target(['org-1']))).toThrow(
      'Return to your own account first',
    );
    expect(() => loginAsScope({ ...owner, demoOrganisationId: 'org-9' }, target(['org-1']))).toThrow(ForbiddenError);
  });
});
