import type { EventTypeDefinition } from '#libs/eventstore/src/index.js';
import type { Decider } from '#libs/platform/src/decider.js';
import { GOAL_FILTER_OPERATORS, GOAL_TYPES } from './catalogue-fields.js';
import {
  CONTAINER_POSITIONS,
  CTA_ITEM_TYPES,
  CTA_TYPES,
  DEVICES,
  END_RULE_KINDS,
  END_RULE_MODES,
  INTEGRATION_KINDS,
  POPUP_FREQUENCIES,
  POPUP_LAYOUTS,
  POPUP_TRIGGER_KINDS,
  POPUP_WIDTHS,
  SELECTOR_TYPES,
  TEST_TYPES,
  ZOHO_DATA_CENTERS,
  ZOHO_MODULES,
} from './cro-fields.js';
import { PAGE_RULE_KINDS, PAGE_RULE_OPERATORS, URL_LIST_RULE_KINDS } from './page-rules.js';
import {
  CAMPAIGN_EVENT_TYPES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_STATUS_LABELS,
  campaignDecider,
} from './campaign.decider.js';
import { CTA_EVENT_TYPES, CTA_PURGED, CTA_STATUSES, CTA_STATUS_LABELS, ctaDecider } from './cta.decider.js';
import {
  EXCLUDED_PAGE_EVENT_TYPES,
  EXCLUDED_PAGE_STATUSES,
  EXCLUDED_PAGE_STATUS_LABELS,
  EXCLUDED_PAGE_STREAM,
  excludedPageDecider,
} from './excluded-page.decider.js';
import {
  EXPERIMENT_EVENT_TYPES,
  EXPERIMENT_STATUSES,
  EXPERIMENT_STATUS_LABELS,
  experimentDecider,
} from './experiment.decider.js';
import {
  FUNNEL_EVENT_TYPES,
  FUNNEL_STATUSES,
  FUNNEL_PAGE_SIZE,
  FUNNEL_STATUS_LABELS,
  FUNNEL_STREAM,
  funnelDecider,
} from './funnel.decider.js';
import { NOTIFICATION_RECIPIENT_EVENT_TYPES } from './notification-recipient.decider.js';
import { GOAL_EVENT_TYPES, GOAL_STATUSES, GOAL_STATUS_LABELS, GOAL_STREAM, goalDecider } from './goal.decider.js';
import {
  PRODUCT_EVENT_TYPES,
  PRODUCT_STATUSES,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STREAM,
  productDecider,
} from './product.decider.js';
import {
  URL_LIST_EVENT_TYPES,
  URL_LIST_STATUSES,
  URL_LIST_STATUS_LABELS,
  URL_LIST_STREAM,
  urlListDecider,
} from './url-list.decider.js';

/**
 * The CRO resources (DESIGN.md "CRO resources: the request shapes"): each is a decider whose state
 * has `status`, `organisationId`, `websiteId`, `createdBy` and `fields`, a stream `{stream}-{id}`,
 * a read model `rm_{table}` and a simple-rest route `/api/{resource}`. One list, used by the
 * registration of deciders and events, the projections and the controllers.
 */
export interface CroState {
  status: string;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  fields: Record<string, unknown> | null;
}

export interface CroKind {
  /** The route (`/api/{resource}`) and the list's `Content-Range` name. */
  resource: string;
  /** The stream's category: streams are `{stream}-{id}`. */
  stream: string;
  /** The read model's table. */
  table: string;
  /** The record's name in messages ("CTA not found"). */
  label: string;
  decider: Decider<any, any, any, any>;
  eventTypes: readonly EventTypeDefinition[];
  statuses: readonly string[];
  statusLabels: Record<string, string>;
  /** A status after which the aggregate leaves every read model (its history stays). */
  purged?: string;
  /**
   * The machine's actions besides Create, `update` and `remove`, taken through `POST /api/{resource}/{id}/actions/{action}`,
   * in the order the console shows their buttons (`GET /api/{resource}/options` `actions`, labelled by `CRO_ACTION_LABELS`).
   */
  actions: readonly string[];
  /** The action `PUT` takes, and the one `DELETE` takes (the actions route takes them too, under their names: every offered action goes through it). */
  update: string;
  remove: string;
  /**
   * Bulk status changes (`POST /api/{resource}/bulk-actions`, seed 001 section 7): the bulk
   * action's name, the machine's action it takes, and the status it leads to (named in the
   * failure "failed to change status to {status}. Please try again later.").
   */
  bulk?: Record<string, { action: string; status: string }>;
  /**
   * The values the request's fields take (`GET /api/{resource}/options` `values`: field -> the
   * allowed values, in the forms' order), the lists the schemas check: the console's choices.
   */
  values?: Record<string, readonly string[]>;
  /**
   * Fields of the record the list filters and sorts by besides the common ones (API name -> the
   * key of the stored record): the CTAs' `subtype`, which the Wizards and Surveys tabs filter on.
   */
  listFields?: Record<string, string>;
  /** Keys of the stored record that the list's search (`q`) looks in, instead of the name. */
  listSearch?: readonly string[];
  /** The list's page size when the request names none. */
  pageSize?: number;
  /**
   * The most records of this kind one website holds (those not deleted), checked on every create
   * and copy (`Duplicate`): a refused one answers 422 "This website has reached its limit of
   * {records} {plural}.". `ruleBytes` (URL lists): the most bytes of rule values all the website's
   * lists hold together, checked on create and update.
   */
  quota: { records: number; plural: string; ruleBytes?: number };
}

/**
 * The button of each CRO action (every kind's `actions`; the console shows them as the API names
 * them, `GET /api/{resource}/options` `actions` and `bulk`). A bulk action is named by the action it takes.
 */
export const CRO_ACTION_LABELS: Readonly<Record<string, string>> = {
  SaveDraft: 'Save as draft',
  SubmitForReview: 'Submit for review',
  ReturnToDraft: 'Return to draft',
  ReturnToReview: 'Return to review',
  Publish: 'Publish',
  Unpublish: 'Unpublish',
  Deactivate: 'Deactivate',
  Pause: 'Pause',
  Resume: 'Resume',
  ConfirmCompletion: 'Confirm completion',
  Complete: 'Complete',
  CompleteAndDeploy: 'Complete and deploy',
  Restore: 'Restore',
  DeletePermanently: 'Delete permanently',
  Duplicate: 'Duplicate',
  ExportAsTemplate: 'Save as template',
  ConnectIntegration: 'Connect integration',
  DisconnectIntegration: 'Disconnect integration',
  Generate: 'Generate CTAs',
  CancelGeneration: 'Cancel generation',
};

/** What a website's URL lists hold at most, all lists together (the bytes of their rules' values). */
export const URL_LIST_RULE_BYTES_MAX = 1024 * 1024;

/** The refusal of a create over a kind's quota (CroKind `quota`). */
export function quotaReached(quota: CroKind['quota']): string {
  return `This website has reached its limit of ${quota.records} ${quota.plural}.`;
}

/** The refusal of URL list rules over the website's bytes (CroKind `quota.ruleBytes`). */
export function ruleBytesReached(quota: CroKind['quota']): string {
  return `The URL lists of this website may hold at most ${Math.round((quota.ruleBytes ?? 0) / 1024 / 1024)} MB of rules together.`;
}

export const CRO_KINDS: readonly CroKind[] = [
  {
    quota: { records: 500, plural: 'CTAs' },
    resource: 'ctas',
    stream: 'cta',
    table: 'rm_ctas',
    label: 'CTA',
    decider: ctaDecider,
    eventTypes: CTA_EVENT_TYPES,
    listFields: { subtype: 'subtype' },
    statuses: CTA_STATUSES,
    statusLabels: CTA_STATUS_LABELS,
    purged: CTA_PURGED,
    actions: [
      'SaveDraft',
      'SubmitForReview',
      'Publish',
      'Restore',
      'DeletePermanently',
      'Duplicate',
      'ExportAsTemplate',
      'ConnectIntegration',
      'DisconnectIntegration',
    ],
    values: {
      type: CTA_TYPES,
      itemType: CTA_ITEM_TYPES,
      triggerKind: POPUP_TRIGGER_KINDS,
      frequency: POPUP_FREQUENCIES,
      layout: POPUP_LAYOUTS,
      width: POPUP_WIDTHS,
      device: DEVICES,
      integrationKind: INTEGRATION_KINDS,
      zohoModule: ZOHO_MODULES,
      zohoDataCenter: ZOHO_DATA_CENTERS,
    },
    update: 'Update',
    remove: 'Delete',
  },
  {
    quota: { records: 200, plural: 'campaigns' },
    resource: 'campaigns',
    stream: 'campaign',
    table: 'rm_campaigns',
    label: 'Campaign',
    decider: campaignDecider,
    eventTypes: CAMPAIGN_EVENT_TYPES,
    statuses: CAMPAIGN_STATUSES,
    statusLabels: CAMPAIGN_STATUS_LABELS,
    actions: [
      'SubmitForReview',
      'ReturnToDraft',
      'Publish',
      'Unpublish',
      'ReturnToReview',
      'Deactivate',
      'Restore',
      'Duplicate',
      'Generate',
      'CancelGeneration',
    ],
    values: {
      position: CONTAINER_POSITIONS,
      selectorType: SELECTOR_TYPES,
      device: DEVICES,
      pageRuleOperator: PAGE_RULE_OPERATORS,
      pageRuleKind: PAGE_RULE_KINDS,
    },
    update: 'Update',
    remove: 'Delete',
    bulk: {
      Publish: { action: 'Publish', status: 'live' },
      SubmitForReview: { action: 'SubmitForReview', status: 'review' },
      Deactivate: { action: 'Deactivate', status: 'deactivated' },
      SubmitForDraft: { action: 'ReturnToDraft', status: 'draft' },
      // Starts a theme generation job per campaign (the status stays; `generating` names the change).
      Generate: { action: 'Generate', status: 'generating' },
    },
  },
  {
    quota: { records: 200, plural: 'experiments' },
    resource: 'experiments',
    stream: 'experiment',
    table: 'rm_experiments',
    label: 'Experiment',
    decider: experimentDecider,
    eventTypes: EXPERIMENT_EVENT_TYPES,
    statuses: EXPERIMENT_STATUSES,
    statusLabels: EXPERIMENT_STATUS_LABELS,
    actions: [
      'SubmitForReview',
      'ReturnToDraft',
      'ReturnToReview',
      'Publish',
      'Pause',
      'Resume',
      'ConfirmCompletion',
      'Complete',
      'CompleteAndDeploy',
      'Restore',
    ],
    values: { testType: TEST_TYPES, endRuleMode: END_RULE_MODES, endRuleKind: END_RULE_KINDS, device: DEVICES },
    update: 'Update',
    remove: 'Delete',
    bulk: {
      Publish: { action: 'Publish', status: 'live' },
      SubmitForReview: { action: 'SubmitForReview', status: 'review' },
      Pause: { action: 'Pause', status: 'paused' },
      Resume: { action: 'Resume', status: 'live' },
      Complete: { action: 'Complete', status: 'completed' },
    },
  },
  {
    quota: { records: 1000, plural: 'products' },
    resource: 'products',
    stream: PRODUCT_STREAM,
    table: 'rm_products',
    label: 'Product',
    decider: productDecider,
    eventTypes: PRODUCT_EVENT_TYPES,
    statuses: PRODUCT_STATUSES,
    statusLabels: PRODUCT_STATUS_LABELS,
    actions: ['Restore'],
    update: 'Update',
    remove: 'Delete',
  },
  {
    quota: { records: 50, plural: 'goals' },
    resource: 'goals',
    stream: GOAL_STREAM,
    table: 'rm_goals',
    label: 'Goal',
    decider: goalDecider,
    eventTypes: GOAL_EVENT_TYPES,
    statuses: GOAL_STATUSES,
    statusLabels: GOAL_STATUS_LABELS,
    actions: [],
    values: { type: GOAL_TYPES, filterOperator: GOAL_FILTER_OPERATORS },
    update: 'Update',
    remove: 'Delete',
  },
  {
    quota: { records: 100, plural: 'URL lists', ruleBytes: URL_LIST_RULE_BYTES_MAX },
    resource: 'url-lists',
    stream: URL_LIST_STREAM,
    table: 'rm_url_lists',
    label: 'URL list',
    decider: urlListDecider,
    eventTypes: URL_LIST_EVENT_TYPES,
    statuses: URL_LIST_STATUSES,
    statusLabels: URL_LIST_STATUS_LABELS,
    actions: [],
    values: { ruleKind: URL_LIST_RULE_KINDS },
    update: 'Update',
    remove: 'Delete',
  },
  {
    quota: { records: 50, plural: 'funnels' },
    resource: 'funnels',
    stream: FUNNEL_STREAM,
    table: 'rm_funnels',
    label: 'Funnel',
    decider: funnelDecider,
    eventTypes: FUNNEL_EVENT_TYPES,
    // Lists default to 20 rows a page (seed 001 "funnels ... page size 20").
    pageSize: FUNNEL_PAGE_SIZE,
    statuses: FUNNEL_STATUSES,
    statusLabels: FUNNEL_STATUS_LABELS,
    actions: [],
    values: { filterOperator: GOAL_FILTER_OPERATORS },
    update: 'Update',
    remove: 'Delete',
  },
  {
    quota: { records: 200, plural: 'excluded pages' },
    // No name: the list filters and sorts by the URL rule (and its controller searches it).
    resource: 'excluded-pages',
    stream: EXCLUDED_PAGE_STREAM,
    table: 'rm_excluded_pages',
    label: 'Excluded page',
    decider: excludedPageDecider,
    eventTypes: EXCLUDED_PAGE_EVENT_TYPES,
    listFields: { urlRule: 'urlRule' },
    listSearch: ['urlRule', 'note'],
    statuses: EXCLUDED_PAGE_STATUSES,
    statusLabels: EXCLUDED_PAGE_STATUS_LABELS,
    actions: [],
    update: 'Update',
    remove: 'Delete',
  },
];

/** The CRO kind of a route's resource name (an allow-list: never an index by the request's word). */
export function croKind(resource: string): CroKind {
  const kind = CRO_KINDS.find((k) => k.resource === resource);
  if (!kind) throw new Error(`Unknown CRO resource ${resource}`);
  return kind;
}

/** Every event type of the CRO context. */
export const CRO_EVENT_TYPES: EventTypeDefinition[] = [
  ...CRO_KINDS.flatMap((k) => [...k.eventTypes]),
  ...NOTIFICATION_RECIPIENT_EVENT_TYPES,
];
