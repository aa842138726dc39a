import { NEW, defineDecider, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
import {
  changedFields,
  goalCreateSchema,
  goalFieldsOf,
  goalUpdateSchema,
  ownerSchema,
  parseFields,
  personOf,
  type GoalFields,
  type Person,
} from './catalogue-fields.js';
import { MEASUREMENT_MANAGERS } from './roles.js';

export {
  CONVERSION_TYPE_REQUIRED,
  GOAL_FILTER_OPERATORS,
  GOAL_FILTER_OPERATOR_LABELS,
  GOAL_LABELS,
  GOAL_NAME_REQUIRED,
  GOAL_TYPES,
  GOAL_TYPE_LABELS,
  type GoalFields,
  type GoalFilter,
} from './catalogue-fields.js';

/**
 * A conversion goal (stream `goal-{id}`; seed 001 section 3 "Conversion goal"; DESIGN.md
 * "Analytics definitions": a goal matches events by name and property filters, and counts
 * conversions or sums `value` with its currency). Statuses `active` and `deleted`. Who:
 * `MEASUREMENT_MANAGERS` (libs/cro/src/domain/roles.ts: CRO admins, organisation owners and
 * admins, platform admins, CRO managers and analysts).
 *
 * | Action | From   | To      | Who                  |
 * |--------|--------|---------|----------------------|
 * | Create | (new)  | active  | measurement managers |
 * | Update | active | (same)  | measurement managers |
 * | Delete | active | deleted | measurement managers |
 *
 * Messages (seed 001 section 5): "Please enter a goal name.", "Please select a conversion type."
 * (type missing, or not `count` / `value`). A filter needs a property and an operator (`equals`,
 * `not_equals`, `contains`, `exists`) and a value except for `exists` (whose value is dropped).
 * A value goal may carry a currency (three letters, stored upper-cased); a count goal never does:
 * a currency sent with one is dropped, and switching a goal to `count` clears it.
 */

/** The registered aggregate name (stream `goal-{id}`). */
export const GOAL_STREAM = 'goal';

export type GoalStatus = 'active' | 'deleted';
export type GoalAction = 'Create' | 'Update' | 'Delete';
export const GOAL_STATUSES: readonly GoalStatus[] = ['active', 'deleted'];
export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = { active: 'active', deleted: 'deleted' };

export type GoalEvent =
  | DomainEvent<'GoalCreated', GoalFields & { organisationId: string; websiteId: string; createdBy: Person }>
  | DomainEvent<'GoalUpdated', Partial<GoalFields>>
  | DomainEvent<'GoalDeleted', Record<string, never>>;

export interface GoalState {
  status: GoalStatus | typeof NEW;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  fields: GoalFields | null;
}

export const goalDecider = defineDecider<GoalStatus, GoalAction, GoalState, GoalEvent>({
  table: {
    name: 'goal',
    statuses: GOAL_STATUSES,
    transitions: [
      { action: 'Create', from: [NEW], to: 'active', roles: MEASUREMENT_MANAGERS },
      { action: 'Update', from: ['active'], roles: MEASUREMENT_MANAGERS },
      { action: 'Delete', from: ['active'], to: 'deleted', roles: MEASUREMENT_MANAGERS },
    ],
  },
  initialState: { status: NEW, organisationId: null, websiteId: null, createdBy: null, fields: null } as GoalState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, command: { data: unknown; actor: Actor }) => {
      const owner = parseFields(ownerSchema, command.data);
      const fields = goalFieldsOf(parseFields(goalCreateSchema, command.data));
      return [
        {
          type: 'GoalCreated',
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
      const input = parseFields(goalUpdateSchema, command.data);
      const sent: Partial<GoalFields> = {};
      if (input.name !== undefined) sent.name = input.name;
      if (input.description !== undefined) sent.description = input.description;
      if (input.type !== undefined) sent.type = input.type;
      if (input.event !== undefined) sent.event = input.event;
      if (input.filters !== undefined) sent.filters = input.filters ?? [];
      if (input.currency !== undefined) sent.currency = input.currency;
      // A count goal carries no currency.
      if ((sent.type ?? state.fields?.type) === 'count') sent.currency = null;
      const changes = changedFields(state.fields, sent);
      return Object.keys(changes).length ? [{ type: 'GoalUpdated', data: changes }] : [];
    },
    Delete: () => [{ type: 'GoalDeleted', data: {} }],
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'GoalCreated': {
        const { organisationId, websiteId, createdBy, ...fields } = event.data;
        return { status: 'active', organisationId, websiteId, createdBy: createdBy.id, fields };
      }
      case 'GoalUpdated':
        return { ...state, fields: { ...state.fields!, ...event.data } };
      case 'GoalDeleted':
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
});

/** The goal's events: the one list (names and schema versions). */
export const GOAL_EVENT_TYPES = [
  { type: 'GoalCreated', schemaVersion: 1 },
  { type: 'GoalUpdated', schemaVersion: 1 },
  { type: 'GoalDeleted', schemaVersion: 1 },
] as const;
export type GoalEventType = (typeof GOAL_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_GOAL_EVENT_LISTED: [GoalEvent['type']] extends [GoalEventType]
  ? [GoalEventType] extends [GoalEvent['type']]
    ? true
    : never
  : never = true;
