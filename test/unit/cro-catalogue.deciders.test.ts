// The CRO catalogue deciders (product, conversion goal, URL list) against tables typed by hand
// from libs/cro/src/domain/roles.ts (the role table: "Products" column yes for admin, manager,
// editor; "Goals, URL lists" yes for admin, manager, analyst; organisation owners and admins and
// platform admins count as CRO admins), DESIGN.md ("CRO resources: the request shapes"; HTTP
// conventions: 403 the role may not, 404 unknown, 409 conflict, 422 not in this state or a
// validation rule) and seed 001 (section 5: "Please enter a product name.", score 1 to 10, star
// rating 1 to 5, "Please enter a goal name.", "Please select a conversion type."; section 8 and
// the brief: "Error: The Product is Used by other element").
//
// Nothing here reads the deciders' own transition tables or schemas: every expected answer is written out.
import { describe, expect, it } from '@jest/globals';
import { NONE, checkTable, type Column, type Row } from '../support/decider-table.js';
import { given } from '../support/given.js';
import { goalDecider } from '#libs/cro/src/domain/goal.decider.js';
import { productDecider } from '#libs/cro/src/domain/product.decider.js';
import { urlListDecider } from '#libs/cro/src/domain/url-list.decider.js';
import type { Actor, DomainEvent } from '#libs/platform/src/decider.js';

// --- Who acts: the roles the policy gives (user, organisation role, cms:{role}, cro:{role}).
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
const ANNA = { id: 'u-anna', name: 'Anna Analyst' };
const anna: Actor = { userId: 'u-anna', name: 'Anna Analyst', roles: ROLES.analyst };
const OWNER = { organisationId: 'org-1', websiteId: 'w-1' };

// --- Products.
const PRODUCT_NULLS = {
  type: null,
  displayName: null,
  shortDescription: null,
  primaryCta: null,
  secondaryCta: null,
  reviewUrl: null,
  reviewCount: null,
  score: null,
  starRating: null,
  pricing: null,
  images: null,
  tags: [],
  topics: [],
};
const pCreated = { type: 'ProductCreated', data: { name: 'Acme CRM', ...PRODUCT_NULLS, ...OWNER, createdBy: MARA } };
const pUpdated = { type: 'ProductUpdated', data: { shortDescription: 'The CRM for small teams' } };
const pDeleted = { type: 'ProductDeleted', data: {} };
const pRestored = { type: 'ProductRestored', data: {} };
const PRODUCT_HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  active: [[pCreated], [pCreated, pUpdated], [pCreated, pDeleted, pRestored]],
  deleted: [
    [pCreated, pDeleted],
    [pCreated, pUpdated, pDeleted],
  ],
};
const PRODUCT_DATA: Record<string, unknown> = {
  Create: { ...OWNER, name: 'Beta Mail' },
  Update: { name: 'Acme CRM Pro' },
  Delete: {},
  Restore: {},
};

// prettier-ignore
const PRODUCT_TABLE: readonly Row[] = [
  // action    from       owner     org admin platform  cro admin manager   editor    analyst creator viewer none
  ['Create',  NONE,      'active', 'active', 'active', 'active', 'active', 'active', 403,    403,    403,   403],
  ['Create',  'active',  422,      422,      422,      422,      422,      422,      422,    422,    422,   422],
  ['Create',  'deleted', 422,      422,      422,      422,      422,      422,      422,    422,    422,   422],
  ['Update',  NONE,      404,      404,      404,      404,      404,      404,      404,    404,    404,   404],
  ['Update',  'active',  '=',      '=',      '=',      '=',      '=',      '=',      403,    403,    403,   403],
  ['Update',  'deleted', 422,      422,      422,      422,      422,      422,      422,    422,    422,   422],
  ['Delete',  NONE,      404,      404,      404,      404,      404,      404,      404,    404,    404,   404],
  ['Delete',  'active',  'deleted','deleted','deleted','deleted','deleted','deleted',403,    403,    403,   403],
  ['Delete',  'deleted', 422,      422,      422,      422,      422,      422,      422,    422,    422,   422],
  ['Restore', NONE,      404,      404,      404,      404,      404,      404,      404,    404,    404,   404],
  ['Restore', 'active',  422,      422,      422,      422,      422,      422,      422,    422,    422,   422],
  ['Restore', 'deleted', 'active', 'active', 'active', 'active', 'active', 'active', 403,    403,    403,   403],
];

describe('the product table (typed by hand)', () => {
  checkTable({
    decider: productDecider,
    columns: COLUMNS,
    rows: PRODUCT_TABLE,
    histories: PRODUCT_HISTORIES,
    data: PRODUCT_DATA,
    context: () => ({ usedByCtas: 0 }),
  });
});

describe('product events', () => {
  it('Create records every field, empty ones as null or [], with its website and who created it', () => {
    const events = given(productDecider, [])
      .when({ type: 'Create', data: { ...OWNER, name: '  Acme CRM  ' }, actor: mara })
      .then([pCreated]);
    expect(given(productDecider, events).state).toEqual({
      status: 'active',
      organisationId: 'org-1',
      websiteId: 'w-1',
      createdBy: 'u-mara',
      fields: { name: 'Acme CRM', ...PRODUCT_NULLS },
    });
  });

  it('Create takes the whole request shape of DESIGN.md; unknown fields are dropped, currencies upper-cased', () => {
    given(productDecider, [])
      .when({
        type: 'Create',
        actor: mara,
        data: {
          ...OWNER,
          name: 'Acme CRM',
          type: 'saas',
          displayName: 'Acme',
          shortDescription: 'CRM',
          primaryCta: { url: 'https://acme.example/try', text: 'Try it' },
          secondaryCta: { url: 'https://acme.example/demo', text: 'Book a demo' },
          reviewUrl: 'https://blog.example/acme-review',
          reviewCount: 12,
          score: 10,
          starRating: 4.5,
          pricing: { type: 'subscription', currency: 'usd', startingPrice: 9.99, freeTrial: true, trialDays: 14 },
          images: { logo: 'https://cdn.example/acme.png' },
          tags: ['crm', 'sales'],
          topics: ['Sales'],
          status: 'deleted',
          allowedActions: ['Delete'],
        },
      })
      .then([
        {
          type: 'ProductCreated',
          data: {
            name: 'Acme CRM',
            type: 'saas',
            displayName: 'Acme',
            shortDescription: 'CRM',
            primaryCta: { url: 'https://acme.example/try', text: 'Try it' },
            secondaryCta: { url: 'https://acme.example/demo', text: 'Book a demo' },
            reviewUrl: 'https://blog.example/acme-review',
            reviewCount: 12,
            score: 10,
            starRating: 4.5,
            pricing: { type: 'subscription', currency: 'USD', startingPrice: 9.99, freeTrial: true, trialDays: 14 },
            images: { icon: null, logo: 'https://cdn.example/acme.png', avatar: null },
            tags: ['crm', 'sales'],
            topics: ['Sales'],
            ...OWNER,
            createdBy: MARA,
          },
        },
      ]);
  });

  it('a product needs a name: "Please enter a product name." (422) under name', () => {
    for (const data of [{ ...OWNER }, { ...OWNER, name: '' }, { ...OWNER, name: '   ' }, { ...OWNER, name: null }]) {
      given(productDecider, [])
        .when({ type: 'Create', data, actor: mara })
        .refused(422, 'Please enter a product name.');
      expect(errorsOf(productDecider, [], { type: 'Create', data, actor: mara })).toEqual({
        name: 'Please enter a product name.',
      });
    }
    given(productDecider, [pCreated])
      .when({ type: 'Update', data: { name: ' ' }, actor: mara })
      .refused(422, 'Please enter a product name.');
    given(productDecider, [pCreated])
      .when({ type: 'Update', data: { name: null }, actor: mara })
      .refused(422, 'Please enter a product name.');
    given(productDecider, [pCreated])
      .when({ type: 'Update', data: { name: 42 }, actor: mara })
      .refused(422, 'Product name must be text');
  });

  it('score is a whole number from 1 to 10 (1 and 10 included)', () => {
    for (const score of [1, 10]) {
      given(productDecider, [pCreated])
        .when({ type: 'Update', data: { score }, actor: mara })
        .then([{ type: 'ProductUpdated', data: { score } }]);
    }
    for (const score of [0, 11, 5.5, -1, '7', true]) {
      given(productDecider, [pCreated])
        .when({ type: 'Update', data: { score }, actor: mara })
        .refused(422, 'Score must be a whole number from 1 to 10');
      expect(errorsOf(productDecider, [pCreated], { type: 'Update', data: { score }, actor: mara })).toEqual({
        score: 'Score must be a whole number from 1 to 10',
      });
    }
  });

  it('star rating is a number from 1 to 5 in steps of 0.5', () => {
    for (const starRating of [1, 3.5, 5]) {
      given(productDecider, [pCreated])
        .when({ type: 'Update', data: { starRating }, actor: mara })
        .then([{ type: 'ProductUpdated', data: { starRating } }]);
    }
    for (const starRating of [0, 0.5, 5.5, 6, 4.3, '4']) {
      given(productDecider, [pCreated])
        .when({ type: 'Update', data: { starRating }, actor: mara })
        .refused(422, 'Star rating must be a number from 1 to 5, in steps of 0.5');
    }
  });

  it('links and currencies are checked, naming the field', () => {
    const refusedWith = (data: unknown) => errorsOf(productDecider, [pCreated], { type: 'Update', data, actor: mara });
    expect(refusedWith({ primaryCta: { url: 'not a url', text: 'Go' } })).toEqual({
      'primaryCta.url': 'Primary CTA URL must be a valid URL, starting with https://',
    });
    expect(refusedWith({ primaryCta: { url: 'javascript:alert(1)', text: 'Go' } })).toEqual({
      'primaryCta.url': 'Primary CTA URL must be a valid URL, starting with https://',
    });
    expect(refusedWith({ secondaryCta: { url: 'https://acme.example' } })).toEqual({
      'secondaryCta.text': 'Secondary CTA text is missing!',
    });
    expect(refusedWith({ reviewUrl: 'ftp://acme.example/review' })).toEqual({
      reviewUrl: 'Review URL must be a valid URL, starting with https://',
    });
    expect(refusedWith({ pricing: { currency: 'EURO' } })).toEqual({
      'pricing.currency': 'Currency must be a three-letter code such as EUR',
    });
    expect(refusedWith({ pricing: { trialDays: 1.5 } })).toEqual({
      'pricing.trialDays': 'Trial days must be a whole number of days',
    });
  });

  it('Update records only the fields that changed; null clears; nothing when nothing changed', () => {
    given(productDecider, [pCreated, pUpdated])
      .when({
        type: 'Update',
        data: { name: 'Acme CRM', shortDescription: 'The CRM for small teams', tags: [] },
        actor: mara,
      })
      .then([]);
    given(productDecider, [pCreated, pUpdated])
      .when({
        type: 'Update',
        data: { name: 'Acme CRM', shortDescription: null, tags: ['crm'], score: 8 },
        actor: mara,
      })
      .then([{ type: 'ProductUpdated', data: { shortDescription: null, tags: ['crm'], score: 8 } }]);
    const events = given(productDecider, [pCreated])
      .when({ type: 'Update', data: { displayName: 'Acme', websiteId: 'w-2', organisationId: 'org-2' }, actor: mara })
      .then([{ type: 'ProductUpdated', data: { displayName: 'Acme' } }]);
    expect(given(productDecider, [pCreated, ...events]).state).toMatchObject({
      websiteId: 'w-1',
      organisationId: 'org-1',
      fields: { name: 'Acme CRM', displayName: 'Acme' },
    });
  });

  it('a product a CTA promotes cannot be deleted: 409 "Error: The Product is Used by other element"', () => {
    given(productDecider, [pCreated])
      .when({ type: 'Delete', data: {}, actor: mara, context: { usedByCtas: 1 } })
      .refused(409, 'Error: The Product is Used by other element');
    given(productDecider, [pCreated])
      .when({ type: 'Delete', data: {}, actor: mara, context: { usedByCtas: 3 } })
      .refused(409, 'Error: The Product is Used by other element');
    given(productDecider, [pCreated])
      .when({ type: 'Delete', data: {}, actor: mara, context: { usedByCtas: 0 } })
      .then([{ type: 'ProductDeleted', data: {} }]);
  });

  it('Delete without the count of CTAs using the product is not decided (422)', () => {
    for (const context of [undefined, {}, { usedByCtas: '0' }, { usedByCtas: -1 }]) {
      given(productDecider, [pCreated])
        .when({ type: 'Delete', data: {}, actor: mara, context })
        .refused(422, 'Deleting a product needs the number of CTAs that use it');
    }
  });

  it('Restore brings a deleted product back with its fields', () => {
    const events = given(productDecider, [pCreated, pUpdated, pDeleted])
      .when({ type: 'Restore', data: {}, actor: mara })
      .then([pRestored]);
    expect(given(productDecider, [pCreated, pUpdated, pDeleted, ...events]).state).toMatchObject({
      status: 'active',
      fields: { shortDescription: 'The CRM for small teams' },
    });
  });

  it('refusals say why: the role, the state, the product that does not exist', () => {
    given(productDecider, [pCreated])
      .when({ type: 'Update', data: { name: 'X' }, actor: anna })
      .refused(403, 'Your role may not Update this product');
    given(productDecider, [pCreated, pDeleted])
      .when({ type: 'Update', data: { name: 'X' }, actor: mara })
      .refused(422, 'Update is not allowed while the product is deleted');
    given(productDecider, [])
      .when({ type: 'Delete', data: {}, actor: mara, context: { usedByCtas: 0 } })
      .refused(404, 'The product does not exist');
  });
});

// --- Conversion goals.
const gCreated = {
  type: 'GoalCreated',
  data: {
    name: 'Signed up',
    description: null,
    type: 'count',
    event: 'signup',
    filters: [],
    currency: null,
    ...OWNER,
    createdBy: ANNA,
  },
};
const gValue = {
  type: 'GoalCreated',
  data: {
    name: 'Purchase',
    description: null,
    type: 'value',
    event: 'purchase',
    filters: [],
    currency: 'EUR',
    ...OWNER,
    createdBy: ANNA,
  },
};
const gUpdated = { type: 'GoalUpdated', data: { description: 'Accounts opened' } };
const gDeleted = { type: 'GoalDeleted', data: {} };
const GOAL_HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  active: [[gCreated], [gCreated, gUpdated], [gValue]],
  deleted: [[gCreated, gDeleted]],
};
const GOAL_DATA: Record<string, unknown> = {
  Create: { ...OWNER, name: 'Demo booked', type: 'count', event: 'calendly_event_scheduled' },
  Update: { name: 'Renamed' },
  Delete: {},
  Restore: {},
};

// prettier-ignore
const MEASUREMENT_TABLE: readonly Row[] = [
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
  // Goals and URL lists have no Restore: the action is unknown (422) whatever the state.
  ['Restore', NONE,      422,      422,      422,      422,      422,      422,   422,      422,    422,   422],
  ['Restore', 'deleted', 422,      422,      422,      422,      422,      422,   422,      422,    422,   422],
];

describe('the goal table (typed by hand)', () => {
  checkTable({
    decider: goalDecider,
    columns: COLUMNS,
    rows: MEASUREMENT_TABLE,
    histories: GOAL_HISTORIES,
    data: GOAL_DATA,
  });
});

describe('goal events', () => {
  it('Create records the goal: filters, a value goal with its currency (upper-cased)', () => {
    given(goalDecider, [])
      .when({ type: 'Create', data: { ...OWNER, name: 'Signed up', type: 'count', event: 'signup' }, actor: anna })
      .then([gCreated]);
    given(goalDecider, [])
      .when({
        type: 'Create',
        actor: anna,
        data: {
          ...OWNER,
          name: 'Purchase',
          description: 'Checkout completed',
          type: 'value',
          event: 'form_submitted',
          currency: 'eur',
          filters: [
            { property: 'ctaId', operator: 'equals', value: 'cta-1' },
            { property: 'url', operator: 'contains', value: '/checkout' },
            { property: 'utm.source', operator: 'not_equals', value: 'internal' },
            { property: 'coupon', operator: 'exists', value: 'ignored' },
            { property: 'value', operator: 'equals', value: 0 },
          ],
        },
      })
      .then([
        {
          type: 'GoalCreated',
          data: {
            name: 'Purchase',
            description: 'Checkout completed',
            type: 'value',
            event: 'form_submitted',
            filters: [
              { property: 'ctaId', operator: 'equals', value: 'cta-1' },
              { property: 'url', operator: 'contains', value: '/checkout' },
              { property: 'utm.source', operator: 'not_equals', value: 'internal' },
              { property: 'coupon', operator: 'exists' },
              { property: 'value', operator: 'equals', value: 0 },
            ],
            currency: 'EUR',
            ...OWNER,
            createdBy: ANNA,
          },
        },
      ]);
  });

  it('a count goal carries no currency: one sent with it is dropped', () => {
    given(goalDecider, [])
      .when({
        type: 'Create',
        data: { ...OWNER, name: 'Signed up', type: 'count', event: 'signup', currency: 'USD' },
        actor: anna,
      })
      .then([gCreated]);
  });

  it('"Please enter a goal name." and "Please select a conversion type." (422), under name and type', () => {
    for (const name of [undefined, '', '  ', null]) {
      const data = { ...OWNER, name, type: 'count', event: 'signup' };
      given(goalDecider, []).when({ type: 'Create', data, actor: anna }).refused(422, 'Please enter a goal name.');
      expect(errorsOf(goalDecider, [], { type: 'Create', data, actor: anna })).toEqual({
        name: 'Please enter a goal name.',
      });
    }
    for (const type of [undefined, null, '', 'sum', 'Count', 1]) {
      const data = { ...OWNER, name: 'Signed up', type, event: 'signup' };
      given(goalDecider, [])
        .when({ type: 'Create', data, actor: anna })
        .refused(422, 'Please select a conversion type.');
      expect(errorsOf(goalDecider, [], { type: 'Create', data, actor: anna })).toEqual({
        type: 'Please select a conversion type.',
      });
    }
    given(goalDecider, [gCreated])
      .when({ type: 'Update', data: { type: null }, actor: anna })
      .refused(422, 'Please select a conversion type.');
  });

  it('a goal tracks an event by its name', () => {
    given(goalDecider, [])
      .when({ type: 'Create', data: { ...OWNER, name: 'Signed up', type: 'count' }, actor: anna })
      .refused(422, 'Event is missing!');
    given(goalDecider, [])
      .when({ type: 'Create', data: { ...OWNER, name: 'Signed up', type: 'count', event: 'sign up!' }, actor: anna })
      .refused(422, 'Event must be an event name: a letter, then letters, digits, _ . : or -, at most 64 characters');
  });

  it('filters: a property, an operator of the four, and a value except for exists', () => {
    const refusedWith = (filters: unknown) =>
      errorsOf(goalDecider, [gCreated], { type: 'Update', data: { filters }, actor: anna });
    expect(refusedWith([{ property: 'url', operator: 'equals' }])).toEqual({ 'filters.0.value': 'Value is missing!' });
    expect(
      refusedWith([
        { property: 'url', operator: 'exists' },
        { property: 'url', operator: 'contains', value: '' },
      ]),
    ).toEqual({ 'filters.1.value': 'Value is missing!' });
    expect(refusedWith([{ property: 'url', operator: 'greater_than', value: 3 }])).toEqual({
      'filters.0.operator': 'Operator must be one of equals, not_equals, contains, exists',
    });
    expect(refusedWith([{ operator: 'exists' }])).toEqual({ 'filters.0.property': 'Property is missing!' });
    expect(refusedWith([{ property: 'url', operator: 'equals', value: { nested: true } }])).toEqual({
      'filters.0.value': 'Value must be text, a number, or true or false',
    });
  });

  it('currency: three letters', () => {
    given(goalDecider, [gValue])
      .when({ type: 'Update', data: { currency: 'EURO' }, actor: anna })
      .refused(422, 'Currency must be a three-letter code such as EUR');
    given(goalDecider, [gValue])
      .when({ type: 'Update', data: { currency: 'gbp' }, actor: anna })
      .then([{ type: 'GoalUpdated', data: { currency: 'GBP' } }]);
  });

  it('switching a value goal to count clears its currency; a currency sent for a count goal is dropped', () => {
    const events = given(goalDecider, [gValue])
      .when({ type: 'Update', data: { type: 'count', currency: 'EUR' }, actor: anna })
      .then([{ type: 'GoalUpdated', data: { type: 'count', currency: null } }]);
    expect(given(goalDecider, [gValue, ...events]).state.fields).toMatchObject({ type: 'count', currency: null });
    given(goalDecider, [gCreated])
      .when({ type: 'Update', data: { currency: 'EUR' }, actor: anna })
      .then([]);
    given(goalDecider, [gCreated])
      .when({ type: 'Update', data: { type: 'value', currency: 'usd' }, actor: anna })
      .then([{ type: 'GoalUpdated', data: { type: 'value', currency: 'USD' } }]);
  });

  it('Update records only the changes; Delete records the deletion', () => {
    given(goalDecider, [gCreated, gUpdated])
      .when({ type: 'Update', data: { name: 'Signed up', description: 'Accounts opened', filters: [] }, actor: anna })
      .then([]);
    given(goalDecider, [gCreated, gUpdated])
      .when({ type: 'Update', data: { description: null, filters: null }, actor: anna })
      .then([{ type: 'GoalUpdated', data: { description: null } }]);
    const events = given(goalDecider, [gCreated]).when({ type: 'Delete', data: {}, actor: anna }).then([gDeleted]);
    expect(given(goalDecider, [gCreated, ...events]).state.status).toBe('deleted');
  });

  it('refusals say why', () => {
    given(goalDecider, [gCreated])
      .when({ type: 'Delete', data: {}, actor: actor('editor') })
      .refused(403, 'Your role may not Delete this goal');
    given(goalDecider, []).when({ type: 'Update', data: {}, actor: anna }).refused(404, 'The goal does not exist');
    given(goalDecider, [gCreated])
      .when({ type: 'Restore', data: {}, actor: anna })
      .refused(422, 'Action Restore is not supported for a goal');
  });
});

// --- URL lists.
const RULES = [
  { kind: 'contains', value: 'https://shop.example/blog/' },
  { kind: 'exact', value: 'https://shop.example/pricing' },
];
const uCreated = {
  type: 'UrlListCreated',
  data: { name: 'Blog and pricing', type: null, description: null, rules: RULES, ...OWNER, createdBy: ANNA },
};
const uUpdated = { type: 'UrlListUpdated', data: { description: 'Pages that sell' } };
const uDeleted = { type: 'UrlListDeleted', data: {} };
const URL_LIST_HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  active: [[uCreated], [uCreated, uUpdated]],
  deleted: [[uCreated, uDeleted]],
};
const URL_LIST_DATA: Record<string, unknown> = {
  Create: { ...OWNER, name: 'Docs', rules: [{ kind: 'contains', value: 'https://shop.example/docs/*' }] },
  Update: { name: 'Renamed' },
  Delete: {},
  Restore: {},
};

describe('the URL list table (typed by hand: the same rights as goals)', () => {
  checkTable({
    decider: urlListDecider,
    columns: COLUMNS,
    rows: MEASUREMENT_TABLE,
    histories: URL_LIST_HISTORIES,
    data: URL_LIST_DATA,
  });
});

describe('URL list events', () => {
  it('Create records the list with its rules (values trimmed)', () => {
    given(urlListDecider, [])
      .when({
        type: 'Create',
        data: {
          ...OWNER,
          name: ' Blog and pricing ',
          rules: [{ kind: 'contains', value: ' https://shop.example/blog/ ' }, RULES[1]],
        },
        actor: anna,
      })
      .then([uCreated]);
    given(urlListDecider, [])
      .when({
        type: 'Create',
        data: {
          ...OWNER,
          name: 'Docs',
          type: 'include',
          description: 'All docs',
          rules: [{ kind: 'exact', value: 'https://shop.example/docs/*' }],
        },
        actor: mara,
      })
      .then([
        {
          type: 'UrlListCreated',
          data: {
            name: 'Docs',
            type: 'include',
            description: 'All docs',
            rules: [{ kind: 'exact', value: 'https://shop.example/docs/*' }],
            ...OWNER,
            createdBy: MARA,
          },
        },
      ]);
  });

  it('a list needs a name and at least one rule; each rule is contains or exact with an https URL', () => {
    const refusedWith = (data: unknown) =>
      errorsOf(urlListDecider, [], { type: 'Create', data: { ...OWNER, ...(data as object) }, actor: anna });
    expect(refusedWith({ rules: RULES })).toEqual({ name: 'Please enter a URL list name.' });
    expect(refusedWith({ name: '  ', rules: RULES })).toEqual({ name: 'Please enter a URL list name.' });
    expect(refusedWith({ name: 'Blog' })).toEqual({ rules: 'Please add at least one URL rule.' });
    expect(refusedWith({ name: 'Blog', rules: [] })).toEqual({ rules: 'Please add at least one URL rule.' });
    expect(refusedWith({ name: 'Blog', rules: [{ kind: 'exact', value: 'http://shop.example/' }] })).toEqual({
      'rules.0.value': 'Please provide a valid url, starting with https://',
    });
    expect(refusedWith({ name: 'Blog', rules: [RULES[0], { kind: 'contains', value: '/blog' }] })).toEqual({
      'rules.1.value': 'Please provide a valid url, starting with https://',
    });
    expect(refusedWith({ name: 'Blog', rules: [{ kind: 'not_contains', value: 'https://shop.example/' }] })).toEqual({
      'rules.0.kind': 'A URL rule is contains or exact',
    });
    given(urlListDecider, [])
      .when({ type: 'Create', data: { ...OWNER, rules: RULES }, actor: anna })
      .refused(422, 'Please enter a URL list name.');
    given(urlListDecider, [uCreated])
      .when({ type: 'Update', data: { rules: [] }, actor: anna })
      .refused(422, 'Please add at least one URL rule.');
  });

  it('Update records only the changes; Delete records the deletion', () => {
    given(urlListDecider, [uCreated, uUpdated])
      .when({
        type: 'Update',
        data: { name: 'Blog and pricing', description: 'Pages that sell', rules: RULES },
        actor: anna,
      })
      .then([]);
    const rules = [RULES[1]];
    const events = given(urlListDecider, [uCreated])
      .when({ type: 'Update', data: { rules }, actor: anna })
      .then([{ type: 'UrlListUpdated', data: { rules } }]);
    expect(given(urlListDecider, [uCreated, ...events]).state.fields).toEqual({
      name: 'Blog and pricing',
      type: null,
      description: null,
      rules,
    });
    given(urlListDecider, [uCreated]).when({ type: 'Delete', data: {}, actor: anna }).then([uDeleted]);
  });

  it('refusals say why', () => {
    given(urlListDecider, [uCreated])
      .when({ type: 'Update', data: { name: 'X' }, actor: actor('editor') })
      .refused(403, 'Your role may not Update this URL list');
    given(urlListDecider, [])
      .when({ type: 'Delete', data: {}, actor: anna })
      .refused(404, 'The URL list does not exist');
  });
});

describe('catalogue: edges', () => {
  it('every record must belong to an organisation and a website (set by the caller)', () => {
    expect(
      errorsOf(productDecider, [], { type: 'Create', data: { name: 'Acme', websiteId: 'w-1' }, actor: mara }),
    ).toEqual({ organisationId: 'Organisation is missing!' });
    expect(
      errorsOf(goalDecider, [], {
        type: 'Create',
        data: { name: 'G', type: 'count', event: 'x', organisationId: 'org-1' },
        actor: anna,
      }),
    ).toEqual({ websiteId: 'Website is missing!' });
  });

  it('a body that is not an object is a malformed request (400); nothing sent to Update records nothing', () => {
    given(productDecider, []).when({ type: 'Create', data: 'Acme', actor: mara }).refused(400);
    given(productDecider, [pCreated]).when({ type: 'Update', data: undefined, actor: mara }).then([]);
  });

  it("an event of a type it does not know (a later release's) leaves the record as it was", () => {
    const g = given(productDecider, [pCreated, { type: 'ProductSomethingNew', data: { anything: 1 } }]);
    expect(g.state).toMatchObject({ status: 'active', fields: { name: 'Acme CRM' } });
  });
});

/** The `errors` map of the refusal of `command` after `history`. */
function errorsOf(
  decider: typeof productDecider | typeof goalDecider | typeof urlListDecider,
  history: DomainEvent[],
  command: { type: string; data: unknown; actor: Actor },
): unknown {
  try {
    (decider as typeof productDecider).decide(command, (decider as typeof productDecider).fold(history as never[]));
  } catch (caught) {
    return (caught as { errors?: unknown }).errors;
  }
  return 'not refused';
}
