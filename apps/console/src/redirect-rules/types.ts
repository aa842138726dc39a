import type { Identifier, RaRecord } from 'react-admin';

export const REDIRECT_TYPES = [301, 302, 307, 308] as const;
export type RedirectType = (typeof REDIRECT_TYPES)[number];

/** One entry of `GET /api/redirect-rules`. */
export interface RedirectRule extends RaRecord {
  websiteId: Identifier;
  organisationId: Identifier;
  fromPath: string;
  toPath: string;
  type: RedirectType;
  locale: string | null;
  /** The post an automatic rule was made for (its slug changed after publication). */
  objectId: Identifier | null;
  automatic: boolean;
  botCounter: number;
  userCounter: number;
  lastRedirect: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  allowedActions?: string[];
}

export const typeChoices = [
  { id: 301, name: '301 Moved permanently' },
  { id: 302, name: '302 Found (temporary)' },
  { id: 307, name: '307 Temporary redirect' },
  { id: 308, name: '308 Permanent redirect' },
];

export const typeLabel = (type: number | undefined) => typeChoices.find((c) => c.id === type)?.name ?? String(type ?? '—');
