import { PLATFORM_ADMIN } from '#libs/platform/src/auth/policy.js';
import { PURGED } from './post.decider.js';

/**
 * How the console names the article workflow's actions, the roles its table names, and the
 * statuses a history or audit entry can show beyond the list's (`GET /api/posts/options`). The
 * statuses of the list are `STATUS_LABELS` (stages.ts).
 */

/**
 * The button of each action (the workflow table's action names; seed 000 section 4 where it names
 * them), in the words of the stage it leads to (`STATUS_LABELS`): `SecondEdit` is shown as
 * "Review", so its actions say "review"; the `Review` stage is "Customer review".
 */
export const ACTION_LABELS: Record<string, string> = {
  Create: 'Create',
  Save: 'Save',
  Select: 'Select',
  Discard: 'Discard',
  TakeOver: 'Take over',
  SendTo: 'Send to…',
  SubmitForEdit: 'Submit for edit',
  SubmitForSecondEdit: 'Submit for review',
  SubmitForReview: 'Submit for customer review',
  SubmitForFactCheck: 'Submit for fact check',
  SubmitForSecondFactCheck: 'Submit for second fact check',
  SubmitForThirdFactCheck: 'Submit for third fact check',
  SubmitForFourthFactCheck: 'Submit for fourth fact check',
  ReturnToWriter: 'Return to writer',
  ReturnToEdit: 'Return to edit',
  ReturnToSecondEdit: 'Return to review',
  ReturnToReview: 'Return to customer review',
  ReturnToFactCheck: 'Return to fact check',
  ReturnToSecondFactCheck: 'Return to second fact check',
  ReturnToThirdFactCheck: 'Return to third fact check',
  ApproveFactCheck: 'Approve fact check',
  ApproveRegulation: 'Approve regulation',
  DeclineRegulation: 'Decline regulation',
  Publish: 'Publish',
  Delete: 'Unpublish',
  Archive: 'Archive',
  DeleteForever: 'Delete forever',
  ExportPage: 'Export',
  KeepDraft: 'Draft kept',
};

/** The roles the workflow table names (organisation roles, `cms:{role}`, the platform's), one and several. */
export const ROLE_LABELS: Record<string, { name: string; plural: string }> = {
  owner: { name: 'Owner', plural: 'owners' },
  admin: { name: 'Org admin', plural: 'org admins' },
  [PLATFORM_ADMIN]: { name: 'Platform admin', plural: 'platform admins' },
  system: { name: 'System', plural: 'the system' },
  user: { name: 'Anyone', plural: 'anyone' },
  'cms:admin': { name: 'CMS admin', plural: 'CMS admins' },
  'cms:manager': { name: 'Manager', plural: 'managers' },
  'cms:editor': { name: 'Editor', plural: 'editors' },
  'cms:creator': { name: 'Creator', plural: 'creators' },
  'cms:reviewer': { name: 'Reviewer', plural: 'reviewers' },
};

/** Statuses a history or audit entry names that no listed post has: before creation, and deleted forever. */
export const OTHER_STATUS_LABELS: Record<string, string> = {
  new: 'New',
  [PURGED]: 'Deleted for good',
};
