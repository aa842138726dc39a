import { describe, expect, it } from 'vitest';
import { userDecider } from '#libs/identity/src/domain/user.decider.js';
import { organisationDecider } from '#libs/organisations/src/domain/organisation.decider.js';
import { DOMAIN_TAKEN, websiteDecider, websiteDomainDecider } from '#libs/organisations/src/domain/website.decider.js';
import { ADMINS_STAY_ON_WEBSITES, CONTRIBUTORS_STAY, memberDecider } from '#libs/organisations/src/domain/member.decider.js';
import { NEW, mayTake, type Actor, type Decider } from '#libs/platform/src/decider.js';
import { ConflictError, ForbiddenError, InvalidTransitionError, NotFoundError } from '#libs/platform/src/errors.js';

const ALL_ROLES = ['user', 'platform_admin', 'owner', 'admin', 'member', 'system', 'self'];
const access = { orgRole: 'member', cmsRole: 'creator', croRole: 'none', websiteIds: [], locales: [] };
const actor = (...roles: string[]): Actor => ({ userId: 'u-1', roles });

const settings = {
  name: 'Site', url: 'https://site.example', domain: 'site.example', defaultLocale: 'en', locales: [], approvingLocales: [],
  timezone: 'UTC', category: null, type: null, industry: null, currency: 'EUR', showInSitemap: true, cdnDistributionId: null,
  customHeadCode: '', customBodyCode: '', reviewType: 'internal', factCheckerDisplay: true, siteBuilder: null, secondEdit: false,
  customerReview: false, factCheckLevels: 1, publishContent: true, regulated: false, fourEyes: true, videoCms: false, croProxy: false,
  organisationId: 'org-1', key: 'pk_1',
} as const;

/** Data that makes each action of each decider valid, so the walk tests only the table. */
const validData: Record<string, Record<string, unknown>> = {
  user: { Register: { email: 'a@b.example', name: 'A', role: 'writer' }, ChangeProfile: { name: 'B' } },
  organisation: {
    Create: { name: 'Org', website: null, country: null, locales: ['en'], timezone: 'UTC' },
    Update: { name: 'Renamed' },
    SetBusinessProfile: { employees: '1-10', monthlyVisitors: '0-5k', ltv: 'under 250', aov: 'under 20' },
    AddMember: { userId: 'u-2', role: 'member' },
    RemoveMember: { userId: 'u-3' },
    ChangePlan: { plan: 'scale' },
  },
  member: {
    Join: { ...access, organisationId: 'org-1', userId: 'u-2', email: 'm@x.example', name: 'M' },
    Invite: { ...access, organisationId: 'org-1', userId: 'u-2', email: 'm@x.example', name: 'M' },
    Accept: {},
    Decline: {},
    Resend: {},
    ChangeAccess: { orgRole: 'admin' },
    RemoveFromWebsite: { websiteId: 'w-1' },
    Deactivate: {},
    Reactivate: {},
  },
  website: { Create: settings, Update: { name: 'Renamed' }, Deactivate: {}, Activate: {}, VerifyInstallation: { url: 'https://site.example', found: true } },
  'website domain': { Claim: { websiteId: 'w-1', organisationId: 'org-1' }, Release: { websiteId: 'w-1' } },
};

/** A state in each status, reached through the decider's own events. */
function statesOf(decider: Decider<any, any, any, any>): Map<string, unknown> {
  const name = decider.table.name;
  const states = new Map<string, unknown>([[NEW, decider.initialState]]);
  const god = actor(...ALL_ROLES);
  for (let round = 0; round < 3; round++) {
    for (const [status, state] of [...states]) {
      for (const t of decider.table.transitions) {
        if (!t.from.includes(status as never)) continue;
        const events = decider.decide({ type: t.action, data: validData[name][t.action], actor: god }, state);
        const next = events.reduce(decider.evolve, state);
        const nextStatus = decider.statusOf(next);
        if (!states.has(nextStatus)) states.set(nextStatus, next);
      }
    }
  }
  return states;
}

describe.each([userDecider, organisationDecider, websiteDecider, websiteDomainDecider, memberDecider] as Decider<any, any, any, any>[])('the $table.name transition table', (decider) => {
  const states = statesOf(decider);
  const name = decider.table.name;

  it('reaches every status it declares', () => {
    for (const status of decider.table.statuses) expect(states.has(status), `${status} reachable`).toBe(true);
  });

  for (const transition of decider.table.transitions) {
    for (const from of transition.from) {
      for (const role of ALL_ROLES) {
        const who = actor(role);
        const allowed = mayTake(transition.roles, who);
        it(`${transition.action} from ${from} by ${role}: ${allowed ? 'allowed' : 'refused with 403'}`, () => {
          const state = states.get(from);
          const run = () => decider.decide({ type: transition.action, data: validData[name][transition.action], actor: who }, state);
          if (!allowed) {
            expect(run).toThrow(ForbiddenError);
            expect(decider.allowedActions(from as never, who)).not.toContain(transition.action);
            return;
          }
          const events = run();
          const next = events.reduce(decider.evolve, state);
          if (transition.to) expect(decider.statusOf(next)).toBe(transition.to);
          expect(decider.allowedActions(from as never, who)).toContain(transition.action);
        });
      }
    }
  }

  it('refuses every action from a status its table does not list (422, or 404 before creation)', () => {
    const god = actor(...ALL_ROLES);
    for (const [status, state] of states) {
      for (const action of decider.describe().actions) {
        const permitted = decider.table.transitions.some((t) => t.action === action && t.from.includes(status as never));
        if (permitted) continue;
        const run = () => decider.decide({ type: action, data: validData[name][action], actor: god }, state);
        expect(run).toThrow(status === NEW ? NotFoundError : InvalidTransitionError);
      }
    }
  });

  it('refuses an unknown action with 422', () => {
    expect(() => decider.decide({ type: 'Explode', data: {}, actor: actor(...ALL_ROLES) }, decider.initialState)).toThrow(InvalidTransitionError);
  });
});

describe('website rules beyond the table', () => {
  it('an update that changes nothing records nothing', () => {
    const created = websiteDecider.fold([{ type: 'WebsiteCreated', data: settings as never }]);
    expect(websiteDecider.decide({ type: 'Update', data: { name: 'Site' }, actor: actor('owner') }, created)).toEqual([]);
    expect(websiteDecider.decide({ type: 'Update', data: { name: 'New' }, actor: actor('owner') }, created)).toEqual([
      { type: 'WebsiteSettingsChanged', data: { name: 'New' } },
    ]);
  });

  it('a domain claimed by one website is refused to another, with the spec message', () => {
    const claimed = websiteDomainDecider.fold([{ type: 'WebsiteDomainClaimed', data: { websiteId: 'w-1', organisationId: 'o-1' } }]);
    const claim = (websiteId: string) => websiteDomainDecider.decide({ type: 'Claim', data: { websiteId, organisationId: 'o-2' }, actor: actor('owner') }, claimed);
    expect(() => claim('w-2')).toThrow(ConflictError);
    expect(() => claim('w-2')).toThrow(DOMAIN_TAKEN);
    expect(claim('w-1')).toEqual([]);
  });

  it('describes itself for GET /api/workflows/website', () => {
    expect(websiteDecider.describe()).toMatchObject({
      name: 'website',
      statuses: ['active', 'inactive'],
      actions: ['Create', 'Update', 'Deactivate', 'Activate', 'VerifyInstallation'],
    });
  });
});

describe('member rules beyond the table', () => {
  const joined = (orgRole: string, websiteIds: string[]) =>
    memberDecider.fold([{ type: 'MemberJoined', data: { ...access, orgRole, websiteIds, organisationId: 'org-1', userId: 'u-2', email: 'm@x.example', name: 'M' } as never }]);
  const remove = (state: unknown, data: Record<string, unknown>) => memberDecider.decide({ type: 'RemoveFromWebsite', data, actor: actor('owner') }, state as never);

  it('takes one website off a member and keeps the others', () => {
    expect(remove(joined('member', ['w-1', 'w-2']), { websiteId: 'w-1' })).toEqual([{ type: 'MemberAccessChanged', data: { websiteIds: ['w-2'] } }]);
    expect(remove(joined('member', ['w-2']), { websiteId: 'w-1' })).toEqual([]);
  });

  it('refuses to take a website off an admin or owner, with the spec message', () => {
    for (const role of ['admin', 'owner']) {
      expect(() => remove(joined(role, ['w-1']), { websiteId: 'w-1' })).toThrow(InvalidTransitionError);
      expect(() => remove(joined(role, []), { websiteId: 'w-1' })).toThrow(ADMINS_STAY_ON_WEBSITES);
    }
  });

  it('refuses to take a website off a contributor of its posts', () => {
    expect(() => remove(joined('member', ['w-1']), { websiteId: 'w-1', contributorPosts: 2 })).toThrow(CONTRIBUTORS_STAY);
  });
});
