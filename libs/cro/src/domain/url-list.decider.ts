import { NEW, defineDecider, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
import {
  changedFields,
  ownerSchema,
  parseFields,
  personOf,
  urlListCreateSchema,
  urlListFieldsOf,
  urlListUpdateSchema,
  type Person,
  type UrlListFields,
} from './catalogue-fields.js';
import { MEASUREMENT_MANAGERS } from './roles.js';

export {
  URL_LIST_LABELS,
  URL_LIST_NAME_REQUIRED,
  URL_LIST_RULES_REQUIRED,
  type UrlListFields,
} from './catalogue-fields.js';

/**
 * A URL list (seed 001 section 3 "URL list: type, name, rules, description, created by"; section
 * 9 "URL list rule kinds: contains or exact URL"): a named set of URL rules that campaigns' page
 * rules reference (`{ kind: "list", listId }`, see page-rules.ts). Statuses `active` and
 * `deleted`; a deleted list matches nothing in the campaigns that still name it. Who:
 * `MEASUREMENT_MANAGERS` (libs/cro/src/domain/roles.ts).
 *
 * Stream name: the aggregate is registered as `urllist` (stream `urllist-{id}`), not `url-list`:
 * a stream's category is the part of its id before the first `-` (libs/eventstore/src/types.ts
 * `categoryOf`), so `url-list-{id}` would land in category `url` (Kafka topic `platform.url`).
 * The HTTP resource stays `url-lists`. See `URL_LIST_STREAM`.
 *
 * | Action | From   | To      | Who                  |
 * |--------|--------|---------|----------------------|
 * | Create | (new)  | active  | measurement managers |
 * | Update | active | (same)  | measurement managers |
 * | Delete | active | deleted | measurement managers |
 *
 * A list needs a name ("Please enter a URL list name.") and at least one rule ("Please add at
 * least one URL rule.": a list without URLs matches nothing); each rule is `contains` or `exact`
 * with an `https://` value ("Please provide a valid url, starting with https://"), at most 500.
 */

/** The registered aggregate name (stream `{name}-{id}`). */
export const URL_LIST_STREAM = 'urllist';

export type UrlListStatus = 'active' | 'deleted';
export type UrlListAction = 'Create' | 'Update' | 'Delete';
export const URL_LIST_STATUSES: readonly UrlListStatus[] = ['active', 'deleted'];
export const URL_LIST_STATUS_LABELS: Record<UrlListStatus, string> = { active: 'active', deleted: 'deleted' };

export type UrlListEvent =
  | DomainEvent<'UrlListCreated', UrlListFields & { organisationId: string; websiteId: string; createdBy: Person }>
  | DomainEvent<'UrlListUpdated', Partial<UrlListFields>>
  | DomainEvent<'UrlListDeleted', Record<string, never>>;

export interface UrlListState {
  status: UrlListStatus | typeof NEW;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  fields: UrlListFields | null;
}

export const urlListDecider = defineDecider<UrlListStatus, UrlListAction, UrlListState, UrlListEvent>({
  table: {
    name: 'URL list',
    statuses: URL_LIST_STATUSES,
    transitions: [
      { action: 'Create', from: [NEW], to: 'active', roles: MEASUREMENT_MANAGERS },
      { action: 'Update', from: ['active'], roles: MEASUREMENT_MANAGERS },
      { action: 'Delete', from: ['active'], to: 'deleted', roles: MEASUREMENT_MANAGERS },
    ],
  },
  initialState: { status: NEW, organisationId: null, websiteId: null, createdBy: null, fields: null } as UrlListState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, command: { data: unknown; actor: Actor }) => {
      const owner = parseFields(ownerSchema, command.data);
      const fields = urlListFieldsOf(parseFields(urlListCreateSchema, command.data));
      return [
        {
          type: 'UrlListCreated',
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
      const input = parseFields(urlListUpdateSchema, command.data);
      const changes = changedFields(state.fields, input as Partial<UrlListFields>);
      return Object.keys(changes).length ? [{ type: 'UrlListUpdated', data: changes }] : [];
    },
    Delete: () => [{ type: 'UrlListDeleted', data: {} }],
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'UrlListCreated': {
        const { organisationId, websiteId, createdBy, ...fields } = event.data;
        return { status: 'active', organisationId, websiteId, createdBy: createdBy.id, fields };
      }
      case 'UrlListUpdated':
        return { ...state, fields: { ...state.fields!, ...event.data } };
      case 'UrlListDeleted':
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
});

/** The URL list's events: the one list (names and schema versions). */
export const URL_LIST_EVENT_TYPES = [
  { type: 'UrlListCreated', schemaVersion: 1 },
  { type: 'UrlListUpdated', schemaVersion: 1 },
  { type: 'UrlListDeleted', schemaVersion: 1 },
] as const;
export type UrlListEventType = (typeof URL_LIST_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_URL_LIST_EVENT_LISTED: [UrlListEvent['type']] extends [UrlListEventType]
  ? [UrlListEventType] extends [UrlListEvent['type']]
    ? true
    : never
  : never = true;
