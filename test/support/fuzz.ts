import fc from 'fast-check';

/**
 * Generators for the route fuzzer (test/e2e/route-fuzzer.test.ts): hostile path parameters,
 * list queries and request bodies, all as raw HTTP text so that anything a client can send
 * (lone surrogates, NUL bytes, prototype keys, 10,000-deep JSON, bad JSON) can be generated.
 */

/** Object keys that are inherited by every plain object: `obj[userKey]` finds them. */
export const PROTO_KEYS = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'prototype',
];

/**
 * SQL fragments that turn a WHERE clause into a tautology when a value is pasted into SQL
 * instead of being bound (the most harmful kind of injection: it lists everything).
 */
export const TAUTOLOGIES = ['true OR true', '1=1 OR 1=1', 'TRUE OR 1=1 --', "' OR '1'='1", '1) OR (1=1', 'x OR true'];

export const HOSTILE_STRINGS = [
  ...PROTO_KEYS,
  ...TAUTOLOGIES,
  '1;SELECT pg_sleep(1)',
  "'; DROP TABLE rm_posts; --",
  '$1',
  '\\',
  '%',
  '_',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff',
  '\u202e',
  '😀',
  '../..',
  '..\\..',
  '//evil.example',
  '/a\u0000',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e308',
  '1e1000000',
  '-1e1000000',
  '9007199254740993',
  '2147483648',
  '2024-02-30',
  '0000-01-01',
  '9999-99-99',
  '2024-13-01',
  '2024-01-01',
  '2024-01-01T25:61:61Z',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'someone@example.com',
  'Ünïcödé@exämple.com',
  'http://127.0.0.1:1/',
  'http://[::ffff:127.0.0.1]/',
  'http://169.254.169.254/latest/meta-data',
  'http://0x7f000001/',
  'file:///etc/passwd',
  'a'.repeat(300),
  'x'.repeat(10_001),
];

/** HTML for rich text (sanitised on save): nesting, unclosed tags, scripts. */
export const HOSTILE_HTML = [
  '<p>x</p>',
  '<div>'.repeat(10_000),
  '<b><i>'.repeat(5000) + 'x',
  '<a href="javascript:alert(1)">x</a>',
  '<img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<!--',
  '<'.repeat(50_000),
  '<p>\u0000</p>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
];

export const HOSTILE_NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  1e20,
  1e300,
  1e308,
  -1e308,
  5e-324,
  2147483648,
  9007199254740993,
  Number.MAX_SAFE_INTEGER,
  -2147483649,
];

/** Raw JSON number texts JSON.stringify cannot produce. */
export const RAW_NUMBERS = ['1e1000000', '-1e1000000', '1e-1000000', '123456789012345678901234567890', '-0.0'];

/** Field names of the resources (DESIGN.md) so that bodies get past "missing field" checks. */
export const ID_FIELDS = [
  'id',
  'organisationId',
  'websiteId',
  'questionId',
  'userId',
  'postId',
  'answerId',
  'writerId',
  'editorId',
  'clusterId',
];
export const TEXT_FIELDS = [
  'name',
  'title',
  'email',
  'password',
  'newPassword',
  'url',
  'fromPath',
  'toPath',
  'body',
  'orgRole',
  'cmsRole',
  'croRole',
  'role',
  'type',
  'kind',
  'displayName',
  'text',
  'locale',
  'slug',
  'note',
  'action',
  'plan',
  'status',
  'key',
  'token',
  'orgName',
  'from',
  'code',
  'category',
  'dueDate',
  'country',
  'timezone',
  'reason',
];
export const NUMBER_FIELDS = ['expectedVersion', 'version', 'factCheckLevels', 'type', 'words'];
export const LIST_FIELDS = ['websiteIds', 'ids', 'locales', 'products', 'tags'];
export const BOOLEAN_FIELDS = [
  'secondEdit',
  'customerReview',
  'publishContent',
  'regulated',
  'fourEyes',
  'emailJoin',
  'isMobile',
];

/** Filter keys: real fields of the lists and the console's custom filters. */
export const FILTER_FIELDS = [
  'id',
  'organisationId',
  'websiteId',
  'status',
  'name',
  'title',
  'createdAt',
  'createdAt_gte',
  'createdAt_lte',
  'updatedAt',
  'updatedAt_gte',
  'updatedAt_lte',
  'q',
  'tab',
  'mine',
  'email',
  'userId',
  'questionId',
  'type',
  'orgRole',
];

/** A `{"a":{"a":...}}` JSON text `depth` levels deep. */
export function deepJson(depth: number, leaf = '1'): string {
  return '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
}

/** A `[[[...]]]` JSON text `depth` levels deep. */
export function deepArray(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** JSON text of an object whose keys may be `__proto__` (an own key in JSON, unlike in JS literals). */
export function objectText(entries: Array<[string, string]>): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/**
 * Percent-encodes a string for a URL the way a (careless) client would: UTF-8, except that a
 * lone surrogate is encoded as its generalised UTF-8 bytes (`%ED%A0%80`), which no server can
 * decode. Unreserved characters stay as they are.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    if (cp < 0x80 && /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(cp))) {
      out += String.fromCharCode(cp);
      continue;
    }
    const bytes =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** A small deterministic hash (FNV-1a), to derive one seed per route and actor. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** What the fuzzer knows of the running app: real ids to aim at, and real names. */
export interface FuzzContext {
  /** Ids of organisation B's records (a non-member must get 404 for them). */
  foreignIds: string[];
  /** Ids of records the actors may legitimately reach (the demo organisation's, their own). */
  ownIds: string[];
  /** The same ids by resource (`posts` -> ids), so `/api/posts/:id` mostly gets post ids. */
  foreignByResource: Record<string, string[]>;
  ownByResource: Record<string, string[]>;
  /** Website keys (B's and the demo's) for the public endpoints. */
  siteKeys: string[];
  /** Workflow action names and state machine names. */
  actions: string[];
  workflowNames: string[];
}

/** One generated request: a concrete path, a raw query string, and a raw body. */
export interface FuzzInput {
  path: string;
  query: string;
  body?: { text: string; type: string };
  /** Extra request headers (values a client can send: printable Latin-1). */
  headers?: Record<string, string>;
}

export function arbitraries(ctx: FuzzContext) {
  const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
  const idValue = fc.oneof(
    { arbitrary: fc.constantFrom(...ctx.foreignIds), weight: 4 },
    { arbitrary: fc.constantFrom(...(ctx.ownIds.length ? ctx.ownIds : ctx.foreignIds)), weight: 2 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: hostileString, weight: 2 },
  );
  const anyText = fc.oneof(
    { arbitrary: hostileString, weight: 6 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
    { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
  );

  /** JSON text of a hostile value (strings, numbers, nested things, wrong types). */
  const nested: fc.Arbitrary<string> = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
    fc.constantFrom(
      '{"a":{"b":{"c":[1,{"d":"\\u0000"}]}}}',
      '[{"a":1},{"b":[]}]',
      '[{"constructor":"x"}]',
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"toString":"x","valueOf":1}',
      deepArray(200),
      deepJson(200),
    ),
  );
  const valueText: fc.Arbitrary<string> = fc.oneof(
    { arbitrary: anyText.map((s) => JSON.stringify(s)), weight: 6 },
    { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS).map((n) => JSON.stringify(n)), weight: 2 },
    { arbitrary: fc.constantFrom(...RAW_NUMBERS), weight: 1 },
    { arbitrary: fc.constantFrom('true', 'false', 'null'), weight: 1 },
    { arbitrary: nested, weight: 2 },
    { arbitrary: fc.array(anyText, { maxLength: 3 }).map((a) => JSON.stringify(a)), weight: 1 },
  );
  const idText = fc.oneof(
    { arbitrary: idValue.map((v) => JSON.stringify(v)), weight: 4 },
    { arbitrary: fc.array(idValue, { maxLength: 3 }).map((a) => JSON.stringify(a)), weight: 1 },
    { arbitrary: valueText, weight: 1 },
  );

  /** A value fit for a field name: ids for id fields, lists for list fields, and so on. */
  const valueFor = (field: string): fc.Arbitrary<string> => {
    if (ID_FIELDS.includes(field)) return idText;
    if (field === 'ids' || field === 'websiteIds')
      return fc.oneof(
        fc.array(idValue, { maxLength: 4 }).map((a) => JSON.stringify(a)),
        valueText,
      );
    if (field === 'action')
      return fc.oneof(
        fc.constantFrom(...ctx.actions, ...PROTO_KEYS).map((a) => JSON.stringify(a)),
        valueText,
      );
    if (field === 'richText')
      return fc.oneof(
        fc.constant(`{"json":${deepJson(10_000)}}`),
        fc.constant('{"json":{"root":{"children":[{"type":"text","text":"\\u0000"}]}}}'),
        nested,
      );
    if (NUMBER_FIELDS.includes(field))
      return fc.oneof(
        fc.constantFrom(...HOSTILE_NUMBERS).map((n) => JSON.stringify(n)),
        fc.constantFrom(...RAW_NUMBERS),
        valueText,
      );
    if (BOOLEAN_FIELDS.includes(field))
      return fc.oneof(fc.constantFrom('true', 'false', '"true"', '1', 'null', '{}'), valueText);
    return valueText;
  };

  const FIELDS = [
    ...new Set([...ID_FIELDS, ...TEXT_FIELDS, ...NUMBER_FIELDS, ...LIST_FIELDS, ...BOOLEAN_FIELDS, 'richText']),
  ];
  const fieldName = fc.oneof(
    { arbitrary: fc.constantFrom(...FIELDS), weight: 8 },
    { arbitrary: fc.constantFrom(...PROTO_KEYS), weight: 1 },
    { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
  );
  const recordBody = fc
    .uniqueArray(fieldName, { maxLength: 7 })
    .chain((keys) => fc.tuple(...keys.map((k) => valueFor(k).map((v) => [k, v] as [string, string]))))
    .map((entries) => objectText(entries));

  /**
   * Bodies that look like what the console sends for this route (the resource's own fields with
   * valid values), with some fields replaced by hostile values: they get past "missing field"
   * checks and carry the hostile value deeper (validation, deciders, SQL, sanitiser).
   */
  const own = (resource: string) => ctx.ownByResource[resource] ?? [];
  const ownId = (resource: string) =>
    own(resource).length
      ? fc.constantFrom(...own(resource)).map((v) => JSON.stringify(v))
      : fc.uuid().map((v) => JSON.stringify(v));
  const text = (...values: string[]) => fc.constantFrom(...values).map((v) => JSON.stringify(v));
  const VALID: Record<string, fc.Arbitrary<string>> = {
    name: text('Fuzz', 'Fuzz name'),
    title: text('Fuzz title', 'What is fuzzing?'),
    email: fc.nat({ max: 999_999 }).map((n) => JSON.stringify(`fuzz${n}@example.com`)),
    password: text('Str0ng-pass!'),
    newPassword: text('Str0ng-pass!'),
    url: text(
      'https://fuzz.example',
      'https://fuzz.example/page',
      'http://127.0.0.1:1/',
      'http://[::1]/',
      'http://169.254.169.254/',
    ),
    fromPath: fc.nat({ max: 999_999 }).map((n) => JSON.stringify(`/fuzz-${n}`)),
    toPath: text('/fuzz-to', 'https://fuzz.example/to'),
    body: text('A fuzzed answer with enough words in it.'),
    orgRole: text('member', 'admin', 'owner', 'editor', 'writer'),
    cmsRole: text('writer', 'editor'),
    role: text('owner', 'member'),
    type: fc.constantFrom('"blog"', '"news"', '301', '302'),
    kind: text('expert', 'writer', 'webhook', 'zapier', 'hubspot', 'zoho'),
    displayName: text('Fuzz Expert'),
    text: text('Knows fuzzing.'),
    locale: text('en', 'en-GB'),
    plan: text('growth', 'starter', 'free'),
    note: text('fuzz'),
    reason: text('fuzz'),
    orgName: text('Fuzz Co'),
    category: text('general'),
    dueDate: text('2025-01-01'),
    action: fc.constantFrom(...ctx.actions).map((a) => JSON.stringify(a)),
    expectedVersion: fc.integer({ min: 0, max: 4 }).map(String),
    version: fc.integer({ min: 0, max: 4 }).map(String),
    websiteId: ownId('websites'),
    organisationId: ownId('organisations'),
    questionId: ownId('questions'),
    userId: ownId('users'),
    websiteIds: ownId('websites').map((v) => `[${v}]`),
    richText: fc
      .constantFrom(...HOSTILE_HTML)
      .map((html) => JSON.stringify({ html, json: { root: { children: [] } } })),
    secondEdit: fc.constantFrom('true', 'false'),
    // Integrations (ConnectIntegration) aimed at internal addresses, and rule sets at their limits and beyond (issue 25).
    settings: fc.constantFrom(
      ...[
        'https://[::127.0.0.1]/',
        'https://[::a9fe:a9fe]/',
        'https://[64:ff9b:1::7f00:1]/',
        'https://198.18.0.1/',
        'http://127.0.0.1:1/',
        'https://localhost./',
        'https://hooks.zapier.com/hooks/catch/1/abc/',
      ].map((url) => JSON.stringify({ url, secret: 'fuzz-secret-0123456789' })),
      JSON.stringify({ portalId: '1', formId: '../../x' }),
      JSON.stringify({ module: 'Leads', dataCenter: 'com', token: 'x'.repeat(5000) }),
    ),
    rules: fc.constantFrom(
      JSON.stringify(
        Array.from({ length: 500 }, (_, i) => ({
          kind: 'contains',
          value: `https://shop.demo.example/${i}-${'r'.repeat(1600)}`,
        })),
      ),
      JSON.stringify(
        Array.from({ length: 5000 }, (_, i) => ({ kind: 'exact', value: `https://shop.demo.example/${i}` })),
      ),
      JSON.stringify([{ kind: 'contains', value: 'https://shop.demo.example/(a+)+$' }]),
    ),
    pageRules: fc.constantFrom(
      JSON.stringify({
        operator: 'or',
        rules: Array.from({ length: 150 }, () => ({
          kind: 'list',
          listId: ctx.ownByResource['url-lists']?.[0] ?? 'x',
        })),
      }),
      JSON.stringify({
        operator: 'and',
        rules: Array.from({ length: 1000 }, (_, i) => ({
          kind: 'not_contains',
          value: `https://shop.demo.example/${i}`,
        })),
      }),
    ),
    factCheckLevels: fc.integer({ min: 0, max: 4 }).map(String),
  };
  const TEMPLATES: Record<string, string[]> = {
    organisations: ['name', 'country', 'timezone'],
    websites: ['organisationId', 'name', 'url', 'secondEdit', 'factCheckLevels'],
    members: ['organisationId', 'email', 'name', 'orgRole', 'cmsRole', 'websiteIds'],
    questions: ['websiteId', 'title', 'body', 'category'],
    answers: ['questionId', 'body'],
    posts: ['websiteId', 'title', 'type', 'locale', 'richText', 'dueDate', 'category'],
    'redirect-rules': ['websiteId', 'fromPath', 'toPath', 'type'],
    bios: ['websiteId', 'kind', 'displayName', 'text', 'userId'],
    'auth/signup': ['email', 'password', 'name', 'orgName'],
    'auth/login': ['email', 'password'],
    'auth/user/upsert': ['email', 'name', 'role'],
    'auth/password_reset/send': ['email'],
    'auth/password_reset/confirm': ['password', 'newPassword'],
    'auth/user/initialPassword': ['password'],
    'bulk-actions': ['action', 'ids', 'note'],
    actions: [
      'expectedVersion',
      'note',
      'userId',
      'websiteId',
      'websiteIds',
      'orgRole',
      'plan',
      'title',
      'richText',
      'reason',
      'kind',
      'settings',
    ],
    'url-lists': ['websiteId', 'name', 'rules'],
    campaigns: ['websiteId', 'name', 'url', 'pageRules'],
  };
  const templateFor = (routePath: string, method: string): string[] => {
    const resource = /^\/api\/([a-z-]+)/.exec(routePath)?.[1] ?? '';
    if (routePath.endsWith('/bulk-actions')) return TEMPLATES['bulk-actions'];
    if (routePath.includes('/actions/')) return TEMPLATES.actions;
    const auth = Object.keys(TEMPLATES).find((k) => k.startsWith('auth/') && routePath.startsWith(`/api/${k}`));
    if (auth) return TEMPLATES[auth];
    const fields = TEMPLATES[resource] ?? ['name', 'title'];
    return method === 'put' ? [...fields, 'version'] : fields;
  };
  const templated = (routePath: string, method: string): fc.Arbitrary<string> => {
    const resource = /^\/api\/([a-z-]+)/.exec(routePath)?.[1] ?? '';
    const fields = templateFor(routePath, method);
    const valid = (field: string) =>
      field === 'ids' ? ownId(resource).map((v) => `[${v}]`) : (VALID[field] ?? valueFor(field));
    const base = fc.tuple(...fields.map((field) => valid(field).map((v) => [field, v] as [string, string])));
    // Mostly one or two fields made hostile (or left out), the others valid, sometimes one more field.
    const mutation = fc.record({
      hostile: fc.oneof(
        { arbitrary: fc.constant([] as string[]), weight: 2 },
        { arbitrary: fc.constantFrom(...fields).map((f) => [f]), weight: 4 },
        ...(fields.length > 1
          ? [{ arbitrary: fc.uniqueArray(fc.constantFrom(...fields), { minLength: 2, maxLength: 2 }), weight: 2 }]
          : []),
      ),
      dropped: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 5 },
        { arbitrary: fc.constantFrom(...fields), weight: 1 },
      ),
      extra: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 5 },
        { arbitrary: fc.tuple(fieldName, valueText), weight: 1 },
      ),
    });
    return fc.tuple(base, mutation).chain(([entries, m]) =>
      fc.tuple(...m.hostile.map((f) => valueFor(f).map((v) => [f, v] as [string, string]))).map((replacements) => {
        const out = entries
          .filter(([f]) => f !== m.dropped)
          .map(([f, v]) => replacements.find(([r]) => r === f) ?? ([f, v] as [string, string]));
        return objectText(m.extra ? [...out, m.extra] : out);
      }),
    );
  };

  /** Raw bodies nobody should have to parse twice. */
  const RAW_BODIES = [
    '{"__proto__":{"x":1}}',
    '{"__proto__":{"isAdmin":true,"platformAdmin":true},"name":"proto"}',
    '{"constructor":{"prototype":{"x":1}},"name":"c"}',
    deepJson(10_000),
    deepArray(10_000),
    `{"title":"deep","type":"blog","richText":{"json":${deepJson(10_000)}}}`,
    '{"name":"\\u0000","title":"a\\u0000b","email":"x\\u0000@example.com"}',
    '{"name":"\\ud800","title":"\\udfff","body":"x\\ud800y"}',
    '{"name": "unterminated',
    '{',
    '[',
    '{"a":1,}',
    "{'a':1}",
    'nul',
    '\u0000',
    '"just a string"',
    '123',
    '1e1000000',
    'null',
    '[]',
    '[1,2,3]',
    '{"expectedVersion":1e1000000,"version":-1e1000000}',
    '{"expectedVersion":"1","version":{"a":1}}',
    '{"ids":[{"a":1}],"action":"constructor"}',
    '{"ids":"not a list","action":"__proto__"}',
    `{"name":"${'x'.repeat(1_100_000)}"}`,
  ];
  const bodyText = fc.oneof(
    { arbitrary: recordBody, weight: 10 },
    { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 4 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'), weight: 2 },
    { arbitrary: fc.object().map((o) => JSON.stringify(o) ?? '{}'), weight: 1 },
  );
  const body = fc.oneof(
    { arbitrary: bodyText.map((body) => ({ text: body, type: 'application/json' })), weight: 12 },
    { arbitrary: anyText.map((body) => ({ text: body, type: 'text/plain' })), weight: 1 },
    { arbitrary: bodyText.map((body) => ({ text: body, type: 'application/x-www-form-urlencoded' })), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );

  // ---- query strings -------------------------------------------------------------------------

  const filterKey = fc.oneof(
    { arbitrary: fc.constantFrom(...PROTO_KEYS), weight: 3 },
    { arbitrary: fc.constantFrom(...FILTER_FIELDS), weight: 5 },
    { arbitrary: fc.string({ maxLength: 8 }), weight: 1 },
  );
  const filterValue = fc.oneof(
    { arbitrary: fc.constantFrom(...TAUTOLOGIES).map((s) => JSON.stringify(s)), weight: 3 },
    { arbitrary: valueText, weight: 6 },
    { arbitrary: idText, weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '" "',
        '"1e1000000"',
        '1e20',
        '[{"a":1},{"b":2}]',
        '{"a":{"b":1}}',
        '[]',
        '["\\u0000"]',
        '"\\ud800"',
      ),
      weight: 2,
    },
  );
  const filterJson = fc.oneof(
    { arbitrary: fc.tuple(filterKey, filterValue).map(([k, v]) => objectText([[k, v]])), weight: 4 },
    { arbitrary: fc.array(fc.tuple(filterKey, filterValue), { maxLength: 4 }).map((e) => objectText(e)), weight: 3 },
    { arbitrary: valueText, weight: 1 },
    { arbitrary: fc.constantFrom('{', '{"id":', 'not json', '{"a":1}}', deepJson(1000)), weight: 1 },
  );
  const sortField = fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.constantFrom(...FILTER_FIELDS), anyText);
  const sortDirection = fc.oneof(
    fc.constantFrom('ASC', 'DESC', 'asc', 'SIDEWAYS', 'ASC; DROP TABLE x', 'DESC NULLS FIRST, (SELECT 1)', ''),
    anyText,
  );
  const sortJson = fc.oneof(
    fc.tuple(sortField, sortDirection).map((t) => JSON.stringify(t)),
    fc.constantFrom(
      '["constructor","ASC"]',
      '["__proto__","DESC"]',
      '["toString","ASC"]',
      '["id"]',
      '[1,"ASC"]',
      '[]',
      '{}',
      '["id",null]',
      '["id",{"a":1}]',
    ),
    valueText,
  );
  const rangeJson = fc.oneof(
    fc.constantFrom(
      '[1e20,1e20]',
      '[-1,5]',
      '[0,1e300]',
      '["a",1]',
      '[5,1]',
      '[0]',
      '[0,1,2]',
      '[1.5,2.5]',
      '[2147483647,2147483648]',
      '[0,9007199254740993]',
      '{}',
      '[null,null]',
    ),
    fc
      .tuple(
        fc.oneof(fc.integer(), fc.constantFrom(...HOSTILE_NUMBERS)),
        fc.oneof(fc.integer(), fc.constantFrom(...HOSTILE_NUMBERS)),
      )
      .map((t) => JSON.stringify(t)),
    valueText,
  );
  const numberText = fc.oneof(
    fc.constantFrom(
      '1e300',
      '-5',
      '0',
      '1.5',
      'NaN',
      'Infinity',
      '-Infinity',
      '9007199254740993',
      '2147483648',
      '1e20',
      '',
      ' ',
      '0x10',
      '1_000',
      '١',
    ),
    fc.integer().map(String),
    anyText,
  );
  const dateText = fc.oneof(
    fc.constantFrom(
      '2024-02-30',
      '0000-01-01',
      '9999-99-99',
      '2024-01-01',
      '+275760-09-13',
      '2024-1-1',
      '20240101',
      '1970-01-01',
    ),
    anyText,
  );
  const pathText = fc.oneof(
    fc.constantFrom(
      '/a\u0000',
      '/a',
      '/',
      '//evil.example',
      '/\\evil',
      '/b-old',
      '/%',
      `/${'x'.repeat(3000)}`,
      '/\ud800',
    ),
    anyText,
  );
  const keyText = fc.oneof(
    { arbitrary: fc.constantFrom(...ctx.siteKeys), weight: 3 },
    { arbitrary: anyText, weight: 1 },
  );

  /** One `name=value` pair (value is text to percent-encode), or raw query text. */
  const pair: fc.Arbitrary<string> = fc.oneof(
    { arbitrary: filterJson.map((v) => `filter=${percentEncode(v)}`), weight: 8 },
    { arbitrary: sortJson.map((v) => `sort=${percentEncode(v)}`), weight: 3 },
    { arbitrary: rangeJson.map((v) => `range=${percentEncode(v)}`), weight: 3 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('page', 'limit', 'perPage', 'offset'), numberText)
        .map(([k, v]) => `${k}=${percentEncode(v)}`),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('sort', 'sortDirection'), fc.oneof(sortField, sortDirection))
        .map(([k, v]) => `${k}=${percentEncode(v)}`),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(fc.constantFrom('from', 'to'), dateText).map(([k, v]) => `${k}=${percentEncode(v)}`),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(fc.constantFrom('search', 'q'), anyText).map(([k, v]) => `${k}=${percentEncode(v)}`),
      weight: 2,
    },
    { arbitrary: keyText.map((v) => `key=${percentEncode(v)}`), weight: 2 },
    { arbitrary: pathText.map((v) => `path=${percentEncode(v)}`), weight: 2 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('url', 'websiteId', 'organisationId', 'id', 'status', 'tab', 'format', 'resource'),
          fc.oneof(idValue, anyText),
        )
        .map(([k, v]) => `${k}=${percentEncode(v)}`),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom(
        'filter=%7B',
        'filter',
        'filter=',
        'filter[constructor]=x',
        'filter[__proto__][x]=1',
        '__proto__[x]=1',
        'constructor[prototype][x]=1',
        'sort[]=id',
        'page[]=1',
        'filter=%ED%A0%80',
        'search=%ED%A0%80',
        'search=%00',
        'search=%',
        'search=%zz',
        `search=${'y'.repeat(10_000)}`,
        `filter=${percentEncode(JSON.stringify({ q: 'z'.repeat(10_000) }))}`,
        'page=1e300',
        'limit=-5',
        'page=1e300&limit=1e300',
        'from=2024-02-30',
        'to=0000-01-01',
      ),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.string({ maxLength: 8 }), anyText)
        .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`),
      weight: 1,
    },
  );
  /** Several pairs, sometimes the same name twice (Express then answers an array). */
  const query = fc.oneof(
    { arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.join('&')), weight: 6 },
    { arbitrary: pair.map((p) => `${p}&${p}`), weight: 1 },
    { arbitrary: fc.constant(''), weight: 1 },
  );

  // ---- path parameters -----------------------------------------------------------------------

  /** Raw path segments (already in URL form). */
  const RAW_SEGMENTS = [
    '%00',
    'a%00b',
    '%ED%A0%80',
    '..',
    '.',
    '../..',
    '..%2F..',
    '%2e%2e',
    '%',
    '%zz',
    'a%2Fb',
    '%20',
    '%FF',
    '%C0%AE',
  ];
  const segment = (name: string, resource: string): fc.Arbitrary<string> => {
    const hostile = fc.oneof(
      { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 2 },
      { arbitrary: hostileString.filter((s) => s.length > 0).map(percentEncode), weight: 3 },
      { arbitrary: fc.constantFrom('1e308', '-1', '0', 'x'.repeat(5000)), weight: 1 },
    );
    if (name === 'id') {
      const foreign = ctx.foreignByResource[resource] ?? [];
      const own = ctx.ownByResource[resource] ?? [];
      return fc.oneof(
        ...(foreign.length ? [{ arbitrary: fc.constantFrom(...foreign), weight: 4 }] : []),
        ...(own.length ? [{ arbitrary: fc.constantFrom(...own), weight: 3 }] : []),
        { arbitrary: idValue.map(percentEncode), weight: 2 },
        { arbitrary: hostile, weight: 3 },
      );
    }
    if (name === 'action')
      return fc.oneof(
        { arbitrary: fc.constantFrom(...ctx.actions), weight: 4 },
        { arbitrary: fc.constantFrom(...PROTO_KEYS), weight: 2 },
        { arbitrary: hostile, weight: 1 },
      );
    if (name === 'name')
      return fc.oneof(
        { arbitrary: fc.constantFrom(...ctx.workflowNames, ...PROTO_KEYS), weight: 2 },
        { arbitrary: hostile, weight: 1 },
      );
    return fc.oneof({ arbitrary: fc.stringMatching(/^[0-9a-f]{8,64}$/), weight: 1 }, { arbitrary: hostile, weight: 2 });
  };

  // ---- headers -------------------------------------------------------------------------------

  /** Header values Node's HTTP client lets through (no control characters, Latin-1). */
  const headerText = fc.oneof(
    hostileString.filter((v) => /^[\t\x20-\x7e\x80-\xff]*$/.test(v) && v.length < 8000),
    fc.constantFrom('Googlebot/2.1', 'Mozilla/5.0', 'x'.repeat(7000), 'sid=%00', '\xff\xfe'),
  );
  const headers = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 12 },
    {
      arbitrary: fc
        .uniqueArray(
          fc.oneof(
            fc.tuple(
              fc.constantFrom(
                'X-Visitor-User-Agent',
                'User-Agent',
                'Referer',
                'X-Forwarded-For',
                'X-Forwarded-Host',
                'X-Forwarded-Proto',
                'Accept-Language',
                'Accept',
              ),
              headerText,
            ),
            fc.tuple(fc.constant('Range'), fc.constantFrom('posts=0-1e20', 'items=-1-5', 'bytes=0-', 'posts=a-b', '=')),
            fc.tuple(
              fc.constant('Cookie'),
              fc.constantFrom(
                'sid=%00',
                'sid=constructor',
                "sid=' OR '1'='1",
                `sid=${'a'.repeat(4000)}`,
                'sid=',
                'sid=%ED%A0%80',
                'sid=1; sid=2',
              ),
            ),
            fc.tuple(fc.constant('Content-Encoding'), fc.constantFrom('gzip', 'deflate', 'br', 'bogus', 'identity')),
            fc.tuple(fc.constant('Origin'), fc.constantFrom('null', 'https://evil.example')),
          ),
          { minLength: 1, maxLength: 3, selector: ([name]) => name },
        )
        .map((pairs) => Object.fromEntries(pairs)),
      weight: 2,
    },
  );
  const contentTypes = fc.constantFrom(
    'application/json; charset=utf-16',
    'application/json; charset=bogus',
    'application/json; charset=latin1',
    'application/merge-patch+json',
    'application/vnd.api+json',
    'multipart/form-data; boundary=x',
    'application/json, text/plain',
  );

  // ---- the tracking routes (issue 25): batches as the tracker sends them, with hostile shapes ----

  const now = Date.now();
  const eventTime = fc.oneof(
    {
      arbitrary: fc.integer({ min: -400 * 86_400, max: 240 }).map((s) => new Date(now + s * 1000).toISOString()),
      weight: 6,
    },
    {
      arbitrary: fc.constantFrom(
        '0001-01-01T00:00:00.000Z',
        '9999-12-31T23:59:59.999Z',
        '2024-02-30T00:00:00Z',
        'now',
        '',
        '1e20',
        '+275760-09-13T00:00:00.000Z',
      ),
      weight: 1,
    },
  );
  const eventName = fc.oneof(
    {
      arbitrary: fc.constantFrom(
        'page_view',
        'cta_impression',
        'cta_click',
        'form_submitted',
        'experiment_exposure',
        'cta_holdout',
        'purchase',
        'form_submit',
      ),
      weight: 5,
    },
    { arbitrary: anyText, weight: 1 },
  );
  /** Ids that come back across requests: the same id with other times (the poison of issue 25). */
  const reusedId = fc.constantFrom('fuzz-dup-1', 'fuzz-dup-2', 'fuzz-dup-3');
  const oneEvent = fc.record(
    {
      id: fc.oneof(
        { arbitrary: reusedId, weight: 3 },
        { arbitrary: fc.uuid(), weight: 3 },
        { arbitrary: anyText, weight: 1 },
      ),
      name: eventName,
      distinctId: fc.oneof(
        { arbitrary: fc.constantFrom('fuzz-heavy', 'fuzz-visitor'), weight: 4 },
        { arbitrary: anyText, weight: 1 },
      ),
      time: eventTime,
      url: fc.oneof(
        fc.constantFrom(
          'https://shop.demo.example/',
          'https://shop.demo.example/%61ccount/x',
          `https://shop.demo.example/${'p'.repeat(3000)}`,
        ),
        anyText,
      ),
      ctaId: idValue,
      campaignId: idValue,
      experimentId: idValue,
      variant: fc.oneof(fc.constantFrom('control', 'b'), anyText),
      value: fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.constant(9.99)),
      properties: fc.oneof(
        fc.constant({ plan: 'pro' }),
        fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })), anyText, { maxKeys: 4 }),
      ),
      fields: fc.dictionary(fc.oneof(fc.constantFrom('email', ...PROTO_KEYS), fc.string({ maxLength: 8 })), anyText, {
        maxKeys: 4,
      }),
    },
    { requiredKeys: ['name', 'distinctId', 'time'] },
  );
  /** One visitor's clicks, 100 (the most a batch takes) with fresh ids: over a run, thousands for one visitor. */
  const heavyBatch = fc.uuid().map((prefix) =>
    Array.from({ length: 100 }, (_, i) => ({
      id: `${prefix.slice(0, 8)}-${i}`,
      name: 'cta_click',
      distinctId: 'fuzz-heavy',
      time: new Date(now - i * 1000).toISOString(),
      url: 'https://shop.demo.example/',
    })),
  );
  /** The same id twice in one batch, with two times. */
  const twinBatch = fc.tuple(reusedId, eventTime, eventTime).map(([id, a, b]) => [
    { id, name: 'purchase', distinctId: 'fuzz-visitor', time: a },
    { id, name: 'purchase', distinctId: 'fuzz-visitor', time: b },
  ]);
  const collectBody = fc
    .record({
      siteKey: fc.oneof({ arbitrary: fc.constantFrom(...ctx.siteKeys), weight: 6 }, { arbitrary: anyText, weight: 1 }),
      events: fc.oneof(
        { arbitrary: fc.array(oneEvent, { minLength: 1, maxLength: 20 }), weight: 6 },
        { arbitrary: heavyBatch, weight: 2 },
        { arbitrary: twinBatch, weight: 2 },
        { arbitrary: fc.array(oneEvent, { minLength: 101, maxLength: 120 }), weight: 1 },
      ),
    })
    .map((b) => JSON.stringify(b));
  /** Placements of a known key for hostile page URLs. */
  const placementsQuery = fc
    .oneof(
      fc.constantFrom(
        'https://shop.demo.example/',
        `https://shop.demo.example/${'q'.repeat(9000)}`,
        'https://shop.demo.example/%61ccount',
        'javascript:alert(1)',
        '',
        '%',
      ),
      fc.webUrl(),
      anyText,
    )
    .map((u) => `url=${percentEncode(u)}`);

  /** Requests for one route pattern (`/api/posts/:id/actions/:action`). */
  const requestFor = (method: string, routePath: string): fc.Arbitrary<FuzzInput> => {
    if (method === 'post' && routePath === '/api/public/collect') {
      return fc
        .record({
          body: fc.oneof(
            { arbitrary: collectBody.map((text) => ({ text, type: 'text/plain' })), weight: 6 },
            { arbitrary: collectBody.map((text) => ({ text, type: 'application/json' })), weight: 1 },
            { arbitrary: body, weight: 2 },
          ),
          headers,
        })
        .map(({ body: b, headers: h }) => ({ path: routePath, query: '', body: b, ...(h ? { headers: h } : {}) }));
    }
    if (method === 'get' && routePath === '/api/public/sites/:key/placements') {
      return fc
        .record({
          key: fc.oneof(
            { arbitrary: fc.constantFrom(...ctx.siteKeys), weight: 4 },
            { arbitrary: segment('key', 'public'), weight: 1 },
          ),
          query: fc.oneof({ arbitrary: placementsQuery, weight: 4 }, { arbitrary: query, weight: 1 }),
          headers,
        })
        .map(({ key, query: q, headers: h }) => ({
          path: `/api/public/sites/${percentEncode(key)}/placements`,
          query: q,
          ...(h ? { headers: h } : {}),
        }));
    }
    const names = [...routePath.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
    const resource = /^\/api\/([a-z-]+)/.exec(routePath)?.[1] ?? '';
    const params = fc.tuple(...names.map((name) => segment(name, resource)));
    const hasBody = method !== 'get';
    // The public lookups answer "key is missing!" to almost anything: give them a key and a path.
    const routeQuery = routePath.startsWith('/api/public/')
      ? fc.oneof(
          {
            arbitrary: fc
              .tuple(keyText, pathText, fc.array(pair, { maxLength: 2 }))
              .map(([k, p, more]) => [`key=${percentEncode(k)}`, `path=${percentEncode(p)}`, ...more].join('&')),
            weight: 4,
          },
          { arbitrary: query, weight: 1 },
        )
      : query;
    return fc
      .record({
        params,
        query: hasBody
          ? fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, { arbitrary: routeQuery, weight: 1 })
          : routeQuery,
        body: hasBody
          ? fc.oneof(
              {
                arbitrary: templated(routePath, method).map((b) => ({ text: b, type: 'application/json' })),
                weight: 14,
              },
              { arbitrary: body, weight: 6 },
              {
                arbitrary: fc.tuple(templated(routePath, method), contentTypes).map(([b, type]) => ({ text: b, type })),
                weight: 1,
              },
            )
          : fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, { arbitrary: body, weight: 1 }),
        headers,
      })
      .map(({ params: values, query: q, body: b, headers: h }) => {
        let i = 0;
        const path = routePath.replace(/:[A-Za-z]+/g, () => values[i++]);
        return { path, query: q, body: b, ...(h ? { headers: h } : {}) };
      });
  };

  return { requestFor, query, body, filterJson };
}

/**
 * The classic attacks every list gets once per actor, whatever the seed: each prototype key as a
 * filter (with a plain value and with a tautology), sort and range edge cases, numbers and dates
 * out of range, NUL and lone surrogates in the search.
 */
export function classicQueries(): string[] {
  const out: string[] = [];
  for (const key of PROTO_KEYS.slice(0, 5)) {
    out.push(`filter=${percentEncode(objectText([[key, '"x"']]))}`);
    out.push(`filter=${percentEncode(objectText([[key, '"true OR true"']]))}`);
  }
  out.push(
    `sort=${percentEncode('["constructor","ASC"]')}`,
    `sort=${percentEncode('["__proto__","DESC"]')}`,
    `sort=${percentEncode('["toString","ASC"]')}`,
    `sort=${percentEncode('["id","SIDEWAYS"]')}`,
    'sort=constructor&sortDirection=ASC',
    `range=${percentEncode('[1e20,1e20]')}`,
    `range=${percentEncode('[-1,5]')}`,
    `range=${percentEncode('[0,1e300]')}`,
    `range=${percentEncode('["a",1]')}`,
    'page=1e300',
    'limit=-5',
    'page=2147483647&limit=1000',
    'from=2024-02-30',
    'to=0000-01-01',
    'from=9999-99-99',
    'search=%00',
    `search=${percentEncode('\ud800')}`,
    `search=${'s'.repeat(10_000)}`,
    `filter=${percentEncode(JSON.stringify({ q: '\u0000' }))}`,
    `filter=${percentEncode(JSON.stringify({ q: '\ud800' }))}`,
    `filter=${percentEncode(JSON.stringify({ createdAt_gte: '2024-02-30' }))}`,
    `filter=${percentEncode(JSON.stringify({ createdAt_gte: '1e1000000' }))}`,
    `filter=${percentEncode(JSON.stringify({ updatedAt_lte: '0000-01-01' }))}`,
    `filter=${percentEncode(JSON.stringify({ id: [{ a: 1 }] }))}`,
    `filter=${percentEncode(JSON.stringify({ status: { a: 1 } }))}`,
    `filter=${percentEncode(JSON.stringify({ title: '\u0000' }))}`,
    'filter=%7B',
    'filter=a&filter=b',
  );
  return out;
}

/** The classic bodies every write route gets once per actor. */
export function classicBodies(): Array<{ text: string; type: string }> {
  return [
    '{"__proto__":{"x":1}}',
    deepJson(10_000),
    `{"title":"deep","name":"deep","richText":{"json":${deepJson(10_000)}}}`,
    '{"name":"\\u0000","title":"a\\u0000b","body":"\\u0000","fromPath":"/a\\u0000","email":"a\\u0000@example.com"}',
    '{"name":"\\ud800","title":"\\ud800","body":"\\ud800","fromPath":"/\\ud800"}',
    '{"name": "unterminated',
    '{"expectedVersion":1e20,"version":1e20,"name":"v","title":"v"}',
    '{"expectedVersion":-1,"version":1.5,"name":"v","title":"v"}',
  ].map((text) => ({ text, type: 'application/json' }));
}
