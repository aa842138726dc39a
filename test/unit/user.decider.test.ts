import { describe, expect, it } from '@jest/globals';
import { given } from '../support/given.js';
import { NEW, USER_TABLE, WHO, describeCell, type Who } from '../support/organisation-tables.js';
import { userDecider } from '#libs/identity/src/domain/user.decider.js';
import { NEW as NO_STREAM, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';

/** The user decider against the table typed by hand in test/support/organisation-tables.ts, then given/when/then. */

const USER = 'u-person';
const ACTORS: Record<Who, Actor> = {
  owner: { userId: 'u-owner', roles: ['user', 'owner'] },
  admin: { userId: 'u-admin', roles: ['user', 'admin'] },
  member: { userId: 'u-member', roles: ['user', 'member'] },
  outsider: { userId: 'u-outsider', roles: ['user'] },
  platformAdmin: { userId: 'u-platform', roles: ['user', 'platform_admin'] },
  self: { userId: USER, roles: ['user', 'self'] },
  system: { userId: 'system', roles: ['system'] },
};

const registered: DomainEvent = {
  type: 'UserRegistered',
  data: { email: 'pat@person.example', name: 'Pat', role: 'writer', platformAdmin: false },
};
const DATA: Record<string, unknown> = {
  Register: { email: 'pat@person.example', name: 'Pat', role: 'writer' },
  ChangeProfile: { name: 'Pat Person' },
  ChooseFirstPassword: {},
};

describe('the user table (typed by hand from the spec)', () => {
  for (const row of USER_TABLE) {
    for (const who of WHO) {
      const expected = row.by[who];
      if (expected === undefined) continue;
      it(`${row.action} from ${row.from} by ${who}: ${describeCell(expected)}`, () => {
        const g = given(userDecider, row.from === NEW ? [] : [registered]);
        const command = { type: row.action, data: DATA[row.action], actor: ACTORS[who] };
        if (typeof expected === 'number') return g.when(command).refused(expected);
        const after = userDecider.decide(command, g.state).reduce(userDecider.evolve, g.state);
        expect({ status: userDecider.statusOf(after) }).toEqual({ status: expected });
      });
    }
  }

  it('offers the person and platform admins ChangeProfile, nobody else anything; platform admins Register', () => {
    const state = userDecider.fold([registered] as never[]);
    expect(userDecider.allowedActions('active', ACTORS.self, state)).toEqual(['ChangeProfile']);
    expect(userDecider.allowedActions('active', ACTORS.platformAdmin, state)).toEqual(['ChangeProfile']);
    expect(userDecider.allowedActions('active', ACTORS.owner, state)).toEqual([]);
    expect(userDecider.allowedActions(NO_STREAM, ACTORS.platformAdmin)).toEqual(['Register']);
    expect(userDecider.allowedActions(NO_STREAM, ACTORS.owner)).toEqual([]);
  });
});

describe('user: given/when/then on events', () => {
  it('Register records the email, name and role, and whether a platform admin (no by default)', () => {
    given(userDecider, [])
      .when({
        type: 'Register',
        data: { email: 'pat@person.example', name: 'Pat', role: 'writer' },
        actor: ACTORS.system,
      })
      .then([
        {
          type: 'UserRegistered',
          data: { email: 'pat@person.example', name: 'Pat', role: 'writer', platformAdmin: false },
        },
      ]);
    given(userDecider, [])
      .when({
        type: 'Register',
        data: { email: 'ops@platform.example', name: 'Ops', role: 'admin', platformAdmin: true },
        actor: ACTORS.platformAdmin,
      })
      .then([
        {
          type: 'UserRegistered',
          data: { email: 'ops@platform.example', name: 'Ops', role: 'admin', platformAdmin: true },
        },
      ]);
  });

  it('an organisation owner does not register users (403); a user is registered once (422)', () => {
    given(userDecider, [])
      .when({ type: 'Register', data: DATA.Register, actor: ACTORS.owner })
      .refused(403, 'Your role may not Register this user');
    given(userDecider, [registered])
      .when({ type: 'Register', data: DATA.Register, actor: ACTORS.system })
      .refused(422, 'Register is not allowed while the user is active');
  });

  it('ChangeProfile records the new name and role', () => {
    given(userDecider, [registered])
      .when({ type: 'ChangeProfile', data: { name: 'Pat Person', role: 'editor' }, actor: ACTORS.platformAdmin })
      .then([{ type: 'UserProfileChanged', data: { name: 'Pat Person', role: 'editor' } }]);
    given(userDecider, [registered])
      .when({ type: 'ChangeProfile', data: { name: 'Pat P.' }, actor: ACTORS.self })
      .then([{ type: 'UserProfileChanged', data: { name: 'Pat P.' } }]);
  });

  it("someone else's profile is not theirs to change (403); a user that does not exist is 404", () => {
    given(userDecider, [registered])
      .when({ type: 'ChangeProfile', data: { name: 'Hacked' }, actor: ACTORS.member })
      .refused(403, 'Your role may not ChangeProfile this user');
    given(userDecider, [])
      .when({ type: 'ChangeProfile', data: { name: 'Ghost' }, actor: ACTORS.platformAdmin })
      .refused(404, 'The user does not exist');
  });
});

describe('user: what the record remembers between commands', () => {
  it('a profile change is remembered on top of the registration (the state a command answers with)', () => {
    const changed: DomainEvent = { type: 'UserProfileChanged', data: { name: 'Pat Person', role: 'editor' } };
    expect(given(userDecider, [registered, changed]).state).toEqual({
      status: 'active',
      email: 'pat@person.example',
      name: 'Pat Person',
      role: 'editor',
      platformAdmin: false,
    });
    expect(
      given(userDecider, [registered, changed, { type: 'UserProfileChanged', data: { name: 'Pat P.' } }]).state,
    ).toEqual({
      status: 'active',
      email: 'pat@person.example',
      name: 'Pat P.',
      role: 'editor',
      platformAdmin: false,
    });
  });

  it("an event of a type it does not know (a later release's) leaves the user as it was", () => {
    const g = given(userDecider, [registered, { type: 'UserSomethingNew', data: { anything: 1 } }]);
    expect(g.state).toEqual({
      status: 'active',
      email: 'pat@person.example',
      name: 'Pat',
      role: 'writer',
      platformAdmin: false,
    });
    g.when({ type: 'ChangeProfile', data: { name: 'Pat Person' }, actor: ACTORS.self }).then([
      { type: 'UserProfileChanged', data: { name: 'Pat Person' } },
    ]);
  });

  it('ChooseFirstPassword records that the invited person chose a password, and nothing of it', () => {
    given(userDecider, [registered])
      .when({ type: 'ChooseFirstPassword', data: { password: 'never-recorded' }, actor: ACTORS.system })
      .then([{ type: 'UserFirstPasswordChosen', data: {} }]);
    given(userDecider, [registered]).when({ type: 'ChooseFirstPassword', data: {}, actor: ACTORS.self }).refused(403);
  });
});
