import { describe, expect, it } from 'vitest';
import { QUESTION_DELETED, answerDecider } from '#libs/community/src/domain/answer.decider.js';
import { questionDecider } from '#libs/community/src/domain/question.decider.js';
import { CREATORS, MODERATORS } from '#libs/community/src/domain/roles.js';
import { NEW, mayTake, type Actor, type Decider } from '#libs/platform/src/decider.js';
import { ForbiddenError, InvalidTransitionError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';

/** Every role the policy's rolesFor can give, and a few it gives that count for nothing here. */
const ALL_ROLES = [
  'user', 'platform_admin', 'owner', 'admin', 'member',
  'cms:admin', 'cms:analyst', 'cms:editor', 'cms:creator', 'cms:manager', 'cms:reviewer', 'cms:none',
  'cro:admin', 'system',
];
const AUTHOR = 'u-author';
const OTHER = 'u-other';
const actor = (userId: string, ...roles: string[]): Actor => ({ userId, name: `Name of ${userId}`, roles });

const question = { id: 'q-1', status: 'new', organisationId: 'org-1', websiteId: 'w-1' } as const;
const validData: Record<string, Record<string, unknown>> = {
  question: {
    Create: { organisationId: 'org-1', websiteId: 'w-1', locale: 'en', title: 'How?', body: '', category: null, askedBy: null },
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
const contextOf: Record<string, unknown> = { question: undefined, answer: { question } };

/**
 * A state in each status, reached through the decider's own events, created by `AUTHOR` (a
 * creator for statuses a creator's question starts in, a moderator otherwise).
 */
function statesOf(decider: Decider<any, any, any, any>): Map<string, unknown> {
  const name = decider.table.name;
  const states = new Map<string, unknown>([[NEW, decider.initialState]]);
  const moderator = actor(AUTHOR, 'owner');
  const creator = actor(AUTHOR, 'cms:creator');
  for (let round = 0; round < 4; round++) {
    for (const [status, state] of [...states]) {
      for (const t of decider.table.transitions) {
        if (!t.from.includes(status as never)) continue;
        const who = (t.roles as string[]).includes('owner') ? moderator : creator;
        const events = decider.decide({ type: t.action, data: validData[name][t.action], actor: who, context: contextOf[name] }, state);
        const next = events.reduce(decider.evolve, state);
        const nextStatus = decider.statusOf(next);
        if (!states.has(nextStatus)) states.set(nextStatus, next);
      }
    }
  }
  return states;
}

describe.each([questionDecider, answerDecider] as Decider<any, any, any, any>[])('the community $table.name transition table', (decider) => {
  const states = statesOf(decider);
  const name = decider.table.name;

  it('reaches every status it declares', () => {
    for (const status of decider.table.statuses) expect(states.has(status), `${status} reachable`).toBe(true);
  });

  const actions = decider.describe().actions;
  for (const action of actions) {
    const transitions = decider.table.transitions.filter((t) => t.action === action);
    const froms = [...new Set(transitions.flatMap((t) => t.from as string[]))];
    for (const from of froms) {
      for (const role of ALL_ROLES) {
        for (const userId of [AUTHOR, OTHER]) {
          const who = actor(userId, 'user', role);
          // Allowed when a transition from here lists the role and its guard (own record) holds.
          const byRole = transitions.filter((t) => (t.from as string[]).includes(from) && mayTake(t.roles, who));
          const allowed = byRole.some((t) => !t.guard || t.guard(states.get(from), who, contextOf[name]));
          const expected = allowed ? 'allowed' : byRole.length ? 'refused with 422 (not their own)' : 'refused with 403';
          it(`${action} from ${from} by ${role} (${userId === AUTHOR ? 'author' : 'someone else'}): ${expected}`, () => {
            const state = states.get(from);
            const run = () => decider.decide({ type: action, data: validData[name][action], actor: who, context: contextOf[name] }, state);
            if (!allowed) {
              expect(run).toThrow(byRole.length ? InvalidTransitionError : ForbiddenError);
              expect(decider.allowedActions(from as never, who, state, contextOf[name])).not.toContain(action);
              return;
            }
            const events = run();
            expect(events.length).toBeGreaterThan(0);
            const next = events.reduce(decider.evolve, state);
            const to = byRole.find((t) => t.to)?.to;
            if (to) expect(decider.statusOf(next)).toBe(to);
            expect(decider.allowedActions(from as never, who, state, contextOf[name])).toContain(action);
          });
        }
      }
    }
  }

  it('refuses every action from a status its table does not list (422, or 404 before creation)', () => {
    const god = actor(AUTHOR, ...ALL_ROLES);
    let refusals = 0;
    for (const [status, state] of states) {
      for (const action of actions) {
        const permitted = decider.table.transitions.some((t) => t.action === action && t.from.includes(status as never));
        if (permitted) continue;
        refusals++;
        const run = () => decider.decide({ type: action, data: validData[name][action], actor: god, context: contextOf[name] }, state);
        expect(run).toThrow(status === NEW ? NotFoundError : InvalidTransitionError);
      }
    }
    expect(refusals).toBeGreaterThan(5);
  });

  it('refuses an unknown action with 422', () => {
    expect(() => decider.decide({ type: 'Explode', data: {}, actor: actor(AUTHOR, ...ALL_ROLES) }, decider.initialState)).toThrow(InvalidTransitionError);
  });
});

describe('question rules beyond the table', () => {
  const create = (who: Actor) =>
    questionDecider.fold(questionDecider.decide({ type: 'Create', data: validData.question.Create, actor: who }, questionDecider.initialState));
  const act = (state: unknown, type: string, who: Actor, data: unknown = {}) => {
    const events = questionDecider.decide({ type, data, actor: who }, state as never);
    return events.reduce(questionDecider.evolve, state as never);
  };
  const moderator = actor('u-mod', 'user', 'member', 'cms:reviewer');

  it("a moderator's question is a draft, a creator's waits for the moderators", () => {
    expect(create(actor('u-1', 'user', 'owner'))).toMatchObject({ status: 'draft', moderatorStatus: null });
    for (const role of MODERATORS) expect(create(actor('u-1', 'user', role)).status, role).toBe('draft');
    for (const role of CREATORS) expect(create(actor('u-1', 'user', role))).toMatchObject({ status: 'pending_review', moderatorStatus: 'pending_review' });
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
    expect(questionDecider.decide({ type: 'Publish', data: {}, actor: moderator }, act(s, 'Approve', moderator))).toEqual([
      { type: 'QuestionPublished', data: { publishedBy: { id: 'u-mod', name: 'Name of u-mod' } } },
    ]);
  });

  it('declining needs a reason ("reason is missing!", 422), of at most 500 characters, and leads to deleted/declined', () => {
    const waiting = create(actor('u-1', 'user', 'cms:creator'));
    for (const data of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }, undefined]) {
      const run = () => questionDecider.decide({ type: 'Decline', data, actor: moderator }, waiting);
      expect(run).toThrow(ValidationError);
      expect(run).toThrow('reason is missing!');
    }
    expect(() => questionDecider.decide({ type: 'Decline', data: { reason: 'x'.repeat(501) }, actor: moderator }, waiting)).toThrow(
      'The maximum length is 500 characters',
    );
    const declined = act(waiting, 'Decline', moderator, { reason: '  Spam  ' });
    expect(declined).toMatchObject({ status: 'deleted', moderatorStatus: 'declined' });
    expect(questionDecider.decide({ type: 'Decline', data: { reason: '  Spam  ' }, actor: moderator }, waiting)[0].data).toMatchObject({ reason: 'Spam' });
    // Restored, revised, submitted again: back in the queue.
    const again = act(act(act(declined, 'Restore', moderator), 'Update', moderator, { title: 'Better' }), 'Submit', moderator);
    expect(again).toMatchObject({ status: 'pending_review', moderatorStatus: 'pending_review' });
  });

  it('a question withdrawn while waiting leaves the queue undecided', () => {
    const creator = actor('u-1', 'user', 'cms:creator');
    const withdrawn = act(create(creator), 'Delete', creator);
    expect(withdrawn).toMatchObject({ status: 'deleted', moderatorStatus: null });
  });

  it('an update records only what changed, and nothing when nothing did', () => {
    const s = create(moderator);
    expect(questionDecider.decide({ type: 'Update', data: { title: 'How?', body: '' }, actor: moderator }, s)).toEqual([]);
    expect(questionDecider.decide({ type: 'Update', data: { title: 'Why?', body: '' }, actor: moderator }, s)).toEqual([
      { type: 'QuestionUpdated', data: { title: 'Why?' } },
    ]);
  });

  it('creators may not moderate', () => {
    const creator = actor('u-1', 'user', 'member', 'cms:creator');
    const waiting = create(creator);
    for (const action of ['Approve', 'Decline', 'Publish', 'Restore']) {
      expect(() => questionDecider.decide({ type: action, data: validData.question[action], actor: creator }, waiting)).toThrow(
        action === 'Approve' || action === 'Decline' ? ForbiddenError : InvalidTransitionError,
      );
    }
    expect(questionDecider.allowedActions('pending_review', creator, waiting)).toEqual(['Update', 'Delete']);
    expect(questionDecider.allowedActions('pending_review', actor('u-2', 'user', 'member', 'cms:creator'), waiting)).toEqual([]);
  });

  it('is the table of the design (who may take what from where), written out', () => {
    const M = [...MODERATORS].sort().join(',');
    const C = 'cms:creator';
    const rows = questionDecider.describe().transitions.map((t) => `${t.action} ${t.from.join('|')} -> ${t.to ?? '='} by ${[...t.roles].sort().join(',')}`);
    expect(M).toBe('admin,cms:admin,cms:editor,cms:manager,cms:reviewer,owner');
    expect(rows).toEqual([
      `Create new -> draft by ${M}`,
      `Create new -> pending_review by ${C}`,
      `Submit draft -> pending_review by ${M}`,
      `Submit draft -> pending_review by ${C}`,
      `Approve pending_review -> new by ${M}`,
      `Decline pending_review -> deleted by ${M}`,
      `Publish new|draft -> published by ${M}`,
      `Unpublish published -> draft by ${M}`,
      `Update pending_review|new|draft|published -> = by ${M}`,
      `Update pending_review|draft -> = by ${C}`,
      `Delete pending_review|new|draft|published -> deleted by ${M}`,
      `Delete pending_review|draft -> deleted by ${C}`,
      `Restore deleted -> draft by ${M}`,
    ]);
    const answers = answerDecider.describe().transitions.map((t) => `${t.action} ${t.from.join('|')} -> ${t.to ?? '='} by ${[...t.roles].sort().join(',')}`);
    expect(answers).toEqual([
      `Create new -> pending by ${[...MODERATORS, C].sort().join(',')}`,
      `Update pending|published -> = by ${M}`,
      `Update pending -> = by ${C}`,
      `Publish pending -> published by ${M}`,
      `Delete pending|published -> deleted by ${M}`,
      `Delete pending -> deleted by ${C}`,
    ]);
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
  const create = (context: unknown) => answerDecider.decide({ type: 'Create', data: validData.answer.Create, actor: moderator, context }, answerDecider.initialState);

  it('belongs to its question: organisation, website and question come from it', () => {
    expect(create({ question })).toEqual([
      {
        type: 'AnswerCreated',
        data: { body: 'Like this.', answeredBy: null, questionId: 'q-1', organisationId: 'org-1', websiteId: 'w-1', createdBy: { id: 'u-mod', name: 'Name of u-mod' } },
      },
    ]);
  });

  it('is refused (422) on a deleted question and without a question', () => {
    expect(() => create({ question: { ...question, status: 'deleted' } })).toThrow(QUESTION_DELETED);
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
