// Excluded pages (seed 001 section 3 "Excluded page rule: URL rule, date added, added by";
// section 2 "A separate screen lists pages excluded from journey tracking"): the decider against
// a table typed by hand from libs/cro/src/domain/roles.ts (the role table: "Goals, URL lists,
// funnels, excluded pages" yes for admin, manager, analyst; organisation owners and admins and
// platform admins count as CRO admins), the campaigns' URL messages (seed 001 section 5: "Please
// provide a valid url, starting with https://", "The page url domain should be the same as your
// website domain"), and `urlExcluded`, whose answers are written out from the rule its doc
// comment states (exact, or a prefix when the rule ends with `*`; one trailing slash, the query
// and the fragment ignored).
//
// Nothing here reads the decider's own transition table or schemas: every expected answer is written out.
import { describe, expect, it } from '@jest/globals';
import { NONE, checkTable, type Column, type Row } from '../support/decider-table.js';
import { given } from '../support/given.js';
import { excludedPageDecider, urlExcluded } from '#libs/cro/src/domain/excluded-page.decider.js';
import type { Actor, DomainEvent } from '#libs/platform/src/decider.js';

const ROLES = {
  owner: ['user', 'owner', 'cms:admin', 'cro:viewer'],
  'organisation admin': ['user', 'admin', 'cms:none', 'cro:none'],
  'platform admin': ['user', 'platform_admin'],
  'cro admin': ['user', 'member', 'cms:none', 'cro:admin'],
  manager: ['user', 'member', 'cms:none', 'cro:manager'],
  editor: ['user', 'member', 'cms:none', 'cro:editor'],
  analyst: ['user', 'member', 'cms:none', 'cro:analyst'],
  creator: ['user', 'member', 'cms:none', 'cro:creator'],
  viewer: ['user', 'member', 'cms:none', 'cro:viewer'],
  none: ['user', 'member', 'cms:admin', 'cro:none'],
} as const;
type RoleName = keyof typeof ROLES;
const actor = (role: RoleName): Actor => ({ userId: `u-${role.replace(/\W+/g, '-')}`, name: role, roles: ROLES[role] });
const COLUMNS: Column[] = (Object.keys(ROLES) as RoleName[]).map((role) => ({ column: role, actors: [actor(role)] }));

const MARA = { id: 'u-mara', name: 'Mara Manager' };
const mara: Actor = { userId: 'u-mara', name: 'Mara Manager', roles: ROLES.manager };
const OWNER = { organisationId: 'org-1', websiteId: 'w-1' };
/** The command context the HTTP layer reads: the website's facts. */
const SHOP = { website: { status: 'active', publishContent: true, domain: 'shop.example' } };

const URL_INVALID = 'Please provide a valid url, starting with https://';
const URL_DOMAIN = 'The page url domain should be the same as your website domain';

const created = {
  type: 'ExcludedPageCreated',
  data: { urlRule: 'https://shop.example/account/*', note: null, ...OWNER, createdBy: MARA },
};
const updated = { type: 'ExcludedPageUpdated', data: { note: 'Logged-in pages' } };
const deleted = { type: 'ExcludedPageDeleted', data: {} };
const HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  active: [[created], [created, updated]],
  deleted: [[created, deleted]],
};
const DATA: Record<string, unknown> = {
  Create: { ...OWNER, urlRule: 'https://shop.example/cart' },
  Update: { urlRule: 'https://shop.example/checkout/*' },
  Delete: {},
  Restore: {},
};

// prettier-ignore
const TABLE: readonly Row[] = [
  // action    from       owner     org admin platform  cro admin manager   editor analyst   creator viewer none
  ['Create',  NONE,      'active', 'active', 'active', 'active', 'active', 403,   'active', 403,    403,   403],
  ['Create',  'active',  422,      422,      422,      422,      422,      422,   422,      422,    422,   422],
  ['Create',  'deleted', 422,      422,      422,      422,      422,      422,   422,      422,    422,   422],
  ['Update',  NONE,      404,      404,      404,      404,      404,      404,   404,      404,    404,   404],
  ['Update',  'active',  '=',      '=',      '=',      '=',      '=',      403,   '=',      403,    403,   403],
  ['Update',  'deleted', 422,      422,      422,      422,      422,      422,   422,      422,    422,   422],
  ['Delete',  NONE,      404,      404,      404,      404,      404,      404,   404,      404,    404,   404],
  ['Delete',  'active',  'deleted','deleted','deleted','deleted','deleted',403,   'deleted',403,    403,   403],
  ['Delete',  'deleted', 422,      422,      422,      422,      422,      422,   422,      422,    422,   422],
  ['Restore', NONE,      422,      422,      422,      422,      422,      422,   422,      422,    422,   422],
  ['Restore', 'deleted', 422,      422,      422,      422,      422,      422,   422,      422,    422,   422],
];

describe('the excluded page table (typed by hand: the rights of goals)', () => {
  checkTable({
    decider: excludedPageDecider,
    columns: COLUMNS,
    rows: TABLE,
    histories: HISTORIES,
    data: DATA,
    context: () => SHOP,
  });
});

function errorsOf(
  history: DomainEvent[],
  command: { type: string; data: unknown; actor: Actor; context?: unknown },
): unknown {
  try {
    excludedPageDecider.decide(command, excludedPageDecider.fold(history as never[]));
  } catch (caught) {
    return (caught as { errors?: unknown }).errors;
  }
  return 'not refused';
}
const createWith = (data: Record<string, unknown>, context: unknown = SHOP) => ({
  type: 'Create',
  data: { ...OWNER, ...data },
  actor: mara,
  context,
});

describe('excluded page events', () => {
  it('Create records the URL rule (trimmed), the note (none: null), the website and who added it', () => {
    given(excludedPageDecider, [])
      .when(createWith({ urlRule: '  https://shop.example/account/*  ' }))
      .then([created]);
    given(excludedPageDecider, [])
      .when(
        createWith({
          urlRule: 'https://www.shop.example/cart',
          note: ' Cart: not a journey step ',
          status: 'deleted',
          createdAt: '2020-01-01',
        }),
      )
      .then([
        {
          type: 'ExcludedPageCreated',
          data: {
            urlRule: 'https://www.shop.example/cart',
            note: 'Cart: not a journey step',
            ...OWNER,
            createdBy: MARA,
          },
        },
      ]);
    expect(given(excludedPageDecider, [created]).state).toEqual({
      status: 'active',
      organisationId: 'org-1',
      websiteId: 'w-1',
      createdBy: 'u-mara',
      fields: { urlRule: 'https://shop.example/account/*', note: null },
    });
  });

  it('the URL rule is an https URL, exact or ending with *: "Please provide a valid url, starting with https://" under urlRule', () => {
    for (const urlRule of [
      undefined,
      null,
      '',
      '   ',
      'http://shop.example/cart',
      '/account/*',
      'shop.example/cart',
      'https://',
      'https://shop.example/a b',
      'ftp://shop.example/',
      42,
      ['https://shop.example/'],
    ]) {
      given(excludedPageDecider, []).when(createWith({ urlRule })).refused(422, URL_INVALID);
      expect(errorsOf([], createWith({ urlRule }))).toEqual({ urlRule: URL_INVALID });
    }
    given(excludedPageDecider, [created])
      .when({ type: 'Update', data: { urlRule: 'http://shop.example/' }, actor: mara, context: SHOP })
      .refused(422, URL_INVALID);
  });

  it('the URL is on the website\'s domain or a subdomain: otherwise "The page url domain should be the same as your website domain"', () => {
    for (const urlRule of [
      'https://other.example/account/*',
      'https://shop.example.evil.example/',
      'https://evilshop.example/',
      'https://example/',
    ]) {
      given(excludedPageDecider, []).when(createWith({ urlRule })).refused(422, URL_DOMAIN);
      expect(errorsOf([], createWith({ urlRule }))).toEqual({ urlRule: URL_DOMAIN });
    }
    for (const urlRule of [
      'https://shop.example',
      'https://SHOP.example/Cart',
      'https://blog.shop.example/*',
      'https://www.shop.example/account/*',
      'https://shop.example*',
    ]) {
      const events = given(excludedPageDecider, [])
        .when(createWith({ urlRule }))
        .then([{ type: 'ExcludedPageCreated', data: { urlRule, note: null, ...OWNER, createdBy: MARA } }]);
      expect(events).toHaveLength(1);
    }
    // Without the website's domain the rule is refused rather than taken blind.
    for (const context of [undefined, {}, { website: {} }, { website: { domain: 42 } }]) {
      given(excludedPageDecider, [])
        .when({ type: 'Create', data: { ...OWNER, urlRule: 'https://shop.example/cart' }, actor: mara, context })
        .refused(422, URL_DOMAIN);
    }
    given(excludedPageDecider, [created])
      .when({ type: 'Update', data: { urlRule: 'https://other.example/' }, actor: mara, context: SHOP })
      .refused(422, URL_DOMAIN);
  });

  it('note: text of at most 500 characters; "" or null clears it', () => {
    given(excludedPageDecider, [created])
      .when({ type: 'Update', data: { note: 'x'.repeat(500) }, actor: mara })
      .then([{ type: 'ExcludedPageUpdated', data: { note: 'x'.repeat(500) } }]);
    given(excludedPageDecider, [created])
      .when({ type: 'Update', data: { note: 'x'.repeat(501) }, actor: mara })
      .refused(422, 'The maximum length is 500 characters');
    given(excludedPageDecider, [created])
      .when({ type: 'Update', data: { note: 7 }, actor: mara })
      .refused(422, 'Note must be text');
    given(excludedPageDecider, [created, updated])
      .when({ type: 'Update', data: { note: '' }, actor: mara })
      .then([{ type: 'ExcludedPageUpdated', data: { note: null } }]);
    given(excludedPageDecider, [created, updated])
      .when({ type: 'Update', data: { note: null }, actor: mara })
      .then([{ type: 'ExcludedPageUpdated', data: { note: null } }]);
  });

  it('Update records only the changes (a note alone needs no domain); the website never changes; Delete records the deletion', () => {
    given(excludedPageDecider, [created, updated])
      .when({
        type: 'Update',
        data: { urlRule: 'https://shop.example/account/*', note: 'Logged-in pages' },
        actor: mara,
        context: SHOP,
      })
      .then([]);
    const events = given(excludedPageDecider, [created])
      .when({
        type: 'Update',
        data: {
          urlRule: ' https://shop.example/checkout/* ',
          websiteId: 'w-2',
          organisationId: 'org-2',
          createdBy: 'u-x',
        },
        actor: mara,
        context: SHOP,
      })
      .then([{ type: 'ExcludedPageUpdated', data: { urlRule: 'https://shop.example/checkout/*' } }]);
    expect(given(excludedPageDecider, [created, ...events]).state).toEqual({
      status: 'active',
      organisationId: 'org-1',
      websiteId: 'w-1',
      createdBy: 'u-mara',
      fields: { urlRule: 'https://shop.example/checkout/*', note: null },
    });
    given(excludedPageDecider, [created])
      .when({ type: 'Update', data: { note: 'Logged-in pages' }, actor: mara })
      .then([updated]);
    given(excludedPageDecider, [created]).when({ type: 'Delete', data: {}, actor: mara }).then([deleted]);
  });

  it('refusals say why', () => {
    given(excludedPageDecider, [created])
      .when({ type: 'Update', data: { note: 'x' }, actor: actor('editor') })
      .refused(403, 'Your role may not Update this excluded page');
    given(excludedPageDecider, [])
      .when({ type: 'Delete', data: {}, actor: mara })
      .refused(404, 'The excluded page does not exist');
    given(excludedPageDecider, [created, deleted])
      .when({ type: 'Update', data: { note: 'x' }, actor: mara })
      .refused(422, 'Update is not allowed while the excluded page is deleted');
    expect(
      errorsOf([], {
        type: 'Create',
        data: { urlRule: 'https://shop.example/', websiteId: 'w-1' },
        actor: mara,
        context: SHOP,
      }),
    ).toEqual({ organisationId: 'Organisation is missing!' });
  });
});

describe('urlExcluded (exact, or a prefix when the rule ends with *)', () => {
  // [page URL, rules, excluded?] — written out from the doc comment's rules.
  // prettier-ignore
  const CASES: ReadonlyArray<readonly [string, readonly string[], boolean]> = [
    // Exact rules: the same origin and path, one trailing slash, the query and the fragment ignored.
    ['https://shop.example/cart',                    ['https://shop.example/cart'],            true],
    ['https://shop.example/cart/',                   ['https://shop.example/cart'],            true],
    ['https://shop.example/cart',                    ['https://shop.example/cart/'],           true],
    ['https://shop.example/cart?step=2#summary',     ['https://shop.example/cart'],            true],
    ['https://shop.example/cart',                    ['https://shop.example/cart?step=2'],     true],
    ['https://SHOP.example:443/cart',                ['https://shop.example/cart'],            true],
    ['https://shop.example',                         ['https://shop.example/'],                true],
    ['https://shop.example/',                        ['https://shop.example'],                 true],
    ['https://shop.example/cart/items',              ['https://shop.example/cart'],            false],
    ['https://shop.example/carts',                   ['https://shop.example/cart'],            false],
    ['https://shop.example/Cart',                    ['https://shop.example/cart'],            false],
    // Empty segments are dropped (`normalisedPath`): `/cart//` is `/cart/`.
    ['https://shop.example/cart//',                  ['https://shop.example/cart'],            true],
    ['https://www.shop.example/cart',                ['https://shop.example/cart'],            false],
    ['http://shop.example/cart',                     ['https://shop.example/cart'],            false],
    ['https://shop.example:8443/cart',               ['https://shop.example/cart'],            false],
    ['https://shop.example/',                        ['https://shop.example/cart'],            false],
    // Prefix rules: the page's origin and path start with the text before the *.
    ['https://shop.example/account/orders/12',       ['https://shop.example/account/*'],       true],
    ['https://shop.example/account/',                ['https://shop.example/account/*'],       true],
    ['https://shop.example/account',                 ['https://shop.example/account/*'],       true],
    ['https://shop.example/account?tab=orders',      ['https://shop.example/account/*'],       true],
    ['https://shop.example/accounts',                ['https://shop.example/account/*'],       false],
    ['https://shop.example/blog/',                   ['https://shop.example/account/*'],       false],
    ['https://shop.example/blogger',                 ['https://shop.example/blog*'],           true],
    ['https://shop.example/blog',                    ['https://shop.example/blog*'],           true],
    ['https://shop.example/bl',                      ['https://shop.example/blog*'],           false],
    ['https://shop.example/anything/at/all',         ['https://shop.example/*'],               true],
    ['https://shop.example',                         ['https://shop.example/*'],               true],
    ['https://shop.example/x',                       ['https://shop.example*'],                true],
    ['https://other.example/account/1',              ['https://shop.example/account/*'],       false],
    ['https://shop.example.evil.example/account/1',  ['https://shop.example*'],                false],
    // The decoded, normalised path (issue 25): no other spelling of a page escapes its rule.
    ['https://shop.example/%61ccount/x',             ['https://shop.example/account/*'],       true],
    ['https://shop.example/%61%63count/x',           ['https://shop.example/account/*'],       true],
    ['https://shop.example//account/x',              ['https://shop.example/account/*'],       true],
    ['https://shop.example/./account/x',             ['https://shop.example/account/*'],       true],
    ['https://shop.example/a/../account/x',          ['https://shop.example/account/*'],       true],
    ['https://shop.example/a/%2e%2E/account/x',      ['https://shop.example/account/*'],       true],
    ['https://shop.example/a/%2E%2E%2faccount/x',    ['https://shop.example/account/*'],       true],
    ['https://shop.example/../../account',           ['https://shop.example/account/*'],       true],
    ['https://shop.example/account%2Fx',             ['https://shop.example/account/*'],       true],
    ['https://shop.example/ca%72t',                  ['https://shop.example/cart'],            true],
    ['https://shop.example/cart',                    ['https://shop.example/c%61rt'],          true],
    ['https://shop.example/caf%C3%A9',               ['https://shop.example/café'],            true],
    ['https://shop.example/caf%c3%a9',               ['https://shop.example/caf%C3%A9'],       true],
    ['https://shop.example/x%ffy',                   ['https://shop.example/x%FFy'],           true],
    ['https://shop.example/%41ccount/x',             ['https://shop.example/account/*'],       false],
    ['https://shop.example/accounting',              ['https://shop.example/account/*'],       false],
    ['https://shop.example/account/../blog',         ['https://shop.example/account/*'],       false],
    // Only a trailing * is a wildcard.
    ['https://shop.example/a/anything/b',            ['https://shop.example/a/*/b'],           false],
    // Any rule of the list; none, or only invalid ones, exclude nothing.
    ['https://shop.example/cart',                    ['https://shop.example/account/*', 'https://shop.example/cart'], true],
    ['https://shop.example/cart',                    [],                                       false],
    ['https://shop.example/cart',                    ['/cart', 'http://shop.example/cart', '', 'shop.example/*'], false],
    // A page URL that is not an absolute http(s) URL is never excluded.
    ['/cart',                                        ['https://shop.example/cart'],            false],
    ['',                                             ['https://shop.example/*'],               false],
    ['javascript:alert(1)',                          ['https://shop.example/*'],               false],
  ];
  for (const [url, rules, excluded] of CASES) {
    it(`${JSON.stringify(url)} with ${JSON.stringify(rules)}: ${excluded ? 'excluded' : 'tracked'}`, () => {
      expect(urlExcluded(url, rules)).toBe(excluded);
    });
  }

  it('answers false, never throws, on input that is not text or not a list', () => {
    expect(urlExcluded(42 as unknown as string, ['https://shop.example/*'])).toBe(false);
    expect(urlExcluded('https://shop.example/cart', null as unknown as string[])).toBe(false);
    expect(
      urlExcluded('https://shop.example/cart', [7, null, { rule: 'https://shop.example/*' }] as unknown as string[]),
    ).toBe(false);
    expect(urlExcluded(`https://shop.example/${'x'.repeat(10_000)}`, ['https://shop.example/*'])).toBe(false);
  });
});
