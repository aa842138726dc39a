import { randomUUID } from 'node:crypto';
import { actorFor, canSeeOrganisation, seesOwnRecordsEverywhere, type Viewer } from '#libs/platform/src/auth/viewer.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { NEW } from '#libs/platform/src/decider.js';
import { ForbiddenError, NotFoundError, ValidationError } from '#libs/platform/src/errors.js';
import { checkId } from '#libs/platform/src/http/records.js';
import { tenantScope } from '#libs/platform/src/http/tenancy.js';
import { defineResource, type ResourceEnv, type ResourceKind } from '#libs/platform/src/resources/resource.js';
import { missing, notText, parseInput, requiredText, z } from '#libs/platform/src/validation.js';
import {
  CMS_ROLES,
  CRO_ROLES,
  MEMBER_FIELD_LABELS as M,
  SELF,
  memberDecider,
  memberIdOf,
  type MemberAccess,
  type MemberContext,
  type MemberState,
  type MemberStatus,
} from '../domain/member.decider.js';
import { ORGANISATION_ROLES } from '../domain/organisation.decider.js';
import { locale } from './organisation.schemas.js';
import { contributorCount, writtenCounts } from '#libs/platform/src/contributed-facts.js';
import {
  activeOwnersByOrganisation,
  hasMemberRecordsOutside,
  listMembers,
  memberRecord,
  organisationName,
} from '../projections/queries.js';
import { publicBaseUrl } from '#libs/platform/src/http/public-url.js';
const access = {
  orgRole: z.enum(ORGANISATION_ROLES, { error: `${M.orgRole} must be one of ${ORGANISATION_ROLES.join(', ')}` }),
  cmsRole: z.enum(CMS_ROLES, { error: `${M.cmsRole} must be one of ${CMS_ROLES.join(', ')}` }),
  croRole: z.enum(CRO_ROLES, { error: `${M.croRole} must be one of ${CRO_ROLES.join(', ')}` }),
  websiteIds: z.array(z.string().max(100), { error: `${M.websiteIds} must be a list` }).max(500),
  locales: z.array(locale, { error: `${M.locales} must be a list` }).max(50),
};

export const inviteSchema = z.object({
  organisationId: z
    .string({ error: notText(M.organisationId) })
    .max(100)
    .optional(),
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

const removeSchema = z.object({
  websiteId: z.string({ error: (i) => (i.input === undefined ? missing(M.websiteId) : notText(M.websiteId)) }).max(100),
});

export type MemberRecord = Record<string, unknown> & {
  id: string;
  websiteIds?: string[];
  locales?: string[];
  cmsRole?: unknown;
  croRole?: unknown;
  organisationId: string;
  userId: string;
  status: MemberStatus;
  orgRole: string;
  email: string;
  name: string;
};

/** The console's labels for the statuses (seed 000 section 3). */
const STATUS_LABELS: Record<MemberStatus, string> = {
  accepted: 'Active',
  pending: 'Invited',
  rejected: 'Declined',
  inactive: 'inactive',
};

/** Members of the viewer's organisations, and the viewer's own invitations (to accept or decline). */
async function memberScope(env: ResourceEnv) {
  const viewer = env.viewer;
  const tenant = tenantScope(viewer, 'organisation_id');
  if (!seesOwnRecordsEverywhere(viewer) || viewer.platformAdmin) return tenant;
  // The viewer's own records in other organisations (invitations): usually none, and then the
  // scope stays one equality an index walks in the list's order.
  if (!(await hasMemberRecordsOutside(env.db, viewer.userId, [...viewer.memberships.keys()]))) return tenant;
  return {
    sql: `(${tenant.sql} OR user_id = $${tenant.params.length + 1})`,
    params: [...tenant.params, viewer.userId],
  };
}

/** The invitation mail with its magic link (valid 7 days). */
async function sendInvitation(
  env: ResourceEnv,
  config: AppConfig,
  userId: string,
  email: string,
  organisationId: string,
) {
  const organisation = (await organisationName(env.db, organisationId)) ?? 'an organisation';
  await env.people.sendInvitation({
    userId,
    email,
    organisationName: organisation,
    baseUrl: publicBaseUrl(config, { headers: env.headers }),
  });
}

/** How many posts a member wrote where they are removed from (the decider records it). */
const withContributions = async (env: ResourceEnv, member: MemberRecord, data: Record<string, unknown>) => ({
  ...data,
  contributorPosts: await contributorCount(
    env.db,
    member.organisationId,
    member.userId,
    data.websiteId as string | undefined,
  ),
});

/** Members of organisations: invitations by email, their acceptance, roles, deactivation. */
export function membersResource(config: AppConfig): ResourceKind<MemberRecord> {
  return defineResource<MemberRecord>({
    resource: 'members',
    stream: 'member',
    label: 'Member',
    decider: memberDecider,
    statusLabels: STATUS_LABELS,
    /** The values of the members' lists (organisation, CMS and CRO roles; statuses with their labels), for the console's choices. */
    options: () => ({
      orgRoles: ORGANISATION_ROLES,
      cmsRoles: CMS_ROLES,
      croRoles: CRO_ROLES,
      statuses: (Object.keys(STATUS_LABELS) as MemberStatus[]).map((id) => ({ id, name: STATUS_LABELS[id] })),
    }),
    list: async (env, query) => listMembers<MemberRecord>(env.db, query, await memberScope(env)),
    async load(env, id) {
      checkId(id);
      const record = await memberRecord<MemberRecord>(env.db, id);
      const viewer = env.viewer;
      if (
        !record ||
        !(
          canSeeOrganisation(viewer, record.organisationId) ||
          (record.userId === viewer.userId && seesOwnRecordsEverywhere(viewer))
        )
      ) {
        throw new NotFoundError('Member not found');
      }
      return record;
    },
    // A member acting on their own record is also `self` (they accept or decline their invitation).
    actor: (env, record) => ({
      userId: env.viewer.userId,
      roles: [
        ...actorFor(env.viewer, record.organisationId).roles,
        ...(record.userId === env.viewer.userId ? [SELF] : []),
      ],
    }),
    stateOf: (record): MemberState => ({
      status: record.status,
      organisationId: record.organisationId,
      userId: record.userId,
      access: {
        orgRole: record.orgRole as MemberAccess['orgRole'],
        cmsRole: record.cmsRole,
        croRole: record.croRole,
        websiteIds: record.websiteIds ?? [],
        locales: record.locales ?? [],
      } as MemberAccess,
    }),
    // The rules about owners read how many active owners the organisation has (the last one stays).
    facts: {
      key: (record) => record.organisationId,
      read: async (record, env) =>
        ({
          activeOwners:
            (await activeOwnersByOrganisation(env.db, [record.organisationId])).get(record.organisationId) ?? 0,
        }) satisfies MemberContext,
    },
    /** Each member's last activity (identity's sessions) and number of posts written (the posts context, through the platform's registry). */
    async decorate(records, env) {
      const byOrganisation = new Map<string, string[]>();
      for (const r of records)
        byOrganisation.set(r.organisationId, [...(byOrganisation.get(r.organisationId) ?? []), r.userId]);
      const [lastActive, ...posts] = await Promise.all([
        env.people.lastActiveOf([...new Set(records.map((r) => r.userId))]),
        ...[...byOrganisation].map(
          async ([organisationId, userIds]) =>
            [organisationId, await writtenCounts(env.db, organisationId, userIds)] as const,
        ),
      ]);
      const postsOf = new Map(posts);
      return (r) => ({
        lastActive: lastActive.get(r.userId) ?? null,
        posts: postsOf.get(r.organisationId)?.get(r.userId) ?? 0,
        // Demo mode reads like a viewer: the demo organisation's people without their email addresses.
        ...(env.viewer.demoOrganisationId ? { email: null } : {}),
      });
    },
    historyAccess(_record, env) {
      if (env.viewer.demoOrganisationId) throw new ForbiddenError('Member histories are not shown in demo mode');
    },
    /** Invites by email: the invitee gets a magic link valid 7 days. A person without an account gets one from the invitee-accounts process, under this id. */
    async create(body, env) {
      const input = parseInput(inviteSchema, body);
      const organisationId = inviteOrganisation(env.viewer, input.organisationId);
      const known = await env.people.idByEmail(input.email);
      const userId = known ?? randomUUID();
      const { organisationId: _o, ...rest } = input;
      return {
        id: memberIdOf(organisationId, userId),
        command: 'Invite',
        organisationId,
        data: { ...rest, organisationId, userId, ...(known ? {} : { newUser: true }) },
        aside: { userId, email: input.email },
      };
    },
    afterCreate: async (_id, creation, _result, env) =>
      sendInvitation(
        env,
        config,
        creation.aside!.userId as string,
        creation.aside!.email as string,
        creation.organisationId,
      ),
    update: 'ChangeAccess',
    // In the order of the record's buttons (the options' `actions`).
    actions: {
      Accept: {
        // The new member reaches the organisation in this request already.
        async after(member, _data, _result, env) {
          env.viewer.memberships.set(member.organisationId, member.orgRole);
        },
      },
      Decline: {},
      Resend: {
        label: 'Resend invitation',
        after: (member, _data, _result, env) =>
          sendInvitation(env, config, member.userId, member.email, member.organisationId),
      },
      Deactivate: { input: (_body, member, env) => withContributions(env, member, {}) },
      Reactivate: {},
      RemoveFromWebsite: {
        input: (body, member, env) => withContributions(env, member, parseInput(removeSchema, body)),
      },
      ChangeAccess: { input: (body) => parseInput(changeSchema, body) },
    },
  });
}

/** The organisation an invitation is for (the viewer's only one when none is named), which the viewer manages. */
export function inviteOrganisation(viewer: Viewer, named: string | undefined): string {
  const organisationId = named ?? (viewer.memberships.size === 1 ? [...viewer.memberships.keys()][0] : undefined);
  if (!organisationId) throw ValidationError.field('organisationId', missing(M.organisationId));
  if (!canSeeOrganisation(viewer, organisationId)) throw new NotFoundError('Organisation not found');
  if (!memberDecider.allowedActions(NEW, actorFor(viewer, organisationId)).includes('Invite')) {
    throw new ForbiddenError('Only owners and admins of the organisation may invite members');
  }
  return organisationId;
}
