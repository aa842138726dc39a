// The redirect rule decider against a table typed by hand. Sources: seed 000 section 3
// ("Redirect rule: from path, to path, type, locale, bot counter, user counter, object id,
// automatic flag, last redirect"); DESIGN.md ("Redirect paths start with exactly one / (no //,
// no \); only a rule's target may be an absolute http(s) URL"; "a published slug change adds
// redirect rules" through a process manager; "Editor+" means editor, content_manager, admin and
// owner; HTTP: 403 the role may not, 404 unknown, 422 not allowed in this state or invalid).
//
// The table is in test/support/community-tables.ts (shared with the end-to-end test).
// Where those are silent, it records the product's decisions: a rule is active until
// deleted; Editor+ create, change and delete rules; the process that follows published slug
// changes (the `system` role) creates, repoints and deletes them too; other members only read them.
//
// Nothing here reads the decider's own transition table: every expected answer is written out.
import { describe, expect, it } from '@jest/globals';
import {
  EDITORS,
  NON_EDITORS,
  REDIRECT_COLUMNS,
  REDIRECT_TABLE,
  ROLES,
  type RoleName,
} from '../support/community-tables.js';
import { NONE, checkTable, type Column } from '../support/decider-table.js';
import { given } from '../support/given.js';
import { redirectRuleDecider } from '#libs/posts/src/domain/redirect-rule.decider.js';
import type { Actor, DomainEvent } from '#libs/platform/src/decider.js';

const named = (label: RoleName): Actor => ({
  userId: `u-${label.replace(/\W+/g, '-')}`,
  name: label,
  roles: ROLES[label],
});
const COLUMNS: Column[] = [
  { column: REDIRECT_COLUMNS[0], actors: EDITORS.map(named) },
  { column: REDIRECT_COLUMNS[1], actors: NON_EDITORS.map(named) },
];

const RULE = {
  organisationId: 'org-1',
  websiteId: 'w-1',
  fromPath: '/old-name',
  toPath: '/new-name',
  type: 301,
  locale: 'en',
  objectId: null,
  automatic: false,
};
const created = { type: 'RedirectRuleCreated', data: RULE };
const HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  active: [[created], [created, { type: 'RedirectRuleChanged', data: { toPath: '/newest-name' } }]],
  deleted: [
    [created, { type: 'RedirectRuleDeleted', data: {} }],
    [created, { type: 'RedirectRuleDeleted', data: { reason: 'The post p-1 moved to /old-name' } }],
  ],
};
const DATA: Record<string, unknown> = {
  Create: { ...RULE, fromPath: '/promo', toPath: 'https://partner.example/sale' },
  Update: { toPath: '/sale', type: 302 },
  Delete: {},
};

describe('the redirect rule table (typed by hand)', () => {
  checkTable({
    decider: redirectRuleDecider,
    columns: COLUMNS,
    rows: REDIRECT_TABLE,
    histories: HISTORIES,
    data: DATA,
  });
});

describe('the process that follows published slug changes (role system)', () => {
  const system: Actor = { userId: 'system', roles: ['system'] };

  it('creates an automatic rule for the post', () => {
    const automatic = { ...RULE, objectId: 'p-1', automatic: true };
    given(redirectRuleDecider, [])
      .when({ type: 'Create', data: automatic, actor: system })
      .then([{ type: 'RedirectRuleCreated', data: automatic }]);
  });

  it('repoints a rule that led to the old path (no chains)', () => {
    given(redirectRuleDecider, [created])
      .when({ type: 'Update', data: { toPath: '/newest-name' }, actor: system })
      .then([{ type: 'RedirectRuleChanged', data: { toPath: '/newest-name' } }]);
  });

  it('deletes a rule that would loop, saying why', () => {
    given(redirectRuleDecider, [created])
      .when({ type: 'Delete', data: { reason: 'The post p-1 moved to /old-name' }, actor: system })
      .then([{ type: 'RedirectRuleDeleted', data: { reason: 'The post p-1 moved to /old-name' } }]);
  });
});

describe('redirect rule events', () => {
  const editor = named('editor');

  it('Create records the rule as given', () => {
    const events = given(redirectRuleDecider, [])
      .when({ type: 'Create', data: DATA.Create, actor: editor })
      .then([
        {
          type: 'RedirectRuleCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'w-1',
            fromPath: '/promo',
            toPath: 'https://partner.example/sale',
            type: 301,
            locale: 'en',
            objectId: null,
            automatic: false,
          },
        },
      ]);
    expect(given(redirectRuleDecider, events).state).toEqual({
      status: 'active',
      fields: {
        organisationId: 'org-1',
        websiteId: 'w-1',
        fromPath: '/promo',
        toPath: 'https://partner.example/sale',
        type: 301,
        locale: 'en',
        objectId: null,
        automatic: false,
      },
    });
  });

  it('Update records only what changed, and nothing when nothing did', () => {
    const events = given(redirectRuleDecider, [created])
      .when({
        type: 'Update',
        data: { fromPath: '/old-name', toPath: '/sale', type: 302, locale: 'en' },
        actor: editor,
      })
      .then([{ type: 'RedirectRuleChanged', data: { toPath: '/sale', type: 302 } }]);
    expect(given(redirectRuleDecider, [created, ...events]).state.fields).toMatchObject({
      fromPath: '/old-name',
      toPath: '/sale',
      type: 302,
    });
    given(redirectRuleDecider, [created])
      .when({ type: 'Update', data: { toPath: '/new-name' }, actor: editor })
      .then([]);
    given(redirectRuleDecider, [created])
      .when({ type: 'Update', data: { locale: null }, actor: editor })
      .then([{ type: 'RedirectRuleChanged', data: { locale: null } }]);
  });

  it('Delete records the reason when there is one', () => {
    given(redirectRuleDecider, [created])
      .when({ type: 'Delete', data: {}, actor: editor })
      .then([{ type: 'RedirectRuleDeleted', data: {} }]);
    const events = given(redirectRuleDecider, [created])
      .when({ type: 'Delete', data: { reason: 'Campaign over' }, actor: editor })
      .then([{ type: 'RedirectRuleDeleted', data: { reason: 'Campaign over' } }]);
    expect(given(redirectRuleDecider, [created, ...events]).state.status).toBe('deleted');
  });

  it('paths start with exactly one /; only the target may be an absolute http(s) URL (422, whoever sends it)', () => {
    const system: Actor = { userId: 'system', roles: ['system'] };
    // prettier-ignore
    const refused: Array<[fields: Record<string, unknown>, message: string]> = [
      [{ fromPath: 'promo' },                          'From path must start with /'],
      [{ fromPath: 'https://evil.example/promo' },     'From path must start with /'],
      [{ fromPath: '//evil.example/promo' },           'From path must start with a single /'],
      [{ fromPath: '/\\evil.example' },                'From path must not contain a backslash (\\)'],
      [{ fromPath: '/promo\n' },                       'From path must not contain control characters'],
      [{ toPath: 'sale' },                             'To path must start with / or be a full URL'],
      [{ toPath: 'javascript:alert(1)' },              'To path must start with / or be a full URL'],
      [{ toPath: '//evil.example/sale' },              'To path must start with a single /'],
      [{ toPath: 'https://' },                         'To path must be a valid http(s) URL'],
      [{ toPath: 42 },                                 'To path must be text'],
    ];
    for (const [fields, message] of refused) {
      for (const actor of [editor, system]) {
        given(redirectRuleDecider, [])
          .when({ type: 'Create', data: { ...RULE, ...fields }, actor })
          .refused(422, message);
      }
      given(redirectRuleDecider, [created]).when({ type: 'Update', data: fields, actor: editor }).refused(422, message);
    }
    let error: unknown;
    try {
      redirectRuleDecider.decide(
        { type: 'Create', data: { ...RULE, fromPath: 'promo' }, actor: editor },
        redirectRuleDecider.initialState,
      );
    } catch (caught) {
      error = caught;
    }
    expect((error as { errors?: unknown }).errors).toEqual({ fromPath: 'From path must start with /' });
    // What is accepted: a path, and a full URL as the target.
    for (const toPath of ['/', '/sale?x=1#top', 'https://partner.example/x', 'HTTP://partner.example']) {
      given(redirectRuleDecider, [])
        .when({ type: 'Create', data: { ...RULE, toPath }, actor: editor })
        .then([{ type: 'RedirectRuleCreated', data: { ...RULE, toPath } }]);
    }
  });

  it('refusals say why', () => {
    const creator = named('creator');
    given(redirectRuleDecider, [created])
      .when({ type: 'Update', data: { toPath: '/x' }, actor: creator })
      .refused(403, 'Your role may not Update this redirect rule');
    given(redirectRuleDecider, [created, { type: 'RedirectRuleDeleted', data: {} }])
      .when({ type: 'Delete', data: {}, actor: editor })
      .refused(422, 'Delete is not allowed while the redirect rule is deleted');
    given(redirectRuleDecider, [])
      .when({ type: 'Update', data: { toPath: '/x' }, actor: editor })
      .refused(404, 'The redirect rule does not exist');
  });
});

describe('redirect rule: edges', () => {
  const editor = named('editor');

  it('a path may carry a URL after its first / (only a path that IS a URL counts as one)', () => {
    const paths = { fromPath: '/go/https://partner.example', toPath: '/out?to=http://partner.example' };
    given(redirectRuleDecider, [])
      .when({ type: 'Create', data: { ...RULE, ...paths }, actor: editor })
      .then([{ type: 'RedirectRuleCreated', data: { ...RULE, ...paths } }]);
  });

  it('Delete without any data records no reason', () => {
    given(redirectRuleDecider, [created])
      .when({ type: 'Delete', data: undefined, actor: editor })
      .then([{ type: 'RedirectRuleDeleted', data: {} }]);
  });

  it("an event of a type it does not know (a later release's) leaves the rule as it was", () => {
    const g = given(redirectRuleDecider, [created, { type: 'RedirectRuleSomethingNew', data: { anything: 1 } }]);
    expect(g.state).toEqual({ status: 'active', fields: RULE });
    g.when({ type: 'Update', data: { toPath: '/new-name', type: 302 }, actor: editor }).then([
      { type: 'RedirectRuleChanged', data: { type: 302 } },
    ]);
  });
});
