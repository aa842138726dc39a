// A website's settings in the built console (Chromium, against the real API with the demo data):
// the Overview, Localisation, Custom code, Analytics and Roles and permissions tabs, the analytics settings, saving custom code,
// removing a member from the website, and the stack of at most 4 dismissable notifications.
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
const ADMINS_STAY = 'Admins cannot be removed from a website because they have access to all websites.';
const ONLY_ADMINS = 'Only owners and admins have access to this website. Give members access from Members.';
const HEAD_CODE = '<script>window.demoTracking = "on";</script>';

interface ApiMember {
  id: string;
  email: string;
  name: string;
  orgRole: string;
  websiteIds: string[];
  version: number;
}

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `website settings in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;
    /** Demo Blog. */
    let website: { id: string; organisationId: string };

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}website-settings-${name}.png`, fullPage: true });
    const show = () => page.locator('.RaShow-main');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    const notifications = () => page.getByRole('region', { name: 'Notifications' }).locator('[data-notification]');
    const memberRow = (name: string) => show().getByRole('row').filter({ hasText: name });

    /** The API as the logged-in browser (the session cookie of the page's context). */
    const api = async <T>(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> => {
      const response = await page.request.fetch(`${app.url}/api/${path}`, {
        method,
        data: body,
        headers: { Origin: app.url },
      });
      expectWith(response.status(), `${method} /api/${path}: ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    };
    const members = () =>
      api<ApiMember[]>(
        'GET',
        `members?filter=${encodeURIComponent(JSON.stringify({ organisationId: website.organisationId }))}`,
      );
    const member = async (email: string) => {
      const found = (await members()).find((m) => m.email === email);
      if (!found) throw new Error(`no member ${email}`);
      return found;
    };

    /** Remove from website on a row, confirmed in the dialog. */
    const removeFromWebsite = async (name: string) => {
      await memberRow(name).getByRole('button', { name: 'Remove from website' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`Remove ${name} from Demo Blog?`).waitFor();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    const dismissAll = async () => {
      for (let shown = await notifications().count(); shown > 0; shown = await notifications().count()) {
        // The first may be closing already (it leaves the page after its animation).
        await notifications()
          .first()
          .getByRole('button', { name: 'Dismiss' })
          .click({ timeout: 2_000 })
          .catch(() => undefined);
        await poll(() => notifications().count()).toBeLessThan(shown);
      }
    };

    /** Demo Blog's page as the demo owner, on a page of the test's own; `tabName` opened when given. */
    const openDemoBlog = async (tabName?: string) => {
      page = await newPage(session, DEMO, `/#/websites/${website.id}/show`);
      await show().getByText('https://blog.demo.example').first().waitFor();
      if (tabName) await tab(tabName).click();
    };

    beforeAll(async () => {
      session = await openConsole(setup);
      ({ app } = session);
      const owner = await signIn(app.url, DEMO);
      const websites = (await owner.get('/api/websites')).body as Array<{
        id: string;
        name: string;
        organisationId: string;
      }>;
      const blog = websites.find((w) => w.name === 'Demo Blog')!;
      website = { id: blog.id, organisationId: blog.organisationId };
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('logs in as the demo owner and opens Demo Blog: Overview, Localisation, Custom code, Roles and permissions, History', async () => {
      // Demo Blog as the demo has it: no site builder connected (the custom code test connects one).
      const owner = await signIn(app.url, DEMO);
      if ((await owner.get(`/api/websites/${website.id}`)).body.siteBuilder) {
        const disconnected = await owner.put(`/api/websites/${website.id}`).send({ siteBuilder: null });
        expectWith(disconnected.status, JSON.stringify(disconnected.body)).toBe(200);
      }
      page = await newPage(session, DEMO);
      await page.getByRole('menuitem', { name: 'Websites' }).click();
      await page.getByRole('cell', { name: 'Demo Blog', exact: true }).click();
      await page.waitForURL(/#\/websites\/[^/]+\/show$/);
      await show().getByRole('tab', { name: 'Overview' }).waitFor();
      const id = /#\/websites\/([^/]+)\/show/.exec(page.url())![1]!;
      website = await api<{ id: string; organisationId: string }>('GET', `websites/${id}`);

      const tabs = await page.getByRole('tab').allTextContents();
      expect(tabs).toEqual([
        'Overview',
        'Localisation',
        'Custom code',
        'Analytics',
        'Roles and permissions',
        'History',
      ]);

      // Overview: the site, its classification and its workflow settings.
      for (const label of [
        'Name',
        'URL',
        'Domain',
        'Status',
        'Category',
        'Type',
        'Industry',
        'Currency',
        'Time zone',
        'Fact-check levels',
        'Review type',
        'Second edit',
        'Customer review',
        'Show the fact checker',
        'Publish content',
        'Regulated industry',
        'Four-eyes rule',
        'Video CMS',
        'CRO proxy',
      ]) {
        await show().getByText(label, { exact: true }).first().waitFor();
      }
      await show().getByText('https://blog.demo.example').waitFor();
      await show().getByText('2 fact-check levels').waitFor();
      await show().getByText('Europe/Berlin').waitFor();
      await show().locator('[data-status="active"]').waitFor();
      await shot('01-overview');

      await tab('Localisation').click();
      await page.waitForURL(/\/show\/localisation$/);
      await show().getByText('Default locale', { exact: true }).waitFor();
      await show().getByText('Locales and URL prefixes', { exact: true }).waitFor();
      await show().getByText('/de', { exact: true }).waitFor();
      await show().getByText('Approving locales', { exact: true }).waitFor();
      await shot('02-localisation');

      await tab('Custom code').click();
      await page.waitForURL(/\/show\/code$/);
      for (const label of [
        'Custom head code',
        'Custom body code',
        'Show in sitemap',
        'CDN distribution id',
        'Site-builder token',
        'Site id',
      ]) {
        await show().getByText(label, { exact: true }).waitFor();
      }
      await show().getByText('Not connected').waitFor();
      await shot('03-custom-code');
    });

    it('lists only the owner under Roles and permissions, with All websites and the empty state', async () => {
      await openDemoBlog('Roles and permissions');
      await page.waitForURL(/\/show\/roles$/);
      const owner = memberRow('Olivia Owner');
      await owner.getByRole('cell', { name: 'All websites', exact: true }).waitFor();
      await owner.getByRole('cell', { name: 'Owner', exact: true }).waitFor();
      await owner.getByText('owner@demo.example').waitFor();
      await owner.locator('[data-status="accepted"]').waitFor();
      await owner.getByRole('link', { name: 'Change role' }).waitFor();
      // The demo's members work on both demo websites (DESIGN.md "Website access": members reach the websites on their membership).
      await memberRow('Wendy Writer').first().waitFor();
      await memberRow('Eddie Editor').first().waitFor();
      await shot('04-roles-only-owner');
    });

    it('edits the custom head code on the Custom code tab and keeps it', async () => {
      await openDemoBlog();
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.waitForURL(/#\/websites\/[^/]+$/);
      const edit = page.locator('.RaEdit-main');
      // Overview's inputs, then Localisation's.
      await poll(() => edit.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Demo Blog');
      const tabs = await edit.getByRole('tab').allTextContents();
      expect(tabs).toEqual(['Overview', 'Localisation', 'Custom code', 'Analytics', 'Roles and permissions']);
      await page.getByRole('combobox', { name: 'Fact-check levels' }).waitFor();
      await page.getByRole('switch', { name: 'Second edit' }).waitFor();
      expect(await page.getByRole('switch', { name: 'Second edit' }).isChecked()).toBe(true);
      await page.getByRole('switch', { name: 'Four-eyes rule' }).waitFor();
      await page.getByRole('combobox', { name: 'Time zone' }).waitFor();
      await shot('05-edit-overview');
      await tab('Localisation').click();
      await poll(() => page.getByRole('textbox', { name: 'Default locale' }).inputValue()).toBe('en');
      await page.getByRole('textbox', { name: 'URL prefix' }).nth(1).waitFor();
      await shot('06-edit-localisation');

      await tab('Custom code').click();
      const head = page.getByRole('textbox', { name: 'Custom head code' });
      await head.fill(HEAD_CODE);
      // (Page code as text: this project compiles without the DOM's types.)
      const headId = await head.getAttribute('id');
      expect(
        await page.evaluate(`getComputedStyle(document.getElementById(${JSON.stringify(headId)})).fontFamily`),
      ).toMatch(/monospace/);
      await page.getByRole('switch', { name: 'Show in sitemap' }).waitFor();
      await page.getByRole('textbox', { name: 'CDN distribution id' }).waitFor();
      // Connecting the site builder: the token and the site id (the collection ids may stay empty).
      await page.getByLabel('Site-builder token').fill('sb-token-12345678');
      await page.getByRole('textbox', { name: 'Site id' }).fill('site-42');
      await page.getByRole('textbox', { name: 'Blog collection id' }).waitFor();
      await shot('07-edit-custom-code');

      await tab('Roles and permissions').click();
      await page
        .getByRole('row')
        .filter({ hasText: 'Olivia Owner' })
        .getByRole('cell', { name: 'All websites' })
        .waitFor();
      // Read only here: removing is on the website's page.
      expect(await page.getByRole('button', { name: 'Remove from website' }).count()).toBe(0);
      await shot('08-edit-roles');

      await page.getByRole('button', { name: 'Save' }).click();
      await notifications().filter({ hasText: 'Website saved' }).waitFor();
      await page.waitForURL(/#\/websites\/[^/]+\/show$/);
      await dismissAll();

      const saved = await api<{ customHeadCode: string; siteBuilder: unknown }>('GET', `websites/${website.id}`);
      expect(saved.customHeadCode).toBe(HEAD_CODE);
      // The API never answers the token itself: only its hint (what a later save sends back to keep it).
      expect(saved.siteBuilder).toEqual({ token: '••••••••5678', tokenHint: '••••••••5678', siteId: 'site-42' });
      await page.reload();
      await tab('Custom code').click();
      await show().getByText(HEAD_CODE).waitFor();
      // The token shows its last characters only.
      await show().getByText('••••5678').waitFor();
      await show().getByText('site-42').waitFor();
      expect(await show().getByText('sb-token-12345678').count()).toBe(0);
      await shot('09-custom-code-saved');
    });

    it('sets the analytics settings on the Analytics tab: tracking domains one per line, an id, the control group', async () => {
      await openDemoBlog();
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.waitForURL(/#\/websites\/[^/]+$/);
      // The edit form, not the show page still on screen while the edit page loads.
      const edit = page.locator('.RaEdit-main');
      await poll(() => edit.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Demo Blog');
      await edit.getByRole('tab', { name: 'Analytics', exact: true }).click();
      const domains = page.getByRole('textbox', { name: 'Tracking domains' });
      await domains.fill('shop.demo-partner.example\nhttps://www.checkout.demo-partner.example/cart');
      await page.getByRole('textbox', { name: 'Google Analytics id' }).fill('G-DEMO12345');
      // A wrong id is refused by the API with its message under the input.
      await page.getByRole('textbox', { name: 'Tag Manager id' }).fill('TM-1');
      const control = page.getByRole('spinbutton', { name: 'Control group size (%)' });
      await control.fill('15');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Please enter a valid Tag Manager id (for example GTM-AB12CD3)').waitFor();
      await page.getByRole('textbox', { name: 'Tag Manager id' }).fill('GTM-DEMO123');
      await shot('09b-edit-analytics');
      await page.getByRole('button', { name: 'Save' }).click();
      await notifications().filter({ hasText: 'Website saved' }).waitFor();
      await page.waitForURL(/#\/websites\/[^/]+\/show$/);
      await dismissAll();

      const saved = await api<{ analytics: Record<string, unknown> }>('GET', `websites/${website.id}`);
      expect(saved.analytics).toEqual({
        trackingDomains: ['shop.demo-partner.example', 'checkout.demo-partner.example'],
        googleAnalyticsId: 'G-DEMO12345',
        facebookPixelId: null,
        tagManagerId: 'GTM-DEMO123',
        segmentWriteKey: null,
        hubspotCtaClickEventId: null,
        controlGroupPct: 15,
      });
      await tab('Analytics').click();
      await show().getByText('shop.demo-partner.example, checkout.demo-partner.example').waitFor();
      await show().getByText('GTM-DEMO123').waitFor();
      await show().getByText('15 %').waitFor();
      await shot('09c-show-analytics');
      // Back as the demo has it (other tests and people look at Demo Blog).
      await api('PUT', `websites/${website.id}`, {
        analytics: { trackingDomains: [], googleAnalyticsId: null, tagManagerId: null, controlGroupPct: 0 },
      });
    });

    it('refuses to remove the owner with the API message', async () => {
      await openDemoBlog('Roles and permissions');
      await removeFromWebsite('Olivia Owner');
      await notifications().filter({ hasText: ADMINS_STAY }).waitFor();
      expect(await notifications().filter({ hasText: ADMINS_STAY }).getAttribute('data-notification')).toBe('error');
      await memberRow('Olivia Owner').waitFor();
      await shot('10-owner-refused');
      await dismissAll();
    });

    it('removes a member with access from the website, but not one who is a contributor on its posts', async () => {
      await openDemoBlog('Roles and permissions');
      // Wendy (who writes demo posts in progress) and Rita get access to Demo Blog through the API.
      const writer = await member('writer@demo.example');
      await api('PUT', `members/${writer.id}`, {
        websiteIds: [...writer.websiteIds, website.id],
        version: writer.version,
      });
      const checker = await member('checker@demo.example');
      await api('PUT', `members/${checker.id}`, {
        websiteIds: [...checker.websiteIds, website.id],
        version: checker.version,
      });
      await page.reload();
      const wendy = memberRow('Wendy Writer');
      const rita = memberRow('Rita Reviewer');
      await wendy.getByRole('cell', { name: 'This website', exact: true }).waitFor();
      await rita.getByRole('cell', { name: 'Member', exact: true }).waitFor();
      expect(await show().getByText(ONLY_ADMINS).count()).toBe(0);
      await shot('11-roles-with-writer');

      await removeFromWebsite('Wendy Writer');
      const contributor = 'A member listed as contributor on posts cannot be removed until others are assigned.';
      await notifications().filter({ hasText: contributor }).waitFor();
      await dismissAll();
      await removeFromWebsite('Rita Reviewer');
      await notifications().filter({ hasText: 'Removed from website' }).waitFor();
      await rita.waitFor({ state: 'detached' });
      expect(await wendy.count()).toBe(1);
      await memberRow('Olivia Owner').waitFor();
      expect((await member('checker@demo.example')).websiteIds).not.toContain(website.id);
      expect((await member('writer@demo.example')).websiteIds).toContain(website.id);
      await shot('12-writer-removed');
      await dismissAll();
    });

    it('shows at most 4 notifications at once, each with Dismiss; the 5th waits for a free place', async () => {
      await openDemoBlog('Roles and permissions');
      await memberRow('Olivia Owner').waitFor();
      // Counts the notifications in the page (those closing included) and every one that appeared
      // (page code as text: this project compiles without the DOM's types).
      await page.evaluate(`(() => {
      window.maxNotifications = 0;
      window.seenNotifications = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node.nodeType !== Node.ELEMENT_NODE) continue;
            window.seenNotifications += node.matches('[data-notification]') ? 1 : node.querySelectorAll('[data-notification]').length;
          }
        }
        window.maxNotifications = Math.max(window.maxNotifications, document.querySelectorAll('[data-notification]').length);
      }).observe(document.body, { childList: true, subtree: true });
    })()`);
      const seen = () => page.evaluate('window.seenNotifications') as Promise<number>;
      const max = () => page.evaluate('window.maxNotifications') as Promise<number>;

      // Five refusals in a row: each an error notification that stays 8 seconds.
      for (let i = 0; i < 5; i++) await removeFromWebsite('Olivia Owner');
      await poll(() => notifications().count()).toBe(4);
      expect(await seen()).toBe(4);
      for (const item of await notifications().all()) {
        expect(await item.textContent()).toContain(ADMINS_STAY);
        await item.getByRole('button', { name: 'Dismiss' }).waitFor();
      }
      await shot('13-four-notifications');

      // Dismissing one makes room for the fifth.
      await notifications().first().getByRole('button', { name: 'Dismiss' }).click();
      await poll(seen).toBe(5);
      await poll(() => notifications().count()).toBe(4);

      // Each Dismiss removes its notification.
      for (let left = 4; left > 0; left--) {
        await notifications().first().getByRole('button', { name: 'Dismiss' }).click();
        await poll(() => notifications().count()).toBe(left - 1);
      }
      expect(await max()).toBeLessThanOrEqual(4);
      await shot('14-notifications-dismissed');
    });

    it('closes a notification by itself after a while', async () => {
      await openDemoBlog('Roles and permissions');
      await removeFromWebsite('Olivia Owner');
      await notifications().filter({ hasText: ADMINS_STAY }).waitFor();
      // Errors stay 8 seconds.
      await notifications().first().waitFor({ state: 'detached', timeout: 12_000 });
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (Demo Blog's roles once more), then every page the file opened.
      await openDemoBlog('Roles and permissions');
      await memberRow('Olivia Owner').waitFor();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
