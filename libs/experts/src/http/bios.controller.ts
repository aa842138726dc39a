import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import { actorFor, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { mayTake, type Actor } from '#libs/platform/src/decider.js';
import { BadRequestError, ConflictError, ForbiddenError, ValidationError } from '#libs/platform/src/errors.js';
import { readHistory } from '#libs/platform/src/http/history.js';
import { checkId, expectedVersionOf, sendList } from '#libs/platform/src/http/records.js';
import { canReachWebsite, loadVisible, websiteScope } from '#libs/platform/src/http/tenancy.js';
import { ensureOrganisationProduct, memberOf, websiteOrganisation } from '#libs/organisations/src/projections/queries.js';
import { bioOfPerson, bioSlugTaken } from '../projections/queries.js';
import { runList, type ListQuery } from '#libs/platform/src/list-query.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { EVENT_STORE, SQL, PEOPLE } from '#libs/platform/src/tokens.js';
import { parseInput } from '#libs/platform/src/validation.js';
import { EDITORS } from '#libs/organisations/src/domain/cms-roles.js';
import { BIO_KINDS, BIO_KIND_LABELS, bioContentSchema, bioSlug, createBioSchema, type BioContent } from '../domain/bio-fields.js';
import { BIO_STATUSES, BIO_STATUS_LABELS, bioDecider, type BioContext, type BioState, type BioStatus } from '../domain/bio.decider.js';
import type { presentBio } from '../projections/bios.projection.js';

type BioRecord = ReturnType<typeof presentBio>;

const LIST = {
  resource: 'bios',
  table: 'rm_bios',
  fields: {
    id: 'id', websiteId: 'website_id', kind: 'kind', userId: 'user_id', status: 'status', displayName: 'display_name', slug: 'slug',
    createdAt: 'created_at', updatedAt: 'updated_at',
  },
  search: ['display_name', 'slug'],
  dateField: 'updatedAt',
  defaultSort: ['displayName', 'ASC'] as ['displayName', 'ASC'],
};

/** The CMS product holds the bios (writers and experts credited on posts). */
const PRODUCT = 'cms';
const ACTIONS = ['Publish', 'Unpublish'] as const;

/**
 * Expert and writer bios of a website (CMS settings, Bios tab). Editors manage them all; a member
 * may write their own. A post credits its writer, expert and fact-checker by their published bio.
 */
@Controller('bios')
export class BiosController {
  constructor(
    @Inject(PEOPLE) private readonly people: PeopleDirectory,
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /** The kinds (one and several) and the statuses a listed bio can have (a deleted bio leaves the list), with their labels. */
  @Get('options')
  options() {
    return {
      kinds: BIO_KINDS.map((id) => ({ id, ...BIO_KIND_LABELS[id] })),
      statuses: BIO_STATUSES.filter((id) => id !== 'deleted').map((id) => ({ id, name: BIO_STATUS_LABELS[id] })),
    };
  }

  @Get()
  async list(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery, @Res({ passthrough: true }) response: Response) {
    const result = await runList<BioRecord>(this.db, LIST, query, websiteScope(viewer, 'organisation_id', 'website_id'));
    return sendList(response, { ...result, rows: result.rows.map((r) => this.present(r, viewer)) });
  }

  @Get(':id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    await this.load(viewer, id);
    return readHistory(this.store, this.people, `bio-${id}`);
  }

  @Get(':id')
  async get(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.present(await this.load(viewer, id), viewer);
  }

  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const input = parseInput(createBioSchema, body);
    checkId(input.websiteId);
    const organisationId = await websiteOrganisation(this.db, input.websiteId);
    if (!organisationId || !canReachWebsite(viewer, organisationId, input.websiteId)) throw ValidationError.field('websiteId', 'Website not found');
    await ensureOrganisationProduct(this.db, organisationId, PRODUCT);
    const kind = input.kind ?? (input.userId ? 'writer' : 'expert');
    const userId = input.userId ?? null;
    if (kind === 'writer' && !userId) throw ValidationError.field('userId', 'A writer bio needs the member it is about (userId)');
    const actor = actorFor(viewer, organisationId);
    this.ensureMayWrite(actor, userId);
    if (userId) await this.ensureMember(organisationId, userId, input.websiteId);
    const { websiteId, kind: _k, userId: _u, ...fields } = input;
    const content: BioContent = { ...fields, slug: fields.slug || bioSlug(fields.displayName) };
    await this.ensureSlugFree(websiteId, content.slug!, null);
    const id = randomUUID();
    const context: BioContext = { userId, now: new Date().toISOString() };
    await this.run(id, { type: 'Create', actor, context, data: { organisationId, websiteId, kind, userId, content } }, organisationId, undefined, requestId);
    return this.present(await this.load(viewer, id), viewer);
  }

  @Put(':id')
  async update(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The request body must be a JSON object');
    const editable = Object.keys(bioContentSchema.shape);
    const data = parseInput(bioContentSchema, Object.fromEntries(Object.entries(body).filter(([k]) => editable.includes(k))));
    const actor = actorFor(viewer, current.organisationId);
    this.ensureMayWrite(actor, current.userId);
    if (data.slug !== undefined && data.slug !== current.slug) await this.ensureSlugFree(current.websiteId, data.slug, id);
    await this.run(id, { type: 'Update', actor, data, context: { now: new Date().toISOString() } }, current.organisationId, expectedVersionOf(body), requestId);
    return this.present(await this.load(viewer, id), viewer);
  }

  @Post(':id/actions/:action')
  @HttpCode(200)
  async action(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Param('action') action: string, @Body() body: unknown, @RequestId() requestId: string) {
    // Every action a bio offers goes through this route: Update and Delete too (as PUT and DELETE do).
    if (action === 'Update') return this.update(viewer, id, body ?? {}, requestId);
    if (action === 'Delete') return this.remove(viewer, id, requestId);
    const current = await this.load(viewer, id);
    if (!(ACTIONS as readonly string[]).includes(action)) throw new BadRequestError(`Unknown action: use ${ACTIONS.join(', ')}, Update or Delete`);
    const actor = actorFor(viewer, current.organisationId);
    await this.run(id, { type: action, actor, data: {}, context: { now: new Date().toISOString() } }, current.organisationId, expectedVersionOf(body), requestId);
    return this.present(await this.load(viewer, id), viewer);
  }

  @Delete(':id')
  async remove(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @RequestId() requestId: string) {
    const current = await this.load(viewer, id);
    const actor = actorFor(viewer, current.organisationId);
    await this.run(id, { type: 'Delete', actor, data: {}, context: { now: new Date().toISOString() } }, current.organisationId, undefined, requestId);
    return { ...current, status: 'deleted', allowedActions: [] };
  }

  private async run(id: string, command: { type: string; actor: Actor; data: unknown; context: BioContext }, organisationId: string, expectedVersion: number | undefined, requestId: string) {
    const result: DecideResult = await this.commands.execute(new DecideCommand('bio', id, command, { expectedVersion, correlationId: requestId, organisationId }));
    await this.projections.waitForResult(result);
  }

  /** Editors write every bio; other members only their own (403 otherwise, before anything else). */
  private ensureMayWrite(actor: Actor, subject: string | null) {
    if (!mayTake(EDITORS, actor) && subject !== actor.userId) throw new ForbiddenError('Only editors may write the bios of others');
  }

  /** A writer bio is about an active member of the organisation who works on that website. */
  private async ensureMember(organisationId: string, userId: string, websiteId: string) {
    checkId(userId);
    const member = await memberOf(this.db, organisationId, userId);
    if (!member || member.status !== 'accepted') throw ValidationError.field('userId', 'This person is not an active member of the organisation');
    const existing = await bioOfPerson(this.db, websiteId, userId);
    if (existing) throw new ConflictError(`${member.name} already has a bio on this website`, { userId: `${member.name} already has a bio on this website` }, { bioId: existing });
  }

  private async ensureSlugFree(websiteId: string, slug: string, except: string | null) {
    if (await bioSlugTaken(this.db, websiteId, slug, except)) throw new ConflictError('Another bio of this website already has this slug', { slug: 'Another bio of this website already has this slug' });
  }

  private load(viewer: Viewer, id: string) {
    return loadVisible<BioRecord>(this.db, viewer, { table: 'rm_bios', label: 'Bio', organisationOf: (r) => r.organisationId, websiteOf: (r) => r.websiteId }, id);
  }

  private present(record: BioRecord, viewer: Viewer) {
    const actor = actorFor(viewer, record.organisationId);
    const state: BioState = { status: record.status as BioStatus, owner: record, content: record };
    return { ...record, allowedActions: bioDecider.allowedActions(record.status as BioStatus, actor, state).filter((a) => a !== 'Create') };
  }
}
