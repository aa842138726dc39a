// The organisation's Billing tab in the built console in Chromium, against the real API with the
// demo data: the demo owner sees Scale as the plan and switches to Starter.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { setups, signIn } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const DEMO = { email: 'owner@demo.example', password: 'Demo-pass-1' };

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `billing in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;

    const shot = (name: string) => page.screenshot({ path: `${screenshots}billing-${name}.png`, fullPage: true });
    const plan = (id: string) => page.locator(`[data-plan="${id}"]`);
    const current = () => page.locator('[data-plan][data-current="true"]');

    /** Puts Demo Publishing on `plan` through the API (as its owner), unless it is on it already; its id. */
    const onPlan = async (plan: 'starter' | 'growth' | 'scale'): Promise<string> => {
      const owner = await signIn(app.url, DEMO);
      const orgId = (await owner.get('/api/auth/user')).body.organisations[0].id as string;
      if ((await owner.get(`/api/organisations/${orgId}/billing`)).body.plan !== plan) {
        const changed = await owner.post(`/api/organisations/${orgId}/actions/ChangePlan`).send({ plan });
        expectWith(changed.status, JSON.stringify(changed.body)).toBe(200);
      }
      return orgId;
    };

    beforeAll(async () => {
      session = await openConsole(setup);
      ({ app } = session);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('logs in, opens Demo Publishing and its Billing tab: Scale is the current plan', async () => {
      // The demo's plan (another test may have changed it).
      await onPlan('scale');
      page = await newPage(session, DEMO);

      await page.getByRole('menuitem', { name: 'Organisations' }).click();
      await page.waitForURL(/#\/organisations/);
      await page.getByRole('row').filter({ hasText: 'Demo Publishing' }).first().click();
      await page.waitForURL(/#\/organisations\/[^/]+\/show/);
      await page.getByRole('tab', { name: 'Billing' }).click();
      await page.waitForURL(/#\/organisations\/[^/]+\/show\/billing/);

      await current().waitFor();
      expect(await current().getAttribute('data-plan')).toBe('scale');
      await plan('scale').getByText('Current plan').waitFor();
      await page.getByText('Current plan: Scale').waitFor();
      // Scale includes every product; Starter only the CMS.
      for (const product of ['CMS', 'Community', 'Strategy', 'CRO', 'Video', 'Experts']) {
        await plan('scale').getByText(product, { exact: true }).waitFor();
      }
      expect(await plan('starter').locator('.MuiChip-root').allTextContents()).toEqual(['CMS']);
      // The owner may switch to the other plans, not to the current one.
      await plan('starter').getByRole('button', { name: 'Switch to Starter' }).waitFor();
      await plan('growth').getByRole('button', { name: 'Switch to Growth' }).waitFor();
      expect(await plan('scale').getByRole('button').count()).toBe(0);
      await shot('01-scale');
    });

    it('switches to Starter after confirming: notified, Starter is current', async () => {
      const orgId = await onPlan('scale');
      page = await newPage(session, DEMO, `/#/organisations/${orgId}/show/billing`);
      await poll(() => current().getAttribute('data-plan')).toBe('scale');
      await plan('starter').getByRole('button', { name: 'Switch to Starter' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Switch to Starter?').waitFor();
      await dialog.getByText('"Demo Publishing" will move from Scale to Starter and will include: CMS.').waitFor();
      // A downgrade lists what will be lost before it is confirmed: everything Scale has beyond the CMS.
      const losses = dialog.getByTestId('plan-losses');
      await losses.getByText('On Starter the organisation loses these 5 products:').waitFor();
      expect(await losses.getByRole('listitem').allTextContents()).toEqual([
        'Community',
        'Strategy',
        'CRO',
        'Video',
        'Experts',
      ]);
      await page.waitForTimeout(300); // let the dialog fade in for the screenshot
      await shot('02-confirm');
      await dialog.getByRole('button', { name: 'Switch to Starter' }).click();

      await page.getByText('Plan changed to Starter').waitFor();
      await poll(() => current().getAttribute('data-plan')).toBe('starter');
      await page.getByText('Current plan: Starter').waitFor();
      await plan('scale').getByRole('button', { name: 'Switch to Scale' }).waitFor();
      expect(await plan('starter').getByRole('button').count()).toBe(0);
      await shot('03-starter');
      // An upgrade loses nothing: its confirmation lists no losses (cancelled here).
      await plan('scale').getByRole('button', { name: 'Switch to Scale' }).click();
      await dialog.getByText('Switch to Scale?').waitFor();
      expect(await dialog.getByTestId('plan-losses').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    it('shows the upgrade prompt on a product the plan does not include', async () => {
      // The Starter plan has no community: its screen offers the upgrade instead.
      await onPlan('starter');
      page = await newPage(session, DEMO, '/#/questions');
      await page.getByText('Upgrade to access').first().waitFor();
      await shot('04-community-upgrade');
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (the Billing tab once more), then every page the file opened.
      const orgId = await onPlan('scale');
      page = await newPage(session, DEMO, `/#/organisations/${orgId}/show/billing`);
      await current().waitFor();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
