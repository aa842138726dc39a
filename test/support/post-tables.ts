/**
 * The article (post) workflow, TYPED BY HAND from ../shared/DESIGN.md ("State machines decided
 * here" -> Article (post), the "Editor+" definition, the website settings of "HTTP conventions")
 * and seed 000 section 4. Nothing here is read from the decider or its stage lists: when the
 * product changes a rule, this table must be changed by hand too, on purpose.
 *
 * Shared by test/unit/post.decider.test.ts (the decider) and test/e2e/post-workflow-table.test.ts
 * (the HTTP API). Not a test file itself (no `.test.ts`), so importing it registers no tests.
 *
 * Every cell answers for a post that waits in its stage's pool (nobody holds it), whose content
 * only its author (a person who is none of the actors below) saved, that has no regulation
 * approval and was not returned by a fact-check level. The rules for held pages, the four-eyes
 * rule and regulation approvals are the given/when/then tests of post.decider.test.ts.
 *
 * Decisions where DESIGN.md is silent (kept as the product has them, written out here):
 * - a stage is worked by its assignee role AND by Editor+ (editors create briefs for writers and
 *   take pages over from them; the Review and fact-check stages are also the editors' "Review"
 *   screens); the assignee roles are writer = CMS creator, editor and second editor = CMS editor,
 *   review-step checker and fact checker = CMS reviewer;
 * - Delete (unpublish) and SendTo are Editor+; DeleteForever is for admins, like Archive;
 * - ApproveRegulation / DeclineRegulation are for checkers and Editor+, from every stage after Writer;
 * - ExportPage is for checkers and Editor+, in every status; KeepDraft is the system's only;
 * - fact-check levels move forward with ApproveFactCheck only (no SubmitFor from a fact-check stage);
 * - an action that never starts from a status answers 422 to everyone; an action that may start
 *   from it answers 403 to the roles that may not take it there, whatever the settings.
 */

/** The people who act, with the roles the API gives them (policy `rolesFor`: user, organisation role, cms:*, cro:*). */
export const PEOPLE = {
  writer: { userId: 'u-writer', name: 'Wendy Writer', roles: ['user', 'member', 'cms:creator', 'cro:none'] },
  editor: { userId: 'u-editor', name: 'Eddie Editor', roles: ['user', 'member', 'cms:editor', 'cro:none'] },
  secondEditor: { userId: 'u-second-editor', name: 'Sid Second', roles: ['user', 'member', 'cms:editor', 'cro:none'] },
  /** The review-step checker and the fact checker (CMS role reviewer). */
  checker: { userId: 'u-checker', name: 'Rita Reviewer', roles: ['user', 'member', 'cms:reviewer', 'cro:none'] },
  /** content_manager. */
  manager: { userId: 'u-manager', name: 'Mona Manager', roles: ['user', 'member', 'cms:manager', 'cro:none'] },
  cmsAdmin: { userId: 'u-cms-admin', name: 'Cora Cmsadmin', roles: ['user', 'member', 'cms:admin', 'cro:none'] },
  /** An organisation admin without a CMS role: DESIGN.md gives them every action of every stage. */
  orgAdmin: { userId: 'u-org-admin', name: 'Ada Admin', roles: ['user', 'admin', 'cms:none', 'cro:none'] },
  /** An organisation owner without a CMS role: every action of every stage. */
  owner: { userId: 'u-owner', name: 'Olivia Owner', roles: ['user', 'owner', 'cms:none', 'cro:none'] },
  analyst: { userId: 'u-analyst', name: 'Andy Analyst', roles: ['user', 'member', 'cms:analyst', 'cro:admin'] },
  /** A member whose roles are all in CRO: nothing in the CMS. */
  croOnly: { userId: 'u-cro', name: 'Cyril Cro', roles: ['user', 'member', 'cms:none', 'cro:editor'] },
} as const;
export type Person = keyof typeof PEOPLE;
export const PERSONS = Object.keys(PEOPLE) as Person[];

export const EDITOR_PLUS: readonly Person[] = ['editor', 'secondEditor', 'manager', 'cmsAdmin', 'orgAdmin', 'owner'];
/** Writer stage: writers and Editor+. */
export const WRITING: readonly Person[] = ['writer', ...EDITOR_PLUS];
/** Review and fact-check stages: checkers and Editor+. */
export const CHECKING: readonly Person[] = ['checker', ...EDITOR_PLUS];
export const ADMINS: readonly Person[] = ['cmsAdmin', 'orgAdmin', 'owner'];
/** Nobody of the people above (the system only). */
export const SYSTEM_ONLY: readonly Person[] = [];

export type Status =
  | 'new'
  | 'Writer'
  | 'Edit'
  | 'SecondEdit'
  | 'Review'
  | 'FactCheck'
  | 'SecondFactCheck'
  | 'ThirdFactCheck'
  | 'FourthFactCheck'
  | 'Published'
  | 'Deleted'
  | 'Archived'
  | 'Purged';

/** Every action of the post workflow (seed 000 section 4, and KeepDraft for refused saves). */
export const ACTIONS = [
  'Create',
  'Save',
  'Select',
  'Discard',
  'TakeOver',
  'SendTo',
  'SubmitForEdit',
  'SubmitForSecondEdit',
  'SubmitForReview',
  'SubmitForFactCheck',
  'SubmitForSecondFactCheck',
  'SubmitForThirdFactCheck',
  'SubmitForFourthFactCheck',
  'ReturnToWriter',
  'ReturnToEdit',
  'ReturnToSecondEdit',
  'ReturnToReview',
  'ReturnToFactCheck',
  'ReturnToSecondFactCheck',
  'ReturnToThirdFactCheck',
  'ApproveFactCheck',
  'ApproveRegulation',
  'DeclineRegulation',
  'Publish',
  'Delete',
  'DeleteForever',
  'Archive',
  'ExportPage',
  'KeepDraft',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Who may take the action from this status, and where it leads them (422: refused in this state). */
export type Entry = readonly [who: readonly Person[], outcome: Status | 422];
export type Table = { readonly [A in Action]?: { readonly [S in Status]?: Entry } };

export interface Settings {
  secondEdit: boolean;
  customerReview: boolean;
  factCheckLevels: number;
  regulated: boolean;
  fourEyes: boolean;
}

export interface Config {
  name: string;
  settings: Settings;
  /** The pre-publication stages the website uses, in order (DESIGN.md: Writer and Edit always). */
  stages: readonly Status[];
  table: Table;
}

/** What does not depend on the website's settings. */
const COMMON: Table = {
  Create: { new: [WRITING, 'Writer'] },
  Save: {
    Writer: [WRITING, 'Writer'],
    Edit: [EDITOR_PLUS, 'Edit'],
    SecondEdit: [EDITOR_PLUS, 'SecondEdit'],
    Review: [CHECKING, 'Review'],
    FactCheck: [CHECKING, 'FactCheck'],
    SecondFactCheck: [CHECKING, 'SecondFactCheck'],
    ThirdFactCheck: [CHECKING, 'ThirdFactCheck'],
    FourthFactCheck: [CHECKING, 'FourthFactCheck'],
    Published: [EDITOR_PLUS, 'Published'],
  },
  Select: {
    Writer: [WRITING, 'Writer'],
    Edit: [EDITOR_PLUS, 'Edit'],
    SecondEdit: [EDITOR_PLUS, 'SecondEdit'],
    Review: [CHECKING, 'Review'],
    FactCheck: [CHECKING, 'FactCheck'],
    SecondFactCheck: [CHECKING, 'SecondFactCheck'],
    ThirdFactCheck: [CHECKING, 'ThirdFactCheck'],
    FourthFactCheck: [CHECKING, 'FourthFactCheck'],
  },
  // Nobody holds the page: there is nothing to release or take over.
  Discard: {
    Writer: [WRITING, 422],
    Edit: [EDITOR_PLUS, 422],
    SecondEdit: [EDITOR_PLUS, 422],
    Review: [CHECKING, 422],
    FactCheck: [CHECKING, 422],
    SecondFactCheck: [CHECKING, 422],
    ThirdFactCheck: [CHECKING, 422],
    FourthFactCheck: [CHECKING, 422],
  },
  TakeOver: {
    Writer: [WRITING, 422],
    Edit: [EDITOR_PLUS, 422],
    SecondEdit: [EDITOR_PLUS, 422],
    Review: [CHECKING, 422],
    FactCheck: [CHECKING, 422],
    SecondFactCheck: [CHECKING, 422],
    ThirdFactCheck: [CHECKING, 422],
    FourthFactCheck: [CHECKING, 422],
  },
  SendTo: {
    Writer: [EDITOR_PLUS, 'Writer'],
    Edit: [EDITOR_PLUS, 'Edit'],
    SecondEdit: [EDITOR_PLUS, 'SecondEdit'],
    Review: [EDITOR_PLUS, 'Review'],
    FactCheck: [EDITOR_PLUS, 'FactCheck'],
    SecondFactCheck: [EDITOR_PLUS, 'SecondFactCheck'],
    ThirdFactCheck: [EDITOR_PLUS, 'ThirdFactCheck'],
    FourthFactCheck: [EDITOR_PLUS, 'FourthFactCheck'],
  },
  Delete: { Published: [EDITOR_PLUS, 'Deleted'] },
  DeleteForever: { Deleted: [ADMINS, 'Purged'] },
  Archive: { Published: [ADMINS, 'Archived'], Deleted: [ADMINS, 'Archived'] },
  ExportPage: {
    Writer: [CHECKING, 'Writer'],
    Edit: [CHECKING, 'Edit'],
    SecondEdit: [CHECKING, 'SecondEdit'],
    Review: [CHECKING, 'Review'],
    FactCheck: [CHECKING, 'FactCheck'],
    SecondFactCheck: [CHECKING, 'SecondFactCheck'],
    ThirdFactCheck: [CHECKING, 'ThirdFactCheck'],
    FourthFactCheck: [CHECKING, 'FourthFactCheck'],
    Published: [CHECKING, 'Published'],
    Deleted: [CHECKING, 'Deleted'],
    Archived: [CHECKING, 'Archived'],
  },
  KeepDraft: {
    Writer: [SYSTEM_ONLY, 'Writer'],
    Edit: [SYSTEM_ONLY, 'Edit'],
    SecondEdit: [SYSTEM_ONLY, 'SecondEdit'],
    Review: [SYSTEM_ONLY, 'Review'],
    FactCheck: [SYSTEM_ONLY, 'FactCheck'],
    SecondFactCheck: [SYSTEM_ONLY, 'SecondFactCheck'],
    ThirdFactCheck: [SYSTEM_ONLY, 'ThirdFactCheck'],
    FourthFactCheck: [SYSTEM_ONLY, 'FourthFactCheck'],
    Published: [SYSTEM_ONLY, 'Published'],
    Deleted: [SYSTEM_ONLY, 'Deleted'],
    Archived: [SYSTEM_ONLY, 'Archived'],
  },
};

/** Every stage on: second edit, review, four fact-check levels. */
export const ALL_ON: Config = {
  name: 'every stage on (second edit, review, 4 fact-check levels)',
  settings: { secondEdit: true, customerReview: true, factCheckLevels: 4, regulated: false, fourEyes: true },
  stages: [
    'Writer',
    'Edit',
    'SecondEdit',
    'Review',
    'FactCheck',
    'SecondFactCheck',
    'ThirdFactCheck',
    'FourthFactCheck',
  ],
  table: {
    ...COMMON,
    SubmitForEdit: { Writer: [WRITING, 'Edit'] },
    SubmitForSecondEdit: { Edit: [EDITOR_PLUS, 'SecondEdit'] },
    SubmitForReview: { Edit: [EDITOR_PLUS, 422], SecondEdit: [EDITOR_PLUS, 'Review'] },
    SubmitForFactCheck: { Edit: [EDITOR_PLUS, 422], SecondEdit: [EDITOR_PLUS, 422], Review: [CHECKING, 'FactCheck'] },
    SubmitForSecondFactCheck: { Edit: [EDITOR_PLUS, 422], SecondEdit: [EDITOR_PLUS, 422], Review: [CHECKING, 422] },
    SubmitForThirdFactCheck: { Edit: [EDITOR_PLUS, 422], SecondEdit: [EDITOR_PLUS, 422], Review: [CHECKING, 422] },
    SubmitForFourthFactCheck: { Edit: [EDITOR_PLUS, 422], SecondEdit: [EDITOR_PLUS, 422], Review: [CHECKING, 422] },
    ReturnToWriter: {
      Edit: [EDITOR_PLUS, 'Writer'],
      SecondEdit: [EDITOR_PLUS, 'Writer'],
      Review: [CHECKING, 'Writer'],
      FactCheck: [CHECKING, 'Writer'],
      SecondFactCheck: [CHECKING, 'Writer'],
      ThirdFactCheck: [CHECKING, 'Writer'],
      FourthFactCheck: [CHECKING, 'Writer'],
    },
    ReturnToEdit: {
      SecondEdit: [EDITOR_PLUS, 'Edit'],
      Review: [CHECKING, 'Edit'],
      FactCheck: [CHECKING, 'Edit'],
      SecondFactCheck: [CHECKING, 'Edit'],
      ThirdFactCheck: [CHECKING, 'Edit'],
      FourthFactCheck: [CHECKING, 'Edit'],
    },
    ReturnToSecondEdit: {
      Review: [CHECKING, 'SecondEdit'],
      FactCheck: [CHECKING, 'SecondEdit'],
      SecondFactCheck: [CHECKING, 'SecondEdit'],
      ThirdFactCheck: [CHECKING, 'SecondEdit'],
      FourthFactCheck: [CHECKING, 'SecondEdit'],
    },
    ReturnToReview: {
      FactCheck: [CHECKING, 'Review'],
      SecondFactCheck: [CHECKING, 'Review'],
      ThirdFactCheck: [CHECKING, 'Review'],
      FourthFactCheck: [CHECKING, 'Review'],
    },
    ReturnToFactCheck: {
      SecondFactCheck: [CHECKING, 'FactCheck'],
      ThirdFactCheck: [CHECKING, 'FactCheck'],
      FourthFactCheck: [CHECKING, 'FactCheck'],
    },
    ReturnToSecondFactCheck: {
      ThirdFactCheck: [CHECKING, 'SecondFactCheck'],
      FourthFactCheck: [CHECKING, 'SecondFactCheck'],
    },
    ReturnToThirdFactCheck: { FourthFactCheck: [CHECKING, 'ThirdFactCheck'] },
    ApproveFactCheck: {
      FactCheck: [CHECKING, 'SecondFactCheck'],
      SecondFactCheck: [CHECKING, 'ThirdFactCheck'],
      ThirdFactCheck: [CHECKING, 'FourthFactCheck'],
      FourthFactCheck: [CHECKING, 'Published'],
    },
    // Only from the last stage the website uses (and again from Deleted).
    Publish: {
      Edit: [EDITOR_PLUS, 422],
      SecondEdit: [EDITOR_PLUS, 422],
      Review: [EDITOR_PLUS, 422],
      FactCheck: [EDITOR_PLUS, 422],
      SecondFactCheck: [EDITOR_PLUS, 422],
      ThirdFactCheck: [EDITOR_PLUS, 422],
      FourthFactCheck: [EDITOR_PLUS, 'Published'],
      Deleted: [EDITOR_PLUS, 'Published'],
    },
    // Not a regulated website.
    ApproveRegulation: {
      Edit: [CHECKING, 422],
      SecondEdit: [CHECKING, 422],
      Review: [CHECKING, 422],
      FactCheck: [CHECKING, 422],
      SecondFactCheck: [CHECKING, 422],
      ThirdFactCheck: [CHECKING, 422],
      FourthFactCheck: [CHECKING, 422],
    },
    DeclineRegulation: {
      Edit: [CHECKING, 422],
      SecondEdit: [CHECKING, 422],
      Review: [CHECKING, 422],
      FactCheck: [CHECKING, 422],
      SecondFactCheck: [CHECKING, 422],
      ThirdFactCheck: [CHECKING, 422],
      FourthFactCheck: [CHECKING, 422],
    },
  },
};

/** No optional stage: no second edit, no review, 0 fact-check levels. */
export const MINIMAL: Config = {
  name: 'minimal (no second edit, no review, 0 fact-check levels)',
  settings: { secondEdit: false, customerReview: false, factCheckLevels: 0, regulated: false, fourEyes: true },
  stages: ['Writer', 'Edit'],
  table: {
    ...COMMON,
    SubmitForEdit: { Writer: [WRITING, 'Edit'] },
    SubmitForSecondEdit: { Edit: [EDITOR_PLUS, 422] },
    SubmitForReview: { Edit: [EDITOR_PLUS, 422] },
    SubmitForFactCheck: { Edit: [EDITOR_PLUS, 422] },
    SubmitForSecondFactCheck: { Edit: [EDITOR_PLUS, 422] },
    SubmitForThirdFactCheck: { Edit: [EDITOR_PLUS, 422] },
    SubmitForFourthFactCheck: { Edit: [EDITOR_PLUS, 422] },
    ReturnToWriter: { Edit: [EDITOR_PLUS, 'Writer'] },
    // Edit is the last stage: editors publish from it.
    Publish: { Edit: [EDITOR_PLUS, 'Published'], Deleted: [EDITOR_PLUS, 'Published'] },
    ApproveRegulation: { Edit: [CHECKING, 422] },
    DeclineRegulation: { Edit: [CHECKING, 422] },
  },
};

/** Second edit and one fact-check level, no review. */
export const ONE_LEVEL: Config = {
  name: 'second edit and 1 fact-check level, no review',
  settings: { secondEdit: true, customerReview: false, factCheckLevels: 1, regulated: false, fourEyes: true },
  stages: ['Writer', 'Edit', 'SecondEdit', 'FactCheck'],
  table: {
    ...COMMON,
    SubmitForEdit: { Writer: [WRITING, 'Edit'] },
    SubmitForSecondEdit: { Edit: [EDITOR_PLUS, 'SecondEdit'] },
    SubmitForReview: { Edit: [EDITOR_PLUS, 422], SecondEdit: [EDITOR_PLUS, 422] },
    // Review is off: second edit goes straight to the fact check, which may not be skipped.
    SubmitForFactCheck: { Edit: [EDITOR_PLUS, 422], SecondEdit: [EDITOR_PLUS, 'FactCheck'] },
    SubmitForSecondFactCheck: { Edit: [EDITOR_PLUS, 422], SecondEdit: [EDITOR_PLUS, 422] },
    SubmitForThirdFactCheck: { Edit: [EDITOR_PLUS, 422], SecondEdit: [EDITOR_PLUS, 422] },
    SubmitForFourthFactCheck: { Edit: [EDITOR_PLUS, 422], SecondEdit: [EDITOR_PLUS, 422] },
    ReturnToWriter: {
      Edit: [EDITOR_PLUS, 'Writer'],
      SecondEdit: [EDITOR_PLUS, 'Writer'],
      FactCheck: [CHECKING, 'Writer'],
    },
    ReturnToEdit: { SecondEdit: [EDITOR_PLUS, 'Edit'], FactCheck: [CHECKING, 'Edit'] },
    ReturnToSecondEdit: { FactCheck: [CHECKING, 'SecondEdit'] },
    ReturnToReview: { FactCheck: [CHECKING, 422] },
    // The only level publishes.
    ApproveFactCheck: { FactCheck: [CHECKING, 'Published'] },
    Publish: {
      Edit: [EDITOR_PLUS, 422],
      SecondEdit: [EDITOR_PLUS, 422],
      FactCheck: [EDITOR_PLUS, 'Published'],
      Deleted: [EDITOR_PLUS, 'Published'],
    },
    ApproveRegulation: { Edit: [CHECKING, 422], SecondEdit: [CHECKING, 422], FactCheck: [CHECKING, 422] },
    DeclineRegulation: { Edit: [CHECKING, 422], SecondEdit: [CHECKING, 422], FactCheck: [CHECKING, 422] },
  },
};

/** A regulated website with review and two fact-check levels, no second edit. */
export const REGULATED: Config = {
  name: 'regulated, review and 2 fact-check levels, no second edit',
  settings: { secondEdit: false, customerReview: true, factCheckLevels: 2, regulated: true, fourEyes: true },
  stages: ['Writer', 'Edit', 'Review', 'FactCheck', 'SecondFactCheck'],
  table: {
    ...COMMON,
    SubmitForEdit: { Writer: [WRITING, 'Edit'] },
    SubmitForSecondEdit: { Edit: [EDITOR_PLUS, 422] },
    // Second edit is off: Edit goes straight to Review.
    SubmitForReview: { Edit: [EDITOR_PLUS, 'Review'] },
    SubmitForFactCheck: { Edit: [EDITOR_PLUS, 422], Review: [CHECKING, 'FactCheck'] },
    SubmitForSecondFactCheck: { Edit: [EDITOR_PLUS, 422], Review: [CHECKING, 422] },
    SubmitForThirdFactCheck: { Edit: [EDITOR_PLUS, 422], Review: [CHECKING, 422] },
    SubmitForFourthFactCheck: { Edit: [EDITOR_PLUS, 422], Review: [CHECKING, 422] },
    ReturnToWriter: {
      Edit: [EDITOR_PLUS, 'Writer'],
      Review: [CHECKING, 'Writer'],
      FactCheck: [CHECKING, 'Writer'],
      SecondFactCheck: [CHECKING, 'Writer'],
    },
    ReturnToEdit: { Review: [CHECKING, 'Edit'], FactCheck: [CHECKING, 'Edit'], SecondFactCheck: [CHECKING, 'Edit'] },
    ReturnToSecondEdit: { Review: [CHECKING, 422], FactCheck: [CHECKING, 422], SecondFactCheck: [CHECKING, 422] },
    ReturnToReview: { FactCheck: [CHECKING, 'Review'], SecondFactCheck: [CHECKING, 'Review'] },
    ReturnToFactCheck: { SecondFactCheck: [CHECKING, 'FactCheck'] },
    // Level 1 goes to level 2 (never straight to Published); the last level publishes, which
    // needs the regulation approval this post does not have yet.
    ApproveFactCheck: { FactCheck: [CHECKING, 'SecondFactCheck'], SecondFactCheck: [CHECKING, 422] },
    Publish: {
      Edit: [EDITOR_PLUS, 422],
      Review: [EDITOR_PLUS, 422],
      FactCheck: [EDITOR_PLUS, 422],
      SecondFactCheck: [EDITOR_PLUS, 422],
      Deleted: [EDITOR_PLUS, 422],
    },
    ApproveRegulation: {
      Edit: [CHECKING, 'Edit'],
      Review: [CHECKING, 'Review'],
      FactCheck: [CHECKING, 'FactCheck'],
      SecondFactCheck: [CHECKING, 'SecondFactCheck'],
    },
    DeclineRegulation: {
      Edit: [CHECKING, 'Edit'],
      Review: [CHECKING, 'Edit'],
      FactCheck: [CHECKING, 'Edit'],
      SecondFactCheck: [CHECKING, 'Edit'],
    },
  },
};

export const CONFIGS: readonly Config[] = [ALL_ON, MINIMAL, ONE_LEVEL, REGULATED];

/** The statuses a post of this website can be in: not created yet, its stages, after publication, deleted forever. */
export const statusesOf = (config: Config): Status[] => [
  'new',
  ...config.stages,
  'Published',
  'Deleted',
  'Archived',
  'Purged',
];

/** What the table says `person` gets for `action` on a post in `status`: the status it leads to, or the refusal's HTTP status. */
export function expected(config: Config, action: Action, status: Status, person: Person): Status | 403 | 404 | 422 {
  const entry = config.table[action]?.[status];
  if (!entry) return status === 'new' ? 404 : 422;
  const [who, outcome] = entry;
  return who.includes(person) ? outcome : 403;
}

/** The actions `person` may take on such a post (what `allowedActions` must answer). */
export function allowedFor(config: Config, status: Status, person: Person): Action[] {
  return ACTIONS.filter((action) => typeof expected(config, action, status, person) === 'string');
}
