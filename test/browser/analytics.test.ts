// The Analytics area of the console (apps/console/src/analytics), in the built console in Chromium
// against the real API with the demo data. Tracking events go in through `POST /api/public/collect`
// as the tracker sends them, for Demo Shop (its site key from GET /api/websites); the analytics
// projector is drained; then, as the demo owner:
// - Insights over a custom range of old days (150 days ago: before any generated demo traffic)
//   shows the figures counted by hand below; the website without events says what to install;
// - Reports: the attribution row of the newsletter popup changes with the model as worked out by
//   hand (last touch 1, first touch 2, U-shape 1.4, linear 1.33);
// - Funnel Creator makes a funnel whose results count 5, 2, 2 people;
// - Events lists one visitor's events; the excluded pages screen adds and removes a rule;
// - an experiment's page says its results in words (lift, chance to win, minimum sample);
// - a campaign's page shows its analytics (page views, clicks, CTR, coverage, revenue) and "–"
//   where a figure is undefined.
// Pictures: test-results/analytics-*.png.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { AnalyticsProjector } from '#libs/analytics/src/processes/analytics-projector.js';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { OWNER, setups, signIn, type Agent, type Booted } from '../e2e/setups.js';
import { CHROMIUM_PATH, chooseOption, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
const setup = setups[0];

type Event = Record<string, unknown> & { name: string; distinctId: string; time: string };

const DAY_MS = 86_400_000;
/** The old days the Insights, Reports and Funnels checks read: D-6 to D, D 150 days ago (UTC days; events at noon UTC are the same day in Berlin). */
const D = new Date(Math.floor((Date.now() - 150 * DAY_MS) / DAY_MS) * DAY_MS);
const dayOf = (offset: number) => new Date(D.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
const FROM = dayOf(-6);
const TO = dayOf(0);
/** Noon UTC of D + `offset` days, plus `minutes`. */
const at = (offset: number, minutes = 0) =>
  new Date(D.getTime() + offset * DAY_MS + 12 * 3_600_000 + minutes * 60_000).toISOString();
/** Recent events (the campaign's default range, the last 28 days): `hours` ago on the minute. */
const ago = (hours: number, minutes = 0) =>
  new Date(Math.floor((Date.now() - hours * 3_600_000) / 60_000) * 60_000 + minutes * 60_000).toISOString();

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `the Analytics area in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    let page: Page;
    let owner: Agent;
    let shop: { id: string; key: string; domain: string };
    let origin: string;
    const ids = {
      popup: '',
      watering: '',
      bar: '',
      signups: '',
      revenue: '',
      campaign: '',
      experiment: '',
      emptyExperiment: '',
      heldExperiment: '',
    };
    let seq = 0;
    const run = Date.now().toString(36);

    const shot = async (name: string, fullPage = true) => {
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: `${screenshots}analytics-${name}.png`, fullPage, animations: 'disabled' });
    };

    const collect = async (events: Event[]) => {
      const batch = events.map((e) => ({ id: `an-e2e-${run}-${++seq}`, ...e }));
      for (let i = 0; i < batch.length; i += 100) {
        const res = await request(session.app.url)
          .post('/api/public/collect')
          .set('Content-Type', 'text/plain')
          .send(JSON.stringify({ siteKey: shop.key, events: batch.slice(i, i + 100) }));
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        expectWith(res.body.rejected, JSON.stringify(res.body.rejected)).toEqual([]);
      }
    };
    const drain = () => (session.app as unknown as Booted).app.app.get(AnalyticsProjector).drain();
    const created = async (resource: string, body: Record<string, unknown>) => {
      const res = await owner.post(`/api/${resource}`).send({ websiteId: shop.id, ...body });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    const named = async (resource: string, name: string) => {
      const res = await owner
        .get(`/api/${resource}`)
        .query({ filter: JSON.stringify({ websiteId: shop.id }), range: '[0,199]' });
      expect(res.status).toBe(200);
      const found = (res.body as { id: string; name: string }[]).find((r) => r.name === name);
      expectWith(found, `${resource} "${name}"`).toBeDefined();
      return found!.id;
    };

    /** The Analytics page at `tab`, Demo Shop chosen, and (for tabs with a range) D-6 to D. */
    const openAnalytics = async (tab: string, range = true) => {
      page = await newPage(session, OWNER, `/#/analytics/${tab}`);
      await page.locator(`[data-analytics-tab="${tab}"]`).waitFor();
      await chooseOption(page, 'Website', 'Demo Shop');
      if (range) {
        await chooseOption(page, 'Date range', 'Custom');
        await page.locator('input[name="from"]').fill(FROM);
        await page.locator('input[name="to"]').fill(TO);
      }
    };
    const figure = (name: string, scope = page.locator('body')) =>
      scope.locator(`[data-figure="${name}"] [data-value]`);

    beforeAll(async () => {
      session = await openConsole(setup!, { viewport: { width: 1440, height: 1000 } });
      owner = await signIn(session.app.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as {
        id: string;
        name: string;
        key: string;
        domain: string;
      }[];
      shop = websites.find((w) => w.name === 'Demo Shop')!;
      origin = `https://${shop.domain}`;
      ids.popup = await named('ctas', 'Newsletter popup');
      ids.watering = await named('ctas', 'Watering essentials');
      ids.bar = await named('ctas', 'Free shipping bar');
      // A goal of its own (a custom event): form_submitted events must name a live CTA and are mailed.
      ids.signups = await created('goals', { name: 'E2E sign-ups', type: 'count', event: 'signup' });
      ids.revenue = await named('goals', 'Revenue');
      ids.campaign = await created('campaigns', {
        name: 'Analytics e2e campaign',
        url: `${origin}/e2e-campaign`,
        containers: [],
        pageRules: { operator: 'or', rules: [{ kind: 'contains', value: `${origin}/e2e-campaign` }] },
      });
      const variants = [
        { key: 'control', name: 'Control', weight: 50 },
        { key: 'variant-b', name: 'Variant B', weight: 50 },
      ];
      ids.experiment = await created('experiments', {
        name: 'Analytics e2e experiment',
        pageUrl: `${origin}/e2e-experiment`,
        testType: 'ab',
        goalId: ids.signups,
        variants,
      });
      ids.emptyExperiment = await created('experiments', {
        name: 'Analytics e2e nobody yet',
        pageUrl: `${origin}/e2e-nobody`,
        testType: 'ab',
        goalId: ids.signups,
        variants,
      });
      // A live test that ends at 4 visitors, reached by forged-looking traffic (issue 25): exposures alone, all from this one address.
      ids.heldExperiment = await created('experiments', {
        name: 'Analytics e2e held',
        pageUrl: `${origin}/e2e-held`,
        testType: 'ab',
        goalId: ids.signups,
        variants,
        endRule: { mode: 'any', visitors: 4 },
      });
      expect((await owner.post(`/api/experiments/${ids.heldExperiment}/actions/Publish`).send({})).status).toBe(200);

      const events: Event[] = [
        // Five visitors over D-2 .. D (the Insights, Reports and Funnels range).
        {
          name: 'page_view',
          distinctId: 'an-v1',
          time: at(-2),
          url: `${origin}/`,
          referrer: 'https://www.google.com/',
        },
        { name: 'page_view', distinctId: 'an-v1', time: at(-2, 1), url: `${origin}/guides` },
        { name: 'cta_impression', distinctId: 'an-v1', time: at(-2, 2), url: `${origin}/guides`, ctaId: ids.popup },
        { name: 'cta_click', distinctId: 'an-v1', time: at(-2, 3), url: `${origin}/guides`, ctaId: ids.popup },
        { name: 'signup', distinctId: 'an-v1', time: at(-2, 4), url: `${origin}/guides` },
        { name: 'page_view', distinctId: 'an-v2', time: at(-2, 60), url: `${origin}/guides` },
        { name: 'cta_impression', distinctId: 'an-v2', time: at(-2, 61), url: `${origin}/guides`, ctaId: ids.popup },
        {
          name: 'purchase',
          distinctId: 'an-v2',
          time: at(-2, 65),
          url: `${origin}/checkout`,
          value: 50,
          currency: 'EUR',
        },
        { name: 'page_view', distinctId: 'an-v3', time: at(-1), url: `${origin}/` },
        { name: 'page_view', distinctId: 'an-v3', time: at(-1, 1), url: `${origin}/products/ceramic-pot` },
        {
          name: 'page_view',
          distinctId: 'an-v4',
          time: at(-1, 120),
          url: `${origin}/`,
          referrer: 'https://www.google.com/',
        },
        { name: 'page_view', distinctId: 'an-v5', time: at(0), url: `${origin}/` },
        { name: 'cta_impression', distinctId: 'an-v5', time: at(0, 1), url: `${origin}/`, ctaId: ids.popup },
        { name: 'cta_impression', distinctId: 'an-v5', time: at(0, 2), url: `${origin}/`, ctaId: ids.watering },
        { name: 'cta_click', distinctId: 'an-v5', time: at(0, 3), url: `${origin}/`, ctaId: ids.bar },
        { name: 'signup', distinctId: 'an-v5', time: at(0, 4), url: `${origin}/` },
        // The campaign's four visitors, two and a half hours ago (its default range: the last 28 days).
        { name: 'page_view', distinctId: 'an-c1', time: ago(2.5), url: `${origin}/e2e-campaign/a` },
        {
          name: 'cta_impression',
          distinctId: 'an-c1',
          time: ago(2.5, 1),
          url: `${origin}/e2e-campaign/a`,
          ctaId: ids.watering,
          campaignId: ids.campaign,
        },
        {
          name: 'cta_click',
          distinctId: 'an-c1',
          time: ago(2.5, 2),
          url: `${origin}/e2e-campaign/a`,
          ctaId: ids.watering,
          campaignId: ids.campaign,
        },
        {
          name: 'purchase',
          distinctId: 'an-c1',
          time: ago(2.5, 3),
          url: `${origin}/checkout`,
          value: 30,
          currency: 'EUR',
        },
        { name: 'page_view', distinctId: 'an-c2', time: ago(2.5), url: `${origin}/e2e-campaign/b` },
        {
          name: 'cta_impression',
          distinctId: 'an-c2',
          time: ago(2.5, 1),
          url: `${origin}/e2e-campaign/b`,
          ctaId: ids.watering,
          campaignId: ids.campaign,
        },
        { name: 'page_view', distinctId: 'an-c3', time: ago(2.5), url: `${origin}/e2e-campaign/a` },
        { name: 'page_view', distinctId: 'an-c4', time: ago(2.5), url: `${origin}/e2e-campaign/b` },
      ];
      // The experiment: 40 visitors per arm, 10 of the control's and 12 of variant B's signing up a minute after exposure (three hours ago).
      for (const [variant, converting] of [
        ['control', 10],
        ['variant-b', 12],
      ] as const) {
        for (let i = 0; i < 40; i++) {
          const distinctId = `an-x-${variant}-${i}`;
          events.push({
            name: 'experiment_exposure',
            distinctId,
            time: ago(3),
            url: `${origin}/e2e-experiment`,
            experimentId: ids.experiment,
            variant,
          });
          if (i < converting)
            events.push({ name: 'signup', distinctId, time: ago(3, 1), url: `${origin}/e2e-experiment` });
        }
      }
      for (const [i, variant] of ['control', 'variant-b', 'control', 'variant-b'].entries()) {
        events.push({
          name: 'experiment_exposure',
          distinctId: `an-held-${i}`,
          time: ago(3),
          url: `${origin}/e2e-held`,
          experimentId: ids.heldExperiment,
          variant,
        });
      }
      await collect(events);
      await drain();
    }, 180_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('a first visit opens on a website that has received events: Demo Shop, though Demo Blog comes first by name', async () => {
      page = await newPage(session, OWNER, '/#/analytics/insights');
      await page.locator('[data-analytics-tab="insights"]').waitFor();
      // Nothing chosen yet in this browser: the console's store forgets any earlier choice.
      await page.evaluate(() => {
        const store = (globalThis as unknown as { localStorage: { removeItem(key: string): void } }).localStorage;
        for (const key of Object.keys(store)) if (key.includes('analytics.websiteId')) store.removeItem(key);
      });
      await page.reload();
      await page.locator('[data-analytics-tab="insights"]').waitFor();
      await poll(() => page.getByRole('combobox', { name: 'Website' }).innerText()).toBe('Demo Shop');
      await poll(() => page.locator('[data-figure="visitors"] [data-value]').count()).toBe(1);
      expect(await page.locator('[data-no-events]').count()).toBe(0);
    });

    it("Insights: the range's figures as counted by hand, the top pages; a website without events says what to install", async () => {
      await openAnalytics('insights');
      // The menu offers the Analytics screens after the Conversion group.
      const group = page.getByRole('navigation', { name: 'Analytics' });
      expect((await group.getByRole('menuitem').allInnerTexts()).map((t) => t.trim())).toEqual([
        'Analytics',
        'Excluded pages',
      ]);
      // D-6..D: visitors an-v1..an-v5; page views 2 + 1 + 2 + 1 + 1; organic: the two views from Google;
      // impressions: the popup 3 (v1, v2, v5) + watering essentials 1 (v5); clicks: popup (v1), bar (v5):
      // CTR 2/4; coverage: v1, v2, v5 saw a CTA, 3/5; conversions: v1 and v5 signed up, v2 bought
      // (3 of 5 visitors: 60%); revenue v2's €50, per visitor 50/5.
      const expected: Record<string, string> = {
        visitors: '5',
        pageViews: '7',
        organicTraffic: '2',
        impressions: '4',
        clicks: '2',
        ctr: '50%',
        coverage: '60%',
        conversions: '3',
        conversionRate: '60%',
        revenue: '€50.00',
        revenuePerVisitor: '€10.00',
      };
      for (const [name, value] of Object.entries(expected))
        await poll(() => figure(name).innerText(), { timeout: 20_000 }).toBe(value);
      // Top pages by views: the home page (v1, v3, v4, v5), the guides (v1, v2), the ceramic pot (v3).
      const rows = page.locator('[data-table="top-pages"] tbody tr');
      expect(
        await rows.evaluateAll((trs) =>
          trs.map((tr) =>
            Array.from(
              (tr as unknown as { children: ArrayLike<{ textContent: string | null }> }).children,
              (td) => td.textContent,
            ),
          ),
        ),
      ).toEqual([
        [`${origin}/`, '4', '2', '4', '4'],
        [`${origin}/guides`, '2', '0', '1', '2'],
        [`${origin}/products/ceramic-pot`, '1', '0', '0', '1'],
      ]);
      await page.locator('[data-chart="metrics"] svg.recharts-surface[role="application"]').waitFor();
      await shot('01-insights');

      // Demo Blog has no events: the empty state says what to install, and shows the snippet.
      await chooseOption(page, 'Website', 'Demo Blog');
      const empty = page.locator('[data-no-events]');
      await empty.waitFor();
      expect(await empty.innerText()).toContain(
        "No events have arrived from this website yet. Install the tracking snippet from the website's page",
      );
      await empty.getByRole('button', { name: 'Show the snippet' }).click();
      await page.getByTestId('tracking-snippet').waitFor();
      await shot('02-no-events');
    });

    it('Reports: the attribution of the sign-ups changes with the model as worked out by hand; incrementality in words', async () => {
      await openAnalytics('reports');
      const table = page.locator('[data-table="attribution"]');
      const cell = (cta: string, name: string) => table.locator(`[data-cta="${cta}"] [data-cell="${name}"]`);
      // Sign-ups in D-6..D: v1's path popup (impression), popup (click); v5's popup, watering essentials (impressions), bar (click).
      await chooseOption(page, 'Goal', 'E2E sign-ups');
      // Last touch: v1's to the popup, v5's to the bar.
      await poll(() => cell(ids.popup, 'conversions').innerText(), { timeout: 20_000 }).toBe('1');
      expect(await cell(ids.bar, 'conversions').innerText()).toBe('1');
      // Incrementality opens on the report's CTA with the most impressions: the popup (3) over watering
      // essentials (1: v5's), not the first by name (Free shipping bar).
      const incrementalityCta = page.locator('[data-panel="incrementality"]').getByRole('combobox', { name: 'CTA' });
      await poll(() => incrementalityCta.innerText()).toBe('Newsletter popup');
      expect(await cell(ids.watering, 'impressions').innerText()).toBe('1');
      // The popup: 3 impressions (v1, v2, v5), 1 click; conversion rate = credit / its 3 viewers.
      expect(await cell(ids.popup, 'impressions').innerText()).toBe('3');
      expect(await cell(ids.popup, 'clicks').innerText()).toBe('1');
      expect(await cell(ids.popup, 'ctr').innerText()).toBe('33.3%');
      expect(await cell(ids.popup, 'conversionRate').innerText()).toBe('33.3%');
      // First touch: both to the popup.
      await chooseOption(page, 'Attribution model', 'First touch');
      await poll(() => cell(ids.popup, 'conversions').innerText()).toBe('2');
      // U-shape: v1's two touchpoints both the popup (50 + 50); v5's 40 % first (popup), 20 % middle (watering), 40 % last (bar).
      await chooseOption(page, 'Attribution model', 'U-shape (40/20/40)');
      await poll(() => cell(ids.popup, 'conversions').innerText()).toBe('1.4');
      expect(await cell(ids.watering, 'conversions').innerText()).toBe('0.2');
      expect(await cell(ids.bar, 'conversions').innerText()).toBe('0.4');
      expect(await cell(ids.popup, 'conversionRate').innerText()).toBe('46.7%'); // 1.4 / 3
      // Linear: v1's to the popup; v5's a third each.
      await chooseOption(page, 'Attribution model', 'Linear');
      await poll(() => cell(ids.popup, 'conversions').innerText()).toBe('1.33');
      expect(await cell(ids.bar, 'conversions').innerText()).toBe('0.33');
      await shot('03-reports-linear');
      // The value goal: v2's €50 purchase, last touch the popup's impression.
      await chooseOption(page, 'Attribution model', 'Last touch');
      await chooseOption(page, 'Goal', 'Revenue');
      await poll(() => cell(ids.popup, 'revenue').innerText()).toBe('€50.00');
      // Incrementality: nobody was held back from the popup in the range.
      await chooseOption(page, 'CTA', 'Newsletter popup', page.locator('[data-panel="incrementality"]'));
      await poll(() => page.locator('[data-incrementality-sentence]').innerText()).toBe(
        'No visitor was held back from this CTA in the range: set a control group percentage on the website to measure incrementality.',
      );
      await shot('04-reports-revenue');
    });

    it('Funnel Creator makes a funnel; its results count the people of each step', async () => {
      await openAnalytics('funnel-creator', false);
      const name = `E2E journey ${run}`;
      await page.locator('[data-funnel-name-input]').fill(name);
      await page.locator('[data-step-event="1"]').fill('page_view');
      await page.locator('[data-step-event="2"]').fill('cta_click');
      await page.locator('[data-add-step]').click();
      await page.locator('[data-step-event="3"]').fill('signup');
      await shot('05-funnel-creator');
      await page.locator('[data-save-funnel]').click();
      await page.waitForURL(/#\/analytics\/funnels\/[\w-]+$/);
      // A funnel made after the events is computed from them: while the projector has visitors left,
      // the page says how many (if it reads the results before they are done).
      await page.locator('[data-pending], [data-table="funnel-steps"]').first().waitFor();
      const pending = page.locator('[data-pending]');
      if (await pending.isVisible()) {
        expect(await pending.innerText()).toMatch(/^Computing from stored events: [\d,]+ visitors? left$/);
        await shot('06-funnel-pending', false);
      }
      await drain();
      await chooseOption(page, 'Date range', 'Custom');
      await page.locator('input[name="from"]').fill(FROM);
      await page.locator('input[name="to"]').fill(TO);
      await poll(() => page.locator('[data-funnel-name]').innerText()).toBe(name);
      // Step 1 (a page view): v1..v5; a CTA click after it: v1 (popup), v5 (bar); a sign-up after that: both.
      const counts = () => page.locator('[data-table="funnel-steps"] [data-cell="count"]').allInnerTexts();
      await poll(counts, { timeout: 20_000 }).toEqual(['5', '2', '2']);
      expect(await page.locator('[data-funnel-sentence]').innerText()).toBe(
        '5 people started this funnel; 2 finished it (40%).',
      );
      await page.locator('[data-chart="funnel"] svg.recharts-surface[role="application"]').waitFor();
      await shot('07-funnel-results');
    });

    it("Events: one visitor's events, newest first, with the spec's columns", async () => {
      await openAnalytics('events', false);
      await page.locator('[data-filter="distinctId"]').fill('an-v2');
      const rows = page.locator('[data-table="events"] tbody tr');
      await poll(
        () =>
          rows.evaluateAll((trs) =>
            trs.map((tr) =>
              (tr as unknown as { getAttribute(name: string): string | null }).getAttribute('data-event'),
            ),
          ),
        { timeout: 20_000 },
      ).toEqual(['purchase', 'cta_impression', 'page_view']);
      const heads = await page.locator('[data-table="events"] thead th').allInnerTexts();
      expect(heads).toEqual([
        'Time',
        'Event',
        'Distinct id',
        'City',
        'Country',
        'OS',
        'Browser',
        'Device',
        'URL',
        'Landing page',
        'Referrer',
        'UTMs',
      ]);
      await shot('08-events');
    });

    it('Excluded pages: a rule is added (date added, added by) and removed', async () => {
      page = await newPage(session, OWNER, '/#/excluded-pages/create');
      const user = (await owner.get('/api/auth/user')).body as { name?: string; email: string };
      await chooseOption(page, 'Website', 'Demo Shop');
      const rule = `${origin}/e2e-thank-you-${run}`;
      await page.getByRole('textbox', { name: 'URL rule' }).fill(rule);
      await page.getByRole('textbox', { name: 'Note' }).fill('The thank-you page');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/excluded-pages$/);
      const row = page.locator('tr', { has: page.locator('[data-url-rule]', { hasText: rule }) });
      await row.waitFor();
      expect(await row.locator('[data-added-by]').innerText()).toBe(user.name || user.email);
      await shot('09-excluded-pages');
      await row.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await row.waitFor({ state: 'detached' });
    });

    it("an experiment's page says its results in words, with the numbers per variant", async () => {
      page = await newPage(session, OWNER, `/#/experiments/${ids.experiment}`);
      const sentence = page.locator('[data-experiment-sentence]');
      // Control 10/40 = 25 %, variant B 12/40 = 30 %: lift 0.30/0.25 - 1 = +20 %. Delta method:
      // var = 0.3·0.7/40 / 0.25² + 0.3²·(0.25·0.75/40) / 0.25⁴ = 0.084 + 0.108 = 0.192, se = 0.438178;
      // chance to win Φ(0.2 / 0.438178) = Φ(0.456435) = 0.6760 → 68 %. 40 visitors per arm: under the minimum of 100.
      await poll(() => sentence.innerText(), { timeout: 20_000 }).toBe(
        'Variant B converts 20% better than the control; 68% chance to win; not enough visitors yet to call it (at least 100 visitors and 25 conversions per variant).',
      );
      const arm = (key: string) => page.locator(`[data-arm="${key}"] td`).allInnerTexts();
      expect((await arm('control')).slice(1, 4)).toEqual(['40', '10', '25%']);
      expect((await arm('variant-b')).slice(0, 5)).toEqual(['Variant B', '40', '12', '30%', '+20%']);
      expect(await page.locator('[data-srm]').count()).toBe(0);
      await page.locator('[data-experiment-results]').scrollIntoViewIfNeeded();
      await shot('10-experiment', false);

      page = await newPage(session, OWNER, `/#/experiments/${ids.emptyExperiment}`);
      await poll(() => page.locator('[data-experiment-sentence]').innerText(), { timeout: 20_000 }).toBe(
        'No visitors yet.',
      );
    });

    it('a test whose end rule was met by suspicious traffic says why and offers to confirm its completion', async () => {
      page = await newPage(session, OWNER, `/#/experiments/${ids.heldExperiment}`);
      const held = page.locator('[data-held]');
      await poll(() => held.getAttribute('data-held'), { timeout: 20_000 }).toBe('page_views networks');
      expect((await held.innerText()).split('\n').filter(Boolean)).toEqual([
        'Suspicious traffic: the end rule (visitors) was met, but the test was not completed automatically. Check the traffic, then confirm the completion, or pause the test.',
        'Only 0 of 4 exposed visitors viewed the test page around their exposure (real visitors do).',
        '4 of 4 exposed visitors came from one network (1 in all): forged traffic comes from few addresses.',
      ]);
      await page.locator('[data-action="ConfirmCompletion"]').waitFor();
      expect(await page.locator('[data-action="ConfirmCompletion"]').textContent()).toBe('Confirm completion');
    });

    it('a campaign\'s page shows its analytics over the last 28 days, and "–" where a figure is undefined', async () => {
      page = await newPage(session, OWNER, `/#/campaigns/${ids.campaign}`);
      const panel = page.locator('[data-campaign-analytics]');
      await panel.waitFor();
      // Its pages (/e2e-campaign/a and /b): four views by four visitors; its CTA (watering essentials,
      // shown by it): 2 impressions (c1, c2), 1 click (c1); coverage 2 of the 4 visitors; revenue: c1's
      // €30 purchase, last touched by its CTA.
      const expected: Record<string, string> = {
        pageViews: '4',
        clicks: '1',
        ctr: '50%',
        coverage: '50%',
        revenue: '€30.00',
      };
      for (const [name, value] of Object.entries(expected))
        await poll(() => figure(name, panel).innerText(), { timeout: 20_000 }).toBe(value);
      await panel.scrollIntoViewIfNeeded();
      await shot('11-campaign', false);
      // D-6..D: nothing of it; no impressions, no visitors: CTR and coverage undefined.
      await chooseOption(page, 'Date range', 'Custom', panel);
      await panel.locator('input[name="from"]').fill(FROM);
      await panel.locator('input[name="to"]').fill(TO);
      const empty: Record<string, string> = { pageViews: '0', clicks: '0', ctr: '–', coverage: '–', revenue: '€0.00' };
      for (const [name, value] of Object.entries(empty)) await poll(() => figure(name, panel).innerText()).toBe(value);
    });

    it('Dashboard and Settings: the headline figures and the way to the website’s analytics settings', async () => {
      await openAnalytics('dashboard', false);
      for (const name of ['visitors', 'pageViews', 'conversions', 'revenue', 'ctr', 'conversionRate'])
        await figure(name).waitFor();
      await page.locator('[data-chart="goal-completions"] svg.recharts-surface[role="application"]').waitFor();
      await shot('12-dashboard');
      await page.locator('[data-tab="settings"]').click();
      await page.locator('[data-settings-link]').click();
      await page.waitForURL(new RegExp(`#/websites/${shop.id}/show/analytics$`));
    });
  },
);
