/**
 * The `placements` section of `npm run bench` (`BENCH_SECTIONS=placements`; no database): what one
 * page view costs the placements' rule matching (`GET /api/public/sites/{key}/placements?url=`:
 * every page URL is new, so no answer cache helps) on a website with hostile page rules, issue 25:
 * a URL list of 500 rules of about 1.6 kB, named by the 100 `list` rules of each of its live
 * campaigns.
 *
 * - store side: `placementsFor` (libs/cro/src/public/placements.ts), which compiles the campaigns'
 *   rules once per delivery (`compilePageRules`) and then answers each page from the compiled rules;
 * - baseline: the straightforward matching it replaced (every rule of a named list parsed and
 *   tested again for every rule that names it, on every page: `baselineCampaigns`).
 *
 * Both answer the same pages (checked: the campaigns matched must agree). Figures in pages/s; two
 * shapes: one list named 100 times by one campaign (`placements_one_list`), and ten campaigns each
 * naming ten different lists of 500 rules ten times (`placements_ten_lists`).
 */
import { performance } from 'node:perf_hooks';
import { matchPageRules, type PageRule, type UrlListRule } from '#libs/cro/src/domain/page-rules.js';
import { placementsFor, type WebsiteDelivery } from '#libs/cro/src/public/placements.js';
import { fmt, log, median } from './harness.js';
import type { HttpFigure } from './http.js';

const SITE = 'https://shop.bench.example';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? '3') || 3);
const filler = (seed: string) => `${seed}-${'x'.repeat(1_600 - seed.length)}`;

/** 500 rules of about 1.6 kB: half contains, half exact (a quarter of them prefixes with `*`). */
function hostileList(tag: string): UrlListRule[] {
  return Array.from({ length: 500 }, (_, i) => {
    const long = `${SITE}/${tag}/${filler(`r${i}`)}`;
    if (i % 2 === 0) return { kind: 'contains', value: long } as UrlListRule;
    return { kind: 'exact', value: i % 4 === 1 ? `${long}/*` : long } as UrlListRule;
  });
}

function delivery(campaigns: number, listsPerCampaign: number, referencesPerList: number): WebsiteDelivery {
  const lists = new Map<string, UrlListRule[]>();
  const out: WebsiteDelivery = {
    campaigns: [],
    ctas: new Map([['cta-1', { id: 'cta-1', type: 'bar', items: [], popup: null, design: null }]]),
    experiments: [],
    lists,
  };
  for (let c = 0; c < campaigns; c++) {
    const rules: PageRule[] = [];
    for (let l = 0; l < listsPerCampaign; l++) {
      const listId = `list-${c}-${l}`;
      lists.set(listId, hostileList(listId));
      for (let r = 0; r < referencesPerList; r++) rules.push({ kind: 'list', listId });
    }
    // The last rule of the first campaign matches the page of the bench's every tenth request.
    if (c === 0) rules.push({ kind: 'contains', value: `${SITE}/hit/` });
    out.campaigns.push({ id: `campaign-${c}`, pageRules: { operator: 'or', rules }, containers: [{ ctaId: 'cta-1' }] });
  }
  return out;
}

/**
 * The replaced matching: every rule of every campaign against the page, a list's rules parsed and
 * tested again for each rule naming it (`matchPageRules` of one rule at a time: it shares nothing
 * between calls, as the old `matchPageRules` shared nothing between the rules of one call).
 */
function baselineCampaigns(site: WebsiteDelivery, page: URL): string[] {
  return site.campaigns
    .filter((c) => {
      const each = (c.pageRules?.rules ?? []).map(
        (rule) => matchPageRules({ operator: 'or', rules: [rule] }, page.href, site.lists).matches,
      );
      return each.length > 0 && (c.pageRules?.operator === 'and' ? each.every(Boolean) : each.some(Boolean));
    })
    .map((c) => c.id);
}

const pageOf = (i: number) =>
  new URL(i % 10 === 0 ? `${SITE}/hit/${i}?q=${i}` : `${SITE}/articles/${i}?utm_source=bench&n=${i}`);

async function figure(name: string, site: WebsiteDelivery, notes: string): Promise<HttpFigure> {
  // The compilation, once per delivery (per version of the website's live records), timed apart.
  const compileStart = performance.now();
  placementsFor(site, pageOf(1), 0);
  const compileMs = performance.now() - compileStart;
  log(`  ${name}: compiled (with its first page) in ${compileMs.toFixed(1)} ms`);
  // Agreement: a matching page (0) and two others.
  for (let i = 0; i < 3; i++) {
    const page = pageOf(i);
    const got = placementsFor(site, page, 0).campaigns.map((c) => c.id);
    const want = baselineCampaigns(site, page);
    if (JSON.stringify(got) !== JSON.stringify(want))
      throw new Error(
        `${name}: placements disagree on ${page.href}: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`,
      );
  }
  const run = (work: (page: URL) => unknown, budgetMs: number): number => {
    let pages = 0;
    const start = performance.now();
    while (performance.now() - start < budgetMs) work(pageOf(1_000 + pages++));
    return pages / ((performance.now() - start) / 1000);
  };
  const store: number[] = [];
  const baseline: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const s = () => store.push(run((page) => placementsFor(site, page, 0), 1_000));
    const b = () => baseline.push(run((page) => baselineCampaigns(site, page), 2_000));
    if (r % 2 === 0) (s(), b());
    else (b(), s());
    log(
      `  ${name} round ${r + 1}/${ROUNDS}: compiled ${fmt(store.at(-1)!)} pages/s, per-request matching ${baseline.at(-1)!.toFixed(2)} pages/s`,
    );
  }
  const value = median(store);
  const base = median(baseline);
  return {
    name,
    value: Math.round(value),
    unit: 'pages/s',
    baseline: Math.round(base * 100) / 100,
    ratio: Math.round((value / base) * 10) / 10,
    notes: `${notes}; compiling took ${compileMs.toFixed(0)} ms`,
  };
}

export async function placementsSection(): Promise<HttpFigure[]> {
  log('placements: hostile page rules, compiled once per delivery against matchPageRules per page');
  return [
    await figure(
      'placements_one_list',
      delivery(1, 1, 100),
      'one live campaign, 100 list rules naming one URL list of 500 rules of 1.6 kB; baseline: every rule matched on its own, per page (the matching before)',
    ),
    await figure(
      'placements_ten_lists',
      delivery(10, 10, 10),
      '10 live campaigns, each 100 list rules naming 10 lists of 500 rules of 1.6 kB (100 lists, 50,000 rules); baseline: every rule matched on its own, per page (the matching before)',
    ),
  ];
}
