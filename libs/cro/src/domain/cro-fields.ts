import type { Actor } from '#libs/platform/src/decider.js';
import { missing, notText, tooLong, z } from '#libs/platform/src/validation.js';
import { pageRulesSchema } from './page-rules.js';
import { customCssProblem, designProblems, selectorProblem } from './page-safety.js';

/**
 * The request shapes of the CRO resources CTAs, campaigns and experiments, exactly as DESIGN.md
 * ("CRO resources: the request shapes") writes them, with the spec's messages (seed 001 sections
 * 3, 5, 8 and 9). The HTTP layer parses requests with these schemas; the deciders parse their
 * commands' data with the same ones, so a rule cannot be skipped by a caller that forgot to.
 *
 * Unknown keys are dropped (react-admin sends whole records back, read-only fields included).
 * Every message names the field by its label (the `*_LABELS` maps); `errors` stay keyed by field.
 */

// --------------------------------------------------------------------------------------------
// Shared: who acted, the facts a decision reads from outside the aggregate, page URLs.

/** Who took a decision, as recorded (the name at the time). */
export interface Person {
  id: string;
  name: string | null;
}
export const personOf = (actor: Actor): Person => ({ id: actor.userId, name: actor.name ?? null });

/** The facts about the record's website that a decision reads (the caller reads them; never stored). */
export interface CroWebsiteFacts {
  /** The website's status (`active`, `inactive`, ...). */
  status?: string;
  /** The website's "publish content" setting. */
  publishContent?: boolean;
  /** The website's domain (`example.com`): page URLs must be on it or a subdomain of it. */
  domain?: string;
}

/**
 * The command context of the CRO deciders: `{ website: { status, publishContent, domain } }`,
 * and for a campaign's `Publish` the `warnings` the caller computed (e.g. page rules that match
 * nothing: the campaign is published, with a warning that it has no effect).
 */
export interface CroContext {
  website?: CroWebsiteFacts;
  warnings?: readonly string[];
}

export const croContextOf = (context: unknown): CroContext =>
  context && typeof context === 'object' ? (context as CroContext) : {};

/** The spec's URL messages (seed 001 section 5, "Campaign and experiment"). */
export const INVALID_PAGE_URL = 'Please enter a valid content page URL.';
export const PAGE_URL_DOMAIN = 'The page url domain should be the same as your website domain';
/** Products to promote (seed 001 sections 5 and 9). */
export const MAX_PRODUCTS = 3;
export const TOO_MANY_PRODUCTS = 'A maximum of 3 products can be selected';
/** The spec's selector messages (seed 001 section 8). */
export const SELECT_CTA = 'Error. Select CTA.';
export const RESELECT_POSITION = 'Error. Reselect position.';

/** `value` as an absolute URL, or null (blanks inside, or not a URL). */
function urlOf(value: string): URL | null {
  if (/\s/.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Whether `value` is an absolute http(s) URL with a host. */
export function isPageUrl(value: string): boolean {
  const url = urlOf(value);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
}

/** A domain as the product compares it: lower case, without a trailing dot or a leading `www.`. */
export function normaliseDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** Whether `url`'s host is the website's domain or a subdomain of it (`www.` included). */
export function onDomain(url: string, domain: string): boolean {
  const wanted = normaliseDomain(domain);
  if (!wanted) return false;
  const host = normaliseDomain(new URL(url).hostname);
  return host === wanted || host.endsWith(`.${wanted}`);
}

/**
 * What is wrong with a content page URL, or null: not an http(s) URL ("Please enter a valid
 * content page URL."), or (when the website's domain is known) not on it ("The page url domain
 * should be the same as your website domain").
 */
export function pageUrlProblem(url: string, domain: string | undefined): string | null {
  if (!isPageUrl(url)) return INVALID_PAGE_URL;
  if (domain !== undefined && !onDomain(url, domain)) return PAGE_URL_DOMAIN;
  return null;
}

const nullish = (input: unknown) => input === undefined || input === null;
const text = (label: string, max = 200) =>
  z
    .string({ error: (i) => (nullish(i.input) ? missing(label) : notText(label)) })
    .trim()
    .min(1, missing(label))
    .max(max, tooLong(max));
const optText = (label: string, max = 200) =>
  z
    .string({ error: notText(label) })
    .trim()
    .max(max, tooLong(max));
const bool = (label: string) => z.boolean({ error: `${label} must be true or false` });
const id = (label: string) => text(label, 100);
const choice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (i) => (nullish(i.input) ? missing(label) : `${label} must be one of ${values.join(', ')}`),
  });
const list = <T extends z.ZodType>(label: string, item: T, max: number) =>
  z.array(item, { error: `${label} must be a list` }).max(max, `${label} holds at most ${max} entries`);
/** A free-form JSON object (design settings, variant changes): at most 100,000 characters as JSON. */
const blob = (label: string) =>
  z
    .record(z.string(), z.unknown(), { error: `${label} must be an object` })
    .refine((v) => JSON.stringify(v).length <= 100_000, tooLong(100_000));

export const DEVICES = ['desktop', 'tablet', 'mobile'] as const;
export type Device = (typeof DEVICES)[number];
/** The message of devices not given at all (a console sends none when no box was ticked yet). */
export const DEVICES_MISSING = 'Please choose the devices it shows on';
const devices = (label: string) =>
  z
    .array(choice(label, DEVICES), {
      error: (i) => (nullish(i.input) ? DEVICES_MISSING : `${label} must be a list of devices`),
    })
    .max(DEVICES.length, `${label} holds at most ${DEVICES.length} entries`)
    .refine((v) => new Set(v).size === v.length, `${label} lists a device twice`);

// --------------------------------------------------------------------------------------------
// CTAs (widgets).

export const CTA_TYPES = [
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
] as const;
export type CtaType = (typeof CTA_TYPES)[number];
/** The CTA types whose items form a form: complete with at least one input and a button. */
export const FORM_CTA_TYPES: readonly CtaType[] = ['form'];

/**
 * Item types the spec names (seed 001 section 3, "and others": any other type is accepted too).
 * Inputs are the ones a visitor fills in; a `hubspot_form` embeds a whole form (inputs and button).
 */
export const INPUT_ITEM_TYPES = [
  'short_text',
  'long_text',
  'email',
  'url',
  'phone',
  'date',
  'file',
  'hidden',
  'checkbox',
  'dropdown',
  'consent',
  'country',
  'star_scale',
  'numbers',
  'smiley',
  'like',
  'score',
] as const;
export const CTA_ITEM_TYPES = [
  ...INPUT_ITEM_TYPES,
  'heading',
  'paragraph',
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
  'shopify_section',
] as const;
export const BUTTON_ITEM_TYPE = 'button';
export const EMBEDDED_FORM_ITEM_TYPE = 'hubspot_form';

export const POPUP_TRIGGER_KINDS = [
  'page_load',
  'time_on_page',
  'scroll_percentage',
  'scroll_to_element',
  'click_elements',
  'exit_intent',
] as const;
export const POPUP_FREQUENCIES = ['every_time', 'until_closed', 'once', 'every_day', 'every_week'] as const;
export const POPUP_LAYOUTS = ['modal', 'slide_in', 'pane'] as const;
export const POPUP_WIDTHS = ['full', 'half', 'third', '20%'] as const;

/** The spec's CTA name messages (seed 001 section 5). */
export const CTA_NAME_MISSING = 'Please enter a CTA name.';
export const CTA_NAME_EMPTY = 'CTA name should not be empty';
/** The error catalogue's CTA publish messages (seed 001 section 8). */
export const CTA_PUBLISH_FAILED = 'CTA publish failed';
export const CTA_PUBLISH_WEBSITE_INACTIVE = 'CTA publish failed, website must be active';
export const CTA_PUBLISH_CONTENT_DISABLED = 'CTA publish failed, publish content must be enabled for this website';
/** The reasons a CTA is not complete (in `errors`, under "CTA publish failed"). */
export const CTA_NEEDS_ITEM = 'Add at least one item';
export const CTA_FORM_NEEDS_INPUT = 'A form needs at least one input';
export const CTA_FORM_NEEDS_BUTTON = 'A form needs a button';
export const CTA_POPUP_NEEDS_TRIGGER = 'A popup needs at least one trigger';

export const CTA_FIELD_LABELS = {
  websiteId: 'Website',
  organisationId: 'Organisation',
  name: 'Name',
  type: 'Type',
  subtype: 'Subtype',
  items: 'Items',
  itemType: 'Item type',
  itemLabel: 'Label',
  itemName: 'Field name',
  itemRequired: 'Required',
  itemOptions: 'Options',
  itemUrl: 'Link',
  itemPlaceholder: 'Placeholder',
  design: 'Design',
  lazyLoad: 'Lazy load',
  popup: 'Popup settings',
  triggers: 'Triggers',
  triggerKind: 'Trigger',
  triggerValue: 'Trigger value',
  frequency: 'Frequency',
  layout: 'Layout',
  position: 'Position',
  offsets: 'Offsets',
  width: 'Width',
  closeButton: 'Close button',
  backdrop: 'Backdrop',
  devices: 'Devices',
  customCss: 'Custom CSS',
  emailNotification: 'Email notification',
  recipients: 'Recipients',
  senderName: 'Sender name',
  senderEmail: 'Sender email',
  subject: 'Subject',
  message: 'Message',
  crmMapping: 'CRM field mapping',
  field: 'Field',
  crmField: 'CRM field',
  productIds: 'Products',
  duplicatedFrom: 'Copied from',
  copyId: 'Copy id',
  templateId: 'Template id',
  templateName: 'Template name',
  kind: 'Integration',
  settings: 'Settings',
  url: 'URL',
  secret: 'Secret',
  portalId: 'Portal id',
  formId: 'Form id',
  module: 'Module',
  dataCenter: 'Data centre',
  token: 'Access token',
} as const;
const C = CTA_FIELD_LABELS;

/**
 * A plain mailbox address (`local@domain`): no display name, quotes, angle brackets, commas or
 * line breaks, so one recipient is one mailbox and never a list or a header (issue 25, "Open mail relay").
 */
const MAILBOX =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const email = (label: string) =>
  optText(label, 320).refine((v) => MAILBOX.test(v), 'Please enter a valid email address.');

/** The message of an item's link that is not a web page's address. */
export const ITEM_URL_RULE = 'Link must start with https://, http:// or /';
/** Where a button may lead: a web page (`https://`, `http://`) or a path of the same site (`/offer`, never `//host`). */
export const isItemUrl = (value: string) =>
  /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value);

export const ctaItemSchema = z.object(
  {
    type: text(C.itemType, 50),
    label: optText(C.itemLabel, 1000).optional(),
    name: optText(C.itemName, 100).optional(),
    required: bool(C.itemRequired).optional(),
    options: list(C.itemOptions, z.unknown(), 200).optional(),
    // A button's link and an input's hint (the tracker draws both: apps/tracker/src/render.ts).
    url: optText(C.itemUrl, 2000)
      .refine((v) => v === '' || isItemUrl(v), ITEM_URL_RULE)
      .optional(),
    placeholder: optText(C.itemPlaceholder, 200).optional(),
  },
  { error: `${C.items} must be a list of items` },
);
export type CtaItem = z.infer<typeof ctaItemSchema>;

export const popupTriggerSchema = z.object(
  {
    kind: choice(C.triggerKind, POPUP_TRIGGER_KINDS),
    value: z
      .union([z.number({ error: notText(C.triggerValue) }).finite(), optText(C.triggerValue, 500)], {
        error: `${C.triggerValue} must be a number or text`,
      })
      .optional(),
  },
  { error: `${C.triggers} must be a list of triggers` },
);

/**
 * A CTA's design (page-safety.ts): colours, lengths, font names and texts by key, never free CSS
 * (`backgroundColor: "url(https://evil/)"` is refused under `errors["design.backgroundColor"]`).
 */
export const designSchema = blob(C.design).superRefine((design, ctx) => {
  for (const { key, message } of designProblems(design, C.design))
    ctx.addIssue({ code: 'custom', message, path: key === null ? [] : [key] });
});

/** Custom CSS (a popup's, a container's): the tenant's own, but it may not load anything nor leave its style element (page-safety.ts). */
const customCss = (label: string) =>
  optText(label, 20_000).superRefine((css, ctx) => {
    const problem = customCssProblem(css, label);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A selector the tracker changes or inserts at must not name a protected element (page-safety.ts): the issue goes under `selector`. */
function refuseProtectedSelector(
  value: { selector: string; selectorType?: 'css' | 'xpath' },
  ctx: z.RefinementCtx,
  label: string,
): void {
  const problem = selectorProblem(value.selector, value.selectorType, label);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['selector'] });
}

export const popupSchema = z.object(
  {
    triggers: list(C.triggers, popupTriggerSchema, 20),
    frequency: choice(C.frequency, POPUP_FREQUENCIES),
    layout: choice(C.layout, POPUP_LAYOUTS),
    position: optText(C.position, 50).optional(),
    offsets: blob(C.offsets).optional(),
    width: choice(C.width, POPUP_WIDTHS),
    closeButton: bool(C.closeButton).optional(),
    backdrop: bool(C.backdrop).optional(),
    devices: devices(C.devices),
    customCss: customCss(C.customCss).optional(),
  },
  { error: `${C.popup} must be an object` },
);
export type PopupSettings = z.infer<typeof popupSchema>;

export const emailNotificationSchema = z.object(
  {
    recipients: list(C.recipients, email(C.recipients), 20).min(1, missing(C.recipients)),
    senderName: text(C.senderName, 200),
    senderEmail: email(C.senderEmail),
    subject: text(C.subject, 300),
    message: optText(C.message, 5000),
  },
  { error: `${C.emailNotification} must be an object` },
);

export const crmMappingSchema = list(
  C.crmMapping,
  z.object(
    { field: text(C.field, 100), crmField: text(C.crmField, 100) },
    { error: `${C.crmMapping} must be a list of fields` },
  ),
  100,
);

/** The CTA's name: "Please enter a CTA name." when absent, "CTA name should not be empty" when blank. */
export const ctaNameSchema = z
  .string({ error: (i) => (nullish(i.input) ? CTA_NAME_MISSING : notText(C.name)) })
  .trim()
  .min(1, CTA_NAME_EMPTY)
  .max(200, tooLong(200));

/** What a user sets on a CTA (Create, Update, SaveDraft). */
export const ctaFieldsShape = {
  name: ctaNameSchema,
  type: choice(C.type, CTA_TYPES),
  subtype: optText(C.subtype, 100).nullable(),
  items: list(C.items, ctaItemSchema, 200),
  design: designSchema.nullable(),
  lazyLoad: bool(C.lazyLoad),
  popup: popupSchema.nullable(),
  emailNotification: emailNotificationSchema.nullable(),
  crmMapping: crmMappingSchema,
  productIds: z
    .array(id(C.productIds), { error: `${C.productIds} must be a list` })
    .max(MAX_PRODUCTS, TOO_MANY_PRODUCTS),
};

/** `POST /api/ctas`: name and type required; items default to none (a draft may be incomplete). */
export const ctaCreateSchema = z
  .object({
    websiteId: id(C.websiteId),
    ...ctaFieldsShape,
    items: ctaFieldsShape.items.default([]),
    duplicatedFrom: id(C.duplicatedFrom).optional(),
  })
  .partial({
    subtype: true,
    design: true,
    lazyLoad: true,
    popup: true,
    emailNotification: true,
    crmMapping: true,
    productIds: true,
  });
export type CtaCreateInput = z.infer<typeof ctaCreateSchema>;

/** `PUT /api/ctas/{id}`, `Update` and `SaveDraft`: any of the fields. */
export const ctaUpdateSchema = z.object(ctaFieldsShape).partial();
export type CtaChanges = z.infer<typeof ctaUpdateSchema>;

/** A CTA's fields as recorded. */
export interface CtaFields {
  name: string;
  type: CtaType;
  subtype?: string | null;
  items: CtaItem[];
  design?: Record<string, unknown> | null;
  lazyLoad?: boolean;
  popup?: PopupSettings | null;
  emailNotification?: z.infer<typeof emailNotificationSchema> | null;
  crmMapping?: z.infer<typeof crmMappingSchema>;
  productIds?: string[];
}

/**
 * Why a CTA is not complete (DESIGN.md: a name, a type, and at least one item; form types: at
 * least one input and a button; popups: at least one trigger), keyed by field; empty when it is.
 */
export function ctaIncompleteness(fields: Partial<CtaFields> | null): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!fields?.name?.trim()) errors.name = CTA_NAME_MISSING;
  if (!fields?.type) errors.type = missing(C.type);
  const items = fields?.items ?? [];
  if (items.length === 0) errors.items = CTA_NEEDS_ITEM;
  else if (
    fields?.type &&
    FORM_CTA_TYPES.includes(fields.type) &&
    !items.some((i) => i.type === EMBEDDED_FORM_ITEM_TYPE)
  ) {
    if (!items.some((i) => (INPUT_ITEM_TYPES as readonly string[]).includes(i.type)))
      errors.items = CTA_FORM_NEEDS_INPUT;
    else if (!items.some((i) => i.type === BUTTON_ITEM_TYPE)) errors.items = CTA_FORM_NEEDS_BUTTON;
  }
  if (fields?.type === 'popup' && !(fields.popup?.triggers?.length ?? 0))
    errors['popup.triggers'] = CTA_POPUP_NEEDS_TRIGGER;
  return errors;
}

// CTA integrations (seed 001 section 4: "Widget Zapier integration: connect or delete"; section 2: Zapier, Zoho CRM, Hubspot CRM).

export const INTEGRATION_KINDS = ['webhook', 'zapier', 'hubspot', 'zoho'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];
export const ZOHO_MODULES = ['Leads', 'Contacts'] as const;
export const ZOHO_DATA_CENTERS = ['com', 'eu', 'in', 'com.au', 'jp', 'ca'] as const;
export const WEBHOOK_URL_RULE = 'The webhook URL must start with https:// (http:// only for localhost)';
export const WEBHOOK_SECRET_RULE = 'The webhook secret must be 16 to 200 characters';
export const INTEGRATION_NOT_CONNECTED = 'This integration is not connected';

/** A webhook target: https://, or http:// on the loopback host (tests, local tools). */
export function isWebhookUrl(value: string): boolean {
  const url = urlOf(value);
  if (!url) return false;
  if (url.protocol === 'https:') return url.hostname.length > 0;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}
const webhookUrl = optText(C.url, 2000).refine(isWebhookUrl, WEBHOOK_URL_RULE);

export const ZOHO_TOKEN_RULE = 'The Zoho access token must be 1 to 2000 characters';

/**
 * `ConnectIntegration` `{ kind, settings }`. Secrets stay out of events (which are immutable and
 * relayed to Kafka) and out of records, histories, the audit and exports, for every role: the
 * caller keeps them (libs/cro/src/integrations/secrets.ts) and the event records a hint only.
 * The secrets are a webhook's signing secret (generated by the caller and passed in), a webhook's
 * or a Zapier catch hook's URL (a catch hook's URL is its only credential, and webhook URLs often
 * carry a token), and the organisation's own Zoho CRM access token (`settings.token`).
 */
export const integrationSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('webhook'),
      settings: z.object(
        {
          url: webhookUrl,
          secret: z
            .string({ error: missing(C.secret) })
            .min(16, WEBHOOK_SECRET_RULE)
            .max(200, WEBHOOK_SECRET_RULE),
        },
        { error: missing(C.settings) },
      ),
    }),
    z.object({ kind: z.literal('zapier'), settings: z.object({ url: webhookUrl }, { error: missing(C.settings) }) }),
    z.object({
      kind: z.literal('hubspot'),
      settings: z.object({ portalId: id(C.portalId), formId: id(C.formId).optional() }, { error: missing(C.settings) }),
    }),
    z.object({
      kind: z.literal('zoho'),
      settings: z.object(
        {
          module: choice(C.module, ZOHO_MODULES).default('Leads'),
          dataCenter: choice(C.dataCenter, ZOHO_DATA_CENTERS).default('com'),
          token: z
            .string({ error: missing(C.token) })
            .min(1, ZOHO_TOKEN_RULE)
            .max(2000, ZOHO_TOKEN_RULE),
        },
        { error: missing(C.settings) },
      ),
    }),
  ],
  {
    error: (i) =>
      nullish((i.input as { kind?: unknown } | undefined)?.kind)
        ? missing(C.kind)
        : `${C.kind} must be one of ${INTEGRATION_KINDS.join(', ')}`,
  },
);
export const disconnectIntegrationSchema = z.object({ kind: choice(C.kind, INTEGRATION_KINDS) });
export type IntegrationInput = z.infer<typeof integrationSchema>;

/**
 * A connected integration as recorded: secrets only as hints (a URL as its scheme, host and last
 * four characters; a secret or token as its last four). Events of schema v1 carried a webhook's
 * and a Zapier hook's `url`: they are read with the URL turned into its hint (cta.decider.ts).
 */
export type IntegrationSettings =
  | { kind: 'webhook'; settings: { urlHint: string; secretHint: string } }
  | { kind: 'zapier'; settings: { urlHint: string } }
  | { kind: 'hubspot'; settings: { portalId: string; formId?: string } }
  | {
      kind: 'zoho';
      settings: {
        module: (typeof ZOHO_MODULES)[number];
        dataCenter: (typeof ZOHO_DATA_CENTERS)[number];
        tokenHint?: string;
      };
    };

export const SECRET_MASK = '••••••••';
export const secretHint = (value: string) => `${SECRET_MASK}${value.slice(-4)}`;

/**
 * The hint of a secret URL: its scheme and host (and port; never a user name or password) and
 * its last four characters, e.g. `https://hooks.zapier.com/••••••••x7yz`. The same rule is
 * written in SQL where stored records are masked (libs/cro/src/integrations/secrets.ts).
 */
export function urlHint(url: string): string {
  const origin = /^([a-z][a-z0-9+.-]*:\/\/)(?:[^/?#@]*@)?([^/?#]*)/i.exec(url);
  return `${origin ? `${origin[1]}${origin[2]}` : ''}/${secretHint(url)}`;
}

/** What the event records of a connection: its settings with every secret replaced by its hint. */
export function recordedIntegration(input: IntegrationInput): IntegrationSettings {
  switch (input.kind) {
    case 'webhook':
      return {
        kind: 'webhook',
        settings: { urlHint: urlHint(input.settings.url), secretHint: secretHint(input.settings.secret) },
      };
    case 'zapier':
      return { kind: 'zapier', settings: { urlHint: urlHint(input.settings.url) } };
    case 'hubspot':
      return {
        kind: 'hubspot',
        settings: {
          portalId: input.settings.portalId,
          ...(input.settings.formId ? { formId: input.settings.formId } : {}),
        },
      };
    case 'zoho':
      return {
        kind: 'zoho',
        settings: {
          module: input.settings.module,
          dataCenter: input.settings.dataCenter,
          tokenHint: secretHint(input.settings.token),
        },
      };
  }
}

/** The secrets of a connection, by their name in the secret store (libs/cro/src/integrations/secrets.ts). */
export function integrationSecretsOf(input: IntegrationInput): Record<string, string> {
  switch (input.kind) {
    case 'webhook':
      return { webhook: input.settings.secret, 'webhook-url': input.settings.url };
    case 'zapier':
      return { 'zapier-url': input.settings.url };
    case 'zoho':
      return { 'zoho-token': input.settings.token };
    default:
      return {};
  }
}

/** `Duplicate` `{ copyId, name? }`: the copy's id is made by the caller. */
export const duplicateSchema = z.object({ copyId: id(C.copyId), name: optText(C.name, 200).optional() });
/** `ExportAsTemplate` `{ templateId, name? }`: the template's id is made by the caller; its name defaults to the CTA's. */
export const exportTemplateSchema = z.object({
  templateId: id(C.templateId),
  name: optText(C.templateName, 200).optional(),
});

/** The name of a copy: "{name} (copy)", within the 200 characters a name may have. */
export const copyName = (name: string) => `${name.slice(0, 200 - ' (copy)'.length)} (copy)`;

// --------------------------------------------------------------------------------------------
// Campaigns.

export const CAMPAIGN_NAME_EMPTY = 'Campaign name must not be empty';
export const CONTAINER_POSITIONS = ['above', 'below'] as const;
export const SELECTOR_TYPES = ['css', 'xpath'] as const;

export const CAMPAIGN_FIELD_LABELS = {
  websiteId: 'Website',
  organisationId: 'Organisation',
  name: 'Name',
  url: 'Page URL',
  vertical: 'Vertical',
  stage: 'Stage',
  containers: 'Containers',
  containerName: 'Container name',
  ctaId: 'CTA',
  devices: 'Devices',
  position: 'Position',
  selector: 'Selector',
  selectorType: 'Selector type',
  marginPx: 'Margin (px)',
  layout: 'Layout',
  customCss: 'Custom CSS',
  pageRules: 'Page rules',
  operator: 'Operator',
  rules: 'Rules',
  ruleKind: 'Rule',
  ruleValue: 'URL',
  listId: 'URL list',
  duplicatedFrom: 'Copied from',
  copyId: 'Copy id',
  templateId: 'Template',
  jobId: 'Job id',
  reason: 'Reason',
} as const;
const K = CAMPAIGN_FIELD_LABELS;

export const campaignNameSchema = z
  .string({ error: (i) => (nullish(i.input) ? CAMPAIGN_NAME_EMPTY : notText(K.name)) })
  .trim()
  .min(1, CAMPAIGN_NAME_EMPTY)
  .max(200, tooLong(200));
/** A content page URL's format (its domain is checked against the website's by the decider). */
export const pageUrlSchema = z
  .string({ error: INVALID_PAGE_URL })
  .trim()
  .max(2000, tooLong(2000))
  .refine(isPageUrl, INVALID_PAGE_URL);

export const containerSchema = z
  .object(
    {
      name: text(K.containerName, 200),
      ctaId: z.string({ error: SELECT_CTA }).trim().min(1, SELECT_CTA).max(100, tooLong(100)),
      devices: devices(K.devices),
      position: choice(K.position, CONTAINER_POSITIONS),
      selector: z.string({ error: RESELECT_POSITION }).trim().min(1, RESELECT_POSITION).max(2000, tooLong(2000)),
      selectorType: choice(K.selectorType, SELECTOR_TYPES),
      marginPx: z
        .number({ error: `${K.marginPx} must be a number` })
        .int(`${K.marginPx} must be a whole number`)
        .min(-10_000)
        .max(10_000)
        .optional(),
      layout: optText(K.layout, 100).optional(),
      customCss: customCss(K.customCss).optional(),
    },
    { error: `${K.containers} must be a list of containers` },
  )
  .superRefine((container, ctx) => refuseProtectedSelector(container, ctx, K.selector));
export type CampaignContainer = z.infer<typeof containerSchema>;

export const campaignFieldsShape = {
  name: campaignNameSchema,
  url: pageUrlSchema,
  vertical: optText(K.vertical, 200).nullable(),
  stage: optText(K.stage, 200).nullable(),
  containers: list(K.containers, containerSchema, 50),
  /** page-rules.ts's schema: the match endpoint and the public placements read the same rules. */
  pageRules: pageRulesSchema,
};

/**
 * `POST /api/campaigns`: a name is required; the page URL may wait (a draft), publishing needs it.
 * Containers default to none and page rules to `{ operator: "or", rules: [] }`.
 */
export const campaignCreateSchema = z
  .object({
    websiteId: id(K.websiteId),
    ...campaignFieldsShape,
    containers: campaignFieldsShape.containers.default([]),
    pageRules: campaignFieldsShape.pageRules.default({ operator: 'or', rules: [] }),
    duplicatedFrom: id(K.duplicatedFrom).optional(),
  })
  .partial({ url: true, vertical: true, stage: true });
export type CampaignCreateInput = z.infer<typeof campaignCreateSchema>;

export const campaignUpdateSchema = z.object(campaignFieldsShape).partial();
export type CampaignChanges = z.infer<typeof campaignUpdateSchema>;

export interface CampaignFields {
  name: string;
  url?: string;
  vertical?: string | null;
  stage?: string | null;
  containers: CampaignContainer[];
  pageRules: z.infer<typeof pageRulesSchema>;
}

/** `Generate` `{ templateId, jobId }` (the job's id is made by the caller). */
export const generateSchema = z.object({ templateId: id(K.templateId), jobId: id(K.jobId) });
/** `GenerationFinished` `{ jobId, result? }` and `GenerationFailed` `{ jobId, reason? }` (the background job). */
export const generationFinishedSchema = z.object({ jobId: id(K.jobId), result: blob('Result').optional() });
export const generationFailedSchema = z.object({ jobId: id(K.jobId), reason: optText(K.reason, 2000).optional() });

// --------------------------------------------------------------------------------------------
// Experiments.

export const TEST_NAME_MISSING = 'Please enter a name for the test';
export const VARIANT_WEIGHT = 'Variant weight 0 to 100 percent';
export const VARIANT_WEIGHTS_SUM = 'Variant weights must add up to 100 percent';
export const VARIANTS_AT_LEAST_TWO = 'An experiment needs at least two variants: the control and one more';
export const VARIANT_KEYS_UNIQUE = 'Variant keys must be unique';
export const END_RULE_THRESHOLD =
  'Choose at least one end rule: visitors, conversions per variant, date or significance';
export const TEST_TYPES = ['ab', 'split_url', 'multivariate'] as const;
export const END_RULE_MODES = ['manual', 'any', 'all'] as const;
export const DEFAULT_SIGNIFICANCE = 0.95;

export const EXPERIMENT_FIELD_LABELS = {
  websiteId: 'Website',
  organisationId: 'Organisation',
  name: 'Name',
  pageUrl: 'Page URL',
  testType: 'Test type',
  goalId: 'Goal',
  hypothesis: 'Hypothesis',
  expectedChange: 'Expected change',
  reason: 'Reason',
  element: 'Element',
  metric: 'Metric',
  variants: 'Variants',
  key: 'Variant key',
  variantName: 'Variant name',
  weight: 'Weight',
  changes: 'Changes',
  endRule: 'End rule',
  mode: 'Mode',
  visitors: 'Visitors',
  conversionsPerVariant: 'Conversions per variant',
  date: 'Date',
  significance: 'Significance',
  trafficRules: 'Traffic rules',
  devices: 'Devices',
  visitorsPct: 'Visitors (%)',
  countries: 'Countries',
  audiences: 'Audiences',
  significanceThreshold: 'Significance threshold',
  variant: 'Variant',
  winner: 'Winner',
  rule: 'End rule met',
} as const;
const X = EXPERIMENT_FIELD_LABELS;

export const testNameSchema = z
  .string({ error: (i) => (nullish(i.input) ? TEST_NAME_MISSING : notText(X.name)) })
  .trim()
  .min(1, TEST_NAME_MISSING)
  .max(200, tooLong(200));

/**
 * What a variant changes on the page, as the tracker applies it (apps/tracker/src/main.ts): each
 * change finds the elements of `selector` (CSS, or XPath with `selectorType: "xpath"`) and sets
 * their text, or hides them. A selector naming a script, style, head or similar element is refused
 * (page-safety.ts); the tracker skips such elements whatever the selector.
 */
export const variantChangeSchema = z
  .object(
    {
      selector: text(`${X.changes}: selector`, 500),
      selectorType: choice(`${X.changes}: selector type`, ['css', 'xpath'] as const).optional(),
      text: optText(`${X.changes}: text`, 2000).optional(),
      hide: bool(`${X.changes}: hide`).optional(),
    },
    { error: `${X.changes} must be a list of { selector, text?, hide? }` },
  )
  .superRefine((change, ctx) => refuseProtectedSelector(change, ctx, `${X.changes}: selector`));

export const variantSchema = z.object(
  {
    key: text(X.key, 50),
    name: optText(X.variantName, 200).optional(),
    weight: z.number({ error: VARIANT_WEIGHT }).int(VARIANT_WEIGHT).min(0, VARIANT_WEIGHT).max(100, VARIANT_WEIGHT),
    changes: list(X.changes, variantChangeSchema, 50).optional(),
  },
  { error: `${X.variants} must be a list of variants` },
);
export type Variant = z.infer<typeof variantSchema>;

/** The variants: at least two, the first is the control, keys unique, weights 0 to 100 adding up to 100. */
export const variantsSchema = z
  .array(variantSchema, { error: `${X.variants} must be a list` })
  .max(26, `${X.variants} holds at most 26 entries`)
  .superRefine((variants, ctx) => {
    // A variant that is wrong itself says so under its field; the list's rules wait for it.
    const valid = variants.every(
      (v) => v && typeof v.key === 'string' && Number.isInteger(v.weight) && v.weight >= 0 && v.weight <= 100,
    );
    const problem = valid ? variantsProblem(variants) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });

/** What is wrong with a list of (individually valid) variants, or null. */
export function variantsProblem(variants: readonly Pick<Variant, 'key' | 'weight'>[]): string | null {
  if (variants.length < 2) return VARIANTS_AT_LEAST_TWO;
  if (new Set(variants.map((v) => v.key)).size !== variants.length) return VARIANT_KEYS_UNIQUE;
  if (variants.reduce((sum, v) => sum + v.weight, 0) !== 100) return VARIANT_WEIGHTS_SUM;
  return null;
}

const significance = (label: string) =>
  z
    .number({ error: `${label} must be a number between 0 and 1` })
    .gt(0, `${label} must be a number between 0 and 1`)
    .lt(1, `${label} must be a number between 0 and 1`);
const positiveInt = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000_000);

export const endRuleSchema = z
  .object(
    {
      mode: choice(X.mode, END_RULE_MODES),
      visitors: positiveInt(X.visitors).optional(),
      conversionsPerVariant: positiveInt(X.conversionsPerVariant).optional(),
      date: z
        .string({ error: `${X.date} must be a date (YYYY-MM-DD)` })
        .regex(/^\d{4}-\d{2}-\d{2}$/, `${X.date} must be a date (YYYY-MM-DD)`)
        .refine(isCalendarDay, `${X.date} must be a date (YYYY-MM-DD)`)
        .optional(),
      significance: significance(X.significance).optional(),
    },
    { error: `${X.endRule} must be an object` },
  )
  .superRefine((rule, ctx) => {
    if (
      rule.mode !== 'manual' &&
      rule.visitors === undefined &&
      rule.conversionsPerVariant === undefined &&
      rule.date === undefined &&
      rule.significance === undefined
    ) {
      ctx.addIssue({ code: 'custom', message: END_RULE_THRESHOLD, path: ['mode'] });
    }
  });

function isCalendarDay(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const trafficRulesSchema = z.object(
  {
    devices: devices(X.devices).optional(),
    visitorsPct: z
      .number({ error: `${X.visitorsPct} must be a number from 1 to 100` })
      .min(1, `${X.visitorsPct} must be a number from 1 to 100`)
      .max(100, `${X.visitorsPct} must be a number from 1 to 100`)
      .optional(),
    countries: list(
      X.countries,
      z
        .string({ error: `${X.countries} must be country codes` })
        .regex(/^[A-Z]{2}$/, `${X.countries} must be country codes such as DE`),
      250,
    ).optional(),
    audiences: list(X.audiences, id(X.audiences), 50).optional(),
  },
  { error: `${X.trafficRules} must be an object` },
);

export const experimentFieldsShape = {
  name: testNameSchema,
  pageUrl: pageUrlSchema,
  testType: choice(X.testType, TEST_TYPES),
  goalId: id(X.goalId).nullable(),
  hypothesis: optText(X.hypothesis, 5000).nullable(),
  expectedChange: optText(X.expectedChange, 1000).nullable(),
  reason: optText(X.reason, 5000).nullable(),
  element: optText(X.element, 2000).nullable(),
  metric: optText(X.metric, 200).nullable(),
  variants: variantsSchema,
  endRule: endRuleSchema.nullable(),
  trafficRules: trafficRulesSchema.nullable(),
  significanceThreshold: significance(X.significanceThreshold),
};

/**
 * `POST /api/experiments`: a name and a page URL are required; test type defaults to `ab`,
 * significance threshold to 0.95; a goal and the variants may wait (a draft): `Publish` needs them.
 */
export const experimentCreateSchema = z
  .object({
    websiteId: id(X.websiteId),
    ...experimentFieldsShape,
    testType: experimentFieldsShape.testType.default('ab'),
    significanceThreshold: experimentFieldsShape.significanceThreshold.default(DEFAULT_SIGNIFICANCE),
  })
  .partial({
    goalId: true,
    hypothesis: true,
    expectedChange: true,
    reason: true,
    element: true,
    metric: true,
    variants: true,
    endRule: true,
    trafficRules: true,
  });
export type ExperimentCreateInput = z.infer<typeof experimentCreateSchema>;

export const experimentUpdateSchema = z.object(experimentFieldsShape).partial();
export type ExperimentChanges = z.infer<typeof experimentUpdateSchema>;

export interface ExperimentFields {
  name: string;
  pageUrl: string;
  testType: (typeof TEST_TYPES)[number];
  goalId?: string | null;
  hypothesis?: string | null;
  expectedChange?: string | null;
  reason?: string | null;
  element?: string | null;
  metric?: string | null;
  variants: Variant[];
  endRule?: z.infer<typeof endRuleSchema> | null;
  trafficRules?: z.infer<typeof trafficRulesSchema> | null;
  significanceThreshold: number;
}

/** The end rules an automatic completion names (which threshold was reached). */
export const END_RULE_KINDS = ['visitors', 'conversions_per_variant', 'date', 'significance'] as const;
