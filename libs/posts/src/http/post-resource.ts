import type { CommandBus } from '@nestjs/cqrs';
import { isExpertBio } from '#libs/platform/src/contributed-facts.js';
import { POST } from '../domain/deciders.js';
import { ensureOrganisationProduct, memberOf, websitesByIds } from '#libs/organisations/src/projections/queries.js';
import { allowed } from '#libs/platform/src/allow-list.js';
import { actorFor } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { NEW, type Actor } from '#libs/platform/src/decider.js';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';
import { checkId, expectedVersionOf } from '#libs/platform/src/http/records.js';
import { canReachWebsite } from '#libs/platform/src/http/tenancy.js';
import { escapeHtml } from '#libs/platform/src/html.js';
import {
  aside,
  defineResource,
  type ResourceAction,
  type ResourceEnv,
  type ResourceRecord,
} from '#libs/platform/src/resources/resource.js';
import { missing, notText, parseInput, z } from '#libs/platform/src/validation.js';
import {
  NOTE_MAX_LENGTH,
  POST_FIELD_LABELS as L,
  POST_TYPES,
  contentSchema,
  createSchema,
  noteSchema,
  postSlug,
  type PostContent,
} from '../domain/post-fields.js';
import { ACTION_LABELS, OTHER_STATUS_LABELS, ROLE_LABELS } from '../domain/post-labels.js';
import { saveConflict, sendToRefusal } from '../domain/post-rules.js';
import { POST_TABS } from '../domain/post-tabs.js';
import { PURGED, postDecider, type Holder, type PostContext, type PostState } from '../domain/post.decider.js';
import { POST_STATUSES, STATUS_LABELS, enabledStages, type WorkflowSettings } from '../domain/stages.js';
import { presentPost } from '../projections/posts.projection.js';
import { listPosts, postById, postStates } from '../projections/queries.js';
import { bioPromptsFor } from './bio-prompts.js';

/**
 * Posts on the platform's resource framework (libs/platform/src/resources): the CMS workflow of
 * seed 000. A post belongs to one website (and so its organisation, whose plan must include the
 * CMS); the decider decides with the website's workflow settings and the time.
 */

type WebsiteRow = {
  id: string;
  organisationId: string;
  status: string;
  defaultLocale: string;
  locales: { locale: string; urlPrefix: string }[];
  factCheckerDisplay?: boolean;
} & WorkflowSettings;

/**
 * A post as the routes read it: the record the posts projection writes, with the decider's own
 * state (`postState`, folded by the projection: the guards read it) and its website's row
 * (`postWebsite`: the workflow settings, the bios it credits) beside it, never answered.
 */
export type PostRecord = ResourceRecord & {
  websiteId: string;
  postState: PostState;
  postWebsite: WebsiteRow | undefined;
};

const actionSchema = z.object({ note: noteSchema.optional() }).passthrough();
const sendToSchema = z.object({
  userId: z.string({ error: (i) => (i.input === undefined ? missing(L.userId) : notText(L.userId)) }).max(100),
});
const bulkNoteSchema = z.object({ note: z.string().max(NOTE_MAX_LENGTH).optional() });

/** The spec's wording when an action fails (seed 000 section 8). */
const FAILURE_VERB: Record<string, string> = {
  Publish: 'publish',
  Save: 'save',
  Delete: 'delete',
  DeleteForever: 'delete',
  Discard: 'discard',
};

/** Every action of the workflow table; a request may take all but Create (a new post's: `POST /posts`) and KeepDraft (the system's). */
const TABLE_ACTIONS = [...new Set(postDecider.table.transitions.map((t) => t.action))];
const REQUEST_ACTIONS = TABLE_ACTIONS.filter((action) => action !== 'Create' && action !== 'KeepDraft');

/** Posts are the CMS product: an organisation whose plan lacks it gets 403 "Upgrade to access". */
const ensureCms = (env: ResourceEnv, organisationId: string) =>
  ensureOrganisationProduct(env.db, organisationId, 'cms');

/** The facts every post decision reads: the website's workflow settings and the time. */
function contextOf(website: WebsiteRow) {
  return {
    settings: {
      secondEdit: website.secondEdit,
      customerReview: website.customerReview,
      factCheckLevels: website.factCheckLevels,
      regulated: website.regulated,
      fourEyes: website.fourEyes ?? true,
    },
    now: new Date().toISOString(),
  } satisfies PostContext;
}

/**
 * Refusals answered as thrown, without the failure wording: what is refused before the post is
 * worked on (a save without the version seen, an action's note that is no text).
 */
const UNWORDED = new WeakSet<object>();
function unworded<E>(error: E): E {
  if (typeof error === 'object' && error !== null) UNWORDED.add(error);
  return error;
}

/** "Error: Unable to publish/save/delete/discard post - {msg}" for the actions the spec names. */
function withFailureWording(action: string, error: unknown): unknown {
  const verb = allowed(FAILURE_VERB, action);
  if (!verb || !(error instanceof AppError) || UNWORDED.has(error)) return error;
  const wrapped = Object.create(Object.getPrototypeOf(error)) as AppError;
  Object.assign(wrapped, error);
  Object.defineProperty(wrapped, 'message', { value: `Error: Unable to ${verb} post - ${error.message}` });
  return wrapped;
}

/** The post's website, which every action reads (422 under `websiteId` when it is gone). */
function websiteOf(post: PostRecord): WebsiteRow {
  if (!post.postWebsite) throw unworded(ValidationError.field('websiteId', 'Website not found'));
  return post.postWebsite;
}

/** A website the viewer reaches (as one that does not exist otherwise), of an organisation with the CMS. */
async function reachableWebsite(env: ResourceEnv, websiteId: string): Promise<WebsiteRow> {
  checkId(websiteId);
  const website = (await websitesByIds<WebsiteRow>(env.db, [websiteId])).get(websiteId);
  if (!website || !canReachWebsite(env.viewer, website.organisationId, website.id))
    throw ValidationError.field('websiteId', 'Website not found');
  await ensureCms(env, website.organisationId);
  return website;
}

/** One post the viewer may see (404 "Post not found"), of an organisation with the CMS (403). */
async function loadPost(env: ResourceEnv, id: string): Promise<PostRecord> {
  checkId(id);
  const row = await postById(env.db, id);
  if (!row || !canReachWebsite(env.viewer, row.organisationId, row.websiteId))
    throw new NotFoundError('Post not found');
  await ensureCms(env, row.organisationId);
  const websiteId = row.state.websiteId!;
  const website = (await websitesByIds<WebsiteRow>(env.db, [websiteId])).get(websiteId);
  return { ...row.record, postState: row.state, postWebsite: website } as PostRecord;
}

/** The people a post credits (when they change): the credited writer is a member of the organisation, the expert an expert bio of the website. */
async function checkPeople(
  env: ResourceEnv,
  organisationId: string,
  websiteId: string,
  content: PostContent,
  before: PostContent = {},
) {
  if (content.creditedWriterId && content.creditedWriterId !== before.creditedWriterId) {
    if (!(await memberOf(env.db, organisationId, content.creditedWriterId)))
      throw ValidationError.field('creditedWriterId', 'The credited writer must be a member of the organisation');
  }
  if (content.expertId && content.expertId !== before.expertId) {
    if (!(await isExpertBio(env.db, content.expertId, websiteId)))
      throw ValidationError.field('expertId', 'The expert must be an expert bio of this website');
  }
}

/** Save: react-admin sends the whole record back; the editable fields are kept, read-only ones dropped. */
function contentOf(body: Record<string, unknown>): PostContent {
  const editable = Object.keys(contentSchema.shape);
  return parseInput(contentSchema, Object.fromEntries(Object.entries(body).filter(([key]) => editable.includes(key))));
}

/** SendTo hands the page to a member who may work this stage (the rule: domain/post-rules.ts). */
async function sendTarget(env: ResourceEnv, state: PostState, userId: string): Promise<Holder> {
  const member = await memberOf(env.db, state.organisationId!, userId);
  const refusal = sendToRefusal(member, userId, { status: state.status, websiteId: state.websiteId });
  if (refusal !== null) throw ValidationError.field('userId', refusal);
  return { userId, name: member!.name, since: '' }; // no refusal: an accepted member
}

/** The exported page (HTML, or the post as JSON) of the post as answered. */
function exportOf(answered: Record<string, unknown>, data: unknown) {
  // The post as `GET /posts/{id}` answers it, its fields in that order.
  const { allowedActions, stages, bioPrompts, ...record } = answered;
  const post = { ...record, allowedActions, stages, bioPrompts } as Record<string, unknown>;
  const format = (data as { format?: string }).format ?? 'html';
  const slug = post.slug ?? post.id;
  const title = escapeHtml(String(post.title ?? ''));
  const description = post.metaDescription
    ? `<meta name="description" content="${escapeHtml(String(post.metaDescription))}">`
    : '';
  const html = `<!doctype html><html lang="${post.locale}"><head><meta charset="utf-8"><title>${title}</title>${description}</head><body><article><h1>${title}</h1>${
    (post.richText as { html?: string } | null)?.html ?? ''
  }</article></body></html>`;
  return format === 'json'
    ? { format, filename: `${slug}.json`, content: JSON.stringify(post) }
    : { format: 'html', filename: `${slug}.html`, content: html };
}

/** The services the kind uses besides the platform's ports. */
export interface PostServices {
  /** To record a refused save as a draft (the system's KeepDraft). */
  commands: CommandBus;
}

export function postsResource({ commands }: PostServices) {
  /** A refused save is kept as a draft revision of the post (recoverable, never lost). */
  async function keepDraft(
    env: ResourceEnv,
    post: PostRecord,
    actor: Actor,
    changes: PostContent,
    baseVersion: number | null,
    error: ConflictError,
  ) {
    const reason = (error.details as { reason?: string } | undefined)?.reason ?? 'stale_version';
    const by: Holder = { userId: actor.userId, name: actor.name ?? actor.userId, since: new Date().toISOString() };
    const command = {
      type: 'KeepDraft',
      actor: { userId: actor.userId, name: actor.name, roles: ['system'] },
      data: { by, changes, baseVersion, reason },
      context: contextOf(websiteOf(post)),
    };
    const result: DecideResult = await commands.execute(new DecideCommand(POST, post.id, command));
    await env.projections.waitForResult(result);
  }

  /** An action with no data but the request's fields (a note); refused with the spec's wording where it has one. */
  const action = (name: string, own: ResourceAction<PostRecord> = {}): ResourceAction<PostRecord> => ({
    input(body, post) {
      websiteOf(post);
      try {
        return parseInput(actionSchema, body);
      } catch (error) {
        throw unworded(error);
      }
    },
    refused: (error) => withFailureWording(name, error),
    ...own,
  });

  /** Publishing needs a bio for everyone the page credits: the decision reads who has none yet. */
  const publishing: ResourceAction<PostRecord> = {
    context: async (post, env) => ({ missingBios: await bioPromptsFor(env.db, post.postState, websiteOf(post)) }),
  };

  const actions: Record<string, ResourceAction<PostRecord>> = Object.fromEntries(
    TABLE_ACTIONS.map((name) => [name, action(name)]),
  );
  Object.assign(actions, {
    Publish: action('Publish', publishing),
    ApproveFactCheck: action('ApproveFactCheck', publishing),
    SendTo: {
      async input(body, post, env) {
        websiteOf(post);
        return { to: await sendTarget(env, post.postState, parseInput(sendToSchema, body).userId) };
      },
    },
    ExportPage: action('ExportPage', { answer: (answered, data) => ({ export: exportOf(answered, data) }) }),
    // `PUT`: the version seen is required; refused saves are kept as drafts.
    Save: {
      async input(body, post, env) {
        websiteOf(post);
        const baseVersion = expectedVersionOf(body);
        if (baseVersion === undefined) throw unworded(ValidationError.field('version', missing(L.version)));
        const state = post.postState;
        const data = contentOf(body);
        await checkPeople(env, state.organisationId!, state.websiteId!, data, state.content);
        return aside(data, { baseVersion });
      },
      // Someone else holding the page comes before a stale version: whoever was taken over learns
      // who took it and when (their version is older by then), and their changes are kept.
      context(post, env, data) {
        const conflict = saveConflict(post.postState, {
          actor: actorFor(env.viewer, post.organisationId),
          data,
          context: contextOf(websiteOf(post)),
        });
        if (conflict) throw conflict;
        return {};
      },
      async refused(error, post, data, env, kept) {
        if (error instanceof ConflictError)
          await keepDraft(
            env,
            post,
            actorFor(env.viewer, post.organisationId),
            data as PostContent,
            (kept.baseVersion as number | undefined) ?? null,
            error,
          );
        return withFailureWording('Save', error);
      },
    },
  } satisfies Record<string, ResourceAction<PostRecord>>);

  return defineResource<PostRecord>({
    resource: 'posts',
    stream: 'post',
    label: 'Post',
    decider: postDecider,
    /**
     * The choices of the post forms and the tabs, and the workflow's words: the actions' buttons, the
     * roles (one and several), and the statuses only a history or audit entry names.
     */
    options: () => ({
      types: POST_TYPES,
      statuses: POST_STATUSES.map((id) => ({ id, name: STATUS_LABELS[id] })),
      otherStatuses: Object.entries(OTHER_STATUS_LABELS).map(([id, name]) => ({ id, name })),
      tabs: Object.keys(POST_TABS),
      actions: Object.entries(ACTION_LABELS).map(([id, name]) => ({ id, name })),
      roles: Object.entries(ROLE_LABELS).map(([id, label]) => ({ id, ...label })),
    }),
    /** The simple-rest list (CMS tabs, "Your Posts"), of the websites the viewer reaches; each row with its state and website for the offered actions. */
    async list(env, query) {
      const result = await listPosts(env.db, env.viewer, query);
      const [states, websites] = await Promise.all([
        postStates(
          env.db,
          result.rows.map((r) => r.id as string),
        ),
        websitesByIds<WebsiteRow>(env.db, [...new Set(result.rows.map((r) => r.websiteId as string))]),
      ]);
      return {
        ...result,
        rows: result.rows.map(
          (r) =>
            ({
              ...r,
              postState: states.get(r.id as string),
              postWebsite: websites.get(r.websiteId as string),
            }) as PostRecord,
        ),
      };
    },
    load: loadPost,
    stateOf: (post) => post.postState,
    facts: {
      key: (post) => post.websiteId,
      read: async (post) => (post.postWebsite ? contextOf(post.postWebsite) : {}),
    },
    hiddenKeys: ['postState', 'postWebsite'],
    // KeepDraft keeps a refused save: the system's, never offered (a request naming it is refused by the table).
    internal: ['KeepDraft'],
    /** One post's answer: the stages its website uses, and the bios its published page still needs. */
    async decorate(posts, env, _facts, one) {
      if (!one) return () => ({});
      const fields = new Map(
        await Promise.all(
          posts.map(async (post) => {
            const website = post.postWebsite;
            const state = post.postState;
            return [
              post,
              {
                stages: website ? enabledStages(contextOf(website).settings) : [],
                bioPrompts: website && state.status !== PURGED ? await bioPromptsFor(env.db, state, website) : [],
              },
            ] as const;
          }),
        ),
      );
      return (post) => fields.get(post) ?? {};
    },
    // History, drafts and as-of views read the events, also of posts deleted forever (gone from the read model).
    streamAccess(created, env) {
      const post = created as { organisationId?: string; websiteId?: string } | undefined;
      if (!post?.organisationId || !canReachWebsite(env.viewer, post.organisationId, post.websiteId))
        throw new NotFoundError('Post not found');
    },
    asOf: (id, state, version, time) => presentPost(id, state, version, time.toISOString()),
    async create(body, env) {
      const input = parseInput(createSchema, body);
      const website = await reachableWebsite(env, input.websiteId);
      if (website.status !== 'active')
        throw ValidationError.field('websiteId', 'Posts cannot be created on an inactive website');
      const locale = input.locale ?? website.defaultLocale ?? 'en';
      if (website.locales?.length && !website.locales.some((l) => l.locale === locale))
        throw ValidationError.field('locale', `The website has no locale ${locale}`);
      const organisationId = website.organisationId;
      if (!postDecider.allowedActions(NEW, actorFor(env.viewer, organisationId)).includes('Create'))
        throw new ForbiddenError('Your role may not create posts');
      const { websiteId: _w, locale: _l, ...content } = input;
      await checkPeople(env, organisationId, website.id, content);
      const data = {
        ...content,
        slug: content.slug ?? postSlug(content.title),
        organisationId,
        websiteId: website.id,
        locale,
      };
      return { organisationId, data, context: contextOf(website) };
    },
    update: 'Save',
    // DELETE removes an unpublished post from every list for good (DeleteForever); its history stays.
    remove: 'DeleteForever',
    actions,
    // One workflow action on many posts (any a request may take), with a note for each.
    bulk: {
      actions: Object.fromEntries(REQUEST_ACTIONS.map((name) => [name, { action: name }])),
      maxIds: 500,
      tooMany: 'At most 500 posts at once',
      fields: (body) => parseInput(bulkNoteSchema, body),
    },
  });
}
