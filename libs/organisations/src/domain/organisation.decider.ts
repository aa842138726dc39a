import { NEW, defineDecider, type DomainEvent } from '#libs/platform/src/decider.js';
import { ANY_USER, PLATFORM_ADMIN } from '#libs/platform/src/auth/viewer.js';
import type { Plan } from './plans.js';
import type { BusinessProfile } from './onboarding.js';
import { ORGANISATION_MANAGERS } from '#libs/platform/src/auth/policy.js';
import { InvalidTransitionError } from '#libs/platform/src/errors.js';

export const ORGANISATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
/** Each field's label, as the organisation form shows it: the messages name the field by these words. */
export const ORGANISATION_FIELD_LABELS = {
  name: 'Name',
  timezone: 'Time zone',
  locale: 'Locale',
  plan: 'Plan',
  analyticsRetentionMonths: 'Analytics data retention',
} as const;

export interface OrganisationProfile {
  name: string;
  website: string | null;
  country: string | null;
  locales: string[];
  timezone: string;
  /** How many months the raw tracking events are kept (./retention.ts); absent: `DEFAULT_RETENTION_MONTHS`. */
  analyticsRetentionMonths?: number;
}

/**
 * The person who founded the organisation (a sign-up, or someone creating another one): the
 * founding process records them as its first member, an owner.
 */
export interface Founder {
  userId: string;
  email: string;
  name: string;
}

export type OrganisationEvent =
  | DomainEvent<
      'OrganisationCreated',
      OrganisationProfile & { createdBy: string; plan: Plan; demo?: boolean; founder?: Founder }
    >
  | DomainEvent<'OrganisationBusinessProfileSet', BusinessProfile>
  | DomainEvent<'OrganisationPlanChanged', { plan: Plan }>
  | DomainEvent<'OrganisationProfileChanged', Partial<OrganisationProfile>>
  | DomainEvent<'OrganisationMemberAdded', { userId: string; role: OrganisationRole }>
  | DomainEvent<'OrganisationMemberRemoved', { userId: string }>;

export interface OrganisationState {
  status: 'active' | typeof NEW;
  profile: OrganisationProfile | null;
  createdBy: string | null;
  plan: Plan;
  members: Record<string, OrganisationRole>;
  business: BusinessProfile | null;
}

/** Who manages an organisation: the policy's list. */
const MANAGERS = [...ORGANISATION_MANAGERS];

export const organisationDecider = defineDecider<
  'active',
  'Create' | 'Update' | 'AddMember' | 'RemoveMember' | 'ChangePlan' | 'SetBusinessProfile',
  OrganisationState,
  OrganisationEvent
>({
  table: {
    name: 'organisation',
    statuses: ['active'] as const,
    transitions: [
      {
        action: 'Create',
        from: [NEW],
        to: 'active',
        roles: [ANY_USER, 'system'],
        description: 'The creator becomes its owner',
      },
      { action: 'Update', from: ['active'], roles: MANAGERS },
      // Membership follows the member aggregate (invitation accepted, deactivated): the system only.
      {
        action: 'AddMember',
        from: ['active'],
        roles: ['system'],
        description: 'Follows a member who joined or was reactivated',
      },
      {
        action: 'RemoveMember',
        from: ['active'],
        roles: ['system'],
        description: 'Follows a member who was deactivated',
      },
      {
        action: 'SetBusinessProfile',
        from: ['active'],
        roles: MANAGERS,
        description: 'Onboarding: the answers about the business',
      },
      {
        action: 'ChangePlan',
        from: ['active'],
        roles: ['owner', PLATFORM_ADMIN, 'system'],
        description: 'Billing: the products the organisation may use',
      },
    ],
  },
  initialState: {
    status: NEW,
    profile: null,
    createdBy: null,
    plan: 'starter',
    members: {},
    business: null,
  } as OrganisationState,
  statusOf: (state) => state.status,
  handlers: {
    SetBusinessProfile: (state, command: { data: BusinessProfile }) =>
      JSON.stringify(state.business) === JSON.stringify(command.data)
        ? []
        : [{ type: 'OrganisationBusinessProfileSet', data: command.data }],
    Create: (
      _state,
      command: {
        data: OrganisationProfile & { plan?: Plan; demo?: boolean; founder?: Founder };
        actor: { userId: string };
      },
    ) => [
      {
        type: 'OrganisationCreated',
        data: { ...command.data, plan: command.data.plan ?? 'starter', createdBy: command.actor.userId },
      },
    ],
    ChangePlan: (state, command: { data: { plan: Plan } }) =>
      state.plan === command.data.plan ? [] : [{ type: 'OrganisationPlanChanged', data: { plan: command.data.plan } }],
    Update: (state, command: { data: Partial<OrganisationProfile> }) => {
      const changes = Object.fromEntries(
        Object.entries(command.data).filter(
          ([key, value]) =>
            value !== undefined &&
            JSON.stringify(value) !== JSON.stringify(state.profile?.[key as keyof OrganisationProfile]),
        ),
      );
      return Object.keys(changes).length ? [{ type: 'OrganisationProfileChanged', data: changes }] : [];
    },
    AddMember: (state, command: { data: { userId: string; role: OrganisationRole } }) =>
      state.members[command.data.userId] === command.data.role
        ? []
        : [{ type: 'OrganisationMemberAdded', data: command.data }],
    RemoveMember: (state, command: { data: { userId: string } }) => {
      if (!state.members[command.data.userId]) return [];
      if (
        state.members[command.data.userId] === 'owner' &&
        Object.values(state.members).filter((r) => r === 'owner').length === 1
      ) {
        throw new InvalidTransitionError('The last owner of an organisation cannot be removed');
      }
      return [{ type: 'OrganisationMemberRemoved', data: command.data }];
    },
  },
  evolve: (state: OrganisationState, event: OrganisationEvent): OrganisationState => {
    switch (event.type) {
      case 'OrganisationCreated': {
        const { createdBy, plan, demo: _demo, founder: _founder, ...profile } = event.data;
        return { status: 'active', profile, createdBy, plan, members: { [createdBy]: 'owner' }, business: null };
      }
      case 'OrganisationBusinessProfileSet': {
        return { ...state, business: event.data };
      }
      case 'OrganisationPlanChanged': {
        return { ...state, plan: event.data.plan };
      }
      case 'OrganisationProfileChanged':
        return { ...state, profile: { ...state.profile!, ...event.data } };
      case 'OrganisationMemberAdded':
        return { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
      case 'OrganisationMemberRemoved': {
        const { [event.data.userId]: _removed, ...members } = state.members;
        return { ...state, members };
      }
      default:
        return state;
    }
  },
});
