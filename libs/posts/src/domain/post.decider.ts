import {
  NEW,
  defineDecider,
  mayTake,
  type Actor,
  type DomainEvent,
  type Transition,
} from '#libs/platform/src/decider.js';
import { ConflictError, InvalidTransitionError, ValidationError } from '#libs/platform/src/errors.js';
import { missing } from '#libs/platform/src/validation.js';
import {
  OPTIMISATION_LOCKED,
  OUTLINE_REQUIRED,
  POST_FIELD_LABELS,
  measure,
  missingBio,
  optionalNote,
  requireNote,
  type PostContent,
  type PostType,
} from './post-fields.js';
import {
  ADMINS,
  CREATORS,
  DEFAULT_WORKFLOW,
  EDITORS,
  FACT_CHECK_STAGES,
  ORG_ADMINS,
  POST_STATUSES,
  PRE_PUBLICATION,
  REVIEWERS,
  STAGE_ROLES,
  enabledStages,
  isFactCheck,
  isLastStage,
  nextStage,
  stageIndex,
  type PostStatus,
  type PreStage,
  type WorkflowSettings,
} from './stages.js';

/** A person holding a stage (its assignee), with when they took it. */
export interface Holder {
  userId: string;
  name: string;
  since: string;
}

/** A person the published page credits (writer, expert, fact-checker), by the post's field. */
export interface CreditedPerson {
  field: 'writer' | 'expert' | 'factChecker';
  /** How the prompt names them: "Writer", "Expert", "Fact-checker". */
  label: string;
}

/**
 * What a decision needs from outside the post: its website's settings now, the time, and (for
 * publishing) the credited people who have no published bio yet.
 */
export interface PostContext {
  settings: WorkflowSettings;
  now: string;
  missingBios?: readonly CreditedPerson[];
}

export const PURGED = 'Purged';
type Status = PostStatus | typeof PURGED;

export interface PostState {
  status: Status | typeof NEW;
  organisationId: string | null;
  websiteId: string | null;
  locale: string;
  type: PostType | null;
  content: PostContent & { words: number; links: number };
  /** Who holds the current stage; null when the post waits in the stage's pool. */
  holder: Holder | null;
  /** Who last held each stage (a post returned to a stage goes back to them). */
  lastHolders: Partial<Record<PreStage, Holder>>;
  /** The last take-over: whose page it was, for the 409 their next save gets. */
  takenOver: { from: string; by: Holder } | null;
  /** Everyone who saved the post's content (four-eyes: they may not approve or publish it). */
  savers: string[];
  regulationApproved: boolean;
  /** The fact-check stage that last returned the post (it may be resubmitted straight to it). */
  returnedFrom: PreStage | null;
  publishedAt: string | null;
  firstPublishedAt: string | null;
  createdBy: string | null;
  createdAt: string | null;
}

/** A move between statuses; a return names who holds the post again (whoever last held that stage). */
type Move = { action: string; from: Status; to: Status; by: Holder; note?: string; at: string; holder?: Holder | null };

export type PostEvent =
  | DomainEvent<
      'PostCreated',
      {
        organisationId: string;
        websiteId: string;
        locale: string;
        type: PostType;
        content: PostContent;
        words: number;
        links: number;
        by: Holder;
        holder: Holder | null;
      }
    >
  | DomainEvent<'PostSaved', { changes: PostContent; words?: number; links?: number; by: Holder }>
  | DomainEvent<'PostSelected', { stage: PreStage; by: Holder }>
  | DomainEvent<'PostDiscarded', { stage: PreStage; by: Holder; holder: Holder }>
  | DomainEvent<'PostTakenOver', { stage: PreStage; by: Holder; from: Holder }>
  | DomainEvent<'PostSentTo', { stage: PreStage; by: Holder; to: Holder }>
  | DomainEvent<'PostSubmitted', Move>
  | DomainEvent<'PostReturned', Move>
  | DomainEvent<'PostFactCheckApproved', Move>
  | DomainEvent<'PostRegulationApproved', { stage: Status; by: Holder; at: string }>
  | DomainEvent<'PostRegulationDeclined', Move>
  | DomainEvent<'PostPublished', Move>
  | DomainEvent<'PostUnpublished', Move>
  | DomainEvent<'PostArchived', Move>
  | DomainEvent<'PostDeletedForever', { by: Holder; at: string }>
  | DomainEvent<'PostExported', { format: string; by: Holder; at: string }>
  | DomainEvent<
      'PostDraftKept',
      { by: Holder; changes: PostContent; baseVersion: number | null; reason: string; at: string }
    >;

/** The events that move a post from one status to another (history shows their from/to). */
export const MOVE_EVENTS = [
  'PostSubmitted',
  'PostReturned',
  'PostFactCheckApproved',
  'PostRegulationDeclined',
  'PostPublished',
  'PostUnpublished',
  'PostArchived',
] as const;

const STAGE_NAMES: Record<PreStage, string> = {
  Writer: 'Writer',
  Edit: 'Edit',
  SecondEdit: 'SecondEdit',
  Review: 'Review',
  FactCheck: 'FactCheck',
  SecondFactCheck: 'SecondFactCheck',
  ThirdFactCheck: 'ThirdFactCheck',
  FourthFactCheck: 'FourthFactCheck',
};

const contextOf = (context: unknown): PostContext => {
  const c = context as Partial<PostContext> | undefined;
  return {
    settings: c?.settings ?? DEFAULT_WORKFLOW,
    now: c?.now ?? new Date(0).toISOString(),
    missingBios: c?.missingBios ?? [],
  };
};
const holderOf = (actor: Actor, now: string): Holder => ({
  userId: actor.userId,
  name: actor.name ?? actor.userId,
  since: now,
});
const isPre = (status: string): status is PreStage => (PRE_PUBLICATION as readonly string[]).includes(status);

/**
 * Organisation owners and admins (and CMS admins) may move a page someone else holds along the
 * workflow (submit, return, approve, publish); saving its content needs the page itself (Save).
 */
const OVERRIDERS = [...ORG_ADMINS, 'cms:admin'];
const holderAllows = (state: PostState, actor: Actor): true | string =>
  !state.holder ||
  state.holder.userId === actor.userId ||
  mayTake(OVERRIDERS, actor) ||
  `${state.holder.name} is working on this page; take it over first`;
/** Four-eyes: nobody approves or publishes a post whose content they saved. */
const fourEyesAllow = (state: PostState, actor: Actor, context: unknown): true | string =>
  !contextOf(context).settings.fourEyes || !state.savers.includes(actor.userId) || FOUR_EYES_REFUSAL;
const regulationAllows = (state: PostState, context: unknown): true | string =>
  !contextOf(context).settings.regulated || state.regulationApproved || REGULATION_REQUIRED;
/** All conditions must hold; the first refusal is the reason. */
const all = (...verdicts: (boolean | string)[]): boolean | string => verdicts.find((v) => v !== true) ?? true;
const inUse = (stage: PreStage, context: unknown) => enabledStages(contextOf(context).settings).includes(stage);

export const FOUR_EYES_REFUSAL = 'Four-eyes rule: someone who saved this post may not approve or publish it';
export const REGULATION_REQUIRED = 'A regulation approval is required before publishing';

type Action = string;

/** One row per (action, stage) so each stage's own roles answer 403, and guards carry the rest. */
function rows(): Transition<Status, Action, PostState>[] {
  const table: Transition<Status, Action, PostState>[] = [
    {
      action: 'Create',
      from: [NEW],
      to: 'Writer',
      roles: [...CREATORS, ...EDITORS],
      description: 'A brief or a draft enters the Writer stage',
    },
  ];
  for (const stage of PRE_PUBLICATION) {
    const roles = STAGE_ROLES[stage];
    table.push(
      {
        action: 'Save',
        from: [stage],
        roles,
        description:
          'Needs the current version; a page someone else holds answers 409 and keeps the changes as a draft',
      },
      {
        action: 'Select',
        from: [stage],
        roles,
        guard: (s) => !s.holder,
        description: "Claims the page from the stage's pool",
      },
      {
        action: 'Discard',
        from: [stage],
        roles,
        guard: (s, a) => !!s.holder && (s.holder.userId === a.userId || mayTake(EDITORS, a)),
        description: 'Releases the page back to the pool',
      },
      {
        action: 'TakeOver',
        from: [stage],
        roles,
        guard: (s, a) => !!s.holder && s.holder.userId !== a.userId,
        description: 'Claims the page from its holder',
      },
      {
        action: 'SendTo',
        from: [stage],
        roles: EDITORS,
        description: 'Hands the page to a named person in this stage',
      },
    );
  }
  table.push({
    action: 'Save',
    from: ['Published'],
    roles: STAGE_ROLES.Published,
    description: 'Edits a published post (a slug change adds a redirect rule)',
  });
  // SubmitFor{Stage}: forward to the next stage the website uses.
  for (const target of PRE_PUBLICATION.slice(1)) {
    // From a stage before the target, with no always-used stage (Edit) between them; fact-check
    // stages move forward with ApproveFactCheck only.
    for (const from of PRE_PUBLICATION.filter(
      (s) => stageIndex(s) < stageIndex(target) && !isFactCheck(s) && (s !== 'Writer' || target === 'Edit'),
    )) {
      table.push({
        action: `SubmitFor${STAGE_NAMES[target]}`,
        from: [from],
        to: target,
        roles: STAGE_ROLES[from],
        guard: (s, a, c) => all(submitReaches(s, from, target, c), holderAllows(s, a)),
        description:
          isFactCheck(target) && target !== 'FactCheck'
            ? `Resubmits a post returned by the ${target} level straight to it`
            : `Moves forward to ${target} when every stage between is disabled`,
      });
    }
  }
  // ReturnTo{Stage}: back to an earlier stage the website uses (a note says why).
  for (const target of PRE_PUBLICATION.slice(0, -1)) {
    for (const from of PRE_PUBLICATION.filter((s) => stageIndex(s) > stageIndex(target))) {
      table.push({
        action: `ReturnTo${STAGE_NAMES[target]}`,
        from: [from],
        to: target,
        roles: STAGE_ROLES[from],
        guard: (s, a, c) => all(inUse(target, c), holderAllows(s, a)),
        description: `Back to ${target}, with a note`,
      });
    }
  }
  table.push(
    {
      action: 'ApproveFactCheck',
      from: [...FACT_CHECK_STAGES],
      roles: REVIEWERS,
      guard: (s, a, c) =>
        all(
          holderAllows(s, a),
          fourEyesAllow(s, a, c),
          nextStage(s.status as PreStage, contextOf(c).settings) !== 'Published' || regulationAllows(s, c),
        ),
      description: 'To the next fact-check level, or Published after the last',
    },
    {
      action: 'ApproveRegulation',
      from: PRE_PUBLICATION.filter((s) => s !== 'Writer'),
      roles: REVIEWERS,
      guard: (s, a, c) => all(contextOf(c).settings.regulated, !s.regulationApproved, fourEyesAllow(s, a, c)),
      description: 'Regulated websites: required before Publish; a later content change needs it again',
    },
    {
      action: 'DeclineRegulation',
      from: PRE_PUBLICATION.filter((s) => s !== 'Writer'),
      to: 'Edit',
      roles: REVIEWERS,
      guard: (_s, _a, c) => contextOf(c).settings.regulated,
      description: 'Regulated websites: back to Edit, with a note',
    },
    {
      action: 'Publish',
      from: [...PRE_PUBLICATION.filter((s) => s !== 'Writer'), 'Deleted'],
      to: 'Published',
      roles: EDITORS,
      guard: (s, a, c) =>
        all(
          s.status === 'Deleted' ||
            isLastStage(s.status as PreStage, contextOf(c).settings) ||
            'Publish is allowed from the last stage of the workflow only',
          s.status === 'Deleted' || holderAllows(s, a),
          fourEyesAllow(s, a, c),
          regulationAllows(s, c),
        ),
      description: 'From the last stage the website uses, or again from Deleted (Unpublished)',
    },
    { action: 'Delete', from: ['Published'], to: 'Deleted', roles: EDITORS, description: 'Unpublishes' },
    {
      action: 'DeleteForever',
      from: ['Deleted'],
      to: PURGED,
      roles: ADMINS,
      description: 'Removes the post from every list; its history stays for the audit',
    },
    { action: 'Archive', from: ['Published', 'Deleted'], to: 'Archived', roles: ADMINS },
    {
      action: 'ExportPage',
      from: [...PRE_PUBLICATION, 'Published', 'Deleted', 'Archived'],
      roles: REVIEWERS,
      description: 'Exports the page (HTML and JSON); the export is recorded',
    },
    {
      action: 'KeepDraft',
      from: [...PRE_PUBLICATION, 'Published', 'Deleted', 'Archived'],
      roles: ['system'],
      description: 'Keeps a refused save as a recoverable draft',
    },
  );
  return table;
}

/** SubmitFor{target} from `from`: the next stage in use, or a fact-check level that returned the post. */
function submitReaches(state: PostState, from: PreStage, target: PreStage, context: unknown): boolean {
  const settings = contextOf(context).settings;
  const next = nextStage(from, settings);
  if (next === target) return true;
  // A post returned by a fact-check level goes back to that level, skipping the levels that passed it.
  return (
    isFactCheck(target) &&
    next === 'FactCheck' &&
    state.returnedFrom !== null &&
    isFactCheck(state.returnedFrom) &&
    stageIndex(target) <= stageIndex(state.returnedFrom) &&
    inUse(target, context)
  );
}

function move(
  type:
    | 'PostSubmitted'
    | 'PostReturned'
    | 'PostFactCheckApproved'
    | 'PostRegulationDeclined'
    | 'PostPublished'
    | 'PostUnpublished'
    | 'PostArchived',
  state: PostState,
  action: string,
  to: Status,
  actor: Actor,
  context: unknown,
  note?: string,
): PostEvent {
  const { now } = contextOf(context);
  const returned = type === 'PostReturned' || type === 'PostRegulationDeclined';
  const previous = returned && isPre(to) ? state.lastHolders[to] : undefined;
  return {
    type,
    data: {
      action,
      from: state.status as Status,
      to,
      by: holderOf(actor, now),
      ...(note ? { note } : {}),
      at: now,
      ...(returned ? { holder: previous ? { ...previous, since: now } : null } : {}),
    },
  } as PostEvent;
}

/** What publishing needs (the spec's "{field} is missing!", and a bio for everyone the page credits). */
function ensurePublishable(state: PostState, context: unknown) {
  const errors: Record<string, string> = {};
  if (!state.content.title) errors.title = missing(POST_FIELD_LABELS.title);
  if (!state.content.slug) errors.slug = missing(POST_FIELD_LABELS.slug);
  if (!state.content.richText?.html?.trim()) errors.richText = missing(POST_FIELD_LABELS.richText);
  for (const person of contextOf(context).missingBios ?? []) errors[`${person.field}Bio`] = missingBio(person.label);
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
}

function handlers() {
  const h: Record<
    string,
    (state: PostState, command: { type: string; data: any; actor: Actor; context?: unknown }) => PostEvent[]
  > = {
    Create: (_s, { data, actor, context }) => {
      const { now } = contextOf(context);
      const { organisationId, websiteId, locale, type, assignTo, ...content } = data as PostContent & {
        organisationId: string;
        websiteId: string;
        locale: string;
        type: PostType;
        assignTo?: Holder | null;
      };
      const by = holderOf(actor, now);
      // A creator's own draft is theirs to write; an editor's brief waits in the writers' pool.
      const holder = assignTo
        ? { ...assignTo, since: now }
        : mayTake(CREATORS, actor) && !mayTake(EDITORS, actor)
          ? by
          : null;
      return [
        {
          type: 'PostCreated',
          data: { organisationId, websiteId, locale, type, content, ...measure(content.richText?.html), by, holder },
        },
      ];
    },
    Save: (state, { data, actor, context }) => {
      const { now } = contextOf(context);
      const changes = Object.fromEntries(
        Object.entries(data as PostContent).filter(
          ([k, v]) =>
            v !== undefined && JSON.stringify(v) !== JSON.stringify((state.content as Record<string, unknown>)[k]),
        ),
      ) as PostContent;
      // Holding is holding: whoever else holds the page keeps it, owners and admins included (they
      // take it over first, which the history records, and their save then goes through).
      if (state.holder && state.holder.userId !== actor.userId) throw heldByOther(state, actor);
      if (Object.keys(changes).length === 0) return [];
      if (state.content.optimisation && ['category', 'subCategory', 'dueDate', 'quotaDate'].some((k) => k in changes)) {
        throw new ValidationError(
          OPTIMISATION_LOCKED,
          Object.fromEntries(
            ['category', 'subCategory', 'dueDate', 'quotaDate']
              .filter((k) => k in changes)
              .map((k) => [k, OPTIMISATION_LOCKED]),
          ),
        );
      }
      const by = holderOf(actor, now);
      const events: PostEvent[] = [];
      if (isPre(state.status as string) && !state.holder)
        events.push({ type: 'PostSelected', data: { stage: state.status as PreStage, by } });
      events.push({
        type: 'PostSaved',
        data: { changes, ...('richText' in changes ? measure(changes.richText?.html) : {}), by },
      });
      return events;
    },
    Select: (state, { actor, context }) => [
      { type: 'PostSelected', data: { stage: state.status as PreStage, by: holderOf(actor, contextOf(context).now) } },
    ],
    Discard: (state, { actor, context }) => [
      {
        type: 'PostDiscarded',
        data: { stage: state.status as PreStage, by: holderOf(actor, contextOf(context).now), holder: state.holder! },
      },
    ],
    TakeOver: (state, { actor, context }) => [
      {
        type: 'PostTakenOver',
        data: { stage: state.status as PreStage, by: holderOf(actor, contextOf(context).now), from: state.holder! },
      },
    ],
    SendTo: (state, { data, actor, context }) => {
      const { now } = contextOf(context);
      const to = (data as { to?: Holder }).to;
      if (!to?.userId) throw ValidationError.field('userId', missing(POST_FIELD_LABELS.userId));
      if (state.holder?.userId === to.userId) return [];
      return [
        {
          type: 'PostSentTo',
          data: {
            stage: state.status as PreStage,
            by: holderOf(actor, now),
            to: { userId: to.userId, name: to.name, since: now },
          },
        },
      ];
    },
    ApproveFactCheck: (state, { actor, context }) => {
      const to = nextStage(state.status as PreStage, contextOf(context).settings);
      if (to === 'Published') ensurePublishable(state, context);
      return [move('PostFactCheckApproved', state, 'ApproveFactCheck', to, actor, context)];
    },
    ApproveRegulation: (state, { actor, context }) => {
      const { now } = contextOf(context);
      return [
        { type: 'PostRegulationApproved', data: { stage: state.status as Status, by: holderOf(actor, now), at: now } },
      ];
    },
    DeclineRegulation: (state, { data, actor, context }) => [
      move('PostRegulationDeclined', state, 'DeclineRegulation', 'Edit', actor, context, requireNote(data)),
    ],
    Publish: (state, { data, actor, context }) => {
      ensurePublishable(state, context);
      return [move('PostPublished', state, 'Publish', 'Published', actor, context, optionalNote(data))];
    },
    Delete: (state, { data, actor, context }) => [
      move('PostUnpublished', state, 'Delete', 'Deleted', actor, context, optionalNote(data)),
    ],
    Archive: (state, { data, actor, context }) => [
      move('PostArchived', state, 'Archive', 'Archived', actor, context, optionalNote(data)),
    ],
    DeleteForever: (_state, { actor, context }) => {
      const { now } = contextOf(context);
      return [{ type: 'PostDeletedForever', data: { by: holderOf(actor, now), at: now } }];
    },
    ExportPage: (_state, { data, actor, context }) => {
      const { now } = contextOf(context);
      const format = (data as { format?: unknown })?.format ?? 'html';
      if (format !== 'html' && format !== 'json') throw ValidationError.field('format', 'format must be html or json');
      return [{ type: 'PostExported', data: { format, by: holderOf(actor, now), at: now } }];
    },
    KeepDraft: (_state, { data, context }) => {
      const { now } = contextOf(context);
      const d = data as { by: Holder; changes: PostContent; baseVersion: number | null; reason: string };
      return [
        {
          type: 'PostDraftKept',
          data: { by: d.by, changes: d.changes, baseVersion: d.baseVersion, reason: d.reason, at: now },
        },
      ];
    },
  };
  for (const target of PRE_PUBLICATION.slice(1)) {
    h[`SubmitFor${STAGE_NAMES[target]}`] = (state, { data, actor, context }) => {
      if (state.status === 'Writer') {
        const errors: Record<string, string> = {};
        if (!state.content.outline?.trim()) errors.outline = OUTLINE_REQUIRED;
        if (!state.content.richText?.html?.trim()) errors.richText = missing(POST_FIELD_LABELS.richText);
        const first = Object.values(errors)[0];
        if (first) throw new ValidationError(first, errors);
      }
      return [move('PostSubmitted', state, `SubmitFor${target}`, target, actor, context, optionalNote(data))];
    };
  }
  for (const target of PRE_PUBLICATION.slice(0, -1)) {
    h[`ReturnTo${STAGE_NAMES[target]}`] = (state, { data, actor, context }) => [
      move('PostReturned', state, `ReturnTo${target}`, target, actor, context, requireNote(data)),
    ];
  }
  return h;
}

/** The 409 a save gets when someone else holds the page: who, and since when. */
function heldByOther(state: PostState, actor: Actor): ConflictError {
  const holder = state.holder!;
  const takenFromActor = state.takenOver?.from === actor.userId && state.takenOver.by.userId === holder.userId;
  const message = takenFromActor
    ? `${holder.name} took over this page at ${holder.since}. Your changes were kept as a draft.`
    : `${holder.name} is working on this page since ${holder.since}. Your changes were kept as a draft.`;
  return new ConflictError(message, undefined, { reason: takenFromActor ? 'taken_over' : 'held', holder });
}

const INITIAL: PostState = {
  status: NEW,
  organisationId: null,
  websiteId: null,
  locale: 'en',
  type: null,
  content: { words: 0, links: 0 },
  holder: null,
  lastHolders: {},
  takenOver: null,
  savers: [],
  regulationApproved: false,
  returnedFrom: null,
  publishedAt: null,
  firstPublishedAt: null,
  createdBy: null,
  createdAt: null,
};

function claim(state: PostState, stage: PreStage, holder: Holder | null): PostState {
  return { ...state, holder, lastHolders: holder ? { ...state.lastHolders, [stage]: holder } : state.lastHolders };
}

function evolve(state: PostState, event: PostEvent): PostState {
  switch (event.type) {
    case 'PostCreated': {
      const d = event.data;
      const created: PostState = {
        ...INITIAL,
        status: 'Writer',
        organisationId: d.organisationId,
        websiteId: d.websiteId,
        locale: d.locale,
        type: d.type,
        content: { ...d.content, words: d.words, links: d.links },
        savers: [d.by.userId],
        createdBy: d.by.userId,
        createdAt: d.by.since,
      };
      return claim(created, 'Writer', d.holder);
    }
    case 'PostSaved': {
      const d = event.data;
      const content = {
        ...state.content,
        ...d.changes,
        ...(d.words !== undefined ? { words: d.words, links: d.links ?? 0 } : {}),
      };
      return {
        ...state,
        content,
        savers: state.savers.includes(d.by.userId) ? state.savers : [...state.savers, d.by.userId],
        // A content change after a regulation approval needs a new approval.
        regulationApproved: false,
      };
    }
    case 'PostSelected':
      return claim(state, event.data.stage, event.data.by);
    case 'PostDiscarded':
      return { ...state, holder: null };
    case 'PostTakenOver':
      return {
        ...claim(state, event.data.stage, event.data.by),
        takenOver: { from: event.data.from.userId, by: event.data.by },
      };
    case 'PostSentTo':
      return claim(state, event.data.stage, event.data.to);
    case 'PostSubmitted':
    case 'PostReturned':
    case 'PostFactCheckApproved':
    case 'PostRegulationDeclined':
    case 'PostPublished':
    case 'PostUnpublished':
    case 'PostArchived': {
      const d = event.data;
      const to = d.to;
      // Every move releases the page; a post returned to a stage goes back to whoever held it.
      const returned = event.type === 'PostReturned' || event.type === 'PostRegulationDeclined';
      const holder = returned
        ? d.holder !== undefined
          ? d.holder
          : isPre(to)
            ? (state.lastHolders[to] ?? null)
            : null
        : null;
      const next: PostState = {
        ...state,
        status: to,
        holder: holder ? { ...holder, since: d.at } : null,
        takenOver: null,
        returnedFrom:
          event.type === 'PostReturned'
            ? (d.from as PreStage)
            : event.type === 'PostSubmitted'
              ? null
              : state.returnedFrom,
        regulationApproved: event.type === 'PostRegulationDeclined' ? false : state.regulationApproved,
      };
      if (to === 'Published') return { ...next, publishedAt: d.at, firstPublishedAt: state.firstPublishedAt ?? d.at };
      return next;
    }
    case 'PostRegulationApproved':
      return { ...state, regulationApproved: true };
    case 'PostDeletedForever':
      return { ...state, status: PURGED, holder: null };
    default:
      return state;
  }
}

export const postDecider = defineDecider<Status, Action, PostState, PostEvent>({
  table: { name: 'post', statuses: [...POST_STATUSES, PURGED], transitions: rows() },
  initialState: INITIAL,
  statusOf: (state) => state.status,
  handlers: handlers() as never,
  evolve,
});

/** The post's events: the one list (names and schema versions). */
export const POST_EVENT_TYPES = [
  { type: 'PostCreated', schemaVersion: 1 },
  { type: 'PostSaved', schemaVersion: 1 },
  { type: 'PostSelected', schemaVersion: 1 },
  { type: 'PostDiscarded', schemaVersion: 1 },
  { type: 'PostTakenOver', schemaVersion: 1 },
  { type: 'PostSentTo', schemaVersion: 1 },
  { type: 'PostSubmitted', schemaVersion: 1 },
  { type: 'PostReturned', schemaVersion: 1 },
  { type: 'PostFactCheckApproved', schemaVersion: 1 },
  { type: 'PostRegulationApproved', schemaVersion: 1 },
  { type: 'PostRegulationDeclined', schemaVersion: 1 },
  { type: 'PostPublished', schemaVersion: 1 },
  { type: 'PostUnpublished', schemaVersion: 1 },
  { type: 'PostArchived', schemaVersion: 1 },
  { type: 'PostDeletedForever', schemaVersion: 1 },
  { type: 'PostExported', schemaVersion: 1 },
  { type: 'PostDraftKept', schemaVersion: 1 },
] as const;
export type PostEventType = (typeof POST_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_POST_EVENT_LISTED: [PostEvent['type']] extends [PostEventType]
  ? [PostEventType] extends [PostEvent['type']]
    ? true
    : never
  : never = true;
