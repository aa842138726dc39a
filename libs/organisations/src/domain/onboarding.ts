/**
 * The onboarding's business questions and their answer buckets (seed 000 sections 1 and 9):
 * employee count 1-10 up to 100+, monthly visitors 0-5k up to 100k+, customer lifetime value
 * under 250 up to 1000+, average order value under 20 up to 100+. `name` is the answer's label (the
 * organisation page's, and its messages': "Number of employees is missing!"), `label` the question asked.
 */
export const BUSINESS_QUESTIONS = [
  {
    field: 'employees',
    name: 'Number of employees',
    label: 'How many people work at your company?',
    options: ['1-10', '11-50', '51-100', '100+'],
  },
  {
    field: 'monthlyVisitors',
    name: 'Monthly visitors',
    label: 'How many visitors does your website have per month?',
    options: ['0-5k', '5k-20k', '20k-50k', '50k-100k', '100k+'],
  },
  {
    field: 'ltv',
    name: 'Customer lifetime value',
    label: 'What is the lifetime value of a customer?',
    options: ['under 250', '250-500', '500-1000', '1000+'],
  },
  {
    field: 'aov',
    name: 'Average order value',
    label: 'What is your average order value?',
    options: ['under 20', '20-50', '50-100', '100+'],
  },
] as const;

export type BusinessField = (typeof BUSINESS_QUESTIONS)[number]['field'];
export type BusinessProfile = { [F in (typeof BUSINESS_QUESTIONS)[number] as F['field']]: F['options'][number] };

/** The spec's installation failure text (seed 000 section 8). */
export const SCRIPT_NOT_INSTALLED = 'It seems like the script was not installed successfully';

/** The snippet a website installs: the tracker with the website's public key. */
export function trackingSnippet(baseUrl: string, key: string): string {
  return `<script async src="${baseUrl.replace(/\/$/, '')}/tracker.js" data-site-key="${key}"></script>`;
}

/** Whether a page's HTML carries the website's tracker (the script and its key). */
export function hasTrackingScript(html: string, key: string): boolean {
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  return scripts.some((tag) => /\/tracker\.js\b/i.test(tag) && tag.includes(key));
}
