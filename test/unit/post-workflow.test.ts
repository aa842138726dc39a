import { describe, expect, it } from 'vitest';
import { FOUR_EYES_REFUSAL, PURGED, REGULATION_REQUIRED, postDecider, type PostContext, type PostState } from '#libs/posts/src/domain/post.decider.js';
import { OPTIMISATION_LOCKED, OUTLINE_REQUIRED } from '#libs/posts/src/domain/post-fields.js';
import { enabledStages, type WorkflowSettings } from '#libs/posts/src/domain/stages.js';
import { NEW, mayTake, type Actor } from '#libs/platform/src/decider.js';
import { ConflictError, ForbiddenError, InvalidTransitionError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';

const ROLES = ['user', 'platform_admin', 'owner', 'admin', 'member', 'system', 'cms:admin', 'cms:manager', 'cms:editor', 'cms:reviewer', 'cms:creator', 'cms:analyst', 'cms:none'];
const actor = (role: string, userId = `u-${role}`): Actor => ({ userId, name: `User ${role}`, roles: ['user', role] });
const NOW = '2026-11-22T10:00:00.000Z';

/** Every combination of the website settings a post's workflow depends on. */
const SETTINGS: WorkflowSettings[] = [];
for (const secondEdit of [false, true])
  for (const customerReview of [false, true])
    for (const factCheckLevels of [0, 1, 2, 3, 4])
      for (const regulated of [false, true]) SETTINGS.push({ secondEdit, customerReview, factCheckLevels, regulated, fourEyes: true });

const content = { title: 'A title', slug: 'a-title', outline: '1. Intro', richText: { json: null, html: '<p>Body text</p>' } };
const created = postDecider.fold([
  {
    type: 'PostCreated',
    data: { organisationId: 'o', websiteId: 'w', locale: 'en', type: 'blog', content, words: 2, links: 0, by: { userId: 'u-author', name: 'Author', since: NOW }, holder: null },
  },
]);

/** A post in `status` that nobody holds, whose content only `u-author` saved. */
function inStatus(status: string, extra: Partial<PostState> = {}): PostState {
  if (status === NEW) return postDecider.initialState;
  return { ...created, status: status as PostState['status'], savers: ['u-author'], holder: null, regulationApproved: false, ...extra };
}

const DATA: Record<string, unknown> = {
  Create: { organisationId: 'o', websiteId: 'w', locale: 'en', type: 'blog', title: 'New' },
  Save: { title: 'Changed' },
  SendTo: { to: { userId: 'u-other', name: 'Other' } },
  KeepDraft: { by: { userId: 'u-x', name: 'X', since: NOW }, changes: { title: 'Lost?' }, baseVersion: 1, reason: 'taken_over' },
};
const dataFor = (action: string) => DATA[action] ?? { note: 'Because' };

/** States that make the row's guards pass in some settings: with and without a holder, returned or not, approved or not. */
function candidateStates(status: string, who: Actor): PostState[] {
  const base = inStatus(status);
  return [
    base,
    { ...base, regulationApproved: true },
    { ...base, holder: { userId: 'u-other', name: 'Other', since: NOW } },
    { ...base, holder: { userId: who.userId, name: 'Me', since: NOW } },
    { ...base, returnedFrom: 'FourthFactCheck' },
    { ...base, returnedFrom: 'ThirdFactCheck', regulationApproved: true },
  ];
}

describe('the post transition table', () => {
  const table = postDecider.table;

  it('declares the statuses of DESIGN.md (plus Purged for DeleteForever)', () => {
    expect(table.statuses).toEqual(['Writer', 'Edit', 'SecondEdit', 'Review', 'FactCheck', 'SecondFactCheck', 'ThirdFactCheck', 'FourthFactCheck', 'Published', 'Deleted', 'Archived', PURGED]);
  });

  for (const row of table.transitions) {
    for (const from of row.from) {
      for (const role of ROLES) {
        const who = actor(role);
        const allowed = mayTake(row.roles, who);
        it(`${row.action} from ${from} by ${role}: ${allowed ? 'allowed in some settings' : 'refused with 403'}`, () => {
          let succeeded = false;
          for (const settings of SETTINGS) {
            for (const state of candidateStates(from, who)) {
              const context: PostContext = { settings, now: NOW };
              const run = () => postDecider.decide({ type: row.action, data: dataFor(row.action), actor: who, context }, state);
              if (!allowed) {
                expect(run).toThrow(ForbiddenError);
                continue;
              }
              try {
                const events = run();
                const next = events.reduce(postDecider.evolve, state);
                if (row.to) expect(postDecider.statusOf(next)).toBe(row.to);
                expect(postDecider.allowedActions(from as never, who, state, context)).toContain(row.action);
                succeeded = true;
              } catch (error) {
                // Refused by a guard or a rule in these settings: always 409/422, never 403 or a crash.
                expect(error instanceof InvalidTransitionError || error instanceof ValidationError || error instanceof ConflictError, String(error)).toBe(true);
                expect(postDecider.allowedActions(from as never, who, state, context)).not.toContain(row.action === 'Save' ? 'nothing' : row.action);
              }
            }
          }
          if (allowed) expect(succeeded, `${row.action} from ${from} never succeeded`).toBe(true);
          if (!allowed) expect(postDecider.allowedActions(from as never, who)).not.toContain(row.action);
        });
      }
    }
  }

  it('refuses every action from a status its table does not list (422, or 404 before creation)', () => {
    const god: Actor = { userId: 'u-god', roles: ROLES };
    for (const status of [NEW, ...table.statuses]) {
      for (const action of postDecider.describe().actions) {
        if (table.transitions.some((t) => t.action === action && t.from.includes(status as never))) continue;
        const run = () => postDecider.decide({ type: action, data: dataFor(action), actor: god, context: { settings: SETTINGS.at(-1)!, now: NOW } }, inStatus(status));
        expect(run, `${action} from ${status}`).toThrow(status === NEW ? NotFoundError : InvalidTransitionError);
      }
    }
  });
});

describe('post rules beyond the table', () => {
  const editor = actor('cms:editor', 'u-editor');
  const checker = actor('cms:reviewer', 'u-checker');
  const writer = actor('cms:creator', 'u-writer');
  const owner = actor('owner', 'u-owner');
  const all: PostContext = { settings: { secondEdit: true, customerReview: true, factCheckLevels: 4, regulated: false, fourEyes: true }, now: NOW };
  const none: PostContext = { settings: { secondEdit: false, customerReview: false, factCheckLevels: 0, regulated: false, fourEyes: true }, now: NOW };
  const decide = (state: PostState, type: string, who: Actor, context: PostContext, data: unknown = {}) =>
    postDecider.decide({ type, data, actor: who, context }, state).reduce(postDecider.evolve, state);

  it('Submit goes to the next stage the website uses; settings changed later never strand a post', () => {
    expect(enabledStages(all.settings)).toHaveLength(8);
    expect(decide(inStatus('Edit'), 'SubmitForSecondEdit', editor, all).status).toBe('SecondEdit');
    expect(() => decide(inStatus('Edit'), 'SubmitForReview', editor, all)).toThrow(InvalidTransitionError);
    expect(decide(inStatus('Edit'), 'SubmitForFactCheck', editor, { ...all, settings: { ...all.settings, secondEdit: false, customerReview: false } }).status).toBe('FactCheck');
    // A post in SecondEdit after the website dropped second edit and fact checks can still be published.
    const stranded = inStatus('SecondEdit');
    expect(postDecider.allowedActions('SecondEdit', owner, stranded, none)).toContain('Publish');
    expect(decide(stranded, 'Publish', owner, none).status).toBe('Published');
    // ... and a post in a fact-check level the website no longer has moves on with ApproveFactCheck.
    expect(decide(inStatus('ThirdFactCheck'), 'ApproveFactCheck', checker, { ...all, settings: { ...all.settings, factCheckLevels: 1 } }).status).toBe('Published');
  });

  it('ApproveFactCheck moves through each level, then publishes', () => {
    let state = inStatus('FactCheck');
    for (const next of ['SecondFactCheck', 'ThirdFactCheck', 'FourthFactCheck', 'Published']) {
      state = decide(state, 'ApproveFactCheck', checker, all);
      expect(state.status).toBe(next);
    }
    expect(state.publishedAt).toBe(NOW);
  });

  it('four eyes: whoever saved the content may not approve a fact check or publish it', () => {
    const saved = decide(inStatus('FactCheck'), 'Save', checker, all, { title: 'Checked title' });
    expect(saved.savers).toContain('u-checker');
    expect(() => decide(saved, 'ApproveFactCheck', checker, all)).toThrow(FOUR_EYES_REFUSAL);
    expect(postDecider.allowedActions('FactCheck', checker, saved, all)).not.toContain('ApproveFactCheck');
    const last = inStatus('Edit', { savers: ['u-author', 'u-owner'] });
    expect(() => decide(last, 'Publish', owner, none)).toThrow(FOUR_EYES_REFUSAL);
    expect(decide(last, 'Publish', owner, { ...none, settings: { ...none.settings, fourEyes: false } }).status).toBe('Published');
  });

  it('regulated websites need a regulation approval before publishing; a content change needs it again; decline returns to Edit', () => {
    const regulated: PostContext = { ...none, settings: { ...none.settings, regulated: true } };
    const edit = inStatus('Edit');
    expect(() => decide(edit, 'Publish', owner, regulated)).toThrow(REGULATION_REQUIRED);
    const approved = decide(edit, 'ApproveRegulation', checker, regulated);
    expect(approved.regulationApproved).toBe(true);
    expect(decide(approved, 'Publish', owner, regulated).status).toBe('Published');
    const changed = decide(approved, 'Save', editor, regulated, { subtitle: 'New claim' });
    expect(changed.regulationApproved).toBe(false);
    expect(() => decide(approved, 'DeclineRegulation', checker, regulated)).toThrow('note is missing!');
    const declined = decide(inStatus('FactCheck'), 'DeclineRegulation', checker, { ...all, settings: { ...all.settings, regulated: true } }, { note: 'Claim needs a source' });
    expect(declined.status).toBe('Edit');
  });

  it('a writer submits for edit only with an outline and a body', () => {
    const empty = inStatus('Writer', { content: { title: 'T', words: 0, links: 0 } });
    try {
      decide(empty, 'SubmitForEdit', writer, none);
      expect.unreachable();
    } catch (error) {
      expect((error as ValidationError).errors).toEqual({ outline: OUTLINE_REQUIRED, richText: 'richText is missing!' });
    }
    expect(decide(inStatus('Writer'), 'SubmitForEdit', writer, none).status).toBe('Edit');
  });

  it('returns need a note and go back to whoever held that stage', () => {
    let state = decide(inStatus('Writer'), 'Select', writer, none);
    state = decide(state, 'SubmitForEdit', writer, none);
    expect(state.holder).toBeNull();
    expect(() => decide(state, 'ReturnToWriter', editor, none)).toThrow('note is missing!');
    state = decide(state, 'ReturnToWriter', editor, none, { note: 'Add sources' });
    expect(state.status).toBe('Writer');
    expect(state.holder?.userId).toBe('u-writer');
  });

  it('select, discard, take over; the old holder saving afterwards gets 409 naming who took it and when', () => {
    let state = decide(inStatus('Edit'), 'Select', editor, all);
    expect(state.holder).toMatchObject({ userId: 'u-editor' });
    expect(() => decide(state, 'Select', owner, all)).toThrow(InvalidTransitionError);
    const other = actor('cms:manager', 'u-manager');
    state = postDecider.decide({ type: 'TakeOver', data: {}, actor: other, context: { ...all, now: '2026-11-22T11:00:00.000Z' } }, state).reduce(postDecider.evolve, state);
    expect(state.holder).toMatchObject({ userId: 'u-manager', name: 'User cms:manager' });
    try {
      decide(state, 'Save', editor, all, { title: 'My edit' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as Error).message).toBe('User cms:manager took over this page at 2026-11-22T11:00:00.000Z. Your changes were kept as a draft.');
    }
    state = decide(state, 'Discard', other, all);
    expect(state.holder).toBeNull();
    // Saving a page nobody holds claims it.
    state = decide(state, 'Save', editor, all, { title: 'My edit' });
    expect(state.holder?.userId).toBe('u-editor');
    expect(state.content.title).toBe('My edit');
  });

  it('posts under optimisation cannot change vertical or dates', () => {
    const optimised = inStatus('Published', { content: { ...created.content, optimisation: true, category: 'Health', dueDate: '2026-12-01' } });
    expect(() => decide(optimised, 'Save', editor, none, { category: 'Finance' })).toThrow(OPTIMISATION_LOCKED);
    expect(() => decide(optimised, 'Save', editor, none, { dueDate: '2027-01-01' })).toThrow(OPTIMISATION_LOCKED);
    expect(decide(optimised, 'Save', editor, none, { title: 'Better title' }).content.title).toBe('Better title');
  });

  it('publishing needs a title, a slug and a body', () => {
    const bare = inStatus('Edit', { content: { title: 'T', words: 0, links: 0 } });
    expect(() => decide(bare, 'Publish', owner, none)).toThrow('slug is missing!');
  });
});
