import { z } from '#libs/platform/src/validation.js';

/**
 * Where a campaign shows: its page rules (seed 001 section 3 "page rules: URLs containing, not
 * containing, exact, lists, combined with and/or operators"; section 5 "Page rules: 'Please
 * provide a valid url, starting with https://'. A trailing asterisk matches any trailing
 * characters."; DESIGN.md "CRO resources": `GET /api/campaigns/{id}/match?url=` answers
 * `{ matches, rules: [{ kind, value, listId?, matches }] }`).
 *
 * The semantics, decided here (pure functions; the campaign decider, the match endpoint and the
 * public placements endpoint all use these):
 *
 * - Every rule value, and every URL list rule value, is an absolute `https://` URL. Only a single
 *   trailing `*` is a wildcard ("any rest", possibly nothing); a `*` anywhere else is an ordinary
 *   character. A value is compared in its normalised form (WHATWG URL: scheme and host in lower
 *   case, default port dropped, `https://shop.com` read as `https://shop.com/`), without its
 *   fragment. The page URL is normalised the same way, its fragment dropped too; a page URL that
 *   is not an absolute http(s) URL matches no rule.
 * - `exact` (no wildcard): same scheme, host and port; the same path, ignoring one trailing slash
 *   (`/pricing` = `/pricing/`, and `https://shop.com` = `https://shop.com/`); the fragment is
 *   ignored. Query string: a rule WITHOUT a query matches the page whatever its query
 *   (`?utm_source=...`, `?page=2`); a rule WITH a query matches only pages whose query has exactly
 *   the same parameters and values, in any order. Paths are case-sensitive, hosts are not.
 * - `exact` with a trailing `*`: the page URL (without fragment) starts with the value before the
 *   `*`; when that prefix ends in `/`, the page at the prefix without that slash matches too
 *   (`https://shop.com/blog/*` matches `https://shop.com/blog` and everything under it).
 * - `contains`: the normalised value (without a trailing `*`) is a substring of the normalised
 *   page URL, query included, fragment excluded. `not_contains` is its negation.
 * - `list`: matches when any rule of the URL list (`contains` or `exact`, as above) matches.
 * - `and` needs every rule to match, `or` at least one. An EMPTY rule list matches nothing: a
 *   campaign without page rules has no effect.
 * - A rule that is invalid (a value that is not an https URL, an unknown kind, a `list` rule whose
 *   list is unknown, i.e. missing from `lists`, deleted lists included) never matches: not even
 *   `not_contains`. Its entry in the answer has `matches: false` and a `problem` saying why. With
 *   `and` such a rule makes the whole campaign match nothing (seed 001 section 4: "A campaign with
 *   invalid page rules has no effect when published"); with `or` the other rules still count.
 */

export const PAGE_RULE_KINDS = ['contains', 'not_contains', 'exact', 'list'] as const;
export type PageRuleKind = (typeof PAGE_RULE_KINDS)[number];
export const URL_LIST_RULE_KINDS = ['contains', 'exact'] as const;
export type UrlListRuleKind = (typeof URL_LIST_RULE_KINDS)[number];
export const PAGE_RULE_OPERATORS = ['and', 'or'] as const;
export type PageRuleOperator = (typeof PAGE_RULE_OPERATORS)[number];

/** How the console names each kind of rule (seed 001 section 3: "URLs containing, not containing, exact, lists"). */
export const PAGE_RULE_KIND_LABELS: Record<PageRuleKind, string> = {
  contains: 'URL contains',
  not_contains: 'URL does not contain',
  exact: 'Exact URL',
  list: 'URL list',
};
export const PAGE_RULE_OPERATOR_LABELS: Record<PageRuleOperator, string> = {
  and: 'All rules (and)',
  or: 'Any rule (or)',
};

/** The spec's message for a rule value that is not an https URL (seed 001 section 5). */
export const INVALID_RULE_URL = 'Please provide a valid url, starting with https://';
export const UNKNOWN_LIST = 'The URL list does not exist';
export const LIST_MISSING = 'Please select a URL list.';
export const UNKNOWN_KIND = 'Unknown rule kind';
/** The warning when a rule set can match no URL (DESIGN.md: "published with a warning that it has no effect"). */
export const PAGE_RULES_NO_EFFECT = 'The page rules match no URL: this campaign has no effect';
/** The warning of a campaign placing a CTA that is not live (published, its container shows nothing). */
export const ctaNotLive = (name: string) =>
  `The CTA “${name}” is not live: its container shows nothing until it is published`;

export const RULE_VALUE_MAX = 2048;
export const PAGE_RULES_MAX = 100;
export const URL_LIST_RULES_MAX = 500;

export interface PageRule {
  kind: PageRuleKind;
  value?: string | null;
  listId?: string | null;
}
/** A campaign's page rules as stored (what `pageRulesSchema` yields). */
export interface PageRules {
  operator: PageRuleOperator;
  rules: PageRule[];
}
/** What the functions here read: page rules whose list may be read-only. */
export interface PageRulesInput {
  operator: PageRuleOperator;
  rules: readonly PageRule[];
}
export interface UrlListRule {
  kind: UrlListRuleKind;
  value: string;
}
/** The URL lists a campaign may name, by id (active lists only: a deleted list is unknown). */
export type UrlListLookup = ReadonlyMap<string, readonly UrlListRule[]>;

export interface RuleMatch {
  kind: string;
  value: string | null;
  listId?: string;
  matches: boolean;
  /** Why the rule can never match (only on invalid rules). */
  problem?: string;
}
export interface PageRulesMatch {
  matches: boolean;
  rules: RuleMatch[];
}

const isKind = (kind: unknown): kind is PageRuleKind =>
  typeof kind === 'string' && (PAGE_RULE_KINDS as readonly string[]).includes(kind);

/**
 * Why `value` is not a valid rule value, or null when it is: the spec's "Please provide a valid
 * url, starting with https://" for anything but an absolute `https://` URL with a host (an
 * optional trailing `*`), without spaces or control characters, of at most 2,048 characters.
 */
export function validateRuleValue(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RULE_VALUE_MAX) return INVALID_RULE_URL;
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return INVALID_RULE_URL;
  if (!/^https:\/\//i.test(value)) return INVALID_RULE_URL;
  const base = value.endsWith('*') ? value.slice(0, -1) : value;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return INVALID_RULE_URL;
  }
  return url.protocol === 'https:' && url.hostname !== '' ? null : INVALID_RULE_URL;
}

/** A rule value as compared: its normalised URL without fragment, and whether it ends in `*`. */
interface Pattern {
  url: URL;
  text: string;
  wildcard: boolean;
}

function patternOf(value: string): Pattern | null {
  if (validateRuleValue(value) !== null) return null;
  const wildcard = value.endsWith('*');
  const url = new URL(wildcard ? value.slice(0, -1) : value);
  url.hash = '';
  return { url, text: url.href, wildcard };
}

/** The page URL as compared, or null when it is not an absolute http(s) URL. */
function pageOf(pageUrl: unknown): URL | null {
  if (typeof pageUrl !== 'string' || pageUrl.length > 8192) return null;
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.hash = '';
  return url;
}

const withoutTrailingSlash = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : path);
const sortedQuery = (url: URL) =>
  [...url.searchParams.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');

function containsMatch(pattern: Pattern, page: URL): boolean {
  return page.href.includes(pattern.text);
}

function exactMatch(pattern: Pattern, page: URL): boolean {
  if (pattern.wildcard) {
    if (page.href.startsWith(pattern.text)) return true;
    // `https://shop.com/blog/*` also matches `https://shop.com/blog` (whatever its query).
    return pattern.text.endsWith('/') && `${page.origin}${page.pathname}` === pattern.text.slice(0, -1);
  }
  if (page.origin !== pattern.url.origin) return false;
  if (withoutTrailingSlash(page.pathname) !== withoutTrailingSlash(pattern.url.pathname)) return false;
  if (pattern.url.search === '') return true;
  return sortedQuery(page) === sortedQuery(pattern.url);
}

function listRuleMatches(rule: UrlListRule, page: URL): boolean {
  const pattern = typeof rule?.value === 'string' ? patternOf(rule.value) : null;
  if (!pattern) return false;
  if (rule.kind === 'contains') return containsMatch(pattern, page);
  if (rule.kind === 'exact') return exactMatch(pattern, page);
  return false;
}

/** Why a rule can never match, or null when it is well formed (its value, its kind, its list). */
export function ruleProblem(rule: PageRule, lists?: UrlListLookup): string | null {
  if (rule === null || typeof rule !== 'object' || !isKind(rule.kind)) return UNKNOWN_KIND;
  if (rule.kind === 'list') {
    if (typeof rule.listId !== 'string' || rule.listId === '') return LIST_MISSING;
    if (lists && !lists.has(rule.listId)) return UNKNOWN_LIST;
    return null;
  }
  return validateRuleValue(rule.value);
}

/**
 * Whether a campaign with `pageRules` shows on `pageUrl`, and which rules matched
 * (`GET /api/campaigns/{id}/match?url=`). `lists` holds the rules of the website's active URL
 * lists by id. See the file's comment for the semantics.
 */
export function matchPageRules(
  pageRules: PageRulesInput | null | undefined,
  pageUrl: string,
  lists: UrlListLookup,
): PageRulesMatch {
  const rules = Array.isArray(pageRules?.rules) ? pageRules.rules : [];
  const operator = pageRules?.operator;
  const page = pageOf(pageUrl);
  const listAnswers = new Map<string, boolean>();
  const results: RuleMatch[] = rules.map((rule) => {
    const kind =
      rule !== null && typeof rule === 'object' && typeof rule.kind === 'string'
        ? rule.kind
        : String((rule as { kind?: unknown } | null)?.kind ?? '');
    const value = rule !== null && typeof rule === 'object' && typeof rule.value === 'string' ? rule.value : null;
    const entry: RuleMatch =
      kind === 'list'
        ? { kind, value, listId: typeof rule.listId === 'string' ? rule.listId : '', matches: false }
        : { kind, value, matches: false };
    const problem = ruleProblem(rule, lists);
    if (problem) return { ...entry, problem };
    if (!page) return entry;
    if (rule.kind === 'list') {
      // A list named by several rules is matched once.
      let listed = listAnswers.get(rule.listId!);
      if (listed === undefined) {
        listed = (lists.get(rule.listId!) ?? []).some((listRule) => listRuleMatches(listRule, page));
        listAnswers.set(rule.listId!, listed);
      }
      return { ...entry, matches: listed };
    }
    const pattern = patternOf(rule.value!)!;
    const matches =
      rule.kind === 'exact'
        ? exactMatch(pattern, page)
        : rule.kind === 'contains'
          ? containsMatch(pattern, page)
          : !containsMatch(pattern, page);
    return { ...entry, matches };
  });
  const matches =
    results.length > 0 &&
    (operator === 'and' ? results.every((r) => r.matches) : operator === 'or' ? results.some((r) => r.matches) : false);
  return { matches, rules: results };
}

/**
 * Page rules compiled once (per version of a website's live campaigns and URL lists) and then
 * asked about many pages: the placements of every page view (libs/cro/src/public/placements.ts).
 * The answers are `matchPageRules(ruleSets[i], pageUrl, lists).matches`, rule for rule (the same
 * `patternOf`, `containsMatch` and `exactMatch`), but a page costs one pass over what the rules
 * name, whatever repeats:
 *
 * - every distinct rule value is parsed and validated once, at compile time (the straightforward
 *   matcher parses each list rule again for every page and every rule that names its list);
 * - a URL list is evaluated at most once per page, however many rules (of however many campaigns)
 *   name it, and not at all when an `and` or `or` is decided before it;
 * - inside a list, rules are deduplicated; exact rules without `*` are one `Set` lookup of the page's
 *   origin and path (those with a query a second lookup of its sorted query), exact rules with a
 *   trailing `*` one prefix test each (plus one `Set` lookup for "the prefix without its slash"),
 *   contains rules one substring test each, each distinct value tested at most once per page
 *   across all lists.
 */
export interface CompiledPageRules {
  /** For each rule set given to `compilePageRules`, in order: whether it matches `pageUrl`. */
  matchAll(pageUrl: string): boolean[];
}

/** A page as the compiled rules read it, each derived text computed at most once. */
interface PageView {
  href: string;
  /** `origin` + path without one trailing slash: the key of exact rules without `*`. */
  pathKey: string;
  /** `origin` + path as it is: the key of "`prefix/*` matches `prefix`". */
  originPath: string;
  url: URL;
  query?: string;
}
const viewOf = (url: URL): PageView => ({
  href: url.href,
  pathKey: `${url.origin}${withoutTrailingSlash(url.pathname)}`,
  originPath: `${url.origin}${url.pathname}`,
  url,
});
const queryOf = (view: PageView): string => (view.query ??= sortedQuery(view.url));

/** One URL list, compiled: indices into the website's distinct contains values, and key sets. */
interface CompiledList {
  /** Exact rules without `*` and without a query: their pathKey. */
  exactPages: Set<string>;
  /** Exact rules without `*` with a query: pathKey -> the sorted queries. */
  exactQueries: Map<string, Set<string>>;
  /** Exact rules with `*`: the prefix (the normalised value before the `*`). */
  prefixes: string[];
  /** Prefixes ending in `/`, without that slash: the page at `origin + path` equal to one matches. */
  prefixParents: Set<string>;
  /** Contains rules: indices into the shared contains values. */
  contains: number[];
}

/** How a campaign's rule is decided on a page (invalid rules are `never`). */
type CompiledRule =
  | { kind: 'never' }
  | { kind: 'list'; list: number }
  | { kind: 'contains'; value: number; negate: boolean }
  | { kind: 'exact'; pattern: Pattern };

export function compilePageRules(
  ruleSets: readonly (PageRulesInput | null | undefined)[],
  lists: UrlListLookup,
): CompiledPageRules {
  const containsValues: string[] = [];
  const containsIndex = new Map<string, number>();
  const containsOf = (text: string): number => {
    let index = containsIndex.get(text);
    if (index === undefined) {
      index = containsValues.length;
      containsValues.push(text);
      containsIndex.set(text, index);
    }
    return index;
  };
  const compiledLists: CompiledList[] = [];
  const listIndex = new Map<string, number>();
  const listOf = (listId: string): number => {
    const known = listIndex.get(listId);
    if (known !== undefined) return known;
    const list: CompiledList = {
      exactPages: new Set(),
      exactQueries: new Map(),
      prefixes: [],
      prefixParents: new Set(),
      contains: [],
    };
    const seen = new Set<string>();
    for (const rule of lists.get(listId) ?? []) {
      if (
        rule === null ||
        typeof rule !== 'object' ||
        typeof rule.value !== 'string' ||
        (rule.kind !== 'contains' && rule.kind !== 'exact')
      )
        continue;
      const key = `${rule.kind}\n${rule.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const pattern = patternOf(rule.value);
      if (!pattern) continue;
      if (rule.kind === 'contains') list.contains.push(containsOf(pattern.text));
      else if (pattern.wildcard) {
        list.prefixes.push(pattern.text);
        if (pattern.text.endsWith('/')) list.prefixParents.add(pattern.text.slice(0, -1));
      } else {
        const pathKey = `${pattern.url.origin}${withoutTrailingSlash(pattern.url.pathname)}`;
        if (pattern.url.search === '') list.exactPages.add(pathKey);
        else {
          const queries = list.exactQueries.get(pathKey) ?? new Set<string>();
          queries.add(sortedQuery(pattern.url));
          list.exactQueries.set(pathKey, queries);
        }
      }
    }
    list.contains = [...new Set(list.contains)];
    list.prefixes = [...new Set(list.prefixes)];
    compiledLists.push(list);
    listIndex.set(listId, compiledLists.length - 1);
    return compiledLists.length - 1;
  };

  const sets = ruleSets.map((pageRules) => {
    const rules = Array.isArray(pageRules?.rules) ? pageRules.rules : [];
    const operator = pageRules?.operator === 'and' || pageRules?.operator === 'or' ? pageRules.operator : null;
    const compiled = rules.map((rule): CompiledRule => {
      if (ruleProblem(rule, lists) !== null) return { kind: 'never' };
      if (rule.kind === 'list') return { kind: 'list', list: listOf(rule.listId!) };
      const pattern = patternOf(rule.value!)!;
      if (rule.kind === 'exact') return { kind: 'exact', pattern };
      return { kind: 'contains', value: containsOf(pattern.text), negate: rule.kind === 'not_contains' };
    });
    return { operator, rules: compiled };
  });

  return {
    matchAll(pageUrl: string): boolean[] {
      const url = pageOf(pageUrl);
      if (!url) return sets.map(() => false);
      const view = viewOf(url);
      // Per page: 0 not asked yet, 1 true, 2 false.
      const containsMemo = new Uint8Array(containsValues.length);
      const listMemo = new Uint8Array(compiledLists.length);
      const contains = (index: number): boolean => {
        if (containsMemo[index] === 0) containsMemo[index] = view.href.includes(containsValues[index]!) ? 1 : 2;
        return containsMemo[index] === 1;
      };
      const listMatches = (index: number): boolean => {
        if (listMemo[index] !== 0) return listMemo[index] === 1;
        const list = compiledLists[index]!;
        const hit =
          list.exactPages.has(view.pathKey) ||
          (list.exactQueries.get(view.pathKey)?.has(queryOf(view)) ?? false) ||
          list.prefixParents.has(view.originPath) ||
          list.prefixes.some((prefix) => view.href.startsWith(prefix)) ||
          list.contains.some(contains);
        listMemo[index] = hit ? 1 : 2;
        return hit;
      };
      const ruleMatches = (rule: CompiledRule): boolean => {
        switch (rule.kind) {
          case 'never':
            return false;
          case 'list':
            return listMatches(rule.list);
          case 'contains':
            return contains(rule.value) !== rule.negate;
          case 'exact':
            return exactMatch(rule.pattern, url);
        }
      };
      return sets.map(({ operator, rules }) => {
        if (operator === null || rules.length === 0) return false;
        return operator === 'and' ? rules.every(ruleMatches) : rules.some(ruleMatches);
      });
    },
  };
}

/**
 * Whether some URL could match `pageRules` at all (used to warn that a campaign "has no effect").
 * It answers false only when it is sure:
 *
 * - no rules, or an operator other than `and` / `or`;
 * - `or`: every rule is invalid (see `ruleProblem`; with `lists`, a list that is unknown or has no rules);
 * - `and`: any rule is invalid; two exact rules without wildcard that name different pages
 *   (scheme, host, port, path up to a trailing slash; or both with queries that differ);
 *   a `contains X` and a `not_contains Y` where Y is part of X (every URL containing X contains Y);
 *   an exact rule (or exact prefix) whose URL already contains the value of a `not_contains` rule.
 *
 * Everything else answers true, including rule sets that are in fact contradictory in subtler
 * ways (e.g. two exact prefixes on different hosts, or a list whose every rule conflicts): it
 * may say "can match" when unsure, never "cannot" when some URL would match.
 */
export function rulesCanMatch(pageRules: PageRulesInput | null | undefined, lists?: UrlListLookup): boolean {
  const rules = Array.isArray(pageRules?.rules) ? pageRules.rules : [];
  if (rules.length === 0) return false;
  const usable = (rule: PageRule) =>
    ruleProblem(rule, lists) === null &&
    !(rule.kind === 'list' && lists && (lists.get(rule.listId!)?.length ?? 0) === 0);
  if (pageRules!.operator === 'or') return rules.some(usable);
  if (pageRules!.operator !== 'and') return false;
  if (!rules.every(usable)) return false;

  const patterns = (kind: PageRuleKind) => rules.filter((r) => r.kind === kind).map((r) => patternOf(r.value!)!);
  const exact = patterns('exact');
  const contains = patterns('contains');
  const notContains = patterns('not_contains');

  const pages = exact.filter((p) => !p.wildcard);
  for (const a of pages) {
    for (const b of pages) {
      if (
        a.url.origin !== b.url.origin ||
        withoutTrailingSlash(a.url.pathname) !== withoutTrailingSlash(b.url.pathname)
      )
        return false;
      if (a.url.search !== '' && b.url.search !== '' && sortedQuery(a.url) !== sortedQuery(b.url)) return false;
    }
  }
  for (const excluded of notContains) {
    if (contains.some((included) => included.text.includes(excluded.text))) return false;
    // Every URL an exact rule matches starts with its origin and path (a trailing slash aside).
    const certain = exact
      .map((p) => (p.wildcard ? p.text : `${p.url.origin}${p.url.pathname}`))
      .map(withoutTrailingSlash);
    if (certain.some((text) => text.includes(excluded.text))) return false;
  }
  return true;
}

/** A URL list's rule (`POST /api/url-lists` `rules: [{ kind: "contains" | "exact", value }]`). */
export const urlListRuleSchema = z.object({
  kind: z.enum(URL_LIST_RULE_KINDS, { error: 'A URL rule is contains or exact' }),
  value: z
    .string({ error: INVALID_RULE_URL })
    .trim()
    .refine((value) => validateRuleValue(value) === null, INVALID_RULE_URL),
});

/** A campaign's page rule (`pageRules.rules[]`): a value for contains, not_contains and exact; a list id for list. */
export const pageRuleSchema = z
  .object({
    kind: z.enum(PAGE_RULE_KINDS, { error: 'A page rule is contains, not_contains, exact or list' }),
    value: z.string({ error: INVALID_RULE_URL }).trim().nullish(),
    listId: z.string({ error: LIST_MISSING }).trim().max(100).nullish(),
  })
  .transform((rule, ctx) => {
    if (rule.kind === 'list') {
      if (!rule.listId) ctx.addIssue({ code: 'custom', message: LIST_MISSING, path: ['listId'] });
      return { kind: rule.kind, listId: rule.listId ?? '' } as PageRule;
    }
    const problem = validateRuleValue(rule.value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value'] });
    return { kind: rule.kind, value: rule.value ?? '' } as PageRule;
  });

/** A campaign's `pageRules` (`{ operator: "and" | "or", rules: [...] }`, at most 100 rules). */
export const pageRulesSchema = z.object({
  operator: z.enum(PAGE_RULE_OPERATORS, { error: 'Page rules are combined with and or or' }),
  rules: z
    .array(pageRuleSchema, { error: 'Page rules must be a list' })
    .max(PAGE_RULES_MAX, `At most ${PAGE_RULES_MAX} page rules`),
});
