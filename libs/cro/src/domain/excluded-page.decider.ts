import { NEW, defineDecider, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
import { ValidationError } from '#libs/platform/src/errors.js';
import {
  excludedPageCreateSchema,
  excludedPageFieldsOf,
  excludedPageUpdateSchema,
  type ExcludedPageFields,
} from './analytics-fields.js';
import { changedFields, ownerSchema, parseFields, personOf, type Person } from './catalogue-fields.js';
import { PAGE_URL_DOMAIN, croContextOf, onDomain } from './cro-fields.js';
import { validateRuleValue } from './page-rules.js';
import { MEASUREMENT_MANAGERS } from './roles.js';

export { EXCLUDED_PAGE_LABELS, type ExcludedPageFields } from './analytics-fields.js';
export { INVALID_RULE_URL } from './page-rules.js';
export { PAGE_URL_DOMAIN } from './cro-fields.js';

/**
 * A page excluded from journey tracking (seed 001 section 3 "Excluded page rule: URL rule, date
 * added, added by"; section 2 "A separate screen lists pages excluded from journey tracking"):
 * `POST /api/excluded-pages { websiteId, urlRule, note? }`. Date added and added by are the
 * record's `createdAt` and `createdBy`. Statuses `active` and `deleted`; only active rules exclude
 * (ingestion reads them once per batch and asks `excludedPages`). Who: `MEASUREMENT_MANAGERS`
 * (libs/cro/src/domain/roles.ts), the rights of goals, URL lists and funnels.
 *
 * Stream name: the aggregate is registered as `excludedpage` (stream `excludedpage-{id}`), not
 * `excluded-page`: a stream's category is the part of its id before the first `-`
 * (libs/eventstore/src/types.ts `categoryOf`; the audit's record is read the same way), so
 * `excluded-page-{id}` would land in category `excluded`. The HTTP resource is `excluded-pages`.
 * See `EXCLUDED_PAGE_STREAM` (the URL list's `urllist` for the same reason).
 *
 * | Action | From   | To      | Who                  |
 * |--------|--------|---------|----------------------|
 * | Create | (new)  | active  | measurement managers |
 * | Update | active | (same)  | measurement managers |
 * | Delete | active | deleted | measurement managers |
 *
 * The URL rule is a campaign page rule's URL (page-rules.ts `validateRuleValue`): an absolute
 * `https://` URL, exact, or a prefix when it ends with `*` ("Please provide a valid url, starting
 * with https://"), whose host is the website's domain or a subdomain of it, as a campaign's page
 * URL ("The page url domain should be the same as your website domain"; the domain comes from
 * the command's context `{ website: { domain } }`: without it the rule is refused rather than
 * taken blind). A note is optional (at most 500 characters).
 */

/** The registered aggregate name (stream `{name}-{id}`). */
export const EXCLUDED_PAGE_STREAM = 'excludedpage';

export type ExcludedPageStatus = 'active' | 'deleted';
export type ExcludedPageAction = 'Create' | 'Update' | 'Delete';
export const EXCLUDED_PAGE_STATUSES: readonly ExcludedPageStatus[] = ['active', 'deleted'];
export const EXCLUDED_PAGE_STATUS_LABELS: Record<ExcludedPageStatus, string> = { active: 'active', deleted: 'deleted' };

export type ExcludedPageEvent =
  | DomainEvent<
      'ExcludedPageCreated',
      ExcludedPageFields & { organisationId: string; websiteId: string; createdBy: Person }
    >
  | DomainEvent<'ExcludedPageUpdated', Partial<ExcludedPageFields>>
  | DomainEvent<'ExcludedPageDeleted', Record<string, never>>;

export interface ExcludedPageState {
  status: ExcludedPageStatus | typeof NEW;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  fields: ExcludedPageFields | null;
}

/** The rule's URL is on the website's domain (its `*` aside), or 422 under `urlRule`. */
function checkDomain(urlRule: string, context: unknown): void {
  const domain = croContextOf(context).website?.domain;
  const base = urlRule.endsWith('*') ? urlRule.slice(0, -1) : urlRule;
  if (typeof domain !== 'string' || !onDomain(base, domain)) throw ValidationError.field('urlRule', PAGE_URL_DOMAIN);
}

export const excludedPageDecider = defineDecider<
  ExcludedPageStatus,
  ExcludedPageAction,
  ExcludedPageState,
  ExcludedPageEvent
>({
  table: {
    name: 'excluded page',
    statuses: EXCLUDED_PAGE_STATUSES,
    transitions: [
      { action: 'Create', from: [NEW], to: 'active', roles: MEASUREMENT_MANAGERS },
      { action: 'Update', from: ['active'], roles: MEASUREMENT_MANAGERS },
      { action: 'Delete', from: ['active'], to: 'deleted', roles: MEASUREMENT_MANAGERS },
    ],
  },
  initialState: {
    status: NEW,
    organisationId: null,
    websiteId: null,
    createdBy: null,
    fields: null,
  } as ExcludedPageState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, command: { data: unknown; actor: Actor; context?: unknown }) => {
      const owner = parseFields(ownerSchema, command.data);
      const fields = excludedPageFieldsOf(parseFields(excludedPageCreateSchema, command.data));
      checkDomain(fields.urlRule, command.context);
      return [
        {
          type: 'ExcludedPageCreated',
          data: {
            ...fields,
            organisationId: owner.organisationId,
            websiteId: owner.websiteId,
            createdBy: personOf(command.actor),
          },
        },
      ];
    },
    Update: (state, command: { data: unknown; context?: unknown }) => {
      const input = parseFields(excludedPageUpdateSchema, command.data);
      const sent: Partial<ExcludedPageFields> = {};
      if (input.urlRule !== undefined) {
        checkDomain(input.urlRule, command.context);
        sent.urlRule = input.urlRule;
      }
      if (input.note !== undefined) sent.note = input.note;
      const changes = changedFields(state.fields, sent);
      return Object.keys(changes).length ? [{ type: 'ExcludedPageUpdated', data: changes }] : [];
    },
    Delete: () => [{ type: 'ExcludedPageDeleted', data: {} }],
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'ExcludedPageCreated': {
        const { organisationId, websiteId, createdBy, ...fields } = event.data;
        return { status: 'active', organisationId, websiteId, createdBy: createdBy.id, fields };
      }
      case 'ExcludedPageUpdated':
        return { ...state, fields: { ...state.fields!, ...event.data } };
      case 'ExcludedPageDeleted':
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
});

/** The excluded page's events: the one list (names and schema versions). */
export const EXCLUDED_PAGE_EVENT_TYPES = [
  { type: 'ExcludedPageCreated', schemaVersion: 1 },
  { type: 'ExcludedPageUpdated', schemaVersion: 1 },
  { type: 'ExcludedPageDeleted', schemaVersion: 1 },
] as const;
export type ExcludedPageEventType = (typeof EXCLUDED_PAGE_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_EXCLUDED_PAGE_EVENT_LISTED: [ExcludedPageEvent['type']] extends [ExcludedPageEventType]
  ? [ExcludedPageEventType] extends [ExcludedPageEvent['type']]
    ? true
    : never
  : never = true;

/**
 * The path as the customer's server reads it, so that no spelling of a page escapes its rule:
 * percent-escapes decoded (`/%61ccount` is `/account`, `%2F` and `%2f` alike; an escape that is
 * not UTF-8 stays, its hex in upper case), empty segments dropped (`//account` is `/account`), and
 * `.` / `..` segments resolved after decoding (`/a/%2e%2e/account`, `/./account`). A trailing
 * slash stays (the rules ignore one anyway). The rule and the page go through the same steps.
 */
export function normalisedPath(pathname: string): string {
  const decoded = pathname.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.toUpperCase();
    }
  });
  const segments: string[] = [];
  const parts = decoded.split('/');
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') segments.pop();
    else segments.push(part);
  }
  const last = parts[parts.length - 1];
  const trailing = segments.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${segments.join('/')}${trailing ? '/' : ''}`;
}

/**
 * The part of a URL excluded-page rules compare: `{origin}{path}` (WHATWG URL: scheme and host in
 * lower case, default port dropped, `https://shop.com` read as `https://shop.com/`), its query and
 * fragment dropped, the path decoded and normalised (`normalisedPath`); null when it is not an
 * absolute http(s) URL with a host.
 */
function comparable(value: string | URL): string | null {
  let url: URL;
  if (value instanceof URL) url = value;
  else {
    if (value.length > 8192) return null;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') return null;
  return `${url.origin}${normalisedPath(url.pathname)}`;
}

const withoutTrailingSlash = (text: string) => (text.endsWith('/') ? text.slice(0, -1) : text);

/**
 * Whether the page at `url` is excluded from journey tracking by any of `rules` (the URL rules of
 * the website's active excluded pages). Pure; ingestion uses `excludedPages` below (the same test,
 * the rules read once per batch). Decided here:
 *
 * - Both the page URL and each rule are compared as `{origin}{path}`: scheme, host (case
 *   insensitive) and port must be the same; the path is case-sensitive; the query and the fragment
 *   are ignored, the page's and the rule's own (`https://shop.com/cart?step=2#top` is the page
 *   `https://shop.com/cart`); both paths are decoded and normalised (`normalisedPath`:
 *   `/%61ccount/x`, `//account/x`, `/./account/x` and `/a/../account/x` are `/account/x`).
 * - A rule without a trailing `*` is exact: the same origin and path, one trailing slash ignored
 *   (`https://shop.com/cart` = `https://shop.com/cart/`; `https://shop.com` = `https://shop.com/`).
 * - A rule ending with `*` is a prefix: the page's `{origin}{path}` starts with the rule's (the
 *   text before the `*`, compared as above), or equals it but for one trailing slash
 *   (`https://shop.com/account/*` excludes `https://shop.com/account` and everything under it;
 *   `https://shop.com/blog*` also excludes `https://shop.com/blogger`; `https://shop.com/*` the
 *   whole site on that origin). Only a single trailing `*` is a wildcard.
 * - A rule that is not a valid rule value (page-rules.ts `validateRuleValue`: an absolute https
 *   URL) excludes nothing, and a page URL that is not an absolute http(s) URL is never excluded.
 */
export function urlExcluded(url: string, rules: readonly string[]): boolean {
  return typeof url === 'string' && Array.isArray(rules) && excludedPages(rules)(url);
}

/**
 * `urlExcluded` with the rules read once: the test of a page against them (its URL as text, or
 * already parsed). Ingestion reads a website's rules once per batch and tests each event's page,
 * so each rule is checked and parsed once per batch, not once per event, and a website without
 * rules costs nothing per event.
 */
export function excludedPages(rules: readonly string[]): (url: string | URL) => boolean {
  const compiled: { base: string; bare: string; prefix: boolean }[] = [];
  for (const rule of rules) {
    if (typeof rule !== 'string' || validateRuleValue(rule) !== null) continue;
    const prefix = rule.endsWith('*');
    const base = comparable(prefix ? rule.slice(0, -1) : rule);
    if (base !== null) compiled.push({ base, bare: withoutTrailingSlash(base), prefix });
  }
  if (compiled.length === 0) return () => false;
  return (url) => {
    const page = comparable(url);
    if (page === null) return false;
    const bare = withoutTrailingSlash(page);
    return compiled.some((rule) => bare === rule.bare || (rule.prefix && page.startsWith(rule.base)));
  };
}
