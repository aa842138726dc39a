import { EDITORS } from '#libs/organisations/src/domain/cms-roles.js';
import {
  ensureOrganisationProduct,
  memberOf,
  websiteOrganisation,
} from '#libs/organisations/src/projections/queries.js';
import { actorFor } from '#libs/platform/src/auth/viewer.js';
import { mayTake, type Actor } from '#libs/platform/src/decider.js';
import { ConflictError, ForbiddenError, ValidationError } from '#libs/platform/src/errors.js';
import { checkId } from '#libs/platform/src/http/records.js';
import { canReachWebsite, loadVisible, websiteScope } from '#libs/platform/src/http/tenancy.js';
import { runList, type ListDefinition } from '#libs/platform/src/list-query.js';
import { defineResource, type ResourceAction, type ResourceEnv } from '#libs/platform/src/resources/resource.js';
import { parseInput } from '#libs/platform/src/validation.js';
import {
  BIO_KINDS,
  BIO_KIND_LABELS,
  bioContentSchema,
  bioSlug,
  createBioSchema,
  type BioContent,
} from '../domain/bio-fields.js';
import {
  BIO_ACTION_LABELS,
  BIO_STATUSES,
  BIO_STATUS_LABELS,
  bioDecider,
  type BioContext,
  type BioState,
  type BioStatus,
} from '../domain/bio.decider.js';
import type { presentBio } from '../projections/bios.projection.js';
import { bioOfPerson, bioSlugTaken } from '../projections/queries.js';

/**
 * Expert and writer bios of a website (CMS settings, Bios tab) on the platform's resource
 * framework. Editors manage them all; a member may write their own. A post credits its writer,
 * expert and fact-checker by their published bio.
 */

export type BioRecord = ReturnType<typeof presentBio>;

const LIST: ListDefinition = {
  resource: 'bios',
  table: 'rm_bios',
  fields: {
    id: 'id',
    websiteId: 'website_id',
    kind: 'kind',
    userId: 'user_id',
    status: 'status',
    displayName: 'display_name',
    slug: 'slug',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  search: ['display_name', 'slug'],
  dateField: 'updatedAt',
  defaultSort: ['displayName', 'ASC'],
};

/** The CMS product holds the bios (writers and experts credited on posts). */
const PRODUCT = 'cms';

/** Every bio decision reads the time (the events record when a bio was published, unpublished, deleted). */
const now = () => ({ now: new Date().toISOString() });

/** Editors write every bio; other members only their own (403 otherwise, before anything else). */
function ensureMayWrite(actor: Actor, subject: string | null) {
  if (!mayTake(EDITORS, actor) && subject !== actor.userId)
    throw new ForbiddenError('Only editors may write the bios of others');
}

/** A writer bio is about an active member of the organisation who works on that website. */
async function ensureMember(env: ResourceEnv, organisationId: string, userId: string, websiteId: string) {
  checkId(userId);
  const member = await memberOf(env.db, organisationId, userId);
  if (!member || member.status !== 'accepted')
    throw ValidationError.field('userId', 'This person is not an active member of the organisation');
  const existing = await bioOfPerson(env.db, websiteId, userId);
  if (existing)
    throw new ConflictError(
      `${member.name} already has a bio on this website`,
      { userId: `${member.name} already has a bio on this website` },
      { bioId: existing },
    );
}

async function ensureSlugFree(env: ResourceEnv, websiteId: string, slug: string, except: string | null) {
  if (await bioSlugTaken(env.db, websiteId, slug, except))
    throw new ConflictError('Another bio of this website already has this slug', {
      slug: 'Another bio of this website already has this slug',
    });
}

/** Publish, Unpublish, Delete: no data, the time. */
const timed: ResourceAction<BioRecord> = { context: now };

export const BIOS = defineResource<BioRecord>({
  resource: 'bios',
  stream: 'bio',
  label: 'Bio',
  decider: bioDecider,
  /**
   * The kinds (one and several), the statuses a listed bio can have (a deleted bio leaves the list)
   * and the actions of its buttons, with their labels.
   */
  options: () => ({
    kinds: BIO_KINDS.map((id) => ({ id, ...BIO_KIND_LABELS[id] })),
    statuses: BIO_STATUSES.filter((id) => id !== 'deleted').map((id) => ({ id, name: BIO_STATUS_LABELS[id] })),
    actions: Object.entries(BIO_ACTION_LABELS).map(([id, name]) => ({ id, name })),
  }),
  list: (env, query) =>
    runList<BioRecord>(env.db, LIST, query, websiteScope(env.viewer, 'organisation_id', 'website_id')),
  load: (env, id) =>
    loadVisible<BioRecord>(
      env.db,
      env.viewer,
      { table: 'rm_bios', label: 'Bio', organisationOf: (r) => r.organisationId, websiteOf: (r) => r.websiteId },
      id,
    ),
  stateOf: (record): BioState => ({ status: record.status as BioStatus, owner: record, content: record }),
  async create(body, env) {
    const input = parseInput(createBioSchema, body);
    checkId(input.websiteId);
    const organisationId = await websiteOrganisation(env.db, input.websiteId);
    if (!organisationId || !canReachWebsite(env.viewer, organisationId, input.websiteId))
      throw ValidationError.field('websiteId', 'Website not found');
    await ensureOrganisationProduct(env.db, organisationId, PRODUCT);
    const kind = input.kind ?? (input.userId ? 'writer' : 'expert');
    const userId = input.userId ?? null;
    if (kind === 'writer' && !userId)
      throw ValidationError.field('userId', 'A writer bio needs the member it is about (userId)');
    ensureMayWrite(actorFor(env.viewer, organisationId), userId);
    if (userId) await ensureMember(env, organisationId, userId, input.websiteId);
    const { websiteId, kind: _k, userId: _u, ...fields } = input;
    const content: BioContent = { ...fields, slug: fields.slug || bioSlug(fields.displayName) };
    await ensureSlugFree(env, websiteId, content.slug!, null);
    const context: BioContext = { userId, ...now() };
    return { organisationId, data: { organisationId, websiteId, kind, userId, content }, context };
  },
  update: 'Update',
  remove: 'Delete',
  actions: {
    Publish: timed,
    Unpublish: timed,
    // The content's fields only (react-admin sends the whole record back); a changed slug must be free on the website.
    Update: {
      async input(body, record, env) {
        const editable = Object.keys(bioContentSchema.shape);
        const data = parseInput(
          bioContentSchema,
          Object.fromEntries(Object.entries(body).filter(([k]) => editable.includes(k))),
        );
        ensureMayWrite(actorFor(env.viewer, record.organisationId), record.userId);
        if (data.slug !== undefined && data.slug !== record.slug)
          await ensureSlugFree(env, record.websiteId, data.slug, record.id);
        return data;
      },
      context: now,
    },
    Delete: timed,
  },
});
