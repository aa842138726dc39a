// The community question and answer deciders against tables typed by hand from DESIGN.md
// ("State machines decided here": Community question moderator status pending_review ->
// approved | declined; answers pending -> published; "Editor+"; HTTP conventions: 403 the role
// may not, 404 unknown, 422 not allowed in this state or a validation rule) and seed 000
// (section 4: forum statuses pending review, new, draft, published, deleted; section 6: the
// workflow role "moderator"; section 5: "{field} is missing!", maximum lengths).
//
// Nothing here reads the deciders' own transition tables: every expected answer is written out.
//
// The tables are in test/support/community-tables.ts (shared with the end-to-end test).
// Where DESIGN.md and the spec are silent, they record the product's decisions:
// moderators are the organisation's owners and admins and the CMS roles that check content
// (admin, manager, editor, reviewer); creators ask and answer, and what they send waits for a
// moderator; a creator edits or withdraws their own question until it is approved and their
// own answer until it is published; acting on someone else's question or answer is refused
// with 422 (like the article workflow's guards); a declined question is deleted (moderator
// status declined) and can be restored as a draft.
import { describe, expect, it } from '@jest/globals';
import {
  ANSWER_TABLE,
  COMMUNITY_COLUMNS,
  COMMUNITY_OTHERS,
  MODERATORS,
  QUESTION_TABLE,
  ROLES,
  type RoleName,
} from '../support/community-tables.js';
import { NONE, checkTable, type Column } from '../support/decider-table.js';
import { given } from '../support/given.js';
import { answerDecider } from '#libs/community/src/domain/answer.decider.js';
import { questionDecider } from '#libs/community/src/domain/question.decider.js';
import type { Actor, DomainEvent } from '#libs/platform/src/decider.js';

// --- Who acts, column by column (the tables are in test/support/community-tables.ts).
const WENDY = { id: 'u-wendy', name: 'Wendy Writer' };
const CARL = { id: 'u-carl', name: 'Carl Creator' };
const MOD = { id: 'u-mod', name: 'Molly Moderator' };
const creator = (person: { id: string; name: string }): Actor => ({
  userId: person.id,
  name: person.name,
  roles: ROLES.creator,
});
const named = (label: RoleName): Actor => ({
  userId: `u-${label.replace(/\W+/g, '-')}`,
  name: label,
  roles: ROLES[label],
});

/** COMMUNITY_COLUMNS: who acts on a question or answer Wendy (a creator) created. */
const COLUMNS: Column[] = [
  { column: COMMUNITY_COLUMNS[0], actors: MODERATORS.map(named) },
  { column: COMMUNITY_COLUMNS[1], actors: [creator(WENDY)] },
  { column: COMMUNITY_COLUMNS[2], actors: [creator(CARL)] },
  { column: COMMUNITY_COLUMNS[3], actors: COMMUNITY_OTHERS.map(named) },
];

// --- The histories: every status reached by the events that lead there, created by Wendy.
const ASKED = {
  organisationId: 'org-1',
  websiteId: 'w-1',
  locale: 'en',
  title: 'Do you ship to Norway?',
  body: 'And how long does it take?',
  category: 'Shipping',
  askedBy: null,
};
const qCreated = { type: 'QuestionCreated', data: { ...ASKED, createdBy: WENDY, status: 'pending_review' } };
const qApproved = { type: 'QuestionApproved', data: { by: MOD } };
const qDeclined = { type: 'QuestionDeclined', data: { by: MOD, reason: 'Off topic' } };
const qPublished = { type: 'QuestionPublished', data: { publishedBy: MOD } };
const qUnpublished = { type: 'QuestionUnpublished', data: {} };
const qDeleted = { type: 'QuestionDeleted', data: {} };
const qRestored = { type: 'QuestionRestored', data: {} };

const QUESTION_HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  pending_review: [[qCreated], [qCreated, qDeleted, qRestored, { type: 'QuestionSubmitted', data: {} }]],
  new: [[qCreated, qApproved]],
  draft: [
    [qCreated, qApproved, qPublished, qUnpublished],
    [qCreated, qDeleted, qRestored],
  ],
  published: [[qCreated, qApproved, qPublished]],
  deleted: [
    [qCreated, qDeclined],
    [qCreated, qDeleted],
    [qCreated, qApproved, qPublished, qDeleted],
  ],
};

const QUESTION_DATA: Record<string, unknown> = {
  Create: {
    organisationId: 'org-1',
    websiteId: 'w-1',
    locale: 'en',
    title: 'Is it safe?',
    body: '',
    category: null,
    askedBy: null,
  },
  Submit: {},
  Approve: {},
  Decline: { reason: 'Off topic' },
  Publish: {},
  Unpublish: {},
  Update: { title: 'Do you ship to Norway and Sweden?' },
  Delete: {},
  Restore: {},
};

// --- Answers: on question q-1 of org-1 / w-1, written by Wendy.
const QUESTION = { id: 'q-1', status: 'published', organisationId: 'org-1', websiteId: 'w-1' } as const;
const aCreated = {
  type: 'AnswerCreated',
  data: {
    body: 'Yes, in 3 days.',
    answeredBy: null,
    questionId: 'q-1',
    organisationId: 'org-1',
    websiteId: 'w-1',
    createdBy: WENDY,
  },
};
const aPublished = { type: 'AnswerPublished', data: { questionId: 'q-1', publishedBy: MOD } };
const ANSWER_HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  pending: [[aCreated], [aCreated, { type: 'AnswerUpdated', data: { body: 'Yes, in 2 days.', questionId: 'q-1' } }]],
  published: [[aCreated, aPublished]],
  deleted: [
    [aCreated, { type: 'AnswerDeleted', data: { questionId: 'q-1', previousStatus: 'pending' } }],
    [aCreated, aPublished, { type: 'AnswerDeleted', data: { questionId: 'q-1', previousStatus: 'published' } }],
  ],
};
const ANSWER_DATA: Record<string, unknown> = {
  Create: { body: 'Try the other shop.', answeredBy: null },
  Update: { body: 'Yes, in 4 days.' },
  Publish: {},
  Delete: {},
};

describe('the community question table (typed by hand)', () => {
  checkTable({
    decider: questionDecider,
    columns: COLUMNS,
    rows: QUESTION_TABLE,
    histories: QUESTION_HISTORIES,
    data: QUESTION_DATA,
  });

  it('refuses an action the question does not have (422)', () => {
    given(questionDecider, [qCreated])
      .when({ type: 'Explode', data: {}, actor: named('owner') })
      .refused(422, 'Action Explode is not supported for a question');
  });
});

describe('the community answer table (typed by hand)', () => {
  checkTable({
    decider: answerDecider,
    columns: COLUMNS,
    rows: ANSWER_TABLE,
    histories: ANSWER_HISTORIES,
    data: ANSWER_DATA,
    context: () => ({ question: QUESTION }),
  });
});

// --- Given / when / then on events: what each action records.
const editor: Actor = { userId: 'u-eddie', name: 'Eddie Editor', roles: ROLES.editor };
const reviewer: Actor = { userId: 'u-rita', name: 'Rita Reviewer', roles: ROLES.reviewer };
const wendy = creator(WENDY);
const EDDIE = { id: 'u-eddie', name: 'Eddie Editor' };
const RITA = { id: 'u-rita', name: 'Rita Reviewer' };

describe('question events', () => {
  it("Create by a moderator records the question as a draft, by its creator's name, outside the moderators' queue", () => {
    const events = given(questionDecider, [])
      .when({ type: 'Create', data: { ...ASKED, askedBy: { name: 'Nils', email: 'nils@example.com' } }, actor: editor })
      .then([
        {
          type: 'QuestionCreated',
          data: { ...ASKED, askedBy: { name: 'Nils', email: 'nils@example.com' }, createdBy: EDDIE, status: 'draft' },
        },
      ]);
    expect(given(questionDecider, events).state).toMatchObject({
      status: 'draft',
      moderatorStatus: null,
      createdBy: 'u-eddie',
      organisationId: 'org-1',
      websiteId: 'w-1',
    });
  });

  it('Create by a creator records it pending review: moderator status pending_review', () => {
    const events = given(questionDecider, [])
      .when({ type: 'Create', data: ASKED, actor: wendy })
      .then([{ type: 'QuestionCreated', data: { ...ASKED, createdBy: WENDY, status: 'pending_review' } }]);
    expect(given(questionDecider, events).state).toMatchObject({
      status: 'pending_review',
      moderatorStatus: 'pending_review',
      createdBy: 'u-wendy',
    });
  });

  it('Submit records the submission and puts the draft back in the queue', () => {
    const draft = [qCreated, qDeleted, qRestored];
    const events = given(questionDecider, draft)
      .when({ type: 'Submit', data: {}, actor: wendy })
      .then([{ type: 'QuestionSubmitted', data: {} }]);
    expect(given(questionDecider, [...draft, ...events]).state).toMatchObject({
      status: 'pending_review',
      moderatorStatus: 'pending_review',
    });
  });

  it('Approve records who approved: moderator status approved, forum status new', () => {
    const events = given(questionDecider, [qCreated])
      .when({ type: 'Approve', data: {}, actor: reviewer })
      .then([{ type: 'QuestionApproved', data: { by: RITA } }]);
    expect(given(questionDecider, [qCreated, ...events]).state).toMatchObject({
      status: 'new',
      moderatorStatus: 'approved',
    });
  });

  it('Decline records who declined and the reason, trimmed: moderator status declined, forum status deleted', () => {
    const events = given(questionDecider, [qCreated])
      .when({ type: 'Decline', data: { reason: '  We answer billing questions by email  ' }, actor: editor })
      .then([{ type: 'QuestionDeclined', data: { by: EDDIE, reason: 'We answer billing questions by email' } }]);
    expect(given(questionDecider, [qCreated, ...events]).state).toMatchObject({
      status: 'deleted',
      moderatorStatus: 'declined',
    });
    given(questionDecider, [qCreated])
      .when({ type: 'Decline', data: { reason: 'x'.repeat(500) }, actor: editor })
      .then([{ type: 'QuestionDeclined', data: { by: EDDIE, reason: 'x'.repeat(500) } }]);
  });

  it('Decline needs a reason: "Reason is missing!" (422), at most 500 characters', () => {
    for (const data of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }, undefined]) {
      given(questionDecider, [qCreated])
        .when({ type: 'Decline', data, actor: editor })
        .refused(422, 'Reason is missing!');
    }
    given(questionDecider, [qCreated])
      .when({ type: 'Decline', data: { reason: 'x'.repeat(501) }, actor: editor })
      .refused(422, 'The maximum length is 500 characters');
  });

  it('Publish records who published', () => {
    const events = given(questionDecider, [qCreated, qApproved])
      .when({ type: 'Publish', data: {}, actor: editor })
      .then([{ type: 'QuestionPublished', data: { publishedBy: EDDIE } }]);
    expect(given(questionDecider, [qCreated, qApproved, ...events]).state).toMatchObject({
      status: 'published',
      moderatorStatus: 'approved',
    });
  });

  it('Unpublish makes a published question a draft again', () => {
    const history = [qCreated, qApproved, qPublished];
    const events = given(questionDecider, history)
      .when({ type: 'Unpublish', data: {}, actor: editor })
      .then([{ type: 'QuestionUnpublished', data: {} }]);
    expect(given(questionDecider, [...history, ...events]).state).toMatchObject({
      status: 'draft',
      moderatorStatus: 'approved',
    });
  });

  it('Update records only the fields that changed, and nothing when nothing did', () => {
    given(questionDecider, [qCreated])
      .when({
        type: 'Update',
        data: { title: 'Do you ship to Norway?', body: 'Faster, please.', category: 'Shipping' },
        actor: wendy,
      })
      .then([{ type: 'QuestionUpdated', data: { body: 'Faster, please.' } }]);
    given(questionDecider, [qCreated])
      .when({ type: 'Update', data: { title: 'Do you ship to Norway?', locale: 'en' }, actor: editor })
      .then([]);
    const events = given(questionDecider, [qCreated])
      .when({ type: 'Update', data: { locale: 'nb', askedBy: { name: 'Nils', email: null } }, actor: editor })
      .then([{ type: 'QuestionUpdated', data: { locale: 'nb', askedBy: { name: 'Nils', email: null } } }]);
    expect(given(questionDecider, [qCreated, ...events]).state).toMatchObject({
      status: 'pending_review',
      fields: {
        locale: 'nb',
        title: 'Do you ship to Norway?',
        body: 'And how long does it take?',
        category: 'Shipping',
        askedBy: { name: 'Nils', email: null },
      },
    });
  });

  it('Delete records the deletion; a question withdrawn while waiting leaves the queue undecided, a decided one keeps its decision', () => {
    const waiting = given(questionDecider, [qCreated])
      .when({ type: 'Delete', data: {}, actor: wendy })
      .then([{ type: 'QuestionDeleted', data: {} }]);
    expect(given(questionDecider, [qCreated, ...waiting]).state).toMatchObject({
      status: 'deleted',
      moderatorStatus: null,
    });
    const history = [qCreated, qApproved, qPublished];
    const published = given(questionDecider, history)
      .when({ type: 'Delete', data: {}, actor: editor })
      .then([{ type: 'QuestionDeleted', data: {} }]);
    expect(given(questionDecider, [...history, ...published]).state).toMatchObject({
      status: 'deleted',
      moderatorStatus: 'approved',
    });
  });

  it('Restore brings a declined question back as a draft that can be revised and submitted again', () => {
    const declined = [qCreated, qDeclined];
    const events = given(questionDecider, declined)
      .when({ type: 'Restore', data: {}, actor: editor })
      .then([{ type: 'QuestionRestored', data: {} }]);
    const restored = [...declined, ...events];
    expect(given(questionDecider, restored).state).toMatchObject({
      status: 'draft',
      moderatorStatus: 'declined',
      createdBy: 'u-wendy',
    });
    const revised = given(questionDecider, restored)
      .when({ type: 'Update', data: { title: 'Do you ship to Norway? (order 42)' }, actor: wendy })
      .then([{ type: 'QuestionUpdated', data: { title: 'Do you ship to Norway? (order 42)' } }]);
    const again = given(questionDecider, [...restored, ...revised])
      .when({ type: 'Submit', data: {}, actor: wendy })
      .then([{ type: 'QuestionSubmitted', data: {} }]);
    expect(given(questionDecider, [...restored, ...revised, ...again]).state).toMatchObject({
      status: 'pending_review',
      moderatorStatus: 'pending_review',
    });
  });

  it('refusals say why: the role, the state, the question that does not exist', () => {
    given(questionDecider, [qCreated])
      .when({ type: 'Approve', data: {}, actor: wendy })
      .refused(403, 'Your role may not Approve this question');
    given(questionDecider, [qCreated, qApproved])
      .when({ type: 'Approve', data: {}, actor: editor })
      .refused(422, 'Approve is not allowed while the question is new');
    given(questionDecider, [qCreated, qApproved])
      .when({ type: 'Create', data: QUESTION_DATA.Create, actor: wendy })
      .refused(422, 'Create is not allowed while the question is new');
    given(questionDecider, [])
      .when({ type: 'Publish', data: {}, actor: editor })
      .refused(404, 'The question does not exist');
  });
});

describe('answer events', () => {
  it('Create records the answer on its question: organisation, website and question come from the question', () => {
    const events = given(answerDecider, [])
      .when({
        type: 'Create',
        data: { body: 'Yes, in 3 days.', answeredBy: { name: 'Shop staff', email: null } },
        actor: wendy,
        context: { question: QUESTION },
      })
      .then([
        {
          type: 'AnswerCreated',
          data: {
            body: 'Yes, in 3 days.',
            answeredBy: { name: 'Shop staff', email: null },
            questionId: 'q-1',
            organisationId: 'org-1',
            websiteId: 'w-1',
            createdBy: WENDY,
          },
        },
      ]);
    expect(given(answerDecider, events).state).toMatchObject({
      status: 'pending',
      questionId: 'q-1',
      createdBy: 'u-wendy',
    });
    given(answerDecider, [])
      .when({
        type: 'Create',
        data: { body: 'Soon.' },
        actor: editor,
        context: { question: { ...QUESTION, status: 'new' } },
      })
      .then([
        {
          type: 'AnswerCreated',
          data: {
            body: 'Soon.',
            answeredBy: null,
            questionId: 'q-1',
            organisationId: 'org-1',
            websiteId: 'w-1',
            createdBy: EDDIE,
          },
        },
      ]);
  });

  it('Create is refused (422) on a deleted question and without its question', () => {
    given(answerDecider, [])
      .when({
        type: 'Create',
        data: ANSWER_DATA.Create,
        actor: editor,
        context: { question: { ...QUESTION, status: 'deleted' } },
      })
      .refused(422, 'Answers cannot be added to a deleted question');
    given(answerDecider, [])
      .when({ type: 'Create', data: ANSWER_DATA.Create, actor: editor })
      .refused(422, 'An answer needs its question');
  });

  it('Update records the changes with the question; nothing when nothing changed', () => {
    given(answerDecider, [aCreated])
      .when({ type: 'Update', data: { body: 'Yes, in 2 days.' }, actor: wendy })
      .then([{ type: 'AnswerUpdated', data: { body: 'Yes, in 2 days.', questionId: 'q-1' } }]);
    given(answerDecider, [aCreated])
      .when({ type: 'Update', data: { body: 'Yes, in 3 days.', answeredBy: null }, actor: editor })
      .then([]);
    given(answerDecider, [aCreated, aPublished])
      .when({ type: 'Update', data: { answeredBy: { name: 'Staff', email: 'staff@example.com' } }, actor: editor })
      .then([
        {
          type: 'AnswerUpdated',
          data: { answeredBy: { name: 'Staff', email: 'staff@example.com' }, questionId: 'q-1' },
        },
      ]);
  });

  it('Publish records who published, once', () => {
    const events = given(answerDecider, [aCreated])
      .when({ type: 'Publish', data: {}, actor: reviewer })
      .then([{ type: 'AnswerPublished', data: { questionId: 'q-1', publishedBy: RITA } }]);
    expect(given(answerDecider, [aCreated, ...events]).state.status).toBe('published');
    given(answerDecider, [aCreated, ...events])
      .when({ type: 'Publish', data: {}, actor: reviewer })
      .refused(422, 'Publish is not allowed while the answer is published');
  });

  it('Delete records the status it had (for the question counts)', () => {
    given(answerDecider, [aCreated])
      .when({ type: 'Delete', data: {}, actor: wendy })
      .then([{ type: 'AnswerDeleted', data: { questionId: 'q-1', previousStatus: 'pending' } }]);
    const events = given(answerDecider, [aCreated, aPublished])
      .when({ type: 'Delete', data: {}, actor: editor })
      .then([{ type: 'AnswerDeleted', data: { questionId: 'q-1', previousStatus: 'published' } }]);
    expect(given(answerDecider, [aCreated, aPublished, ...events]).state.status).toBe('deleted');
  });

  it('refusals say why', () => {
    given(answerDecider, [aCreated])
      .when({ type: 'Publish', data: {}, actor: wendy })
      .refused(403, 'Your role may not Publish this answer');
    given(answerDecider, [aCreated])
      .when({ type: 'Update', data: { body: 'Mine now' }, actor: creator(CARL) })
      .refused(422);
    given(answerDecider, [])
      .when({ type: 'Delete', data: {}, actor: editor })
      .refused(404, 'The answer does not exist');
  });
});

// --- What each record remembers between commands, and command data at the edges.
describe('question: edges', () => {
  it('a decline without a valid reason names the field: errors { reason }', () => {
    const errorsOf = (data: unknown): unknown => {
      try {
        questionDecider.decide({ type: 'Decline', data, actor: editor }, given(questionDecider, [qCreated]).state);
      } catch (caught) {
        return (caught as { errors?: unknown }).errors;
      }
      return undefined;
    };
    expect(errorsOf({ reason: '  ' })).toEqual({ reason: 'Reason is missing!' });
    expect(errorsOf({ reason: 'x'.repeat(501) })).toEqual({ reason: 'The maximum length is 500 characters' });
  });

  it('Update ignores fields sent as undefined: nothing else sent, nothing recorded', () => {
    given(questionDecider, [qCreated])
      .when({ type: 'Update', data: { title: undefined, body: undefined }, actor: editor })
      .then([]);
  });

  it("an event of a type it does not know (a later release's) leaves the question as it was", () => {
    const g = given(questionDecider, [qCreated, { type: 'QuestionSomethingNew', data: { anything: 1 } }]);
    expect(g.state).toMatchObject({
      status: 'pending_review',
      moderatorStatus: 'pending_review',
      createdBy: 'u-wendy',
      organisationId: 'org-1',
      websiteId: 'w-1',
    });
    g.when({ type: 'Approve', data: {}, actor: reviewer }).then([{ type: 'QuestionApproved', data: { by: RITA } }]);
  });
});

describe('answer: edges', () => {
  const updated = { type: 'AnswerUpdated', data: { body: 'Yes, in 2 days.', questionId: 'q-1' } };

  it('an update is remembered on top of the answer: the same text again records nothing, and who answered is kept', () => {
    given(answerDecider, [aCreated, updated])
      .when({ type: 'Update', data: { body: 'Yes, in 2 days.', answeredBy: null }, actor: wendy })
      .then([]);
    given(answerDecider, [aCreated, updated])
      .when({ type: 'Update', data: { body: 'Yes, in 3 days.' }, actor: wendy })
      .then([{ type: 'AnswerUpdated', data: { body: 'Yes, in 3 days.', questionId: 'q-1' } }]);
    expect(given(answerDecider, [aCreated, updated]).state).toEqual({
      status: 'pending',
      questionId: 'q-1',
      organisationId: 'org-1',
      websiteId: 'w-1',
      createdBy: 'u-wendy',
      fields: { body: 'Yes, in 2 days.', answeredBy: null },
    });
  });

  it('Update ignores fields sent as undefined: nothing else sent, nothing recorded', () => {
    given(answerDecider, [aCreated])
      .when({ type: 'Update', data: { body: undefined, answeredBy: undefined }, actor: editor })
      .then([]);
  });

  it("an event of a type it does not know (a later release's) leaves the answer as it was", () => {
    const g = given(answerDecider, [aCreated, { type: 'AnswerSomethingNew', data: { anything: 1 } }]);
    expect(g.state).toMatchObject({ status: 'pending', questionId: 'q-1', createdBy: 'u-wendy' });
    g.when({ type: 'Publish', data: {}, actor: reviewer }).then([
      { type: 'AnswerPublished', data: { questionId: 'q-1', publishedBy: RITA } },
    ]);
  });
});
