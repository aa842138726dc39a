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

/** The redirect types' choices (names are message keys, which SelectInput translates). */
export const typeChoices = REDIRECT_TYPES.map((id) => ({ id, name: `console.redirects.types.${id}` }));

/** A type's label (`translate` from `useTranslate()`). */
export const typeLabel = (type: number | undefined, translate: (key: string, options?: object) => string) =>
  type == null ? '—' : translate(`console.redirects.types.${type}`, { _: String(type) });
