// The expert/writer bio decider against a table typed by hand. Sources: seed 000 section 3
// ("Expert/writer bio: slug, status, display name, ..."), section 5 ("{field} is missing!",
// "click to add {field}'s bio": published pages credit their writer by bio); DESIGN.md
// ("Editor+" means editor, content_manager, admin and owner; organisation owners and admins may
// take every action; HTTP: 403 the role may not, 404 unknown, 422 not allowed in this state or
// a validation rule).
//
// The tables are in test/support/community-tables.ts (shared with the end-to-end test).
// Where those are silent, they record the product's decisions: bios are draft,
// published or deleted; Editor+ write, publish, unpublish and delete every bio; any member may
// write (create and edit) the bio that is about them, but only Editor+ publish it; writing
// someone else's bio is a refusal for who the actor is (403). Publishing needs a display name,
// a slug and a text, and a published bio keeps them.
//
// Nothing here reads the decider's own transition table: every expected answer is written out.
import { describe, expect, it } from '@jest/globals';
import {
  BIO_COLUMNS,
  BIO_TABLE,
  EDITORS,
  EXPERT_BIO_COLUMNS,
  EXPERT_BIO_TABLE,
  NON_EDITORS,
  ROLES,
  type RoleName,
} from '../support/community-tables.js';
import { NONE, checkTable, type Column } from '../support/decider-table.js';
import { given } from '../support/given.js';
import { bioDecider } from '#libs/experts/src/domain/bio.decider.js';
import type { Actor, DomainEvent } from '#libs/platform/src/decider.js';

const NOW = '2026-03-01T09:30:00.000Z';
const THEN = '2026-01-01T00:00:00.000Z';

const as = (userId: string, label: RoleName): Actor => ({ userId, name: `${label} (${userId})`, roles: ROLES[label] });

/** BIO_COLUMNS, on a writer bio about Wendy (u-wendy). */
const COLUMNS: Column[] = [
  { column: BIO_COLUMNS[0], actors: EDITORS.map((label) => as('u-eddie', label)) },
  { column: BIO_COLUMNS[1], actors: NON_EDITORS.map((label) => as('u-wendy', label)) },
  { column: BIO_COLUMNS[2], actors: NON_EDITORS.map((label) => as('u-carl', label)) },
];

const OWNER = { organisationId: 'org-1', websiteId: 'w-1', kind: 'writer', userId: 'u-wendy' };
const CONTENT = { displayName: 'Wendy Writer', slug: 'wendy-writer', text: 'Wendy writes about plants.' };
const created = { type: 'BioCreated', data: { ...OWNER, content: CONTENT } };
const published = { type: 'BioPublished', data: { at: THEN } };
const unpublished = { type: 'BioUnpublished', data: { at: THEN } };
const deleted = { type: 'BioDeleted', data: { at: THEN } };

const HISTORIES: Record<string, DomainEvent[][]> = {
  [NONE]: [[]],
  draft: [[created], [created, published, unpublished]],
  published: [
    [created, published],
    [created, { type: 'BioChanged', data: { changes: { quote: 'Less water.' } } }, published],
  ],
  deleted: [
    [created, deleted],
    [created, published, deleted],
  ],
};
const DATA: Record<string, unknown> = {
  Create: { ...OWNER, content: { displayName: 'Wendy Writer' } },
  Update: { title: 'Plant writer' },
  Publish: {},
  Unpublish: {},
  Delete: {},
};

describe('the writer bio table (typed by hand)', () => {
  checkTable({
    decider: bioDecider,
    columns: COLUMNS,
    rows: BIO_TABLE,
    histories: HISTORIES,
    data: DATA,
    context: () => ({ userId: 'u-wendy', now: NOW }),
  });
});

// An expert bio is about someone outside the organisation (no user): only Editor+ write it.
const EXPERT = { organisationId: 'org-1', websiteId: 'w-1', kind: 'expert', userId: null };
const expertCreated = {
  type: 'BioCreated',
  data: { ...EXPERT, content: { displayName: 'Dr. Olive Grün', slug: 'dr-olive-grun', text: 'Botanist.' } },
};

describe('the expert bio table (typed by hand)', () => {
  checkTable({
    decider: bioDecider,
    columns: [COLUMNS[0]!, { column: EXPERT_BIO_COLUMNS[1], actors: NON_EDITORS.map((label) => as('u-wendy', label)) }],
    rows: EXPERT_BIO_TABLE,
    histories: { [NONE]: [[]], draft: [[expertCreated]], published: [[expertCreated, published]] },
    data: { ...DATA, Create: { ...EXPERT, content: { displayName: 'Dr. Olive Grün' } } },
    context: () => ({ userId: null, now: NOW }),
  });
});

describe('bio events', () => {
  const editor = as('u-eddie', 'editor');
  const wendy = as('u-wendy', 'creator');
  const carl = as('u-carl', 'creator');

  it('Create records where the bio belongs, whose it is and what it says', () => {
    const events = given(bioDecider, [])
      .when({
        type: 'Create',
        data: { ...OWNER, content: { displayName: 'Wendy Writer', slug: 'wendy', categories: ['Herbs'] } },
        actor: wendy,
        context: { userId: 'u-wendy', now: NOW },
      })
      .then([
        {
          type: 'BioCreated',
          data: {
            organisationId: 'org-1',
            websiteId: 'w-1',
            kind: 'writer',
            userId: 'u-wendy',
            content: { displayName: 'Wendy Writer', slug: 'wendy', categories: ['Herbs'] },
          },
        },
      ]);
    expect(given(bioDecider, events).state).toEqual({
      status: 'draft',
      owner: { organisationId: 'org-1', websiteId: 'w-1', kind: 'writer', userId: 'u-wendy' },
      content: { displayName: 'Wendy Writer', slug: 'wendy', categories: ['Herbs'] },
    });
  });

  it('Update records only what changed; absent, null, empty text and empty lists all mean "nothing"', () => {
    given(bioDecider, [created])
      .when({ type: 'Update', data: { title: 'Plant writer', text: 'Wendy writes about plants.' }, actor: wendy })
      .then([{ type: 'BioChanged', data: { changes: { title: 'Plant writer' } } }]);
    given(bioDecider, [created])
      .when({
        type: 'Update',
        data: { categories: [], quote: null, role: '', text: 'Wendy writes about plants.' },
        actor: editor,
      })
      .then([]);
    const events = given(bioDecider, [created, published])
      .when({
        type: 'Update',
        data: { categories: ['Herbs', 'Soil'], socialUrls: ['https://social.example/wendy'] },
        actor: editor,
      })
      .then([
        {
          type: 'BioChanged',
          data: { changes: { categories: ['Herbs', 'Soil'], socialUrls: ['https://social.example/wendy'] } },
        },
      ]);
    expect(given(bioDecider, [created, published, ...events]).state).toMatchObject({
      status: 'published',
      content: { ...CONTENT, categories: ['Herbs', 'Soil'] },
    });
  });

  it('a published bio keeps what publishing needs: "Text is missing!" (422)', () => {
    given(bioDecider, [created, published])
      .when({ type: 'Update', data: { text: '  ' }, actor: editor })
      .refused(422, 'Text is missing!');
    given(bioDecider, [created, published])
      .when({ type: 'Update', data: { displayName: '' }, actor: wendy })
      .refused(422, 'Display name is missing!');
    // A draft may be incomplete.
    given(bioDecider, [created])
      .when({ type: 'Update', data: { text: '' }, actor: wendy })
      .then([{ type: 'BioChanged', data: { changes: { text: '' } } }]);
  });

  it('Publish records when; it needs a display name, a slug and a text ("{field} is missing!", 422)', () => {
    const events = given(bioDecider, [created])
      .when({ type: 'Publish', data: {}, actor: editor, context: { now: NOW } })
      .then([{ type: 'BioPublished', data: { at: NOW } }]);
    expect(given(bioDecider, [created, ...events]).state.status).toBe('published');

    const bare = { type: 'BioCreated', data: { ...OWNER, content: { displayName: 'Wendy Writer' } } };
    given(bioDecider, [bare])
      .when({ type: 'Publish', data: {}, actor: editor, context: { now: NOW } })
      .refused(422, 'Slug is missing!');
    let error: unknown;
    try {
      bioDecider.decide(
        { type: 'Publish', data: {}, actor: editor, context: { now: NOW } },
        given(bioDecider, [bare]).state,
      );
    } catch (caught) {
      error = caught;
    }
    expect((error as { errors?: unknown }).errors).toEqual({ slug: 'Slug is missing!', text: 'Text is missing!' });
    const noText = {
      type: 'BioCreated',
      data: { ...OWNER, content: { displayName: 'Wendy Writer', slug: 'wendy-writer', text: '   ' } },
    };
    given(bioDecider, [noText])
      .when({ type: 'Publish', data: {}, actor: editor, context: { now: NOW } })
      .refused(422, 'Text is missing!');
  });

  it('Unpublish and Delete record when', () => {
    const events = given(bioDecider, [created, published])
      .when({ type: 'Unpublish', data: {}, actor: editor, context: { now: NOW } })
      .then([{ type: 'BioUnpublished', data: { at: NOW } }]);
    expect(given(bioDecider, [created, published, ...events]).state.status).toBe('draft');
    const gone = given(bioDecider, [created])
      .when({ type: 'Delete', data: {}, actor: editor, context: { now: NOW } })
      .then([{ type: 'BioDeleted', data: { at: NOW } }]);
    expect(given(bioDecider, [created, ...gone]).state.status).toBe('deleted');
  });

  it('refusals say why', () => {
    given(bioDecider, [created])
      .when({ type: 'Update', data: { title: 'Mine now' }, actor: carl })
      .refused(403, 'Only editors may write the bios of others');
    given(bioDecider, [])
      .when({ type: 'Create', data: DATA.Create, actor: carl, context: { userId: 'u-wendy' } })
      .refused(403, 'Only editors may write the bios of others');
    given(bioDecider, [created])
      .when({ type: 'Publish', data: {}, actor: wendy })
      .refused(403, 'Your role may not Publish this bio');
    given(bioDecider, [created, published])
      .when({ type: 'Publish', data: {}, actor: editor })
      .refused(422, 'Publish is not allowed while the bio is published');
    given(bioDecider, []).when({ type: 'Unpublish', data: {}, actor: editor }).refused(404, 'The bio does not exist');
  });
});

describe('bio: edges', () => {
  const editor = as('u-eddie', 'editor');
  const wendy = as('u-wendy', 'creator');

  it('without a context saying whose bio it is, only an editor creates one (403 for anyone else)', () => {
    given(bioDecider, [])
      .when({ type: 'Create', data: DATA.Create, actor: wendy })
      .refused(403, 'Only editors may write the bios of others');
    given(bioDecider, [])
      .when({ type: 'Create', data: DATA.Create, actor: editor })
      .then([{ type: 'BioCreated', data: { ...OWNER, content: { displayName: 'Wendy Writer' } } }]);
  });

  it("Publish, Unpublish and Delete still decide without a context (the time is then not the caller's)", () => {
    given(bioDecider, [created])
      .when({ type: 'Publish', data: {}, actor: editor })
      .then([{ type: 'BioPublished', data: { at: expect.any(String) } }]);
    given(bioDecider, [created, published])
      .when({ type: 'Unpublish', data: {}, actor: editor })
      .then([{ type: 'BioUnpublished', data: { at: expect.any(String) } }]);
    given(bioDecider, [created])
      .when({ type: 'Delete', data: {}, actor: editor })
      .then([{ type: 'BioDeleted', data: { at: expect.any(String) } }]);
  });

  it("an event of a type it does not know (a later release's) leaves the bio as it was", () => {
    const g = given(bioDecider, [created, { type: 'BioSomethingNew', data: { anything: 1 } }]);
    expect(g.state).toEqual({ status: 'draft', owner: OWNER, content: CONTENT });
    g.when({ type: 'Publish', data: {}, actor: editor, context: { now: NOW } }).then([
      { type: 'BioPublished', data: { at: NOW } },
    ]);
  });
});
