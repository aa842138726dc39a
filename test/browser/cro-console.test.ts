// The Conversion area of the console (apps/console/src/cro), in the built console in Chromium
// against the real API with the demo data ("Demo Shop" has CRO records: apps/api/src/demo/cro.seed.ts):
// the demo owner (a CRO admin) finds the Conversion group in the menu; the CTA list's tabs filter
// by type (Popups: "Newsletter popup", Banners: "Free shipping bar"); a product without a name
// shows the API's "Please enter a product name." under its input; a campaign made in the form is
// submitted for review and published with its buttons; the rule tester says the live "Spring
// newsletter" shows on a guides page; an experiment's weight sliders keep the sum at 100. The demo
// editor, whose CRO role is none, has no Conversion group. The console keeps no copy of what the
// API answers (issue 26 point 5): with the API's answers changed on their way (Playwright routes),
// the menu's Conversion entries follow the navigation, a campaign's buttons follow the options'
// actions and the record's `allowedActions`, the lists' bulk buttons the options' `bulk`, and an
// experiment's words the results' threshold and minimum sample. Pictures: test-results/cro-*.png.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { EDITOR, OWNER, listQuery, setups, signIn, type Agent } from '../e2e/setups.js';
import {
  CHROMIUM_PATH,
  chooseOption,
  closePages,
  fillSettled,
  newPage,
  openConsole,
  type ConsoleSession,
} from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

/** The Conversion group's entries, in the menu's order (written out: the brief's list). */
const CONVERSION = ['CTAs', 'Campaigns', 'Experiments', 'Products', 'Goals', 'URL lists'];

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `the Conversion console in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    let page: Page;
    let owner: Agent;
    /** https://{Demo Shop's domain} */
    let origin: string;

    const shot = async (name: string) => {
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: `${screenshots}cro-${name}.png`, fullPage: true, animations: 'disabled' });
    };
    const menu = () => page.getByRole('menu', { name: 'Main menu' });
    const conversion = () => page.getByRole('navigation', { name: 'Conversion' });
    const helper = (text: string) => page.locator('.MuiFormHelperText-root', { hasText: text });

    beforeAll(async () => {
      session = await openConsole(setup!, { viewport: { width: 1440, height: 1100 } });
      owner = await signIn(session.app.url, OWNER);
      const websites = (await owner.get('/api/auth/user')).body.websites as { id: string; name: string }[];
      const shopId = websites.find((w) => w.name === 'Demo Shop')!.id;
      const shop = (await owner.get(`/api/websites/${shopId}`)).body as { domain?: string; url?: string };
      origin = shop.domain ? `https://${shop.domain}` : new URL(shop.url!).origin;
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('shows the owner the Conversion group with its six entries', async () => {
      page = await newPage(session, OWNER);
      await conversion().waitFor();
      const entries = await conversion().getByRole('menuitem').allInnerTexts();
      expect(entries.map((text) => text.trim())).toEqual(CONVERSION);
      // Not also as flat entries of the main menu (the CMS navigation names `products` too).
      expect(await menu().getByRole('menuitem', { name: 'Products', exact: true }).count()).toBe(1);
      await conversion().getByRole('menuitem', { name: 'CTAs' }).click();
      await page.waitForURL(/#\/ctas/);
      await page.getByText('Newsletter popup').waitFor();
      await shot('01-menu-ctas');
    });

    it('filters the CTAs by the tabs: Popups shows the newsletter popup, Banners the shipping bar', async () => {
      page = await newPage(session, OWNER, '/#/ctas');
      const rows = page.locator('[data-name]');
      await page.getByRole('tab', { name: 'Popups' }).click();
      await poll(() => rows.allInnerTexts(), { timeout: 10_000 }).toEqual(['Newsletter popup']);
      await shot('02-popups');
      await page.getByRole('tab', { name: 'Banners' }).click();
      await poll(() => rows.allInnerTexts(), { timeout: 10_000 }).toEqual(['Free shipping bar']);
      // Its status in the API's words.
      await expect(page.locator('[data-status="review"]').first().innerText()).resolves.toBe('Review');
      // The popup's form: Build, Design, Targeting, Settings.
      await page.getByRole('tab', { name: 'Popups' }).click();
      await page.getByText('Newsletter popup').click();
      await page.getByRole('tab', { name: 'Targeting' }).click();
      await page.getByRole('region', { name: 'Triggers' }).waitFor();
      await shot('02b-popup-targeting');
      await page.goto(`${session.app.url}/#/ctas`);
      await page.getByRole('tab', { name: 'All' }).click();
      await poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    });

    it("shows the API's message under the name of a product created without one", async () => {
      page = await newPage(session, OWNER, '/#/products/create');
      await chooseOption(page, 'Website', 'Demo Shop');
      await page.getByRole('button', { name: 'Create' }).click();
      await helper('Please enter a product name.').waitFor();
      await shot('03-product-name');
    });

    it('creates a campaign, submits it for review and publishes it with the buttons', async () => {
      const name = `Autumn bulbs ${Date.now()}`;
      page = await newPage(session, OWNER, '/#/campaigns/create');
      await chooseOption(page, 'Website', 'Demo Shop');
      await fillSettled(page, { Name: name, 'Page URL': `${origin}/bulbs` });
      const rules = page.getByRole('region', { name: 'Page rules' });
      await rules.getByRole('button', { name: 'Add' }).click();
      await chooseOption(page, 'Rule', 'Contains', rules);
      await rules.getByRole('textbox', { name: 'URL' }).fill(`${origin}/bulbs`);
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/#\/campaigns\/[^/]+$/);
      await page.locator('[data-status="draft"]').waitFor();
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await page.locator('[data-status="review"]').waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.locator('[data-status="live"]').waitFor();
      await shot('04-campaign-live');
      const found = (await owner.get(`/api/campaigns?${listQuery({ filter: { q: name } })}`)).body as {
        name: string;
        status: string;
      }[];
      expectWith(
        found.map((c) => `${c.name}: ${c.status}`),
        'the campaign through the API',
      ).toEqual([`${name}: live`]);
    });

    it('says in the rule tester that the Spring newsletter shows on a guides page', async () => {
      page = await newPage(session, OWNER, '/#/campaigns');
      await page.getByText('Spring newsletter').click();
      await page.waitForURL(/#\/campaigns\/[^/]+$/);
      const tester = page.getByRole('region', { name: 'Rule tester' });
      await tester.getByRole('textbox', { name: 'Page address' }).fill(`${origin}/guides/repotting`);
      await tester.getByRole('button', { name: 'Test' }).click();
      await tester.getByText('“Spring newsletter” shows on this page.').waitFor();
      expect(await tester.locator('[data-match-result]').getAttribute('data-match-result')).toBe('matches');
      expect(await tester.locator('[data-rule-matches="true"]').count()).toBeGreaterThanOrEqual(1);
      await shot('05-rule-tester');
    });

    it("keeps an experiment's weights at 100 when a slider moves", async () => {
      page = await newPage(session, OWNER, '/#/experiments/create');
      const weights = page.locator('[data-weights]');
      await weights.waitFor();
      const values = async () =>
        Promise.all(
          [0, 1, 2].map(async (i) => {
            const cell = page.locator(`[data-weight="${i}"]`);
            return (await cell.count()) ? Number((await cell.innerText()).replace(/\D/g, '')) : null;
          }),
        );
      expect(await values()).toEqual([50, 50, null]);
      // The first slider ten steps up: the second gives them.
      const first = page.getByRole('slider', { name: 'Traffic for Control' });
      await first.focus();
      for (let i = 0; i < 10; i++) await first.press('ArrowRight');
      expect(await values()).toEqual([60, 40, null]);
      // A third variant (0 %), then it takes 30 step by step: each step from the largest of the others.
      const variants = page.getByRole('region', { name: 'Variants' });
      await variants.getByRole('button', { name: 'Add' }).click();
      await variants.getByRole('textbox', { name: 'Key' }).nth(2).fill('variant-c');
      expect(await values()).toEqual([60, 40, 0]);
      const third = page.getByRole('slider', { name: 'Traffic for variant-c' });
      await third.focus();
      for (let i = 0; i < 30; i++) await third.press('ArrowRight');
      expect(await values()).toEqual([35, 35, 30]);
      expect(await weights.getAttribute('data-weight-sum')).toBe('100');
      await page.getByText('Total: 100 %').waitFor();
      await shot('06-experiment-weights');
    });

    /** Answers `url`'s requests with the API's answer changed by `change` (the page then reloads to ask again). */
    const rewrite = async (url: string | RegExp, change: (body: any) => unknown) => {
      await page.route(url, async (route: Route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const response = await route.fetch();
        await route.fulfill({ response, json: change(await response.json()) });
      });
    };
    /** The elements with `attribute` as shown: `{its attribute}: {its text}`, in the page's order. */
    const shown = async (attribute: string) =>
      Promise.all(
        (await page.locator(`[${attribute}]`).all()).map(
          async (found) => `${await found.getAttribute(attribute)}: ${(await found.textContent())?.trim()}`,
        ),
      );
    /** The record's workflow buttons. */
    const buttons = () => shown('data-action');

    it("lists the Conversion entries the API's navigation lists, in its order", async () => {
      page = await newPage(session, OWNER);
      // The navigation without goals, URL lists first: the menu has no list of its own to fall back on.
      await rewrite('**/api/auth/session', ({ user }) => {
        const navigation = user.navigation as string[];
        const cro = navigation.filter(
          (entry) => entry.startsWith('cro/') && entry !== 'cro/goals' && entry !== 'cro/url-lists',
        );
        return {
          user: {
            ...user,
            navigation: [...navigation.filter((entry) => !entry.startsWith('cro/')), 'cro/url-lists', ...cro],
          },
        };
      });
      await page.reload();
      await conversion().waitFor();
      await poll(async () =>
        (await conversion().getByRole('menuitem').allInnerTexts()).map((text) => text.trim()),
      ).toEqual(['URL lists', 'CTAs', 'Campaigns', 'Experiments', 'Products']);
      // Analytics keeps its own group, after Conversion.
      const analytics = await page.getByRole('navigation', { name: 'Analytics' }).getByRole('menuitem').allInnerTexts();
      expect(analytics.map((text) => text.trim())).toEqual(['Analytics', 'Excluded pages']);
      await shot('08-menu-from-navigation');
    });

    it("shows a campaign's buttons as the API offers them: its actions, their order and words, and the record's allowedActions", async () => {
      const [listed] = (await owner.get(`/api/campaigns?${listQuery({ filter: { q: 'Spring newsletter' } })}`))
        .body as { id: string }[];
      const record = (await owner.get(`/api/campaigns/${listed!.id}`)).body as { allowedActions: string[] };
      const options = (await owner.get('/api/campaigns/options')).body as { actions: { id: string; name: string }[] };
      page = await newPage(session, OWNER, `/#/campaigns/${listed!.id}`);
      await page.locator('[data-status="live"]').waitFor();
      // As the API answers: its actions the record allows (Cancel generation is the generation panel's), in its words.
      const offered = options.actions
        .filter((a) => record.allowedActions.includes(a.id) && a.id !== 'CancelGeneration')
        .map((a) => `${a.id}: ${a.name}`);
      expect(offered.length).toBeGreaterThan(1);
      await poll(buttons).toEqual(offered);

      // Another answer: the options in reverse, one renamed, one left out; the record offering an action no console knows.
      const [first, ...others] = options.actions.filter(
        (a) => record.allowedActions.includes(a.id) && a.id !== 'CancelGeneration',
      );
      await rewrite('**/api/campaigns/options', (body) => ({
        ...body,
        actions: [
          { id: 'Archive', name: 'Archive for later' },
          ...[...others].reverse().map((a) => (a.id === others[0]!.id ? { ...a, name: `${a.name} (renamed)` } : a)),
        ],
      }));
      await rewrite(new RegExp(`/api/campaigns/${listed!.id}$`), (body) => ({
        ...body,
        allowedActions: [...body.allowedActions, 'Archive'],
      }));
      await page.reload();
      await page.locator('[data-status="live"]').waitFor();
      await poll(buttons).toEqual([
        'Archive: Archive for later',
        ...[...others].reverse().map((a) => `${a.id}: ${a.name}${a.id === others[0]!.id ? ' (renamed)' : ''}`),
      ]);
      expect(await page.locator(`[data-action="${first!.id}"]`).count()).toBe(0);
      await shot('09-campaign-buttons-from-options');
    });

    it("offers the campaigns' bulk actions the API lists, in its words", async () => {
      const options = (await owner.get('/api/campaigns/options')).body as {
        bulk: { id: string; action: string; name: string }[];
      };
      expect(options.bulk).toContainEqual({ id: 'SubmitForDraft', action: 'ReturnToDraft', name: 'Return to draft' });
      page = await newPage(session, OWNER);
      // Two bulk actions, one the live campaign allows (Deactivate), under another name.
      await rewrite('**/api/campaigns/options', (body) => ({
        ...body,
        bulk: [
          { id: 'SubmitForDraft', action: 'ReturnToDraft', name: 'Back to the drafts' },
          { id: 'Deactivate', action: 'Deactivate', name: 'Switch off' },
        ],
      }));
      await page.goto(`${session.app.url}/#/campaigns`);
      await page.getByText('Spring newsletter').waitFor();
      await page.locator('tr', { hasText: 'Spring newsletter' }).getByRole('checkbox').check();
      await poll(() => shown('data-bulk-action')).toEqual(['Deactivate: Switch off']);
    });

    it("words an experiment's results by the threshold and minimum sample the API answers with them", async () => {
      const [headline] = (await owner.get(`/api/experiments?${listQuery({ filter: { q: 'Headline test' } })}`))
        .body as { id: string }[];
      const results = (await owner.get(`/api/experiments/${headline!.id}/results`)).body as {
        significanceThreshold: number;
        minimumSample: { visitors: number; conversions: number };
      };
      expect(results.minimumSample).toEqual({ visitors: 100, conversions: 25 });
      page = await newPage(session, OWNER);
      await rewrite(/\/api\/experiments\/[^/]+\/results$/, (body) => ({
        ...body,
        significanceThreshold: 0.9,
        minimumSample: { visitors: 7, conversions: 3 },
      }));
      await page.goto(`${session.app.url}/#/experiments/${headline!.id}`);
      const panel = page.locator('[data-experiment-results]');
      await panel
        .getByText('a winner needs 90% significance and at least 7 visitors and 3 conversions in every variant.')
        .waitFor();
      // "not enough visitors" quotes the answer's minimum, never a figure of the console's.
      expect(await panel.innerText()).not.toMatch(/at least 100 visitors|25 conversions/);
      await shot('10-experiment-criteria');
    });

    it('gives the demo editor (CRO role none) no Conversion group', async () => {
      page = await newPage(session, EDITOR);
      await menu().waitFor();
      await menu().getByRole('menuitem').first().waitFor();
      expect(await conversion().count()).toBe(0);
      expect(await menu().getByRole('menuitem', { name: 'CTAs' }).count()).toBe(0);
      await shot('07-editor-menu');
    });
  },
);
