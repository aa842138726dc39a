/** The enumerations of a website (seed 000 section 3). */
export const WEBSITE_CATEGORIES = ['B2B', 'B2C', 'both'] as const;
export const WEBSITE_TYPES = [
  'saas',
  'service_provider',
  'supplier',
  'affiliate',
  'construction',
  'logistics',
  'transportation',
  'other',
  'ecommerce',
  'software',
  'mobile_app',
  'services',
  'entertainment',
  'news',
  'marketplace',
] as const;
export const WEBSITE_INDUSTRIES = [
  'agriculture',
  'automotive',
  'banking',
  'construction',
  'consumer_goods',
  'education',
  'energy',
  'entertainment',
  'financial_services',
  'food_and_beverage',
  'gambling',
  'government',
  'health_care',
  'hospitality',
  'insurance',
  'legal',
  'manufacturing',
  'media',
  'non_profit',
  'pharmaceuticals',
  'real_estate',
  'retail',
  'technology',
  'telecommunications',
  'transportation',
  'travel',
  'utilities',
  'other',
] as const;
/** Industries whose content needs a regulation approval before publication by default. */
export const REGULATED_INDUSTRIES = [
  'banking',
  'financial_services',
  'gambling',
  'health_care',
  'insurance',
  'legal',
  'pharmaceuticals',
];
export const REVIEW_TYPES = ['internal', 'customer', 'none'] as const;
export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'CAD',
  'AUD',
  'JPY',
  'INR',
  'BRL',
] as const;

/**
 * Each field's label, as the website form shows it: every field-level message names the field by
 * these words ("URL is missing!"); the errors stay keyed by the field.
 */
export const WEBSITE_FIELD_LABELS = {
  organisationId: 'Organisation',
  name: 'Name',
  url: 'URL',
  domain: 'Domain',
  timezone: 'Time zone',
  showInSitemap: 'Show in sitemap',
  cdnDistributionId: 'CDN distribution id',
  customHeadCode: 'Custom head code',
  customBodyCode: 'Custom body code',
  factCheckerDisplay: 'Show the fact checker',
  token: 'Site-builder token',
  siteId: 'Site id',
  authorsCollectionId: 'Authors collection id',
  categoriesCollectionId: 'Categories collection id',
  blogCollectionId: 'Blog collection id',
  secondEdit: 'Second edit',
  customerReview: 'Customer review',
  factCheckLevels: 'Fact-check levels',
  publishContent: 'Publish content',
  regulated: 'Regulated industry',
  fourEyes: 'Four-eyes rule',
  videoCms: 'Video CMS',
  croProxy: 'CRO proxy',
  trackingDomains: 'Tracking domains',
  googleAnalyticsId: 'Google Analytics id',
  facebookPixelId: 'Facebook pixel id',
  tagManagerId: 'Tag Manager id',
  segmentWriteKey: 'Segment write key',
  hubspotCtaClickEventId: 'HubSpot CTA click event id',
  controlGroupPct: 'Control group size',
} as const;

/**
 * A website's analytics settings (seed 001 "Analytics entities": tracking domains, one per line;
 * the ids of Google Analytics, the Facebook pixel, Tag Manager and Segment; a HubSpot CTA click
 * event id; the control group size, the percentage of visitors who do not see the CTAs).
 * Tracking domains are other domains the tracker runs on (a shop on another domain than the
 * website's): their pages and origins belong to the website for the public CRO endpoints.
 */
export interface WebsiteAnalytics {
  trackingDomains: string[];
  googleAnalyticsId: string | null;
  facebookPixelId: string | null;
  tagManagerId: string | null;
  segmentWriteKey: string | null;
  hubspotCtaClickEventId: string | null;
  controlGroupPct: number;
}

/** A website without analytics settings has these. */
export const DEFAULT_ANALYTICS: WebsiteAnalytics = {
  trackingDomains: [],
  googleAnalyticsId: null,
  facebookPixelId: null,
  tagManagerId: null,
  segmentWriteKey: null,
  hubspotCtaClickEventId: null,
  controlGroupPct: 0,
};

export interface WebsiteLocale {
  locale: string;
  urlPrefix: string;
}

/**
 * The external site builder a website publishes to. Its token is a secret: it is kept in the
 * `website_secrets` table, never in events (which are immutable and replicated to Kafka); events
 * and records carry only `tokenHint` (its last four characters).
 */
export interface SiteBuilderIntegration {
  tokenHint: string;
  siteId: string;
  authorsCollectionId?: string;
  categoriesCollectionId?: string;
  blogCollectionId?: string;
}

/** Everything a user may set on a website. */
export interface WebsiteSettings {
  name: string;
  url: string;
  domain: string;
  defaultLocale: string;
  locales: WebsiteLocale[];
  approvingLocales: string[];
  timezone: string;
  category: (typeof WEBSITE_CATEGORIES)[number] | null;
  type: (typeof WEBSITE_TYPES)[number] | null;
  industry: (typeof WEBSITE_INDUSTRIES)[number] | null;
  currency: string;
  showInSitemap: boolean;
  cdnDistributionId: string | null;
  customHeadCode: string;
  customBodyCode: string;
  reviewType: (typeof REVIEW_TYPES)[number];
  factCheckerDisplay: boolean;
  siteBuilder: SiteBuilderIntegration | null;
  // The workflow settings of DESIGN.md.
  secondEdit: boolean;
  customerReview: boolean;
  factCheckLevels: number;
  publishContent: boolean;
  regulated: boolean;
  fourEyes: boolean;
  videoCms: boolean;
  croProxy: boolean;
  analytics: WebsiteAnalytics;
}

/** The domain of a URL as the product compares it: lower case, without `www.`. */
export function domainOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

/** How a stored secret is shown: never the value, only its last four characters. */
export const SECRET_MASK = '••••••••';
export const secretHint = (value: string) => `${SECRET_MASK}${value.slice(-4)}`;
/** Whether a submitted token is the hint sent back unchanged (react-admin sends whole records). */
export const isSecretHint = (value: string) => value.startsWith(SECRET_MASK);

/**
 * Tables of the organisations context that are not read models: secrets stay out of the log.
 * Versioned migrations (libs/eventstore/src/sql/migrations.ts): an applied one never changes.
 */
export const ORGANISATIONS_SCHEMA = `
-- migration organisations 1: baseline
CREATE TABLE IF NOT EXISTS website_secrets (
  website_id text NOT NULL,
  name       text NOT NULL,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, name)
);
`;
