import { describe, expect, it } from '@jest/globals';
import { postDecider } from '#libs/posts/src/domain/post.decider.js';
import { NEW, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
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
import {
  ACTIONS,
  ALL_ON,
  CONFIGS,
  MINIMAL,
  ONE_LEVEL,
  PEOPLE,
  PERSONS,
  REGULATED,
  allowedFor,
  expected,
  statusesOf,
  type Config,
  type Person,
  type Settings,
  type Status,
} from '../support/post-tables.js';

/**
 * The article workflow decider against expectations written out by hand: the table of
 * test/support/post-tables.ts (role x action x status, per website configuration) and given/when/then
 * tests on events whose data is typed here. Nothing is computed from the decider's own table.
 */

const FOUR_EYES = 'Four-eyes rule: someone who saved this post may not approve or publish it';
const NOTE_MISSING = 'Note is missing!';

/** One more person for "someone else of the same role" (otherWriter is shared). */
const otherChecker: Actor = {
  userId: 'u-checker-2',
  name: 'Carl Checker',
  roles: ['user', 'member', 'cms:reviewer', 'cro:none'],
};

const BODY = '<p>Plants need <a href="https://example.org">light</a> and water.</p>';
const CONTENT = {
  title: 'How to grow basil',
  slug: 'how-to-grow-basil',
  outline: '1. Light\n2. Water',
  richText: { json: null, html: BODY },
};

/** PostCreated as the product records it (written out: words and links of BODY are 5 and 1). */
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
/** A move event (PostSubmitted, PostReturned, ...) with the data shape the product records. */
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
const selected = (stage: Status, by: Holder): DomainEvent => ({ type: 'PostSelected', data: { stage, by } });
const saved = (changes: Record<string, unknown>, by: Holder): DomainEvent => ({
  type: 'PostSaved',
  data: { changes, by },
});
const published = (from: Status, by: Holder = AUTHOR) => moved('PostPublished', 'Publish', from, 'Published', by);

const PRE_STAGES: Status[] = [
  'Writer',
  'Edit',
  'SecondEdit',
  'Review',
  'FactCheck',
  'SecondFactCheck',
  'ThirdFactCheck',
  'FourthFactCheck',
];

/** Events that put a post in `status`, waiting in its stage's pool, its content saved by AUTHOR only. */
function historyIn(status: Status): DomainEvent[] {
  if (status === 'new') return [];
  if (status === 'Writer') return [created()];
  if (PRE_STAGES.includes(status)) return [created(), submitted('Writer', status)];
  const live = [created(), submitted('Writer', 'Edit'), published('Edit')];
  if (status === 'Published') return live;
  const unpublished = moved('PostUnpublished', 'Delete', 'Published', 'Deleted');
  if (status === 'Deleted') return [...live, unpublished];
  if (status === 'Archived') return [...live, moved('PostArchived', 'Archive', 'Published', 'Archived')];
  if (status === 'Purged') return [...live, unpublished, { type: 'PostDeletedForever', data: { by: AUTHOR, at: T0 } }];
  throw new Error(`no history for ${status}`);
}

const DATA: Record<string, unknown> = {
  Create: { organisationId: 'org-1', websiteId: 'site-1', locale: 'en', type: 'blog', title: 'A new post' },
  Save: { title: 'A changed title' },
  SendTo: { to: { userId: 'u-someone', name: 'Sam Someone' } },
  KeepDraft: { by: AUTHOR, changes: { title: 'Lost?' }, baseVersion: 3, reason: 'taken_over' },
};

/** What the decider answers: the status the post ends in, or the refusal's HTTP status. */
function outcomeOf(config: Config, status: Status, action: string, person: Person): string | number {
  const state = postDecider.fold(historyIn(status) as never[]);
  try {
    const events = postDecider.decide(
      {
        type: action,
        data: DATA[action] ?? { note: 'Because it needs work' },
        actor: actor(person),
        context: context(config.settings),
      },
      state,
    );
    return postDecider.statusOf(events.reduce(postDecider.evolve, state));
  } catch (error) {
    return statusOf(error) ?? `a crash: ${String(error)}`;
  }
}

describe('the post decider knows the actions and statuses of the hand-written table', () => {
  it('has exactly the actions of seed 000 section 4 (and KeepDraft)', () => {
    expect([...postDecider.describe().actions].sort()).toEqual([...ACTIONS].sort());
  });
  it('has the statuses of DESIGN.md, plus Purged for DeleteForever', () => {
    expect(postDecider.describe().statuses).toEqual([
      'Writer',
      'Edit',
      'SecondEdit',
      'Review',
      'FactCheck',
      'SecondFactCheck',
      'ThirdFactCheck',
      'FourthFactCheck',
      'Published',
      'Deleted',
      'Archived',
      'Purged',
    ]);
  });
});

for (const config of CONFIGS) {
  describe(`post workflow table, ${config.name}`, () => {
    for (const status of statusesOf(config)) {
      it(`a post in ${status}: every action by every role, and the allowed actions`, () => {
        const state = postDecider.fold(historyIn(status) as never[]);
        const mismatches: string[] = [];
        for (const person of PERSONS) {
          for (const action of ACTIONS) {
            const want = expected(config, action, status, person);
            const got = outcomeOf(config, status, action, person);
            if (got !== want) mismatches.push(`${action} by ${person}: expected ${want}, got ${got}`);
          }
          const allowed = [
            ...postDecider.allowedActions(
              (status === 'new' ? NEW : status) as never,
              actor(person),
              state,
              context(config.settings),
            ),
          ].sort();
          const want = allowedFor(config, status, person).sort();
          if (JSON.stringify(allowed) !== JSON.stringify(want))
            mismatches.push(`allowedActions of ${person}: expected [${want}], got [${allowed}]`);
        }
        expect(mismatches).toEqual([]);
      });
    }
  });
}

describe('Create', () => {
  const input = { organisationId: 'org-1', websiteId: 'site-1', locale: 'en', type: 'blog', ...CONTENT };

  it("a writer's draft is theirs to write: the content, its words and links, the writer holding it", () => {
    given(postDecider, [])
      .when(command('Create', 'writer', input))
      .then([
        {
          type: 'PostCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'site-1',
            locale: 'en',
            type: 'blog',
            content: CONTENT,
            words: 5,
            links: 1,
            by: holder('writer'),
            holder: holder('writer'),
          },
        },
      ]);
  });

  it("an editor's brief waits in the writers' pool; a brief assigned to a writer is theirs", () => {
    const brief = {
      organisationId: 'org-1',
      websiteId: 'site-1',
      locale: 'en',
      type: 'comparison',
      title: 'Basil or mint?',
    };
    given(postDecider, [])
      .when(command('Create', 'editor', brief))
      .then([
        {
          type: 'PostCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'site-1',
            locale: 'en',
            type: 'comparison',
            content: { title: 'Basil or mint?' },
            words: 0,
            links: 0,
            by: holder('editor'),
            holder: null,
          },
        },
      ]);
    given(postDecider, [])
      .when(command('Create', 'manager', { ...brief, assignTo: { userId: 'u-writer', name: 'Wendy Writer' } }))
      .then([
        {
          type: 'PostCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'site-1',
            locale: 'en',
            type: 'comparison',
            content: { title: 'Basil or mint?' },
            words: 0,
            links: 0,
            by: holder('manager'),
            holder: holder('writer'),
          },
        },
      ]);
  });

  it('checkers, analysts and CRO-only members may not create (403); a post is created once (422)', () => {
    for (const who of ['checker', 'analyst', 'croOnly'] as const)
      given(postDecider, [])
        .when(command('Create', who, input))
        .refused(403, 'Your role may not Create this post');
    given(postDecider, [created()])
      .when(command('Create', 'writer', input))
      .refused(422);
  });
});

describe('Save', () => {
  const heldByWriter = [created(holder('writer', T0), holder('writer', T0))];

  it('records only the fields that changed, by whom', () => {
    given(postDecider, heldByWriter)
      .when(command('Save', 'writer', { title: CONTENT.title, subtitle: 'A windowsill guide' }))
      .then([{ type: 'PostSaved', data: { changes: { subtitle: 'A windowsill guide' }, by: holder('writer') } }]);
  });

  it('a body change records its words and links; nothing changed records nothing', () => {
    const richText = {
      json: null,
      html: '<p>Basil likes <a href="https://a.example">sun</a>, <a href="https://b.example">warmth</a> and rain.</p>',
    };
    given(postDecider, heldByWriter)
      .when(command('Save', 'writer', { richText }))
      .then([{ type: 'PostSaved', data: { changes: { richText }, words: 6, links: 2, by: holder('writer') } }]);
    given(postDecider, heldByWriter)
      .when(command('Save', 'writer', { title: CONTENT.title, slug: CONTENT.slug }))
      .then([]);
  });

  it('saving a page nobody holds claims it first', () => {
    given(postDecider, [created(), submitted('Writer', 'Edit')])
      .when(command('Save', 'editor', { subtitle: 'Edited' }))
      .then([
        { type: 'PostSelected', data: { stage: 'Edit', by: holder('editor') } },
        { type: 'PostSaved', data: { changes: { subtitle: 'Edited' }, by: holder('editor') } },
      ]);
  });

  it('a page someone else holds answers 409 naming them, to everyone', () => {
    given(postDecider, heldByWriter)
      .when(command('Save', otherWriter, { subtitle: 'Mine' }))
      .refused(409, `Wendy Writer is working on this page since ${T0}. Your changes were kept as a draft.`);
    given(postDecider, heldByWriter)
      .when(command('Save', 'editor', { subtitle: 'Mine' }))
      .refused(409, `Wendy Writer is working on this page since ${T0}. Your changes were kept as a draft.`);
  });

  // Issue 12 point 9, "holding is holding": the owner's save used to overwrite Wendy's work silently.
  it('owners and admins get the same 409; they take the page over first (recorded), then their save goes through', () => {
    for (const boss of ['owner', 'orgAdmin', 'cmsAdmin'] as const) {
      given(postDecider, heldByWriter)
        .when(command('Save', boss, { subtitle: 'Fixed' }))
        .refused(409, `Wendy Writer is working on this page since ${T0}. Your changes were kept as a draft.`);
      const takeOver = given(postDecider, heldByWriter)
        .when(command('TakeOver', boss, {}, MINIMAL.settings, LATER))
        .then([
          { type: 'PostTakenOver', data: { stage: 'Writer', by: holder(boss, LATER), from: holder('writer', T0) } },
        ]);
      const taken = [...heldByWriter, ...takeOver];
      given(postDecider, taken)
        .when(command('Save', boss, { subtitle: 'Fixed' }))
        .then([{ type: 'PostSaved', data: { changes: { subtitle: 'Fixed' }, by: holder(boss) } }]);
      // Wendy's next save learns who took her page.
      given(postDecider, taken)
        .when(command('Save', 'writer', { subtitle: 'Mine' }))
        .refused(409, `${PEOPLE[boss].name} took over this page at ${LATER}. Your changes were kept as a draft.`);
    }
  });

  it('posts under optimisation cannot change vertical or dates', () => {
    const optimised = [
      created(AUTHOR, null, { ...CONTENT, optimisation: true, category: 'Health', dueDate: '2026-12-01' }),
      submitted('Writer', 'Edit'),
      published('Edit'),
    ];
    given(postDecider, optimised)
      .when(command('Save', 'editor', { category: 'Finance' }))
      .refused(422, 'Posts under optimisation cannot change vertical or dates');
    given(postDecider, optimised)
      .when(command('Save', 'editor', { dueDate: '2027-01-01' }))
      .refused(422, 'Posts under optimisation cannot change vertical or dates');
    given(postDecider, optimised)
      .when(command('Save', 'editor', { title: 'Better title' }))
      .then([{ type: 'PostSaved', data: { changes: { title: 'Better title' }, by: holder('editor') } }]);
  });
});

describe('Select, Discard, TakeOver, SendTo', () => {
  const inEdit = [created(), submitted('Writer', 'Edit')];
  const heldByEditor = [...inEdit, selected('Edit', holder('editor', T0))];

  it('Select claims a page from the pool; a held page cannot be selected', () => {
    given(postDecider, inEdit)
      .when(command('Select', 'editor'))
      .then([{ type: 'PostSelected', data: { stage: 'Edit', by: holder('editor') } }]);
    given(postDecider, heldByEditor).when(command('Select', 'secondEditor')).refused(422);
  });

  it('Discard releases the page: its holder or an editor may, another writer may not', () => {
    given(postDecider, heldByEditor)
      .when(command('Discard', 'editor'))
      .then([{ type: 'PostDiscarded', data: { stage: 'Edit', by: holder('editor'), holder: holder('editor', T0) } }]);
    given(postDecider, heldByEditor)
      .when(command('Discard', 'manager'))
      .then([{ type: 'PostDiscarded', data: { stage: 'Edit', by: holder('manager'), holder: holder('editor', T0) } }]);
    const writerHolds = [created(holder('writer', T0), holder('writer', T0))];
    given(postDecider, writerHolds).when(command('Discard', otherWriter)).refused(422);
    given(postDecider, writerHolds)
      .when(command('Discard', 'writer'))
      .then([{ type: 'PostDiscarded', data: { stage: 'Writer', by: holder('writer'), holder: holder('writer', T0) } }]);
  });

  it("take-over: the previous holder's next save is refused with 409 naming who took it and when", () => {
    const writerHolds = [created(holder('writer', T0), holder('writer', T0))];
    const takeOver = given(postDecider, writerHolds)
      .when(command('TakeOver', 'editor', {}, MINIMAL.settings, LATER))
      .then([
        { type: 'PostTakenOver', data: { stage: 'Writer', by: holder('editor', LATER), from: holder('writer', T0) } },
      ]);
    const after = [...writerHolds, ...takeOver];
    given(postDecider, after)
      .when(command('Save', 'writer', { title: 'My unsaved words' }))
      .refused(409, `Eddie Editor took over this page at ${LATER}. Your changes were kept as a draft.`);
    // Anyone else learns who works on it.
    given(postDecider, after)
      .when(command('Save', otherWriter, { title: 'Mine' }))
      .refused(409, `Eddie Editor is working on this page since ${LATER}. Your changes were kept as a draft.`);
    // The new holder saves.
    given(postDecider, after)
      .when(command('Save', 'editor', { title: 'Taken over' }))
      .then([{ type: 'PostSaved', data: { changes: { title: 'Taken over' }, by: holder('editor') } }]);
  });

  it('nobody takes over a page nobody holds, nor their own page', () => {
    given(postDecider, inEdit).when(command('TakeOver', 'editor')).refused(422);
    given(postDecider, heldByEditor).when(command('TakeOver', 'editor')).refused(422);
  });

  it('someone holding the page stops others moving it (422 naming them); owners and admins move it anyway', () => {
    given(postDecider, heldByEditor)
      .when(command('SubmitForSecondEdit', 'secondEditor', {}, ALL_ON.settings))
      .refused(422, 'Eddie Editor is working on this page; take it over first');
    given(postDecider, heldByEditor)
      .when(command('ReturnToWriter', 'manager', { note: 'Too short' }))
      .refused(422, 'Eddie Editor is working on this page; take it over first');
    given(postDecider, heldByEditor)
      .when(command('SubmitForSecondEdit', 'owner', {}, ALL_ON.settings))
      .then([
        {
          type: 'PostSubmitted',
          data: { action: 'SubmitForSecondEdit', from: 'Edit', to: 'SecondEdit', by: holder('owner'), at: NOW },
        },
      ]);
  });

  it('SendTo hands the page to a named person; to its holder it changes nothing', () => {
    given(postDecider, inEdit)
      .when(command('SendTo', 'owner', { to: { userId: 'u-second-editor', name: 'Sid Second' } }))
      .then([{ type: 'PostSentTo', data: { stage: 'Edit', by: holder('owner'), to: holder('secondEditor') } }]);
    given(postDecider, heldByEditor)
      .when(command('SendTo', 'manager', { to: { userId: 'u-editor', name: 'Eddie Editor' } }))
      .then([]);
    given(postDecider, inEdit)
      .when(command('SendTo', 'manager', { to: {} }))
      .refused(422, 'Member is missing!');
  });
});

describe('SubmitFor and ReturnTo', () => {
  it('SubmitForEdit records who, from where, to where and the note', () => {
    given(postDecider, [created()])
      .when(command('SubmitForEdit', 'writer', { note: 'Ready for a look' }))
      .then([
        {
          type: 'PostSubmitted',
          data: {
            action: 'SubmitForEdit',
            from: 'Writer',
            to: 'Edit',
            by: holder('writer'),
            note: 'Ready for a look',
            at: NOW,
          },
        },
      ]);
    given(postDecider, [created()])
      .when(command('SubmitForEdit', 'writer'))
      .then([
        {
          type: 'PostSubmitted',
          data: { action: 'SubmitForEdit', from: 'Writer', to: 'Edit', by: holder('writer'), at: NOW },
        },
      ]);
  });

  it('a writer submits for edit only with an outline and a body', () => {
    const bare = [created(AUTHOR, null, { title: 'Only a title' }, { words: 0, links: 0 })];
    given(postDecider, bare).when(command('SubmitForEdit', 'writer')).refused(422, 'Outline field is required');
    try {
      postDecider.decide(command('SubmitForEdit', 'writer'), postDecider.fold(bare as never[]));
      throw new Error('SubmitForEdit was not refused');
    } catch (error) {
      expect((error as { errors?: unknown }).errors).toEqual({
        outline: 'Outline field is required',
        richText: 'Body is missing!',
      });
    }
  });

  it('SubmitFor skips the stages the website does not use, and never an enabled fact check', () => {
    given(postDecider, [created(), submitted('Writer', 'Edit')])
      .when(command('SubmitForReview', 'editor', {}, REGULATED.settings))
      .then([
        {
          type: 'PostSubmitted',
          data: { action: 'SubmitForReview', from: 'Edit', to: 'Review', by: holder('editor'), at: NOW },
        },
      ]);
    given(postDecider, [created(), submitted('Writer', 'SecondEdit')])
      .when(command('SubmitForFactCheck', 'editor', {}, ONE_LEVEL.settings))
      .then([
        {
          type: 'PostSubmitted',
          data: { action: 'SubmitForFactCheck', from: 'SecondEdit', to: 'FactCheck', by: holder('editor'), at: NOW },
        },
      ]);
    given(postDecider, [created(), submitted('Writer', 'Review')])
      .when(command('SubmitForSecondFactCheck', 'checker', {}, REGULATED.settings))
      .refused(422);
    given(postDecider, [created(), submitted('Writer', 'Edit')])
      .when(command('SubmitForFactCheck', 'editor', {}, ALL_ON.settings))
      .refused(422);
  });

  it('a post returned by a fact-check level may be resubmitted straight to that level', () => {
    const returned = [
      created(),
      submitted('Writer', 'FactCheck'),
      moved('PostFactCheckApproved', 'ApproveFactCheck', 'FactCheck', 'SecondFactCheck'),
      moved('PostFactCheckApproved', 'ApproveFactCheck', 'SecondFactCheck', 'ThirdFactCheck'),
      moved('PostReturned', 'ReturnToReview', 'ThirdFactCheck', 'Review', AUTHOR, {
        note: 'Source for the claim?',
        holder: null,
      }),
    ];
    given(postDecider, returned)
      .when(command('SubmitForThirdFactCheck', 'checker', {}, ALL_ON.settings))
      .then([
        {
          type: 'PostSubmitted',
          data: {
            action: 'SubmitForThirdFactCheck',
            from: 'Review',
            to: 'ThirdFactCheck',
            by: holder('checker'),
            at: NOW,
          },
        },
      ]);
    given(postDecider, returned)
      .when(command('SubmitForFourthFactCheck', 'checker', {}, ALL_ON.settings))
      .refused(422);
    given(postDecider, returned)
      .when(command('SubmitForFactCheck', 'checker', {}, ALL_ON.settings))
      .then([
        {
          type: 'PostSubmitted',
          data: { action: 'SubmitForFactCheck', from: 'Review', to: 'FactCheck', by: holder('checker'), at: NOW },
        },
      ]);
  });

  it('a return needs a note, and goes back to whoever last held that stage', () => {
    const history = [
      created(holder('writer', T0), holder('writer', T0)),
      submitted('Writer', 'Edit', holder('writer', T0)),
    ];
    given(postDecider, history).when(command('ReturnToWriter', 'editor')).refused(422, NOTE_MISSING);
    given(postDecider, history)
      .when(command('ReturnToWriter', 'editor', { note: '   ' }))
      .refused(422, NOTE_MISSING);
    given(postDecider, history)
      .when(command('ReturnToWriter', 'editor', { note: 'x'.repeat(5001) }))
      .refused(422, 'The maximum length is 5000 characters');
    const events = given(postDecider, history)
      .when(command('ReturnToWriter', 'editor', { note: 'Add sources' }))
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
    expect(postDecider.fold([...history, ...events] as never[]).holder).toEqual(holder('writer'));
  });

  it('a return to a stage nobody held leaves the page in its pool', () => {
    given(postDecider, [created(), submitted('Writer', 'FactCheck')])
      .when(command('ReturnToEdit', 'checker', { note: 'Rework the intro' }, ALL_ON.settings))
      .then([
        {
          type: 'PostReturned',
          data: {
            action: 'ReturnToEdit',
            from: 'FactCheck',
            to: 'Edit',
            by: holder('checker'),
            note: 'Rework the intro',
            at: NOW,
            holder: null,
          },
        },
      ]);
  });
});

describe('ApproveFactCheck', () => {
  it('moves through the four levels in order, then publishes', () => {
    let history = [created(), submitted('Writer', 'Review'), submitted('Review', 'FactCheck')];
    const levels: [Status, Status][] = [
      ['FactCheck', 'SecondFactCheck'],
      ['SecondFactCheck', 'ThirdFactCheck'],
      ['ThirdFactCheck', 'FourthFactCheck'],
      ['FourthFactCheck', 'Published'],
    ];
    for (const [from, to] of levels) {
      const events = given(postDecider, history)
        .when(command('ApproveFactCheck', 'checker', {}, ALL_ON.settings))
        .then([
          {
            type: 'PostFactCheckApproved',
            data: { action: 'ApproveFactCheck', from, to, by: holder('checker'), at: NOW },
          },
        ]);
      history = [...history, ...events];
    }
    expect(postDecider.fold(history as never[])).toMatchObject({
      status: 'Published',
      publishedAt: NOW,
      firstPublishedAt: NOW,
    });
  });

  it('with two levels, level 1 goes to level 2 and level 2 publishes (after the regulation approval)', () => {
    const inFirst = [created(), submitted('Review', 'FactCheck')];
    given(postDecider, inFirst)
      .when(command('ApproveFactCheck', 'checker', {}, REGULATED.settings))
      .then([
        {
          type: 'PostFactCheckApproved',
          data: {
            action: 'ApproveFactCheck',
            from: 'FactCheck',
            to: 'SecondFactCheck',
            by: holder('checker'),
            at: NOW,
          },
        },
      ]);
    const inSecond = [...inFirst, moved('PostFactCheckApproved', 'ApproveFactCheck', 'FactCheck', 'SecondFactCheck')];
    given(postDecider, inSecond)
      .when(command('ApproveFactCheck', 'checker', {}, REGULATED.settings))
      .refused(422, REGULATION_REQUIRED);
    const approved = [
      ...inSecond,
      { type: 'PostRegulationApproved', data: { stage: 'SecondFactCheck', by: holder('manager', T0), at: T0 } },
    ];
    given(postDecider, approved)
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

  it('with one level, approving it publishes', () => {
    given(postDecider, [created(), submitted('SecondEdit', 'FactCheck')])
      .when(command('ApproveFactCheck', 'manager', {}, ONE_LEVEL.settings))
      .then([
        {
          type: 'PostFactCheckApproved',
          data: { action: 'ApproveFactCheck', from: 'FactCheck', to: 'Published', by: holder('manager'), at: NOW },
        },
      ]);
  });

  it('a post left in a level the website no longer uses moves on (nothing is stranded)', () => {
    given(postDecider, [created(), submitted('FactCheck', 'ThirdFactCheck')])
      .when(command('ApproveFactCheck', 'checker', {}, ONE_LEVEL.settings))
      .then([
        {
          type: 'PostFactCheckApproved',
          data: { action: 'ApproveFactCheck', from: 'ThirdFactCheck', to: 'Published', by: holder('checker'), at: NOW },
        },
      ]);
    given(postDecider, [created(), submitted('Edit', 'SecondEdit')])
      .when(command('Publish', 'owner', {}, MINIMAL.settings))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'SecondEdit', to: 'Published', by: holder('owner'), at: NOW },
        },
      ]);
  });

  it('the approval that publishes needs the bios of the people the page credits', () => {
    const state = postDecider.fold([created(), submitted('SecondEdit', 'FactCheck')] as never[]);
    const run = () =>
      postDecider.decide(
        {
          type: 'ApproveFactCheck',
          data: {},
          actor: actor('checker'),
          context: context(ONE_LEVEL.settings, NOW, [{ field: 'writer', label: 'Writer' }]),
        },
        state,
      );
    expect(run).toThrow("click to add Writer's bio");
    try {
      run();
    } catch (error) {
      expect({ status: statusOf(error), errors: (error as { errors?: unknown }).errors }).toEqual({
        status: 422,
        errors: { writerBio: "click to add Writer's bio" },
      });
    }
  });
});

describe('four eyes: nobody approves or publishes a post whose content they saved', () => {
  it('the editor who created the brief may not publish it; another editor may', () => {
    const brief = [created(holder('editor', T0)), submitted('Writer', 'Edit', holder('writer', T0))];
    given(postDecider, brief).when(command('Publish', 'editor')).refused(422, FOUR_EYES);
    given(postDecider, brief)
      .when(command('Publish', 'secondEditor'))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'Edit', to: 'Published', by: holder('secondEditor'), at: NOW },
        },
      ]);
  });

  it('an editor who saved at Edit may not publish; owners and admins are bound too', () => {
    const edited = [
      created(),
      submitted('Writer', 'Edit'),
      selected('Edit', holder('owner', T0)),
      saved({ subtitle: 'Owner words' }, holder('owner', T0)),
    ];
    given(postDecider, edited).when(command('Publish', 'owner')).refused(422, FOUR_EYES);
    given(postDecider, edited)
      .when(command('Publish', 'orgAdmin'))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'Edit', to: 'Published', by: holder('orgAdmin'), at: NOW },
        },
      ]);
  });

  it('a fact checker who saved at their level may not approve it; another checker may', () => {
    const checked = [
      created(),
      submitted('Review', 'FactCheck'),
      selected('FactCheck', holder('checker', T0)),
      saved({ title: 'Checked title' }, holder('checker', T0)),
    ];
    given(postDecider, checked)
      .when(command('ApproveFactCheck', 'checker', {}, ALL_ON.settings))
      .refused(422, FOUR_EYES);
    // The page is the checker's: another checker takes it over first, then approves.
    const taken = [
      ...checked,
      {
        type: 'PostTakenOver',
        data: {
          stage: 'FactCheck',
          by: { userId: 'u-checker-2', name: 'Carl Checker', since: T0 },
          from: holder('checker', T0),
        },
      },
    ];
    given(postDecider, taken)
      .when(command('ApproveFactCheck', otherChecker, {}, ALL_ON.settings))
      .then([
        {
          type: 'PostFactCheckApproved',
          data: {
            action: 'ApproveFactCheck',
            from: 'FactCheck',
            to: 'SecondFactCheck',
            by: { userId: 'u-checker-2', name: 'Carl Checker', since: NOW },
            at: NOW,
          },
        },
      ]);
  });

  it('whoever saved may not approve the regulation either', () => {
    const edited = [created(), submitted('Writer', 'Edit'), saved({ subtitle: 'A claim' }, holder('manager', T0))];
    given(postDecider, edited)
      .when(command('ApproveRegulation', 'manager', {}, REGULATED.settings))
      .refused(422, FOUR_EYES);
    given(postDecider, edited)
      .when(command('ApproveRegulation', 'checker', {}, REGULATED.settings))
      .then([{ type: 'PostRegulationApproved', data: { stage: 'Edit', by: holder('checker'), at: NOW } }]);
  });

  it('republishing an unpublished post is publishing too', () => {
    const history = [
      created(holder('editor', T0)),
      submitted('Writer', 'Edit'),
      published('Edit', holder('owner', T0)),
      moved('PostUnpublished', 'Delete', 'Published', 'Deleted', holder('owner', T0)),
    ];
    given(postDecider, history).when(command('Publish', 'editor')).refused(422, FOUR_EYES);
  });

  it('moving a post on is not saving it: who only selected and submitted may publish', () => {
    const passedOn = [
      created(),
      submitted('Writer', 'SecondEdit'),
      selected('SecondEdit', holder('editor', T0)),
      submitted('SecondEdit', 'FactCheck', holder('editor', T0)),
    ];
    given(postDecider, passedOn)
      .when(command('Publish', 'editor', {}, ONE_LEVEL.settings))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'FactCheck', to: 'Published', by: holder('editor'), at: NOW },
        },
      ]);
  });

  it('a website with fourEyes off lets whoever saved publish', () => {
    const edited = [created(), submitted('Writer', 'Edit'), saved({ subtitle: 'Mine' }, holder('editor', T0))];
    given(postDecider, edited)
      .when(command('Publish', 'editor', {}, { ...MINIMAL.settings, fourEyes: false }))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'Edit', to: 'Published', by: holder('editor'), at: NOW },
        },
      ]);
  });
});

describe('regulated websites', () => {
  const inEdit = [created(), submitted('Writer', 'Edit')];
  const regulatedMinimal: Settings = { ...MINIMAL.settings, regulated: true };
  const approval = { type: 'PostRegulationApproved', data: { stage: 'Edit', by: holder('checker', T0), at: T0 } };

  it('Publish needs a regulation approval first', () => {
    given(postDecider, inEdit)
      .when(command('Publish', 'owner', {}, regulatedMinimal))
      .refused(422, REGULATION_REQUIRED);
    given(postDecider, inEdit)
      .when(command('ApproveRegulation', 'checker', {}, regulatedMinimal))
      .then([{ type: 'PostRegulationApproved', data: { stage: 'Edit', by: holder('checker'), at: NOW } }]);
    given(postDecider, [...inEdit, approval])
      .when(command('Publish', 'owner', {}, regulatedMinimal))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'Edit', to: 'Published', by: holder('owner'), at: NOW },
        },
      ]);
    given(postDecider, [...inEdit, approval])
      .when(command('ApproveRegulation', 'checker', {}, regulatedMinimal))
      .refused(422);
  });

  it('a content change after the approval needs a new one', () => {
    const changed = [...inEdit, approval, saved({ subtitle: 'A new claim' }, holder('editor', T0))];
    given(postDecider, changed)
      .when(command('Publish', 'owner', {}, regulatedMinimal))
      .refused(422, REGULATION_REQUIRED);
  });

  it('declining needs a note and returns the post to Edit, to whoever edited it', () => {
    const inFactCheck = [
      created(),
      submitted('Writer', 'Edit'),
      selected('Edit', holder('editor', T0)),
      submitted('Edit', 'Review', holder('editor', T0)),
      submitted('Review', 'FactCheck'),
    ];
    given(postDecider, inFactCheck)
      .when(command('DeclineRegulation', 'checker', {}, REGULATED.settings))
      .refused(422, NOTE_MISSING);
    given(postDecider, inFactCheck)
      .when(command('DeclineRegulation', 'checker', { note: 'The claim needs a source' }, REGULATED.settings))
      .then([
        {
          type: 'PostRegulationDeclined',
          data: {
            action: 'DeclineRegulation',
            from: 'FactCheck',
            to: 'Edit',
            by: holder('checker'),
            note: 'The claim needs a source',
            at: NOW,
            holder: holder('editor'),
          },
        },
      ]);
  });
});

describe('Publish, Delete, DeleteForever, Archive, ExportPage, KeepDraft', () => {
  const inEdit = [created(), submitted('Writer', 'Edit')];
  const live = [...inEdit, published('Edit')];
  const unpublished = [...live, moved('PostUnpublished', 'Delete', 'Published', 'Deleted')];

  it('Publish from the last stage records who, when and the note', () => {
    const events = given(postDecider, inEdit)
      .when(command('Publish', 'manager', { note: 'Go' }))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'Edit', to: 'Published', by: holder('manager'), note: 'Go', at: NOW },
        },
      ]);
    expect(postDecider.fold([...inEdit, ...events] as never[])).toMatchObject({
      status: 'Published',
      publishedAt: NOW,
      firstPublishedAt: NOW,
      holder: null,
    });
  });

  it('publishing needs a title, a slug, a body and the bios of the people it credits', () => {
    const bare = [
      created(AUTHOR, null, { title: 'Only a title' }, { words: 0, links: 0 }),
      submitted('Writer', 'Edit'),
    ];
    given(postDecider, bare).when(command('Publish', 'owner')).refused(422, 'Slug is missing!');
    const state = postDecider.fold(inEdit as never[]);
    expect(() =>
      postDecider.decide(
        {
          type: 'Publish',
          data: {},
          actor: actor('owner'),
          context: context(MINIMAL.settings, NOW, [{ field: 'expert', label: 'Expert' }]),
        },
        state,
      ),
    ).toThrow("click to add Expert's bio");
  });

  it('Delete unpublishes; Publish again from Deleted keeps the first publication date', () => {
    given(postDecider, live)
      .when(command('Delete', 'editor', { note: 'Outdated' }))
      .then([
        {
          type: 'PostUnpublished',
          data: { action: 'Delete', from: 'Published', to: 'Deleted', by: holder('editor'), note: 'Outdated', at: NOW },
        },
      ]);
    const events = given(postDecider, unpublished)
      .when(command('Publish', 'editor', {}, MINIMAL.settings, LATER))
      .then([
        {
          type: 'PostPublished',
          data: { action: 'Publish', from: 'Deleted', to: 'Published', by: holder('editor', LATER), at: LATER },
        },
      ]);
    expect(postDecider.fold([...unpublished, ...events] as never[])).toMatchObject({
      status: 'Published',
      publishedAt: LATER,
      firstPublishedAt: T0,
    });
  });

  it('DeleteForever purges an unpublished post (admins only); nothing acts on it afterwards', () => {
    given(postDecider, unpublished)
      .when(command('DeleteForever', 'cmsAdmin'))
      .then([{ type: 'PostDeletedForever', data: { by: holder('cmsAdmin'), at: NOW } }]);
    given(postDecider, unpublished).when(command('DeleteForever', 'manager')).refused(403);
    given(postDecider, live).when(command('DeleteForever', 'owner')).refused(422);
    const purged = [...unpublished, { type: 'PostDeletedForever', data: { by: holder('owner', T0), at: T0 } }];
    given(postDecider, purged).when(command('Publish', 'owner')).refused(422);
  });

  it('Archive (admins) from Published and from Deleted', () => {
    given(postDecider, live)
      .when(command('Archive', 'orgAdmin'))
      .then([
        {
          type: 'PostArchived',
          data: { action: 'Archive', from: 'Published', to: 'Archived', by: holder('orgAdmin'), at: NOW },
        },
      ]);
    given(postDecider, unpublished)
      .when(command('Archive', 'owner', { note: 'Old campaign' }))
      .then([
        {
          type: 'PostArchived',
          data: {
            action: 'Archive',
            from: 'Deleted',
            to: 'Archived',
            by: holder('owner'),
            note: 'Old campaign',
            at: NOW,
          },
        },
      ]);
    given(postDecider, live).when(command('Archive', 'editor')).refused(403, 'Your role may not Archive this post');
  });

  it('ExportPage records the format; only html and json', () => {
    given(postDecider, live)
      .when(command('ExportPage', 'checker', { format: 'json' }))
      .then([{ type: 'PostExported', data: { format: 'json', by: holder('checker'), at: NOW } }]);
    given(postDecider, live)
      .when(command('ExportPage', 'checker'))
      .then([{ type: 'PostExported', data: { format: 'html', by: holder('checker'), at: NOW } }]);
    given(postDecider, live)
      .when(command('ExportPage', 'checker', { format: 'pdf' }))
      .refused(422, 'format must be html or json');
  });

  it('KeepDraft is the system keeping a refused save', () => {
    const system: Actor = { userId: 'u-writer', name: 'Wendy Writer', roles: ['system'] };
    const data = {
      by: holder('writer', T0),
      changes: { title: 'My unsaved words' },
      baseVersion: 2,
      reason: 'taken_over',
    };
    given(postDecider, inEdit)
      .when(command('KeepDraft', system, data))
      .then([{ type: 'PostDraftKept', data: { ...data, at: NOW } }]);
  });

  it('an action the workflow does not have is refused', () => {
    given(postDecider, live)
      .when(command('Unpublish', 'owner'))
      .refused(422, 'Action Unpublish is not supported for a post');
    given(postDecider, []).when(command('Publish', 'owner')).refused(404);
  });
});
