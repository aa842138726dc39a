import { NEW, defineDecider, type DomainEvent } from '#libs/platform/src/decider.js';
import { ORGANISATION_MANAGERS } from '#libs/platform/src/auth/policy.js';
import { ConflictError, ValidationError } from '#libs/platform/src/errors.js';
import type { WebsiteSettings } from './website-fields.js';
import { SCRIPT_NOT_INSTALLED } from './onboarding.js';

/** What the server found at the website's address when it looked for the tracking script. */
export interface InstallationCheck {
  url: string;
  found: boolean;
  problem?: string;
}

export type WebsiteEvent =
  | DomainEvent<'WebsiteCreated', WebsiteSettings & { organisationId: string; key: string }>
  | DomainEvent<'WebsiteSettingsChanged', Partial<WebsiteSettings>>
  | DomainEvent<'WebsiteDeactivated', Record<string, never>>
  | DomainEvent<'WebsiteActivated', Record<string, never>>
  | DomainEvent<'WebsiteInstallationVerified', { url: string }>;

export interface WebsiteState {
  status: 'active' | 'inactive' | typeof NEW;
  organisationId: string | null;
  key: string | null;
  settings: WebsiteSettings | null;
  installationVerified: boolean;
}

/** Who manages an organisation: the policy's list. */
const MANAGERS = [...ORGANISATION_MANAGERS];

export const websiteDecider = defineDecider<'active' | 'inactive', 'Create' | 'Update' | 'Deactivate' | 'Activate' | 'VerifyInstallation', WebsiteState, WebsiteEvent>({
  table: {
    name: 'website',
    statuses: ['active', 'inactive'] as const,
    transitions: [
      { action: 'Create', from: [NEW], to: 'active', roles: [...MANAGERS, 'system'] },
      { action: 'Update', from: ['active', 'inactive'], roles: MANAGERS },
      { action: 'Deactivate', from: ['active'], to: 'inactive', roles: MANAGERS },
      { action: 'Activate', from: ['inactive'], to: 'active', roles: MANAGERS },
      {
        action: 'VerifyInstallation',
        from: ['active', 'inactive'],
        roles: MANAGERS,
        description: 'Onboarding: the tracking script was found on the website',
      },
    ],
  },
  initialState: { status: NEW, organisationId: null, key: null, settings: null, installationVerified: false } as WebsiteState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, command: { data: WebsiteSettings & { organisationId: string; key: string } }) => [
      { type: 'WebsiteCreated', data: command.data },
    ],
    Update: (state, command: { data: Partial<WebsiteSettings> }) => {
      const changes = Object.fromEntries(
        Object.entries(command.data).filter(
          ([key, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(state.settings?.[key as keyof WebsiteSettings]),
        ),
      );
      return Object.keys(changes).length ? [{ type: 'WebsiteSettingsChanged', data: changes }] : [];
    },
    Deactivate: () => [{ type: 'WebsiteDeactivated', data: {} }],
    Activate: () => [{ type: 'WebsiteActivated', data: {} }],
    VerifyInstallation: (_state, command: { data: InstallationCheck }) => {
      if (!command.data.found) {
        throw new ValidationError(SCRIPT_NOT_INSTALLED, command.data.problem ? { url: command.data.problem } : undefined);
      }
      return [{ type: 'WebsiteInstallationVerified', data: { url: command.data.url } }];
    },
  },
  evolve: (state: WebsiteState, event: WebsiteEvent): WebsiteState => {
    switch (event.type) {
      case 'WebsiteCreated': {
        const { organisationId, key, ...settings } = event.data;
        return { status: 'active', organisationId, key, settings, installationVerified: false };
      }
      case 'WebsiteSettingsChanged':
        return { ...state, settings: { ...state.settings!, ...event.data } };
      case 'WebsiteDeactivated':
        return { ...state, status: 'inactive' };
      case 'WebsiteActivated':
        return { ...state, status: 'active' };
      case 'WebsiteInstallationVerified':
        return { ...state, installationVerified: true };
      default:
        return state;
    }
  },
});

/**
 * One domain belongs to one website across all organisations. Each domain is a stream
 * (`websitedomain-{domain}`): claiming it appends with the version read, so two websites
 * racing for a domain cannot both win.
 */
export type WebsiteDomainEvent =
  | DomainEvent<'WebsiteDomainClaimed', { websiteId: string; organisationId: string }>
  | DomainEvent<'WebsiteDomainReleased', { websiteId: string }>;

export interface WebsiteDomainState {
  status: 'claimed' | 'released' | typeof NEW;
  websiteId: string | null;
  organisationId: string | null;
}

/** The spec: a website that already has an account is refused, asking to contact its owner. */
export const DOMAIN_TAKEN = 'This website already has an account. Please contact its owner to be given access.';

export const websiteDomainDecider = defineDecider<'claimed' | 'released', 'Claim' | 'Release', WebsiteDomainState, WebsiteDomainEvent>({
  table: {
    name: 'website domain',
    statuses: ['claimed', 'released'] as const,
    transitions: [
      { action: 'Claim', from: [NEW, 'released', 'claimed'], to: 'claimed', roles: [...MANAGERS, 'system'] },
      { action: 'Release', from: ['claimed'], to: 'released', roles: [...MANAGERS, 'system'] },
    ],
  },
  initialState: { status: NEW, websiteId: null, organisationId: null } as WebsiteDomainState,
  statusOf: (state) => state.status,
  handlers: {
    Claim: (state, command: { data: { websiteId: string; organisationId: string } }) => {
      if (state.status === 'claimed') {
        if (state.websiteId === command.data.websiteId) return [];
        throw new DomainTakenError();
      }
      return [{ type: 'WebsiteDomainClaimed', data: command.data }];
    },
    Release: (state, command: { data: { websiteId: string } }) =>
      state.websiteId === command.data.websiteId ? [{ type: 'WebsiteDomainReleased', data: command.data }] : [],
  },
  evolve: (state: WebsiteDomainState, event: WebsiteDomainEvent): WebsiteDomainState =>
    event.type === 'WebsiteDomainClaimed'
      ? { status: 'claimed', websiteId: event.data.websiteId, organisationId: event.data.organisationId }
      : { status: 'released', websiteId: null, organisationId: null },
});

export class DomainTakenError extends ConflictError {
  constructor() {
    super(DOMAIN_TAKEN, { url: DOMAIN_TAKEN });
  }
}
