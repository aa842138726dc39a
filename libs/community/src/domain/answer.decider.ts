import { NEW, defineDecider, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
import { InvalidTransitionError } from '#libs/platform/src/errors.js';
import { personOf, type Person, type QuestionStatus } from './question.decider.js';
import { CREATORS, MODERATORS } from './roles.js';

/**
 * An answer to a community question (stream `answer-{id}`). Answers are `pending` or
 * `published` (seed 000 section 3); `deleted` removes one from the forum, its history kept.
 *
 * | Action  | From               | To        | Who                                  |
 * |---------|--------------------|-----------|--------------------------------------|
 * | Create  | (new)              | pending   | moderators, creators                 |
 * | Update  | pending, published | (same)    | moderators                           |
 * | Update  | pending            | (same)    | creators (their own)                 |
 * | Publish | pending            | published | moderators                           |
 * | Delete  | pending, published | deleted   | moderators                           |
 * | Delete  | pending            | deleted   | creators (their own: withdraw)       |
 *
 * Creating needs the question (read by the caller, passed as the command's context): an answer
 * belongs to the question's organisation and website, and a deleted question takes no answers.
 * Every event names its question, so the question's answer counts follow from the log alone.
 */

export type AnswerStatus = 'pending' | 'published' | 'deleted';
export type AnswerAction = 'Create' | 'Update' | 'Publish' | 'Delete';

export const ANSWER_STATUSES: readonly AnswerStatus[] = ['pending', 'published', 'deleted'];
/** How the console shows an answer's status (`GET /api/answers/options`). */
export const ANSWER_STATUS_LABELS: Record<AnswerStatus, string> = {
  pending: 'pending',
  published: 'published',
  deleted: 'deleted',
};
export const ANSWER_LIMITS = { body: 20_000, name: 200, email: 320 } as const;
/** Each field's label, as the answer form shows it: the messages name the field by these words ("Answer is missing!"). */
export const ANSWER_FIELD_LABELS = {
  questionId: 'Question',
  body: 'Answer',
  answeredBy: 'Answered by',
  answeredByName: 'Name',
} as const;
export const QUESTION_DELETED = 'Answers cannot be added to a deleted question';

export interface AnsweredBy {
  name: string | null;
  email: string | null;
}

export interface AnswerFields {
  body: string;
  answeredBy: AnsweredBy | null;
}

/** The facts about the question an answer is created on (from its read model). */
export interface AnswerContext {
  question: { id: string; status: QuestionStatus; organisationId: string; websiteId: string };
}

export type AnswerEvent =
  | DomainEvent<
      'AnswerCreated',
      AnswerFields & { questionId: string; organisationId: string; websiteId: string; createdBy: Person }
    >
  | DomainEvent<'AnswerUpdated', Partial<AnswerFields> & { questionId: string }>
  | DomainEvent<'AnswerPublished', { questionId: string; publishedBy: Person }>
  | DomainEvent<'AnswerDeleted', { questionId: string; previousStatus: AnswerStatus }>;

export interface AnswerState {
  status: AnswerStatus | typeof NEW;
  questionId: string | null;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  fields: AnswerFields | null;
}

const ownAnswer = (state: Pick<AnswerState, 'createdBy'>, actor: Actor) =>
  state.createdBy !== null && state.createdBy === actor.userId;

export const answerDecider = defineDecider<AnswerStatus, AnswerAction, AnswerState, AnswerEvent>({
  table: {
    name: 'answer',
    statuses: ANSWER_STATUSES,
    transitions: [
      {
        action: 'Create',
        from: [NEW],
        to: 'pending',
        roles: [...MODERATORS, ...CREATORS],
        description: 'On a question of the organisation that is not deleted',
      },
      { action: 'Update', from: ['pending', 'published'], roles: MODERATORS },
      {
        action: 'Update',
        from: ['pending'],
        roles: CREATORS,
        guard: ownAnswer,
        description: 'Creators edit their own answers until published',
      },
      { action: 'Publish', from: ['pending'], to: 'published', roles: MODERATORS },
      { action: 'Delete', from: ['pending', 'published'], to: 'deleted', roles: MODERATORS },
      {
        action: 'Delete',
        from: ['pending'],
        to: 'deleted',
        roles: CREATORS,
        guard: ownAnswer,
        description: 'Creators withdraw their own answers',
      },
    ],
  },
  initialState: {
    status: NEW,
    questionId: null,
    organisationId: null,
    websiteId: null,
    createdBy: null,
    fields: null,
  } as AnswerState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, command: { data: AnswerFields; actor: Actor; context?: unknown }) => {
      const question = (command.context as AnswerContext | undefined)?.question;
      if (!question) throw new InvalidTransitionError('An answer needs its question');
      if (question.status === 'deleted') throw new InvalidTransitionError(QUESTION_DELETED);
      return [
        {
          type: 'AnswerCreated',
          data: {
            body: command.data.body,
            answeredBy: command.data.answeredBy ?? null,
            questionId: question.id,
            organisationId: question.organisationId,
            websiteId: question.websiteId,
            createdBy: personOf(command.actor),
          },
        },
      ];
    },
    Update: (state, command: { data: Partial<AnswerFields> }) => {
      const changes = Object.fromEntries(
        Object.entries(command.data ?? {}).filter(
          ([key, value]) =>
            value !== undefined && JSON.stringify(value) !== JSON.stringify(state.fields?.[key as keyof AnswerFields]),
        ),
      );
      return Object.keys(changes).length
        ? [{ type: 'AnswerUpdated', data: { ...changes, questionId: state.questionId! } }]
        : [];
    },
    Publish: (state, command) => [
      { type: 'AnswerPublished', data: { questionId: state.questionId!, publishedBy: personOf(command.actor) } },
    ],
    Delete: (state) => [
      { type: 'AnswerDeleted', data: { questionId: state.questionId!, previousStatus: state.status as AnswerStatus } },
    ],
  },
  evolve: (state: AnswerState, event: AnswerEvent): AnswerState => {
    switch (event.type) {
      case 'AnswerCreated': {
        const { questionId, organisationId, websiteId, createdBy, ...fields } = event.data;
        return { status: 'pending', questionId, organisationId, websiteId, createdBy: createdBy.id, fields };
      }
      case 'AnswerUpdated': {
        const { questionId: _q, ...changes } = event.data;
        return { ...state, fields: { ...state.fields!, ...changes } };
      }
      case 'AnswerPublished':
        return { ...state, status: 'published' };
      case 'AnswerDeleted':
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
});
