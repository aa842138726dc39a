import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import { actorFor, canSeeOrganisation, seesOwnRecordsEverywhere, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { NEW, type Actor } from '#libs/platform/src/decider.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';
import { readHistory } from '#libs/platform/src/http/history.js';
import { checkId, expectedVersionOf, sendList } from '#libs/platform/src/http/records.js';
import { tenantScope } from '#libs/platform/src/http/tenancy.js';
import type { ListQuery } from '#libs/platform/src/list-query.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { CONFIG, EVENT_STORE, SQL, PEOPLE } from '#libs/platform/src/tokens.js';
import { missing, notText, parseInput, requiredText, z } from '#libs/platform/src/validation.js';
import { CMS_ROLES, CRO_ROLES, MEMBER_FIELD_LABELS as M, SELF, memberDecider, memberIdOf, type MemberAccess, type MemberContext, type MemberState, type MemberStatus } from '../domain/member.decider.js';
import { ORGANISATION_ROLES } from '../domain/organisation.decider.js';
import { locale } from './organisation.schemas.js';
import { contributorCount, writtenCounts } from '#libs/platform/src/contributed-facts.js';
import { activeOwnersByOrganisation, hasMemberRecordsOutside, listMembers, memberByEmail, memberRecord, organisationName } from '../projections/queries.js';
import { publicBaseUrl } from '#libs/platform/src/http/public-url.js';

const access = {
  orgRole: z.enum(ORGANISATION_ROLES, { error: `${M.orgRole} must be one of ${ORGANISATION_ROLES.join(', ')}` }),
  cmsRole: z.enum(CMS_ROLES, { error: `${M.cmsRole} must be one of ${CMS_ROLES.join(', ')}` }),
  croRole: z.enum(CRO_ROLES, { error: `${M.croRole} must be one of ${CRO_ROLES.join(', ')}` }),
  websiteIds: z.array(z.string().max(100), { error: `${M.websiteIds} must be a list` }).max(500),
  locales: z.array(locale, { error: `${M.locales} must be a list` }).max(50),
};

const inviteSchema = z.object({
  organisationId: z.string({ error: notText(M.organisationId) }).max(100).optional(),
  email: z
    .string({ error: (i) => (i.input === undefined ? missing(M.email) : 'Please enter a valid email address.') })
    .trim()
    .max(320, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  name: requiredText(M.name, 200),
  orgRole: access.orgRole.optional().default('member'),
  cmsRole: access.cmsRole.optional().default('creator'),
  croRole: access.croRole.optional().default('none'),
  websiteIds: access.websiteIds.optional().default([]),
  locales: access.locales.optional().default([]),
});

const changeSchema = z.object({
  orgRole: access.orgRole.optional(),
  cmsRole: access.cmsRole.optional(),
  croRole: access.croRole.optional(),
  websiteIds: access.websiteIds.optional(),
  locales: access.locales.optional(),
});

const removeSchema = z.object({ websiteId: z.string({ error: (i) => (i.input === undefined ? missing(M.websiteId) : notText(M.websiteId)) }).max(100) });

type MemberRecord = Record<string, unknown> & { id: string; organisationId: string; userId: string; status: MemberStatus; orgRole: string; email: string; name: string };

/** The console's labels for the statuses (seed 000 section 3). */
const STATUS_LABELS: Record<MemberStatus, string> = { accepted: 'Active', pending: 'Invited', rejected: 'Declined', inactive: 'inactive' };

/** The member actions whose rules read the organisation's number of active owners (the last owner stays). */
const OWNER_RULE_ACTIONS = new Set(['ChangeAccess', 'Deactivate']);

/** Members of organisations: invitations by email, their acceptance, roles, deactivation. */
@Controller()
export class MembersController {
  constructor(
    @Inject(PEOPLE) private readonly people: PeopleDirectory,
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  @Get('members')
  async list(@CurrentViewer() viewer: Viewer, @Query() query: ListQuery, @Res({ passthrough: true }) response: Response) {
    const result = await listMembers<MemberRecord>(this.db, query, await this.scope(viewer));
    const [owners, rows] = await Promise.all([activeOwnersByOrganisation(this.db, [...new Set(result.rows.map((r) => r.organisationId))]), this.enrich(result.rows)]);
    return sendList(response, { ...result, rows: rows.map((r) => this.present(r, viewer, owners.get(r.organisationId) ?? 0)) });
  }

  /** How many active owners an organisation has (the last one stays: the member rules read it). */
  private async activeOwners(organisationId: string): Promise<number> {
    return (await activeOwnersByOrganisation(this.db, [organisationId])).get(organisationId) ?? 0;
  }

  /** Each member's last activity (identity's sessions) and number of posts written (the posts context, through the platform's registry). */
  private async enrich(records: MemberRecord[]): Promise<MemberRecord[]> {
    const byOrganisation = new Map<string, string[]>();
    for (const r of records) byOrganisation.set(r.organisationId, [...(byOrganisation.get(r.organisationId) ?? []), r.userId]);
    const [lastActive, ...posts] = await Promise.all([
      this.people.lastActiveOf([...new Set(records.map((r) => r.userId))]),
      ...[...byOrganisation].map(async ([organisationId, userIds]) => [organisationId, await writtenCounts(this.db, organisationId, userIds)] as const),
    ]);
    const postsOf = new Map(posts);
    return records.map((r) => ({ ...r, lastActive: lastActive.get(r.userId) ?? null, posts: postsOf.get(r.organisationId)?.get(r.userId) ?? 0 }));
  }

  /** The values of the members' lists (organisation, CMS and CRO roles; statuses with their labels), for the console's choices. */
  @Get('members/options')
  options() {
    return {
      orgRoles: ORGANISATION_ROLES,
      cmsRoles: CMS_ROLES,
      croRoles: CRO_ROLES,
      statuses: (Object.keys(STATUS_LABELS) as MemberStatus[]).map((id) => ({ id, name: STATUS_LABELS[id] })),
    };
  }

  @Get('members/:id/history')
  async history(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    await this.load(viewer, id);
    if (viewer.demoOrganisationId) throw new ForbiddenError('Member histories are not shown in demo mode');
    return readHistory(this.store, this.people, `member-${id}`);
  }

  @Get('members/:id')
  async get(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.presentOne(await this.load(viewer, id), viewer);
  }

  /** Invites by email: the invitee gets a magic link valid 7 days. */
  @Post('members')
  async invite(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @Req() request: Request, @RequestId() requestId: string) {
    const input = parseInput(inviteSchema, body);
    const organisationId = input.organisationId ?? (viewer.memberships.size === 1 ? [...viewer.memberships.keys()][0] : undefined);
    if (!organisationId) throw ValidationError.field('organisationId', missing(M.organisationId));
    if (!canSeeOrganisation(viewer, organisationId)) throw new NotFoundError('Organisation not found');
    const actor = actorFor(viewer, organisationId);
    if (!memberDecider.allowedActions(NEW, actor).includes('Invite')) {
      throw new ForbiddenError('Only owners and admins of the organisation may invite members');
    }
    const previous = await memberByEmail<MemberRecord>(this.db, organisationId, input.email);
    if (previous?.status === 'rejected') {
      // Invited again after declining: the same member record, pending again.
      return this.act(viewer, previous, 'Resend', {}, request, requestId);
    }
    if (previous) {
      throw new ConflictError('This person is already a member of the organisation or invited', { email: 'This person is already a member of the organisation or invited' });
    }
    // A person without an account gets one from the invitee-accounts process, under this id.
    const known = await this.people.idByEmail(input.email);
    const userId = known ?? randomUUID();
    const id = memberIdOf(organisationId, userId);
    const { organisationId: _o, ...rest } = input;
    const result: DecideResult = await this.commands.execute(
      new DecideCommand('member', id, { type: 'Invite', actor, data: { ...rest, organisationId, userId, ...(known ? {} : { newUser: true }) } }, { correlationId: requestId, organisationId }),
    );
    await this.projections.waitForResult(result);
    await this.sendInvitation(userId, input.email, organisationId, request);
    return this.presentOne(await this.load(viewer, id), viewer);
  }

  @Put('members/:id')
  async change(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @Req() request: Request, @RequestId() requestId: string) {
    const member = await this.load(viewer, id);
    return this.act(viewer, member, 'ChangeAccess', body, request, requestId);
  }

  @Post('members/:id/actions/:action')
  @HttpCode(200)
  async action(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Req() request: Request,
    @RequestId() requestId: string,
  ) {
    const member = await this.load(viewer, id);
    return this.act(viewer, member, action, body ?? {}, request, requestId);
  }

  private async act(viewer: Viewer, member: MemberRecord, action: string, body: unknown, request: Request, requestId: string) {
    const roles = [...actorFor(viewer, member.organisationId).roles, ...(member.userId === viewer.userId ? [SELF] : [])];
    const actor = { userId: viewer.userId, roles };
    let data: Record<string, unknown> = action === 'ChangeAccess' ? parseInput(changeSchema, body) : action === 'RemoveFromWebsite' ? parseInput(removeSchema, body) : {};
    if (action === 'RemoveFromWebsite' || action === 'Deactivate') {
      data = { ...data, contributorPosts: await contributorCount(this.db, member.organisationId, member.userId, data.websiteId as string | undefined) };
    }
    // Only the rules about owners read how many there are: other actions skip the count.
    const context: MemberContext = OWNER_RULE_ACTIONS.has(action) ? { activeOwners: await this.activeOwners(member.organisationId) } : {};
    await this.decide(member, action, actor, data, expectedVersionOf(body), requestId, context);
    if (action === 'Resend') await this.sendInvitation(member.userId, member.email, member.organisationId, request);
    if (action === 'Accept') viewer.memberships.set(member.organisationId, member.orgRole);
    return this.presentOne(await this.load(viewer, member.id), viewer);
  }

  /** Decides on the member; the membership process keeps the organisation's members (who may see what) in step, and the answer waits for it. */
  private async decide(
    member: MemberRecord,
    action: string,
    actor: Actor,
    data: unknown,
    expectedVersion: number | undefined,
    requestId: string,
    context: MemberContext = {},
  ) {
    const options = { correlationId: requestId, organisationId: member.organisationId };
    const result: DecideResult = await this.commands.execute(
      new DecideCommand('member', member.id, { type: action, actor, data, context }, { ...options, expectedVersion }),
    );
    await this.projections.waitForResult(result);
  }

  private async sendInvitation(userId: string, email: string, organisationId: string, request: Request) {
    const organisation = (await organisationName(this.db, organisationId)) ?? 'an organisation';
    await this.people.sendInvitation({ userId, email, organisationName: organisation, baseUrl: publicBaseUrl(this.config, request) });
  }

  /** Members of the viewer's organisations, and the viewer's own invitations (to accept or decline). */
  private async scope(viewer: Viewer) {
    const tenant = tenantScope(viewer, 'organisation_id');
    if (!seesOwnRecordsEverywhere(viewer) || viewer.platformAdmin) return tenant;
    // The viewer's own records in other organisations (invitations): usually none, and then the
    // scope stays one equality an index walks in the list's order.
    if (!(await hasMemberRecordsOutside(this.db, viewer.userId, [...viewer.memberships.keys()]))) return tenant;
    return { sql: `(${tenant.sql} OR user_id = $${tenant.params.length + 1})`, params: [...tenant.params, viewer.userId] };
  }

  private async load(viewer: Viewer, id: string): Promise<MemberRecord> {
    checkId(id);
    const record = await memberRecord<MemberRecord>(this.db, id);
    if (!record || !(canSeeOrganisation(viewer, record.organisationId) || (record.userId === viewer.userId && seesOwnRecordsEverywhere(viewer)))) {
      throw new NotFoundError('Member not found');
    }
    return (await this.enrich([record]))[0]!;
  }

  private async presentOne(record: MemberRecord, viewer: Viewer) {
    return this.present(record, viewer, await this.activeOwners(record.organisationId));
  }

  private present(record: MemberRecord, viewer: Viewer, activeOwners: number) {
    const roles = [...actorFor(viewer, record.organisationId).roles, ...(record.userId === viewer.userId ? [SELF] : [])];
    const state: MemberState = {
      status: record.status,
      organisationId: record.organisationId,
      userId: record.userId,
      access: { orgRole: record.orgRole as MemberAccess['orgRole'], cmsRole: record.cmsRole, croRole: record.croRole, websiteIds: record.websiteIds ?? [], locales: record.locales ?? [] } as MemberAccess,
    };
    return {
      ...record,
      // Demo mode reads like a viewer: the demo organisation's people without their email addresses.
      ...(viewer.demoOrganisationId ? { email: null } : {}),
      statusLabel: STATUS_LABELS[record.status],
      allowedActions: memberDecider.allowedActions(record.status, { userId: viewer.userId, roles }, state, { activeOwners } satisfies MemberContext),
    };
  }
}
