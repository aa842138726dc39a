import { useTranslate } from 'react-admin';
import { usePostOptions } from './api';
import { humanizeName } from '../common/historyText';

/**
 * A post status's label: the API's (`GET /api/posts/options` `statuses` and `otherStatuses`, the
 * seed's wording: Writer is "Writing", Deleted "Unpublished"), which a second language may
 * translate under `console.posts.statuses.<status>`; until the options arrive, the status in words
 * (`SecondEdit` -> "Second edit"), never the raw name.
 */
export const usePostStatusLabel = () => {
  const translate = useTranslate();
  const { data } = usePostOptions();
  return (status: string | null | undefined): string => {
    if (!status) return '—';
    const fromApi = [...(data?.statuses ?? []), ...(data?.otherStatuses ?? [])].find((s) => s.id === status)?.name;
    return translate(`console.posts.statuses.${status}`, { _: fromApi ?? humanizeName(status) });
  };
};

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

/** A tab; its texts are `console.posts.tabs.<value>.label`, `.hint` (its tooltip) and `.empty` (its empty page). */
export interface TabDefinition {
  value: PostTab;
  /** The fact-check level (1 to 4) the tab shows. */
  factCheckLevel?: number;
}

export const TABS: TabDefinition[] = [
  { value: 'your-posts' },
  { value: 'in-progress' },
  { value: 'strategy' },
  { value: 'briefs' },
  { value: 'outline' },
  { value: 'create' },
  { value: 'edit' },
  { value: 'review' },
  { value: 'fact-check-1', factCheckLevel: 1 },
  { value: 'fact-check-2', factCheckLevel: 2 },
  { value: 'fact-check-3', factCheckLevel: 3 },
  { value: 'fact-check-4', factCheckLevel: 4 },
  { value: 'published' },
  { value: 'all' },
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

/**
 * How an action looks and behaves. Which actions are buttons, in which order and with which label
 * is the API's (`GET /api/posts/options` `actions`; a second language translates a label under
 * `console.posts.actions.<Action>.label`); the other texts are `console.posts.actions.<Action>.done`
 * (the notification after it) and `.confirm` (the "are you sure" text).
 */
export interface ActionStyle {
  color?: 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'inherit';
  /** Asks for a note (required by the API). */
  note?: 'required' | 'optional';
  /** Asks "are you sure" first (`console.posts.actions.<Action>.confirm`). */
  confirm?: boolean;
  /** The spec's failure wording ("Error: Unable to publish post - ..."), when it has one. */
  verb?: string;
}

const submit: ActionStyle = { color: 'primary' };
const back: ActionStyle = { color: 'warning', note: 'required' };

/** How each action is drawn (an action not named here is a plain button). */
export const ACTIONS: Record<string, ActionStyle> = {
  Create: {},
  Save: { verb: 'save' },
  Select: { color: 'primary' },
  Discard: { color: 'inherit', verb: 'discard' },
  TakeOver: { color: 'warning' },
  SendTo: { color: 'inherit' },
  SubmitForEdit: submit,
  SubmitForSecondEdit: submit,
  SubmitForReview: submit,
  SubmitForFactCheck: submit,
  SubmitForSecondFactCheck: submit,
  SubmitForThirdFactCheck: submit,
  SubmitForFourthFactCheck: submit,
  ReturnToWriter: back,
  ReturnToEdit: back,
  ReturnToSecondEdit: back,
  ReturnToReview: back,
  ReturnToFactCheck: back,
  ReturnToSecondFactCheck: back,
  ReturnToThirdFactCheck: back,
  ApproveFactCheck: { color: 'success' },
  ApproveRegulation: { color: 'success' },
  DeclineRegulation: { color: 'warning', note: 'required' },
  Publish: { color: 'success', verb: 'publish' },
  Delete: { color: 'warning', verb: 'delete', confirm: true },
  Archive: { color: 'inherit', confirm: true },
  DeleteForever: { color: 'error', verb: 'delete', confirm: true },
  ExportPage: { color: 'inherit' },
  KeepDraft: {},
};

/** `ReturnToWriter` -> `Return To Writer`: an action the messages file does not name. */
const spaced = (action: string) => action.replace(/([a-z])([A-Z])/g, '$1 $2');

/** The texts of the post actions: `label(action)`, `done(action)`, `confirm(action)`. */
export const useActionTexts = () => {
  const translate = useTranslate();
  const { data } = usePostOptions();
  return {
    label: (action: string | null | undefined) =>
      action
        ? translate(`console.posts.actions.${action}.label`, {
            _: data?.actions.find((a) => a.id === action)?.name ?? spaced(action),
          })
        : '',
    done: (action: string) =>
      translate(`console.posts.actions.${action}.done`, {
        _: translate('console.common.notices.actionDone', { action }),
      }),
    confirm: (action: string) => translate(`console.posts.actions.${action}.confirm`, { _: '' }),
  };
};

/** Actions on who holds the page (shown beside the holder, not in the toolbar). */
export const HOLD_ACTIONS = ['Select', 'Discard', 'TakeOver', 'SendTo'];
/** Never a button: Save is the form's, Create the create page's, KeepDraft the API's. */
export const NOT_BUTTONS = ['Save', 'Create', 'KeepDraft'];

/** A history entry's label by event type, when it has no action: `console.posts.events.<EventType>`. */
export const useEventLabel = () => {
  const translate = useTranslate();
  return (type: string) => translate(`console.posts.events.${type}`, { _: type });
};

/**
 * Roles as the workflow table names them (`owner`, `cms:editor`), for people: the API's words
 * (`GET /api/posts/options` `roles`), one or (`plural`) several; a second language translates them
 * under `console.posts.roles.<role>` and `console.posts.workflow.plural.<role>`.
 */
export const useRoleLabel = () => {
  const translate = useTranslate();
  const { data } = usePostOptions();
  return (role: string, plural = false): string => {
    const fromApi = data?.roles.find((r) => r.id === role);
    const fallback = role.replace(/^cms:/, '').replace(/_/g, ' ');
    const key = role.replace(':', '_');
    return plural
      ? translate(`console.posts.workflow.plural.${key}`, { _: fromApi?.plural ?? fallback })
      : translate(`console.posts.roles.${key}`, { _: fromApi?.name ?? fallback });
  };
};

/** A post type's label: top_10 → Top 10. */
export const typeLabel = (type: string | null | undefined): string => {
  if (!type) return '—';
  const text = type
    .replace(/_/g, ' ')
    .replace(/\bseo\b/i, 'SEO')
    .replace(/\bppc\b/i, 'PPC')
    .replace(/\bni\b/i, 'NI');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
