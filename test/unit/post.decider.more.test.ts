import { describe, expect, it } from '@jest/globals';
import { postDecider } from '#libs/posts/src/domain/post.decider.js';
import { enabledStages } from '#libs/posts/src/domain/stages.js';
import type { Actor, DomainEvent } from '#libs/platform/src/decider.js';
import { given, statusOf } from '../support/given.js';
import {
  AUTHOR,
  LATER,
  NOW,
  REGULATION_REQUIRED,
  T0,
  actor,
  command,
  context,
  holder,
  otherWriter,
  type Holder,
} from '../support/post-commands.js';
import { ALL_ON, MINIMAL, PEOPLE, REGULATED, type Person, type Settings, type Status } from '../support/post-tables.js';

/**
 * More given/when/then tests of the article workflow decider (post.decider.test.ts has the table
 * and the main rules): the details each rule has, found by mutation testing. The expected events,
 * messages and field errors are written out here by hand.
 */

/** When a decision without a context happened (the decider's default clock: the epoch). */
const EPOCH = '1970-01-01T00:00:00.000Z';

const OPTIMISATION_LOCKED = 'Posts under optimisation cannot change vertical or dates';
const TOO_LONG = 'The maximum length is 5000 characters';

/** No second edit, no review, four fact-check levels, regulated: Edit goes straight to FactCheck. */
const STRAIGHT_TO_CHECKS: Settings = {
  secondEdit: false,
  customerReview: false,
  factCheckLevels: 4,
  regulated: true,
  fourEyes: true,
};
const REGULATED_MINIMAL: Settings = { ...MINIMAL.settings, regulated: true };

const BODY = '<p>Plants need <a href="https://example.org">light</a> and water.</p>';
const CONTENT = {
  title: 'How to grow basil',
  slug: 'how-to-grow-basil',
  outline: '1. Light\n2. Water',
  richText: { json: null, html: BODY },
};

function created(
  by: Holder = AUTHOR,
  held: Holder | null = null,
  content: Record<string, unknown> = CONTENT,
  measures = { words: 5, links: 1 },
): DomainEvent {
  return {
    type: 'PostCreated',
    data: {
      organisationId: 'org-1',
      websiteId: 'site-1',
      locale: 'en',
      type: 'blog',
      content,
      ...measures,
      by,
      holder: held,
    },
  };
}
function moved(
  type: string,
  action: string,
  from: Status,
  to: Status,
  by: Holder = AUTHOR,
  extra: Record<string, unknown> = {},
): DomainEvent {
  return { type, data: { action, from, to, by, at: by.since, ...extra } };
}
const submitted = (from: Status, to: Status, by: Holder = AUTHOR) =>
  moved('PostSubmitted', `SubmitFor${to}`, from, to, by);
const returned = (from: Status, to: Status, held: Holder | null = null, by: Holder = AUTHOR) =>
  moved('PostReturned', `ReturnTo${to}`, from, to, by, { note: 'Rework', holder: held });
const declined = (from: Status, held: Holder | null = null, by: Holder = AUTHOR) =>
  moved('PostRegulationDeclined', 'DeclineRegulation', from, 'Edit', by, { note: 'Needs a source', holder: held });
const approvedFactCheck = (from: Status, to: Status) => moved('PostFactCheckApproved', 'ApproveFactCheck', from, to);
const selected = (stage: Status, by: Holder): DomainEvent => ({ type: 'PostSelected', data: { stage, by } });
const regulationApproved = (stage: Status): DomainEvent => ({
  type: 'PostRegulationApproved',
  data: { stage, by: holder('checker', T0), at: T0 },
});

/** The error a decision throws (fails the test when it throws none). */
function errorOf(run: () => unknown): {
  status: number | undefined;
  message: string;
  errors?: unknown;
  details?: unknown;
} {
  try {
    run();
  } catch (error) {
    const e = error as Error & { errors?: unknown; details?: unknown };
    return { status: statusOf(error), message: e.message, errors: e.errors, details: e.details };
  }
  throw new Error('the decision was not refused');
}
const refusal = (history: DomainEvent[], cmd: ReturnType<typeof command>) =>
  errorOf(() => postDecider.decide(cmd, postDecider.fold(history as never[])));

const inEdit = [created(), submitted('Writer', 'Edit')];
const published = (by: Holder = holder('editor', T0)) => moved('PostPublished', 'Publish', 'Edit', 'Published', by);

describe('a decision without a context uses the default workflow and the epoch as its time', () => {
  it('Publish from Edit (the default workflow has no optional stage) with no context', () => {
    given(postDecider, inEdit)
      .when({ type: 'Publish', data: {}, actor: actor('editor') })
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'Edit', to: 'Published', by: holder('editor', EPOCH), at: EPOCH },
        },
      ]);
  });

  it('Select with no context', () => {
    given(postDecider, inEdit)
      .when({ type: 'Select', data: {}, actor: actor('editor') })
      .then([{ type: 'PostSelected', data: { stage: 'Edit', by: holder('editor', EPOCH) } }]);
  });
});

describe('Create: who holds the new post', () => {
  it('an organisation admin who is also a CMS creator writes a brief for the pool, like an editor', () => {
    const adminCreator: Actor = {
      userId: 'u-ada',
      name: 'Ada Admin',
      roles: ['user', 'admin', 'cms:creator', 'cro:none'],
    };
    given(postDecider, [])
      .when(
        command('Create', adminCreator, {
          organisationId: 'org-1',
          websiteId: 'site-1',
          locale: 'en',
          type: 'blog',
          title: 'Thyme',
        }),
      )
      .then([
        {
          type: 'PostCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'site-1',
            locale: 'en',
            type: 'blog',
            content: { title: 'Thyme' },
            words: 0,
            links: 0,
            by: { userId: 'u-ada', name: 'Ada Admin', since: NOW },
            holder: null,
          },
        },
      ]);
  });
});

describe('Save: details', () => {
  const heldByWriter = [created(holder('writer', T0), holder('writer', T0))];

  it('clearing the body records no words and no links', () => {
    given(postDecider, heldByWriter)
      .when(command('Save', 'writer', { richText: null }))
      .then([{ type: 'PostSaved', data: { changes: { richText: null }, words: 0, links: 0, by: holder('writer') } }]);
  });

  it('under optimisation, sub-category and quota date are locked too, and every locked field changed is named', () => {
    const optimised = [
      created(AUTHOR, null, {
        ...CONTENT,
        optimisation: true,
        category: 'Health',
        subCategory: 'Herbs',
        dueDate: '2026-12-01',
        quotaDate: '2026-12-15',
      }),
      submitted('Writer', 'Edit'),
      published(),
    ];
    expect(refusal(optimised, command('Save', 'manager', { subCategory: 'Spices' }))).toEqual({
      status: 422,
      message: OPTIMISATION_LOCKED,
      errors: { subCategory: OPTIMISATION_LOCKED },
      details: undefined,
    });
    expect(refusal(optimised, command('Save', 'manager', { quotaDate: '2027-01-15' }))).toEqual({
      status: 422,
      message: OPTIMISATION_LOCKED,
      errors: { quotaDate: OPTIMISATION_LOCKED },
      details: undefined,
    });
    expect(
      refusal(
        optimised,
        command('Save', 'manager', { category: 'Finance', dueDate: '2027-01-01', title: 'New title' }),
      ),
    ).toEqual({
      status: 422,
      message: OPTIMISATION_LOCKED,
      errors: { category: OPTIMISATION_LOCKED, dueDate: OPTIMISATION_LOCKED },
      details: undefined,
    });
    // The same values again are no change.
    given(postDecider, optimised)
      .when(command('Save', 'manager', { category: 'Health', quotaDate: '2026-12-15', title: 'New title' }))
      .then([{ type: 'PostSaved', data: { changes: { title: 'New title' }, by: holder('manager') } }]);
  });

  it('the 409 carries why (held or taken over) and who holds the page', () => {
    const takenOver = [
      ...heldByWriter,
      { type: 'PostTakenOver', data: { stage: 'Writer', by: holder('editor', LATER), from: holder('writer', T0) } },
    ];
    expect(refusal(takenOver, command('Save', 'writer', { title: 'Mine' }))).toEqual({
      status: 409,
      message: `Eddie Editor took over this page at ${LATER}. Your changes were kept as a draft.`,
      errors: undefined,
      details: { reason: 'taken_over', holder: holder('editor', LATER) },
    });
    expect(refusal(takenOver, command('Save', otherWriter, { title: 'Mine' }))).toEqual({
      status: 409,
      message: `Eddie Editor is working on this page since ${LATER}. Your changes were kept as a draft.`,
      errors: undefined,
      details: { reason: 'held', holder: holder('editor', LATER) },
    });
  });

  it('after a take-over, once the page is sent on to someone else, the previous holder is told who works on it now', () => {
    const sentOn = [
      ...heldByWriter,
      { type: 'PostTakenOver', data: { stage: 'Writer', by: holder('editor', T0), from: holder('writer', T0) } },
      { type: 'PostSentTo', data: { stage: 'Writer', by: holder('editor', T0), to: holder('manager', LATER) } },
    ];
    expect(refusal(sentOn, command('Save', 'writer', { title: 'Mine' }))).toEqual({
      status: 409,
      message: `Mona Manager is working on this page since ${LATER}. Your changes were kept as a draft.`,
      errors: undefined,
      details: { reason: 'held', holder: holder('manager', LATER) },
    });
  });
});

describe('SendTo, Discard and what the page looks like afterwards', () => {
  const heldByEditor = [...inEdit, selected('Edit', holder('editor', T0))];

  it('SendTo without a person names the missing field', () => {
    expect(refusal(inEdit, command('SendTo', 'manager', {}))).toEqual({
      status: 422,
      message: 'Member is missing!',
      errors: { userId: 'Member is missing!' },
      details: undefined,
    });
  });

  it('after a Discard the page is in the pool again: anyone of the stage selects it', () => {
    const discarded = [
      ...heldByEditor,
      { type: 'PostDiscarded', data: { stage: 'Edit', by: holder('editor', T0), holder: holder('editor', T0) } },
    ];
    expect(postDecider.fold(discarded as never[]).holder).toBeNull();
    given(postDecider, discarded)
      .when(command('Select', 'secondEditor'))
      .then([{ type: 'PostSelected', data: { stage: 'Edit', by: holder('secondEditor') } }]);
  });

  it("after a SendTo the page is the recipient's: nobody selects it, another person's save gets 409 naming them", () => {
    const sent = [
      ...inEdit,
      { type: 'PostSentTo', data: { stage: 'Edit', by: holder('manager', T0), to: holder('secondEditor', T0) } },
    ];
    expect(postDecider.fold(sent as never[]).holder).toEqual(holder('secondEditor', T0));
    given(postDecider, sent).when(command('Select', 'editor')).refused(422);
    given(postDecider, sent)
      .when(command('Save', 'editor', { title: 'Mine' }))
      .refused(409, `Sid Second is working on this page since ${T0}. Your changes were kept as a draft.`);
    given(postDecider, sent)
      .when(command('Save', 'secondEditor', { title: 'Sent to me' }))
      .then([{ type: 'PostSaved', data: { changes: { title: 'Sent to me' }, by: holder('secondEditor') } }]);
  });
});

describe('notes', () => {
  const writerHeld = [
    created(holder('writer', T0), holder('writer', T0)),
    submitted('Writer', 'Edit', holder('writer', T0)),
  ];

  it('a return without data, or with a blank or too long note, is refused naming the note field', () => {
    expect(refusal(writerHeld, { ...command('ReturnToWriter', 'editor'), data: undefined })).toEqual({
      status: 422,
      message: 'Note is missing!',
      errors: { note: 'Note is missing!' },
      details: undefined,
    });
    expect(refusal(writerHeld, command('ReturnToWriter', 'editor', { note: 7 }))).toEqual({
      status: 422,
      message: 'Note is missing!',
      errors: { note: 'Note is missing!' },
      details: undefined,
    });
    expect(refusal(writerHeld, command('ReturnToWriter', 'editor', { note: 'x'.repeat(5001) }))).toEqual({
      status: 422,
      message: TOO_LONG,
      errors: { note: TOO_LONG },
      details: undefined,
    });
  });

  it('a return note of 5000 characters is accepted; a note is recorded without its surrounding spaces', () => {
    const long = 'y'.repeat(5000);
    given(postDecider, writerHeld)
      .when(command('ReturnToWriter', 'editor', { note: long }))
      .then([
        {
          type: 'PostReturned',
          data: {
            action: 'ReturnToWriter',
            from: 'Edit',
            to: 'Writer',
            by: holder('editor'),
            note: long,
            at: NOW,
            holder: holder('writer'),
          },
        },
      ]);
    given(postDecider, writerHeld)
      .when(command('ReturnToWriter', 'editor', { note: '  Add sources \n' }))
      .then([
        {
          type: 'PostReturned',
          data: {
            action: 'ReturnToWriter',
            from: 'Edit',
            to: 'Writer',
            by: holder('editor'),
            note: 'Add sources',
            at: NOW,
            holder: holder('writer'),
          },
        },
      ]);
  });

  it('an optional note may be absent, null or empty (nothing is recorded)', () => {
    const publishedWithout = [
      {
        type: 'PostPublished',
        data: { action: 'Publish', from: 'Edit', to: 'Published', by: holder('manager'), at: NOW },
      },
    ];
    given(postDecider, inEdit)
      .when({ ...command('Publish', 'manager'), data: undefined })
      .then(publishedWithout);
    given(postDecider, inEdit)
      .when(command('Publish', 'manager', { note: null }))
      .then(publishedWithout);
    given(postDecider, inEdit)
      .when(command('Publish', 'manager', { note: '' }))
      .then(publishedWithout);
    given(postDecider, inEdit)
      .when(command('Publish', 'manager', { note: '   ' }))
      .then(publishedWithout);
  });

  it('an optional note is text of at most 5000 characters, recorded without its surrounding spaces', () => {
    expect(refusal(inEdit, command('Publish', 'manager', { note: 42 }))).toEqual({
      status: 422,
      message: 'Note must be text',
      errors: { note: 'Note must be text' },
      details: undefined,
    });
    expect(refusal(inEdit, command('Publish', 'manager', { note: ['Go'] }))).toEqual({
      status: 422,
      message: 'Note must be text',
      errors: { note: 'Note must be text' },
      details: undefined,
    });
    expect(refusal(inEdit, command('Publish', 'manager', { note: 'z'.repeat(5001) }))).toEqual({
      status: 422,
      message: TOO_LONG,
      errors: { note: TOO_LONG },
      details: undefined,
    });
    const long = 'z'.repeat(5000);
    given(postDecider, inEdit)
      .when(command('Publish', 'manager', { note: long }))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'Edit', to: 'Published', by: holder('manager'), note: long, at: NOW },
        },
      ]);
    given(postDecider, inEdit)
      .when(command('Publish', 'manager', { note: '  Go live  ' }))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'Edit', to: 'Published', by: holder('manager'), note: 'Go live', at: NOW },
        },
      ]);
  });
});

describe('what publishing needs', () => {
  const inEditWith = (content: Record<string, unknown>) => [
    created(AUTHOR, null, content, { words: 0, links: 0 }),
    submitted('Writer', 'Edit'),
  ];

  it('each missing field is named with the spec wording "{field} is missing!"', () => {
    expect(
      refusal(inEditWith({ slug: 'basil', richText: { json: null, html: BODY } }), command('Publish', 'owner')),
    ).toEqual({
      status: 422,
      message: 'Title is missing!',
      errors: { title: 'Title is missing!' },
      details: undefined,
    });
    expect(refusal(inEditWith({ title: 'Basil', slug: 'basil' }), command('Publish', 'owner'))).toEqual({
      status: 422,
      message: 'Body is missing!',
      errors: { richText: 'Body is missing!' },
      details: undefined,
    });
    expect(refusal(inEditWith({}), command('Publish', 'owner'))).toEqual({
      status: 422,
      message: 'Title is missing!',
      errors: { title: 'Title is missing!', slug: 'Slug is missing!', richText: 'Body is missing!' },
      details: undefined,
    });
  });

  it('a body with no HTML, or only blanks, is no body', () => {
    for (const richText of [{ json: { type: 'doc' } }, { json: null, html: '  \n ' }, null]) {
      expect(refusal(inEditWith({ title: 'Basil', slug: 'basil', richText }), command('Publish', 'owner'))).toEqual({
        status: 422,
        message: 'Body is missing!',
        errors: { richText: 'Body is missing!' },
        details: undefined,
      });
    }
  });

  it('Publish from a stage before the last says why', () => {
    given(postDecider, inEdit)
      .when(command('Publish', 'owner', {}, ALL_ON.settings))
      .refused(422, 'Publish is allowed from the last stage of the workflow only');
  });

  it('Publish of a page someone else holds: 422 naming them; the holder publishes', () => {
    const heldByEditor = [...inEdit, selected('Edit', holder('editor', T0))];
    given(postDecider, heldByEditor)
      .when(command('Publish', 'secondEditor'))
      .refused(422, 'Eddie Editor is working on this page; take it over first');
    given(postDecider, heldByEditor)
      .when(command('Publish', 'editor'))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'Edit', to: 'Published', by: holder('editor'), at: NOW },
        },
      ]);
  });

  it('a fact-check approval that does not publish needs neither the fields nor the bios', () => {
    const bare = [
      created(AUTHOR, null, { title: 'Only a title' }, { words: 0, links: 0 }),
      submitted('Review', 'FactCheck'),
    ];
    const state = postDecider.fold(bare as never[]);
    const events = postDecider.decide(
      {
        type: 'ApproveFactCheck',
        data: {},
        actor: actor('checker'),
        context: context(ALL_ON.settings, NOW, [{ field: 'writer', label: 'Writer' }]),
      },
      state,
    );
    expect(events).toEqual([
      {
        type: 'PostFactCheckApproved',
        data: { action: 'ApproveFactCheck', from: 'FactCheck', to: 'SecondFactCheck', by: holder('checker'), at: NOW },
      },
    ]);
  });
});

describe("SubmitFor: the writer's checks and the straight way back to a fact-check level", () => {
  it("the writer's outline and body must be more than blanks", () => {
    const writing = (content: Record<string, unknown>) => [created(AUTHOR, null, content, { words: 0, links: 0 })];
    expect(
      refusal(writing({ outline: '   ', richText: { json: null, html: BODY } }), command('SubmitForEdit', 'writer')),
    ).toEqual({
      status: 422,
      message: 'Outline field is required',
      errors: { outline: 'Outline field is required' },
      details: undefined,
    });
    expect(
      refusal(
        writing({ outline: '1. Light', richText: { json: { type: 'doc' } } }),
        command('SubmitForEdit', 'writer'),
      ),
    ).toEqual({
      status: 422,
      message: 'Body is missing!',
      errors: { richText: 'Body is missing!' },
      details: undefined,
    });
    expect(
      refusal(
        writing({ outline: '1. Light', richText: { json: null, html: ' ' } }),
        command('SubmitForEdit', 'writer'),
      ),
    ).toEqual({
      status: 422,
      message: 'Body is missing!',
      errors: { richText: 'Body is missing!' },
      details: undefined,
    });
  });

  it("the outline and body checks are the Writer stage's only: a bare brief moves on from Edit", () => {
    const bareInEdit = [
      created(AUTHOR, null, { title: 'Only a title' }, { words: 0, links: 0 }),
      submitted('Writer', 'Edit'),
    ];
    given(postDecider, bareInEdit)
      .when(command('SubmitForSecondEdit', 'editor', {}, ALL_ON.settings))
      .then([
        {
          type: 'PostSubmitted',
          data: { action: 'SubmitForSecondEdit', from: 'Edit', to: 'SecondEdit', by: holder('editor'), at: NOW },
        },
      ]);
  });

  it('a post returned by a stage that is not a fact check goes through the stages in order', () => {
    const returnedByReview = [created(), submitted('Writer', 'Review'), returned('Review', 'Edit')];
    given(postDecider, returnedByReview)
      .when(command('SubmitForReview', 'editor', {}, ALL_ON.settings))
      .refused(422, 'SubmitForReview is not allowed for this post now');
    given(postDecider, returnedByReview)
      .when(command('SubmitForSecondEdit', 'editor', {}, ALL_ON.settings))
      .then([
        {
          type: 'PostSubmitted',
          data: { action: 'SubmitForSecondEdit', from: 'Edit', to: 'SecondEdit', by: holder('editor'), at: NOW },
        },
      ]);
  });

  it('the straight way back is from the stage right before the first fact check only', () => {
    // Every stage on: from Edit the next stage is SecondEdit, so the returned post goes through it.
    const returnedToEdit = [created(), submitted('Writer', 'ThirdFactCheck'), returned('ThirdFactCheck', 'Edit')];
    given(postDecider, returnedToEdit)
      .when(command('SubmitForThirdFactCheck', 'editor', {}, ALL_ON.settings))
      .refused(422, 'SubmitForThirdFactCheck is not allowed for this post now');
    // Without second edit and review, Edit is right before the first fact check.
    given(postDecider, returnedToEdit)
      .when(command('SubmitForThirdFactCheck', 'editor', {}, STRAIGHT_TO_CHECKS))
      .then([
        {
          type: 'PostSubmitted',
          data: {
            action: 'SubmitForThirdFactCheck',
            from: 'Edit',
            to: 'ThirdFactCheck',
            by: holder('editor'),
            at: NOW,
          },
        },
      ]);
  });

  it('a declined regulation is no fact-check return, and keeps the return a post had', () => {
    const declinedAtThirdLevel = [created(), submitted('Writer', 'ThirdFactCheck'), declined('ThirdFactCheck')];
    given(postDecider, declinedAtThirdLevel)
      .when(command('SubmitForThirdFactCheck', 'editor', {}, STRAIGHT_TO_CHECKS))
      .refused(422);
    given(postDecider, declinedAtThirdLevel)
      .when(command('SubmitForFactCheck', 'editor', {}, STRAIGHT_TO_CHECKS))
      .then([
        {
          type: 'PostSubmitted',
          data: { action: 'SubmitForFactCheck', from: 'Edit', to: 'FactCheck', by: holder('editor'), at: NOW },
        },
      ]);
    const returnedThenDeclined = [
      created(),
      submitted('Writer', 'ThirdFactCheck'),
      returned('ThirdFactCheck', 'Edit'),
      declined('Edit'),
    ];
    given(postDecider, returnedThenDeclined)
      .when(command('SubmitForThirdFactCheck', 'editor', {}, STRAIGHT_TO_CHECKS))
      .then([
        {
          type: 'PostSubmitted',
          data: {
            action: 'SubmitForThirdFactCheck',
            from: 'Edit',
            to: 'ThirdFactCheck',
            by: holder('editor'),
            at: NOW,
          },
        },
      ]);
  });

  it('once submitted on, a returned post is an ordinary one again', () => {
    const resubmitted = [
      created(),
      submitted('Writer', 'ThirdFactCheck'),
      returned('ThirdFactCheck', 'Writer'),
      submitted('Writer', 'Edit'),
    ];
    given(postDecider, resubmitted)
      .when(command('SubmitForThirdFactCheck', 'editor', {}, STRAIGHT_TO_CHECKS))
      .refused(422);
    given(postDecider, resubmitted)
      .when(command('SubmitForFactCheck', 'editor', {}, STRAIGHT_TO_CHECKS))
      .then([
        {
          type: 'PostSubmitted',
          data: { action: 'SubmitForFactCheck', from: 'Edit', to: 'FactCheck', by: holder('editor'), at: NOW },
        },
      ]);
  });
});

describe('who holds the page after a move', () => {
  it("a forward move leaves the page in the next stage's pool, even if someone held that stage before", () => {
    const history = [
      created(holder('writer', T0), holder('writer', T0)),
      submitted('Writer', 'Edit', holder('writer', T0)),
      selected('Edit', holder('editor', T0)),
      returned('Edit', 'Writer', holder('writer', T0), holder('editor', T0)),
      submitted('Writer', 'Edit', holder('writer', T0)),
    ];
    expect(postDecider.fold(history as never[]).holder).toBeNull();
    given(postDecider, history)
      .when(command('Select', 'secondEditor'))
      .then([{ type: 'PostSelected', data: { stage: 'Edit', by: holder('secondEditor') } }]);
  });

  it('a declined regulation gives the page to the holder it records, since the decline', () => {
    const history = [
      created(),
      submitted('Writer', 'Edit'),
      selected('Edit', holder('editor', T0)),
      submitted('Edit', 'Review', holder('editor', T0)),
      declined('Review', holder('editor', LATER), holder('checker', LATER)),
    ];
    expect(postDecider.fold(history as never[]).holder).toEqual(holder('editor', LATER));
    given(postDecider, history)
      .when(command('Save', 'secondEditor', { title: 'Mine' }, REGULATED.settings))
      .refused(409, `Eddie Editor is working on this page since ${LATER}. Your changes were kept as a draft.`);
  });

  it('the recorded holder of a return wins over who last held the stage', () => {
    const history = [
      created(holder('writer', T0), holder('writer', T0)),
      submitted('Writer', 'Edit', holder('writer', T0)),
      returned('Edit', 'Writer', null, holder('editor', LATER)),
    ];
    expect(postDecider.fold(history as never[]).holder).toBeNull();
  });

  it('a return recorded without a holder (before returns named one) goes back to whoever last held that stage', () => {
    const legacy = moved('PostReturned', 'ReturnToWriter', 'Edit', 'Writer', holder('editor', LATER), {
      note: 'Rework',
    });
    const history = [
      created(holder('writer', T0), holder('writer', T0)),
      submitted('Writer', 'Edit', holder('writer', T0)),
      legacy,
    ];
    expect(postDecider.fold(history as never[]).holder).toEqual(holder('writer', LATER));
    const unheld = [created(), submitted('Writer', 'Edit'), legacy];
    expect(postDecider.fold(unheld as never[]).holder).toBeNull();
  });
});

describe('the words and links the state keeps', () => {
  it('a save with measures replaces them (no links counted is 0); a save without keeps them', () => {
    const base = [created()];
    expect(
      postDecider.fold([
        ...base,
        {
          type: 'PostSaved',
          data: { changes: { richText: { json: null, html: '<p>a b c d e f g</p>' } }, words: 7, links: 2, by: AUTHOR },
        },
      ] as never[]).content,
    ).toMatchObject({ words: 7, links: 2 });
    expect(
      postDecider.fold([
        ...base,
        {
          type: 'PostSaved',
          data: { changes: { richText: { json: null, html: '<p>a b c</p>' } }, words: 3, by: AUTHOR },
        },
      ] as never[]).content,
    ).toMatchObject({ words: 3, links: 0 });
    expect(
      postDecider.fold([...base, { type: 'PostSaved', data: { changes: { title: 'New' }, by: AUTHOR } }] as never[])
        .content,
    ).toMatchObject({ title: 'New', words: 5, links: 1 });
  });
});

describe('regulation approval across moves', () => {
  it('an approval stays with the post while it moves through the fact-check levels', () => {
    const history = [
      created(),
      submitted('Review', 'FactCheck'),
      regulationApproved('FactCheck'),
      approvedFactCheck('FactCheck', 'SecondFactCheck'),
    ];
    given(postDecider, history)
      .when(command('ApproveFactCheck', 'checker', {}, REGULATED.settings))
      .then([
        {
          type: 'PostFactCheckApproved',
          data: {
            action: 'ApproveFactCheck',
            from: 'SecondFactCheck',
            to: 'Published',
            by: holder('checker'),
            at: NOW,
          },
        },
      ]);
  });

  it('a declined regulation withdraws an earlier approval', () => {
    const history = [...inEdit, regulationApproved('Edit'), declined('Edit')];
    given(postDecider, history)
      .when(command('Publish', 'owner', {}, REGULATED_MINIMAL))
      .refused(422, REGULATION_REQUIRED);
    given(postDecider, history)
      .when(command('ApproveRegulation', 'checker', {}, REGULATED_MINIMAL))
      .then([{ type: 'PostRegulationApproved', data: { stage: 'Edit', by: holder('checker'), at: NOW } }]);
  });
});

describe('ExportPage without data', () => {
  it('exports HTML; a wrong format names the format field', () => {
    const live = [...inEdit, published()];
    given(postDecider, live)
      .when({ ...command('ExportPage', 'checker'), data: undefined })
      .then([{ type: 'PostExported', data: { format: 'html', by: holder('checker'), at: NOW } }]);
    expect(refusal(live, command('ExportPage', 'checker', { format: 'pdf' }))).toEqual({
      status: 422,
      message: 'format must be html or json',
      errors: { format: 'format must be html or json' },
      details: undefined,
    });
  });
});

describe('the stages a website uses (stages.ts)', () => {
  it('Writer and Edit always; the optional stages only when the settings turn them on', () => {
    expect(enabledStages(MINIMAL.settings)).toEqual(['Writer', 'Edit']);
    expect(enabledStages({ ...MINIMAL.settings, secondEdit: true })).toEqual(['Writer', 'Edit', 'SecondEdit']);
    expect(enabledStages({ ...MINIMAL.settings, customerReview: true })).toEqual(['Writer', 'Edit', 'Review']);
    expect(enabledStages({ ...MINIMAL.settings, factCheckLevels: 2 })).toEqual([
      'Writer',
      'Edit',
      'FactCheck',
      'SecondFactCheck',
    ]);
    expect(enabledStages(ALL_ON.settings)).toEqual([
      'Writer',
      'Edit',
      'SecondEdit',
      'Review',
      'FactCheck',
      'SecondFactCheck',
      'ThirdFactCheck',
      'FourthFactCheck',
    ]);
  });
});
