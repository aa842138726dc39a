// Campaign page rules against tables typed by hand from seed 001 (section 3: "page rules: URLs
// containing, not containing, exact, lists, combined with and/or operators"; section 5: "Please
// provide a valid url, starting with https://". "A trailing asterisk matches any trailing
// characters."; section 9: "URL list rule kinds: contains or exact URL") and DESIGN.md
// (`GET /api/campaigns/{id}/match?url=` answers `{ matches, rules: [{ kind, value, listId?,
// matches }] }`), with the decisions written in libs/cro/src/domain/page-rules.ts: exact ignores a
// trailing slash and the fragment; a rule without a query matches any query, a rule with one needs
// the same parameters; an empty rule list matches nothing; an invalid rule never matches.
import { describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  compilePageRules,
  matchPageRules,
  pageRulesSchema,
  rulesCanMatch,
  validateRuleValue,
  type PageRule,
  type UrlListRule,
} from '#libs/cro/src/domain/page-rules.js';

const INVALID = 'Please provide a valid url, starting with https://';
const NO_LISTS = new Map<string, UrlListRule[]>();
const LISTS = new Map<string, UrlListRule[]>([
  [
    'docs',
    [
      { kind: 'contains', value: 'https://shop.example/docs/' },
      { kind: 'exact', value: 'https://shop.example/faq' },
    ],
  ],
  ['empty', []],
]);

/** One rule, one URL: does it match? */
// prettier-ignore
const SINGLE: readonly [kind: PageRule['kind'], value: string, url: string, matches: boolean][] = [
  // exact: trailing slash, fragment, query (a rule without one matches any), case of host and path, scheme, port
  ['exact', 'https://shop.example/pricing',          'https://shop.example/pricing',                 true],
  ['exact', 'https://shop.example/pricing',          'https://shop.example/pricing/',                true],
  ['exact', 'https://shop.example/pricing/',         'https://shop.example/pricing',                 true],
  ['exact', 'https://shop.example/pricing',          'https://shop.example/pricing#plans',           true],
  ['exact', 'https://shop.example/pricing#plans',    'https://shop.example/pricing',                 true],
  ['exact', 'https://shop.example/pricing',          'https://shop.example/pricing?utm_source=news', true],
  ['exact', 'https://shop.example/pricing',          'https://SHOP.example/pricing',                 true],
  ['exact', 'https://Shop.Example/pricing',          'https://shop.example/pricing',                 true],
  ['exact', 'https://shop.example/pricing',          'https://shop.example/Pricing',                 false],
  ['exact', 'https://shop.example/pricing',          'https://shop.example/pricing/team',            false],
  ['exact', 'https://shop.example/pricing',          'https://shop.example/pricing-old',             false],
  ['exact', 'https://shop.example/pricing',          'http://shop.example/pricing',                  false],
  ['exact', 'https://shop.example/pricing',          'https://www.shop.example/pricing',             false],
  ['exact', 'https://shop.example/pricing',          'https://shop.example:8443/pricing',            false],
  ['exact', 'https://shop.example/pricing',          'https://shop.example:443/pricing',             true],
  ['exact', 'https://shop.example/pricing?plan=pro', 'https://shop.example/pricing?plan=pro',        true],
  ['exact', 'https://shop.example/pricing?plan=pro', 'https://shop.example/pricing/?plan=pro#x',     true],
  ['exact', 'https://shop.example/pricing?plan=pro', 'https://shop.example/pricing?plan=team',       false],
  ['exact', 'https://shop.example/pricing?plan=pro', 'https://shop.example/pricing?plan=pro&utm=x',  false],
  ['exact', 'https://shop.example/pricing?plan=pro', 'https://shop.example/pricing',                 false],
  ['exact', 'https://shop.example/p?a=1&b=2',        'https://shop.example/p?b=2&a=1',               true],
  ['exact', 'https://shop.example',                  'https://shop.example/',                        true],
  ['exact', 'https://shop.example/',                 'https://shop.example?ref=ad',                  true],
  ['exact', 'https://shop.example',                  'https://shop.example/about',                   false],
  // exact with a trailing *: any rest, possibly nothing
  ['exact', 'https://shop.example/blog/*',           'https://shop.example/blog/post-1',             true],
  ['exact', 'https://shop.example/blog/*',           'https://shop.example/blog/',                   true],
  ['exact', 'https://shop.example/blog/*',           'https://shop.example/blog',                    true],
  ['exact', 'https://shop.example/blog/*',           'https://shop.example/blog?page=2',             true],
  ['exact', 'https://shop.example/blog/*',           'https://shop.example/blogging',                false],
  ['exact', 'https://shop.example/blog/*',           'https://shop.example/en/blog/post-1',          false],
  ['exact', 'https://shop.example/blog*',            'https://shop.example/blogging',                true],
  ['exact', 'https://shop.example/blog*',            'https://shop.example/blog',                    true],
  ['exact', 'https://shop.example*',                 'https://shop.example/any/page?x=1',            true],
  ['exact', 'https://shop.example*',                 'https://shop.example.evil.net/',               false],
  ['exact', 'https://shop.example/a*b',              'https://shop.example/a*b',                     true],
  ['exact', 'https://shop.example/a*b',              'https://shop.example/axb',                     false],
  // contains: a substring of the whole URL (query included, fragment not)
  ['contains', 'https://shop.example/blog/',         'https://shop.example/blog/post-1',             true],
  ['contains', 'https://shop.example/blog/',         'https://shop.example/blog',                    false],
  ['contains', 'https://shop.example/checkout',      'https://shop.example/checkout?step=2',         true],
  ['contains', 'https://shop.example/checkout',      'https://other.example/?next=https://shop.example/checkout', true],
  ['contains', 'https://shop.example/checkout',      'https://shop.example/cart#https://shop.example/checkout',   false],
  ['contains', 'https://SHOP.example/Pricing',       'https://shop.example/Pricing/team',            true],
  ['contains', 'https://shop.example/pricing',       'https://shop.example/Pricing',                 false],
  ['contains', 'https://shop.example/blog*',         'https://shop.example/blog-post',               true],
  ['contains', 'https://shop.example',               'https://shop.example?x=1',                     true],
  // not_contains: the negation
  ['not_contains', 'https://shop.example/checkout',  'https://shop.example/checkout/pay',            false],
  ['not_contains', 'https://shop.example/checkout',  'https://shop.example/pricing',                 true],
  ['not_contains', 'https://shop.example/checkout',  'https://shop.example/cart#https://shop.example/checkout', true],
  // a page URL that is not an absolute http(s) URL matches nothing, not even not_contains
  ['exact',        'https://shop.example/pricing',   'not a url',                                    false],
  ['contains',     'https://shop.example/',          '/pricing',                                     false],
  ['not_contains', 'https://shop.example/checkout',  'ftp://shop.example/pricing',                   false],
  ['not_contains', 'https://shop.example/checkout',  '',                                             false],
];

describe('one rule against one URL (typed by hand)', () => {
  for (const [kind, value, url, matches] of SINGLE) {
    it(`${kind} ${value} on ${url || '(empty)'} -> ${matches}`, () => {
      expect(matchPageRules({ operator: 'and', rules: [{ kind, value }] }, url, NO_LISTS)).toEqual({
        matches,
        rules: [{ kind, value, matches }],
      });
      expect(matchPageRules({ operator: 'or', rules: [{ kind, value }] }, url, NO_LISTS)).toEqual({
        matches,
        rules: [{ kind, value, matches }],
      });
      // Compiled (the placements' matcher): the same answer, as a campaign rule and inside a URL list.
      expect(compilePageRules([{ operator: 'and', rules: [{ kind, value }] }], NO_LISTS).matchAll(url)).toEqual([
        matches,
      ]);
      if (kind === 'exact' || kind === 'contains') {
        const lists = new Map<string, UrlListRule[]>([
          [
            'l',
            [
              { kind, value },
              { kind, value },
            ],
          ],
        ]);
        expect(
          compilePageRules(
            [
              {
                operator: 'or',
                rules: [
                  { kind: 'list', listId: 'l' },
                  { kind: 'list', listId: 'l' },
                ],
              },
            ],
            lists,
          ).matchAll(url),
        ).toEqual([matches]);
      }
    });
  }
});

describe('lists: any rule of the list (contains or exact)', () => {
  // prettier-ignore
  const TABLE: readonly [url: string, matches: boolean][] = [
    ['https://shop.example/docs/start',  true],
    ['https://shop.example/faq/',        true],
    ['https://shop.example/faq?q=price', true],
    ['https://shop.example/faq/more',    false],
    ['https://shop.example/about',       false],
  ];
  for (const [url, matches] of TABLE) {
    it(`list docs on ${url} -> ${matches}`, () => {
      expect(matchPageRules({ operator: 'and', rules: [{ kind: 'list', listId: 'docs' }] }, url, LISTS)).toEqual({
        matches,
        rules: [{ kind: 'list', value: null, listId: 'docs', matches }],
      });
    });
  }

  it('an empty list matches nothing; an unknown (or deleted) list and a list rule without a list never match, and say why', () => {
    const url = 'https://shop.example/docs/start';
    expect(matchPageRules({ operator: 'or', rules: [{ kind: 'list', listId: 'empty' }] }, url, LISTS)).toEqual({
      matches: false,
      rules: [{ kind: 'list', value: null, listId: 'empty', matches: false }],
    });
    expect(matchPageRules({ operator: 'or', rules: [{ kind: 'list', listId: 'gone' }] }, url, LISTS)).toEqual({
      matches: false,
      rules: [{ kind: 'list', value: null, listId: 'gone', matches: false, problem: 'The URL list does not exist' }],
    });
    expect(matchPageRules({ operator: 'or', rules: [{ kind: 'list' }] }, url, LISTS)).toEqual({
      matches: false,
      rules: [{ kind: 'list', value: null, listId: '', matches: false, problem: 'Please select a URL list.' }],
    });
    // Lists are looked up in a Map: a listId like "constructor" is just an unknown list.
    expect(
      matchPageRules({ operator: 'or', rules: [{ kind: 'list', listId: 'constructor' }] }, url, LISTS).matches,
    ).toBe(false);
  });
});

describe('operators: and needs every rule, or at least one; no rules match nothing', () => {
  const blog = { kind: 'contains', value: 'https://shop.example/blog/' } as const;
  const notDrafts = { kind: 'not_contains', value: 'https://shop.example/blog/drafts/' } as const;
  const pricing = { kind: 'exact', value: 'https://shop.example/pricing' } as const;
  const docs = { kind: 'list', listId: 'docs' } as const;

  // prettier-ignore
  const TABLE: readonly [operator: 'and' | 'or', rules: PageRule[], url: string, matches: boolean, each: boolean[]][] = [
    ['and', [blog, notDrafts],       'https://shop.example/blog/post-1',         true,  [true, true]],
    ['and', [blog, notDrafts],       'https://shop.example/blog/drafts/post-2',  false, [true, false]],
    ['and', [blog, notDrafts],       'https://shop.example/pricing',             false, [false, true]],
    ['or',  [blog, pricing],         'https://shop.example/pricing/',            true,  [false, true]],
    ['or',  [blog, pricing],         'https://shop.example/about',               false, [false, false]],
    ['or',  [pricing, docs],         'https://shop.example/docs/install',        true,  [false, true]],
    ['and', [pricing, docs],         'https://shop.example/faq',                 false, [false, true]],
    ['and', [],                      'https://shop.example/pricing',             false, []],
    ['or',  [],                      'https://shop.example/pricing',             false, []],
  ];
  for (const [operator, rules, url, matches, each] of TABLE) {
    it(`${operator} of ${rules.map((r) => r.kind).join(', ') || 'no rules'} on ${url} -> ${matches}`, () => {
      const answer = matchPageRules({ operator, rules }, url, LISTS);
      expect(answer.matches).toBe(matches);
      expect(
        compilePageRules([{ operator, rules }, null, { operator, rules: [...rules, ...rules] }], LISTS).matchAll(url),
      ).toEqual([matches, false, matches]);
      expect(answer.rules.map((r) => r.matches)).toEqual(each);
    });
  }

  it('the answer names each rule with its kind, value and (for lists) listId', () => {
    expect(matchPageRules({ operator: 'or', rules: [blog, docs] }, 'https://shop.example/blog/x', LISTS)).toEqual({
      matches: true,
      rules: [
        { kind: 'contains', value: 'https://shop.example/blog/', matches: true },
        { kind: 'list', value: null, listId: 'docs', matches: false },
      ],
    });
  });

  it('an invalid rule never matches (not even not_contains): with and the campaign matches nothing, with or the others still count', () => {
    const broken = { kind: 'not_contains', value: 'http://shop.example/checkout' } as const;
    const url = 'https://shop.example/blog/post-1';
    expect(matchPageRules({ operator: 'and', rules: [blog, broken] }, url, LISTS)).toEqual({
      matches: false,
      rules: [
        { kind: 'contains', value: 'https://shop.example/blog/', matches: true },
        { kind: 'not_contains', value: 'http://shop.example/checkout', matches: false, problem: INVALID },
      ],
    });
    expect(matchPageRules({ operator: 'or', rules: [blog, broken] }, url, LISTS).matches).toBe(true);
    expect(
      matchPageRules({ operator: 'or', rules: [{ kind: 'regex', value: '.*' } as unknown as PageRule] }, url, LISTS),
    ).toEqual({
      matches: false,
      rules: [{ kind: 'regex', value: '.*', matches: false, problem: 'Unknown rule kind' }],
    });
  });

  it('no page rules at all, or an unknown operator, match nothing', () => {
    expect(matchPageRules(null, 'https://shop.example/', LISTS)).toEqual({ matches: false, rules: [] });
    expect(
      matchPageRules({ operator: 'xor', rules: [blog] } as never, 'https://shop.example/blog/x', LISTS).matches,
    ).toBe(false);
  });
});

describe('validateRuleValue', () => {
  // prettier-ignore
  const TABLE: readonly [value: unknown, answer: string | null][] = [
    ['https://shop.example',               null],
    ['https://shop.example/',              null],
    ['https://shop.example/blog/*',        null],
    ['https://shop.example*',              null],
    ['https://shop.example/p?a=1#top',     null],
    ['HTTPS://shop.example/pricing',       null],
    ['http://shop.example/',               INVALID],
    ['https:shop.example/pricing',         INVALID],
    ['https:/shop.example/pricing',        INVALID],
    ['shop.example/pricing',               INVALID],
    ['/pricing',                           INVALID],
    ['',                                   INVALID],
    ['https://',                           INVALID],
    ['https://*',                          INVALID],
    ['https://shop example.com/',          INVALID],
    [' https://shop.example/',             INVALID],
    ['https://shop.example/\n',            INVALID],
    ['javascript:alert(1)',                INVALID],
    ['ftp://shop.example/',                INVALID],
    // 2,048 characters in all, then 2,049
    [`https://shop.example/${'a'.repeat(2027)}`, null],
    [`https://shop.example/${'b'.repeat(2028)}`, INVALID],
    [null,                                 INVALID],
    [42,                                   INVALID],
  ];
  for (const [value, answer] of TABLE) {
    it(`${JSON.stringify(value)?.slice(0, 60)} -> ${answer ?? 'valid'}`, () => {
      expect(validateRuleValue(value)).toBe(answer);
    });
  }
});

describe('rulesCanMatch: false only when no URL can match', () => {
  const A = { kind: 'exact', value: 'https://shop.example/a' } as const;
  const B = { kind: 'exact', value: 'https://shop.example/b' } as const;
  // prettier-ignore
  const TABLE: readonly [label: string, operator: string, rules: PageRule[], lists: Map<string, UrlListRule[]> | undefined, can: boolean][] = [
    ['no rules',                                   'and', [],                                                                       undefined, false],
    ['no rules (or)',                              'or',  [],                                                                       undefined, false],
    ['one exact',                                  'and', [A],                                                                      undefined, true],
    ['exact A and exact B',                        'and', [A, B],                                                                   undefined, false],
    ['exact A or exact B',                         'or',  [A, B],                                                                   undefined, true],
    ['exact A and exact A/',                       'and', [A, { kind: 'exact', value: 'https://shop.example/a/' }],                 undefined, true],
    ['exact A and exact A?x=1',                    'and', [A, { kind: 'exact', value: 'https://shop.example/a?x=1' }],              undefined, true],
    ['exact A?x=1 and exact A?x=2',                'and', [{ kind: 'exact', value: 'https://shop.example/a?x=1' }, { kind: 'exact', value: 'https://shop.example/a?x=2' }], undefined, false],
    ['exact A and exact on another host',          'and', [A, { kind: 'exact', value: 'https://blog.example/a' }],                  undefined, false],
    ['contains X and not_contains X',              'and', [{ kind: 'contains', value: 'https://shop.example/x' }, { kind: 'not_contains', value: 'https://shop.example/x' }], undefined, false],
    ['contains drafts and not_contains blog',      'and', [{ kind: 'contains', value: 'https://shop.example/blog/drafts/' }, { kind: 'not_contains', value: 'https://shop.example/blog/' }], undefined, false],
    ['contains blog and not_contains drafts',      'and', [{ kind: 'contains', value: 'https://shop.example/blog/' }, { kind: 'not_contains', value: 'https://shop.example/blog/drafts/' }], undefined, true],
    ['exact blog post and not_contains blog',      'and', [{ kind: 'exact', value: 'https://shop.example/blog/post' }, { kind: 'not_contains', value: 'https://shop.example/blog' }], undefined, false],
    ['exact blog/* and not_contains blog',         'and', [{ kind: 'exact', value: 'https://shop.example/blog/*' }, { kind: 'not_contains', value: 'https://shop.example/blog' }], undefined, false],
    ['exact blog/* and not_contains blog drafts',  'and', [{ kind: 'exact', value: 'https://shop.example/blog/*' }, { kind: 'not_contains', value: 'https://shop.example/blog/drafts' }], undefined, true],
    ['contains X or not_contains X',               'or',  [{ kind: 'contains', value: 'https://shop.example/x' }, { kind: 'not_contains', value: 'https://shop.example/x' }], undefined, true],
    ['not_contains alone',                         'and', [{ kind: 'not_contains', value: 'https://shop.example/checkout' }], undefined, true],
    ['and with an invalid rule',                   'and', [A, { kind: 'contains', value: 'shop.example' }],                 undefined, false],
    ['or with an invalid rule and a valid one',    'or',  [A, { kind: 'contains', value: 'shop.example' }],                 undefined, true],
    ['or of invalid rules only',                   'or',  [{ kind: 'contains', value: 'shop.example' }, { kind: 'list' }],  undefined, false],
    ['a list (lists not given: unsure)',           'and', [{ kind: 'list', listId: 'whatever' }],                           undefined, true],
    ['a known list',                               'and', [{ kind: 'list', listId: 'docs' }],                               LISTS,     true],
    ['an unknown list',                            'and', [{ kind: 'list', listId: 'gone' }],                               LISTS,     false],
    ['an empty list',                              'or',  [{ kind: 'list', listId: 'empty' }],                              LISTS,     false],
    ['an unknown operator',                        'xor', [A],                                                              undefined, false],
  ];
  for (const [label, operator, rules, lists, can] of TABLE) {
    it(`${label} (${operator}) -> ${can ? 'can match' : 'has no effect'}`, () => {
      expectWith(rulesCanMatch({ operator, rules } as never, lists), label).toBe(can);
    });
  }
});

describe('pageRulesSchema: what a campaign may save (the request shape of DESIGN.md)', () => {
  const issues = (input: unknown) => {
    const result = pageRulesSchema.safeParse(input);
    return result.success
      ? result.data
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('keeps a value for value rules and a listId for list rules, trimmed', () => {
    expect(
      issues({
        operator: 'or',
        rules: [
          { kind: 'exact', value: ' https://shop.example/a ', listId: 'x' },
          { kind: 'list', listId: 'docs', value: 'https://x.example' },
        ],
      }),
    ).toEqual({
      operator: 'or',
      rules: [
        { kind: 'exact', value: 'https://shop.example/a' },
        { kind: 'list', listId: 'docs' },
      ],
    });
    expect(issues({ operator: 'and', rules: [] })).toEqual({ operator: 'and', rules: [] });
  });

  it('names what is wrong, rule by rule', () => {
    expect(issues({ rules: [] })).toEqual({ operator: 'Page rules are combined with and or or' });
    expect(
      issues({
        operator: 'and',
        rules: [
          { kind: 'list' },
          { kind: 'contains', value: 'shop.example' },
          { kind: 'regex', value: '.*' },
          { kind: 'not_contains' },
        ],
      }),
    ).toEqual({
      'rules.0.listId': 'Please select a URL list.',
      'rules.1.value': INVALID,
      'rules.2.kind': 'A page rule is contains, not_contains, exact or list',
      'rules.3.value': INVALID,
    });
    expect(
      issues({
        operator: 'and',
        rules: Array.from({ length: 101 }, () => ({ kind: 'contains', value: 'https://shop.example/' })),
      }),
    ).toEqual({ rules: 'At most 100 page rules' });
  });
});
