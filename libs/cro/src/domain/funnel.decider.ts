import { NEW, defineDecider, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
import {
  funnelChangesOf,
  funnelCreateSchema,
  funnelFieldsOf,
  funnelUpdateSchema,
  type FunnelFields,
} from './analytics-fields.js';
import { changedFields, ownerSchema, parseFields, personOf, type Person } from './catalogue-fields.js';
import { MEASUREMENT_MANAGERS } from './roles.js';

export {
  FUNNEL_LABELS,
  FUNNEL_NAME_REQUIRED,
  FUNNEL_NEEDS_TWO_STEPS,
  FUNNEL_TOO_MANY_STEPS,
  FUNNEL_WINDOW_DEFAULT,
  FUNNEL_WINDOW_MAX,
  FUNNEL_WINDOW_MIN,
  FUNNEL_WINDOW_RANGE,
  type FunnelFields,
  type FunnelStep,
} from './analytics-fields.js';

/**
 * A funnel (stream `funnel-{id}`; seed 001 section 3 "Funnel: name, steps, property, value,
 * breakdown"; DESIGN.md "Report endpoints": `POST /api/funnels { websiteId, name, steps: [{ event,
 * filters? }], windowSeconds?, breakdown? }`, counted as DESIGN.md "Funnels" says by
 * libs/analytics). Statuses `active` and `deleted`. Who: `MEASUREMENT_MANAGERS`
 * (libs/cro/src/domain/roles.ts: CRO admins, organisation owners and admins, platform admins,
 * CRO managers and analysts), the rights of goals and URL lists.
 *
 * | Action | From   | To      | Who                  |
 * |--------|--------|---------|----------------------|
 * | Create | (new)  | active  | measurement managers |
 * | Update | active | (same)  | measurement managers |
 * | Delete | active | deleted | measurement managers |
 *
 * Rules: a name ("Please enter a funnel name."); 2 to 20 ordered steps ("A funnel needs at least
 * two steps", "A funnel has at most 20 steps"), each an event name as a goal's (`EVENT_NAME_PATTERN`)
 * with a goal's filters (`goalFilterSchema`: property, operator, value except for `exists`; none
 * recorded as []); `windowSeconds` a whole number from 60 to 7,776,000 (90 days), the default
 * 1,209,600 (14 days) recorded when none is sent (and again when an update sends null);
 * `breakdown` null or a property name as a filter's (`FILTER_PROPERTY_PATTERN`), "" read as null.
 * Steps are replaced whole by an update.
 */

/** The registered aggregate name (stream `funnel-{id}`). */
export const FUNNEL_STREAM = 'funnel';

export type FunnelStatus = 'active' | 'deleted';
export type FunnelAction = 'Create' | 'Update' | 'Delete';
export const FUNNEL_STATUSES: readonly FunnelStatus[] = ['active', 'deleted'];
export const FUNNEL_STATUS_LABELS: Record<FunnelStatus, string> = { active: 'active', deleted: 'deleted' };
/** The list's default page size (seed 000 and 001: "funnels ... page size 20"). */
export const FUNNEL_PAGE_SIZE = 20;

export type FunnelEvent =
  | DomainEvent<'FunnelCreated', FunnelFields & { organisationId: string; websiteId: string; createdBy: Person }>
  | DomainEvent<'FunnelUpdated', Partial<FunnelFields>>
  | DomainEvent<'FunnelDeleted', Record<string, never>>;

export interface FunnelState {
  status: FunnelStatus | typeof NEW;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  fields: FunnelFields | null;
}

export const funnelDecider = defineDecider<FunnelStatus, FunnelAction, FunnelState, FunnelEvent>({
  table: {
    name: 'funnel',
    statuses: FUNNEL_STATUSES,
    transitions: [
      { action: 'Create', from: [NEW], to: 'active', roles: MEASUREMENT_MANAGERS },
      { action: 'Update', from: ['active'], roles: MEASUREMENT_MANAGERS },
      { action: 'Delete', from: ['active'], to: 'deleted', roles: MEASUREMENT_MANAGERS },
    ],
  },
  initialState: { status: NEW, organisationId: null, websiteId: null, createdBy: null, fields: null } as FunnelState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, command: { data: unknown; actor: Actor }) => {
      const owner = parseFields(ownerSchema, command.data);
      const fields = funnelFieldsOf(parseFields(funnelCreateSchema, command.data));
      return [
        {
          type: 'FunnelCreated',
          data: {
            ...fields,
            organisationId: owner.organisationId,
            websiteId: owner.websiteId,
            createdBy: personOf(command.actor),
          },
        },
      ];
    },
    Update: (state, command: { data: unknown }) => {
      const changes = changedFields(state.fields, funnelChangesOf(parseFields(funnelUpdateSchema, command.data)));
      return Object.keys(changes).length ? [{ type: 'FunnelUpdated', data: changes }] : [];
    },
    Delete: () => [{ type: 'FunnelDeleted', data: {} }],
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'FunnelCreated': {
        const { organisationId, websiteId, createdBy, ...fields } = event.data;
        return { status: 'active', organisationId, websiteId, createdBy: createdBy.id, fields };
      }
      case 'FunnelUpdated':
        return { ...state, fields: { ...state.fields!, ...event.data } };
      case 'FunnelDeleted':
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
});

/** The funnel's events: the one list (names and schema versions). */
export const FUNNEL_EVENT_TYPES = [
  { type: 'FunnelCreated', schemaVersion: 1 },
  { type: 'FunnelUpdated', schemaVersion: 1 },
  { type: 'FunnelDeleted', schemaVersion: 1 },
] as const;
export type FunnelEventType = (typeof FUNNEL_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_FUNNEL_EVENT_LISTED: [FunnelEvent['type']] extends [FunnelEventType]
  ? [FunnelEventType] extends [FunnelEvent['type']]
    ? true
    : never
  : never = true;
