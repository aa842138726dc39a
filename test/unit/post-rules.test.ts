import { describe, expect, it } from '@jest/globals';
import type { Actor, DomainEvent } from '#libs/platform/src/decider.js';
import { NOTE_MAX_LENGTH, noteSchema, optionalNote, requireNote } from '#libs/posts/src/domain/post-fields.js';
import { saveConflict, sendToRefusal, type SendToCandidate } from '#libs/posts/src/domain/post-rules.js';
import { POST_TABS, inTab, isYourPost, tabsOf, type PostTabFacts } from '#libs/posts/src/domain/post-tabs.js';
import { postDecider } from '#libs/posts/src/domain/post.decider.js';
import { TABS } from '#libs/posts/src/projections/queries.js';
import { statusOf } from '../support/given.js';

/**
 * The business rules the posts controller used to keep (issue 11 point 4), now in the posts
 * domain: which posts each CMS tab shows, who may receive a post (SendTo), the save that meets
 * someone else's page (the dry-run decide), and the note of an action. Every expectation is
 * written out here by hand from the spec and DESIGN.md.
 */

const T0 = '2026-11-22T09:00:00.000Z';
const NOW = '2026-11-22T10:00:00.000Z';
const SETTINGS = { secondEdit: false, customerReview: false, factCheckLevels: 0, regulated: false, fourEyes: true };

/** A post as the tabs see it: waiting in the writers' pool, outside any cluster, without a body, unless told. */
const post = (status: string, facts: Partial<PostTabFacts> = {}): PostTabFacts => ({
  status,
  holderId: null,
  clusterId: null,
  hasBody: false,
  ...facts,
});

describe('the CMS tabs (seed 000 section 2)', () => {
  it('are these, in the console order', () => {
    expect(Object.keys(POST_TABS)).toEqual([
      'strategy',
      'briefs',
      'outline',
      'create',
      'edit',
      'review',
      'fact-check-1',
      'fact-check-2',
      'fact-check-3',
      'fact-check-4',
      'in-progress',
      'published',
      'unpublished',
      'archived',
      'all',
    ]);
  });

  it.each([
    ['a brief nobody took yet', ['briefs', 'in-progress', 'all'], post('Writer')],
    [
      'a brief of a content-strategy cluster nobody took yet',
      ['strategy', 'in-progress', 'all'],
      post('Writer', { clusterId: 'cluster-1' }),
    ],
    [
      'a taken brief without a body: an outline',
      ['outline', 'in-progress', 'all'],
      post('Writer', { holderId: 'u-writer' }),
    ],
    [
      'a taken brief of a cluster without a body: an outline too',
      ['outline', 'in-progress', 'all'],
      post('Writer', { holderId: 'u-writer', clusterId: 'cluster-1' }),
    ],
    [
      'a taken post with a body: being created',
      ['create', 'in-progress', 'all'],
      post('Writer', { holderId: 'u-writer', hasBody: true }),
    ],
    ['a waiting brief that has a body already', ['briefs', 'in-progress', 'all'], post('Writer', { hasBody: true })],
    [
      'a post in Edit, held or not',
      ['edit', 'in-progress', 'all'],
      post('Edit', { holderId: 'u-editor', hasBody: true }),
    ],
    ['a post in the second edit', ['review', 'in-progress', 'all'], post('SecondEdit')],
    ['a post in customer review', ['review', 'in-progress', 'all'], post('Review')],
    ['a post at the first fact check', ['fact-check-1', 'in-progress', 'all'], post('FactCheck')],
    ['a post at the second fact check', ['fact-check-2', 'in-progress', 'all'], post('SecondFactCheck')],
    ['a post at the third fact check', ['fact-check-3', 'in-progress', 'all'], post('ThirdFactCheck')],
    ['a post at the fourth fact check', ['fact-check-4', 'in-progress', 'all'], post('FourthFactCheck')],
    ['a published post', ['published', 'all'], post('Published', { hasBody: true })],
    ['an unpublished (deleted) post', ['unpublished', 'all'], post('Deleted')],
    ['an archived post', ['archived', 'all'], post('Archived')],
  ])('%s shows in %j', (_name, tabs, facts) => {
    expect(tabsOf(facts)).toEqual(tabs);
  });

  it('the posts read side asks its read model the same, as these conditions', () => {
    expect(TABS).toEqual({
      strategy: `status = 'Writer' AND holder_id IS NULL AND cluster_id IS NOT NULL`,
      briefs: `status = 'Writer' AND holder_id IS NULL AND cluster_id IS NULL`,
      outline: `status = 'Writer' AND holder_id IS NOT NULL AND NOT has_body`,
      create: `status = 'Writer' AND holder_id IS NOT NULL AND has_body`,
      edit: `status = 'Edit'`,
      review: `status IN ('SecondEdit', 'Review')`,
      'fact-check-1': `status = 'FactCheck'`,
      'fact-check-2': `status = 'SecondFactCheck'`,
      'fact-check-3': `status = 'ThirdFactCheck'`,
      'fact-check-4': `status = 'FourthFactCheck'`,
      'in-progress': `status IN ('Writer', 'Edit', 'SecondEdit', 'Review', 'FactCheck', 'SecondFactCheck', 'ThirdFactCheck', 'FourthFactCheck')`,
      published: `status = 'Published'`,
      unpublished: `status = 'Deleted'`,
      archived: `status = 'Archived'`,
      all: 'true',
    });
    expect(Object.keys(TABS)).toEqual(Object.keys(POST_TABS));
  });

  it('a rule with no conditions takes every post; each condition narrows it', () => {
    expect(inTab({}, post('Archived'))).toBe(true);
    expect(inTab({ held: true }, post('Edit'))).toBe(false);
    expect(inTab({ held: false }, post('Edit'))).toBe(true);
    expect(inTab({ inCluster: true }, post('Edit'))).toBe(false);
    expect(inTab({ hasBody: true }, post('Edit'))).toBe(false);
    expect(inTab({ hasBody: false }, post('Edit'))).toBe(true);
    expect(inTab({ statuses: ['Edit', 'Published'] }, post('Published'))).toBe(true);
    expect(inTab({ statuses: ['Edit', 'Published'] }, post('Writer'))).toBe(false);
  });

  it('"Your Posts" are the ones the person writes, holds or created', () => {
    const none = { writerId: null, holderId: null, createdBy: null };
    expect(isYourPost({ ...none, writerId: 'u-me' }, 'u-me')).toBe(true);
    expect(isYourPost({ ...none, holderId: 'u-me' }, 'u-me')).toBe(true);
    expect(isYourPost({ ...none, createdBy: 'u-me' }, 'u-me')).toBe(true);
    expect(isYourPost({ writerId: 'u-other', holderId: 'u-other', createdBy: 'u-other' }, 'u-me')).toBe(false);
    expect(isYourPost(none, 'u-me')).toBe(false);
  });
});

describe('SendTo: who may receive a post', () => {
  const member = (
    orgRole: string,
    cmsRole: string | null,
    websiteIds: string[] | null = ['site-1'],
    status = 'accepted',
  ): SendToCandidate => ({
    name: 'Sam Someone',
    status,
    orgRole,
    cmsRole,
    websiteIds,
  });
  const inStage = (status: string, websiteId = 'site-1') => ({ status, websiteId });

  it('nobody who is not an accepted member of the organisation', () => {
    expect(sendToRefusal(null, 'u-sam', inStage('Edit'))).toBe(
      'This person is not an active member of the organisation',
    );
    expect(sendToRefusal(member('member', 'editor', ['site-1'], 'invited'), 'u-sam', inStage('Edit'))).toBe(
      'This person is not an active member of the organisation',
    );
    expect(sendToRefusal(member('member', 'editor', ['site-1'], 'deactivated'), 'u-sam', inStage('Edit'))).toBe(
      'This person is not an active member of the organisation',
    );
  });

  it('a member only on the websites of their membership; owners and admins on every one', () => {
    expect(sendToRefusal(member('member', 'editor', ['site-2']), 'u-sam', inStage('Edit'))).toBe(
      'Sam Someone does not work on this website',
    );
    expect(sendToRefusal(member('member', 'editor', null), 'u-sam', inStage('Edit'))).toBe(
      'Sam Someone does not work on this website',
    );
    expect(sendToRefusal(member('member', 'editor', ['site-1']), 'u-sam', inStage('Edit'))).toBeNull();
    expect(sendToRefusal(member('owner', null, null), 'u-sam', inStage('Edit', 'site-9'))).toBeNull();
    expect(sendToRefusal(member('admin', null, []), 'u-sam', inStage('FactCheck', 'site-9'))).toBeNull();
  });

  it('only someone whose role works the stage, named by its label', () => {
    expect(sendToRefusal(member('member', 'creator'), 'u-sam', inStage('Writer'))).toBeNull();
    expect(sendToRefusal(member('member', 'creator'), 'u-sam', inStage('Edit'))).toBe(
      'Sam Someone cannot work on the Edit stage',
    );
    expect(sendToRefusal(member('member', 'creator'), 'u-sam', inStage('SecondEdit'))).toBe(
      'Sam Someone cannot work on the Review stage',
    );
    expect(sendToRefusal(member('member', 'reviewer'), 'u-sam', inStage('Edit'))).toBe(
      'Sam Someone cannot work on the Edit stage',
    );
    expect(sendToRefusal(member('member', 'reviewer'), 'u-sam', inStage('FactCheck'))).toBeNull();
    expect(sendToRefusal(member('member', 'reviewer'), 'u-sam', inStage('Review'))).toBeNull();
    expect(sendToRefusal(member('member', 'editor'), 'u-sam', inStage('ThirdFactCheck'))).toBeNull();
    expect(sendToRefusal(member('member', null), 'u-sam', inStage('Writer'))).toBe(
      'Sam Someone cannot work on the Writing stage',
    );
    expect(sendToRefusal(member('member', 'analyst'), 'u-sam', inStage('FourthFactCheck'))).toBe(
      'Sam Someone cannot work on the Fourth fact check stage',
    );
  });
});

describe('a save meets the page someone else holds before anything else (the dry-run decide)', () => {
  const wendy = { userId: 'u-writer', name: 'Wendy Writer', since: T0 };
  const walt = { userId: 'u-walt', name: 'Walt Writer', since: T0 };
  const asActor = (who: { userId: string; name: string }, roles: string[]): Actor => ({
    userId: who.userId,
    name: who.name,
    roles,
  });
  const WRITER_ROLES = ['user', 'member', 'cms:creator', 'cro:none'];
  const created = (holder: typeof wendy | null): DomainEvent => ({
    type: 'PostCreated',
    data: {
      organisationId: 'org-1',
      websiteId: 'site-1',
      locale: 'en',
      type: 'blog',
      content: { title: 'Basil' },
      words: 0,
      links: 0,
      by: wendy,
      holder,
    },
  });
  const stateOf = (events: DomainEvent[]) => postDecider.fold(events as never[]);
  const save = (actor: Actor) => ({
    actor,
    data: { title: 'Basil and thyme' },
    context: { settings: SETTINGS, now: NOW },
  });

  it('someone else holds the page: 409 naming them and since when', () => {
    const conflict = saveConflict(stateOf([created(walt)]), save(asActor(wendy, WRITER_ROLES)));
    expect(conflict && { status: statusOf(conflict), message: conflict.message, details: conflict.details }).toEqual({
      status: 409,
      message: `Walt Writer is working on this page since ${T0}. Your changes were kept as a draft.`,
      details: { reason: 'held', holder: walt },
    });
  });

  it('the page was taken from the one saving: 409 saying who took it over and when', () => {
    const takenOver: DomainEvent = {
      type: 'PostTakenOver',
      data: { stage: 'Writer', by: { ...walt, since: NOW }, from: wendy },
    };
    const conflict = saveConflict(stateOf([created(wendy), takenOver]), save(asActor(wendy, WRITER_ROLES)));
    expect(conflict && { status: statusOf(conflict), message: conflict.message, details: conflict.details }).toEqual({
      status: 409,
      message: `Walt Writer took over this page at ${NOW}. Your changes were kept as a draft.`,
      details: { reason: 'taken_over', holder: { ...walt, since: NOW } },
    });
  });

  it('no conflict for the holder or for nobody holding it', () => {
    expect(saveConflict(stateOf([created(wendy)]), save(asActor(wendy, WRITER_ROLES)))).toBeNull();
    expect(saveConflict(stateOf([created(null)]), save(asActor(wendy, WRITER_ROLES)))).toBeNull();
  });

  it('holding is holding: owners and CMS admins meet the same conflict as anyone (they take the page over first)', () => {
    const held = {
      status: 409,
      message: `Walt Writer is working on this page since ${T0}. Your changes were kept as a draft.`,
      details: { reason: 'held', holder: walt },
    };
    for (const boss of [
      asActor({ userId: 'u-owner', name: 'Olivia Owner' }, ['user', 'owner', 'cms:none', 'cro:none']),
      asActor({ userId: 'u-cms-admin', name: 'Cora' }, ['user', 'member', 'cms:admin', 'cro:none']),
    ]) {
      const conflict = saveConflict(stateOf([created(walt)]), save(boss));
      expect(conflict && { status: statusOf(conflict), message: conflict.message, details: conflict.details }).toEqual(
        held,
      );
    }
  });

  it('a save the table refuses anyway is no conflict: its own refusal comes when it is decided', () => {
    const analyst = asActor({ userId: 'u-analyst', name: 'Andy Analyst' }, [
      'user',
      'member',
      'cms:analyst',
      'cro:admin',
    ]);
    expect(saveConflict(stateOf([created(walt)]), save(analyst))).toBeNull();
    expect(() => postDecider.decide({ type: 'Save', ...save(analyst) }, stateOf([created(walt)]))).toThrow(
      expect.objectContaining({ statusCode: 403 }) as never,
    );
  });
});

describe("an action's note", () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return {
        status: statusOf(error),
        message: (error as Error).message,
        errors: (error as { errors?: unknown }).errors,
      };
    }
    throw new Error('not refused');
  };

  it('is at most 5000 characters', () => {
    expect(NOTE_MAX_LENGTH).toBe(5000);
  });

  it('a return needs one: trimmed; missing, blank or too long is refused on the note field', () => {
    expect(requireNote({ note: '  Needs a source  ' })).toBe('Needs a source');
    expect(requireNote({ note: 'x'.repeat(5000) })).toBe('x'.repeat(5000));
    expect(refusal(() => requireNote({}))).toEqual({
      status: 422,
      message: 'Note is missing!',
      errors: { note: 'Note is missing!' },
    });
    expect(refusal(() => requireNote(undefined))).toEqual({
      status: 422,
      message: 'Note is missing!',
      errors: { note: 'Note is missing!' },
    });
    expect(refusal(() => requireNote({ note: '   ' }))).toEqual({
      status: 422,
      message: 'Note is missing!',
      errors: { note: 'Note is missing!' },
    });
    expect(refusal(() => requireNote({ note: 42 }))).toEqual({
      status: 422,
      message: 'Note is missing!',
      errors: { note: 'Note is missing!' },
    });
    expect(refusal(() => requireNote({ note: 'x'.repeat(5001) }))).toEqual({
      status: 422,
      message: 'The maximum length is 5000 characters',
      errors: { note: 'The maximum length is 5000 characters' },
    });
  });

  it('other actions may carry one: absent, null or empty is none; not text or too long is refused', () => {
    expect(optionalNote({ note: ' Looks good ' })).toBe('Looks good');
    expect(optionalNote({})).toBeUndefined();
    expect(optionalNote(undefined)).toBeUndefined();
    expect(optionalNote({ note: null })).toBeUndefined();
    expect(optionalNote({ note: '' })).toBeUndefined();
    expect(refusal(() => optionalNote({ note: 7 }))).toEqual({
      status: 422,
      message: 'Note must be text',
      errors: { note: 'Note must be text' },
    });
    expect(refusal(() => optionalNote({ note: 'x'.repeat(5001) }))).toEqual({
      status: 422,
      message: 'The maximum length is 5000 characters',
      errors: { note: 'The maximum length is 5000 characters' },
    });
  });

  it('the request schema checks the same length and type, with the same words', () => {
    expect(noteSchema.safeParse('x'.repeat(5000)).success).toBe(true);
    expect(noteSchema.safeParse('x'.repeat(5001)).error?.issues[0]?.message).toBe(
      'The maximum length is 5000 characters',
    );
    expect(noteSchema.safeParse(5).error?.issues[0]?.message).toBe('Note must be text');
  });
});
