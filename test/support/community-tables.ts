import { NONE, type Outcome, type Row } from './decider-table.js';

/**
 * The decision tables of the community question and answer, the expert/writer bio and the
 * redirect rule, TYPED BY HAND from DESIGN.md ("State machines decided here", "Editor+", HTTP
 * conventions) and seed 000 (sections 3 to 6). The unit tests (test/unit/community.deciders,
 * bio.decider and redirect-rule.decider) compare the deciders with them; the end-to-end test
 * (test/e2e/community-tables.test.ts) compares the HTTP API with the same rows.
 *
 * A cell is the status the action leads to, '=' for an edit that keeps the status, or the HTTP
 * status of the refusal (403 the role may not, 404 it does not exist, 422 not in this state).
 * `(none)` is the row of a record that does not exist yet. Nothing here is read from the code.
 */

/** Roles as the policy gives them to a member: user, organisation role, cms:{role}, cro:{role}. */
export const ROLES = {
  owner: ['user', 'owner', 'cms:admin', 'cro:admin'],
  'organisation admin': ['user', 'admin', 'cms:none', 'cro:none'],
  'cms admin': ['user', 'member', 'cms:admin', 'cro:none'],
  'content manager': ['user', 'member', 'cms:manager', 'cro:none'],
  editor: ['user', 'member', 'cms:editor', 'cro:none'],
  reviewer: ['user', 'member', 'cms:reviewer', 'cro:none'],
  creator: ['user', 'member', 'cms:creator', 'cro:none'],
  analyst: ['user', 'member', 'cms:analyst', 'cro:admin'],
  'no CMS role': ['user', 'member', 'cms:none', 'cro:editor'],
} as const satisfies Record<string, readonly string[]>;
export type RoleName = keyof typeof ROLES;

/**
 * Community moderators (seed 000 section 6 names the workflow role "moderator"; DESIGN.md does
 * not say who): the organisation's owners and admins and the CMS roles that check content.
 * Creators (the spec's writer, shown as Creator) ask and answer.
 */
export const MODERATORS: readonly RoleName[] = [
  'owner',
  'organisation admin',
  'cms admin',
  'content manager',
  'editor',
  'reviewer',
];
export const COMMUNITY_OTHERS: readonly RoleName[] = ['analyst', 'no CMS role'];
/** DESIGN.md: "Editor+" means editor, content_manager, admin and owner. */
export const EDITORS: readonly RoleName[] = ['owner', 'organisation admin', 'cms admin', 'content manager', 'editor'];
export const NON_EDITORS: readonly RoleName[] = ['creator', 'reviewer', 'analyst', 'no CMS role'];

export const COMMUNITY_COLUMNS = ['moderators', 'creator, own', "creator, someone else's", 'others'] as const;

/**
 * The community question. Forum statuses (seed 000 section 4): pending_review, new, draft,
 * published, deleted; moderator status pending_review -> approved (forum status new) | declined
 * (forum status deleted, restorable as a draft). Columns: COMMUNITY_COLUMNS. A creator edits or
 * withdraws their own question until it is approved; someone else's is refused with 422.
 */
// prettier-ignore
export const QUESTION_TABLE: readonly Row[] = [
  // action      from              moderators        creator, own      someone else's    others
  ['Create',    NONE,             'draft',          'pending_review', 'pending_review', 403],
  ['Create',    'pending_review', 422,              422,              422,              422],
  ['Create',    'new',            422,              422,              422,              422],
  ['Create',    'draft',          422,              422,              422,              422],
  ['Create',    'published',      422,              422,              422,              422],
  ['Create',    'deleted',        422,              422,              422,              422],
  ['Submit',    NONE,             404,              404,              404,              404],
  ['Submit',    'pending_review', 422,              422,              422,              422],
  ['Submit',    'new',            422,              422,              422,              422],
  ['Submit',    'draft',          'pending_review', 'pending_review', 422,              403],
  ['Submit',    'published',      422,              422,              422,              422],
  ['Submit',    'deleted',        422,              422,              422,              422],
  ['Approve',   NONE,             404,              404,              404,              404],
  ['Approve',   'pending_review', 'new',            403,              403,              403],
  ['Approve',   'new',            422,              422,              422,              422],
  ['Approve',   'draft',          422,              422,              422,              422],
  ['Approve',   'published',      422,              422,              422,              422],
  ['Approve',   'deleted',        422,              422,              422,              422],
  ['Decline',   NONE,             404,              404,              404,              404],
  ['Decline',   'pending_review', 'deleted',        403,              403,              403],
  ['Decline',   'new',            422,              422,              422,              422],
  ['Decline',   'draft',          422,              422,              422,              422],
  ['Decline',   'published',      422,              422,              422,              422],
  ['Decline',   'deleted',        422,              422,              422,              422],
  ['Publish',   NONE,             404,              404,              404,              404],
  ['Publish',   'pending_review', 422,              422,              422,              422],
  ['Publish',   'new',            'published',      403,              403,              403],
  ['Publish',   'draft',          'published',      403,              403,              403],
  ['Publish',   'published',      422,              422,              422,              422],
  ['Publish',   'deleted',        422,              422,              422,              422],
  ['Unpublish', NONE,             404,              404,              404,              404],
  ['Unpublish', 'pending_review', 422,              422,              422,              422],
  ['Unpublish', 'new',            422,              422,              422,              422],
  ['Unpublish', 'draft',          422,              422,              422,              422],
  ['Unpublish', 'published',      'draft',          403,              403,              403],
  ['Unpublish', 'deleted',        422,              422,              422,              422],
  ['Update',    NONE,             404,              404,              404,              404],
  ['Update',    'pending_review', '=',              '=',              422,              403],
  ['Update',    'new',            '=',              403,              403,              403],
  ['Update',    'draft',          '=',              '=',              422,              403],
  ['Update',    'published',      '=',              403,              403,              403],
  ['Update',    'deleted',        422,              422,              422,              422],
  ['Delete',    NONE,             404,              404,              404,              404],
  ['Delete',    'pending_review', 'deleted',        'deleted',        422,              403],
  ['Delete',    'new',            'deleted',        403,              403,              403],
  ['Delete',    'draft',          'deleted',        'deleted',        422,              403],
  ['Delete',    'published',      'deleted',        403,              403,              403],
  ['Delete',    'deleted',        422,              422,              422,              422],
  ['Restore',   NONE,             404,              404,              404,              404],
  ['Restore',   'pending_review', 422,              422,              422,              422],
  ['Restore',   'new',            422,              422,              422,              422],
  ['Restore',   'draft',          422,              422,              422,              422],
  ['Restore',   'published',      422,              422,              422,              422],
  ['Restore',   'deleted',        'draft',          403,              403,              403],
];

/**
 * The answer: pending -> published (DESIGN.md), deleted removes it from the forum. Columns:
 * COMMUNITY_COLUMNS. A creator edits or withdraws their own answer until it is published.
 */
// prettier-ignore
export const ANSWER_TABLE: readonly Row[] = [
  // action    from         moderators   creator, own  someone else's  others
  ['Create',  NONE,        'pending',   'pending',    'pending',      403],
  ['Create',  'pending',   422,         422,          422,            422],
  ['Create',  'published', 422,         422,          422,            422],
  ['Create',  'deleted',   422,         422,          422,            422],
  ['Update',  NONE,        404,         404,          404,            404],
  ['Update',  'pending',   '=',         '=',          422,            403],
  ['Update',  'published', '=',         403,          403,            403],
  ['Update',  'deleted',   422,         422,          422,            422],
  ['Publish', NONE,        404,         404,          404,            404],
  ['Publish', 'pending',   'published', 403,          403,            403],
  ['Publish', 'published', 422,         422,          422,            422],
  ['Publish', 'deleted',   422,         422,          422,            422],
  ['Delete',  NONE,        404,         404,          404,            404],
  ['Delete',  'pending',   'deleted',   'deleted',    422,            403],
  ['Delete',  'published', 'deleted',   403,          403,            403],
  ['Delete',  'deleted',   422,         422,          422,            422],
];

export const BIO_COLUMNS = ['editor+', 'the person it is about', 'another non-editor'] as const;

/**
 * A writer bio (about a member). Editor+ write, publish, unpublish and delete every bio; a member
 * writes the bio that is about them but only Editor+ publish it; someone else's is 403.
 */
// prettier-ignore
export const BIO_TABLE: readonly Row[] = [
  // action      from         editor+      about them   another non-editor
  ['Create',    NONE,        'draft',     'draft',     403],
  ['Create',    'draft',     422,         422,         422],
  ['Create',    'published', 422,         422,         422],
  ['Create',    'deleted',   422,         422,         422],
  ['Update',    NONE,        404,         404,         404],
  ['Update',    'draft',     '=',         '=',         403],
  ['Update',    'published', '=',         '=',         403],
  ['Update',    'deleted',   422,         422,         422],
  ['Publish',   NONE,        404,         404,         404],
  ['Publish',   'draft',     'published', 403,         403],
  ['Publish',   'published', 422,         422,         422],
  ['Publish',   'deleted',   422,         422,         422],
  ['Unpublish', NONE,        404,         404,         404],
  ['Unpublish', 'draft',     422,         422,         422],
  ['Unpublish', 'published', 'draft',     403,         403],
  ['Unpublish', 'deleted',   422,         422,         422],
  ['Delete',    NONE,        404,         404,         404],
  ['Delete',    'draft',     'deleted',   403,         403],
  ['Delete',    'published', 'deleted',   403,         403],
  ['Delete',    'deleted',   422,         422,         422],
];

export const EXPERT_BIO_COLUMNS = ['editor+', 'a non-editor'] as const;

/** An expert bio (someone outside the organisation, no user): only Editor+ write it. */
// prettier-ignore
export const EXPERT_BIO_TABLE: readonly Row[] = [
  // action      from         editor+      a non-editor
  ['Create',    NONE,        'draft',     403],
  ['Update',    'draft',     '=',         403],
  ['Update',    'published', '=',         403],
  ['Publish',   'draft',     'published', 403],
  ['Unpublish', 'published', 'draft',     403],
  ['Delete',    'draft',     'deleted',   403],
  ['Delete',    'published', 'deleted',   403],
];

export const REDIRECT_COLUMNS = ['editor+', 'non-editors'] as const;

/** A redirect rule: active until deleted; Editor+ manage rules, other members only read them. */
// prettier-ignore
export const REDIRECT_TABLE: readonly Row[] = [
  // action   from       editor+    non-editors
  ['Create', NONE,      'active',  403],
  ['Create', 'active',  422,       422],
  ['Create', 'deleted', 422,       422],
  ['Update', NONE,      404,       404],
  ['Update', 'active',  '=',       403],
  ['Update', 'deleted', 422,       422],
  ['Delete', NONE,      404,       404],
  ['Delete', 'active',  'deleted', 403],
  ['Delete', 'deleted', 422,       422],
];

/** The cell of `table` for `action` from `from`, in column number `column`. */
export function cell(table: readonly Row[], action: string, from: string, column: number): Outcome {
  const row = table.find(([a, f]) => a === action && f === from);
  if (!row) throw new Error(`no row ${action} from ${from}`);
  return row[2 + column] as Outcome;
}

/** The actions allowed from `from` in column number `column` (the buttons a user sees), sorted. */
export function allowedIn(table: readonly Row[], from: string, column: number): string[] {
  return table
    .filter(([, f, ...cells]) => f === from && typeof cells[column] === 'string')
    .map(([action]) => action)
    .sort();
}
