import type { Identifier, RaRecord } from 'react-admin';
import { useApiOptions } from '../providers/useApiOptions';

/** An HTTP redirect status; the API lists them (`GET /api/redirect-rules/options`). */
export type RedirectType = number;

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

/** `GET /api/redirect-rules/options`: the redirect types with their labels. */
export interface RedirectRuleOptions {
  types: { id: RedirectType; name: string }[];
}

/**
 * The redirect types from the API (cached for the page's life): `choices` for a SelectInput
 * (empty while loading) and `label(type)`, the type's label (the number until it is known).
 */
export const useRedirectTypes = () => {
  const { data } = useApiOptions<RedirectRuleOptions>('redirect-rules');
  const choices = data?.types ?? [];
  return {
    choices,
    label: (type: number | undefined) =>
      type == null ? '—' : (choices.find((choice) => choice.id === type)?.name ?? String(type)),
  };
};
