import { NEW, defineDecider, type DomainEvent } from '#libs/platform/src/decider.js';
import { ValidationError } from '#libs/platform/src/errors.js';
import { notText } from '#libs/platform/src/validation.js';
import { EDITORS } from './stages.js';

export const REDIRECT_TYPES = [301, 302, 307, 308] as const;
/** How the console names each redirect type (`GET /api/redirect-rules/options`). */
export const REDIRECT_TYPE_LABELS: Record<(typeof REDIRECT_TYPES)[number], string> = {
  301: '301 Moved permanently',
  302: '302 Found (temporary)',
  307: '307 Temporary redirect',
  308: '308 Permanent redirect',
};

/** The spec's redirect rule (seed 000 section 3). Counters are filled by the public redirect service. */
export interface RedirectRuleFields {
  organisationId: string;
  websiteId: string;
  fromPath: string;
  toPath: string;
  type: (typeof REDIRECT_TYPES)[number];
  locale: string | null;
  /** The post the rule was made for (automatic rules). */
  objectId: string | null;
  automatic: boolean;
}

export type RedirectRuleEvent =
  | DomainEvent<'RedirectRuleCreated', RedirectRuleFields>
  | DomainEvent<'RedirectRuleChanged', Partial<Pick<RedirectRuleFields, 'fromPath' | 'toPath' | 'type' | 'locale'>>>
  | DomainEvent<'RedirectRuleDeleted', { reason?: string }>;

/** Each field's label, as the redirect form shows it: the messages name the field by these words. */
export const REDIRECT_FIELD_LABELS = {
  websiteId: 'Website',
  fromPath: 'From path',
  toPath: 'To path',
  type: 'Type',
  locale: 'Locale',
} as const;

/**
 * Why `value` cannot be a redirect path, or null when it can. A path starts with exactly one `/`
 * (`//host` and `/\host` are read by browsers as another website), holds no backslash and no
 * control character; only a rule's target (`allowUrl`) may instead be an absolute http(s) URL.
 */
export function redirectPathProblem(label: string, value: string, allowUrl: boolean): string | null {
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return `${label} must not contain control characters`;
  if (value.includes('\\')) return `${label} must not contain a backslash (\\)`;
  if (/^https?:\/\//i.test(value)) {
    if (!allowUrl) return `${label} must start with /`;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return `${label} must be a valid http(s) URL`;
    }
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname
      ? null
      : `${label} must be a valid http(s) URL`;
  }
  if (!value.startsWith('/'))
    return allowUrl ? `${label} must start with / or be a full URL` : `${label} must start with /`;
  if (value.startsWith('//')) return `${label} must start with a single /`;
  return null;
}

/** Refuses a command whose paths break the rule above (whoever sends it: the API, automatic rules, imports). */
function ensurePaths(data: { fromPath?: unknown; toPath?: unknown }) {
  for (const [field, allowUrl] of [
    ['fromPath', false],
    ['toPath', true],
  ] as const) {
    const value = data[field];
    if (value === undefined) continue;
    const label = REDIRECT_FIELD_LABELS[field];
    const problem = typeof value === 'string' ? redirectPathProblem(label, value, allowUrl) : notText(label);
    if (problem) throw ValidationError.field(field, problem);
  }
}

export interface RedirectRuleState {
  status: 'active' | 'deleted' | typeof NEW;
  fields: RedirectRuleFields | null;
}

export const redirectRuleDecider = defineDecider<
  'active' | 'deleted',
  'Create' | 'Update' | 'Delete',
  RedirectRuleState,
  RedirectRuleEvent
>({
  table: {
    name: 'redirect rule',
    statuses: ['active', 'deleted'],
    transitions: [
      { action: 'Create', from: [NEW], to: 'active', roles: [...EDITORS, 'system'] },
      { action: 'Update', from: ['active'], roles: [...EDITORS, 'system'] },
      { action: 'Delete', from: ['active'], to: 'deleted', roles: [...EDITORS, 'system'] },
    ],
  },
  initialState: { status: NEW, fields: null },
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, command: { data: RedirectRuleFields }) => {
      ensurePaths(command.data);
      return [{ type: 'RedirectRuleCreated', data: command.data }];
    },
    Update: (state, command: { data: Partial<RedirectRuleFields> }) => {
      ensurePaths(command.data);
      const changes = Object.fromEntries(
        (['fromPath', 'toPath', 'type', 'locale'] as const)
          .filter((k) => command.data[k] !== undefined && command.data[k] !== state.fields?.[k])
          .map((k) => [k, command.data[k]]),
      );
      return Object.keys(changes).length ? [{ type: 'RedirectRuleChanged', data: changes }] : [];
    },
    Delete: (_state, command: { data: { reason?: string } }) => [
      { type: 'RedirectRuleDeleted', data: command.data?.reason ? { reason: command.data.reason } : {} },
    ],
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'RedirectRuleCreated':
        return { status: 'active', fields: event.data };
      case 'RedirectRuleChanged':
        return { ...state, fields: { ...state.fields!, ...event.data } };
      case 'RedirectRuleDeleted':
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
});

/** The redirect rule's events: the one list (names and schema versions). */
export const REDIRECT_RULE_EVENT_TYPES = [
  { type: 'RedirectRuleCreated', schemaVersion: 1 },
  { type: 'RedirectRuleChanged', schemaVersion: 1 },
  { type: 'RedirectRuleDeleted', schemaVersion: 1 },
] as const;
export type RedirectRuleEventType = (typeof REDIRECT_RULE_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_REDIRECT_RULE_EVENT_LISTED: [RedirectRuleEvent['type']] extends [RedirectRuleEventType]
  ? [RedirectRuleEventType] extends [RedirectRuleEvent['type']]
    ? true
    : never
  : never = true;
