// Question and answer rules with their expectations written out; the tables of who may take
// which action from where are in community.deciders.test.ts (typed by hand from DESIGN.md).
import { describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { answerDecider } from '#libs/community/src/domain/answer.decider.js';
import { questionDecider } from '#libs/community/src/domain/question.decider.js';
import type { Actor } from '#libs/platform/src/decider.js';
import { ForbiddenError, InvalidTransitionError, ValidationError } from '#libs/platform/src/errors.js';

const actor = (userId: string, ...roles: string[]): Actor => ({ userId, name: `Name of ${userId}`, roles });

const question = { id: 'q-1', status: 'new', organisationId: 'org-1', websiteId: 'w-1' } as const;
const validData: Record<string, Record<string, unknown>> = {
  question: {
    Create: {
      organisationId: 'org-1',
      websiteId: 'w-1',
      locale: 'en',
      title: 'How?',
      body: '',
      category: null,
      askedBy: null,
    },
    Submit: {},
    Approve: {},
    Decline: { reason: 'Off topic' },
    Publish: {},
    Unpublish: {},
    Update: { title: 'How, exactly?' },
    Delete: {},
    Restore: {},
  },
  answer: {
    Create: { body: 'Like this.', answeredBy: null },
    Update: { body: 'Like that.' },
    Publish: {},
    Delete: {},
  },
};

describe('question rules beyond the table', () => {
  const create = (who: Actor) =>
    questionDecider.fold(
      questionDecider.decide(
        { type: 'Create', data: validData.question.Create, actor: who },
        questionDecider.initialState,
      ),
    );
  const act = (state: unknown, type: string, who: Actor, data: unknown = {}) => {
    const events = questionDecider.decide({ type, data, actor: who }, state as never);
    return events.reduce(questionDecider.evolve, state as never);
  };
  const moderator = actor('u-mod', 'user', 'member', 'cms:reviewer');

  it("a moderator's question is a draft, a creator's waits for the moderators", () => {
    expect(create(actor('u-1', 'user', 'owner'))).toMatchObject({ status: 'draft', moderatorStatus: null });
    for (const role of ['owner', 'admin', 'cms:admin', 'cms:manager', 'cms:editor', 'cms:reviewer'])
      expectWith(create(actor('u-1', 'user', role)).status, role).toBe('draft');
    expect(create(actor('u-1', 'user', 'member', 'cms:creator'))).toMatchObject({
      status: 'pending_review',
      moderatorStatus: 'pending_review',
    });
  });

  it('walks create, submit, approve, publish, unpublish, delete, restore with the moderator status', () => {
    let s = create(moderator);
    s = act(s, 'Submit', moderator);
    expect(s).toMatchObject({ status: 'pending_review', moderatorStatus: 'pending_review' });
    s = act(s, 'Approve', moderator);
    expect(s).toMatchObject({ status: 'new', moderatorStatus: 'approved' });
    s = act(s, 'Publish', moderator);
    expect(s.status).toBe('published');
    s = act(s, 'Unpublish', moderator);
    expect(s.status).toBe('draft');
    s = act(s, 'Delete', moderator);
    expect(s).toMatchObject({ status: 'deleted', moderatorStatus: 'approved' });
    s = act(s, 'Restore', moderator);
    expect(s.status).toBe('draft');
  });

  it('records who published and who decided, by name', () => {
    const s = act(create(moderator), 'Submit', moderator);
    expect(questionDecider.decide({ type: 'Approve', data: {}, actor: moderator }, s)).toEqual([
      { type: 'QuestionApproved', data: { by: { id: 'u-mod', name: 'Name of u-mod' } } },
    ]);
    expect(
      questionDecider.decide({ type: 'Publish', data: {}, actor: moderator }, act(s, 'Approve', moderator)),
    ).toEqual([{ type: 'QuestionPublished', data: { publishedBy: { id: 'u-mod', name: 'Name of u-mod' } } }]);
  });

  it('declining needs a reason ("Reason is missing!", 422), of at most 500 characters, and leads to deleted/declined', () => {
    const waiting = create(actor('u-1', 'user', 'cms:creator'));
    for (const data of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }, undefined]) {
      const run = () => questionDecider.decide({ type: 'Decline', data, actor: moderator }, waiting);
      expect(run).toThrow(ValidationError);
      expect(run).toThrow('Reason is missing!');
    }
    expect(() =>
      questionDecider.decide({ type: 'Decline', data: { reason: 'x'.repeat(501) }, actor: moderator }, waiting),
    ).toThrow('The maximum length is 500 characters');
    const declined = act(waiting, 'Decline', moderator, { reason: '  Spam  ' });
    expect(declined).toMatchObject({ status: 'deleted', moderatorStatus: 'declined' });
    expect(
      questionDecider.decide({ type: 'Decline', data: { reason: '  Spam  ' }, actor: moderator }, waiting)[0].data,
    ).toMatchObject({ reason: 'Spam' });
    // Restored, revised, submitted again: back in the queue.
    const again = act(
      act(act(declined, 'Restore', moderator), 'Update', moderator, { title: 'Better' }),
      'Submit',
      moderator,
    );
    expect(again).toMatchObject({ status: 'pending_review', moderatorStatus: 'pending_review' });
  });

  it('a question withdrawn while waiting leaves the queue undecided', () => {
    const creator = actor('u-1', 'user', 'cms:creator');
    const withdrawn = act(create(creator), 'Delete', creator);
    expect(withdrawn).toMatchObject({ status: 'deleted', moderatorStatus: null });
  });

  it('an update records only what changed, and nothing when nothing did', () => {
    const s = create(moderator);
    expect(questionDecider.decide({ type: 'Update', data: { title: 'How?', body: '' }, actor: moderator }, s)).toEqual(
      [],
    );
    expect(questionDecider.decide({ type: 'Update', data: { title: 'Why?', body: '' }, actor: moderator }, s)).toEqual([
      { type: 'QuestionUpdated', data: { title: 'Why?' } },
    ]);
  });

  it('creators may not moderate', () => {
    const creator = actor('u-1', 'user', 'member', 'cms:creator');
    const waiting = create(creator);
    for (const action of ['Approve', 'Decline', 'Publish', 'Restore']) {
      expect(() =>
        questionDecider.decide({ type: action, data: validData.question[action], actor: creator }, waiting),
      ).toThrow(action === 'Approve' || action === 'Decline' ? ForbiddenError : InvalidTransitionError);
    }
    expect(questionDecider.allowedActions('pending_review', creator, waiting)).toEqual(['Update', 'Delete']);
    expect(
      questionDecider.allowedActions('pending_review', actor('u-2', 'user', 'member', 'cms:creator'), waiting),
    ).toEqual([]);
  });

  it('describes itself for GET /api/workflows/question', () => {
    expect(questionDecider.describe()).toMatchObject({
      name: 'question',
      statuses: ['pending_review', 'new', 'draft', 'published', 'deleted'],
      actions: ['Create', 'Submit', 'Approve', 'Decline', 'Publish', 'Unpublish', 'Update', 'Delete', 'Restore'],
    });
  });
});

describe('answer rules beyond the table', () => {
  const moderator = actor('u-mod', 'user', 'owner');
  const create = (context: unknown) =>
    answerDecider.decide(
      { type: 'Create', data: validData.answer.Create, actor: moderator, context },
      answerDecider.initialState,
    );

  it('belongs to its question: organisation, website and question come from it', () => {
    expect(create({ question })).toEqual([
      {
        type: 'AnswerCreated',
        data: {
          body: 'Like this.',
          answeredBy: null,
          questionId: 'q-1',
          organisationId: 'org-1',
          websiteId: 'w-1',
          createdBy: { id: 'u-mod', name: 'Name of u-mod' },
        },
      },
    ]);
  });

  it('is refused (422) on a deleted question and without a question', () => {
    expect(() => create({ question: { ...question, status: 'deleted' } })).toThrow(
      'Answers cannot be added to a deleted question',
    );
    expect(() => create({ question: { ...question, status: 'deleted' } })).toThrow(InvalidTransitionError);
    expect(() => create(undefined)).toThrow(InvalidTransitionError);
  });

  it('is pending until published; every event names its question (for its counts)', () => {
    let s = answerDecider.fold(create({ question }));
    expect(s.status).toBe('pending');
    const published = answerDecider.decide({ type: 'Publish', data: {}, actor: moderator }, s);
    expect(published[0].data).toMatchObject({ questionId: 'q-1' });
    s = published.reduce(answerDecider.evolve, s);
    expect(s.status).toBe('published');
    expect(answerDecider.decide({ type: 'Delete', data: {}, actor: moderator }, s)).toEqual([
      { type: 'AnswerDeleted', data: { questionId: 'q-1', previousStatus: 'published' } },
    ]);
    expect(answerDecider.decide({ type: 'Update', data: { body: 'New' }, actor: moderator }, s)).toEqual([
      { type: 'AnswerUpdated', data: { body: 'New', questionId: 'q-1' } },
    ]);
  });
});
