import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { HistoryEntry, ProjectionActionResult, WebsiteOptions } from '../types';
import { API_URL, httpClient } from './http';

export interface ConsoleDataProvider extends DataProvider {
  /** `POST /api/{resource}/{id}/actions/{action}` with `{ expectedVersion?, ...fields }`; answers the updated record. */
  action<RecordType extends RaRecord = RaRecord>(
    resource: string,
    id: Identifier,
    action: string,
    body?: Record<string, unknown>,
  ): Promise<{ data: RecordType }>;
  /** `GET /api/{resource}/{id}/history` */
  history(resource: string, id: Identifier): Promise<{ data: HistoryEntry[] }>;
  /** `GET /api/websites/options` */
  websiteOptions(): Promise<{ data: WebsiteOptions }>;
  /** `POST /api/admin/projections/{name}/{action}` (platform administrators; answers 202). */
  projectionAction(name: string, action: 'rebuild' | 'restart'): Promise<{ data: ProjectionActionResult }>;
}

const base = simpleRestProvider(API_URL, httpClient);

const path = (...parts: (string | Identifier)[]) =>
  `${API_URL}/${parts.map((part) => encodeURIComponent(String(part))).join('/')}`;

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

  async history(resource: string, id: Identifier) {
    const { json } = await httpClient(path(resource, id, 'history'));
    const entries = Array.isArray(json) ? json : Array.isArray(json?.data) ? json.data : [];
    return { data: entries as HistoryEntry[] };
  },

  async websiteOptions() {
    const { json } = await httpClient(path('websites', 'options'));
    return { data: json as WebsiteOptions };
  },

  async projectionAction(name: string, action: 'rebuild' | 'restart') {
    const { json } = await httpClient(path('admin', 'projections', name, action), { method: 'POST', body: '{}' });
    return { data: (json ?? { id: name, name, status: action }) as ProjectionActionResult };
  },
};
