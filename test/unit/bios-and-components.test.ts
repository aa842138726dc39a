// The bio decider (who may write which bio, what publishing needs) and the body components'
// validation, as pure functions.
import { describe, expect, it } from '@jest/globals';
import { bioDecider, type BioState } from '#libs/experts/src/domain/bio.decider.js';
import { NEW, type Actor } from '#libs/platform/src/decider.js';
import { ForbiddenError, InvalidTransitionError, ValidationError } from '#libs/platform/src/errors.js';
import { componentProblem, documentProblem } from '#libs/posts/src/domain/components.js';
import { postDecider, type PostState } from '#libs/posts/src/domain/post.decider.js';

const actor = (userId: string, ...roles: string[]): Actor => ({ userId, name: userId, roles });
const EDITOR_ROLES = [
  ['owner'],
  ['admin'],
  ['member', 'cms:admin'],
  ['member', 'cms:manager'],
  ['member', 'cms:editor'],
];
const OTHER_ROLES = [
  ['member', 'cms:creator'],
  ['member', 'cms:reviewer'],
  ['member', 'cms:analyst'],
  ['member', 'cms:none'],
  ['user'],
];
const owner = { organisationId: 'org-1', websiteId: 'w-1', kind: 'writer' as const, userId: 'u-wendy' };
const draft: BioState = bioDecider.fold([
  { type: 'BioCreated', data: { ...owner, content: { displayName: 'Wendy', slug: 'wendy', text: 'Writes.' } } },
]);

describe('bio decider', () => {
  it.each(EDITOR_ROLES)('editors (%s) create, update, publish, unpublish and delete any bio', (...roles) => {
    const editor = actor('u-editor', ...roles);
    expect(bioDecider.allowedActions(NEW, editor, bioDecider.initialState, { userId: 'u-wendy' })).toEqual(['Create']);
    expect(bioDecider.allowedActions('draft', editor, draft).sort()).toEqual(['Delete', 'Publish', 'Update']);
    const published = bioDecider.fold([
      ...[{ type: 'BioCreated', data: { ...owner, content: draft.content } }],
      { type: 'BioPublished', data: { at: 'now' } },
    ] as never);
    expect(bioDecider.allowedActions('published', editor, published).sort()).toEqual(['Delete', 'Unpublish', 'Update']);
  });

  it.each(OTHER_ROLES)('others (%s) create and update only their own bio, and never publish or delete', (...roles) => {
    const self = actor('u-wendy', ...roles);
    const stranger = actor('u-other', ...roles);
    expect(bioDecider.allowedActions(NEW, self, bioDecider.initialState, { userId: 'u-wendy' })).toEqual(['Create']);
    expect(bioDecider.allowedActions(NEW, stranger, bioDecider.initialState, { userId: 'u-wendy' })).toEqual([]);
    expect(bioDecider.allowedActions('draft', self, draft)).toEqual(['Update']);
    expect(bioDecider.allowedActions('draft', stranger, draft)).toEqual([]);
    expect(() => bioDecider.decide({ type: 'Publish', actor: self, data: {} }, draft)).toThrow(ForbiddenError);
    expect(() => bioDecider.decide({ type: 'Update', actor: stranger, data: { title: 'x' } }, draft)).toThrow(
      ForbiddenError,
    );
    expect(() => bioDecider.decide({ type: 'Update', actor: stranger, data: { title: 'x' } }, draft)).toThrow(
      'Only editors may write the bios of others',
    );
  });

  it('publishing needs display name, slug and text; a published bio keeps them', () => {
    const editor = actor('u-editor', 'owner');
    const empty = bioDecider.fold([
      { type: 'BioCreated', data: { ...owner, content: { displayName: 'Wendy', slug: 'wendy' } } },
    ]);
    expect(() => bioDecider.decide({ type: 'Publish', actor: editor, data: {} }, empty)).toThrow('Text is missing!');
    const events = bioDecider.decide(
      { type: 'Publish', actor: editor, data: {}, context: { now: '2026-11-22T10:00:00Z' } },
      draft,
    );
    expect(events).toEqual([{ type: 'BioPublished', data: { at: '2026-11-22T10:00:00Z' } }]);
    const published = events.reduce(bioDecider.evolve, draft);
    expect(() => bioDecider.decide({ type: 'Update', actor: editor, data: { text: ' ' } }, published)).toThrow(
      ValidationError,
    );
    expect(bioDecider.decide({ type: 'Update', actor: editor, data: { text: 'Writes.' } }, published)).toEqual([]);
    // Absent, null, '' and [] are all "nothing": a form sending empty lists back changes nothing.
    expect(
      bioDecider.decide(
        { type: 'Update', actor: editor, data: { categories: [], quote: null, role: '', text: 'Writes.' } },
        published,
      ),
    ).toEqual([]);
    expect(bioDecider.decide({ type: 'Update', actor: editor, data: { categories: ['Herbs'] } }, published)).toEqual([
      { type: 'BioChanged', data: { changes: { categories: ['Herbs'] } } },
    ]);
    expect(() => bioDecider.decide({ type: 'Publish', actor: editor, data: {} }, published)).toThrow(
      InvalidTransitionError,
    );
  });
});

describe('publishing a post needs a bio for everyone it credits', () => {
  const editor = actor('u-editor', 'owner');
  const settings = { secondEdit: false, customerReview: false, factCheckLevels: 0, regulated: false, fourEyes: true };
  const writer = actor('u-w', 'member', 'cms:creator');
  const data = {
    organisationId: 'org-1',
    websiteId: 'w-1',
    locale: 'en',
    type: 'blog',
    title: 'T',
    slug: 't',
    richText: { json: null, html: '<p>x</p>' },
  };
  const post: PostState = postDecider.fold(
    postDecider.decide(
      { type: 'Create', actor: writer, data, context: { settings, now: 'now' } },
      postDecider.initialState,
    ),
  );
  const inEdit = { ...post, status: 'Edit' as const, holder: null };

  it('refuses Publish with the spec prompt per missing bio, and publishes once none is missing', () => {
    const missingBios = [
      { field: 'writer' as const, label: 'Writer' },
      { field: 'expert' as const, label: 'Expert' },
    ];
    try {
      postDecider.decide(
        { type: 'Publish', actor: editor, data: {}, context: { settings, now: 'now', missingBios } },
        inEdit,
      );
      throw new Error('Publish was not refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors).toEqual({
        writerBio: "click to add Writer's bio",
        expertBio: "click to add Expert's bio",
      });
    }
    expect(
      postDecider.decide(
        { type: 'Publish', actor: editor, data: {}, context: { settings, now: 'now', missingBios: [] } },
        inEdit,
      )[0]!.type,
    ).toBe('PostPublished');
  });
});

describe('body components', () => {
  it('accepts complete components and names the first problem of an incomplete one', () => {
    expect(
      componentProblem('callToAction', { text: 'Buy', url: 'https://x.example', variant: 'secondary' }),
    ).toBeNull();
    expect(
      componentProblem('productBox', { name: 'Can', url: 'https://x.example', rating: null, summary: '' }),
    ).toBeNull();
    expect(componentProblem('productBox', { name: 'Can', url: 'https://x.example', rating: 0 })).toBeNull();
    expect(componentProblem('productBox', { name: 'Can', url: 'https://x.example', rating: 5 })).toBeNull();
    expect(componentProblem('productBox', { name: 'Can', url: 'https://x.example', rating: 5.5 })).toBe(
      'Rating is entered 0 to 5',
    );
    expect(componentProblem('productBox', { name: 'Can', url: 'https://x.example', rating: '4' })).toBe(
      'Rating is entered 0 to 5',
    );
    expect(componentProblem('productBox', { name: 'Can' })).toBe('Product call-to-action link missing');
    expect(componentProblem('callToAction', { text: 'Buy', url: 'ftp://x.example' })).toBe(
      'Call to action: the link must be a valid URL',
    );
    expect(componentProblem('callToAction', { text: 'Buy', url: 'https://x.example', variant: 'loud' })).toBe(
      'Call to action: the style must be primary or secondary',
    );
    expect(componentProblem('faq', { items: 'nope' })).toBe('FAQ list is required');
    expect(componentProblem('faq', { items: [{ question: 'Q', answer: 'A' }, null] })).toBe(
      'FAQ: every item needs a question and an answer',
    );
    expect(componentProblem('callout', { tone: 'shout', text: 'Hi' })).toBe(
      'Callout: the tone must be info, tip or warning',
    );
  });

  it('walks the whole document, ignores other nodes and stops on absurd nesting', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph' },
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [{ type: 'callout', attrs: { tone: 'info' } }] }],
        },
      ],
    };
    expect(documentProblem(doc)).toBe('Callout: Text is missing!');
    expect(documentProblem({ type: 'doc', content: [{ type: 'image', attrs: { src: 'x' } }] })).toBeNull();
    expect(documentProblem(null)).toBeNull();
    let deep: Record<string, unknown> = { type: 'callout', attrs: {} };
    for (let i = 0; i < 200; i++) deep = { type: 'blockquote', content: [deep] };
    expect(documentProblem(deep)).toBeNull();
  });
});
