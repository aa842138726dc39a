// The funnel decider against a table typed by hand from libs/cro/src/domain/roles.ts (the role
// table: "Goals, URL lists, funnels, excluded pages" yes for admin, manager, analyst; organisation
// owners and admins and platform admins count as CRO admins), DESIGN.md ("Report endpoints":
// `POST /api/funnels { websiteId, name, steps: [{ event, filters? }], windowSeconds?, breakdown? }`;
// "Funnels": default window 14 days; "Conversion goals": funnel steps use the goals' filters;
// HTTP conventions: 403 the role may not, 404 unknown, 422 not in this state or a validation
// rule) and the brief's messages ("Please enter a funnel name.", "A funnel needs at least two
// steps"; 2 to 20 steps; the window a whole number of seconds from 60 to 90 days).
//
// Nothing here reads the decider's own transition table or schemas: every expected answer is written out.
import { describe, expect, it } from '@jest/globals';
import { NONE, checkTable, type Column, type Row } from '../support/decider-table.js';
import { given } from '../support/given.js';
import { funnelDecider } from '#libs/cro/src/domain/funnel.decider.js';
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

const ANNA = { id: 'u-anna', name: 'Anna Analyst' };
const anna: Actor = { userId: 'u-anna', name: 'Anna Analyst', roles: ROLES.analyst };
const OWNER = { organisationId: 'org-1', websiteId: 'w-1' };

const STEPS = [
  { event: 'page_view', filters: [] },
  { event: 'cta_click', filters: [] },
  { event: 'form_submitted', filters: [] },
];
const created = {
  type: 'FunnelCreated',
  data: { name: 'Newsletter', steps: STEPS, windowSeconds: 1209600, breakdown: null, ...OWNER, createdBy: ANNA },
};
const updated = { type: 'FunnelUpdated', data: { breakdown: 'utm.source' } };
const deleted = { type: 'FunnelDeleted', data: {} };
const HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  active: [[created], [created, updated]],
  deleted: [
    [created, deleted],
    [created, updated, deleted],
  ],
};
const DATA: Record<string, unknown> = {
  Create: { ...OWNER, name: 'Signups', steps: [{ event: 'page_view' }, { event: 'form_submitted' }] },
  Update: { name: 'Renamed' },
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
  // Funnels have no Restore (as goals): the action is unknown (422) whatever the state.
  ['Restore', NONE,      422,      422,      422,      422,      422,      422,   422,      422,    422,   422],
  ['Restore', 'deleted', 422,      422,      422,      422,      422,      422,   422,      422,    422,   422],
];

describe('the funnel table (typed by hand: the rights of goals)', () => {
  checkTable({ decider: funnelDecider, columns: COLUMNS, rows: TABLE, histories: HISTORIES, data: DATA });
});

/** The `errors` map of the refusal of `command` after `history`. */
function errorsOf(history: DomainEvent[], command: { type: string; data: unknown; actor: Actor }): unknown {
  try {
    funnelDecider.decide(command, funnelDecider.fold(history as never[]));
  } catch (caught) {
    return (caught as { errors?: unknown }).errors;
  }
  return 'not refused';
}
const createWith = (data: Record<string, unknown>) => ({
  type: 'Create',
  data: { ...OWNER, name: 'Newsletter', steps: STEPS, ...data },
  actor: anna,
});

describe('funnel events', () => {
  it('Create records the funnel: steps without filters get [], the 14-day window (1209600 s) stored, no breakdown as null', () => {
    given(funnelDecider, [])
      .when({
        type: 'Create',
        actor: anna,
        data: {
          ...OWNER,
          name: '  Newsletter ',
          steps: [
            { event: 'page_view' },
            { event: ' cta_click ', filters: null },
            { event: 'form_submitted', filters: [] },
          ],
        },
      })
      .then([created]);
    const state = given(funnelDecider, [created]).state;
    expect(state).toEqual({
      status: 'active',
      organisationId: 'org-1',
      websiteId: 'w-1',
      createdBy: 'u-anna',
      fields: { name: 'Newsletter', steps: STEPS, windowSeconds: 1209600, breakdown: null },
    });
  });

  it('Create takes the whole contract: goal filters on steps (exists drops its value), a window, a breakdown; unknown fields are dropped', () => {
    given(funnelDecider, [])
      .when({
        type: 'Create',
        actor: anna,
        data: {
          ...OWNER,
          name: 'Product to purchase',
          steps: [
            { event: 'page_view', filters: [{ property: 'path', operator: 'contains', value: '/products/' }] },
            {
              event: 'cta_click',
              filters: [
                { property: 'ctaId', operator: 'equals', value: 'cta-1' },
                { property: 'coupon', operator: 'exists', value: 'x' },
              ],
            },
            { event: 'purchase', filters: [{ property: 'value', operator: 'not_equals', value: 0 }], extra: 'dropped' },
          ],
          windowSeconds: 604800,
          breakdown: 'utm.source',
          description: 'not a funnel field',
          status: 'deleted',
          allowedActions: ['Delete'],
        },
      })
      .then([
        {
          type: 'FunnelCreated',
          data: {
            name: 'Product to purchase',
            steps: [
              { event: 'page_view', filters: [{ property: 'path', operator: 'contains', value: '/products/' }] },
              {
                event: 'cta_click',
                filters: [
                  { property: 'ctaId', operator: 'equals', value: 'cta-1' },
                  { property: 'coupon', operator: 'exists' },
                ],
              },
              { event: 'purchase', filters: [{ property: 'value', operator: 'not_equals', value: 0 }] },
            ],
            windowSeconds: 604800,
            breakdown: 'utm.source',
            ...OWNER,
            createdBy: ANNA,
          },
        },
      ]);
  });

  it('"Please enter a funnel name." (422) under name', () => {
    for (const name of [undefined, null, '', '   ']) {
      given(funnelDecider, []).when(createWith({ name })).refused(422, 'Please enter a funnel name.');
      expect(errorsOf([], createWith({ name }))).toEqual({ name: 'Please enter a funnel name.' });
    }
    expect(errorsOf([], createWith({ name: 42 }))).toEqual({ name: 'Funnel name must be text' });
    given(funnelDecider, [created])
      .when({ type: 'Update', data: { name: ' ' }, actor: anna })
      .refused(422, 'Please enter a funnel name.');
  });

  it('2 to 20 steps: "A funnel needs at least two steps" below, "A funnel has at most 20 steps" above', () => {
    for (const steps of [undefined, null, [], [{ event: 'page_view' }]]) {
      given(funnelDecider, []).when(createWith({ steps })).refused(422, 'A funnel needs at least two steps');
      expect(errorsOf([], createWith({ steps }))).toEqual({ steps: 'A funnel needs at least two steps' });
    }
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ event: `step_${i + 1}` }));
    expect(errorsOf([], createWith({ steps: many(21) }))).toEqual({ steps: 'A funnel has at most 20 steps' });
    const twenty = given(funnelDecider, [])
      .when(createWith({ steps: many(20) }))
      .then([
        {
          type: 'FunnelCreated',
          data: {
            name: 'Newsletter',
            steps: [
              { event: 'step_1', filters: [] },
              { event: 'step_2', filters: [] },
              { event: 'step_3', filters: [] },
              { event: 'step_4', filters: [] },
              { event: 'step_5', filters: [] },
              { event: 'step_6', filters: [] },
              { event: 'step_7', filters: [] },
              { event: 'step_8', filters: [] },
              { event: 'step_9', filters: [] },
              { event: 'step_10', filters: [] },
              { event: 'step_11', filters: [] },
              { event: 'step_12', filters: [] },
              { event: 'step_13', filters: [] },
              { event: 'step_14', filters: [] },
              { event: 'step_15', filters: [] },
              { event: 'step_16', filters: [] },
              { event: 'step_17', filters: [] },
              { event: 'step_18', filters: [] },
              { event: 'step_19', filters: [] },
              { event: 'step_20', filters: [] },
            ],
            windowSeconds: 1209600,
            breakdown: null,
            ...OWNER,
            createdBy: ANNA,
          },
        },
      ]);
    expect(twenty).toHaveLength(1);
    expect(errorsOf([], createWith({ steps: 'page_view, cta_click' }))).toEqual({ steps: 'Steps must be a list' });
    given(funnelDecider, [created])
      .when({ type: 'Update', data: { steps: [{ event: 'page_view' }] }, actor: anna })
      .refused(422, 'A funnel needs at least two steps');
  });

  it("each step is an event name as a goal's, with a goal's filters, errors keyed by step", () => {
    expect(errorsOf([], createWith({ steps: [{ event: 'page_view' }, {}] }))).toEqual({
      'steps.1.event': 'Event is missing!',
    });
    expect(errorsOf([], createWith({ steps: [{ event: 'page view!' }, { event: 'cta_click' }] }))).toEqual({
      'steps.0.event': 'Event must be an event name: a letter, then letters, digits, _ . : or -, at most 64 characters',
    });
    expect(errorsOf([], createWith({ steps: [{ event: 'page_view' }, 'cta_click'] }))).toEqual({
      'steps.1': 'A step must be { event, filters? }',
    });
    expect(
      errorsOf(
        [],
        createWith({
          steps: [{ event: 'page_view', filters: [{ property: 'url', operator: 'equals' }] }, { event: 'cta_click' }],
        }),
      ),
    ).toEqual({
      'steps.0.filters.0.value': 'Value is missing!',
    });
    expect(
      errorsOf(
        [],
        createWith({
          steps: [
            { event: 'page_view' },
            { event: 'cta_click', filters: [{ property: 'url', operator: 'greater_than', value: 1 }] },
          ],
        }),
      ),
    ).toEqual({
      'steps.1.filters.0.operator': 'Operator must be one of equals, not_equals, contains, exists',
    });
    expect(
      errorsOf([], createWith({ steps: [{ event: 'page_view', filters: 'url=/' }, { event: 'cta_click' }] })),
    ).toEqual({ 'steps.0.filters': 'Filters must be a list' });
  });

  it('windowSeconds: a whole number from 60 to 7776000 (90 days); none or null is the 14 days', () => {
    const RANGE = 'Conversion window must be a whole number of seconds from 60 (one minute) to 7776000 (90 days)';
    for (const windowSeconds of [60, 7776000]) {
      given(funnelDecider, [created])
        .when({ type: 'Update', data: { windowSeconds }, actor: anna })
        .then([{ type: 'FunnelUpdated', data: { windowSeconds } }]);
    }
    for (const windowSeconds of [
      59,
      0,
      -60,
      7776001,
      3600.5,
      '3600',
      true,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      [3600],
    ]) {
      given(funnelDecider, [created])
        .when({ type: 'Update', data: { windowSeconds }, actor: anna })
        .refused(422, RANGE);
      expect(errorsOf([], createWith({ windowSeconds }))).toEqual({ windowSeconds: RANGE });
    }
    given(funnelDecider, [])
      .when(createWith({ windowSeconds: null }))
      .then([created]);
    const week = { type: 'FunnelUpdated', data: { windowSeconds: 604800 } };
    given(funnelDecider, [created, week])
      .when({ type: 'Update', data: { windowSeconds: null }, actor: anna })
      .then([{ type: 'FunnelUpdated', data: { windowSeconds: 1209600 } }]);
    given(funnelDecider, [created])
      .when({ type: 'Update', data: { windowSeconds: null }, actor: anna })
      .then([]);
  });

  it('breakdown: null or a property name as a filter names one; "" reads as none', () => {
    const MESSAGE = 'Breakdown must be a field name: letters, digits, _ . : $ or -, at most 100 characters';
    for (const breakdown of ['utm.source', 'path', 'plan_name', '$browser']) {
      given(funnelDecider, [created])
        .when({ type: 'Update', data: { breakdown }, actor: anna })
        .then([{ type: 'FunnelUpdated', data: { breakdown } }]);
    }
    for (const breakdown of ['utm source', '.utm', 'a'.repeat(101), 42, { property: 'url' }]) {
      given(funnelDecider, [created]).when({ type: 'Update', data: { breakdown }, actor: anna }).refused(422, MESSAGE);
    }
    given(funnelDecider, [created, updated])
      .when({ type: 'Update', data: { breakdown: '' }, actor: anna })
      .then([{ type: 'FunnelUpdated', data: { breakdown: null } }]);
    given(funnelDecider, [created, updated])
      .when({ type: 'Update', data: { breakdown: null }, actor: anna })
      .then([{ type: 'FunnelUpdated', data: { breakdown: null } }]);
    given(funnelDecider, [])
      .when(createWith({ breakdown: '  ' }))
      .then([created]);
  });

  it('Update records only the changes (steps replaced whole); the website never changes; Delete records the deletion', () => {
    given(funnelDecider, [created, updated])
      .when({
        type: 'Update',
        data: {
          name: 'Newsletter',
          steps: [{ event: 'page_view' }, { event: 'cta_click' }, { event: 'form_submitted' }],
          windowSeconds: 1209600,
          breakdown: 'utm.source',
        },
        actor: anna,
      })
      .then([]);
    const steps = [
      { event: 'cta_click' },
      { event: 'form_submitted', filters: [{ property: 'ctaId', operator: 'equals', value: 'cta-9' }] },
    ];
    const events = given(funnelDecider, [created])
      .when({
        type: 'Update',
        data: { steps, websiteId: 'w-2', organisationId: 'org-2', id: 'f-1', version: 3 },
        actor: anna,
      })
      .then([
        {
          type: 'FunnelUpdated',
          data: {
            steps: [
              { event: 'cta_click', filters: [] },
              { event: 'form_submitted', filters: [{ property: 'ctaId', operator: 'equals', value: 'cta-9' }] },
            ],
          },
        },
      ]);
    expect(given(funnelDecider, [created, ...events]).state).toEqual({
      status: 'active',
      organisationId: 'org-1',
      websiteId: 'w-1',
      createdBy: 'u-anna',
      fields: {
        name: 'Newsletter',
        steps: [
          { event: 'cta_click', filters: [] },
          { event: 'form_submitted', filters: [{ property: 'ctaId', operator: 'equals', value: 'cta-9' }] },
        ],
        windowSeconds: 1209600,
        breakdown: null,
      },
    });
    const gone = given(funnelDecider, [created]).when({ type: 'Delete', data: {}, actor: anna }).then([deleted]);
    expect(given(funnelDecider, [created, ...gone]).state.status).toBe('deleted');
  });

  it('refusals say why', () => {
    given(funnelDecider, [created])
      .when({ type: 'Delete', data: {}, actor: actor('editor') })
      .refused(403, 'Your role may not Delete this funnel');
    given(funnelDecider, []).when({ type: 'Update', data: {}, actor: anna }).refused(404, 'The funnel does not exist');
    given(funnelDecider, [created])
      .when({ type: 'Restore', data: {}, actor: anna })
      .refused(422, 'Action Restore is not supported for a funnel');
    given(funnelDecider, [created, deleted])
      .when({ type: 'Update', data: { name: 'X' }, actor: anna })
      .refused(422, 'Update is not allowed while the funnel is deleted');
    given(funnelDecider, []).when({ type: 'Create', data: 'Newsletter', actor: anna }).refused(400);
    expect(
      errorsOf([], { type: 'Create', data: { name: 'N', steps: STEPS, organisationId: 'org-1' }, actor: anna }),
    ).toEqual({ websiteId: 'Website is missing!' });
  });
});
