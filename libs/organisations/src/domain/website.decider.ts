import { NEW, defineDecider, type DomainEvent } from '#libs/platform/src/decider.js';
import { ORGANISATION_MANAGERS } from '#libs/platform/src/auth/policy.js';
import { ConflictError, ValidationError } from '#libs/platform/src/errors.js';
import { DEFAULT_ANALYTICS, type WebsiteAnalytics, type WebsiteSettings } from './website-fields.js';
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
  | DomainEvent<'WebsiteInstallationVerified', { url: string }>
  | DomainEvent<'WebsiteDomainRefused', WebsiteDomainRefusal>;

/**
 * The website-domains process could not claim `domain` for the website: another website holds it.
 * A website created with it never was (status `refused`); a change of address goes back to the
 * address it had (`restore`).
 */
export interface WebsiteDomainRefusal {
  domain: string;
  restore: { domain: string; url: string } | null;
}

export interface WebsiteState {
  status: 'active' | 'inactive' | 'refused' | typeof NEW;
  organisationId: string | null;
  key: string | null;
  settings: WebsiteSettings | null;
  installationVerified: boolean;
}

/** A website's statuses, and how the console names them (`GET /api/websites/options`). */
export type WebsiteStatus = Exclude<WebsiteState['status'], typeof NEW>;
export const WEBSITE_STATUS_LABELS: Record<WebsiteStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  refused: 'Refused',
};

/** Who manages an organisation: the policy's list. */
const MANAGERS = [...ORGANISATION_MANAGERS];

export const websiteDecider = defineDecider<
  'active' | 'inactive' | 'refused',
  'Create' | 'Update' | 'Deactivate' | 'Activate' | 'VerifyInstallation' | 'RefuseDomain',
  WebsiteState,
  WebsiteEvent
>({
  table: {
    name: 'website',
    statuses: ['active', 'inactive', 'refused'] as const,
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
      {
        action: 'RefuseDomain',
        from: ['active', 'inactive'],
        roles: ['system'],
        description:
          'The website-domains process: another website holds the domain (a new website is refused, a changed address goes back)',
      },
    ],
  },
  initialState: {
    status: NEW,
    organisationId: null,
    key: null,
    settings: null,
    installationVerified: false,
  } as WebsiteState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, command: { data: WebsiteSettings & { organisationId: string; key: string } }) => [
      { type: 'WebsiteCreated', data: command.data },
    ],
    Update: (
      state,
      command: { data: Partial<Omit<WebsiteSettings, 'analytics'>> & { analytics?: Partial<WebsiteAnalytics> } },
    ) => {
      // Analytics settings change field by field: a PUT naming only the control group keeps the ids.
      const data = command.data.analytics
        ? {
            ...command.data,
            analytics: { ...DEFAULT_ANALYTICS, ...state.settings?.analytics, ...command.data.analytics },
          }
        : command.data;
      const changes = Object.fromEntries(
        Object.entries(data).filter(
          ([key, value]) =>
            value !== undefined &&
            JSON.stringify(value) !== JSON.stringify(state.settings?.[key as keyof WebsiteSettings]),
        ),
      );
      return Object.keys(changes).length ? [{ type: 'WebsiteSettingsChanged', data: changes }] : [];
    },
    Deactivate: () => [{ type: 'WebsiteDeactivated', data: {} }],
    Activate: () => [{ type: 'WebsiteActivated', data: {} }],
    VerifyInstallation: (_state, command: { data: InstallationCheck }) => {
      if (!command.data.found) {
        throw new ValidationError(
          SCRIPT_NOT_INSTALLED,
          command.data.problem ? { url: command.data.problem } : undefined,
        );
      }
      return [{ type: 'WebsiteInstallationVerified', data: { url: command.data.url } }];
    },
    // Only while the website still has that domain: a later change superseded the refused one.
    RefuseDomain: (state, command: { data: WebsiteDomainRefusal }) =>
      state.settings?.domain === command.data.domain
        ? [
            {
              type: 'WebsiteDomainRefused',
              data: { domain: command.data.domain, restore: command.data.restore ?? null },
            },
          ]
        : [],
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
      case 'WebsiteDomainRefused':
        return event.data.restore
          ? {
              ...state,
              settings: { ...state.settings!, domain: event.data.restore.domain, url: event.data.restore.url },
            }
          : { ...state, status: 'refused' };
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

export const websiteDomainDecider = defineDecider<
  'claimed' | 'released',
  'Claim' | 'Release',
  WebsiteDomainState,
  WebsiteDomainEvent
>({
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
