import { POST } from '../domain/deciders.js';
import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { isExpertBio } from '#libs/platform/src/contributed-facts.js';
import { ensureOrganisationProduct, memberOf, websitesByIds } from '#libs/organisations/src/projections/queries.js';
import { allowed } from '#libs/platform/src/allow-list.js';
import { isTimestamp } from '#libs/platform/src/dates.js';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import { actorFor, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { NEW, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';
import { readHistory } from '#libs/platform/src/http/history.js';
import { checkId, expectedVersionOf, sendList } from '#libs/platform/src/http/records.js';
import { canReachWebsite } from '#libs/platform/src/http/tenancy.js';
import type { ListQuery } from '#libs/platform/src/list-query.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { EVENT_STORE, SQL, PEOPLE } from '#libs/platform/src/tokens.js';
import { missing, notText, parseInput, z } from '#libs/platform/src/validation.js';
import { NOTE_MAX_LENGTH, POST_FIELD_LABELS as L, POST_TYPES, contentSchema, createSchema, noteSchema, postSlug, type PostContent } from '../domain/post-fields.js';
import { saveConflict, sendToRefusal } from '../domain/post-rules.js';
import { ACTION_LABELS, OTHER_STATUS_LABELS, ROLE_LABELS } from '../domain/post-labels.js';
import { POST_TABS } from '../domain/post-tabs.js';
import { PURGED, postDecider, type Holder, type PostContext, type PostState } from '../domain/post.decider.js';
import { POST_STATUSES, STATUS_LABELS, enabledStages, type WorkflowSettings } from '../domain/stages.js';
import { presentPost } from '../projections/posts.projection.js';
import { listPosts, postById, postDashboard, postStates, postTabCounts } from '../projections/queries.js';
import { bioPromptsFor } from './bio-prompts.js';
import { escapeHtml } from '#libs/platform/src/html.js';

/** The posts list's definition lives on the read side; exported here too for the list-plan tests. */
export { postsListDefinition } from '../projections/queries.js';

const actionSchema = z.object({ note: noteSchema.optional() }).passthrough();
const sendToSchema = z.object({ userId: z.string({ error: (i) => (i.input === undefined ? missing(L.userId) : notText(L.userId)) }).max(100) });
/** The bulk request's fields, named as the list's bulk bar does. */
const BULK_LABELS = { action: 'Action', ids: 'The selection' } as const;
const bulkSchema = z.object({
  action: z.string({ error: (i) => (i.input === undefined ? missing(BULK_LABELS.action) : notText(BULK_LABELS.action)) }).max(100),
  ids: z.array(z.string().max(100), { error: (i) => (i.input === undefined ? missing(BULK_LABELS.ids) : `${BULK_LABELS.ids} must be a list`) }).min(1, missing(BULK_LABELS.ids)).max(500, 'At most 500 posts at once'),
  note: z.string().max(NOTE_MAX_LENGTH).optional(),
});

/** The spec's wording when an action fails (seed 000 section 8). */
const FAILURE_VERB: Record<string, string> = { Publish: 'publish', Save: 'save', Delete: 'delete', DeleteForever: 'delete', Discard: 'discard' };

/** The actions that may publish the post: the credited people need their bios first. */
const PUBLISHING = ['Publish', 'ApproveFactCheck'];

type WebsiteRow = { id: string; organisationId: string; status: string; defaultLocale: string; locales: { locale: string; urlPrefix: string }[]; factCheckerDisplay?: boolean } & WorkflowSettings;

@Controller('posts')
export class PostsController {
  constructor(
    @Inject(PEOPLE) private readonly people: PeopleDirectory,
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /**
   * The choices of the post forms and the tabs, and the workflow's words: the actions' buttons, the
   * roles (one and several), and the statuses only a history or audit entry names.
   */
  @Get('options')
  options() {
    return {
      types: POST_TYPES,
      statuses: POST_STATUSES.map((id) => ({ id, name: STATUS_LABELS[id] })),
      otherStatuses: Object.entries(OTHER_STATUS_LABELS).map(([id, name]) => ({ id, name })),
      tabs: Object.keys(POST_TABS),
      actions: Object.entries(ACTION_LABELS).map(([id, name]) => ({ id, name })),
      roles: Object.entries(ROLE_LABELS).map(([id, label]) => ({ id, ...label })),
    };
  }

  @Get()
  async list(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery, @Res({ passthrough: true }) response: Response) {
    const result = await listPosts(this.db, viewer, query);
    const [states, settings] = await Promise.all([
      postStates(this.db, result.rows.map((r) => r.id as string)),
      this.settingsOf([...new Set(result.rows.map((r) => r.websiteId as string))]),
    ]);
    return sendList(response, {
      ...result,
      rows: result.rows.map((r) => ({ ...r, allowedActions: this.allowed(viewer, states.get(r.id as string), settings.get(r.websiteId as string)) })),
    });
  }

  /** How many posts each CMS tab holds (for the tab labels), optionally for one website. */
  @Get('counts')
  async counts(@CurrentViewer() viewer: Viewer, @Query('websiteId') websiteId?: string) {
    if (websiteId !== undefined && typeof websiteId !== 'string') throw new BadRequestError(notText(L.websiteId));
    return postTabCounts(this.db, viewer, websiteId === undefined ? undefined : checkId(websiteId));
  }

  /**
   * The posts side of the viewer's dashboard: their own posts by stage, due dates and returns with
   * notes; the queues their roles work with what waits and since when; owners' and admins' pipeline.
   */
  @Get('dashboard')
  async dashboard(@CurrentViewer() viewer: Viewer, @Query('websiteId') websiteId?: string) {
    if (websiteId !== undefined && typeof websiteId !== 'string') throw new BadRequestError(notText(L.websiteId));
    return postDashboard(this.db, viewer, websiteId === undefined ? undefined : checkId(websiteId));
  }

  @Get(':id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    await this.streamOf(viewer, id);
    return readHistory(this.store, this.people, `post-${id}`);
  }

  /** Saves refused by a take-over or a stale version, kept so nothing typed is lost. */
  @Get(':id/drafts')
  async drafts(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    const events = await this.streamOf(viewer, id);
    return events
      .filter((e) => e.type === 'PostDraftKept')
      .map((e) => ({ id: e.id, version: e.streamVersion, ...(e.data as Record<string, unknown>) }))
      .reverse();
  }

  /** One post; with `asOf` (ISO time), the post as it was at that moment, from its events. */
  @Get(':id')
  async get(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Query('asOf') asOf?: string) {
    if (asOf === undefined) return this.load(viewer, id);
    if (typeof asOf !== 'string' || !isTimestamp(asOf)) throw new BadRequestError('asOf must be a date and time (ISO 8601)');
    const at = new Date(asOf);
    const events = (await this.streamOf(viewer, id)).filter((e) => e.createdAt.getTime() <= at.getTime());
    if (events.length === 0) throw new NotFoundError(`The post did not exist at ${at.toISOString()}`);
    const state = postDecider.fold(events as unknown as DomainEvent[] as never);
    const last = events[events.length - 1];
    return { ...presentPost(id, state, last.streamVersion, last.createdAt.toISOString()), asOf: at.toISOString(), allowedActions: [] };
  }

  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const input = parseInput(createSchema, body);
    const website = await this.website(viewer, input.websiteId);
    if (website.status !== 'active') throw ValidationError.field('websiteId', 'Posts cannot be created on an inactive website');
    const locale = input.locale ?? website.defaultLocale ?? 'en';
    if (website.locales?.length && !website.locales.some((l) => l.locale === locale)) {
      throw ValidationError.field('locale', `The website has no locale ${locale}`);
    }
    const actor = actorFor(viewer, website.organisationId);
    if (!postDecider.allowedActions(NEW, actor).includes('Create')) throw new ForbiddenError('Your role may not create posts');
    const { websiteId: _w, locale: _l, ...content } = input;
    await this.checkPeople(website.organisationId, website.id, content);
    const id = randomUUID();
    const result: DecideResult<PostState> = await this.commands.execute(
      new DecideCommand(
        POST,
        id,
        {
          type: 'Create',
          actor,
          context: this.context(website),
          data: { ...content, slug: content.slug ?? postSlug(content.title), organisationId: website.organisationId, websiteId: website.id, locale },
        },
        { correlationId: requestId, organisationId: website.organisationId },
      ),
    );
    await this.projections.waitForResult(result);
    return this.answer(viewer, id, result, website);
  }

  /** Save: react-admin sends the whole record back; read-only fields are dropped, `version` is required. */
  @Put(':id')
  async save(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @RequestId() requestId: string) {
    return this.act(viewer, id, 'Save', body, requestId);
  }

  /** DELETE removes an unpublished post from every list for good (DeleteForever); its history stays. */
  @Delete(':id')
  async remove(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @RequestId() requestId: string) {
    const before = await this.load(viewer, id);
    await this.act(viewer, id, 'DeleteForever', {}, requestId);
    return { ...before, status: PURGED, allowedActions: [] };
  }

  @Post('bulk-actions')
  @HttpCode(200)
  async bulk(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const { action, ids, ...rest } = parseInput(bulkSchema, body);
    const results = [];
    for (const id of ids) {
      try {
        await this.act(viewer, id, action, rest, requestId);
        results.push({ id, ok: true });
      } catch (error) {
        results.push({ id, ok: false, error: error instanceof AppError ? error.message : 'Something went wrong on our side' });
      }
    }
    return { results };
  }

  @Post(':id/actions/:action')
  @HttpCode(200)
  async action(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Param('action') action: string, @Body() body: unknown, @RequestId() requestId: string) {
    if (!/^[A-Za-z]{1,50}$/.test(action)) throw new BadRequestError('Unknown action');
    const record = await this.act(viewer, id, action, body ?? {}, requestId);
    if (action === 'ExportPage') return { ...record, export: await this.exportOf(viewer, id, body) };
    return record;
  }

  private async act(viewer: Viewer, id: string, action: string, body: unknown, requestId: string) {
    const current = await this.loadState(viewer, id);
    const website = await this.website(viewer, current.state.websiteId!);
    const actor = actorFor(viewer, current.state.organisationId);
    const expectedVersion = expectedVersionOf(body);
    let data: unknown;
    if (action === 'Save') {
      if (expectedVersion === undefined) throw ValidationError.field('version', missing(L.version));
      try {
        data = this.contentOf(body);
        await this.checkPeople(current.state.organisationId!, current.state.websiteId!, data as PostContent, current.state.content);
      } catch (error) {
        throw withFailureWording(action, error);
      }
    } else if (action === 'SendTo') {
      data = { to: await this.sendTarget(current.state, parseInput(sendToSchema, body).userId) };
    } else {
      data = parseInput(actionSchema, body ?? {});
    }
    const options = { expectedVersion, correlationId: requestId, organisationId: current.state.organisationId };
    if (action === 'Save') {
      // Someone else holding the page comes before a stale version: whoever was taken over learns
      // who took it and when (their version is older by then), and their changes are kept.
      const conflict = saveConflict(current.state, { actor, data, context: this.context(website) });
      if (conflict) {
        await this.keepDraft(id, actor, data as PostContent, expectedVersion ?? null, conflict, website);
        throw withFailureWording(action, conflict);
      }
    }
    let result: DecideResult<PostState>;
    try {
      const context = PUBLISHING.includes(action) ? { ...this.context(website), missingBios: await bioPromptsFor(this.db, current.state, website) } : this.context(website);
      result = await this.commands.execute(new DecideCommand(POST, id, { type: action, actor, data, context }, options));
    } catch (error) {
      if (action === 'Save' && error instanceof ConflictError) await this.keepDraft(id, actor, data as PostContent, expectedVersion ?? null, error, website);
      throw withFailureWording(action, error);
    }
    await this.projections.waitForResult(result);
    // A post deleted forever is gone from the read models: answer it as it was, now Purged (not a 404).
    if (result.state.status === PURGED) return { ...current.record, status: PURGED, allowedActions: [] as string[] };
    return this.answer(viewer, id, result, website);
  }

  /**
   * A command's answer, built from the state the handler decided on (DESIGN.md "Read your
   * writes"): the record as the posts projection writes it, without reading it back.
   */
  private async answer(viewer: Viewer, id: string, result: DecideResult<PostState>, website: WebsiteRow) {
    if (!result.recordedAt) return this.load(viewer, id); // nothing appended: the stored record is current
    const state = result.state;
    return {
      ...presentPost(id, state, result.version, result.recordedAt.toISOString()),
      allowedActions: this.allowed(viewer, state, website),
      stages: enabledStages(this.context(website).settings),
      bioPrompts: await bioPromptsFor(this.db, state, website),
    };
  }

  /** A refused save is kept as a draft revision of the post (recoverable, never lost). */
  private async keepDraft(id: string, actor: Actor, changes: PostContent, baseVersion: number | null, error: ConflictError, website: WebsiteRow) {
    const reason = (error.details as { reason?: string } | undefined)?.reason ?? 'stale_version';
    const by: Holder = { userId: actor.userId, name: actor.name ?? actor.userId, since: new Date().toISOString() };
    const result: DecideResult = await this.commands.execute(
      new DecideCommand(POST, id, { type: 'KeepDraft', actor: { userId: actor.userId, name: actor.name, roles: ['system'] }, data: { by, changes, baseVersion, reason }, context: this.context(website) }),
    );
    await this.projections.waitForResult(result);
  }

  private contentOf(body: unknown): PostContent {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The request body must be a JSON object');
    const editable = Object.keys(contentSchema.shape);
    const picked = Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([key]) => editable.includes(key)));
    return parseInput(contentSchema, picked);
  }

  /** The people a post credits (when they change): the credited writer is a member of the organisation, the expert an expert bio of the website. */
  private async checkPeople(organisationId: string, websiteId: string, content: PostContent, before: PostContent = {}) {
    if (content.creditedWriterId && content.creditedWriterId !== before.creditedWriterId) {
      if (!(await memberOf(this.db, organisationId, content.creditedWriterId))) throw ValidationError.field('creditedWriterId', 'The credited writer must be a member of the organisation');
    }
    if (content.expertId && content.expertId !== before.expertId) {
      if (!(await isExpertBio(this.db, content.expertId, websiteId))) throw ValidationError.field('expertId', 'The expert must be an expert bio of this website');
    }
  }

  /** SendTo hands the page to a member who may work this stage (the rule: domain/post-rules.ts). */
  private async sendTarget(state: PostState, userId: string): Promise<Holder> {
    const member = await memberOf(this.db, state.organisationId!, userId);
    const refusal = sendToRefusal(member, userId, { status: state.status, websiteId: state.websiteId });
    if (refusal !== null) throw ValidationError.field('userId', refusal);
    return { userId, name: member!.name, since: '' }; // no refusal: an accepted member
  }

  private async exportOf(viewer: Viewer, id: string, body: unknown) {
    const post = await this.load(viewer, id);
    const format = (body as { format?: string } | undefined)?.format ?? 'html';
    const html = `<!doctype html><html lang="${post.locale}"><head><meta charset="utf-8"><title>${escapeHtml(String(post.title ?? ''))}</title>${
      post.metaDescription ? `<meta name="description" content="${escapeHtml(String(post.metaDescription))}">` : ''
    }</head><body><article><h1>${escapeHtml(String(post.title ?? ''))}</h1>${(post.richText as { html?: string } | null)?.html ?? ''}</article></body></html>`;
    return format === 'json'
      ? { format, filename: `${post.slug ?? id}.json`, content: JSON.stringify(post) }
      : { format: 'html', filename: `${post.slug ?? id}.html`, content: html };
  }

  private context(website: WebsiteRow): PostContext {
    return {
      settings: {
        secondEdit: website.secondEdit,
        customerReview: website.customerReview,
        factCheckLevels: website.factCheckLevels,
        regulated: website.regulated,
        fourEyes: website.fourEyes ?? true,
      },
      now: new Date().toISOString(),
    };
  }

  private allowed(viewer: Viewer, state: PostState | undefined, website: WebsiteRow | undefined): string[] {
    if (!state || !website) return [];
    return postDecider.allowedActions(state.status, actorFor(viewer, state.organisationId), state, this.context(website)).filter((a) => a !== 'KeepDraft');
  }

  private async load(viewer: Viewer, id: string): Promise<Record<string, unknown> & { allowedActions: string[] }> {
    const { state, record } = await this.loadState(viewer, id);
    const website = (await this.settingsOf([state.websiteId!])).get(state.websiteId!);
    return {
      ...record,
      allowedActions: this.allowed(viewer, state, website),
      stages: website ? enabledStages(this.context(website).settings) : [],
      bioPrompts: website && state.status !== PURGED ? await bioPromptsFor(this.db, state, website) : [],
    };
  }

  private async loadState(viewer: Viewer, id: string): Promise<{ state: PostState; record: Record<string, unknown> }> {
    checkId(id);
    const row = await postById(this.db, id);
    if (!row || !canReachWebsite(viewer, row.organisationId, row.websiteId)) throw new NotFoundError('Post not found');
    await this.ensureCms(row.organisationId);
    return { state: row.state, record: row.record };
  }

  /** The post's events, for history, drafts and as-of views (also of posts deleted forever). */
  private async streamOf(viewer: Viewer, id: string) {
    checkId(id);
    const events = await this.store.readStream(`post-${id}`);
    const created = events[0]?.data as { organisationId?: string; websiteId?: string } | undefined;
    if (!created?.organisationId || !canReachWebsite(viewer, created.organisationId, created.websiteId)) throw new NotFoundError('Post not found');
    return events;
  }

  private settingsOf(ids: string[]): Promise<Map<string, WebsiteRow>> {
    return websitesByIds<WebsiteRow>(this.db, ids);
  }

  private async website(viewer: Viewer, websiteId: string): Promise<WebsiteRow> {
    checkId(websiteId);
    const website = (await this.settingsOf([websiteId])).get(websiteId);
    // A website the viewer does not reach answers as one that does not exist.
    if (!website || !canReachWebsite(viewer, website.organisationId, website.id)) throw ValidationError.field('websiteId', 'Website not found');
    await this.ensureCms(website.organisationId);
    return website;
  }

  /** Posts are the CMS product: an organisation whose plan lacks it gets 403 "Upgrade to access". */
  private async ensureCms(organisationId: string) {
    await ensureOrganisationProduct(this.db, organisationId, 'cms');
  }
}

/** "Error: Unable to publish/save/delete/discard post - {msg}" for the actions the spec names. */
function withFailureWording(action: string, error: unknown): unknown {
  const verb = allowed(FAILURE_VERB, action);
  if (!verb || !(error instanceof AppError)) return error;
  const wrapped = Object.create(Object.getPrototypeOf(error)) as AppError;
  Object.assign(wrapped, error);
  Object.defineProperty(wrapped, 'message', { value: `Error: Unable to ${verb} post - ${error.message}` });
  return wrapped;
}

