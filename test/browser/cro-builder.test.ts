// The CTA builder's template picker and live preview (apps/console/src/cro: CtaTemplatePicker.tsx,
// CtaPreview.tsx), in the built console in Chromium against the real API with the demo data, as the
// demo owner (a CRO admin of Demo Shop):
// - a new CTA starts from a template: the picker shows the starter templates (libs/cro/src/domain/
//   templates.ts) as cards, filterable by type; "Newsletter sign-up" fills the form with its items;
//   named and saved, the API answers the CTA with exactly those items; saved as a template, it is
//   listed under the organisation's own;
// - the live preview is drawn by the real tracker (`/tracker.js` with `data-preview`, in an iframe):
//   it shows the CTA's button, follows an edit of an item's label, and sends nothing to
//   /api/public/collect, not even when its form is sent;
// - the templates' error state (the request fails) offers to try again; on a phone the preview is
//   below the form.
// Pictures: test-results/cro-builder-*.png.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { OWNER, setups, signIn, type Agent } from '../e2e/setups.js';
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

/** The starter template "Newsletter sign-up"'s items, written out from libs/cro/src/domain/templates.ts. */
const NEWSLETTER_ITEMS = [
  { type: 'heading', label: 'Get our best tips' },
  { type: 'email', label: 'Email', name: 'email', required: true },
  { type: 'consent', label: 'I agree to receive emails', name: 'consent', required: true },
  { type: 'button', label: 'Subscribe' },
];

/** The starter templates of type popup (templates.ts): the cards the Popup filter leaves. */
const POPUP_TEMPLATES = ['Exit-intent offer', 'Scroll slide-in'];

const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `the CTA builder in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    let page: Page;
    let owner: Agent;

    const shot = async (name: string, fullPage = true) => {
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: `${screenshots}cro-builder-${name}.png`, fullPage, animations: 'disabled' });
    };
    /** Every request of the page's context (its iframes too) to the tracker's collect route. */
    const watchCollect = (target: Page) => {
      const sent: string[] = [];
      target.context().on('request', (request: Request) => {
        if (new URL(request.url()).pathname === '/api/public/collect')
          sent.push(`${request.method()} ${request.url()}`);
      });
      return sent;
    };
    const preview = () => page.frameLocator('[data-preview-pane] iframe[data-cta-preview]');
    const itemLabels = () =>
      page.getByRole('region', { name: 'Items' }).getByRole('textbox', { name: 'Label', exact: true });

    beforeAll(async () => {
      session = await openConsole(setup!, { viewport: { width: 1600, height: 1000 } });
      owner = await signIn(session.app.url, OWNER);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it("starts a CTA from the newsletter template, saves it with the template's items, and previews it live without sending events", async () => {
      // The owner (a CRO admin) is offered New CTA on the list (GET /api/auth/user's creates names ctas).
      page = await newPage(session, OWNER, '/#/ctas');
      await page.getByRole('link', { name: 'New CTA' }).click();
      await page.waitForURL(/#\/ctas\/create$/);
      const collected = watchCollect(page);

      // The picker: the starter templates, filtered to popups by the type chips.
      await page.getByRole('heading', { name: 'Choose a template' }).waitFor();
      const starters = page.getByRole('region', { name: 'Starter templates' });
      await starters.locator('[data-template="starter-newsletter-form"]').waitFor();
      await page.locator('[data-type-filter="popup"]').click();
      await poll(() => starters.locator('[data-template]:not([data-template="blank"]) h3').allInnerTexts()).toEqual(
        POPUP_TEMPLATES,
      );
      await page.locator('[data-type-filter="all"]').click();
      await shot('01-picker');
      await page.getByRole('button', { name: 'Use the template “Newsletter sign-up”' }).click();

      // The form, filled from the template: type Form, its four items; only the name and the website are left.
      await page.locator('[data-started-from="starter-newsletter-form"]').waitFor();
      await poll(async () => Promise.all((await itemLabels().all()).map((input) => input.inputValue()))).toEqual(
        NEWSLETTER_ITEMS.map((item) => item.label),
      );
      expect(await page.getByRole('combobox', { name: 'Type' }).innerText()).toBe('Form');
      // The preview draws it already, with the real tracker.
      await preview().getByRole('button', { name: 'Subscribe' }).waitFor();
      await preview().getByRole('heading', { name: 'Get our best tips' }).waitFor();

      const name = `Tips sign-up ${Date.now()}`;
      await chooseOption(page, 'Website', 'Demo Shop');
      await fillSettled(page, { Name: name });
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/#\/ctas\/(?!create$)[^/]+$/);
      const id = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);

      // Through the API: the template's items, as written out above.
      const saved = (await owner.get(`/api/ctas/${encodeURIComponent(id)}`)).body as {
        name: string;
        type: string;
        items: unknown[];
      };
      expectWith({ name: saved.name, type: saved.type, items: saved.items }, 'the saved CTA through the API').toEqual({
        name,
        type: 'form',
        items: NEWSLETTER_ITEMS,
      });

      // Saved as a template of the organisation: the picker lists it under the organisation's own.
      await page.getByRole('button', { name: 'Save as template' }).click();
      await page.getByText('Save as template: done').waitFor();
      const picker = await session.browser.newContext({
        storageState: await page.context().storageState(),
        viewport: { width: 1600, height: 1000 },
      });
      try {
        const other = await picker.newPage();
        await other.goto(`${session.app.url}/#/ctas/create`);
        const own = other.getByRole('region', { name: "Your organisation's templates" });
        await own.getByRole('button', { name: `Use the template “${name}”` }).waitFor();
        await other.locator('[data-type-filter="popup"]').click();
        await own.getByText('None of this type.').waitFor();
      } finally {
        await picker.close();
      }

      // The editor's preview follows an edit of the button's label.
      await preview().getByRole('button', { name: 'Subscribe' }).waitFor();
      // (Typed again if the edit form, just mounted, was reset by its record: see fillSettled.)
      for (let attempt = 1; attempt <= 3; attempt++) {
        await itemLabels().nth(3).fill('Join the list');
        await page.waitForTimeout(500);
        if ((await itemLabels().nth(3).inputValue()) === 'Join the list') break;
      }
      await preview().getByRole('button', { name: 'Join the list' }).waitFor();
      await poll(() => preview().getByRole('button', { name: 'Subscribe' }).count()).toBe(0);

      // Sent in the preview: checked and thanked, but nothing is collected.
      await preview().getByRole('button', { name: 'Join the list' }).click();
      await preview().getByText('Please fill all fields marked in red').waitFor();
      await preview().getByRole('textbox', { name: 'Email' }).fill('visitor@example.com');
      await preview().getByRole('checkbox').check();
      await preview().getByRole('button', { name: 'Join the list' }).click();
      await preview().getByText('Thank you!').waitFor();
      await page.getByRole('button', { name: 'Show again' }).click();
      await preview().getByRole('button', { name: 'Join the list' }).waitFor();
      // Desktop: the page at 1024 px, scaled into the pane.
      await page.getByRole('button', { name: 'Desktop' }).click();
      await page.locator('[data-preview-pane] iframe[data-cta-preview="desktop"]').waitFor();
      await preview().getByRole('button', { name: 'Join the list' }).waitFor();
      await page.waitForTimeout(1_500);
      await page.mouse.move(0, 0);
      await page
        .getByRole('button', { name: 'Dismiss' })
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      await shot('02-editor-preview', false);
      expectWith(collected, 'requests of the preview to /api/public/collect').toEqual([]);
    }, 120_000);

    it('previews a popup template over the page, on a phone below the form', async () => {
      // A phone from the start (the menu is then a closed drawer).
      page = await newPage(session, OWNER);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${session.app.url}/#/ctas/create`);
      await page.reload();
      await page.getByRole('button', { name: 'Use the template “Exit-intent offer”' }).click();
      const frame = page.frameLocator('[data-preview-pane] iframe[data-cta-preview="mobile"]');
      await frame.getByRole('dialog', { name: 'Before you go: 10% off' }).waitFor();
      await frame.getByRole('button', { name: 'Send me the code' }).waitFor();
      // Below the form: the pane starts under the name input.
      const nameBox = await page.getByRole('textbox', { name: 'Name', exact: true }).boundingBox();
      const paneBox = await page.locator('[data-preview-pane]').boundingBox();
      expectWith(
        paneBox!.y > nameBox!.y + nameBox!.height,
        `the preview (y ${paneBox!.y}) under the name (y ${nameBox!.y})`,
      ).toBe(true);
      expectWith(paneBox!.width, 'the preview as wide as the phone, less the margins').toBeGreaterThan(300);
      await page.locator('[data-preview-pane]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshots}cro-builder-03-phone.png`, animations: 'disabled' });
    });

    it('says when the templates could not be loaded, and loads them on "Try again"', async () => {
      page = await newPage(session, OWNER, '/#/ctas');
      // The templates' requests fail (react-query's retries too) until the error is shown.
      let failing = true;
      await page.route('**/api/cta-templates**', async (route) => {
        if (failing) await route.abort('failed');
        else await route.continue();
      });
      await page.goto(`${session.app.url}/#/ctas/create`);
      const alert = page.getByRole('alert').filter({ hasText: 'The templates could not be loaded' });
      await alert.waitFor({ timeout: 30_000 });
      failing = false;
      // Blank stays available.
      await page.locator('[data-template="blank"]').waitFor();
      await alert.getByRole('button', { name: 'Try again' }).click();
      await page.locator('[data-template="starter-newsletter-form"]').waitFor();
      await expect(alert.count()).resolves.toBe(0);
    });
  },
);
