// The CTA widget decider against a table typed by hand from DESIGN.md ("State machines decided
// here": CTA widget draft, review, active, deleted; SaveDraft, Update, Publish, Delete, Restore,
// Duplicate, DeletePermanently, ExportAsTemplate; "CRO resources: the request shapes": a CTA is
// complete when ...), seed 001 (section 4: "Widget Zapier integration: connect or delete";
// section 5: the CTA name messages, at most 3 products; section 8: the three "CTA publish failed"
// messages) and the role table of libs/cro/src/domain/roles.ts (authors draft, edit and submit;
// publishers publish, delete, restore; "Admin-only steps": DeletePermanently).
//
// Nothing here reads the decider's own table: every expected answer is written out.
//
// Decisions recorded by these rows where DESIGN.md is silent: SubmitForReview (draft -> review)
// is the way into review; SaveDraft from review or active goes back to draft (from active only
// for publishers: it takes the CTA off the site); Update of an active CTA is for publishers;
// DeletePermanently leads to the terminal status `purged`; integrations are managed by publishers.
import { describe, expect, it } from '@jest/globals';
import { NONE, checkTable, type Column, type Row } from '../support/decider-table.js';
import { given } from '../support/given.js';
import {
  OWNER,
  ORG_ADMIN,
  PLATFORM_ADMIN,
  ADMIN,
  MANAGER,
  EDITOR,
  ANALYST,
  CREATOR,
  VIEWER,
  NOBODY,
  SYSTEM,
  COLUMNS,
} from '../support/cro-actors.js';
import { ctaDecider } from '#libs/cro/src/domain/cta.decider.js';
import type { Actor, DomainEvent } from '#libs/platform/src/decider.js';

// --- Who acts: test/support/cro-actors.ts.

// --- The histories: every status reached by the events that lead there.
const EVE = { id: 'u-editor', name: 'Eve Editor' };
const ADA = { id: 'u-admin', name: 'Ada Admin' };
const FIELDS = {
  name: 'Spring sale form',
  type: 'form',
  items: [
    { type: 'email', label: 'Email', name: 'email', required: true },
    { type: 'button', label: 'Join' },
  ],
};
const created: DomainEvent = {
  type: 'CtaCreated',
  data: { organisationId: 'org-1', websiteId: 'w-1', fields: FIELDS, duplicatedFrom: null, createdBy: EVE },
};
const webhook: DomainEvent = {
  type: 'CtaIntegrationConnected',
  data: {
    kind: 'webhook',
    settings: { urlHint: 'https://hooks.example.com/••••••••/cta', secretHint: '••••••••wxyz' },
    by: EVE,
  },
};
const submitted: DomainEvent = { type: 'CtaSubmittedForReview', data: { by: EVE } };
const published = (from: string): DomainEvent => ({ type: 'CtaPublished', data: { from, by: ADA } });
const draftSaved = (from: string): DomainEvent => ({ type: 'CtaDraftSaved', data: { changes: {}, from, by: EVE } });
const deleted = (from: string): DomainEvent => ({ type: 'CtaDeleted', data: { from, by: ADA } });
const restored: DomainEvent = { type: 'CtaRestored', data: { by: ADA } };
const purged: DomainEvent = { type: 'CtaDeletedPermanently', data: { by: ADA } };

const HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  draft: [
    [created, webhook],
    [created, webhook, submitted, draftSaved('review')],
    [created, webhook, published('draft'), deleted('active'), restored],
  ],
  review: [[created, webhook, submitted]],
  active: [
    [created, webhook, submitted, published('review')],
    [created, webhook, published('draft')],
  ],
  deleted: [
    [created, webhook, deleted('draft')],
    [created, webhook, published('draft'), deleted('active')],
  ],
  purged: [[created, webhook, deleted('draft'), purged]],
};

const DATA: Record<string, unknown> = {
  Create: { organisationId: 'org-1', websiteId: 'w-1', name: 'Newsletter', type: 'form' },
  Update: { name: 'Spring sale form (v2)' },
  SaveDraft: { name: 'Spring sale form (draft)' },
  SubmitForReview: {},
  Publish: {},
  Delete: {},
  Restore: {},
  DeletePermanently: {},
  Duplicate: { copyId: 'cta-2' },
  ExportAsTemplate: { templateId: 'tpl-1' },
  ConnectIntegration: { kind: 'zapier', settings: { url: 'https://hooks.zapier.com/hooks/catch/1/abc' } },
  DisconnectIntegration: { kind: 'webhook' },
};
const GOOD_WEBSITE = { website: { status: 'active', publishContent: true, domain: 'shop.example' } };

// prettier-ignore
const CTA_TABLE: readonly Row[] = [
  // action                  from       owner+     admin      manager    editor     analyst  creator    viewer  none  system
  // system: the duplicates process creates the copy a Duplicate decided.
  ['Create',                NONE,      'draft',   'draft',   'draft',   'draft',   403,     'draft',   403,    403,  'draft'],
  ['Create',                'draft',   422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Create',                'review',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Create',                'active',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Create',                'deleted', 422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Create',                'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Update',                NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['Update',                'draft',   '=',       '=',       '=',       '=',       403,     '=',       403,    403,  403],
  ['Update',                'review',  '=',       '=',       '=',       '=',       403,     '=',       403,    403,  403],
  ['Update',                'active',  '=',       '=',       '=',       '=',       403,     403,       403,    403,  403],
  ['Update',                'deleted', 422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Update',                'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['SaveDraft',             NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['SaveDraft',             'draft',   '=',       '=',       '=',       '=',       403,     '=',       403,    403,  403],
  ['SaveDraft',             'review',  'draft',   'draft',   'draft',   'draft',   403,     'draft',   403,    403,  403],
  ['SaveDraft',             'active',  'draft',   'draft',   'draft',   'draft',   403,     403,       403,    403,  403],
  ['SaveDraft',             'deleted', 422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['SaveDraft',             'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['SubmitForReview',       NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['SubmitForReview',       'draft',   'review',  'review',  'review',  'review',  403,     'review',  403,    403,  403],
  ['SubmitForReview',       'review',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['SubmitForReview',       'active',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['SubmitForReview',       'deleted', 422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['SubmitForReview',       'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Publish',               NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['Publish',               'draft',   'active',  'active',  'active',  'active',  403,     403,       403,    403,  403],
  ['Publish',               'review',  'active',  'active',  'active',  'active',  403,     403,       403,    403,  403],
  ['Publish',               'active',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Publish',               'deleted', 422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Publish',               'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Delete',                NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['Delete',                'draft',   'deleted', 'deleted', 'deleted', 'deleted', 403,     403,       403,    403,  403],
  ['Delete',                'review',  'deleted', 'deleted', 'deleted', 'deleted', 403,     403,       403,    403,  403],
  ['Delete',                'active',  'deleted', 'deleted', 'deleted', 'deleted', 403,     403,       403,    403,  403],
  ['Delete',                'deleted', 422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Delete',                'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Restore',               NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['Restore',               'draft',   422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Restore',               'review',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Restore',               'active',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Restore',               'deleted', 'draft',   'draft',   'draft',   'draft',   403,     403,       403,    403,  403],
  ['Restore',               'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['DeletePermanently',     NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['DeletePermanently',     'draft',   422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['DeletePermanently',     'review',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['DeletePermanently',     'active',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['DeletePermanently',     'deleted', 'purged',  'purged',  403,       403,       403,     403,       403,    403,  403],
  ['DeletePermanently',     'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Duplicate',             NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['Duplicate',             'draft',   '=',       '=',       '=',       '=',       403,     '=',       403,    403,  403],
  ['Duplicate',             'review',  '=',       '=',       '=',       '=',       403,     '=',       403,    403,  403],
  ['Duplicate',             'active',  '=',       '=',       '=',       '=',       403,     '=',       403,    403,  403],
  ['Duplicate',             'deleted', 422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['Duplicate',             'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['ExportAsTemplate',      NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['ExportAsTemplate',      'draft',   '=',       '=',       '=',       '=',       403,     '=',       403,    403,  403],
  ['ExportAsTemplate',      'review',  '=',       '=',       '=',       '=',       403,     '=',       403,    403,  403],
  ['ExportAsTemplate',      'active',  '=',       '=',       '=',       '=',       403,     '=',       403,    403,  403],
  ['ExportAsTemplate',      'deleted', 422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['ExportAsTemplate',      'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['ConnectIntegration',    NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['ConnectIntegration',    'draft',   '=',       '=',       '=',       '=',       403,     403,       403,    403,  403],
  ['ConnectIntegration',    'review',  '=',       '=',       '=',       '=',       403,     403,       403,    403,  403],
  ['ConnectIntegration',    'active',  '=',       '=',       '=',       '=',       403,     403,       403,    403,  403],
  ['ConnectIntegration',    'deleted', 422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['ConnectIntegration',    'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['DisconnectIntegration', NONE,      404,       404,       404,       404,       404,     404,       404,    404,  404],
  ['DisconnectIntegration', 'draft',   '=',       '=',       '=',       '=',       403,     403,       403,    403,  403],
  ['DisconnectIntegration', 'review',  '=',       '=',       '=',       '=',       403,     403,       403,    403,  403],
  ['DisconnectIntegration', 'active',  '=',       '=',       '=',       '=',       403,     403,       403,    403,  403],
  ['DisconnectIntegration', 'deleted', 422,       422,       422,       422,       422,     422,       422,    422,  422],
  ['DisconnectIntegration', 'purged',  422,       422,       422,       422,       422,     422,       422,    422,  422],
];

/** The framework's words for a refusal (libs/platform/src/decider.ts), written out. */
function refusalMessage(cell: number, action: string, from: string): string {
  if (cell === 404) return 'The CTA does not exist';
  if (cell === 403) return `Your role may not ${action} this CTA`;
  return `${action} is not allowed while the CTA is ${from}`;
}

/** The decider's refusal for `command`, as the HTTP layer would answer it. */
function refusalOf(run: () => unknown): { statusCode: number; message: string; errors?: Record<string, string> } {
  try {
    run();
  } catch (error) {
    const e = error as { statusCode: number; message: string; errors?: Record<string, string> };
    return { statusCode: e.statusCode, message: e.message, ...(e.errors ? { errors: e.errors } : {}) };
  }
  throw new Error('expected a refusal, the command was decided');
}

describe('the CTA table (typed by hand)', () => {
  checkTable({
    decider: ctaDecider,
    columns: COLUMNS,
    rows: CTA_TABLE,
    histories: HISTORIES,
    data: DATA,
    context: () => GOOD_WEBSITE,
  });

  it("every refusal of the table says why, in the framework's words", () => {
    for (const [action, from, ...cells] of CTA_TABLE) {
      cells.forEach((cell, i) => {
        if (typeof cell !== 'number') return;
        const actor = COLUMNS[i]!.actors[0]!;
        const state = ctaDecider.fold(HISTORIES[from]![0]! as never[]);
        const got = refusalOf(() =>
          ctaDecider.decide({ type: action, data: DATA[action], actor, context: GOOD_WEBSITE }, state),
        );
        expect({ action, from, column: COLUMNS[i]!.column, ...got }).toEqual({
          action,
          from,
          column: COLUMNS[i]!.column,
          statusCode: cell,
          message: refusalMessage(cell, action, from),
        });
      });
    }
  });

  it('refuses an action a CTA does not have (422)', () => {
    given(ctaDecider, [created])
      .when({ type: 'Archive', data: {}, actor: ADMIN })
      .refused(422, 'Action Archive is not supported for a CTA');
  });
});

describe('allowedActions, written out', () => {
  const sorted = (actions: string[]) => [...actions].sort();
  const draft = ctaDecider.fold([created, webhook] as never[]);
  const active = ctaDecider.fold([created, webhook, published('draft')] as never[]);
  const gone = ctaDecider.fold([created, deleted('draft')] as never[]);

  it('an editor on a draft: everything but DeletePermanently and Restore', () => {
    expect(sorted(ctaDecider.allowedActions('draft', EDITOR, draft, GOOD_WEBSITE))).toEqual([
      'ConnectIntegration',
      'Delete',
      'DisconnectIntegration',
      'Duplicate',
      'ExportAsTemplate',
      'Publish',
      'SaveDraft',
      'SubmitForReview',
      'Update',
    ]);
  });
  it('a creator on a draft: edit, submit, copy, export', () => {
    expect(sorted(ctaDecider.allowedActions('draft', CREATOR, draft, GOOD_WEBSITE))).toEqual([
      'Duplicate',
      'ExportAsTemplate',
      'SaveDraft',
      'SubmitForReview',
      'Update',
    ]);
  });
  it('a creator on an active CTA: only copy and export', () => {
    expect(sorted(ctaDecider.allowedActions('active', CREATOR, active, GOOD_WEBSITE))).toEqual([
      'Duplicate',
      'ExportAsTemplate',
    ]);
  });
  it('a viewer, an analyst and a member without CRO role: nothing', () => {
    for (const actor of [VIEWER, ANALYST, NOBODY])
      expect(ctaDecider.allowedActions('draft', actor, draft, GOOD_WEBSITE)).toEqual([]);
  });
  it('deleted: admins restore or delete permanently, a manager only restores', () => {
    expect(sorted(ctaDecider.allowedActions('deleted', ADMIN, gone, GOOD_WEBSITE))).toEqual([
      'DeletePermanently',
      'Restore',
    ]);
    expect(sorted(ctaDecider.allowedActions('deleted', OWNER, gone, GOOD_WEBSITE))).toEqual([
      'DeletePermanently',
      'Restore',
    ]);
    expect(ctaDecider.allowedActions('deleted', MANAGER, gone, GOOD_WEBSITE)).toEqual(['Restore']);
  });
  it('Publish is not offered for an inactive website, or one without publish content', () => {
    expect(
      ctaDecider.allowedActions('draft', EDITOR, draft, { website: { status: 'inactive', publishContent: true } }),
    ).not.toContain('Publish');
    expect(
      ctaDecider.allowedActions('draft', EDITOR, draft, { website: { status: 'active', publishContent: false } }),
    ).not.toContain('Publish');
    expect(ctaDecider.allowedActions('draft', EDITOR, draft, {})).not.toContain('Publish');
    // Without a state (a read model's row) guards are not evaluated.
    expect(ctaDecider.allowedActions('draft', EDITOR)).toContain('Publish');
  });
  it('a new CTA: authors may create it', () => {
    expect(ctaDecider.allowedActions('(new)', CREATOR)).toEqual(['Create']);
    expect(ctaDecider.allowedActions('(new)', ANALYST)).toEqual([]);
  });
});

describe('Create', () => {
  it('records the fields (trimmed, items default to none), the website, who created it; read-only fields are dropped', () => {
    const events = given(ctaDecider, [])
      .when({
        type: 'Create',
        data: {
          organisationId: 'org-1',
          websiteId: 'w-1',
          name: '  Newsletter  ',
          type: 'popup',
          status: 'active',
          id: 'x',
          version: 7,
        },
        actor: EDITOR,
      })
      .then([
        {
          type: 'CtaCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'w-1',
            fields: { name: 'Newsletter', type: 'popup', items: [] },
            duplicatedFrom: null,
            createdBy: EVE,
          },
        },
      ]);
    expect(given(ctaDecider, events).state).toMatchObject({
      status: 'draft',
      organisationId: 'org-1',
      websiteId: 'w-1',
      createdBy: 'u-editor',
      integrations: [],
    });
  });

  it('accepts every field of the request shape as written', () => {
    const data = {
      websiteId: 'w-1',
      name: 'Exit offer',
      type: 'popup',
      subtype: 'coupon',
      items: [
        { type: 'heading', label: 'Wait!' },
        { type: 'email', label: 'Email', name: 'email', required: true },
        { type: 'dropdown', name: 'size', options: ['S', 'M'] },
        { type: 'button', label: 'Get 10%' },
      ],
      design: { background: '#fff' },
      lazyLoad: true,
      popup: {
        triggers: [
          { kind: 'exit_intent' },
          { kind: 'time_on_page', value: 30 },
          { kind: 'scroll_to_element', value: 'pricing' },
        ],
        frequency: 'every_day',
        layout: 'slide_in',
        position: 'bottom-right',
        offsets: { x: 10, y: 20 },
        width: '20%',
        closeButton: true,
        backdrop: false,
        devices: ['desktop', 'mobile'],
        customCss: '.x{}',
      },
      emailNotification: {
        recipients: ['sales@shop.example'],
        senderName: 'Shop',
        senderEmail: 'noreply@shop.example',
        subject: 'New lead',
        message: 'A lead',
      },
      crmMapping: [{ field: 'email', crmField: 'Email' }],
      productIds: ['p-1', 'p-2', 'p-3'],
    };
    const { websiteId: _w, ...fields } = data;
    given(ctaDecider, [])
      .when({ type: 'Create', data: { organisationId: 'org-1', ...data }, actor: CREATOR })
      .then([
        {
          type: 'CtaCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'w-1',
            fields,
            duplicatedFrom: null,
            createdBy: { id: 'u-creator', name: 'Carl Creator' },
          },
        },
      ]);
  });

  it('the name: "Please enter a CTA name." when absent, "CTA name should not be empty" when blank', () => {
    const base = { organisationId: 'org-1', websiteId: 'w-1', type: 'form' };
    expect(
      refusalOf(() => ctaDecider.decide({ type: 'Create', data: base, actor: EDITOR }, ctaDecider.initialState)),
    ).toEqual({
      statusCode: 422,
      message: 'Please enter a CTA name.',
      errors: { name: 'Please enter a CTA name.' },
    });
    expect(
      refusalOf(() =>
        ctaDecider.decide({ type: 'Create', data: { ...base, name: null }, actor: EDITOR }, ctaDecider.initialState),
      ).message,
    ).toBe('Please enter a CTA name.');
    for (const name of ['', '   ']) {
      expect(
        refusalOf(() =>
          ctaDecider.decide({ type: 'Create', data: { ...base, name }, actor: EDITOR }, ctaDecider.initialState),
        ),
      ).toEqual({
        statusCode: 422,
        message: 'CTA name should not be empty',
        errors: { name: 'CTA name should not be empty' },
      });
    }
    given(ctaDecider, [created])
      .when({ type: 'Update', data: { name: ' ' }, actor: EDITOR })
      .refused(422, 'CTA name should not be empty');
    given(ctaDecider, [created])
      .when({ type: 'SaveDraft', data: { name: null }, actor: EDITOR })
      .refused(422, 'Please enter a CTA name.');
  });

  it('at most 3 products: "A maximum of 3 products can be selected"', () => {
    const data = {
      organisationId: 'org-1',
      websiteId: 'w-1',
      name: 'Top picks',
      type: 'top_products',
      productIds: ['p-1', 'p-2', 'p-3', 'p-4'],
    };
    expect(
      refusalOf(() => ctaDecider.decide({ type: 'Create', data, actor: EDITOR }, ctaDecider.initialState)),
    ).toEqual({
      statusCode: 422,
      message: 'A maximum of 3 products can be selected',
      errors: { productIds: 'A maximum of 3 products can be selected' },
    });
    given(ctaDecider, [created])
      .when({ type: 'Update', data: { productIds: ['a', 'b', 'c', 'd'] }, actor: EDITOR })
      .refused(422, 'A maximum of 3 products can be selected');
    given(ctaDecider, [created])
      .when({ type: 'Update', data: { productIds: ['a', 'b', 'c'] }, actor: EDITOR })
      .then([{ type: 'CtaUpdated', data: { changes: { productIds: ['a', 'b', 'c'] }, by: EVE } }]);
  });

  it('a type outside the list, and a missing type, are refused', () => {
    given(ctaDecider, [])
      .when({ type: 'Create', data: { organisationId: 'org-1', websiteId: 'w-1', name: 'X' }, actor: EDITOR })
      .refused(422, 'Type is missing!');
    given(ctaDecider, [])
      .when({
        type: 'Create',
        data: { organisationId: 'org-1', websiteId: 'w-1', name: 'X', type: 'wizard' },
        actor: EDITOR,
      })
      .refused(422, /^Type must be one of form, popup/);
  });
});

describe('Update and SaveDraft', () => {
  it('Update records only what changed, and nothing when nothing changed', () => {
    given(ctaDecider, [created])
      .when({ type: 'Update', data: { name: 'Spring sale form', type: 'form', lazyLoad: true }, actor: CREATOR })
      .then([
        { type: 'CtaUpdated', data: { changes: { lazyLoad: true }, by: { id: 'u-creator', name: 'Carl Creator' } } },
      ]);
    given(ctaDecider, [created])
      .when({ type: 'Update', data: { name: 'Spring sale form' }, actor: CREATOR })
      .then([]);
  });

  it('Update of an active CTA must leave it complete: 422 "CTA publish failed"', () => {
    const live = [created, published('draft')];
    expect(
      refusalOf(() =>
        ctaDecider.decide(
          { type: 'Update', data: { items: [{ type: 'email' }] }, actor: EDITOR },
          ctaDecider.fold(live as never[]),
        ),
      ),
    ).toEqual({
      statusCode: 422,
      message: 'CTA publish failed',
      errors: { items: 'A form needs a button' },
    });
    given(ctaDecider, live)
      .when({ type: 'Update', data: { items: [{ type: 'phone' }, { type: 'button' }] }, actor: EDITOR })
      .then([{ type: 'CtaUpdated', data: { changes: { items: [{ type: 'phone' }, { type: 'button' }] }, by: EVE } }]);
    // A draft may be incomplete.
    given(ctaDecider, [created])
      .when({ type: 'Update', data: { items: [] }, actor: EDITOR })
      .then([{ type: 'CtaUpdated', data: { changes: { items: [] }, by: EVE } }]);
  });

  it('SaveDraft of an active CTA takes it off the site with the changes', () => {
    const live = [created, published('draft')];
    const events = given(ctaDecider, live)
      .when({ type: 'SaveDraft', data: { name: 'Spring sale (paused)' }, actor: MANAGER })
      .then([
        {
          type: 'CtaDraftSaved',
          data: {
            changes: { name: 'Spring sale (paused)' },
            from: 'active',
            by: { id: 'u-manager', name: 'Max Manager' },
          },
        },
      ]);
    expect(given(ctaDecider, [...live, ...events]).state).toMatchObject({
      status: 'draft',
      fields: { name: 'Spring sale (paused)', type: 'form' },
    });
  });

  it('SaveDraft of a draft without changes records nothing; from review it goes back to draft even unchanged', () => {
    given(ctaDecider, [created]).when({ type: 'SaveDraft', data: {}, actor: EDITOR }).then([]);
    given(ctaDecider, [created, submitted])
      .when({ type: 'SaveDraft', data: {}, actor: CREATOR })
      .then([
        { type: 'CtaDraftSaved', data: { changes: {}, from: 'review', by: { id: 'u-creator', name: 'Carl Creator' } } },
      ]);
  });
});

describe('Publish', () => {
  const publish = (history: DomainEvent[], context: unknown) =>
    refusalOf(() =>
      ctaDecider.decide({ type: 'Publish', data: {}, actor: EDITOR, context }, ctaDecider.fold(history as never[])),
    );
  const withFields = (fields: Record<string, unknown>): DomainEvent[] => [
    {
      type: 'CtaCreated',
      data: { organisationId: 'org-1', websiteId: 'w-1', fields, duplicatedFrom: null, createdBy: EVE },
    },
  ];

  it('records who published it, from where', () => {
    const events = given(ctaDecider, [created, submitted])
      .when({ type: 'Publish', data: {}, actor: EDITOR, context: GOOD_WEBSITE })
      .then([{ type: 'CtaPublished', data: { from: 'review', by: EVE } }]);
    expect(given(ctaDecider, [created, submitted, ...events]).state.status).toBe('active');
  });

  it('needs an active website: "CTA publish failed, website must be active"', () => {
    expect(publish([created], { website: { status: 'inactive', publishContent: true } })).toEqual({
      statusCode: 422,
      message: 'CTA publish failed, website must be active',
    });
    expect(publish([created], {})).toEqual({ statusCode: 422, message: 'CTA publish failed, website must be active' });
    expect(publish([created], undefined)).toEqual({
      statusCode: 422,
      message: 'CTA publish failed, website must be active',
    });
  });

  it('needs publish content enabled: "CTA publish failed, publish content must be enabled for this website"', () => {
    expect(publish([created], { website: { status: 'active', publishContent: false } })).toEqual({
      statusCode: 422,
      message: 'CTA publish failed, publish content must be enabled for this website',
    });
    expect(publish([created], { website: { status: 'active' } })).toEqual({
      statusCode: 422,
      message: 'CTA publish failed, publish content must be enabled for this website',
    });
  });

  it('the website comes first: inactive and without publish content says the website must be active', () => {
    expect(publish([created], { website: { status: 'inactive', publishContent: false } }).message).toBe(
      'CTA publish failed, website must be active',
    );
  });

  it('who comes before the website: a creator gets 403', () => {
    given(ctaDecider, [created])
      .when({ type: 'Publish', data: {}, actor: CREATOR, context: { website: { status: 'inactive' } } })
      .refused(403, 'Your role may not Publish this CTA');
  });

  it('needs a complete CTA: "CTA publish failed" with the reasons in errors', () => {
    expect(publish(withFields({ name: 'Empty', type: 'inline', items: [] }), GOOD_WEBSITE)).toEqual({
      statusCode: 422,
      message: 'CTA publish failed',
      errors: { items: 'Add at least one item' },
    });
    expect(publish(withFields({ name: 'No button', type: 'form', items: [{ type: 'email' }] }), GOOD_WEBSITE)).toEqual({
      statusCode: 422,
      message: 'CTA publish failed',
      errors: { items: 'A form needs a button' },
    });
    expect(
      publish(
        withFields({ name: 'No input', type: 'form', items: [{ type: 'heading' }, { type: 'button' }] }),
        GOOD_WEBSITE,
      ),
    ).toEqual({
      statusCode: 422,
      message: 'CTA publish failed',
      errors: { items: 'A form needs at least one input' },
    });
    expect(
      publish(
        withFields({
          name: 'No trigger',
          type: 'popup',
          items: [{ type: 'paragraph' }],
          popup: { triggers: [], frequency: 'once', layout: 'modal', width: 'half', devices: ['desktop'] },
        }),
        GOOD_WEBSITE,
      ),
    ).toEqual({
      statusCode: 422,
      message: 'CTA publish failed',
      errors: { 'popup.triggers': 'A popup needs at least one trigger' },
    });
    expect(publish(withFields({ name: 'Nothing', type: 'popup', items: [] }), GOOD_WEBSITE)).toEqual({
      statusCode: 422,
      message: 'CTA publish failed',
      errors: { items: 'Add at least one item', 'popup.triggers': 'A popup needs at least one trigger' },
    });
  });

  it('complete CTAs of each kind publish', () => {
    const ok = (fields: Record<string, unknown>) =>
      given(ctaDecider, withFields(fields))
        .when({ type: 'Publish', data: {}, actor: EDITOR, context: GOOD_WEBSITE })
        .then([{ type: 'CtaPublished', data: { from: 'draft', by: EVE } }]);
    ok({ name: 'Bar', type: 'bar', items: [{ type: 'paragraph', label: 'Free shipping' }] });
    ok({
      name: 'Popup',
      type: 'popup',
      items: [{ type: 'paragraph' }],
      popup: {
        triggers: [{ kind: 'page_load' }],
        frequency: 'once',
        layout: 'modal',
        width: 'half',
        devices: ['desktop'],
      },
    });
    ok({ name: 'HubSpot', type: 'form', items: [{ type: 'hubspot_form' }] });
  });
});

describe('Delete, Restore, DeletePermanently', () => {
  it('record who and from where', () => {
    given(ctaDecider, [created, published('draft')])
      .when({ type: 'Delete', data: {}, actor: EDITOR })
      .then([{ type: 'CtaDeleted', data: { from: 'active', by: EVE } }]);
    const events = given(ctaDecider, [created, deleted('draft')])
      .when({ type: 'Restore', data: {}, actor: EDITOR })
      .then([{ type: 'CtaRestored', data: { by: EVE } }]);
    expect(given(ctaDecider, [created, deleted('draft'), ...events]).state.status).toBe('draft');
    given(ctaDecider, [created, deleted('draft')])
      .when({ type: 'DeletePermanently', data: {}, actor: OWNER })
      .then([{ type: 'CtaDeletedPermanently', data: { by: { id: 'u-owner', name: 'Olga Owner' } } }]);
  });

  it('DeletePermanently is for admins only, and only once deleted', () => {
    given(ctaDecider, [created, deleted('draft')])
      .when({ type: 'DeletePermanently', data: {}, actor: MANAGER })
      .refused(403, 'Your role may not DeletePermanently this CTA');
    given(ctaDecider, [created])
      .when({ type: 'DeletePermanently', data: {}, actor: ADMIN })
      .refused(422, 'DeletePermanently is not allowed while the CTA is draft');
  });
});

describe('Duplicate and ExportAsTemplate', () => {
  it('Duplicate records the copy with the data of its Create ("{name} (copy)", no integrations)', () => {
    const events = given(ctaDecider, [created, webhook, published('draft')])
      .when({ type: 'Duplicate', data: { copyId: 'cta-2' }, actor: CREATOR })
      .then([
        {
          type: 'CtaDuplicated',
          data: {
            copyId: 'cta-2',
            copy: { organisationId: 'org-1', websiteId: 'w-1', ...FIELDS, name: 'Spring sale form (copy)' },
            by: { id: 'u-creator', name: 'Carl Creator' },
          },
        },
      ]);
    // The source keeps its status; the copy is created by its own Create, which accepts the copy's data.
    expect(given(ctaDecider, [created, webhook, published('draft'), ...events]).state.status).toBe('active');
    const copy = (events[0]!.data as { copy: Record<string, unknown> }).copy;
    given(ctaDecider, [])
      .when({ type: 'Create', data: { ...copy, duplicatedFrom: 'cta-1' }, actor: CREATOR })
      .then([
        {
          type: 'CtaCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'w-1',
            fields: { ...FIELDS, name: 'Spring sale form (copy)' },
            duplicatedFrom: 'cta-1',
            createdBy: { id: 'u-creator', name: 'Carl Creator' },
          },
        },
      ]);
  });

  it("Duplicate takes a name, and needs the copy's id", () => {
    given(ctaDecider, [created])
      .when({ type: 'Duplicate', data: { copyId: 'cta-9', name: 'Autumn sale form' }, actor: EDITOR })
      .then([
        {
          type: 'CtaDuplicated',
          data: {
            copyId: 'cta-9',
            copy: { organisationId: 'org-1', websiteId: 'w-1', ...FIELDS, name: 'Autumn sale form' },
            by: EVE,
          },
        },
      ]);
    given(ctaDecider, [created])
      .when({ type: 'Duplicate', data: {}, actor: EDITOR })
      .refused(422, 'Copy id is missing!');
  });

  it('ExportAsTemplate records the template (name, type, subtype, items, design, popup) and keeps the status', () => {
    const events = given(ctaDecider, [created, submitted])
      .when({ type: 'ExportAsTemplate', data: { templateId: 'tpl-1', name: 'Lead form' }, actor: EDITOR })
      .then([
        {
          type: 'CtaExportedAsTemplate',
          data: {
            templateId: 'tpl-1',
            name: 'Lead form',
            template: { type: 'form', subtype: null, items: FIELDS.items, design: null, popup: null },
            by: EVE,
          },
        },
      ]);
    expect(given(ctaDecider, [created, submitted, ...events]).state.status).toBe('review');
    given(ctaDecider, [created])
      .when({ type: 'ExportAsTemplate', data: { templateId: 'tpl-2' }, actor: EDITOR })
      .then([
        {
          type: 'CtaExportedAsTemplate',
          data: {
            templateId: 'tpl-2',
            name: 'Spring sale form',
            template: { type: 'form', subtype: null, items: FIELDS.items, design: null, popup: null },
            by: EVE,
          },
        },
      ]);
  });
});

describe('integrations (Zapier connect or delete; webhook, HubSpot, Zoho)', () => {
  const connect = (data: unknown) => ({ type: 'ConnectIntegration', data, actor: EDITOR });

  it("a webhook records only hints: its URL's scheme, host and last four characters, and its secret's last four (issue 25)", () => {
    const events = given(ctaDecider, [created])
      .when(
        connect({
          kind: 'webhook',
          settings: { url: 'https://crm.example.com/in?token=t0ps3cr3t', secret: 's3cret-0123456789-abcd' },
        }),
      )
      .then([
        {
          type: 'CtaIntegrationConnected',
          data: {
            kind: 'webhook',
            settings: { urlHint: 'https://crm.example.com/••••••••cr3t', secretHint: '••••••••abcd' },
            by: EVE,
          },
        },
      ]);
    expect(JSON.stringify(events)).not.toContain('s3cret');
    expect(JSON.stringify(events)).not.toContain('t0ps3cr3t');
    expect(given(ctaDecider, [created, ...events]).state.integrations).toEqual([
      { kind: 'webhook', settings: { urlHint: 'https://crm.example.com/••••••••cr3t', secretHint: '••••••••abcd' } },
    ]);
  });

  it('a webhook URL is https://, or http:// on the loopback host only', () => {
    const secret = '0123456789abcdef';
    const hints = {
      'https://hooks.example.com/x': 'https://hooks.example.com/••••••••om/x',
      'http://127.0.0.1:4000/hook': 'http://127.0.0.1:4000/••••••••hook',
      'http://localhost/hook': 'http://localhost/••••••••hook',
    };
    for (const [url, urlHint] of Object.entries(hints)) {
      given(ctaDecider, [created])
        .when(connect({ kind: 'webhook', settings: { url, secret } }))
        .then([
          {
            type: 'CtaIntegrationConnected',
            data: { kind: 'webhook', settings: { urlHint, secretHint: '••••••••cdef' }, by: EVE },
          },
        ]);
    }
    for (const url of [
      'http://hooks.example.com/x',
      'ftp://example.com',
      'not a url',
      'http://10.0.0.1/x',
      'javascript:alert(1)',
    ]) {
      expect(
        refusalOf(() =>
          ctaDecider.decide(
            connect({ kind: 'webhook', settings: { url, secret } }),
            ctaDecider.fold([created] as never[]),
          ),
        ),
      ).toEqual({
        statusCode: 422,
        message: 'The webhook URL must start with https:// (http:// only for localhost)',
        errors: { 'settings.url': 'The webhook URL must start with https:// (http:// only for localhost)' },
      });
    }
    given(ctaDecider, [created])
      .when(connect({ kind: 'webhook', settings: { url: 'https://x.example', secret: 'short' } }))
      .refused(422, 'The webhook secret must be 16 to 200 characters');
  });

  it("Zapier, HubSpot and Zoho settings (a catch hook's URL and Zoho's token as hints only)", () => {
    given(ctaDecider, [created])
      .when(connect({ kind: 'zapier', settings: { url: 'https://hooks.zapier.com/hooks/catch/1/abc' } }))
      .then([
        {
          type: 'CtaIntegrationConnected',
          data: { kind: 'zapier', settings: { urlHint: 'https://hooks.zapier.com/••••••••/abc' }, by: EVE },
        },
      ]);
    given(ctaDecider, [created])
      .when(connect({ kind: 'hubspot', settings: { portalId: '12345', formId: 'f-1' } }))
      .then([
        {
          type: 'CtaIntegrationConnected',
          data: { kind: 'hubspot', settings: { portalId: '12345', formId: 'f-1' }, by: EVE },
        },
      ]);
    given(ctaDecider, [created])
      .when(connect({ kind: 'zoho', settings: { token: '1000.org-own-token-9876' } }))
      .then([
        {
          type: 'CtaIntegrationConnected',
          data: { kind: 'zoho', settings: { module: 'Leads', dataCenter: 'com', tokenHint: '••••••••9876' }, by: EVE },
        },
      ]);
    given(ctaDecider, [created])
      .when(connect({ kind: 'zoho', settings: {} }))
      .refused(422, 'Access token is missing!');
    given(ctaDecider, [created])
      .when(connect({ kind: 'hubspot', settings: {} }))
      .refused(422, 'Portal id is missing!');
    given(ctaDecider, [created])
      .when(connect({ kind: 'salesforce', settings: {} }))
      .refused(422, 'Integration must be one of webhook, zapier, hubspot, zoho');
    given(ctaDecider, [created])
      .when(connect({ settings: {} }))
      .refused(422, 'Integration is missing!');
  });

  it('connecting a kind again replaces it; disconnecting needs it connected', () => {
    const again: DomainEvent = {
      type: 'CtaIntegrationConnected',
      data: {
        kind: 'webhook',
        settings: { urlHint: 'https://new.example.com/••••••••m/in', secretHint: '••••••••0000' },
        by: EVE,
      },
    };
    expect(given(ctaDecider, [created, webhook, again]).state.integrations).toEqual([
      { kind: 'webhook', settings: { urlHint: 'https://new.example.com/••••••••m/in', secretHint: '••••••••0000' } },
    ]);
    const events = given(ctaDecider, [created, webhook])
      .when({ type: 'DisconnectIntegration', data: { kind: 'webhook' }, actor: MANAGER })
      .then([
        { type: 'CtaIntegrationDisconnected', data: { kind: 'webhook', by: { id: 'u-manager', name: 'Max Manager' } } },
      ]);
    expect(given(ctaDecider, [created, webhook, ...events]).state.integrations).toEqual([]);
    expect(
      refusalOf(() =>
        ctaDecider.decide(
          { type: 'DisconnectIntegration', data: { kind: 'zapier' }, actor: MANAGER },
          ctaDecider.fold([created, webhook] as never[]),
        ),
      ),
    ).toEqual({
      statusCode: 422,
      message: 'This integration is not connected',
      errors: { kind: 'This integration is not connected' },
    });
  });
});
