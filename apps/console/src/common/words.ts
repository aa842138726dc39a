// The console's words for names from the API (event types, actions): no imports, so unit tests read it as it is.

/** Words the console always writes in their own capitals ("CTA created", not "Cta created"). */
const OWN_CAPITALS: Readonly<Record<string, string>> = {
  cta: 'CTA',
  ctas: 'CTAs',
  url: 'URL',
  urls: 'URLs',
  csv: 'CSV',
  utm: 'UTM',
  seo: 'SEO',
  api: 'API',
  hubspot: 'HubSpot',
};

/**
 * `ReturnToWriter` -> `Return to writer`, `SubmitForFactCheck` -> `Submit for fact check`,
 * `CtaCreated` -> `CTA created`, `UrlListCreated` -> `URL list created`.
 */
export const humanizeName = (value: string): string => {
  const words = value
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  return words
    .map((word, i) =>
      Object.hasOwn(OWN_CAPITALS, word.toLowerCase())
        ? OWN_CAPITALS[word.toLowerCase()]!
        : i === 0
          ? word.charAt(0).toUpperCase() + word.slice(1)
          : /^[A-Z0-9]+$/.test(word) && word.length > 1
            ? word
            : word.toLowerCase(),
    )
    .join(' ');
};
