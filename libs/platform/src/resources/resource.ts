import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import type { Viewer } from '../auth/viewer.js';
import { BadRequestError } from '../errors.js';
import type { DecideResult } from '../commands/decide.command.js';
import type { Actor, Decider } from '../decider.js';
import type { ListQuery, ListResult } from '../list-query.js';
import type { PeopleDirectory } from '../people.js';
import type { ProjectionManager } from '../projections/projection-manager.js';

/**
 * The platform's resource framework: what one decider-backed resource of any context declares.
 * `ResourceController` (resource.controller.ts) turns a `ResourceKind` into the simple-rest routes
 * every resource has (DESIGN.md "HTTP conventions"): options, list, one (and as it was at a time),
 * history, create, update (`PUT`), remove (`DELETE`), actions (`POST /{id}/actions/{action}`) and
 * bulk actions. What differs between resources is declared here, per kind and per action, never a
 * branch on a stream or action name inside the framework.
 */

/** A read-model record as the routes answer it: it belongs to one organisation and has a status. */
export type ResourceRecord = Record<string, unknown> & { id: string; organisationId: string; status: string };

/** What every declaration receives: who asks, for which request, and the platform's ports. */
export interface ResourceEnv {
  viewer: Viewer;
  requestId: string;
  db: SqlDriver;
  store: EventStore;
  people: PeopleDirectory;
  /** The request's headers (a link's origin when no PUBLIC_URL is configured: public-url.ts). */
  headers: Record<string, string | string[] | undefined>;
  /** To wait until the read models show a position (a copy made by a process). */
  projections: ProjectionManager;
}

/** The command a route decides: the action, who takes it, its data and the facts from outside the aggregate. */
export interface ResourceCommand {
  type: string;
  actor: Actor;
  data: unknown;
  context?: unknown;
}

/** What the create route records: the new aggregate's id (made here when absent), its organisation, its data and facts. */
export interface Creation {
  id?: string;
  organisationId: string;
  data: unknown;
  context?: unknown;
  /** The command that creates the aggregate (`Create` by default; a member is created by `Invite`). */
  command?: string;
  /** What the create keeps beside its events for `afterCreate` (a secret stored apart): never recorded. */
  aside?: Record<string, unknown>;
}

/**
 * An action's input with what it keeps beside the events (a token stored apart, never recorded):
 * `input` may answer `aside(data, { token })`, and `after` and `answer` receive both.
 */
export class InputWithAside {
  constructor(
    readonly data: unknown,
    readonly aside: Record<string, unknown>,
  ) {}
}

export function aside(data: unknown, kept: Record<string, unknown>): InputWithAside {
  return new InputWithAside(data, kept);
}

/** One action of the machine, taken through `POST /{id}/actions/{action}` (and `PUT`/`DELETE` for the kind's update and remove). */
export interface ResourceAction<R extends ResourceRecord = ResourceRecord> {
  /** The action's button in the console (`GET /{resource}/options` `actions`): its name in words by default. */
  label?: string;
  /**
   * The command's data from the request's body (a JSON object, `{}` when none was sent) and the
   * current record: validated here, with the reads it needs (references, quotas, who may be
   * named), refusing with the field's message. Without it the action takes no data.
   */
  input?(body: Record<string, unknown>, record: R, env: ResourceEnv): unknown;
  /** Facts from outside the aggregate this action's decision reads, besides the kind's `facts`. */
  context?(record: R, env: ResourceEnv, data: unknown): Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * The version the user saw must come with the action (its 422 message) when the viewer may take
   * it: a decision on what someone saw (a moderator's approval) is never made on newer state.
   */
  requiresVersion?: string;
  /** Runs once the events are recorded and projected (secrets kept beside the event log, mails). */
  after?(
    record: R,
    data: unknown,
    result: DecideResult,
    env: ResourceEnv,
    kept: Record<string, unknown>,
  ): Promise<void>;
  /** What the route answers besides the record (fields over it: a copy's id, a secret shown once), once the record is read back. */
  answer?(
    answered: Record<string, unknown>,
    data: unknown,
    result: DecideResult,
    env: ResourceEnv,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * A refused action (an error the decision, `input` or `context` threw): the error to answer
   * instead (the spec's wording), after anything the refusal must keep (a save refused by a
   * conflict is kept as a draft). `data` and `kept` are `input`'s (`{}` when `input` threw).
   */
  refused?(
    error: unknown,
    record: R,
    data: unknown,
    env: ResourceEnv,
    kept: Record<string, unknown>,
  ): Promise<unknown> | unknown;
}

/** `POST /{resource}/bulk-actions`: the names a request may give, each the machine's action it takes and the status it leads to. */
export interface ResourceBulk {
  actions: Record<string, { action: string; status?: string }>;
  /** The fields of the request given to every action (a note, a reason), validated with the request. */
  fields?(body: Record<string, unknown>): Record<string, unknown>;
  /** A failed record's entry (the error's message by default). */
  failure?(error: Error, step: { action: string; status?: string }): { error: string; reason?: string };
  /** At most this many ids (200 by default). */
  maxIds?: number;
  /** The message of a request with more ids ("At most 200 ids at once" by default). */
  tooMany?: string;
}

export interface ResourceKind<R extends ResourceRecord = ResourceRecord> {
  /** The route (`/api/{resource}`) and the list's `Content-Range` name. */
  resource: string;
  /** The aggregate's name: its streams are `{stream}-{id}`, its decider is registered under it. */
  stream: string;
  /** The record's name in messages ("Bio not found"). */
  label: string;
  decider: Decider<any, any, any, any>;
  /** The statuses' labels (answered as `statusLabel` when given). */
  statusLabels?: Record<string, string>;
  /**
   * `GET /{resource}/options`: the choices and words of the resource's forms. The framework adds
   * `actions` and `bulk` (see `optionsOf`) unless the kind answers its own.
   */
  options(): Record<string, unknown>;
  /** The list the viewer may read, one page (simple-rest `range`, `sort`, `filter`). */
  list(env: ResourceEnv, query: ListQuery): Promise<ListResult<R>>;
  /** One record the viewer may see: 404 when it does not exist or they may not see it, 403 where their plan or role shuts them out. */
  load(env: ResourceEnv, id: string): Promise<R>;
  /** Who acts on a record (default: the viewer with their roles in its organisation); a member acting on their own record is also `self`. */
  actor?(env: ResourceEnv, record: R): Actor;
  /** The decider's state rebuilt from a record, as far as the guards read it. */
  stateOf(record: R): unknown;
  /**
   * Facts from outside the aggregate that the guards read (a website's status and workflow
   * settings), read once per key (records of the same website share them): `allowedActions`
   * evaluates the guards the action route evaluates.
   */
  facts?: { key(record: R): string; read(record: R, env: ResourceEnv): Promise<Record<string, unknown>> };
  /** The actions never offered in `allowedActions` besides `Create` (taken by processes only; a request naming one gets the decider's answer). */
  internal?: readonly string[];
  /**
   * Fields added to answered records (counters kept beside the read model, prompts), read once for
   * a page; `one`: the records are one record's answer (`GET /{id}`, a create's or an action's),
   * not a list page (fields too costly for every row of a list).
   */
  decorate?(
    records: R[],
    env: ResourceEnv,
    facts: (record: R) => Record<string, unknown>,
    one: boolean,
  ): Promise<(record: R) => Record<string, unknown>>;
  /** Keys of a record that are never answered (internal state the guards read). */
  hiddenKeys?: readonly string[];
  /** May the viewer read the record's history (throws the refusal)? Everyone who reads the record by default. */
  historyAccess?(record: R, env: ResourceEnv): void;
  /**
   * May the viewer read the record's events, judged from its stream's first event (`created`, its
   * data; undefined for a stream that does not exist)? Throws the refusal (404 as for a record that
   * does not exist). When declared, history and as-of views read the stream with it instead of
   * `load` (and `historyAccess`): they work for records gone from the read model (deleted for good).
   */
  streamAccess?(created: Record<string, unknown> | undefined, env: ResourceEnv): Promise<void> | void;
  /** `GET /{id}?asOf=`: the record from its folded state at a time (without it, as-of views are refused). */
  asOf?(id: string, state: any, version: number, time: Date): Record<string, unknown>;
  /** `POST /{resource}`: validates the request and says what to record (404/422 for a website the viewer does not reach). */
  create?(body: unknown, env: ResourceEnv): Promise<Creation>;
  /** Runs after a create is projected (a secret stored beside the event log). */
  afterCreate?(id: string, creation: Creation, result: DecideResult, env: ResourceEnv): Promise<void>;
  /** The action `PUT` takes and the one `DELETE` takes; both are in `actions` too (every offered action goes through the actions route). */
  update?: string;
  remove?: string;
  /** Every action a request may name; a name not here answers 400 "Unknown action". */
  actions: Record<string, ResourceAction<R>>;
  bulk?: ResourceBulk;
  /** Runs after each recorded command of the kind (its create and actions). */
  afterDecision?(
    command: ResourceCommand,
    organisationId: string,
    result: DecideResult,
    env: ResourceEnv,
  ): Promise<void>;
}

/** A kind's declaration, checked by the compiler (the identity function: `defineResource({...})`). */
export function defineResource<R extends ResourceRecord>(kind: ResourceKind<R>): ResourceKind<R> {
  return kind;
}

/** The request body as an object (400 for anything else; `{}` when none was sent). */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new BadRequestError('The request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** An action's name in words, its default label: "RemoveFromWebsite" -> "Remove from website", "SaveDraft" -> "Save draft". */
export function actionWords(action: string): string {
  const words = action
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ');
  return words.map((word, i) => (i === 0 || /^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase())).join(' ');
}

/** An action's label: the one it declares, else its name in words. */
export function actionLabel(kind: ResourceKind<any>, action: string): string {
  return (Object.hasOwn(kind.actions, action) ? kind.actions[action]!.label : undefined) ?? actionWords(action);
}

/**
 * `GET /{resource}/options`, the same for every resource: the kind's own choices, and the actions
 * of the record's buttons in the kind's order with their labels (every action a request may name
 * but `Create`, the `internal` ones and the `update` a form's save takes: `allowedActions` says which
 * a record offers), and the list's bulk actions (`action`: the machine's action `allowedActions`
 * names). A kind that answers its own `actions` or `bulk` (its buttons in another order) keeps them.
 */
export function optionsOf(kind: ResourceKind<any>): Record<string, unknown> {
  const internal = kind.internal ?? [];
  const actions = Object.keys(kind.actions)
    .filter((action) => action !== 'Create' && action !== kind.update && !internal.includes(action))
    .map((id) => ({ id, name: actionLabel(kind, id) }));
  const bulk = Object.entries(kind.bulk?.actions ?? {}).map(([id, { action }]) => ({
    id,
    action,
    name: actionLabel(kind, action),
  }));
  return { actions, ...(kind.bulk ? { bulk } : {}), ...kind.options() };
}
