import { NEW, defineDecider, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
import { ValidationError } from '#libs/platform/src/errors.js';
import { missing, tooLong } from '#libs/platform/src/validation.js';
import { CREATORS, MODERATORS, isModerator } from './roles.js';

/**
 * A community question (stream `question-{id}`).
 *
 * Forum statuses (seed 000 section 4): `pending_review` (shown "pending review"), `new`, `draft`,
 * `published`, `deleted`. Moderator status: `pending_review` -> `approved` | `declined`; it is
 * `null` for a question that never went to the moderators (an editor's own draft), and
 * `pending_review` exactly while the forum status is `pending_review`.
 *
 * | Action    | From                                   | To             | Who                                   |
 * |-----------|----------------------------------------|----------------|---------------------------------------|
 * | Create    | (new)                                  | draft          | moderators                            |
 * | Create    | (new)                                  | pending_review | creators                              |
 * | Submit    | draft                                  | pending_review | moderators; creators (their own)      |
 * | Approve   | pending_review                         | new            | moderators (expectedVersion required) |
 * | Decline   | pending_review                         | deleted        | moderators (expectedVersion, reason)  |
 * | Publish   | new, draft                             | published      | moderators                            |
 * | Unpublish | published                              | draft          | moderators                            |
 * | Update    | pending_review, new, draft, published  | (same)         | moderators                            |
 * | Update    | pending_review, draft                  | (same)         | creators (their own)                  |
 * | Delete    | pending_review, new, draft, published  | deleted        | moderators                            |
 * | Delete    | pending_review, draft                  | deleted        | creators (their own: withdraw)        |
 * | Restore   | deleted                                | draft          | moderators                            |
 *
 * Decline leads to `deleted` (moderator status `declined`, the reason kept): a declined question
 * leaves the moderators' queue and every public tab at once, is listed under Deleted with its
 * reason, and `Restore` brings it back as a draft that can be revised and submitted again, so a
 * decline is undoable without a special state. Approve and Decline are decisions on what the
 * moderator saw: the HTTP layer requires the version they read (two moderators cannot both
 * decide the same question; the second gets 409).
 */

export type QuestionStatus = 'pending_review' | 'new' | 'draft' | 'published' | 'deleted';
export type ModeratorStatus = 'pending_review' | 'approved' | 'declined';
export type QuestionAction =
  'Create' | 'Submit' | 'Approve' | 'Decline' | 'Publish' | 'Unpublish' | 'Update' | 'Delete' | 'Restore';

export const QUESTION_STATUSES: readonly QuestionStatus[] = ['pending_review', 'new', 'draft', 'published', 'deleted'];
export const MODERATOR_STATUSES: readonly ModeratorStatus[] = ['pending_review', 'approved', 'declined'];
/** How the console shows a status (the spec writes "pending review"). */
export const STATUS_LABELS: Record<QuestionStatus, string> = {
  pending_review: 'pending review',
  new: 'new',
  draft: 'draft',
  published: 'published',
  deleted: 'deleted',
};
/** How the console shows a moderator status. */
export const MODERATOR_STATUS_LABELS: Record<ModeratorStatus, string> = {
  pending_review: 'pending review',
  approved: 'approved',
  declined: 'declined',
};

export const QUESTION_LIMITS = { title: 300, body: 20_000, category: 100, reason: 500, name: 200, email: 320 } as const;
/** Each field's label, as the community's forms show it: the messages name the field by these words ("Reason is missing!"). */
export const QUESTION_FIELD_LABELS = {
  websiteId: 'Website',
  locale: 'Locale',
  title: 'Title',
  body: 'Question',
  category: 'Category',
  askedBy: 'Asked by',
  askedByName: 'Name',
  reason: 'Reason',
  expectedVersion: 'The version you saw',
  action: 'Action',
  ids: 'The selection',
} as const;
export const DEFAULT_LOCALE = 'en';

export interface AskedBy {
  name: string | null;
  email: string | null;
}

/** What a user may write on a question. */
export interface QuestionFields {
  locale: string;
  title: string;
  body: string;
  category: string | null;
  askedBy: AskedBy | null;
}

/** Who took a decision, as recorded (the name at the time). */
export interface Person {
  id: string;
  name: string | null;
}

export type QuestionCreatedData = QuestionFields & {
  organisationId: string;
  websiteId: string;
  createdBy: Person;
  status: 'draft' | 'pending_review';
};

export type QuestionEvent =
  | DomainEvent<'QuestionCreated', QuestionCreatedData>
  | DomainEvent<'QuestionSubmitted', Record<string, never>>
  | DomainEvent<'QuestionApproved', { by: Person }>
  | DomainEvent<'QuestionDeclined', { by: Person; reason: string }>
  | DomainEvent<'QuestionPublished', { publishedBy: Person }>
  | DomainEvent<'QuestionUnpublished', Record<string, never>>
  | DomainEvent<'QuestionUpdated', Partial<QuestionFields>>
  | DomainEvent<'QuestionDeleted', Record<string, never>>
  | DomainEvent<'QuestionRestored', Record<string, never>>;

export interface QuestionState {
  status: QuestionStatus | typeof NEW;
  moderatorStatus: ModeratorStatus | null;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  fields: QuestionFields | null;
}

/** A creator acts on their own question only. */
const ownQuestion = (state: Pick<QuestionState, 'createdBy'>, actor: Actor) =>
  state.createdBy !== null && state.createdBy === actor.userId;

const LIVE: QuestionStatus[] = ['pending_review', 'new', 'draft', 'published'];
const UNPUBLISHED_OWN: QuestionStatus[] = ['pending_review', 'draft'];

export const personOf = (actor: Actor): Person => ({ id: actor.userId, name: actor.name ?? null });

/** The rule of a decline: a reason, at most 500 characters (what the asker is told). */
function declineReason(data: unknown): string {
  const raw = (data as { reason?: unknown } | undefined)?.reason;
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (!reason) throw ValidationError.field('reason', missing(QUESTION_FIELD_LABELS.reason));
  if (reason.length > QUESTION_LIMITS.reason) throw ValidationError.field('reason', tooLong(QUESTION_LIMITS.reason));
  return reason;
}

export const questionDecider = defineDecider<QuestionStatus, QuestionAction, QuestionState, QuestionEvent>({
  table: {
    name: 'question',
    statuses: QUESTION_STATUSES,
    transitions: [
      {
        action: 'Create',
        from: [NEW],
        to: 'draft',
        roles: MODERATORS,
        description: "A moderator's question starts as a draft",
      },
      {
        action: 'Create',
        from: [NEW],
        to: 'pending_review',
        roles: CREATORS,
        description: "A creator's question waits for a moderator",
      },
      { action: 'Submit', from: ['draft'], to: 'pending_review', roles: MODERATORS },
      {
        action: 'Submit',
        from: ['draft'],
        to: 'pending_review',
        roles: CREATORS,
        guard: ownQuestion,
        description: 'Creators submit their own questions',
      },
      {
        action: 'Approve',
        from: ['pending_review'],
        to: 'new',
        roles: MODERATORS,
        description: 'Needs the version the moderator saw',
      },
      {
        action: 'Decline',
        from: ['pending_review'],
        to: 'deleted',
        roles: MODERATORS,
        description: 'Needs the version the moderator saw and a reason',
      },
      { action: 'Publish', from: ['new', 'draft'], to: 'published', roles: MODERATORS },
      { action: 'Unpublish', from: ['published'], to: 'draft', roles: MODERATORS },
      { action: 'Update', from: LIVE, roles: MODERATORS },
      {
        action: 'Update',
        from: UNPUBLISHED_OWN,
        roles: CREATORS,
        guard: ownQuestion,
        description: 'Creators edit their own questions until approved',
      },
      { action: 'Delete', from: LIVE, to: 'deleted', roles: MODERATORS },
      {
        action: 'Delete',
        from: UNPUBLISHED_OWN,
        to: 'deleted',
        roles: CREATORS,
        guard: ownQuestion,
        description: 'Creators withdraw their own questions',
      },
      { action: 'Restore', from: ['deleted'], to: 'draft', roles: MODERATORS },
    ],
  },
  initialState: {
    status: NEW,
    moderatorStatus: null,
    organisationId: null,
    websiteId: null,
    createdBy: null,
    fields: null,
  } as QuestionState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (
      _state,
      command: { data: QuestionFields & { organisationId: string; websiteId: string }; actor: Actor },
    ) => [
      {
        type: 'QuestionCreated',
        data: {
          ...command.data,
          createdBy: personOf(command.actor),
          status: isModerator(command.actor.roles) ? 'draft' : 'pending_review',
        },
      },
    ],
    Submit: () => [{ type: 'QuestionSubmitted', data: {} }],
    Approve: (_state, command) => [{ type: 'QuestionApproved', data: { by: personOf(command.actor) } }],
    Decline: (_state, command) => [
      { type: 'QuestionDeclined', data: { by: personOf(command.actor), reason: declineReason(command.data) } },
    ],
    Publish: (_state, command) => [{ type: 'QuestionPublished', data: { publishedBy: personOf(command.actor) } }],
    Unpublish: () => [{ type: 'QuestionUnpublished', data: {} }],
    Update: (state, command: { data: Partial<QuestionFields> }) => {
      const changes = Object.fromEntries(
        Object.entries(command.data ?? {}).filter(
          ([key, value]) =>
            value !== undefined &&
            JSON.stringify(value) !== JSON.stringify(state.fields?.[key as keyof QuestionFields]),
        ),
      );
      return Object.keys(changes).length ? [{ type: 'QuestionUpdated', data: changes }] : [];
    },
    Delete: () => [{ type: 'QuestionDeleted', data: {} }],
    Restore: () => [{ type: 'QuestionRestored', data: {} }],
  },
  evolve: (state: QuestionState, event: QuestionEvent): QuestionState => {
    switch (event.type) {
      case 'QuestionCreated': {
        const { organisationId, websiteId, createdBy, status, ...fields } = event.data;
        return {
          status,
          moderatorStatus: status === 'pending_review' ? 'pending_review' : null,
          organisationId,
          websiteId,
          createdBy: createdBy.id,
          fields,
        };
      }
      case 'QuestionSubmitted':
        return { ...state, status: 'pending_review', moderatorStatus: 'pending_review' };
      case 'QuestionApproved':
        return { ...state, status: 'new', moderatorStatus: 'approved' };
      case 'QuestionDeclined':
        return { ...state, status: 'deleted', moderatorStatus: 'declined' };
      case 'QuestionPublished':
        return { ...state, status: 'published' };
      case 'QuestionUnpublished':
      case 'QuestionRestored':
        return { ...state, status: 'draft' };
      case 'QuestionUpdated':
        return { ...state, fields: { ...state.fields!, ...event.data } };
      case 'QuestionDeleted':
        // A question withdrawn or deleted while waiting leaves the queue undecided.
        return {
          ...state,
          status: 'deleted',
          moderatorStatus: state.moderatorStatus === 'pending_review' ? null : state.moderatorStatus,
        };
      default:
        return state;
    }
  },
});
