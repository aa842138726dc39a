import { missing, notText, optionalText, requiredText, z } from '#libs/platform/src/validation.js';
import { ORGANISATION_FIELD_LABELS as O } from '../domain/organisation.decider.js';
import { RETENTION_INVALID, isRetentionMonths } from '../domain/retention.js';
import {
  CURRENCIES,
  DEFAULT_ANALYTICS,
  REVIEW_TYPES,
  WEBSITE_CATEGORIES,
  WEBSITE_INDUSTRIES,
  WEBSITE_TYPES,
  WEBSITE_FIELD_LABELS as W,
} from '../domain/website-fields.js';

const TIMEZONES = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC']);
const LOCALE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

export const timezone = z
  .string({ error: notText(O.timezone) })
  .refine((tz) => TIMEZONES.has(tz), 'Please choose a valid time zone (for example Europe/Berlin)');
export const locale = z
  .string({ error: notText(O.locale) })
  .regex(LOCALE, 'Please enter a valid locale (for example en or en-GB)');
const httpUrl = (message: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? message : message) })
    .trim()
    .max(2000, 'The maximum length is 2000 characters')
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    }, message);

export const WEBSITE_INVALID = 'Website must be a valid address (for example https://www.example.com)';

export const organisationCreateSchema = z.object({
  name: requiredText(O.name, 200),
  website: z
    .union([httpUrl(WEBSITE_INVALID), z.literal('').transform(() => null), z.null()])
    .optional()
    .default(null),
  country: z
    .union([
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code (for example DE)'),
      z.literal('').transform(() => null),
      z.null(),
    ])
    .optional()
    .default(null),
  locales: z
    .array(locale, { error: 'Locales must be a list' })
    .max(50, 'At most 50 locales')
    .optional()
    .default(['en']),
  timezone: timezone.optional().default('UTC'),
});

export const organisationUpdateSchema = z.object({
  name: requiredText(O.name, 200).optional(),
  website: z.union([httpUrl(WEBSITE_INVALID), z.literal('').transform(() => null), z.null()]).optional(),
  country: z
    .union([
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code (for example DE)'),
      z.literal('').transform(() => null),
      z.null(),
    ])
    .optional(),
  locales: z.array(locale, { error: 'Locales must be a list' }).max(50, 'At most 50 locales').optional(),
  timezone: timezone.optional(),
  analyticsRetentionMonths: z
    .number({ error: RETENTION_INVALID })
    .refine((months) => isRetentionMonths(months), RETENTION_INVALID)
    .optional(),
});

const nullableEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.union([z.enum(values, { error: `Please choose a valid ${label}` }), z.literal('').transform(() => null), z.null()]);

const code = (label: string) =>
  z.string({ error: notText(label) }).max(20000, 'The maximum length is 20000 characters');

const FACT_CHECK_LEVELS = `${W.factCheckLevels} must be a number from 0 to 4`;
const CONTROL_GROUP = `${W.controlGroupPct} must be a whole percentage from 0 to 100`;
const DOMAIN = /^(?!-)[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})+$/;

/** An id of an analytics tool: empty is none; otherwise its documented shape, said in the message. */
const analyticsId = (label: string, shape: RegExp, example: string) =>
  z.union([
    z.null(),
    z
      .string({ error: notText(label) })
      .trim()
      .max(100, 'The maximum length is 100 characters')
      .transform((value) => value || null)
      .refine((value) => value === null || shape.test(value), `Please enter a valid ${label} (for example ${example})`),
  ]);

/**
 * The analytics settings (seed 001 "Analytics entities"). Every field is optional: a PUT changes
 * the ones it names. Tracking domains come as a list or as the form's text, one per line.
 */
export const analyticsSettingsSchema = z.object({
  trackingDomains: z
    .union([
      z.array(z.string({ error: 'Each tracking domain must be text' }), {
        error: `${W.trackingDomains} must be a list`,
      }),
      z.string().transform((text) => text.split(/\r?\n/)),
    ])
    .transform((list) => [
      ...new Set(
        list
          .map((d) =>
            d
              .trim()
              .toLowerCase()
              .replace(/^https?:\/\//, '')
              .replace(/\/.*$/, '')
              .replace(/^www\./, ''),
          )
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(
          z
            .string()
            .max(253, 'The maximum length is 253 characters')
            .regex(DOMAIN, 'Please enter one valid domain per line (for example shop.example.com)'),
        )
        .max(50, 'At most 50 tracking domains'),
    )
    .optional(),
  googleAnalyticsId: analyticsId(W.googleAnalyticsId, /^(G|UA|AW|DC)-[A-Z0-9-]{4,30}$/i, 'G-1A2B3C4D5E').optional(),
  facebookPixelId: analyticsId(W.facebookPixelId, /^\d{6,20}$/, '123456789012345').optional(),
  tagManagerId: analyticsId(W.tagManagerId, /^GTM-[A-Z0-9]{4,12}$/i, 'GTM-AB12CD3').optional(),
  segmentWriteKey: analyticsId(W.segmentWriteKey, /^[A-Za-z0-9]{10,64}$/, 'a 32-letter key from Segment').optional(),
  hubspotCtaClickEventId: analyticsId(
    W.hubspotCtaClickEventId,
    /^[A-Za-z0-9_.-]{1,100}$/,
    'pe1234567_cta_clicked',
  ).optional(),
  controlGroupPct: z
    .number({ error: CONTROL_GROUP })
    .int(CONTROL_GROUP)
    .min(0, CONTROL_GROUP)
    .max(100, CONTROL_GROUP)
    .optional(),
});

const websiteFields = {
  name: requiredText(W.name, 200),
  url: httpUrl(WEBSITE_INVALID),
  domain: z
    .string({ error: notText(W.domain) })
    .trim()
    .toLowerCase()
    .max(253, 'The maximum length is 253 characters')
    .regex(/^(?!-)[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})+$/, 'Please enter a valid domain (for example example.com)'),
  defaultLocale: locale,
  locales: z
    .array(
      z.object({
        locale,
        urlPrefix: z
          .string({ error: 'URL prefix must be text' })
          .trim()
          .max(100, 'The maximum length is 100 characters')
          .regex(/^(\/[A-Za-z0-9_-]+)*\/?$|^$/, 'A URL prefix looks like /de or is empty'),
      }),
      { error: 'Locales must be a list' },
    )
    .max(50, 'At most 50 locales'),
  approvingLocales: z.array(locale).max(50),
  timezone,
  category: nullableEnum(WEBSITE_CATEGORIES, 'category'),
  type: nullableEnum(WEBSITE_TYPES, 'type'),
  industry: nullableEnum(WEBSITE_INDUSTRIES, 'industry'),
  currency: z.enum(CURRENCIES, { error: 'Please choose a supported currency' }),
  showInSitemap: z.boolean({ error: `${W.showInSitemap} must be true or false` }),
  cdnDistributionId: z.union([z.string().trim().max(200, 'The maximum length is 200 characters'), z.null()]),
  customHeadCode: code(W.customHeadCode),
  customBodyCode: code(W.customBodyCode),
  reviewType: z.enum(REVIEW_TYPES, { error: 'Please choose a valid review type' }),
  factCheckerDisplay: z.boolean({ error: `${W.factCheckerDisplay} must be true or false` }),
  siteBuilder: z.union([
    z.object({
      token: requiredText(W.token, 500),
      tokenHint: z.string().max(100).optional(),
      siteId: requiredText(W.siteId, 200),
      authorsCollectionId: optionalText(W.authorsCollectionId),
      categoriesCollectionId: optionalText(W.categoriesCollectionId),
      blogCollectionId: optionalText(W.blogCollectionId),
    }),
    z.null(),
  ]),
  secondEdit: z.boolean({ error: `${W.secondEdit} must be true or false` }),
  customerReview: z.boolean({ error: `${W.customerReview} must be true or false` }),
  factCheckLevels: z
    .number({ error: FACT_CHECK_LEVELS })
    .int(FACT_CHECK_LEVELS)
    .min(0, FACT_CHECK_LEVELS)
    .max(4, FACT_CHECK_LEVELS),
  publishContent: z.boolean({ error: `${W.publishContent} must be true or false` }),
  regulated: z.boolean({ error: `${W.regulated} must be true or false` }),
  fourEyes: z.boolean({ error: `${W.fourEyes} must be true or false` }),
  videoCms: z.boolean({ error: `${W.videoCms} must be true or false` }),
  croProxy: z.boolean({ error: `${W.croProxy} must be true or false` }),
  analytics: analyticsSettingsSchema,
};

/** Creating a website: name and url are required; the rest has the defaults below. */
export const websiteCreateSchema = z.object({
  organisationId: z
    .string({ error: notText(W.organisationId) })
    .max(100)
    .optional(),
  name: websiteFields.name,
  url: z.string({ error: (i) => (i.input === undefined ? missing(W.url) : WEBSITE_INVALID) }).pipe(websiteFields.url),
  domain: z.union([websiteFields.domain, z.literal('').transform(() => undefined)]).optional(),
  defaultLocale: websiteFields.defaultLocale.optional().default('en'),
  locales: websiteFields.locales.optional(),
  approvingLocales: websiteFields.approvingLocales.optional().default([]),
  timezone: websiteFields.timezone.optional().default('UTC'),
  category: websiteFields.category.optional().default(null),
  type: websiteFields.type.optional().default(null),
  industry: websiteFields.industry.optional().default(null),
  currency: websiteFields.currency.optional().default('EUR'),
  showInSitemap: websiteFields.showInSitemap.optional().default(true),
  cdnDistributionId: websiteFields.cdnDistributionId.optional().default(null),
  customHeadCode: websiteFields.customHeadCode.optional().default(''),
  customBodyCode: websiteFields.customBodyCode.optional().default(''),
  reviewType: websiteFields.reviewType.optional().default('internal'),
  factCheckerDisplay: websiteFields.factCheckerDisplay.optional().default(true),
  siteBuilder: websiteFields.siteBuilder.optional().default(null),
  secondEdit: websiteFields.secondEdit.optional().default(false),
  customerReview: websiteFields.customerReview.optional().default(false),
  factCheckLevels: websiteFields.factCheckLevels.optional().default(1),
  publishContent: websiteFields.publishContent.optional().default(true),
  regulated: websiteFields.regulated.optional(),
  fourEyes: websiteFields.fourEyes.optional().default(true),
  videoCms: websiteFields.videoCms.optional().default(false),
  croProxy: websiteFields.croProxy.optional().default(false),
  analytics: websiteFields.analytics.optional().transform((given) => ({ ...DEFAULT_ANALYTICS, ...given })),
});

/** Updating: any subset; read-only fields react-admin sends back (id, key, status...) are ignored. */
export const websiteUpdateSchema = z.object({
  ...(Object.fromEntries(Object.entries(websiteFields).map(([k, v]) => [k, (v as z.ZodType).optional()])) as {
    [K in keyof typeof websiteFields]: z.ZodOptional<(typeof websiteFields)[K]>;
  }),
  // An emptied domain is derived from the URL again.
  domain: z
    .union([websiteFields.domain, z.literal('').transform(() => undefined), z.null().transform(() => undefined)])
    .optional(),
});
