import { describe, expect, it } from '@jest/globals';
import { given } from '../support/given.js';
import {
  MEMBER_ALLOWED,
  MEMBER_DATA,
  MEMBER_TABLE,
  NEW,
  WHO,
  describeCell,
  type MemberRow,
  type MemberStatus,
  type OrgRole,
  type Who,
} from '../support/organisation-tables.js';
import { memberDecider, memberIdOf } from '#libs/organisations/src/domain/member.decider.js';
import { NEW as NO_STREAM, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';

/**
 * The member (invitation) decider against the table typed by hand in test/support/organisation-tables.ts,
 * then given/when/then on events for each action with the data of the events it records.
 */

const ORG = 'org-1';
const TARGET = 'u-target';

/** The roles each actor has on a member record of the organisation (what the API gives them: `user`, their organisation role, `self` on their own record). */
const ACTORS: Record<Exclude<Who, 'self'>, Actor> = {
  owner: { userId: 'u-owner', roles: ['user', 'owner'] },
  admin: { userId: 'u-admin', roles: ['user', 'admin'] },
  member: { userId: 'u-member', roles: ['user', 'member'] },
  outsider: { userId: 'u-outsider', roles: ['user'] },
  platformAdmin: { userId: 'u-platform', roles: ['user', 'platform_admin'] },
  system: { userId: 'system', roles: ['system'] },
};
/** The person whose record it is: a member of the organisation (with its role) only while accepted. */
const selfOn = (status: MemberStatus | typeof NEW, role: OrgRole): Actor => ({
  userId: TARGET,
  roles: status === 'accepted' ? ['user', role, 'self'] : ['user', 'self'],
});
const actorOf = (who: Who, status: MemberStatus | typeof NEW, role: OrgRole): Actor =>
  who === 'self' ? selfOn(status, role) : ACTORS[who];

const access = (orgRole: OrgRole) => ({
  orgRole,
  cmsRole: 'creator',
  croRole: 'none',
  websiteIds: ['w-1', 'w-2'],
  locales: ['en'],
});
const facts = (orgRole: OrgRole) => ({
  organisationId: ORG,
  userId: TARGET,
  email: 'tia@target.example',
  name: 'Tia Target',
  ...access(orgRole),
});

const invited = (orgRole: OrgRole): DomainEvent => ({
  type: 'MemberInvited',
  data: { ...facts(orgRole), invitedBy: 'u-owner' },
});
/** A member in each status, through events written out here. */
function history(status: MemberStatus | typeof NEW, role: OrgRole): DomainEvent[] {
  switch (status) {
    case NEW:
      return [];
    case 'pending':
      return [invited(role)];
    case 'accepted':
      return [invited(role), { type: 'MemberInvitationAccepted', data: {} }];
    case 'rejected':
      return [invited(role), { type: 'MemberInvitationDeclined', data: {} }];
    case 'inactive':
      return [invited(role), { type: 'MemberInvitationAccepted', data: {} }, { type: 'MemberDeactivated', data: {} }];
  }
}

const dataOf = (row: MemberRow) =>
  row.data ?? (row.action === 'Join' || row.action === 'Invite' ? facts(row.target) : MEMBER_DATA[row.action]);

describe('the member table (typed by hand from DESIGN.md)', () => {
  for (const row of MEMBER_TABLE) {
    const owners = row.activeOwners ?? 2;
    for (const who of WHO) {
      const expected = row.by[who];
      if (expected === undefined) continue;
      const label = `${row.action}${row.case ? ` (${row.case})` : ''} on ${row.from === NEW ? `no member yet (${row.action === 'Join' ? 'joining' : 'invited'} as ${row.target})` : `a ${row.from} ${row.target}`}${row.activeOwners ? ` with ${owners} active owner(s)` : ''} by ${who}: ${describeCell(expected)}`;
      it(label, () => {
        const g = given(memberDecider, history(row.from, row.target));
        const command = {
          type: row.action,
          data: dataOf(row),
          actor: actorOf(who, row.from, row.target),
          context: { activeOwners: owners },
        };
        if (typeof expected === 'number') {
          g.when(command).refused(expected);
          return;
        }
        const events = memberDecider.decide(command, g.state);
        const after = events.reduce(memberDecider.evolve, g.state);
        expect({ status: memberDecider.statusOf(after) }).toEqual({ status: expected });
      });
    }
  }
});

describe('the member actions offered (allowedActions), typed by hand', () => {
  for (const row of MEMBER_ALLOWED) {
    for (const [who, actions] of Object.entries(row.by) as [Exclude<Who, 'system'>, string[]][]) {
      it(`on a ${row.status === NEW ? 'new' : row.status} ${row.target}${row.activeOwners ? ` with ${row.activeOwners} active owner(s)` : ''}, ${who} is offered [${actions.join(', ')}]`, () => {
        const state = memberDecider.fold(history(row.status, row.target) as never[]);
        const offered = memberDecider.allowedActions(
          (row.status === NEW ? NO_STREAM : row.status) as never,
          actorOf(who, row.status, row.target),
          state,
          { activeOwners: row.activeOwners ?? 2 },
        );
        expect([...offered].sort()).toEqual([...actions].sort());
      });
    }
  }
});

describe('member: given/when/then on events', () => {
  const owner = ACTORS.owner;
  const admin = ACTORS.admin;
  const two = { activeOwners: 2 };
  const one = { activeOwners: 1 };

  describe('Join and Invite', () => {
    it('Join records the member with their access, accepted at once', () => {
      const g = given(memberDecider, []);
      g.when({ type: 'Join', data: facts('owner'), actor: ACTORS.system }).then([
        {
          type: 'MemberJoined',
          data: {
            organisationId: 'org-1',
            userId: 'u-target',
            email: 'tia@target.example',
            name: 'Tia Target',
            orgRole: 'owner',
            cmsRole: 'creator',
            croRole: 'none',
            websiteIds: ['w-1', 'w-2'],
            locales: ['en'],
          },
        },
      ]);
    });

    it('Invite records the invitation with who invited', () => {
      given(memberDecider, [])
        .when({ type: 'Invite', data: facts('admin'), actor: admin })
        .then([
          {
            type: 'MemberInvited',
            data: {
              organisationId: 'org-1',
              userId: 'u-target',
              email: 'tia@target.example',
              name: 'Tia Target',
              orgRole: 'admin',
              cmsRole: 'creator',
              croRole: 'none',
              websiteIds: ['w-1', 'w-2'],
              locales: ['en'],
              invitedBy: 'u-admin',
            },
          },
        ]);
    });

    it('an owner invites an owner; an admin may not (403, only owners grant owner)', () => {
      given(memberDecider, [])
        .when({ type: 'Invite', data: facts('owner'), actor: owner })
        .then([{ type: 'MemberInvited', data: { ...facts('owner'), invitedBy: 'u-owner' } }]);
      given(memberDecider, [])
        .when({ type: 'Invite', data: facts('owner'), actor: admin })
        .refused(403, 'Only owners may make someone an owner');
    });

    it('a member may not invite (403), and nobody invites someone already on record (422)', () => {
      given(memberDecider, [])
        .when({ type: 'Invite', data: facts('member'), actor: ACTORS.member })
        .refused(403, 'Your role may not Invite this member');
      given(memberDecider, history('pending', 'member'))
        .when({ type: 'Invite', data: facts('member'), actor: owner })
        .refused(422, 'Invite is not allowed while the member is pending');
      given(memberDecider, history('accepted', 'member'))
        .when({ type: 'Join', data: facts('member'), actor: ACTORS.system })
        .refused(422, 'Join is not allowed while the member is accepted');
    });
  });

  describe('Accept, Decline, Resend', () => {
    it('the invitee accepts; nobody accepts on their behalf; an accepted invitation is not accepted again', () => {
      given(memberDecider, history('pending', 'member'))
        .when({ type: 'Accept', data: {}, actor: selfOn('pending', 'member') })
        .then([{ type: 'MemberInvitationAccepted', data: {} }]);
      given(memberDecider, history('pending', 'member'))
        .when({ type: 'Accept', data: {}, actor: owner })
        .refused(403, 'Your role may not Accept this member');
      given(memberDecider, history('accepted', 'member'))
        .when({ type: 'Accept', data: {}, actor: selfOn('accepted', 'member') })
        .refused(422, 'Accept is not allowed while the member is accepted');
    });

    it('the invitee declines; an owner may not decline for them', () => {
      given(memberDecider, history('pending', 'member'))
        .when({ type: 'Decline', data: {}, actor: selfOn('pending', 'member') })
        .then([{ type: 'MemberInvitationDeclined', data: {} }]);
      given(memberDecider, history('pending', 'member'))
        .when({ type: 'Decline', data: {}, actor: owner })
        .refused(403, 'Your role may not Decline this member');
    });

    it("an invitation pending or declined is sent again; an owner's only by owners", () => {
      given(memberDecider, history('pending', 'member'))
        .when({ type: 'Resend', data: {}, actor: admin })
        .then([{ type: 'MemberInvitationResent', data: {} }]);
      given(memberDecider, history('rejected', 'member'))
        .when({ type: 'Resend', data: {}, actor: owner })
        .then([{ type: 'MemberInvitationResent', data: {} }]);
      given(memberDecider, history('pending', 'owner'))
        .when({ type: 'Resend', data: {}, actor: admin })
        .refused(403, "Only owners may change an owner's membership");
      given(memberDecider, history('accepted', 'member'))
        .when({ type: 'Resend', data: {}, actor: owner })
        .refused(422, 'Resend is not allowed while the member is accepted');
    });

    it('nothing happens to a member that does not exist (404)', () => {
      given(memberDecider, [])
        .when({ type: 'Accept', data: {}, actor: selfOn(NEW, 'member') })
        .refused(404, 'The member does not exist');
      given(memberDecider, [])
        .when({ type: 'Deactivate', data: {}, actor: owner, context: two })
        .refused(404, 'The member does not exist');
    });
  });

  describe('ChangeAccess', () => {
    it('records only what changed', () => {
      given(memberDecider, history('accepted', 'member'))
        .when({
          type: 'ChangeAccess',
          data: {
            orgRole: 'member',
            cmsRole: 'editor',
            croRole: 'none',
            websiteIds: ['w-1', 'w-2'],
            locales: ['en', 'de'],
          },
          actor: admin,
          context: two,
        })
        .then([{ type: 'MemberAccessChanged', data: { cmsRole: 'editor', locales: ['en', 'de'] } }]);
    });

    it('records nothing when nothing changes', () => {
      given(memberDecider, history('accepted', 'member'))
        .when({ type: 'ChangeAccess', data: { ...access('member') }, actor: owner, context: two })
        .then([]);
    });

    it('owners grant owner; admins may not (403)', () => {
      given(memberDecider, history('accepted', 'member'))
        .when({ type: 'ChangeAccess', data: { orgRole: 'owner' }, actor: owner, context: two })
        .then([{ type: 'MemberAccessChanged', data: { orgRole: 'owner' } }]);
      given(memberDecider, history('accepted', 'admin'))
        .when({ type: 'ChangeAccess', data: { orgRole: 'owner' }, actor: admin, context: two })
        .refused(403, 'Only owners may make someone an owner');
    });

    it('admins manage members and admins, not owners (403)', () => {
      given(memberDecider, history('accepted', 'admin'))
        .when({ type: 'ChangeAccess', data: { orgRole: 'member' }, actor: admin, context: two })
        .then([{ type: 'MemberAccessChanged', data: { orgRole: 'member' } }]);
      given(memberDecider, history('accepted', 'owner'))
        .when({ type: 'ChangeAccess', data: { orgRole: 'admin' }, actor: admin, context: two })
        .refused(403, "Only owners may change an owner's membership");
      given(memberDecider, history('accepted', 'owner'))
        .when({ type: 'ChangeAccess', data: { cmsRole: 'editor' }, actor: admin, context: two })
        .refused(403, "Only owners may change an owner's membership");
    });

    it('an owner revokes another owner while one more remains', () => {
      given(memberDecider, history('accepted', 'owner'))
        .when({ type: 'ChangeAccess', data: { orgRole: 'admin' }, actor: owner, context: two })
        .then([{ type: 'MemberAccessChanged', data: { orgRole: 'admin' } }]);
    });

    it('nobody changes their own organisation role (403), but may change the rest of their access', () => {
      for (const role of ['owner', 'admin'] as const) {
        for (const to of ['owner', 'admin', 'member'] as const) {
          if (to === role) continue;
          given(memberDecider, history('accepted', role))
            .when({ type: 'ChangeAccess', data: { orgRole: to }, actor: selfOn('accepted', role), context: two })
            .refused(403, 'Nobody can change their own organisation role');
        }
      }
      given(memberDecider, history('accepted', 'owner'))
        .when({
          type: 'ChangeAccess',
          data: { orgRole: 'owner', cmsRole: 'editor' },
          actor: selfOn('accepted', 'owner'),
          context: one,
        })
        .then([{ type: 'MemberAccessChanged', data: { cmsRole: 'editor' } }]);
    });

    it('the last active owner is not demoted (422), whoever asks', () => {
      const platformAdmin = ACTORS.platformAdmin;
      given(memberDecider, history('accepted', 'owner'))
        .when({ type: 'ChangeAccess', data: { orgRole: 'admin' }, actor: platformAdmin, context: one })
        .refused(
          422,
          'The last owner of an organisation cannot be demoted or deactivated. Make someone else an owner first.',
        );
      given(memberDecider, history('accepted', 'owner'))
        .when({ type: 'ChangeAccess', data: { orgRole: 'member' }, actor: owner, context: one })
        .refused(422, /last owner/);
    });

    it('without a count of active owners, an owner is not demoted (the rule fails safe)', () => {
      given(memberDecider, history('accepted', 'owner'))
        .when({ type: 'ChangeAccess', data: { orgRole: 'admin' }, actor: owner })
        .refused(422, /last owner/);
    });

    it('an invited or inactive owner is not the last active one', () => {
      given(memberDecider, history('inactive', 'owner'))
        .when({ type: 'ChangeAccess', data: { orgRole: 'member' }, actor: owner, context: one })
        .then([{ type: 'MemberAccessChanged', data: { orgRole: 'member' } }]);
      given(memberDecider, history('pending', 'owner'))
        .when({ type: 'ChangeAccess', data: { orgRole: 'admin' }, actor: owner, context: one })
        .then([{ type: 'MemberAccessChanged', data: { orgRole: 'admin' } }]);
    });
  });

  describe('RemoveFromWebsite', () => {
    it('takes one website off a member and keeps the others; one they are not on changes nothing', () => {
      given(memberDecider, history('accepted', 'member'))
        .when({ type: 'RemoveFromWebsite', data: { websiteId: 'w-1' }, actor: admin })
        .then([{ type: 'MemberAccessChanged', data: { websiteIds: ['w-2'] } }]);
      given(memberDecider, history('accepted', 'member'))
        .when({ type: 'RemoveFromWebsite', data: { websiteId: 'w-3' }, actor: admin })
        .then([]);
    });

    it('never takes a website off an admin or owner (422, the spec message)', () => {
      for (const role of ['admin', 'owner'] as const) {
        given(memberDecider, history('accepted', role))
          .when({ type: 'RemoveFromWebsite', data: { websiteId: 'w-1' }, actor: owner })
          .refused(422, 'Admins cannot be removed from a website because they have access to all websites.');
      }
    });

    it('keeps a contributor of posts in progress on the website (422, the spec message)', () => {
      given(memberDecider, history('accepted', 'member'))
        .when({ type: 'RemoveFromWebsite', data: { websiteId: 'w-1', contributorPosts: 2 }, actor: owner })
        .refused(422, 'A member listed as contributor on posts cannot be removed until others are assigned.');
    });
  });

  describe('Deactivate and Reactivate', () => {
    it('deactivates an accepted member and reactivates them', () => {
      given(memberDecider, history('accepted', 'member'))
        .when({ type: 'Deactivate', data: {}, actor: admin, context: two })
        .then([{ type: 'MemberDeactivated', data: {} }]);
      given(memberDecider, history('inactive', 'member'))
        .when({ type: 'Reactivate', data: {}, actor: admin })
        .then([{ type: 'MemberReactivated', data: {} }]);
    });

    it('an invitation is not deactivated (422): only accepted members are', () => {
      given(memberDecider, history('pending', 'member'))
        .when({ type: 'Deactivate', data: {}, actor: owner, context: two })
        .refused(422, 'Deactivate is not allowed while the member is pending');
    });

    it('keeps a contributor of posts in progress (422, the spec message)', () => {
      given(memberDecider, history('accepted', 'member'))
        .when({ type: 'Deactivate', data: { contributorPosts: 1 }, actor: owner, context: two })
        .refused(422, 'A member listed as contributor on posts cannot be removed until others are assigned.');
    });

    it('the last active owner is not deactivated (422); an admin may not deactivate an owner at all (403)', () => {
      given(memberDecider, history('accepted', 'owner'))
        .when({ type: 'Deactivate', data: {}, actor: owner, context: one })
        .refused(
          422,
          'The last owner of an organisation cannot be demoted or deactivated. Make someone else an owner first.',
        );
      given(memberDecider, history('accepted', 'owner'))
        .when({ type: 'Deactivate', data: {}, actor: owner, context: two })
        .then([{ type: 'MemberDeactivated', data: {} }]);
      given(memberDecider, history('accepted', 'owner'))
        .when({ type: 'Deactivate', data: {}, actor: admin, context: two })
        .refused(403, "Only owners may change an owner's membership");
      given(memberDecider, history('inactive', 'owner'))
        .when({ type: 'Reactivate', data: {}, actor: admin })
        .refused(403, "Only owners may change an owner's membership");
    });
  });

  describe('GrantExistingWebsites (the one start-up grant of DESIGN.md "Website access")', () => {
    const before = (orgRole: OrgRole, websiteIds: string[]): DomainEvent[] => [
      { type: 'MemberJoined', data: { ...facts(orgRole), websiteIds, beforeWebsiteAccess: true } },
    ];
    const grant = { type: 'GrantExistingWebsites', data: { websiteIds: ['w-1', 'w-2'] }, actor: ACTORS.system };

    it("gives a member recorded before the rule with no website the organisation's websites", () => {
      given(memberDecider, before('member', []))
        .when(grant)
        .then([{ type: 'MemberAccessChanged', data: { websiteIds: ['w-1', 'w-2'] } }]);
    });

    it('leaves alone owners and admins, members with websites, and members whose access changed since', () => {
      given(memberDecider, before('owner', [])).when(grant).then([]);
      given(memberDecider, before('admin', [])).when(grant).then([]);
      given(memberDecider, before('member', ['w-3']))
        .when(grant)
        .then([]);
      given(memberDecider, [...before('member', ['w-3']), { type: 'MemberAccessChanged', data: { websiteIds: [] } }])
        .when(grant)
        .then([]);
      given(memberDecider, history('accepted', 'member')).when(grant).then([]);
    });

    it("is the system's only (403)", () => {
      given(memberDecider, before('member', []))
        .when({ ...grant, actor: ACTORS.platformAdmin })
        .refused(403, 'Your role may not GrantExistingWebsites this member');
    });
  });

  it('refuses an action it does not know (422)', () => {
    given(memberDecider, history('accepted', 'member'))
      .when({ type: 'Explode', data: {}, actor: owner })
      .refused(422, 'Action Explode is not supported for a member');
  });
});

describe('member: what the record remembers between commands (evolve), seen through the next decision', () => {
  const owner = ACTORS.owner;
  const admin = ACTORS.admin;
  const grant = { type: 'GrantExistingWebsites', data: { websiteIds: ['w-1', 'w-2'] }, actor: ACTORS.system };
  /** Facts of a member with no website, recorded before website access was enforced (flag set by the v1 -> v2 upcaster) or after (no flag). */
  const noWebsites = (orgRole: OrgRole) => ({ ...facts(orgRole), websiteIds: [] as string[] });

  it('an invitation recorded before the rule, with no website, gets the start-up grant; one recorded under the rule does not', () => {
    given(memberDecider, [
      { type: 'MemberInvited', data: { ...noWebsites('member'), invitedBy: 'u-owner', beforeWebsiteAccess: true } },
    ])
      .when(grant)
      .then([{ type: 'MemberAccessChanged', data: { websiteIds: ['w-1', 'w-2'] } }]);
    given(memberDecider, [{ type: 'MemberInvited', data: { ...noWebsites('member'), invitedBy: 'u-owner' } }])
      .when(grant)
      .then([]);
  });

  it('a member who joined under the rule with no website gets no start-up grant', () => {
    given(memberDecider, [{ type: 'MemberJoined', data: noWebsites('member') }])
      .when(grant)
      .then([]);
  });

  it('an access change also recorded before the rule keeps the grant open; one under the rule, or on a member recorded under it, does not', () => {
    const joinedBefore: DomainEvent = {
      type: 'MemberJoined',
      data: { ...facts('member'), websiteIds: ['w-3'], beforeWebsiteAccess: true },
    };
    // Before the rule: the website taken off, then the grant gives the organisation's websites.
    given(memberDecider, [
      joinedBefore,
      { type: 'MemberAccessChanged', data: { websiteIds: [], beforeWebsiteAccess: true } },
    ])
      .when(grant)
      .then([{ type: 'MemberAccessChanged', data: { websiteIds: ['w-1', 'w-2'] } }]);
    // A member recorded under the rule stays under it, whatever a later fact says.
    given(memberDecider, [
      { type: 'MemberJoined', data: noWebsites('member') },
      { type: 'MemberAccessChanged', data: { locales: ['en', 'de'], beforeWebsiteAccess: true } },
    ])
      .when(grant)
      .then([]);
  });

  it('an access change is remembered: the website it gave can be taken off, and the same change again records nothing', () => {
    const changed: DomainEvent = {
      type: 'MemberAccessChanged',
      data: { websiteIds: ['w-1', 'w-2', 'w-3'], cmsRole: 'editor' },
    };
    given(memberDecider, [...history('accepted', 'member'), changed])
      .when({ type: 'RemoveFromWebsite', data: { websiteId: 'w-3' }, actor: admin })
      .then([{ type: 'MemberAccessChanged', data: { websiteIds: ['w-1', 'w-2'] } }]);
    given(memberDecider, [...history('accepted', 'member'), changed])
      .when({
        type: 'ChangeAccess',
        data: { cmsRole: 'editor', croRole: 'none', locales: ['en'] },
        actor: admin,
        context: { activeOwners: 2 },
      })
      .then([]);
  });

  it("an event of a type the member does not know (a later release's) leaves the record as it was", () => {
    const g = given(memberDecider, [
      ...history('accepted', 'member'),
      { type: 'MemberSomethingNew', data: { anything: 1 } },
    ]);
    expect(g.state).toMatchObject({
      status: 'accepted',
      organisationId: 'org-1',
      userId: 'u-target',
      access: { orgRole: 'member', websiteIds: ['w-1', 'w-2'] },
    });
    g.when({ type: 'Deactivate', data: {}, actor: owner, context: { activeOwners: 2 } }).then([
      { type: 'MemberDeactivated', data: {} },
    ]);
  });
});

describe('member: command data edge cases', () => {
  it('Deactivate without any data deactivates (no contributor count means none)', () => {
    given(memberDecider, history('accepted', 'member'))
      .when({ type: 'Deactivate', data: undefined, actor: ACTORS.admin, context: { activeOwners: 2 } })
      .then([{ type: 'MemberDeactivated', data: {} }]);
  });

  it('ChangeAccess ignores fields sent as undefined: nothing else sent, nothing recorded', () => {
    given(memberDecider, history('accepted', 'member'))
      .when({
        type: 'ChangeAccess',
        data: { cmsRole: undefined, locales: undefined },
        actor: ACTORS.admin,
        context: { activeOwners: 2 },
      })
      .then([]);
  });
});

describe('memberIdOf: one member record per person and organisation', () => {
  // Written out from sha256("member:{organisationId}:{userId}") (computed with sha256sum, not the product), laid out as a
  // UUID with version nibble 5 and variant nibble 9: hex[0,8)-hex[8,12)-5 hex[13,16)-9 hex[17,20)-hex[20,32).
  it('derives the id from the organisation and the person', () => {
    expect(memberIdOf('org-1', 'u-target')).toBe('8ac7dd2d-e205-5f44-9625-9167430f1be6');
    expect(memberIdOf('org-2', 'u-target')).toBe('24b4ffc9-b602-58d2-9410-0f1808b64af1');
    expect(memberIdOf('org-1', 'u-other')).toBe('82c97fb8-3481-5027-996c-7feb0d1d7d34');
  });
});
