import type { Identifier, RaRecord } from 'react-admin';
import { humanize } from '../common/choices';
import { useApiOptions } from '../providers/useApiOptions';

/** The navigation entry (`GET /api/auth/user`) that lists a CRO screen: `cro/{resource}`. */
export const croNavigation = (resource: string) => `cro/${resource}`;

/**
 * The menu groups of the `cro/{resource}` screens: a resource registered with `options: { menuGroup }`
 * is listed in its group (in the order of the user's navigation), never as a flat entry of the menu.
 */
export type MenuGroup = 'conversion' | 'analytics';
export const menuGroupOf = (options: unknown): MenuGroup | undefined => {
  const group = (options as { menuGroup?: unknown } | undefined)?.menuGroup;
  return group === 'conversion' || group === 'analytics' ? group : undefined;
};

/** What every CRO record carries (DESIGN.md "CRO resources: the request shapes"), besides its request's fields. */
export interface CroRecord extends RaRecord {
  websiteId: Identifier;
  organisationId?: Identifier;
  name: string;
  status: string;
  statusLabel?: string;
  version: number;
  allowedActions?: string[];
  createdAt: string;
  updatedAt: string;
  /** A campaign's `Publish` whose page rules match nothing: published, with this warning. */
  warnings?: string[];
}

/**
 * `GET /api/{resource}/options`: the statuses, the actions of the record's buttons (in their order)
 * and the bulk actions of the list (`action`: the one `allowedActions` names), with their labels.
 */
export interface CroOptions {
  statuses: { id: string; name: string }[];
  actions: { id: string; name: string }[];
  bulk: CroBulkAction[];
}

/** A bulk action (`POST /api/{resource}/bulk-actions` `action: id`) and the machine's action it takes. */
export interface CroBulkAction {
  id: string;
  action: string;
  name: string;
}

/** The resource's options (cached for the page's life; empty lists while loading). */
export const useCroOptions = (resource: string) => {
  const { data, isPending } = useApiOptions<CroOptions>(resource);
  return { statuses: data?.statuses ?? [], actions: data?.actions ?? [], bulk: data?.bulk ?? [], isPending };
};

/**
 * The values of a CRO resource's fields (`GET /api/{resource}/options` `values`: field -> values,
 * the lists the API's schemas check), as choices: `names` gives a value its label (a message key
 * or words), else the value in words. Empty while the options load.
 */
export const useCroChoices = (resource: string) => {
  const { data, isPending } = useApiOptions<{ values?: Record<string, string[]> }>(resource);
  const values = data?.values ?? {};
  const choices = (field: string, names: Readonly<Record<string, string>> = {}) =>
    (Object.hasOwn(values, field) && Array.isArray(values[field]) ? values[field]! : []).map((id) => ({
      id,
      name: Object.hasOwn(names, id) ? names[id]! : humanize(id),
    }));
  return { choices, isPending };
};

// The labels of values that read better than the value in words.
export const SELECTOR_TYPE_NAMES = { css: 'CSS', xpath: 'XPath' };
export const RULE_OPERATOR_NAMES = { or: 'console.cro.campaigns.any', and: 'console.cro.campaigns.all' };
export const TEST_TYPE_NAMES = { ab: 'A/B', split_url: 'Split URL', multivariate: 'Multivariate' };
