import type { Identifier, RaRecord } from 'react-admin';
import { toChoices } from '../common/choices';
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

// The request shapes' value lists (DESIGN.md), as choices with readable labels.
export const CTA_TYPES = toChoices([
  'form',
  'popup',
  'inline',
  'bar',
  'product_review',
  'top_products',
  'rating',
  'product_cta',
  'banner',
  'carousel',
]);
export const CTA_ITEM_TYPES = toChoices([
  'heading',
  'paragraph',
  'short_text',
  'long_text',
  'email',
  'phone',
  'url',
  'date',
  'checkbox',
  'dropdown',
  'consent',
  'country',
  'star_scale',
  'numbers',
  'smiley',
  'like',
  'score',
  'hidden',
  'file',
  'label',
  'media',
  'button',
  'pros_and_cons',
  'coupon',
  'price',
  'faq',
  'html',
  'iframe',
  'hubspot_form',
]);
export const TRIGGER_KINDS = toChoices([
  'page_load',
  'time_on_page',
  'scroll_percentage',
  'scroll_to_element',
  'click_elements',
  'exit_intent',
]);
export const FREQUENCIES = toChoices(['every_time', 'until_closed', 'once', 'every_day', 'every_week']);
export const LAYOUTS = toChoices(['modal', 'slide_in', 'pane']);
export const WIDTHS = toChoices(['full', 'half', 'third', '20%']);
export const DEVICES = toChoices(['desktop', 'tablet', 'mobile']);
export const POSITIONS = toChoices(['above', 'below']);
export const SELECTOR_TYPES = [
  { id: 'css', name: 'CSS' },
  { id: 'xpath', name: 'XPath' },
];
export const RULE_OPERATORS = [
  { id: 'or', name: 'console.cro.campaigns.any' },
  { id: 'and', name: 'console.cro.campaigns.all' },
];
export const PAGE_RULE_KINDS = toChoices(['contains', 'not_contains', 'exact', 'list']);
export const URL_RULE_KINDS = toChoices(['contains', 'exact']);
export const TEST_TYPES = [
  { id: 'ab', name: 'A/B' },
  { id: 'split_url', name: 'Split URL' },
  { id: 'multivariate', name: 'Multivariate' },
];
export const END_RULE_MODES = toChoices(['manual', 'any', 'all']);
export const GOAL_TYPES = toChoices(['count', 'value']);
export const FILTER_OPERATORS = toChoices(['equals', 'not_equals', 'contains', 'exists']);
