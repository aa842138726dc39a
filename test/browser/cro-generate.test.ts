// A campaign's theme generation in the built console in Chromium against the real API with the
// demo data (issue 13, Campaigns: "`Generate`/`CancelGeneration` run a background job that builds the
// campaign's CTAs from a chosen template and the website's products (cancellable, its progress visible)"):
// - as the demo owner, on a draft campaign of Demo Shop: "Generate CTAs" opens a dialog with the
//   templates by name and type (the seven starters of libs/cro/src/domain/templates.ts, written out
//   here); "Product call to action" chosen, the job runs and the campaign's page shows its end
//   without a reload (it reads the campaign every 2 s while `generation` runs): "Generation
//   finished: 3 CTAs made" and a link per product of Demo Shop (apps/api/src/demo/cro.seed.ts:
//   Brass watering can, Ceramic pot, Plant food, in name order), named "{campaign}: {product}";
//   the first link opens that CTA;
// - on a website without products the job fails, and the page says so with the job's reason;
// - on the campaigns list, two selected drafts, bulk "Generate CTAs" asks for the template, then the
//   results dialog says "Generate CTAs: 2 of 2 done" with OK for both, and both campaigns end with
//   three CTAs each.
// Pictures: test-results/cro-generate-*.png.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { OWNER, setups, signIn, type Agent } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

/** The starter templates, by name (the dialog's order) with the caption of their type. */
const STARTERS = [
  ['Announcement bar', 'Bar · starter template'],
  ['Contact form', 'Form · starter template'],
  ['Exit-intent offer', 'Popup · starter template'],
  ['Newsletter sign-up', 'Form · starter template'],
  ['One-question survey', 'Form · starter template'],
  ['Product call to action', 'Product cta · starter template'],
  ['Scroll slide-in', 'Popup · starter template'],
];

/** Demo Shop's products, in name order. */
const DEMO_SHOP_PRODUCTS = ['Brass watering can', 'Ceramic pot', 'Plant food'];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `CRO campaign generation in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    let page: Page;
    let owner: Agent;
    let shop: { id: string; domain: string };

    const shot = async (name: string) => {
      await page.screenshot({ path: `${screenshots}cro-generate-${name}.png`, animations: 'disabled' });
    };

    const campaign = async (websiteId: string, name: string, url: string) => {
      const made = await owner
        .post('/api/campaigns')
        .send({ websiteId, name, url, containers: [], pageRules: { operator: 'or', rules: [] } });
      expectWith(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.id as string;
    };

    /** The templates the dialog offers: name and caption, in order. */
    const offered = async (dialog: ReturnType<Page['locator']>) =>
      Promise.all(
        (await dialog.locator('[data-template]').all()).map(async (label) => [
          await label.locator('[data-template-name]').innerText(),
          await label.locator('[data-template-type-name]').innerText(),
        ]),
      );

    beforeAll(async () => {
      session = await openConsole(setup!, { viewport: { width: 1440, height: 1000 } });
      owner = await signIn(session.app.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as Array<{ id: string; name: string; domain: string }>;
      shop = websites.find((w) => w.name === 'Demo Shop')!;
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it("generates a campaign's CTAs from a starter template: the dialog, the job's end, links to the CTAs made", async () => {
      const name = `Generated ${Date.now()}`;
      const id = await campaign(shop.id, name, `https://${shop.domain}/generated`);
      page = await newPage(session, OWNER, `/#/campaigns/${id}`);

      // Nothing generated yet: no panel.
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      expect(await page.locator('[data-generation]').count()).toBe(0);
      await page.locator('[data-action="Generate"]').click();
      const dialog = page.getByRole('dialog', { name: 'Generate CTAs from a template' });
      await dialog.locator('[data-template]').first().waitFor();
      expect(await offered(dialog)).toEqual(STARTERS);
      const start = dialog.getByRole('button', { name: 'Generate', exact: true });
      expect(await start.isDisabled()).toBe(true);
      await dialog.getByRole('radio', { name: /^Product call to action/ }).check();
      // The type narrows the list.
      await dialog.locator('[data-template-type]').locator('..').click();
      await page.getByRole('option', { name: 'Form', exact: true }).click();
      expect((await offered(dialog)).map(([n]) => n)).toEqual([
        'Contact form',
        'Newsletter sign-up',
        'One-question survey',
      ]);
      await dialog.locator('[data-template-type]').locator('..').click();
      await page.getByRole('option', { name: 'Product cta', exact: true }).click();
      expect(await offered(dialog)).toEqual([['Product call to action', 'Product cta · starter template']]);
      expect(await dialog.getByRole('radio', { name: /^Product call to action/ }).isChecked()).toBe(true);
      await shot('01-dialog');
      await start.click();
      await dialog.waitFor({ state: 'hidden' });

      // While it runs (if the page sees it running) the progress, then the outcome, without a reload.
      const panel = page.locator('[data-generation]');
      await panel.waitFor();
      if ((await panel.getAttribute('data-generation')) === 'running') {
        expect(await panel.locator('[data-generation-progress]').innerText()).toMatch(/^Generating CTAs/);
        await shot('02-running');
      }
      await poll(() => panel.getAttribute('data-generation'), { timeout: 20_000 }).toBe('finished');
      expect(await panel.locator('[data-generation-outcome]').innerText()).toBe('Generation finished: 3 CTAs made');
      const links = panel.locator('[data-generated-cta]');
      await poll(() => links.allInnerTexts(), { timeout: 10_000 }).toEqual(
        DEMO_SHOP_PRODUCTS.map((product) => `${name}: ${product}`),
      );
      await shot('03-finished');

      // The links are the CTAs the record names, each to its page.
      const record = (await owner.get(`/api/campaigns/${id}`)).body as {
        generation: unknown;
        lastGeneration: { outcome: string; ctaIds: string[] };
      };
      expect(record.generation).toBeNull();
      expect(record.lastGeneration.outcome).toBe('finished');
      const hrefs = await Promise.all((await links.all()).map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual(record.lastGeneration.ctaIds.map((cta) => `#/ctas/${cta}`));
      // The running job is over: Generate is offered again, Cancel generation is not.
      expect(await page.locator('[data-action="Generate"]').isVisible()).toBe(true);
      expect(await page.locator('[data-action="CancelGeneration"]').count()).toBe(0);
      await links.first().click();
      await page.waitForURL(`**/#/ctas/${record.lastGeneration.ctaIds[0]}`);
      await page.getByRole('heading', { name: `${name}: Brass watering can`, level: 1 }).waitFor();
    });

    it('says why a generation failed: a website without products', async () => {
      const site = await owner.post('/api/websites').send({ name: 'Bare Garden', url: 'https://bare-garden.example' });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      const id = await campaign(site.body.id, 'Nothing to promote', 'https://bare-garden.example/tools');
      page = await newPage(session, OWNER, `/#/campaigns/${id}`);
      await page.locator('[data-action="Generate"]').click();
      const dialog = page.getByRole('dialog', { name: 'Generate CTAs from a template' });
      await dialog.getByRole('radio', { name: /^Announcement bar/ }).check();
      await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
      const panel = page.locator('[data-generation]');
      await poll(() => panel.getAttribute('data-generation'), { timeout: 20_000 }).toBe('failed');
      expect(await panel.locator('[data-generation-outcome]').innerText()).toBe('The last generation failed');
      expect(await panel.locator('[data-generation-reason]').innerText()).toBe(
        'The website has no products to promote',
      );
      await shot('04-failed');
    });

    it('generates for two selected campaigns at once: the template asked once, one OK result per campaign', async () => {
      const stamp = Date.now();
      const names = [`Bulk gen A ${stamp}`, `Bulk gen B ${stamp}`];
      const ids = [
        await campaign(shop.id, names[0]!, `https://${shop.domain}/a`),
        await campaign(shop.id, names[1]!, `https://${shop.domain}/b`),
      ];
      page = await newPage(session, OWNER, '/#/campaigns');
      const row = (name: string) => page.locator('tbody tr', { hasText: name });
      await row(names[0]!).waitFor();
      for (const name of names) await row(name).getByRole('checkbox').check();
      await page.locator('[data-bulk-action="Generate"]').click();

      const ask = page.getByRole('dialog', { name: 'Generate CTAs for 2 campaigns' });
      await ask.locator('[data-template]').first().waitFor();
      expect(await offered(ask)).toEqual(STARTERS);
      await ask.getByRole('radio', { name: /^Announcement bar/ }).check();
      await shot('05-bulk-dialog');
      await ask.getByRole('button', { name: 'Generate', exact: true }).click();

      const results = page.locator('[data-bulk-results]').getByRole('dialog');
      await results.waitFor();
      await expect(results.locator('#cro-bulk-title').innerText()).resolves.toBe('Generate CTAs: 2 of 2 done');
      const items = await results.locator('li[data-result]').all();
      const rows = await Promise.all(
        items.map(async (item) => [
          await item.locator('[data-name]').innerText(),
          await item.getAttribute('data-result'),
          await item.getAttribute('data-id'),
        ]),
      );
      expect(rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
        [names[0], 'ok', ids[0]],
        [names[1], 'ok', ids[1]],
      ]);
      await shot('06-bulk-results');
      await results.getByRole('button', { name: 'Close' }).click();

      // Each campaign's job ends with a CTA per product of Demo Shop, from the bar template.
      for (const [index, id] of ids.entries()) {
        await poll(
          async () =>
            ((await owner.get(`/api/campaigns/${id}`)).body as { lastGeneration?: { outcome: string } }).lastGeneration
              ?.outcome,
          { timeout: 20_000 },
        ).toBe('finished');
        const ctaIds = ((await owner.get(`/api/campaigns/${id}`)).body as { lastGeneration: { ctaIds: string[] } })
          .lastGeneration.ctaIds;
        const ctas = await Promise.all(
          ctaIds.map(
            async (cta) => (await owner.get(`/api/ctas/${cta}`)).body as { name: string; type: string; status: string },
          ),
        );
        expect(ctas.map((cta) => [cta.name, cta.type, cta.status])).toEqual(
          DEMO_SHOP_PRODUCTS.map((product) => [`${names[index]}: ${product}`, 'bar', 'draft']),
        );
      }
    });
  },
);
