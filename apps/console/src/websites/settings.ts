import type { Website } from '../types';

/** The site-builder integration of a website (`siteBuilder`, `null` when there is none). */
export interface SiteBuilder {
  /** From the API: the token's hint (never the token); sent back unchanged, it keeps the stored token. */
  token: string;
  tokenHint?: string;
  siteId: string;
  authorsCollectionId?: string | null;
  categoriesCollectionId?: string | null;
  blogCollectionId?: string | null;
}

/** A website's analytics settings (seed 001 "Analytics entities"). */
export interface AnalyticsSettings {
  trackingDomains: string[];
  googleAnalyticsId: string | null;
  facebookPixelId: string | null;
  tagManagerId: string | null;
  segmentWriteKey: string | null;
  hubspotCtaClickEventId: string | null;
  controlGroupPct: number;
}

/** `GET /api/websites/{id}` with the settings the shared `Website` type does not name. */
export type WebsiteSettings = Website & { siteBuilder?: SiteBuilder | null; analytics?: AnalyticsSettings };

export const SITE_BUILDER_FIELDS = [
  'token',
  'siteId',
  'authorsCollectionId',
  'categoriesCollectionId',
  'blogCollectionId',
] as const;

/** The fact-check levels' choices (names are message keys, which SelectInput translates). */
export const factCheckChoices = [0, 1, 2, 3, 4].map((level) => ({
  id: level,
  name: `console.websites.factCheck.${level}`,
}));

/** The key of a level's label, or '—'. */
export const factCheckLabel = (level: number | null | undefined) =>
  factCheckChoices.find((choice) => choice.id === level)?.name ?? '—';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Whether any site-builder field of the form has a value. */
export const hasSiteBuilder = (value: unknown): boolean =>
  value != null &&
  typeof value === 'object' &&
  SITE_BUILDER_FIELDS.some((field) => text((value as Record<string, unknown>)[field]) !== '');

/**
 * The site-builder inputs as the API wants them: `null` when all are empty, else the token and
 * site id with the collection ids that have a value.
 */
export const toSiteBuilder = (value: unknown): SiteBuilder | null => {
  if (!hasSiteBuilder(value)) return null;
  const fields = value as Record<string, unknown>;
  const result: SiteBuilder = { token: text(fields.token), siteId: text(fields.siteId) };
  for (const field of ['authorsCollectionId', 'categoriesCollectionId', 'blogCollectionId'] as const) {
    const id = text(fields[field]);
    if (id) result[field] = id;
  }
  return result;
};

/** Create/Edit `transform`: the form's values as the API expects them. */
export const websiteTransform = <T extends Record<string, unknown>>(data: T): T => ({
  ...data,
  siteBuilder: toSiteBuilder(data.siteBuilder),
});

/** Shows a secret's last characters only (the API already answers a hint such as ••••••••5678). */
export const maskSecret = (value: string | null | undefined) =>
  !value ? '—' : value.startsWith('••••') ? value : value.length <= 4 ? '••••' : `••••${value.slice(-4)}`;
