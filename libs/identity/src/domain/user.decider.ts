import { NEW, defineDecider, type DomainEvent } from '#libs/platform/src/decider.js';
import { PLATFORM_ADMIN } from '#libs/platform/src/auth/viewer.js';

/** The user roles of the spec (seed 000 section 6). */
export const USER_ROLES = [
  'customer',
  'cro_customer',
  'credited_writer',
  'limited_writer',
  'writer',
  'expert',
  'editor',
  'analyst',
  'content_manager',
  'hr',
  'admin',
  'owner',
] as const;
export type UserRole = (typeof USER_ROLES)[number];

export type UserEvent =
  | DomainEvent<
      'UserRegistered',
      { email: string; name: string; role: UserRole; platformAdmin: boolean; signUp?: SignUp }
    >
  | DomainEvent<'UserProfileChanged', { name?: string; role?: UserRole }>
  /** An invited person chose their first password (the password itself never enters the log). */
  | DomainEvent<'UserFirstPasswordChosen', Record<string, never>>;

export interface UserState {
  status: 'active' | typeof NEW;
  email: string;
  name: string;
  role: UserRole;
  platformAdmin: boolean;
}

/**
 * A self-service sign-up also asks for an organisation of which the user is the owner: the
 * sign-up process (libs/organisations/src/processes) creates it and the membership.
 */
export interface SignUp {
  organisationId: string;
  organisationName: string;
}

/** The process itself (first-start seeding). */
export const SYSTEM = 'system';

export const userDecider = defineDecider<
  'active',
  'Register' | 'ChangeProfile' | 'ChooseFirstPassword',
  UserState,
  UserEvent
>({
  table: {
    name: 'user',
    statuses: ['active'] as const,
    transitions: [
      { action: 'Register', from: [NEW], to: 'active', roles: [SYSTEM, PLATFORM_ADMIN] },
      { action: 'ChangeProfile', from: ['active'], roles: [SYSTEM, PLATFORM_ADMIN, 'self'] },
      {
        action: 'ChooseFirstPassword',
        from: ['active'],
        roles: [SYSTEM],
        description:
          'An invited person chose their password through the invitation link (the invitation-acceptance process accepts their invitations)',
      },
    ],
  },
  initialState: { status: NEW, email: '', name: '', role: 'writer', platformAdmin: false } as UserState,
  statusOf: (state) => state.status,
  handlers: {
    Register: (
      _state,
      command: { data: { email: string; name: string; role: UserRole; platformAdmin?: boolean; signUp?: SignUp } },
    ) => [
      {
        type: 'UserRegistered',
        data: {
          email: command.data.email,
          name: command.data.name,
          role: command.data.role,
          platformAdmin: command.data.platformAdmin ?? false,
          ...(command.data.signUp
            ? {
                signUp: {
                  organisationId: command.data.signUp.organisationId,
                  organisationName: command.data.signUp.organisationName,
                },
              }
            : {}),
        },
      },
    ],
    ChangeProfile: (_state, command: { data: { name?: string; role?: UserRole } }) => [
      { type: 'UserProfileChanged', data: command.data },
    ],
    ChooseFirstPassword: () => [{ type: 'UserFirstPasswordChosen', data: {} }],
  },
  evolve: (state: UserState, event: UserEvent): UserState => {
    switch (event.type) {
      case 'UserRegistered': {
        const { signUp: _signUp, ...user } = event.data;
        return { status: 'active', ...user };
      }
      case 'UserProfileChanged':
        return { ...state, ...event.data };
      default:
        return state;
    }
  },
});

export const USER_EVENT_TYPES = [
  { type: 'UserRegistered', schemaVersion: 1 },
  { type: 'UserProfileChanged', schemaVersion: 1 },
  { type: 'UserFirstPasswordChosen', schemaVersion: 1 },
] as const;
/** The names of the identity context's events: the one list above. */
export type UserEventType = (typeof USER_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_USER_EVENT_LISTED: [UserEvent['type']] extends [UserEventType]
  ? [UserEventType] extends [UserEvent['type']]
    ? true
    : never
  : never = true;
