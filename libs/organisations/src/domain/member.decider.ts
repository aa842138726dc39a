import { createHash } from 'node:crypto';
import { NEW, defineDecider, type DomainEvent } from '#libs/platform/src/decider.js';
import { ORGANISATION_MANAGERS } from '#libs/platform/src/auth/policy.js';
import type { OrganisationRole } from './organisation.decider.js';
import { ForbiddenError, InvalidTransitionError } from '#libs/platform/src/errors.js';

/** The spec's rules for taking a member off a website (seed 000 section 5). */
export const ADMINS_STAY_ON_WEBSITES =
  'Admins cannot be removed from a website because they have access to all websites.';
export const CONTRIBUTORS_STAY = 'A member listed as contributor on posts cannot be removed until others are assigned.';

/** The spec's CMS and CRO roles of a member. */
export const CMS_ROLES = ['admin', 'analyst', 'editor', 'creator', 'manager', 'reviewer', 'none'] as const;
export const CRO_ROLES = ['admin', 'analyst', 'editor', 'creator', 'manager', 'viewer', 'none'] as const;
/** Each field's label, as the member form shows it: the messages name the field by these words ("Email is missing!"). */
export const MEMBER_FIELD_LABELS = {
  organisationId: 'Organisation',
  email: 'Email',
  name: 'Name',
  orgRole: 'Organisation role',
  cmsRole: 'CMS role',
  croRole: 'CRO role',
  websiteIds: 'Websites',
  websiteId: 'Website',
  locales: 'Locales',
} as const;

export interface MemberAccess {
  orgRole: OrganisationRole;
  cmsRole: (typeof CMS_ROLES)[number];
  croRole: (typeof CRO_ROLES)[number];
  websiteIds: string[];
  locales: string[];
}

/** One member record per person and organisation: its id is derived from both. */
export function memberIdOf(organisationId: string, userId: string): string {
  const hex = createHash('sha256').update(`member:${organisationId}:${userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-9${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type MemberFacts = MemberAccess & { organisationId: string; userId: string; email: string; name: string };

/**
 * Set (by the schema v1 -> v2 upcaster, events.ts) on access facts recorded before website access
 * was enforced (DESIGN.md "Website access"); never on new events.
 */
export interface BeforeWebsiteAccess {
  beforeWebsiteAccess?: true;
}

export type MemberEvent =
  | DomainEvent<'MemberJoined', MemberFacts & BeforeWebsiteAccess>
  | DomainEvent<
      'MemberInvited',
      MemberAccess &
        BeforeWebsiteAccess & { organisationId: string; userId: string; email: string; name: string; invitedBy: string }
    >
  | DomainEvent<'MemberInvitationAccepted', Record<string, never>>
  | DomainEvent<'MemberInvitationDeclined', Record<string, never>>
  | DomainEvent<'MemberInvitationResent', Record<string, never>>
  | DomainEvent<'MemberAccessChanged', Partial<MemberAccess> & BeforeWebsiteAccess>
  | DomainEvent<'MemberDeactivated', Record<string, never>>
  | DomainEvent<'MemberReactivated', Record<string, never>>;

/** Statuses as stored; the console shows accepted as Active, pending as Invited, rejected as Declined. */
export type MemberStatus = 'pending' | 'accepted' | 'rejected' | 'inactive';

export interface MemberState {
  status: MemberStatus | typeof NEW;
  organisationId: string | null;
  userId: string | null;
  access: MemberAccess | null;
  /** The access was recorded before website access was enforced and not changed since: the start-up grant may apply. */
  accessBeforeWebsiteRule?: boolean;
}

/** Who manages an organisation: the policy's list. */
const MANAGERS = [...ORGANISATION_MANAGERS];

/** The role-grant rules (DESIGN.md "Trust boundary", Roles). */
export const ONLY_OWNERS_MANAGE_OWNERS = "Only owners may change an owner's membership";
export const ONLY_OWNERS_GRANT_OWNER = 'Only owners may make someone an owner';
export const NOT_YOUR_OWN_ROLE = 'Nobody can change their own organisation role';
export const LAST_OWNER_STAYS =
  'The last owner of an organisation cannot be demoted or deactivated. Make someone else an owner first.';

/** Who may grant or revoke `owner`, and manage an owner's membership. */
const OWNER_GRANTORS = ['owner', 'platform_admin', 'system'];

/** Facts from outside the member aggregate its role rules read: how many active owners the organisation has. */
export interface MemberContext {
  activeOwners?: number;
}

const grantsOwner = (actor: { roles: readonly string[] }) => actor.roles.some((role) => OWNER_GRANTORS.includes(role));
const isOwner = (state: MemberState) => state.access?.orgRole === 'owner';
/** Admins manage members and admins; an owner's membership is managed by owners only. */
const managesThisMember = (state: MemberState, actor: { roles: readonly string[] }) =>
  !isOwner(state) || grantsOwner(actor) || { forbidden: ONLY_OWNERS_MANAGE_OWNERS };
/** The last active owner stays: an organisation always has someone who can manage it. */
const isLastActiveOwner = (state: MemberState, context: unknown) =>
  isOwner(state) && state.status === 'accepted' && ((context as MemberContext | undefined)?.activeOwners ?? 0) <= 1;
/** Owners and admins reach every website of their organisation: no website is taken off them. */
const hasEveryWebsite = (state: MemberState) => state.access?.orgRole === 'owner' || state.access?.orgRole === 'admin';
/** The invitee (the command's actor is the member's own user). */
export const SELF = 'self';

export const memberDecider = defineDecider<
  MemberStatus,
  | 'Join'
  | 'Invite'
  | 'Accept'
  | 'Decline'
  | 'Resend'
  | 'ChangeAccess'
  | 'RemoveFromWebsite'
  | 'Deactivate'
  | 'Reactivate'
  | 'GrantExistingWebsites',
  MemberState,
  MemberEvent
>({
  table: {
    name: 'member',
    statuses: ['pending', 'accepted', 'rejected', 'inactive'],
    transitions: [
      {
        action: 'Join',
        from: [NEW],
        to: 'accepted',
        roles: ['system'],
        description: 'A founder or a member added without an invitation',
      },
      {
        action: 'Invite',
        from: [NEW],
        to: 'pending',
        roles: [...MANAGERS, 'system'],
        description: 'Only owners invite owners',
      },
      { action: 'Accept', from: ['pending'], to: 'accepted', roles: [SELF, 'system'] },
      { action: 'Decline', from: ['pending'], to: 'rejected', roles: [SELF] },
      { action: 'Resend', from: ['pending', 'rejected'], to: 'pending', roles: MANAGERS, guard: managesThisMember },
      {
        action: 'ChangeAccess',
        from: ['pending', 'accepted', 'inactive'],
        roles: MANAGERS,
        guard: managesThisMember,
        description:
          'Only owners grant or revoke owner; nobody changes their own organisation role; the last active owner keeps it',
      },
      {
        action: 'RemoveFromWebsite',
        from: ['pending', 'accepted', 'inactive'],
        roles: MANAGERS,
        // A rule of the record itself, so the action is not offered on an admin or owner.
        guard: (state, actor) => {
          const manages = managesThisMember(state, actor);
          if (manages !== true) return manages;
          return hasEveryWebsite(state) ? ADMINS_STAY_ON_WEBSITES : true;
        },
        description: 'Takes one website off the member (not an admin or owner: they have every website)',
      },
      {
        action: 'Deactivate',
        from: ['accepted'],
        to: 'inactive',
        roles: MANAGERS,
        guard: (state, actor, context) => {
          const manages = managesThisMember(state, actor);
          if (manages !== true) return manages;
          return isLastActiveOwner(state, context) ? LAST_OWNER_STAYS : true;
        },
        description: 'Not the last active owner',
      },
      { action: 'Reactivate', from: ['inactive'], to: 'accepted', roles: MANAGERS, guard: managesThisMember },
      {
        action: 'GrantExistingWebsites',
        from: ['pending', 'accepted', 'rejected', 'inactive'],
        roles: ['system'],
        description:
          "Once, at start: a member recorded before website access was enforced with no website gets the organisation's websites of that moment",
      },
    ],
  },
  initialState: { status: NEW, organisationId: null, userId: null, access: null },
  statusOf: (state) => state.status,
  handlers: {
    Join: (_state, command: { data: MemberFacts }) => [{ type: 'MemberJoined', data: command.data }],
    Invite: (
      _state,
      command: {
        data: MemberAccess & { organisationId: string; userId: string; email: string; name: string };
        actor: { userId: string; roles: readonly string[] };
      },
    ) => {
      if (command.data.orgRole === 'owner' && !grantsOwner(command.actor))
        throw new ForbiddenError(ONLY_OWNERS_GRANT_OWNER);
      return [{ type: 'MemberInvited', data: { ...command.data, invitedBy: command.actor.userId } }];
    },
    Accept: () => [{ type: 'MemberInvitationAccepted', data: {} }],
    Decline: () => [{ type: 'MemberInvitationDeclined', data: {} }],
    Resend: () => [{ type: 'MemberInvitationResent', data: {} }],
    ChangeAccess: (
      state,
      command: { data: Partial<MemberAccess>; actor: { userId: string; roles: readonly string[] }; context?: unknown },
    ) => {
      const role = command.data.orgRole;
      if (role !== undefined && role !== state.access?.orgRole) {
        if (command.actor.userId === state.userId) throw new ForbiddenError(NOT_YOUR_OWN_ROLE);
        if (role === 'owner' && !grantsOwner(command.actor)) throw new ForbiddenError(ONLY_OWNERS_GRANT_OWNER);
        if (isLastActiveOwner(state, command.context)) throw new InvalidTransitionError(LAST_OWNER_STAYS);
      }
      const changes = Object.fromEntries(
        Object.entries(command.data).filter(
          ([k, v]) => v !== undefined && JSON.stringify(v) !== JSON.stringify(state.access?.[k as keyof MemberAccess]),
        ),
      );
      return Object.keys(changes).length ? [{ type: 'MemberAccessChanged', data: changes }] : [];
    },
    RemoveFromWebsite: (state, command: { data: { websiteId: string; contributorPosts?: number } }) => {
      const access = state.access!;
      if (!access.websiteIds.includes(command.data.websiteId)) return [];
      if ((command.data.contributorPosts ?? 0) > 0) throw new InvalidTransitionError(CONTRIBUTORS_STAY);
      return [
        {
          type: 'MemberAccessChanged',
          data: { websiteIds: access.websiteIds.filter((id) => id !== command.data.websiteId) },
        },
      ];
    },
    Deactivate: (_state, command: { data: { contributorPosts?: number } }) => {
      if ((command.data?.contributorPosts ?? 0) > 0) throw new InvalidTransitionError(CONTRIBUTORS_STAY);
      return [{ type: 'MemberDeactivated', data: {} }];
    },
    Reactivate: () => [{ type: 'MemberReactivated', data: {} }],
    GrantExistingWebsites: (state, command: { data: { websiteIds: string[] } }) => {
      const access = state.access!;
      // Left alone: members recorded under the rule, or whose access changed since, owners and admins (every website), and members with websites.
      if (
        !state.accessBeforeWebsiteRule ||
        access.orgRole === 'owner' ||
        access.orgRole === 'admin' ||
        access.websiteIds.length > 0
      )
        return [];
      return [{ type: 'MemberAccessChanged', data: { websiteIds: [...command.data.websiteIds] } }];
    },
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'MemberInvited': {
        const {
          organisationId,
          userId,
          email: _e,
          name: _n,
          invitedBy: _i,
          beforeWebsiteAccess,
          ...access
        } = event.data;
        return {
          status: 'pending',
          organisationId,
          userId,
          access,
          accessBeforeWebsiteRule: beforeWebsiteAccess === true,
        };
      }
      case 'MemberJoined': {
        const { organisationId, userId, email: _e, name: _n, beforeWebsiteAccess, ...access } = event.data;
        return {
          status: 'accepted',
          organisationId,
          userId,
          access,
          accessBeforeWebsiteRule: beforeWebsiteAccess === true,
        };
      }
      case 'MemberInvitationAccepted':
      case 'MemberReactivated':
        return { ...state, status: 'accepted' };
      case 'MemberInvitationDeclined':
        return { ...state, status: 'rejected' };
      case 'MemberInvitationResent':
        return { ...state, status: 'pending' };
      case 'MemberAccessChanged': {
        // A change recorded under the rule settles the member's websites: the start-up grant no longer applies.
        const { beforeWebsiteAccess, ...changes } = event.data;
        return {
          ...state,
          access: { ...state.access!, ...changes },
          accessBeforeWebsiteRule: state.accessBeforeWebsiteRule === true && beforeWebsiteAccess === true,
        };
      }
      case 'MemberDeactivated':
        return { ...state, status: 'inactive' };
      default:
        return state;
    }
  },
});
