// The experiment decider against a table typed by hand from DESIGN.md ("State machines decided
// here": Experiment draft, review, live, paused, completed, completed_deployed, deleted;
// SubmitForReview, ReturnToDraft, ReturnToReview, Publish (->live), Pause, Resume, Complete,
// CompleteAndDeploy (deploys the winning variant), Delete (not while live); completed experiments
// cannot be edited; end rules complete a live experiment automatically; "CRO resources: the
// request shapes": variants, the first is the control, weights 0-100, sum 100; CompleteAndDeploy
// takes { variant }, without it the declared winner, a 422 when there is none), seed 001 (section
// 5: "Please enter a name for the test", the URL messages) and the role table of
// libs/cro/src/domain/roles.ts (experiment authors: admin, manager, editor, analyst draft, edit
// and submit; runners: admin, manager, analyst publish, pause, resume, complete, deploy, return,
// delete and restore).
//
// Nothing here reads the decider's own table: every expected answer is written out.
//
// Decisions recorded here where DESIGN.md is silent: ReturnToDraft from review, live or paused;
// ReturnToReview from live or paused; Publish from draft or review; Update of a live or paused
// test is for runners; Restore goes back to the status the experiment was deleted from (a
// completed test stays completed); the end-rules process acts with role `system`.
// Issue 25 (forged traffic): the end-rules process holds a rule met by traffic that does not look
// real (`HoldEndRule`, system, live, once) and a runner confirms it (`ConfirmCompletion`: live with
// a held rule -> completed, as the rule would have); `ConfirmCompletion` is refused (422) and not
// offered while nothing is held; an Update of the end rule drops the hold.
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
import { experimentDecider } from '#libs/cro/src/domain/experiment.decider.js';
import type { Actor, DomainEvent } from '#libs/platform/src/decider.js';

// --- Who acts: test/support/cro-actors.ts.

// --- The histories.
const ANN = { id: 'u-analyst', name: 'Ann Analyst' };
const EVE = { id: 'u-editor', name: 'Eve Editor' };
const VARIANTS = [
  { key: 'control', name: 'Control', weight: 50 },
  { key: 'b', name: 'Shorter headline', weight: 50, changes: [{ selector: 'h1', text: 'Save now' }] },
];
const FIELDS = {
  name: 'Hero headline',
  pageUrl: 'https://shop.example/',
  testType: 'ab',
  goalId: 'goal-1',
  variants: VARIANTS,
  significanceThreshold: 0.95,
};
const created: DomainEvent = {
  type: 'ExperimentCreated',
  data: { organisationId: 'org-1', websiteId: 'w-1', fields: FIELDS, createdBy: EVE },
};
const moved = (type: string, from: string): DomainEvent => ({ type, data: { from, by: ANN } });
const submitted = moved('ExperimentSubmittedForReview', 'draft');
const published = (from: string) => moved('ExperimentPublished', from);
const paused = moved('ExperimentPaused', 'live');
const resumed = moved('ExperimentResumed', 'paused');
const completed = (from: string, winner: string | null): DomainEvent => ({
  type: 'ExperimentCompleted',
  data: { from, winner, endRule: null, by: ANN },
});
const completedByRule: DomainEvent = {
  type: 'ExperimentCompleted',
  data: { from: 'live', winner: 'b', endRule: 'significance', by: null },
};
const deployed = (from: string): DomainEvent => ({ type: 'ExperimentDeployed', data: { from, by: ANN, variant: 'b' } });
const deleted = (from: string) => moved('ExperimentDeleted', from);
const HELD_DATA = {
  rule: 'visitors',
  winner: 'b',
  figures: {
    met: ['visitors'],
    visitors: 40,
    conversionsPerVariant: { control: 12, b: 20 },
    date: '2026-11-29',
    significance: 0.97,
  },
  reasons: ['networks'],
  traffic: { visitors: 40, withPageView: 40, networks: 1, largestNetwork: 40 },
};
const held: DomainEvent = { type: 'ExperimentEndRuleHeld', data: HELD_DATA };

const HELD = 'live (end rule held)';

const DELETED_DRAFT = 'deleted (was draft)';
const DELETED_COMPLETED = 'deleted (was completed)';
const HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  draft: [
    [created],
    [created, submitted, moved('ExperimentReturnedToDraft', 'review')],
    [created, published('draft'), moved('ExperimentReturnedToDraft', 'live')],
  ],
  review: [
    [created, submitted],
    [created, published('draft'), paused, moved('ExperimentReturnedToReview', 'paused')],
  ],
  live: [
    [created, submitted, published('review')],
    [created, published('draft'), paused, resumed],
  ],
  paused: [[created, published('draft'), paused]],
  completed: [
    [created, published('draft'), completed('live', 'b')],
    [created, published('draft'), paused, completed('paused', null)],
    [created, published('draft'), completedByRule],
  ],
  completed_deployed: [
    [created, published('draft'), deployed('live')],
    [created, published('draft'), completed('live', 'b'), deployed('completed')],
  ],
  [DELETED_DRAFT]: [
    [created, deleted('draft')],
    [
      created,
      submitted,
      deleted('review'),
      { type: 'ExperimentRestored', data: { to: 'review', by: ANN } },
      moved('ExperimentReturnedToDraft', 'review'),
      deleted('draft'),
    ],
  ],
  [DELETED_COMPLETED]: [[created, published('draft'), completed('live', 'b'), deleted('completed')]],
  [HELD]: [
    [created, published('draft'), held],
    [created, published('draft'), held, paused, resumed],
  ],
};
const STATUS_OF: Record<string, string> = {
  [DELETED_DRAFT]: 'deleted',
  [DELETED_COMPLETED]: 'deleted',
  [HELD]: 'live',
};

const DATA: Record<string, unknown> = {
  Create: { organisationId: 'org-1', websiteId: 'w-1', name: 'Checkout button', pageUrl: 'https://shop.example/cart' },
  Update: { hypothesis: 'A shorter headline keeps visitors reading' },
  Complete: { winner: 'b' },
  CompleteAndDeploy: { variant: 'b' },
  CompleteByEndRule: { rule: 'significance', winner: 'b' },
  HoldEndRule: HELD_DATA,
  ConfirmCompletion: {},
};
const CONTEXT = { website: { status: 'active', publishContent: true, domain: 'shop.example' } };

// prettier-ignore
const EXPERIMENT_TABLE: readonly Row[] = [
  // action              from                   owner+                admin                 manager               editor    analyst               creator  viewer  none  system
  ['Create',            NONE,                  'draft',              'draft',              'draft',              'draft',  'draft',              403,     403,    403,  403],
  ['Create',            'draft',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Create',            'review',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Create',            'live',                422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Create',            'paused',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Create',            'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Create',            'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Create',            DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Create',            DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Create',            HELD,                  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],

  ['Update',            NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['Update',            'draft',               '=',                  '=',                  '=',                  '=',      '=',                  403,     403,    403,  403],
  ['Update',            'review',              '=',                  '=',                  '=',                  '=',      '=',                  403,     403,    403,  403],
  ['Update',            'live',                '=',                  '=',                  '=',                  403,      '=',                  403,     403,    403,  403],
  ['Update',            'paused',              '=',                  '=',                  '=',                  403,      '=',                  403,     403,    403,  403],
  ['Update',            'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Update',            'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Update',            DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Update',            DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Update',            HELD,                  '=',                  '=',                  '=',                  403,      '=',                  403,     403,    403,  403],

  ['SubmitForReview',   NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['SubmitForReview',   'draft',               'review',             'review',             'review',             'review', 'review',             403,     403,    403,  403],
  ['SubmitForReview',   'review',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['SubmitForReview',   'live',                422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['SubmitForReview',   'paused',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['SubmitForReview',   'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['SubmitForReview',   'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['SubmitForReview',   DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['SubmitForReview',   DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['SubmitForReview',   HELD,                  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],

  ['ReturnToDraft',     NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['ReturnToDraft',     'draft',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToDraft',     'review',              'draft',              'draft',              'draft',              403,      'draft',              403,     403,    403,  403],
  ['ReturnToDraft',     'live',                'draft',              'draft',              'draft',              403,      'draft',              403,     403,    403,  403],
  ['ReturnToDraft',     'paused',              'draft',              'draft',              'draft',              403,      'draft',              403,     403,    403,  403],
  ['ReturnToDraft',     'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToDraft',     'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToDraft',     DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToDraft',     DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToDraft',     HELD,                  'draft',              'draft',              'draft',              403,      'draft',              403,     403,    403,  403],

  ['ReturnToReview',    NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['ReturnToReview',    'draft',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToReview',    'review',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToReview',    'live',                'review',             'review',             'review',             403,      'review',             403,     403,    403,  403],
  ['ReturnToReview',    'paused',              'review',             'review',             'review',             403,      'review',             403,     403,    403,  403],
  ['ReturnToReview',    'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToReview',    'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToReview',    DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToReview',    DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ReturnToReview',    HELD,                  'review',             'review',             'review',             403,      'review',             403,     403,    403,  403],

  ['Publish',           NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['Publish',           'draft',               'live',               'live',               'live',               403,      'live',               403,     403,    403,  403],
  ['Publish',           'review',              'live',               'live',               'live',               403,      'live',               403,     403,    403,  403],
  ['Publish',           'live',                422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Publish',           'paused',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Publish',           'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Publish',           'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Publish',           DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Publish',           DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Publish',           HELD,                  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],

  ['Pause',             NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['Pause',             'draft',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Pause',             'review',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Pause',             'live',                'paused',             'paused',             'paused',             403,      'paused',             403,     403,    403,  403],
  ['Pause',             'paused',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Pause',             'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Pause',             'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Pause',             DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Pause',             DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Pause',             HELD,                  'paused',             'paused',             'paused',             403,      'paused',             403,     403,    403,  403],

  ['Resume',            NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['Resume',            'draft',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Resume',            'review',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Resume',            'live',                422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Resume',            'paused',              'live',               'live',               'live',               403,      'live',               403,     403,    403,  403],
  ['Resume',            'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Resume',            'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Resume',            DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Resume',            DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Resume',            HELD,                  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],

  ['Complete',          NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['Complete',          'draft',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Complete',          'review',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Complete',          'live',                'completed',          'completed',          'completed',          403,      'completed',          403,     403,    403,  403],
  ['Complete',          'paused',              'completed',          'completed',          'completed',          403,      'completed',          403,     403,    403,  403],
  ['Complete',          'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Complete',          'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Complete',          DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Complete',          DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Complete',          HELD,                  'completed',          'completed',          'completed',          403,      'completed',          403,     403,    403,  403],

  ['CompleteAndDeploy', NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['CompleteAndDeploy', 'draft',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteAndDeploy', 'review',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteAndDeploy', 'live',                'completed_deployed', 'completed_deployed', 'completed_deployed', 403,      'completed_deployed', 403,     403,    403,  403],
  ['CompleteAndDeploy', 'paused',              'completed_deployed', 'completed_deployed', 'completed_deployed', 403,      'completed_deployed', 403,     403,    403,  403],
  ['CompleteAndDeploy', 'completed',           'completed_deployed', 'completed_deployed', 'completed_deployed', 403,      'completed_deployed', 403,     403,    403,  403],
  ['CompleteAndDeploy', 'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteAndDeploy', DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteAndDeploy', DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteAndDeploy', HELD,                  'completed_deployed', 'completed_deployed', 'completed_deployed', 403,      'completed_deployed', 403,     403,    403,  403],

  ['CompleteByEndRule', NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['CompleteByEndRule', 'draft',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteByEndRule', 'review',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteByEndRule', 'live',                403,                  403,                  403,                  403,      403,                  403,     403,    403,  'completed'],
  ['CompleteByEndRule', 'paused',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteByEndRule', 'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteByEndRule', 'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteByEndRule', DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteByEndRule', DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['CompleteByEndRule', HELD,                  403,                  403,                  403,                  403,      403,                  403,     403,    403,  'completed'],

  ['HoldEndRule',       NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['HoldEndRule',       'draft',                422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['HoldEndRule',       'review',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['HoldEndRule',       'live',                403,                  403,                  403,                  403,      403,                  403,     403,    403,  '='],
  ['HoldEndRule',       'paused',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['HoldEndRule',       'completed',            422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['HoldEndRule',       'completed_deployed',   422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['HoldEndRule',       DELETED_DRAFT,          422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['HoldEndRule',       DELETED_COMPLETED,      422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['HoldEndRule',       HELD,                  403,                  403,                  403,                  403,      403,                  403,     403,    403,  422],

  ['ConfirmCompletion', NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['ConfirmCompletion', 'draft',                422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ConfirmCompletion', 'review',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ConfirmCompletion', 'live',                422,                  422,                  422,                  403,      422,                  403,     403,    403,  403],
  ['ConfirmCompletion', 'paused',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ConfirmCompletion', 'completed',            422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ConfirmCompletion', 'completed_deployed',   422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ConfirmCompletion', DELETED_DRAFT,          422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ConfirmCompletion', DELETED_COMPLETED,      422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['ConfirmCompletion', HELD,                  'completed',          'completed',          'completed',          403,      'completed',          403,     403,    403,  403],

  ['Delete',            NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['Delete',            'draft',               'deleted',            'deleted',            'deleted',            403,      'deleted',            403,     403,    403,  403],
  ['Delete',            'review',              'deleted',            'deleted',            'deleted',            403,      'deleted',            403,     403,    403,  403],
  ['Delete',            'live',                422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Delete',            'paused',              'deleted',            'deleted',            'deleted',            403,      'deleted',            403,     403,    403,  403],
  ['Delete',            'completed',           'deleted',            'deleted',            'deleted',            403,      'deleted',            403,     403,    403,  403],
  ['Delete',            'completed_deployed',  'deleted',            'deleted',            'deleted',            403,      'deleted',            403,     403,    403,  403],
  ['Delete',            DELETED_DRAFT,         422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Delete',            DELETED_COMPLETED,     422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Delete',            HELD,                  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],

  ['Restore',           NONE,                  404,                  404,                  404,                  404,      404,                  404,     404,    404,  404],
  ['Restore',           'draft',               422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Restore',           'review',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Restore',           'live',                422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Restore',           'paused',              422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Restore',           'completed',           422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Restore',           'completed_deployed',  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
  ['Restore',           DELETED_DRAFT,         'draft',              'draft',              'draft',              403,      'draft',              403,     403,    403,  403],
  ['Restore',           DELETED_COMPLETED,     'completed',          'completed',          'completed',          403,      'completed',          403,     403,    403,  403],
  ['Restore',           HELD,                  422,                  422,                  422,                  422,      422,                  422,     422,    422,  422],
];

/** The framework's words for a refusal (libs/platform/src/decider.ts), written out. */
function refusalMessage(cell: number, action: string, label: string): string {
  if (cell === 404) return 'The experiment does not exist';
  if (cell === 403) return `Your role may not ${action} this experiment`;
  // The two guards of held end rules say what is missing.
  if (action === 'ConfirmCompletion' && label === 'live') return 'No end rule is waiting for confirmation';
  if (action === 'HoldEndRule' && label === HELD) return 'An end rule is already waiting for confirmation';
  return `${action} is not allowed while the experiment is ${STATUS_OF[label] ?? label}`;
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
const stateOf = (history: DomainEvent[]) => experimentDecider.fold(history as never[]);

describe('the experiment table (typed by hand)', () => {
  checkTable({
    decider: experimentDecider,
    columns: COLUMNS,
    rows: EXPERIMENT_TABLE,
    histories: HISTORIES,
    data: DATA,
    context: () => CONTEXT,
  });

  it("every refusal of the table says why, in the framework's words", () => {
    for (const [action, from, ...cells] of EXPERIMENT_TABLE) {
      cells.forEach((cell, i) => {
        if (typeof cell !== 'number') return;
        const actor = COLUMNS[i]!.actors[0]!;
        const got = refusalOf(() =>
          experimentDecider.decide(
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

  it('completed experiments cannot be edited; live ones cannot be deleted', () => {
    given(experimentDecider, HISTORIES.completed![0]!)
      .when({ type: 'Update', data: { name: 'Renamed' }, actor: ADMIN })
      .refused(422, 'Update is not allowed while the experiment is completed');
    given(experimentDecider, HISTORIES.completed_deployed![0]!)
      .when({ type: 'Update', data: { name: 'Renamed' }, actor: ADMIN })
      .refused(422, 'Update is not allowed while the experiment is completed_deployed');
    given(experimentDecider, HISTORIES.live![0]!)
      .when({ type: 'Delete', data: {}, actor: ADMIN })
      .refused(422, 'Delete is not allowed while the experiment is live');
  });
});

describe('allowedActions, written out', () => {
  const sorted = (actions: string[]) => [...actions].sort();
  const live = stateOf(HISTORIES.live![0]!);
  it('an analyst on a live test', () => {
    expect(sorted(experimentDecider.allowedActions('live', ANALYST, live, CONTEXT))).toEqual([
      'Complete',
      'CompleteAndDeploy',
      'Pause',
      'ReturnToDraft',
      'ReturnToReview',
      'Update',
    ]);
  });
  it('an editor drafts and submits, but does not run tests', () => {
    expect(experimentDecider.allowedActions('live', EDITOR, live, CONTEXT)).toEqual([]);
    expect(sorted(experimentDecider.allowedActions('draft', EDITOR, stateOf([created]), CONTEXT))).toEqual([
      'SubmitForReview',
      'Update',
    ]);
  });
  it('a held end rule: the analyst may confirm it, the editor may not', () => {
    const heldState = stateOf(HISTORIES[HELD]![0]!);
    expect(sorted(experimentDecider.allowedActions('live', ANALYST, heldState, CONTEXT))).toEqual([
      'Complete',
      'CompleteAndDeploy',
      'ConfirmCompletion',
      'Pause',
      'ReturnToDraft',
      'ReturnToReview',
      'Update',
    ]);
    expect(experimentDecider.allowedActions('live', EDITOR, heldState, CONTEXT)).toEqual([]);
  });
  it('a completed test: deploy or delete, nothing to edit', () => {
    expect(
      sorted(experimentDecider.allowedActions('completed', MANAGER, stateOf(HISTORIES.completed![0]!), CONTEXT)),
    ).toEqual(['CompleteAndDeploy', 'Delete']);
  });
  it('the end-rules process completes a live test or holds its rule, and does nothing else', () => {
    expect(experimentDecider.allowedActions('live', SYSTEM, live, CONTEXT)).toEqual([
      'CompleteByEndRule',
      'HoldEndRule',
    ]);
    expect(experimentDecider.allowedActions('live', SYSTEM, stateOf(HISTORIES[HELD]![0]!), CONTEXT)).toEqual([
      'CompleteByEndRule',
    ]);
    expect(experimentDecider.allowedActions('paused', SYSTEM, stateOf(HISTORIES.paused![0]!), CONTEXT)).toEqual([]);
  });
  it('a creator, a viewer and a member without CRO role: nothing', () => {
    for (const actor of [CREATOR, VIEWER, NOBODY])
      expect(experimentDecider.allowedActions('draft', actor, stateOf([created]), CONTEXT)).toEqual([]);
  });
});

describe('Create and Update: the request shape and its messages', () => {
  const create = (data: Record<string, unknown>) =>
    refusalOf(() =>
      experimentDecider.decide(
        {
          type: 'Create',
          data: { organisationId: 'org-1', websiteId: 'w-1', name: 'T', pageUrl: 'https://shop.example/', ...data },
          actor: ANALYST,
          context: CONTEXT,
        },
        experimentDecider.initialState,
      ),
    );

  it('records the fields; test type defaults to ab, significance threshold to 0.95, variants to none', () => {
    given(experimentDecider, [])
      .when({
        type: 'Create',
        data: {
          organisationId: 'org-1',
          websiteId: 'w-1',
          name: ' Checkout button ',
          pageUrl: 'https://shop.example/cart',
          status: 'live',
        },
        actor: EDITOR,
        context: CONTEXT,
      })
      .then([
        {
          type: 'ExperimentCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'w-1',
            fields: {
              name: 'Checkout button',
              pageUrl: 'https://shop.example/cart',
              testType: 'ab',
              significanceThreshold: 0.95,
              variants: [],
            },
            createdBy: EVE,
          },
        },
      ]);
  });

  it('accepts every field of the request shape as written', () => {
    const fields = {
      name: 'Pricing page',
      pageUrl: 'https://www.shop.example/pricing',
      testType: 'multivariate',
      goalId: 'goal-2',
      hypothesis: 'Annual first sells more',
      expectedChange: '+5% signups',
      reason: 'Competitors do it',
      element: '#plans',
      metric: 'signups',
      variants: [
        { key: 'control', weight: 34 },
        {
          key: 'annual',
          name: 'Annual first',
          weight: 33,
          changes: [{ selector: '.plans .annual', text: 'Annual (save 20%)' }],
        },
        { key: 'badge', weight: 33 },
      ],
      endRule: { mode: 'any', visitors: 10000, conversionsPerVariant: 200, date: '2026-02-28', significance: 0.99 },
      trafficRules: { devices: ['desktop', 'tablet'], visitorsPct: 80, countries: ['DE', 'NO'], audiences: ['aud-1'] },
      significanceThreshold: 0.9,
    };
    given(experimentDecider, [])
      .when({
        type: 'Create',
        data: { organisationId: 'org-1', websiteId: 'w-1', ...fields },
        actor: ANALYST,
        context: CONTEXT,
      })
      .then([
        { type: 'ExperimentCreated', data: { organisationId: 'org-1', websiteId: 'w-1', fields, createdBy: ANN } },
      ]);
  });

  it('"Please enter a name for the test"', () => {
    for (const name of [undefined, null, '', '   ']) {
      expect(create({ name })).toEqual({
        statusCode: 422,
        message: 'Please enter a name for the test',
        errors: { name: 'Please enter a name for the test' },
      });
    }
  });

  it("the page URL: the campaign's messages", () => {
    for (const pageUrl of [undefined, 'shop.example', 'mailto:a@shop.example']) {
      expect(create({ pageUrl })).toEqual({
        statusCode: 422,
        message: 'Please enter a valid content page URL.',
        errors: { pageUrl: 'Please enter a valid content page URL.' },
      });
    }
    expect(create({ pageUrl: 'https://elsewhere.example/' })).toEqual({
      statusCode: 422,
      message: 'The page url domain should be the same as your website domain',
      errors: { pageUrl: 'The page url domain should be the same as your website domain' },
    });
    given(experimentDecider, [created])
      .when({ type: 'Update', data: { pageUrl: 'https://elsewhere.example/' }, actor: ANALYST, context: CONTEXT })
      .refused(422, 'The page url domain should be the same as your website domain');
  });

  it('variants: at least two, unique keys, weights 0 to 100 adding up to 100', () => {
    const variants = (list: unknown[]) => create({ variants: list });
    expect(variants([{ key: 'control', weight: 100 }])).toEqual({
      statusCode: 422,
      message: 'An experiment needs at least two variants: the control and one more',
      errors: { variants: 'An experiment needs at least two variants: the control and one more' },
    });
    expect(
      variants([
        { key: 'a', weight: 50 },
        { key: 'a', weight: 50 },
      ]),
    ).toEqual({
      statusCode: 422,
      message: 'Variant keys must be unique',
      errors: { variants: 'Variant keys must be unique' },
    });
    for (const weight of [101, -1, 50.5, '50', undefined]) {
      expect(
        variants([
          { key: 'control', weight: 50 },
          { key: 'b', weight },
        ]),
      ).toEqual({
        statusCode: 422,
        message: 'Variant weight 0 to 100 percent',
        errors: { 'variants.1.weight': 'Variant weight 0 to 100 percent' },
      });
    }
    expect(
      variants([
        { key: 'control', weight: 50 },
        { key: 'b', weight: 40 },
      ]),
    ).toEqual({
      statusCode: 422,
      message: 'Variant weights must add up to 100 percent',
      errors: { variants: 'Variant weights must add up to 100 percent' },
    });
    expect(
      variants([
        { key: 'control', weight: 60 },
        { key: 'b', weight: 60 },
      ]).message,
    ).toBe('Variant weights must add up to 100 percent');
    given(experimentDecider, [created])
      .when({
        type: 'Update',
        data: {
          variants: [
            { key: 'control', weight: 0 },
            { key: 'b', weight: 100 },
          ],
        },
        actor: ANALYST,
      })
      .then([
        {
          type: 'ExperimentUpdated',
          data: {
            changes: {
              variants: [
                { key: 'control', weight: 0 },
                { key: 'b', weight: 100 },
              ],
            },
            by: ANN,
          },
        },
      ]);
  });

  it('end rules need a threshold unless manual; dates are calendar dates; the threshold is between 0 and 1', () => {
    expect(create({ endRule: { mode: 'all' } }).message).toBe(
      'Choose at least one end rule: visitors, conversions per variant, date or significance',
    );
    expect(create({ endRule: { mode: 'any', date: '2026-02-30' } }).message).toBe('Date must be a date (YYYY-MM-DD)');
    expect(create({ significanceThreshold: 1 }).message).toBe(
      'Significance threshold must be a number between 0 and 1',
    );
    given(experimentDecider, [created])
      .when({ type: 'Update', data: { endRule: { mode: 'manual' } }, actor: ANALYST })
      .then([{ type: 'ExperimentUpdated', data: { changes: { endRule: { mode: 'manual' } }, by: ANN } }]);
  });

  it('Update records only what changed', () => {
    given(experimentDecider, [created])
      .when({ type: 'Update', data: { ...FIELDS, metric: 'clicks' }, actor: ANALYST })
      .then([{ type: 'ExperimentUpdated', data: { changes: { metric: 'clicks' }, by: ANN } }]);
    given(experimentDecider, [created]).when({ type: 'Update', data: FIELDS, actor: ANALYST }).then([]);
  });
});

describe('Publish', () => {
  const draft = (fields: Record<string, unknown>): DomainEvent[] => [
    { type: 'ExperimentCreated', data: { organisationId: 'org-1', websiteId: 'w-1', fields, createdBy: EVE } },
  ];
  const publish = (history: DomainEvent[], context: unknown = CONTEXT) =>
    refusalOf(() => experimentDecider.decide({ type: 'Publish', data: {}, actor: ANALYST, context }, stateOf(history)));

  it('records who published it, from where', () => {
    const events = given(experimentDecider, [created, submitted])
      .when({ type: 'Publish', data: {}, actor: ANALYST, context: CONTEXT })
      .then([{ type: 'ExperimentPublished', data: { from: 'review', by: ANN } }]);
    expect(given(experimentDecider, [created, submitted, ...events]).state.status).toBe('live');
  });

  it('needs a goal, valid variants and a page URL on the website domain', () => {
    expect(publish(draft({ ...FIELDS, goalId: null }))).toEqual({
      statusCode: 422,
      message: 'Goal is missing!',
      errors: { goalId: 'Goal is missing!' },
    });
    expect(
      publish(
        draft({
          name: 'Bare',
          pageUrl: 'https://shop.example/',
          testType: 'ab',
          variants: [],
          significanceThreshold: 0.95,
        }),
      ),
    ).toEqual({
      statusCode: 422,
      message: 'An experiment needs at least two variants: the control and one more',
      errors: {
        variants: 'An experiment needs at least two variants: the control and one more',
        goalId: 'Goal is missing!',
      },
    });
    expect(publish([created], { website: { domain: 'moved.example' } })).toEqual({
      statusCode: 422,
      message: 'The page url domain should be the same as your website domain',
      errors: { pageUrl: 'The page url domain should be the same as your website domain' },
    });
    expect(publish([created], {})).toEqual({
      statusCode: 422,
      message: 'The page url domain should be the same as your website domain',
      errors: { pageUrl: 'The page url domain should be the same as your website domain' },
    });
  });
});

describe('the moves record who and from where', () => {
  it.each([
    ['SubmitForReview', [created], 'ExperimentSubmittedForReview', 'draft', 'review'],
    ['ReturnToDraft', [created, published('draft')], 'ExperimentReturnedToDraft', 'live', 'draft'],
    ['ReturnToReview', [created, published('draft'), paused], 'ExperimentReturnedToReview', 'paused', 'review'],
    ['Pause', [created, published('draft')], 'ExperimentPaused', 'live', 'paused'],
    ['Resume', [created, published('draft'), paused], 'ExperimentResumed', 'paused', 'live'],
    ['Delete', [created, published('draft'), paused], 'ExperimentDeleted', 'paused', 'deleted'],
  ] as const)('%s', (action, history, type, from, to) => {
    const events = given(experimentDecider, [...history])
      .when({ type: action, data: {}, actor: MANAGER, context: CONTEXT })
      .then([{ type, data: { from, by: { id: 'u-manager', name: 'Max Manager' } } }]);
    expect(given(experimentDecider, [...history, ...events]).state.status).toBe(to);
  });

  it('Restore goes back to the status it was deleted from', () => {
    given(experimentDecider, [created, published('draft'), completed('live', 'b'), deleted('completed')])
      .when({ type: 'Restore', data: {}, actor: ANALYST })
      .then([{ type: 'ExperimentRestored', data: { to: 'completed', by: ANN } }]);
    const history = [created, published('draft'), paused, deleted('paused')];
    const events = given(experimentDecider, history)
      .when({ type: 'Restore', data: {}, actor: ANALYST })
      .then([{ type: 'ExperimentRestored', data: { to: 'paused', by: ANN } }]);
    expect(given(experimentDecider, [...history, ...events]).state.status).toBe('paused');
  });
});

describe('completing and deploying', () => {
  const live = [created, published('draft')];

  it('Complete records the declared winner, or none', () => {
    const events = given(experimentDecider, live)
      .when({ type: 'Complete', data: { winner: 'b' }, actor: ANALYST })
      .then([{ type: 'ExperimentCompleted', data: { from: 'live', winner: 'b', endRule: null, by: ANN } }]);
    expect(given(experimentDecider, [...live, ...events]).state).toMatchObject({ status: 'completed', winner: 'b' });
    given(experimentDecider, live)
      .when({ type: 'Complete', data: {}, actor: ANALYST })
      .then([{ type: 'ExperimentCompleted', data: { from: 'live', winner: null, endRule: null, by: ANN } }]);
    expect(
      refusalOf(() =>
        experimentDecider.decide({ type: 'Complete', data: { winner: 'z' }, actor: ANALYST }, stateOf(live)),
      ),
    ).toEqual({
      statusCode: 422,
      message: "The variant must be one of the experiment's variants",
      errors: { winner: "The variant must be one of the experiment's variants" },
    });
  });

  it('CompleteAndDeploy deploys the variant given', () => {
    const events = given(experimentDecider, live)
      .when({ type: 'CompleteAndDeploy', data: { variant: 'control' }, actor: ANALYST })
      .then([{ type: 'ExperimentDeployed', data: { from: 'live', by: ANN, variant: 'control' } }]);
    expect(given(experimentDecider, [...live, ...events]).state).toMatchObject({
      status: 'completed_deployed',
      deployedVariant: 'control',
    });
  });

  it('without a variant it deploys the declared winner, and is refused when there is none', () => {
    given(experimentDecider, [...live, completed('live', 'b')])
      .when({ type: 'CompleteAndDeploy', data: {}, actor: MANAGER })
      .then([
        {
          type: 'ExperimentDeployed',
          data: { from: 'completed', by: { id: 'u-manager', name: 'Max Manager' }, variant: 'b' },
        },
      ]);
    for (const history of [live, [...live, completed('live', null)]]) {
      expect(
        refusalOf(() =>
          experimentDecider.decide({ type: 'CompleteAndDeploy', data: {}, actor: MANAGER }, stateOf(history)),
        ),
      ).toEqual({
        statusCode: 422,
        message: 'Select a variant to deploy: no winner has been declared',
        errors: { variant: 'Select a variant to deploy: no winner has been declared' },
      });
    }
    expect(
      refusalOf(() =>
        experimentDecider.decide(
          { type: 'CompleteAndDeploy', data: { variant: 'nope' }, actor: MANAGER },
          stateOf(live),
        ),
      ),
    ).toEqual({
      statusCode: 422,
      message: "The variant must be one of the experiment's variants",
      errors: { variant: "The variant must be one of the experiment's variants" },
    });
  });

  it('the end rules complete a live test (system), naming the rule and the winner', () => {
    const events = given(experimentDecider, live)
      .when({ type: 'CompleteByEndRule', data: { rule: 'visitors' }, actor: SYSTEM })
      .then([{ type: 'ExperimentCompleted', data: { from: 'live', winner: null, endRule: 'visitors', by: null } }]);
    expect(given(experimentDecider, [...live, ...events]).state.status).toBe('completed');
    given(experimentDecider, live)
      .when({ type: 'CompleteByEndRule', data: { rule: 'significance', winner: 'b' }, actor: SYSTEM })
      .then([{ type: 'ExperimentCompleted', data: { from: 'live', winner: 'b', endRule: 'significance', by: null } }]);
    given(experimentDecider, live)
      .when({ type: 'CompleteByEndRule', data: {}, actor: SYSTEM })
      .refused(422, 'End rule met is missing!');
    given(experimentDecider, live)
      .when({ type: 'CompleteByEndRule', data: { rule: 'visitors' }, actor: ADMIN })
      .refused(403, 'Your role may not CompleteByEndRule this experiment');
  });
});

describe('held end rules (issue 25: forged traffic)', () => {
  const live = [created, published('draft')];

  it('HoldEndRule records what was met and why it was held; the test stays live', () => {
    const events = given(experimentDecider, live)
      .when({ type: 'HoldEndRule', data: HELD_DATA, actor: SYSTEM })
      .then([{ type: 'ExperimentEndRuleHeld', data: HELD_DATA }]);
    expect(given(experimentDecider, [...live, ...events]).state).toMatchObject({
      status: 'live',
      endRuleHeld: HELD_DATA,
    });
    given(experimentDecider, live)
      .when({ type: 'HoldEndRule', data: { ...HELD_DATA, reasons: [] }, actor: SYSTEM })
      .refused(422);
    given(experimentDecider, live)
      .when({ type: 'HoldEndRule', data: { ...HELD_DATA, reasons: ['vibes'] }, actor: SYSTEM })
      .refused(422);
  });

  it('ConfirmCompletion completes it as the rule would have, by the person who confirmed', () => {
    const events = given(experimentDecider, [...live, held])
      .when({ type: 'ConfirmCompletion', data: {}, actor: ANALYST })
      .then([
        {
          type: 'ExperimentCompleted',
          data: {
            from: 'live',
            winner: 'b',
            endRule: 'visitors',
            by: ANN,
            figures: HELD_DATA.figures,
            heldFor: ['networks'],
          },
        },
      ]);
    expect(given(experimentDecider, [...live, held, ...events]).state).toMatchObject({
      status: 'completed',
      winner: 'b',
    });
    given(experimentDecider, live)
      .when({ type: 'ConfirmCompletion', data: {}, actor: ANALYST })
      .refused(422, 'No end rule is waiting for confirmation');
  });

  it('a winner that is no longer a variant is not declared', () => {
    const renamed: DomainEvent = {
      type: 'ExperimentUpdated',
      data: {
        changes: {
          variants: [
            { key: 'control', weight: 50 },
            { key: 'c', weight: 50 },
          ],
        },
        by: ANN,
      },
    };
    given(experimentDecider, [...live, held, renamed])
      .when({ type: 'ConfirmCompletion', data: {}, actor: MANAGER })
      .then([
        {
          type: 'ExperimentCompleted',
          data: {
            from: 'live',
            winner: null,
            endRule: 'visitors',
            by: { id: 'u-manager', name: 'Max Manager' },
            figures: HELD_DATA.figures,
            heldFor: ['networks'],
          },
        },
      ]);
  });

  it('an Update of the end rule drops the hold; other updates keep it', () => {
    const other = given(experimentDecider, [
      ...live,
      held,
      { type: 'ExperimentUpdated', data: { changes: { hypothesis: 'x' }, by: ANN } },
    ]).state;
    expect(other.endRuleHeld).toEqual(HELD_DATA);
    const changed = given(experimentDecider, [
      ...live,
      held,
      { type: 'ExperimentUpdated', data: { changes: { endRule: { mode: 'any', visitors: 80 } }, by: ANN } },
    ]).state;
    expect(changed.endRuleHeld).toBeNull();
    expect(experimentDecider.allowedActions('live', ANALYST, changed, CONTEXT)).not.toContain('ConfirmCompletion');
  });
});
