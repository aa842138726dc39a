// Bulk actions with a result per record, and the date range picker, in the built console in Chromium
// against the real API with the demo data (issue 13, "Console"):
// - two draft campaigns of Demo Shop, one with a page URL and one without (publishing needs one:
//   "Please enter a valid content page URL."), both selected on the campaigns list and published
//   with the bulk Publish button: the results dialog names the first with OK and the second with
//   the API's "failed to change status to live. Please try again later.", and the list shows the
//   first live and the second still a draft;
// - a live form CTA with two submissions, one sent a minute ago and one 40 days ago: its
//   Submissions tab shows both for All time, only the recent one for the last 7 and 28 days, the old
//   one again for the last 3 months, and only the old one for a custom range of its own day.
// Pictures: test-results/cro-bulk-*.png.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { OWNER, listQuery, setups, signIn, type Agent } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `CRO bulk actions and the date range picker in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    let page: Page;
    let owner: Agent;
    let shop: { id: string; key: string; domain: string };

    const shot = async (name: string) => {
      await page.screenshot({ path: `${screenshots}cro-bulk-${name}.png`, animations: 'disabled' });
    };

    beforeAll(async () => {
      session = await openConsole(setup!, { viewport: { width: 1440, height: 1000 } });
      owner = await signIn(session.app.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as Array<{
        id: string;
        name: string;
        key: string;
        domain: string;
      }>;
      shop = websites.find((w) => w.name === 'Demo Shop')!;
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it("publishes two selected campaigns: one OK, one refused in the API's words, and the list shows the new status", async () => {
      const stamp = Date.now();
      const ready = `Bulk ready ${stamp}`;
      const unready = `Bulk without URL ${stamp}`;
      for (const body of [{ name: unready }, { name: ready, url: `https://${shop.domain}/bulk` }]) {
        const res = await owner.post('/api/campaigns').send({ websiteId: shop.id, ...body });
        expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      }
      page = await newPage(session, OWNER, '/#/campaigns');
      const row = (name: string) => page.locator('tbody tr', { hasText: name });
      await row(ready).waitFor();
      await row(ready).getByRole('checkbox').check();
      await row(unready).getByRole('checkbox').check();
      await page.locator('[data-bulk-action="Publish"]').click();

      const dialog = page.locator('[data-bulk-results]').getByRole('dialog');
      await dialog.waitFor();
      await expect(dialog.locator('#cro-bulk-title').innerText()).resolves.toBe('Publish: 1 of 2 done');
      const text = async (item: ReturnType<typeof dialog.locator>, selector: string) =>
        (await item.locator(selector).count()) ? item.locator(selector).innerText() : null;
      const results = async () => {
        const items = await dialog.locator('li[data-result]').all();
        return Promise.all(
          items.map(async (item) => ({
            name: await text(item, '[data-name]'),
            result: await item.getAttribute('data-result'),
            error: await text(item, '[data-error]'),
            reason: await text(item, '[data-reason]'),
          })),
        );
      };
      expect((await results()).sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual([
        { name: ready, result: 'ok', error: null, reason: null },
        {
          name: unready,
          result: 'failed',
          error: 'failed to change status to live. Please try again later.',
          reason: 'Please enter a valid content page URL.',
        },
      ]);
      await shot('01-results');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The list was read again: the first is live, the second still a draft; nothing stays selected.
      await poll(() => row(ready).locator('[data-status]').getAttribute('data-status'), { timeout: 10_000 }).toBe(
        'live',
      );
      expect(await row(ready).locator('[data-status]').innerText()).toBe('Live');
      expect(await row(unready).locator('[data-status]').getAttribute('data-status')).toBe('draft');
      expect(await page.locator('tbody input[type="checkbox"]:checked').count()).toBe(0);
      await shot('02-list');
      const found = (await owner.get(`/api/campaigns?${listQuery({ filter: { q: String(stamp) } })}`)).body as {
        name: string;
        status: string;
      }[];
      expect(found.map((c) => `${c.name}: ${c.status}`).sort()).toEqual([`${ready}: live`, `${unready}: draft`]);
    });

    it("narrows a CTA's submissions with the date range picker", async () => {
      const made = await owner.post('/api/ctas').send({
        websiteId: shop.id,
        name: `Range form ${Date.now()}`,
        type: 'form',
        items: [
          { type: 'email', label: 'Email', name: 'email', required: true },
          { type: 'button', label: 'Send' },
        ],
      });
      expectWith(made.status, JSON.stringify(made.body)).toBe(201);
      const cta = made.body.id as string;
      expect((await owner.post(`/api/ctas/${cta}/actions/Publish`).send({})).status).toBe(200);
      // A minute ago, and 40 days ago at noon UTC (early afternoon in Berlin, Demo Shop's timezone: the same day).
      const recent = new Date(Date.now() - 60_000).toISOString();
      const oldDay = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
      const submitted = (id: string, time: string, email: string) => ({
        distinctId: 'visitor-b',
        sessionId: 'session-b',
        id,
        name: 'form_submitted',
        time,
        url: `https://${shop.domain}/range`,
        ctaId: cta,
        fields: { email },
      });
      const collected = await request(session.app.url)
        .post('/api/public/collect')
        .set('Content-Type', 'text/plain')
        .send(
          JSON.stringify({
            siteKey: shop.key,
            events: [
              submitted('b-recent', recent, 'recent@example.com'),
              submitted('b-old', `${oldDay}T12:00:00.000Z`, 'old@example.com'),
            ],
          }),
        );
      expectWith(collected.body, JSON.stringify(collected.body)).toEqual({ accepted: 2, duplicates: 0, rejected: [] });

      page = await newPage(session, OWNER, `/#/ctas/${cta}/submissions`);
      const shown = () =>
        page
          .locator('[data-submissions] tbody tr')
          .allInnerTexts()
          .then((rows) =>
            rows.map((text) =>
              text.includes('recent@example.com') ? 'recent' : text.includes('old@example.com') ? 'old' : text,
            ),
          );
      const choose = async (preset: string) => {
        await page.getByRole('combobox', { name: 'Date range' }).click();
        await page.getByRole('option', { name: preset, exact: true }).click();
      };
      await poll(shown, { timeout: 15_000 }).toEqual(['recent', 'old']);
      await choose('Last 7 days');
      await poll(shown, { timeout: 10_000 }).toEqual(['recent']);
      await choose('Last 28 days');
      await poll(shown, { timeout: 10_000 }).toEqual(['recent']);
      await choose('Last 3 months');
      await poll(shown, { timeout: 10_000 }).toEqual(['recent', 'old']);
      await choose('Custom');
      await page.locator('input[name="from"]').fill(oldDay);
      await page.locator('input[name="to"]').fill(oldDay);
      await poll(shown, { timeout: 10_000 }).toEqual(['old']);
      // The export takes the same days.
      expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(
        new RegExp(`/submissions/export\\?from=${oldDay}&to=${oldDay}$`),
      );
      await shot('03-submissions-custom');
      await choose('All time');
      await poll(shown, { timeout: 10_000 }).toEqual(['recent', 'old']);
    });
  },
);
