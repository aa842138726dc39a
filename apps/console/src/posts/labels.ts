/** How the console names each status (seed 000 section 4; the API's `statusLabel` says the same). */
export const STATUS_LABELS: Record<string, string> = {
  Writer: 'Writing',
  Edit: 'Edit',
  SecondEdit: 'Review',
  Review: 'Customer review',
  FactCheck: 'Fact check',
  SecondFactCheck: 'Second fact check',
  ThirdFactCheck: 'Third fact check',
  FourthFactCheck: 'Fourth fact check',
  Published: 'Published',
  Deleted: 'Unpublished',
  Archived: 'Archived',
  Purged: 'Deleted for good',
  new: 'New',
};

export const statusLabel = (status: string | null | undefined) => (status ? (STATUS_LABELS[status] ?? status) : '—');

/** The CMS Articles tabs (seed 000 section 2) plus "Your Posts" and "In Progress" of the role navigation. */
export type PostTab =
  | 'your-posts'
  | 'in-progress'
  | 'strategy'
  | 'briefs'
  | 'outline'
  | 'create'
  | 'edit'
  | 'review'
  | 'fact-check-1'
  | 'fact-check-2'
  | 'fact-check-3'
  | 'fact-check-4'
  | 'published'
  | 'all';

export interface TabDefinition {
  value: PostTab;
  label: string;
  /** What the tab lists, for its tooltip and its empty page. */
  hint: string;
  /** The fact-check level (1 to 4) the tab shows. */
  factCheckLevel?: number;
}

export const TABS: TabDefinition[] = [
  { value: 'your-posts', label: 'Your Posts', hint: 'Posts you write, hold or created' },
  { value: 'in-progress', label: 'In Progress', hint: 'Every post not published yet' },
  { value: 'strategy', label: 'Strategy', hint: 'Planned from the keyword strategy, waiting for a writer' },
  { value: 'briefs', label: 'Briefs', hint: 'Briefs waiting for a writer to pick them up' },
  { value: 'outline', label: 'Outline', hint: 'A writer is outlining them' },
  { value: 'create', label: 'Create', hint: 'A writer is writing them' },
  { value: 'edit', label: 'Edit', hint: 'Waiting for or with an editor' },
  { value: 'review', label: 'Review', hint: 'In second edit or customer review' },
  { value: 'fact-check-1', label: 'Fact check 1', hint: 'At the first fact-check level', factCheckLevel: 1 },
  { value: 'fact-check-2', label: 'Fact check 2', hint: 'At the second fact-check level', factCheckLevel: 2 },
  { value: 'fact-check-3', label: 'Fact check 3', hint: 'At the third fact-check level', factCheckLevel: 3 },
  { value: 'fact-check-4', label: 'Fact check 4', hint: 'At the fourth fact-check level', factCheckLevel: 4 },
  { value: 'published', label: 'Published', hint: 'Live on the website' },
  { value: 'all', label: 'All posts', hint: 'Every post, unpublished and archived ones included' },
];

/** What creators see: their own work and where writing happens. */
export const CREATOR_TABS: PostTab[] = ['your-posts', 'briefs', 'outline', 'create', 'published', 'all'];
/** What editors, reviewers and managers see, in the spec's order. */
export const EDITOR_TABS: PostTab[] = [
  'in-progress',
  'strategy',
  'briefs',
  'outline',
  'create',
  'edit',
  'review',
  'fact-check-1',
  'fact-check-2',
  'fact-check-3',
  'fact-check-4',
  'published',
  'all',
  'your-posts',
];

/** "All posts" can be narrowed to the unpublished or archived ones (API tabs of their own). */
export type AllPostsView = 'all' | 'unpublished' | 'archived';

/** The list filter a tab stands for. */
export const tabFilter = (tab: PostTab, view: AllPostsView = 'all'): Record<string, unknown> => {
  if (tab === 'your-posts') return { mine: true };
  if (tab === 'all') return { tab: view };
  return { tab };
};

/** The empty page of each tab. */
export const EMPTY_TEXT: Record<PostTab, string> = {
  'your-posts': 'You have no posts yet. Create one, or pick up a brief.',
  'in-progress': 'No post is in progress.',
  strategy: 'No post planned from the strategy waits for a writer.',
  briefs: 'No brief waits for a writer.',
  outline: 'Nobody is outlining a post right now.',
  create: 'Nobody is writing a post right now.',
  edit: 'No post waits for an editor.',
  review: 'No post is in review.',
  'fact-check-1': 'No post waits for the first fact check.',
  'fact-check-2': 'No post waits for the second fact check.',
  'fact-check-3': 'No post waits for the third fact check.',
  'fact-check-4': 'No post waits for the fourth fact check.',
  published: 'Nothing is published yet.',
  all: 'No posts yet.',
};

/** How each action is labelled on its button, what the notification says after it, and how it looks. */
export interface ActionLabel {
  label: string;
  done: string;
  color?: 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'inherit';
  /** Asks for a note (required by the API). */
  note?: 'required' | 'optional';
  /** Asks "are you sure" first. */
  confirm?: string;
  /** The spec's failure wording ("Error: Unable to publish post - ..."), when it has one. */
  verb?: string;
}

const submit = (target: string): ActionLabel => ({ label: `Submit for ${target}`, done: `Post submitted for ${target}`, color: 'primary' });
const back = (target: string): ActionLabel => ({
  label: `Return to ${target}`,
  done: `Post returned to ${target}`,
  color: 'warning',
  note: 'required',
});

export const ACTION_LABELS: Record<string, ActionLabel> = {
  Create: { label: 'Create', done: 'Post created' },
  Save: { label: 'Save', done: 'Post saved', verb: 'save' },
  Select: { label: 'Select', done: 'You are working on this post now', color: 'primary' },
  Discard: { label: 'Discard', done: 'Post released to the pool', color: 'inherit', verb: 'discard' },
  TakeOver: { label: 'Take over', done: 'You took over this post', color: 'warning' },
  SendTo: { label: 'Send to…', done: 'Post sent', color: 'inherit' },
  SubmitForEdit: submit('edit'),
  SubmitForSecondEdit: submit('second edit'),
  SubmitForReview: submit('customer review'),
  SubmitForFactCheck: submit('fact check'),
  SubmitForSecondFactCheck: submit('second fact check'),
  SubmitForThirdFactCheck: submit('third fact check'),
  SubmitForFourthFactCheck: submit('fourth fact check'),
  ReturnToWriter: back('writer'),
  ReturnToEdit: back('edit'),
  ReturnToSecondEdit: back('second edit'),
  ReturnToReview: back('customer review'),
  ReturnToFactCheck: back('fact check'),
  ReturnToSecondFactCheck: back('second fact check'),
  ReturnToThirdFactCheck: back('third fact check'),
  ApproveFactCheck: { label: 'Approve fact check', done: 'Fact check approved', color: 'success' },
  ApproveRegulation: { label: 'Approve regulation', done: 'Regulation approved', color: 'success' },
  DeclineRegulation: { label: 'Decline regulation', done: 'Regulation declined: back to edit', color: 'warning', note: 'required' },
  Publish: { label: 'Publish', done: 'Post published', color: 'success', verb: 'publish' },
  Delete: {
    label: 'Unpublish',
    done: 'Post unpublished',
    color: 'warning',
    verb: 'delete',
    confirm: 'The post leaves the website. You can publish it again later.',
  },
  Archive: { label: 'Archive', done: 'Post archived', color: 'inherit', confirm: 'Archived posts leave the website and the working tabs.' },
  DeleteForever: {
    label: 'Delete forever',
    done: 'Post deleted for good',
    color: 'error',
    verb: 'delete',
    confirm: 'The post disappears from every list. Its history stays for the audit. This cannot be undone.',
  },
  ExportPage: { label: 'Export', done: 'Export downloaded', color: 'inherit' },
  KeepDraft: { label: 'Draft kept', done: 'Draft kept' },
};

export const actionLabel = (action: string | null | undefined) =>
  action ? (ACTION_LABELS[action]?.label ?? action.replace(/([a-z])([A-Z])/g, '$1 $2')) : '';

/** The order buttons appear in: forward first, then back, then the rest. */
export const ACTION_ORDER = Object.keys(ACTION_LABELS);

/** Actions on who holds the page (shown beside the holder, not in the toolbar). */
export const HOLD_ACTIONS = ['Select', 'Discard', 'TakeOver', 'SendTo'];
/** Never a button: Save is the form's, Create the create page's, KeepDraft the API's. */
export const NOT_BUTTONS = ['Save', 'Create', 'KeepDraft'];

/** History entries by event type, when the entry has no action. */
export const EVENT_LABELS: Record<string, string> = {
  PostCreated: 'Create',
  PostSaved: 'Save',
  PostSelected: 'Select',
  PostDiscarded: 'Discard',
  PostTakenOver: 'Take over',
  PostSentTo: 'Send to',
  PostRegulationApproved: 'Approve regulation',
  PostDeletedForever: 'Delete forever',
  PostExported: 'Export',
  PostDraftKept: 'Draft kept',
};

/** Roles as the workflow table names them (`owner`, `cms:editor`), for people. */
export const roleLabel = (role: string): string => {
  const known: Record<string, string> = {
    owner: 'Owner',
    admin: 'Org admin',
    platform_admin: 'Platform admin',
    system: 'System',
    user: 'Anyone',
    'cms:admin': 'CMS admin',
    'cms:manager': 'Manager',
    'cms:editor': 'Editor',
    'cms:creator': 'Creator',
    'cms:reviewer': 'Reviewer',
  };
  return known[role] ?? role.replace(/^cms:/, '').replace(/_/g, ' ');
};

/** A post type's label: top_10 → Top 10. */
export const typeLabel = (type: string | null | undefined): string => {
  if (!type) return '—';
  const text = type.replace(/_/g, ' ').replace(/\bseo\b/i, 'SEO').replace(/\bppc\b/i, 'PPC').replace(/\bni\b/i, 'NI');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
