import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { HistoryEntry, ProjectionActionResult } from '../types';
import { API_URL, httpClient } from './http';

/** Query parameters of the custom reads (`undefined`, `null` and `''` are left out). */
export type ReadParams = Record<string, string | number | boolean | Identifier | null | undefined>;

/** One result of a bulk action: per record, whether it was done and, if not, why. */
export interface BulkResult {
  id: string;
  ok: boolean;
  error?: string;
}

/**
 * The console's one data path: ra-data-simple-rest for the records, and a method for each
 * endpoint beyond it (actions, histories, counts, options, reports). Components reach it through
 * `useDataProvider<ConsoleDataProvider>()`, and through react-query (`useQuery`) when they read.
 * Only the auth provider (`/api/auth/*`) and the pages outside react-admin (sign-up, passwords:
 * `public/api.ts`) call the API themselves.
 */
export interface ConsoleDataProvider extends DataProvider {
  /** `POST /api/{resource}/{id}/actions/{action}` with `{ expectedVersion?, ...fields }`; answers the updated record. */
  action<RecordType extends RaRecord = RaRecord>(
    resource: string,
    id: Identifier,
    action: string,
    body?: Record<string, unknown>,
  ): Promise<{ data: RecordType }>;
  /** `POST /api/{resource}/bulk-actions` with `{ action, ids, ...body }`: one result per record. */
  bulkAction(
    resource: string,
    action: string,
    ids: Identifier[],
    body?: Record<string, unknown>,
  ): Promise<{ data: BulkResult[] }>;
  /** `GET /api/{resource}/{id}/history`: every event of the record. */
  history<Entry = HistoryEntry>(resource: string, id: Identifier): Promise<{ data: Entry[] }>;
  /** `GET /api/{resource}/{id}/{part}` (a record's sub-resource: `drafts`, `billing`, `installation`). */
  getPart<T>(resource: string, id: Identifier, part: string, params?: ReadParams): Promise<{ data: T }>;
  /** `GET /api/{resource}/{id}?asOf=`: the record as it was then. */
  getOneAsOf<RecordType extends RaRecord = RaRecord>(
    resource: string,
    id: Identifier,
    asOf: string,
  ): Promise<{ data: RecordType }>;
  /** `GET /api/{resource}/counts?...`: the numbers behind a list's tabs. */
  counts<T>(resource: string, params?: ReadParams): Promise<{ data: T }>;
  /** `GET /api/{resource}/options`: the values (and labels) of a resource's domain lists. */
  options<T>(resource: string): Promise<{ data: T }>;
  /** `GET /api/{resource}/dashboard?...`: what the dashboard shows of a resource for the signed-in person. */
  dashboard<T>(resource: string, params?: ReadParams): Promise<{ data: T }>;
  /** `GET /api/workflows` (every state machine) or `GET /api/workflows/{name}`. */
  workflows<T>(name?: string): Promise<{ data: T }>;
  /** `GET /api/reports/{name}?...` */
  report<T>(name: string, params?: ReadParams): Promise<{ data: T }>;
  /** `POST /api/admin/projections/{name}/{action}` (platform administrators; answers 202). */
  projectionAction(name: string, action: 'rebuild' | 'restart'): Promise<{ data: ProjectionActionResult }>;
}

const base = simpleRestProvider(API_URL, httpClient);

const path = (...parts: (string | Identifier)[]) =>
  `${API_URL}/${parts.map((part) => encodeURIComponent(String(part))).join('/')}`;

const withQuery = (url: string, params: ReadParams = {}) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
};

const listOf = <T>(json: unknown): T[] =>
  (Array.isArray(json)
    ? json
    : Array.isArray((json as { data?: unknown })?.data)
      ? (json as { data: T[] }).data
      : []) as T[];

const read = async <T>(url: string): Promise<{ data: T }> => ({ data: (await httpClient(url)).json as T });

export const dataProvider: ConsoleDataProvider = {
  ...base,

  async action<RecordType extends RaRecord = RaRecord>(
    resource: string,
    id: Identifier,
    action: string,
    body: Record<string, unknown> = {},
  ) {
    const { json } = await httpClient(path(resource, id, 'actions', action), {
      method: 'POST',
      body: JSON.stringify(body),
    });
    return { data: json as RecordType };
  },

  async bulkAction(resource: string, action: string, ids: Identifier[], body: Record<string, unknown> = {}) {
    const { json } = await httpClient(path(resource, 'bulk-actions'), {
      method: 'POST',
      body: JSON.stringify({ action, ids: ids.map(String), ...body }),
    });
    return { data: (json as { results?: BulkResult[] } | null)?.results ?? [] };
  },

  async history<Entry = HistoryEntry>(resource: string, id: Identifier) {
    const { json } = await httpClient(path(resource, id, 'history'));
    return { data: listOf<Entry>(json) };
  },

  getPart: <T>(resource: string, id: Identifier, part: string, params?: ReadParams) =>
    read<T>(withQuery(path(resource, id, part), params)),

  getOneAsOf: <RecordType extends RaRecord = RaRecord>(resource: string, id: Identifier, asOf: string) =>
    read<RecordType>(withQuery(path(resource, id), { asOf })),

  counts: <T>(resource: string, params?: ReadParams) => read<T>(withQuery(path(resource, 'counts'), params)),

  options: <T>(resource: string) => read<T>(path(resource, 'options')),

  dashboard: <T>(resource: string, params?: ReadParams) => read<T>(withQuery(path(resource, 'dashboard'), params)),

  workflows: <T>(name?: string) => read<T>(name ? path('workflows', name) : path('workflows')),

  report: <T>(name: string, params?: ReadParams) => read<T>(withQuery(path('reports', name), params)),

  async projectionAction(name: string, action: 'rebuild' | 'restart') {
    const { json } = await httpClient(path('admin', 'projections', name, action), { method: 'POST', body: '{}' });
    return { data: (json ?? { id: name, name, status: action }) as ProjectionActionResult };
  },
};
