import { NEW, defineDecider, type DomainEvent } from '#libs/platform/src/decider.js';
import { EDITORS } from './stages.js';

export const REDIRECT_TYPES = [301, 302, 307, 308] as const;

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

export interface RedirectRuleState {
  status: 'active' | 'deleted' | typeof NEW;
  fields: RedirectRuleFields | null;
}

export const redirectRuleDecider = defineDecider<'active' | 'deleted', 'Create' | 'Update' | 'Delete', RedirectRuleState, RedirectRuleEvent>({
  table: {
    name: 'redirect rule',
    statuses: ['active', 'deleted'],
    transitions: [
      { action: 'Create', from: [NEW], to: 'active', roles: [...EDITORS, 'system'] },
      { action: 'Update', from: ['active'], roles: EDITORS },
      { action: 'Delete', from: ['active'], to: 'deleted', roles: [...EDITORS, 'system'] },
    ],
  },
  initialState: { status: NEW, fields: null },
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, command: { data: RedirectRuleFields }) => [{ type: 'RedirectRuleCreated', data: command.data }],
    Update: (state, command: { data: Partial<RedirectRuleFields> }) => {
      const changes = Object.fromEntries(
        (['fromPath', 'toPath', 'type', 'locale'] as const)
          .filter((k) => command.data[k] !== undefined && command.data[k] !== state.fields?.[k])
          .map((k) => [k, command.data[k]]),
      );
      return Object.keys(changes).length ? [{ type: 'RedirectRuleChanged', data: changes }] : [];
    },
    Delete: (_state, command: { data: { reason?: string } }) => [{ type: 'RedirectRuleDeleted', data: command.data?.reason ? { reason: command.data.reason } : {} }],
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

export const REDIRECT_RULE_EVENT_TYPES = ['RedirectRuleCreated', 'RedirectRuleChanged', 'RedirectRuleDeleted'].map((type) => ({ type, schemaVersion: 1 }));
