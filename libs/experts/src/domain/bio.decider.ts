import { NEW, defineDecider, mayTake, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
import { ValidationError } from '#libs/platform/src/errors.js';
import { EDITORS } from '#libs/organisations/src/domain/cms-roles.js';
import { publishProblems, type BioContent, type BioKind } from './bio-fields.js';

export const BIO_STATUSES = ['draft', 'published', 'deleted'] as const;
export type BioStatus = (typeof BIO_STATUSES)[number];
/** How the console names each status (`GET /api/bios/options`). */
export const BIO_STATUS_LABELS: Record<BioStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  deleted: 'Deleted',
};
/**
 * The actions the console shows as a bio's buttons, in their order, with their labels (`GET
 * /api/bios/options` `actions`); Create, Update and Delete are the form's create, save and delete.
 */
export const BIO_ACTION_LABELS = { Publish: 'Publish', Unpublish: 'Unpublish' } as const satisfies Record<
  string,
  string
>;

/** Where a bio belongs and whose it is (a member for writer bios; experts may be outside people). */
export interface BioOwner {
  organisationId: string;
  websiteId: string;
  kind: BioKind;
  userId: string | null;
}

export type BioEvent =
  | DomainEvent<'BioCreated', BioOwner & { content: BioContent }>
  | DomainEvent<'BioChanged', { changes: BioContent }>
  | DomainEvent<'BioPublished', { at: string }>
  | DomainEvent<'BioUnpublished', { at: string }>
  | DomainEvent<'BioDeleted', { at: string }>;

export interface BioState {
  status: BioStatus | typeof NEW;
  owner: BioOwner | null;
  content: BioContent;
}

/** What a bio decision needs from outside: whose bio is being created (self-service), and the time. */
export interface BioContext {
  userId?: string | null;
  now?: string;
}

export const ONLY_EDITORS_WRITE_OTHERS = 'Only editors may write the bios of others';

/**
 * CMS editors manage every bio; anyone may write their own (a writer's bio is about them).
 * Writing someone else's is refused for who the actor is: 403, as the HTTP layer answers.
 */
const editorOrSelf = (state: BioState, actor: Actor, context: BioContext | undefined): true | { forbidden: string } => {
  if (mayTake(EDITORS, actor)) return true;
  const subject = state.owner ? state.owner.userId : (context?.userId ?? null);
  return (subject !== null && subject === actor.userId) || { forbidden: ONLY_EDITORS_WRITE_OTHERS };
};

const BIO_FIELDS = [
  'displayName',
  'slug',
  'role',
  'title',
  'profilePic',
  'categories',
  'text',
  'metaDescription',
  'expertise',
  'education',
  'highlights',
  'quote',
  'socialUrls',
] as const satisfies readonly (keyof BioContent)[];

/** Absent, null, '' and [] all mean "nothing": sending one where another is stored is no change. */
const nothing = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => (nothing(a) && nothing(b)) || JSON.stringify(a) === JSON.stringify(b);
const nowOf = (context: unknown) => (context as BioContext | undefined)?.now ?? new Date(0).toISOString();

export const bioDecider = defineDecider<
  BioStatus,
  'Create' | 'Update' | 'Publish' | 'Unpublish' | 'Delete',
  BioState,
  BioEvent
>({
  table: {
    name: 'bio',
    statuses: BIO_STATUSES,
    transitions: [
      {
        action: 'Create',
        from: [NEW],
        to: 'draft',
        roles: ['*'],
        guard: editorOrSelf,
        description: 'Editors for anyone; a member for themself',
      },
      {
        action: 'Update',
        from: ['draft', 'published'],
        roles: ['*'],
        guard: editorOrSelf,
        description: 'Editors, or the person the bio is about',
      },
      {
        action: 'Publish',
        from: ['draft'],
        to: 'published',
        roles: EDITORS,
        description: 'Shown on the website and credited on posts',
      },
      { action: 'Unpublish', from: ['published'], to: 'draft', roles: EDITORS },
      { action: 'Delete', from: ['draft', 'published'], to: 'deleted', roles: EDITORS },
    ],
  },
  initialState: { status: NEW, owner: null, content: {} },
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, { data }: { data: BioOwner & { content: BioContent } }) => [{ type: 'BioCreated', data }],
    Update: (state, { data }: { data: BioContent }) => {
      const changes = Object.fromEntries(
        BIO_FIELDS.filter((k) => data[k] !== undefined && !same(data[k], state.content[k])).map((k) => [k, data[k]]),
      ) as BioContent;
      if (state.status === 'published') {
        const problems = publishProblems({ ...state.content, ...changes });
        const first = Object.values(problems)[0];
        if (first) throw new ValidationError(first, problems);
      }
      return Object.keys(changes).length ? [{ type: 'BioChanged', data: { changes } }] : [];
    },
    Publish: (state, { context }) => {
      const problems = publishProblems(state.content);
      const first = Object.values(problems)[0];
      if (first) throw new ValidationError(first, problems);
      return [{ type: 'BioPublished', data: { at: nowOf(context) } }];
    },
    Unpublish: (_state, { context }) => [{ type: 'BioUnpublished', data: { at: nowOf(context) } }],
    Delete: (_state, { context }) => [{ type: 'BioDeleted', data: { at: nowOf(context) } }],
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'BioCreated': {
        const { content, ...owner } = event.data;
        return { status: 'draft', owner, content };
      }
      case 'BioChanged':
        return { ...state, content: { ...state.content, ...event.data.changes } };
      case 'BioPublished':
        return { ...state, status: 'published' };
      case 'BioUnpublished':
        return { ...state, status: 'draft' };
      case 'BioDeleted':
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
});

/** The experts context's events: the one list (names and schema versions). */
export const BIO_EVENT_TYPES = [
  { type: 'BioCreated', schemaVersion: 1 },
  { type: 'BioChanged', schemaVersion: 1 },
  { type: 'BioPublished', schemaVersion: 1 },
  { type: 'BioUnpublished', schemaVersion: 1 },
  { type: 'BioDeleted', schemaVersion: 1 },
] as const;
export type BioEventType = (typeof BIO_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_BIO_EVENT_LISTED: [BioEvent['type']] extends [BioEventType]
  ? [BioEventType] extends [BioEvent['type']]
    ? true
    : never
  : never = true;
