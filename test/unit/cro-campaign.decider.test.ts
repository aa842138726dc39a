// The campaign decider against a table typed by hand from DESIGN.md ("State machines decided
// here": Campaign draft, review, live, deactivated, deleted; SubmitForReview draft->review;
// ReturnToDraft review->draft; Publish review->live, admin also from draft and deactivated;
// Unpublish live->draft; ReturnToReview live|deactivated->review; Deactivate live->deactivated;
// Delete any->deleted; Restore deleted->draft; Duplicate; Generate / CancelGeneration; "CRO
// resources: the request shapes"), seed 001 (section 5: "Campaign name must not be empty", "Please
// enter a valid content page URL.", "The page url domain should be the same as your website
// domain", "Please provide a valid url, starting with https://"; section 8: "Error. Select CTA.",
// "Error. Reselect position.") and the role table of libs/cro/src/domain/roles.ts (authors:
// admin, manager, editor, creator draft, edit and submit; publishers: admin, manager, editor
// publish, unpublish, deactivate, return, delete, restore; "Admin-only steps": Publish straight
// from draft or deactivated).
//
// Nothing here reads the decider's own table: every expected answer is written out.
//
// Decisions recorded here where DESIGN.md is silent: editing a live or deactivated campaign
// (Update, Generate, CancelGeneration) is for publishers; theme generation runs one job at a time;
// the background job's reports (GenerationFinished, GenerationFailed, role `system`) for a job that
// is not the running one record nothing ('no events').
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
import { campaignDecider } from '#libs/cro/src/domain/campaign.decider.js';
import type { Actor, DomainEvent } from '#libs/platform/src/decider.js';

// --- Who acts: test/support/cro-actors.ts.

// --- The histories.
const EVE = { id: 'u-editor', name: 'Eve Editor' };
const ADA = { id: 'u-admin', name: 'Ada Admin' };
const CONTAINER = {
  name: 'Below the intro',
  ctaId: 'cta-1',
  devices: ['desktop', 'mobile'],
  position: 'below',
  selector: 'article > p:first-of-type',
  selectorType: 'css',
};
const FIELDS = {
  name: 'Spring sale',
  url: 'https://shop.example/sale',
  containers: [CONTAINER],
  pageRules: { operator: 'or', rules: [{ kind: 'contains', value: 'https://shop.example/blog/*' }] },
};
const created: DomainEvent = {
  type: 'CampaignCreated',
  data: { organisationId: 'org-1', websiteId: 'w-1', fields: FIELDS, duplicatedFrom: null, createdBy: EVE },
};
const moved = (type: string, from: string): DomainEvent => ({ type, data: { from, by: ADA } });
const submitted = moved('CampaignSubmittedForReview', 'draft');
const published = (from: string): DomainEvent => ({ type: 'CampaignPublished', data: { from, by: ADA, warnings: [] } });
const deleted = (from: string) => moved('CampaignDeleted', from);
const started: DomainEvent = {
  type: 'CampaignGenerationStarted',
  data: { jobId: 'job-1', templateId: 'tpl-1', by: EVE },
};

const DRAFT_GEN = 'draft, generating';
const LIVE_GEN = 'live, generating';
const DELETED_GEN = 'deleted, generating';

const HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  draft: [
    [created],
    [created, submitted, moved('CampaignReturnedToDraft', 'review')],
    [created, published('draft'), moved('CampaignUnpublished', 'live')],
    [created, deleted('draft'), moved('CampaignRestored', 'deleted')],
  ],
  review: [
    [created, submitted],
    [created, published('draft'), moved('CampaignReturnedToReview', 'live')],
  ],
  live: [
    [created, submitted, published('review')],
    [created, published('draft'), moved('CampaignDeactivated', 'live'), published('deactivated')],
  ],
  deactivated: [[created, published('draft'), moved('CampaignDeactivated', 'live')]],
  deleted: [
    [created, deleted('draft')],
    [created, published('draft'), deleted('live')],
  ],
  [DRAFT_GEN]: [
    [created, started],
    [
      created,
      started,
      { type: 'CampaignGenerationCancelled', data: { jobId: 'job-1', by: EVE } },
      { ...started, data: { jobId: 'job-1', templateId: 'tpl-1', by: ADA } },
    ],
  ],
  [LIVE_GEN]: [
    [created, published('draft'), started],
    [created, started, published('draft')],
  ],
  [DELETED_GEN]: [[created, started, deleted('draft')]],
};
const STATUS_OF: Record<string, string> = { [DRAFT_GEN]: 'draft', [LIVE_GEN]: 'live', [DELETED_GEN]: 'deleted' };

const DATA: Record<string, unknown> = {
  Create: { organisationId: 'org-1', websiteId: 'w-1', name: 'Autumn', url: 'https://shop.example/autumn' },
  Update: { name: 'Spring sale (extended)' },
  Duplicate: { copyId: 'campaign-2' },
  Generate: { templateId: 'tpl-2', jobId: 'job-2' },
  GenerationFinished: { jobId: 'job-1', result: { theme: 'dark' } },
  GenerationFailed: { jobId: 'job-1', reason: 'timeout' },
};
const CONTEXT = { website: { status: 'active', publishContent: true, domain: 'shop.example' }, warnings: [] };

// prettier-ignore
const CAMPAIGN_TABLE: readonly Row[] = [
  // action               from          owner+         admin          manager        editor         analyst  creator   viewer  none  system
  // system: the duplicates process creates the copy a Duplicate decided.
  ['Create',             NONE,         'draft',       'draft',       'draft',       'draft',       403,     'draft',  403,    403,  'draft'],
  ['Create',             'draft',      422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Create',             'review',     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Create',             'live',       422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Create',             'deactivated',422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Create',             'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Create',             DRAFT_GEN,    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Create',             LIVE_GEN,     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Create',             DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['Update',             NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['Update',             'draft',      '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Update',             'review',     '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Update',             'live',       '=',           '=',           '=',           '=',           403,     403,      403,    403,  403],
  ['Update',             'deactivated','=',           '=',           '=',           '=',           403,     403,      403,    403,  403],
  ['Update',             'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Update',             DRAFT_GEN,    '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Update',             LIVE_GEN,     '=',           '=',           '=',           '=',           403,     403,      403,    403,  403],
  ['Update',             DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['SubmitForReview',    NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['SubmitForReview',    'draft',      'review',      'review',      'review',      'review',      403,     'review', 403,    403,  403],
  ['SubmitForReview',    'review',     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['SubmitForReview',    'live',       422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['SubmitForReview',    'deactivated',422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['SubmitForReview',    'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['SubmitForReview',    DRAFT_GEN,    'review',      'review',      'review',      'review',      403,     'review', 403,    403,  403],
  ['SubmitForReview',    LIVE_GEN,     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['SubmitForReview',    DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['ReturnToDraft',      NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['ReturnToDraft',      'draft',      422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['ReturnToDraft',      'review',     'draft',       'draft',       'draft',       'draft',       403,     403,      403,    403,  403],
  ['ReturnToDraft',      'live',       422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['ReturnToDraft',      'deactivated',422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['ReturnToDraft',      'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['ReturnToDraft',      DRAFT_GEN,    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['ReturnToDraft',      LIVE_GEN,     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['ReturnToDraft',      DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['Publish',            NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['Publish',            'draft',      'live',        'live',        403,           403,           403,     403,      403,    403,  403],
  ['Publish',            'review',     'live',        'live',        'live',        'live',        403,     403,      403,    403,  403],
  ['Publish',            'live',       422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Publish',            'deactivated','live',        'live',        403,           403,           403,     403,      403,    403,  403],
  ['Publish',            'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Publish',            DRAFT_GEN,    'live',        'live',        403,           403,           403,     403,      403,    403,  403],
  ['Publish',            LIVE_GEN,     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Publish',            DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['Unpublish',          NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['Unpublish',          'draft',      422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Unpublish',          'review',     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Unpublish',          'live',       'draft',       'draft',       'draft',       'draft',       403,     403,      403,    403,  403],
  ['Unpublish',          'deactivated',422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Unpublish',          'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Unpublish',          DRAFT_GEN,    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Unpublish',          LIVE_GEN,     'draft',       'draft',       'draft',       'draft',       403,     403,      403,    403,  403],
  ['Unpublish',          DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['ReturnToReview',     NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['ReturnToReview',     'draft',      422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['ReturnToReview',     'review',     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['ReturnToReview',     'live',       'review',      'review',      'review',      'review',      403,     403,      403,    403,  403],
  ['ReturnToReview',     'deactivated','review',      'review',      'review',      'review',      403,     403,      403,    403,  403],
  ['ReturnToReview',     'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['ReturnToReview',     DRAFT_GEN,    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['ReturnToReview',     LIVE_GEN,     'review',      'review',      'review',      'review',      403,     403,      403,    403,  403],
  ['ReturnToReview',     DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['Deactivate',         NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['Deactivate',         'draft',      422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Deactivate',         'review',     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Deactivate',         'live',       'deactivated', 'deactivated', 'deactivated', 'deactivated', 403,     403,      403,    403,  403],
  ['Deactivate',         'deactivated',422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Deactivate',         'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Deactivate',         DRAFT_GEN,    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Deactivate',         LIVE_GEN,     'deactivated', 'deactivated', 'deactivated', 'deactivated', 403,     403,      403,    403,  403],
  ['Deactivate',         DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['Delete',             NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['Delete',             'draft',      'deleted',     'deleted',     'deleted',     'deleted',     403,     403,      403,    403,  403],
  ['Delete',             'review',     'deleted',     'deleted',     'deleted',     'deleted',     403,     403,      403,    403,  403],
  ['Delete',             'live',       'deleted',     'deleted',     'deleted',     'deleted',     403,     403,      403,    403,  403],
  ['Delete',             'deactivated','deleted',     'deleted',     'deleted',     'deleted',     403,     403,      403,    403,  403],
  ['Delete',             'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Delete',             DRAFT_GEN,    'deleted',     'deleted',     'deleted',     'deleted',     403,     403,      403,    403,  403],
  ['Delete',             LIVE_GEN,     'deleted',     'deleted',     'deleted',     'deleted',     403,     403,      403,    403,  403],
  ['Delete',             DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['Restore',            NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['Restore',            'draft',      422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Restore',            'review',     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Restore',            'live',       422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Restore',            'deactivated',422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Restore',            'deleted',    'draft',       'draft',       'draft',       'draft',       403,     403,      403,    403,  403],
  ['Restore',            DRAFT_GEN,    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Restore',            LIVE_GEN,     422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Restore',            DELETED_GEN,  'draft',       'draft',       'draft',       'draft',       403,     403,      403,    403,  403],

  ['Duplicate',          NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['Duplicate',          'draft',      '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Duplicate',          'review',     '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Duplicate',          'live',       '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Duplicate',          'deactivated','=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Duplicate',          'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Duplicate',          DRAFT_GEN,    '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Duplicate',          LIVE_GEN,     '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Duplicate',          DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['Generate',           NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['Generate',           'draft',      '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Generate',           'review',     '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['Generate',           'live',       '=',           '=',           '=',           '=',           403,     403,      403,    403,  403],
  ['Generate',           'deactivated','=',           '=',           '=',           '=',           403,     403,      403,    403,  403],
  ['Generate',           'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['Generate',           DRAFT_GEN,    422,           422,           422,           422,           403,     422,      403,    403,  403],
  ['Generate',           LIVE_GEN,     422,           422,           422,           422,           403,     403,      403,    403,  403],
  ['Generate',           DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['CancelGeneration',   NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['CancelGeneration',   'draft',      422,           422,           422,           422,           403,     422,      403,    403,  403],
  ['CancelGeneration',   'review',     422,           422,           422,           422,           403,     422,      403,    403,  403],
  ['CancelGeneration',   'live',       422,           422,           422,           422,           403,     403,      403,    403,  403],
  ['CancelGeneration',   'deactivated',422,           422,           422,           422,           403,     403,      403,    403,  403],
  ['CancelGeneration',   'deleted',    422,           422,           422,           422,           422,     422,      422,    422,  422],
  ['CancelGeneration',   DRAFT_GEN,    '=',           '=',           '=',           '=',           403,     '=',      403,    403,  403],
  ['CancelGeneration',   LIVE_GEN,     '=',           '=',           '=',           '=',           403,     403,      403,    403,  403],
  ['CancelGeneration',   DELETED_GEN,  422,           422,           422,           422,           422,     422,      422,    422,  422],

  ['GenerationFinished', NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['GenerationFinished', 'draft',      403,           403,           403,           403,           403,     403,      403,    403,  'no events'],
  ['GenerationFinished', 'review',     403,           403,           403,           403,           403,     403,      403,    403,  'no events'],
  ['GenerationFinished', 'live',       403,           403,           403,           403,           403,     403,      403,    403,  'no events'],
  ['GenerationFinished', 'deactivated',403,           403,           403,           403,           403,     403,      403,    403,  'no events'],
  ['GenerationFinished', 'deleted',    403,           403,           403,           403,           403,     403,      403,    403,  'no events'],
  ['GenerationFinished', DRAFT_GEN,    403,           403,           403,           403,           403,     403,      403,    403,  '='],
  ['GenerationFinished', LIVE_GEN,     403,           403,           403,           403,           403,     403,      403,    403,  '='],
  ['GenerationFinished', DELETED_GEN,  403,           403,           403,           403,           403,     403,      403,    403,  '='],

  ['GenerationFailed',   NONE,         404,           404,           404,           404,           404,     404,      404,    404,  404],
  ['GenerationFailed',   'draft',      403,           403,           403,           403,           403,     403,      403,    403,  'no events'],
  ['GenerationFailed',   'review',     403,           403,           403,           403,           403,     403,      403,    403,  'no events'],
  ['GenerationFailed',   'live',       403,           403,           403,           403,           403,     403,      403,    403,  'no events'],
  ['GenerationFailed',   'deactivated',403,           403,           403,           403,           403,     403,      403,    403,  'no events'],
  ['GenerationFailed',   'deleted',    403,           403,           403,           403,           403,     403,      403,    403,  'no events'],
  ['GenerationFailed',   DRAFT_GEN,    403,           403,           403,           403,           403,     403,      403,    403,  '='],
  ['GenerationFailed',   LIVE_GEN,     403,           403,           403,           403,           403,     403,      403,    403,  '='],
  ['GenerationFailed',   DELETED_GEN,  403,           403,           403,           403,           403,     403,      403,    403,  '='],
];

/** The words of each refusal, written out: the framework's (libs/platform/src/decider.ts) and the two generation guards. */
function refusalMessage(cell: number, action: string, label: string): string {
  const status = STATUS_OF[label] ?? label;
  if (cell === 404) return 'The campaign does not exist';
  if (cell === 403) return `Your role may not ${action} this campaign`;
  if (action === 'Generate' && status !== 'deleted') return 'A theme generation is already running for this campaign';
  if (action === 'CancelGeneration' && status !== 'deleted') return 'No theme generation is running for this campaign';
  return `${action} is not allowed while the campaign is ${status}`;
}

function refusalOf(run: () => unknown): { statusCode: number; message: string; errors?: Record<string, string> } {
  try {
    run();
  } catch (error) {
    const e = error as { statusCode: number; message: string; errors?: Record<string, string> };
    return { statusCode: e.statusCode, message: e.message, ...(e.errors ? { errors: e.errors } : {}) };
  }
  throw new Error('expected a refusal, the command was decided');
}
const stateOf = (history: DomainEvent[]) => campaignDecider.fold(history as never[]);

describe('the campaign table (typed by hand)', () => {
  checkTable({
    decider: campaignDecider,
    columns: COLUMNS,
    rows: CAMPAIGN_TABLE,
    histories: HISTORIES,
    data: DATA,
    context: () => CONTEXT,
  });

  it('every refusal of the table says why', () => {
    for (const [action, from, ...cells] of CAMPAIGN_TABLE) {
      cells.forEach((cell, i) => {
        if (typeof cell !== 'number') return;
        const actor = COLUMNS[i]!.actors[0]!;
        const got = refusalOf(() =>
          campaignDecider.decide(
            { type: action, data: DATA[action] ?? {}, actor, context: CONTEXT },
            stateOf(HISTORIES[from]![0]!),
          ),
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
});

describe('allowedActions, written out', () => {
  const sorted = (actions: string[]) => [...actions].sort();
  it('an editor on a campaign in review', () => {
    expect(sorted(campaignDecider.allowedActions('review', EDITOR, stateOf([created, submitted]), CONTEXT))).toEqual([
      'Delete',
      'Duplicate',
      'Generate',
      'Publish',
      'ReturnToDraft',
      'Update',
    ]);
  });
  it('a creator on a draft', () => {
    expect(sorted(campaignDecider.allowedActions('draft', CREATOR, stateOf([created]), CONTEXT))).toEqual([
      'Duplicate',
      'Generate',
      'SubmitForReview',
      'Update',
    ]);
  });
  it('deactivated: an admin may publish again, a manager may not', () => {
    const history = [created, published('draft'), moved('CampaignDeactivated', 'live')];
    expect(sorted(campaignDecider.allowedActions('deactivated', ADMIN, stateOf(history), CONTEXT))).toEqual([
      'Delete',
      'Duplicate',
      'Generate',
      'Publish',
      'ReturnToReview',
      'Update',
    ]);
    expect(sorted(campaignDecider.allowedActions('deactivated', MANAGER, stateOf(history), CONTEXT))).toEqual([
      'Delete',
      'Duplicate',
      'Generate',
      'ReturnToReview',
      'Update',
    ]);
  });
  it('a live campaign while a theme is generated: a creator only duplicates; an editor cancels instead of generating', () => {
    const history = [created, published('draft'), started];
    expect(campaignDecider.allowedActions('live', CREATOR, stateOf(history), CONTEXT)).toEqual(['Duplicate']);
    expect(sorted(campaignDecider.allowedActions('live', EDITOR, stateOf(history), CONTEXT))).toEqual([
      'CancelGeneration',
      'Deactivate',
      'Delete',
      'Duplicate',
      'ReturnToReview',
      'Unpublish',
      'Update',
    ]);
  });
  it('an analyst, a viewer and a member without CRO role: nothing', () => {
    for (const actor of [ANALYST, VIEWER, NOBODY])
      expect(campaignDecider.allowedActions('draft', actor, stateOf([created]), CONTEXT)).toEqual([]);
  });
});

describe('Create and Update: the request shape and its messages', () => {
  const create = (data: Record<string, unknown>, context: unknown = CONTEXT) =>
    refusalOf(() =>
      campaignDecider.decide(
        { type: 'Create', data: { organisationId: 'org-1', websiteId: 'w-1', ...data }, actor: EDITOR, context },
        campaignDecider.initialState,
      ),
    );

  it('records the fields; containers default to none and page rules to "or" without rules', () => {
    given(campaignDecider, [])
      .when({
        type: 'Create',
        data: { organisationId: 'org-1', websiteId: 'w-1', name: ' Autumn ', status: 'live' },
        actor: CREATOR,
        context: CONTEXT,
      })
      .then([
        {
          type: 'CampaignCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'w-1',
            fields: { name: 'Autumn', containers: [], pageRules: { operator: 'or', rules: [] } },
            duplicatedFrom: null,
            createdBy: { id: 'u-creator', name: 'Carl Creator' },
          },
        },
      ]);
  });

  it('accepts every field of the request shape as written', () => {
    const fields = {
      name: 'Black Friday',
      url: 'https://www.shop.example/black-friday',
      vertical: 'Shoes',
      stage: 'Awareness',
      containers: [
        { ...CONTAINER, marginPx: 12, layout: 'full', customCss: '.c{}' },
        {
          name: 'Sidebar',
          ctaId: 'cta-2',
          devices: ['desktop'],
          position: 'above',
          selector: '//aside',
          selectorType: 'xpath',
        },
      ],
      pageRules: {
        operator: 'and',
        rules: [
          { kind: 'contains', value: 'https://shop.example/*' },
          { kind: 'not_contains', value: 'https://shop.example/cart' },
          { kind: 'exact', value: 'https://shop.example/' },
          { kind: 'list', listId: 'list-1' },
        ],
      },
    };
    given(campaignDecider, [])
      .when({
        type: 'Create',
        data: { organisationId: 'org-1', websiteId: 'w-1', ...fields },
        actor: EDITOR,
        context: CONTEXT,
      })
      .then([
        {
          type: 'CampaignCreated',
          data: { organisationId: 'org-1', websiteId: 'w-1', fields, duplicatedFrom: null, createdBy: EVE },
        },
      ]);
  });

  it('"Campaign name must not be empty"', () => {
    for (const name of [undefined, null, '', '  ']) {
      expect(create({ name })).toEqual({
        statusCode: 422,
        message: 'Campaign name must not be empty',
        errors: { name: 'Campaign name must not be empty' },
      });
    }
    given(campaignDecider, [created])
      .when({ type: 'Update', data: { name: '' }, actor: EDITOR })
      .refused(422, 'Campaign name must not be empty');
  });

  it('the page URL: "Please enter a valid content page URL." and "The page url domain should be the same as your website domain"', () => {
    for (const url of ['shop.example/sale', 'not a url', 'ftp://shop.example/x', '']) {
      expect(create({ name: 'X', url })).toEqual({
        statusCode: 422,
        message: 'Please enter a valid content page URL.',
        errors: { url: 'Please enter a valid content page URL.' },
      });
    }
    for (const url of ['https://other.example/sale', 'https://evilshop.example/', 'https://shop.example.evil.com/']) {
      expect(create({ name: 'X', url })).toEqual({
        statusCode: 422,
        message: 'The page url domain should be the same as your website domain',
        errors: { url: 'The page url domain should be the same as your website domain' },
      });
    }
    for (const url of [
      'https://shop.example/sale',
      'http://shop.example/',
      'https://www.shop.example/x',
      'https://blog.shop.example/post',
      'https://SHOP.example/A',
    ]) {
      given(campaignDecider, [])
        .when({
          type: 'Create',
          data: { organisationId: 'org-1', websiteId: 'w-1', name: 'X', url },
          actor: EDITOR,
          context: CONTEXT,
        })
        .then([
          {
            type: 'CampaignCreated',
            data: {
              organisationId: 'org-1',
              websiteId: 'w-1',
              fields: { name: 'X', url, containers: [], pageRules: { operator: 'or', rules: [] } },
              duplicatedFrom: null,
              createdBy: EVE,
            },
          },
        ]);
    }
    // Without the website's domain an edit checks the format only; Publish will check the domain.
    given(campaignDecider, [created])
      .when({ type: 'Update', data: { url: 'https://other.example/' }, actor: EDITOR })
      .then([{ type: 'CampaignUpdated', data: { changes: { url: 'https://other.example/' }, by: EVE } }]);
    given(campaignDecider, [created])
      .when({ type: 'Update', data: { url: 'https://other.example/' }, actor: EDITOR, context: CONTEXT })
      .refused(422, 'The page url domain should be the same as your website domain');
  });

  it('page rules: "Please provide a valid url, starting with https://" (a trailing * allowed); list rules need a list (page-rules.ts decides the rule values)', () => {
    const rules = (rule: Record<string, unknown>) =>
      create({
        name: 'X',
        pageRules: { operator: 'or', rules: [{ kind: 'exact', value: 'https://shop.example/' }, rule] },
      });
    for (const value of [
      'http://shop.example/blog',
      'shop.example/blog',
      '/blog',
      'https://',
      'https://*',
      'https://shop example/',
      undefined,
    ]) {
      expect(rules({ kind: 'contains', value })).toEqual({
        statusCode: 422,
        message: 'Please provide a valid url, starting with https://',
        errors: { 'pageRules.rules.1.value': 'Please provide a valid url, starting with https://' },
      });
    }
    expect(rules({ kind: 'list' })).toEqual({
      statusCode: 422,
      message: 'Please select a URL list.',
      errors: { 'pageRules.rules.1.listId': 'Please select a URL list.' },
    });
    given(campaignDecider, [created])
      .when({
        type: 'Update',
        data: {
          pageRules: { operator: 'and', rules: [{ kind: 'not_contains', value: 'https://shop.example/checkout*' }] },
        },
        actor: EDITOR,
      })
      .then([
        {
          type: 'CampaignUpdated',
          data: {
            changes: {
              pageRules: {
                operator: 'and',
                rules: [{ kind: 'not_contains', value: 'https://shop.example/checkout*' }],
              },
            },
            by: EVE,
          },
        },
      ]);
  });

  it('containers: "Error. Select CTA." without a CTA, "Error. Reselect position." without a selector', () => {
    const { ctaId: _c, ...noCta } = CONTAINER;
    expect(create({ name: 'X', containers: [noCta] })).toEqual({
      statusCode: 422,
      message: 'Error. Select CTA.',
      errors: { 'containers.0.ctaId': 'Error. Select CTA.' },
    });
    expect(create({ name: 'X', containers: [{ ...CONTAINER, selector: ' ' }] })).toEqual({
      statusCode: 422,
      message: 'Error. Reselect position.',
      errors: { 'containers.0.selector': 'Error. Reselect position.' },
    });
  });

  it('Update records only what changed', () => {
    given(campaignDecider, [created])
      .when({ type: 'Update', data: { ...FIELDS, vertical: 'Garden' }, actor: EDITOR })
      .then([{ type: 'CampaignUpdated', data: { changes: { vertical: 'Garden' }, by: EVE } }]);
    given(campaignDecider, [created]).when({ type: 'Update', data: FIELDS, actor: EDITOR }).then([]);
  });
});

describe('Publish', () => {
  const draft = (fields: Record<string, unknown>): DomainEvent[] => [
    {
      type: 'CampaignCreated',
      data: { organisationId: 'org-1', websiteId: 'w-1', fields, duplicatedFrom: null, createdBy: EVE },
    },
  ];

  it('records who published it, from where, and the warnings the caller computed', () => {
    const events = given(campaignDecider, [created, submitted])
      .when({
        type: 'Publish',
        data: {},
        actor: EDITOR,
        context: { ...CONTEXT, warnings: ['The page rules match no page of this website: the campaign has no effect'] },
      })
      .then([
        {
          type: 'CampaignPublished',
          data: {
            from: 'review',
            by: EVE,
            warnings: ['The page rules match no page of this website: the campaign has no effect'],
          },
        },
      ]);
    expect(given(campaignDecider, [created, submitted, ...events]).state).toMatchObject({
      status: 'live',
      warnings: ['The page rules match no page of this website: the campaign has no effect'],
    });
  });

  it('needs a valid page URL on the website domain', () => {
    const publish = (history: DomainEvent[], context: unknown) =>
      refusalOf(() => campaignDecider.decide({ type: 'Publish', data: {}, actor: ADMIN, context }, stateOf(history)));
    expect(
      publish(draft({ name: 'No URL', containers: [], pageRules: { operator: 'or', rules: [] } }), CONTEXT),
    ).toEqual({
      statusCode: 422,
      message: 'Please enter a valid content page URL.',
      errors: { url: 'Please enter a valid content page URL.' },
    });
    // The website moved to another domain after the campaign was written.
    expect(publish([created], { website: { status: 'active', domain: 'newshop.example' } })).toEqual({
      statusCode: 422,
      message: 'The page url domain should be the same as your website domain',
      errors: { url: 'The page url domain should be the same as your website domain' },
    });
    // Nothing says which domain: refused rather than published blind.
    expect(publish([created], {})).toEqual({
      statusCode: 422,
      message: 'The page url domain should be the same as your website domain',
      errors: { url: 'The page url domain should be the same as your website domain' },
    });
    given(campaignDecider, [created])
      .when({ type: 'Publish', data: {}, actor: ADMIN, context: CONTEXT })
      .then([{ type: 'CampaignPublished', data: { from: 'draft', by: ADA, warnings: [] } }]);
  });

  it('straight from draft is for admins only (403 for a manager)', () => {
    given(campaignDecider, [created])
      .when({ type: 'Publish', data: {}, actor: MANAGER, context: CONTEXT })
      .refused(403, 'Your role may not Publish this campaign');
  });
});

describe('the other moves record who and from where', () => {
  it.each([
    ['SubmitForReview', [created], 'CampaignSubmittedForReview', 'draft', 'review'],
    ['ReturnToDraft', [created, submitted], 'CampaignReturnedToDraft', 'review', 'draft'],
    ['Unpublish', [created, published('draft')], 'CampaignUnpublished', 'live', 'draft'],
    ['ReturnToReview', [created, published('draft')], 'CampaignReturnedToReview', 'live', 'review'],
    ['Deactivate', [created, published('draft')], 'CampaignDeactivated', 'live', 'deactivated'],
    ['Delete', [created, published('draft')], 'CampaignDeleted', 'live', 'deleted'],
    ['Restore', [created, deleted('review')], 'CampaignRestored', 'deleted', 'draft'],
  ] as const)('%s', (action, history, type, from, to) => {
    const events = given(campaignDecider, [...history])
      .when({ type: action, data: {}, actor: EDITOR, context: CONTEXT })
      .then([{ type, data: { from, by: EVE } }]);
    expect(given(campaignDecider, [...history, ...events]).state.status).toBe(to);
  });
});

describe('Duplicate', () => {
  it('records the copy with the data of its Create ("{name} (copy)")', () => {
    const events = given(campaignDecider, [created, published('draft')])
      .when({ type: 'Duplicate', data: { copyId: 'campaign-2' }, actor: CREATOR })
      .then([
        {
          type: 'CampaignDuplicated',
          data: {
            copyId: 'campaign-2',
            copy: { organisationId: 'org-1', websiteId: 'w-1', ...FIELDS, name: 'Spring sale (copy)' },
            by: { id: 'u-creator', name: 'Carl Creator' },
          },
        },
      ]);
    const copy = (events[0]!.data as { copy: Record<string, unknown> }).copy;
    given(campaignDecider, [])
      .when({ type: 'Create', data: { ...copy, duplicatedFrom: 'campaign-1' }, actor: CREATOR, context: CONTEXT })
      .then([
        {
          type: 'CampaignCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'w-1',
            fields: { ...FIELDS, name: 'Spring sale (copy)' },
            duplicatedFrom: 'campaign-1',
            createdBy: { id: 'u-creator', name: 'Carl Creator' },
          },
        },
      ]);
    given(campaignDecider, [created])
      .when({ type: 'Duplicate', data: {}, actor: CREATOR })
      .refused(422, 'Copy id is missing!');
  });
});

describe('theme generation', () => {
  it('Generate records the job; a second one is refused while it runs', () => {
    const events = given(campaignDecider, [created])
      .when({ type: 'Generate', data: { templateId: 'tpl-7', jobId: 'job-7' }, actor: CREATOR })
      .then([
        {
          type: 'CampaignGenerationStarted',
          data: { jobId: 'job-7', templateId: 'tpl-7', by: { id: 'u-creator', name: 'Carl Creator' } },
        },
      ]);
    expect(given(campaignDecider, [created, ...events]).state.generation).toEqual({
      jobId: 'job-7',
      templateId: 'tpl-7',
    });
    given(campaignDecider, [created, ...events])
      .when({ type: 'Generate', data: { templateId: 'tpl-8', jobId: 'job-8' }, actor: EDITOR })
      .refused(422, 'A theme generation is already running for this campaign');
    given(campaignDecider, [created])
      .when({ type: 'Generate', data: { templateId: 'tpl-7' }, actor: EDITOR })
      .refused(422, 'Job id is missing!');
    given(campaignDecider, [created])
      .when({ type: 'Generate', data: { jobId: 'job-7' }, actor: EDITOR })
      .refused(422, 'Template is missing!');
  });

  it('CancelGeneration only while one runs; after it the job may be started again', () => {
    given(campaignDecider, [created])
      .when({ type: 'CancelGeneration', data: {}, actor: EDITOR })
      .refused(422, 'No theme generation is running for this campaign');
    const events = given(campaignDecider, [created, started])
      .when({ type: 'CancelGeneration', data: {}, actor: EDITOR })
      .then([{ type: 'CampaignGenerationCancelled', data: { jobId: 'job-1', by: EVE } }]);
    const after = [created, started, ...events];
    expect(given(campaignDecider, after).state.generation).toBeNull();
    given(campaignDecider, after)
      .when({ type: 'Generate', data: { templateId: 'tpl-2', jobId: 'job-2' }, actor: EDITOR })
      .then([{ type: 'CampaignGenerationStarted', data: { jobId: 'job-2', templateId: 'tpl-2', by: EVE } }]);
  });

  it('the job reports its result or its failure; a stale job records nothing', () => {
    const finished = given(campaignDecider, [created, started])
      .when({ type: 'GenerationFinished', data: { jobId: 'job-1', result: { theme: 'dark' } }, actor: SYSTEM })
      .then([{ type: 'CampaignGenerationFinished', data: { jobId: 'job-1', result: { theme: 'dark' } } }]);
    expect(given(campaignDecider, [created, started, ...finished]).state.generation).toBeNull();
    given(campaignDecider, [created, started])
      .when({ type: 'GenerationFailed', data: { jobId: 'job-1', reason: 'The template is gone' }, actor: SYSTEM })
      .then([{ type: 'CampaignGenerationFailed', data: { jobId: 'job-1', reason: 'The template is gone' } }]);
    given(campaignDecider, [created, started])
      .when({ type: 'GenerationFinished', data: { jobId: 'job-0' }, actor: SYSTEM })
      .then([]);
    given(campaignDecider, [
      created,
      started,
      { type: 'CampaignGenerationCancelled', data: { jobId: 'job-1', by: EVE } },
    ])
      .when({ type: 'GenerationFailed', data: { jobId: 'job-1' }, actor: SYSTEM })
      .then([]);
    given(campaignDecider, [created, started])
      .when({ type: 'GenerationFinished', data: { jobId: 'job-1' }, actor: ADMIN })
      .refused(403, 'Your role may not GenerationFinished this campaign');
  });
});
