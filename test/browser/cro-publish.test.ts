// A marketer takes a CTA live from the console (issue 27, "Take a CTA live, and keep it live"):
// in the built console in Chromium against the real API with the demo data, at 1440 and at 390 px,
// the demo owner (a CRO admin) and the demo editor (made a CRO editor: roles.ts, "Publish,
// unpublish...": yes) each start a CTA from the "Newsletter sign-up" template, create it, and
// press Publish on its page: the API then answers the CTA `active` (DESIGN.md "CTA widget":
// Publish -> active), and the page shows it as Active and no longer offers Publish. The button's
// Link (a button item's own field) is kept. Saving a live CTA as a draft asks first and names the
// live campaigns that place it; the campaign then warns that the CTA is not live. A webhook is
// connected from the Settings tab (its signing secret shown once, never in the record or its history)
// and disconnected. A CRO creator
// (roles.ts: drafts and submits only) is offered no Publish on the same page.
// Pictures: test-results/cro-publish-*.png.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { EDITOR, OWNER, WRITER, listQuery, setups, signIn, type Agent } from '../e2e/setups.js';
import {
  CHROMIUM_PATH,
  chooseOption,
  closePages,
  fillSettled,
  newPage,
  openConsole,
  type ConsoleSession,
  type Credentials,
} from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
const setup = setups[0];

for (const width of [1440, 390]) {
  requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
    `a CTA from a template to live in Chromium at ${width} px (${setup?.name})`,
    () => {
      let session: ConsoleSession;
      let page: Page;
      let owner: Agent;

      beforeAll(async () => {
        session = await openConsole(setup!, { viewport: { width, height: width > 600 ? 1000 : 844 } });
        owner = await signIn(session.app.url, OWNER);
        // The CRO roles of the demo people: the editor publishes, the writer drafts (roles.ts).
        const organisationId = ((await owner.get('/api/organisations')).body as Array<{ id: string }>)[0]!.id;
        const members = (await owner.get(`/api/members?${listQuery({ filter: { organisationId }, range: [0, 99] })}`))
          .body as Array<{ id: string; email: string }>;
        for (const [email, croRole] of [
          [EDITOR.email, 'editor'],
          [WRITER.email, 'creator'],
        ] as const) {
          const member = members.find((m) => m.email === email)!;
          const changed = await owner.put(`/api/members/${member.id}`).send({ croRole });
          expectWith(changed.status, `CRO role of ${email}`).toBe(200);
        }
      }, 120_000);

      afterEach(() => closePages(session));
      afterAll(async () => {
        await session?.close();
      });

      /** As `who`: a new CTA from the newsletter template, created; answers its id (the page is its edit page). */
      const createFromTemplate = async (who: Credentials, name: string) => {
        page = await newPage(session, who, '/#/ctas/create');
        await page.getByRole('heading', { name: 'Choose a template' }).waitFor();
        await page.getByRole('button', { name: 'Use the template “Newsletter sign-up”' }).click();
        await page.locator('[data-started-from="starter-newsletter-form"]').waitFor();
        await chooseOption(page, 'Website', 'Demo Shop');
        // The button links somewhere (only the button item shows a Link field).
        await fillSettled(page, { Name: name, Link: 'https://shop.example/join' });
        await page.getByRole('button', { name: 'Create' }).click();
        await page.waitForURL(/#\/ctas\/(?!create$)[^/]+$/);
        return decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
      };

      /**
       * The elements reaching past the window's right edge, so that the page scrolls sideways: not
       * those inside a box that clips or scrolls them (a row of tabs that scrolls), nor the app bar.
       */
      const overflowing = (target: Page) =>
        target.evaluate<string[]>(`(() => {
          const past = (box) => box.right > window.innerWidth + 1;
          return Array.from(document.querySelectorAll('body *'))
            .filter((el) => {
              const box = el.getBoundingClientRect();
              if (box.width === 0 || !past(box) || el.closest('header, [role="presentation"]')) return false;
              for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
                if (getComputedStyle(up).overflowX !== 'visible' && !past(up.getBoundingClientRect())) return false;
              return true;
            })
            .slice(0, 5)
            .map((el) => el.tagName.toLowerCase() + '.' + String(el.className).split(' ')[0] + ' (' + Math.round(el.getBoundingClientRect().right) + ' px)');
        })()`);

      const status = async (id: string) => ((await owner.get(`/api/ctas/${id}`)).body as { status: string }).status;

      for (const [who, credentials] of [
        ['the demo owner', OWNER],
        ['a CRO editor', EDITOR],
      ] as const) {
        it(`${who} publishes a CTA made from a template: it is live`, async () => {
          const id = await createFromTemplate(credentials, `Live sign-up ${width} ${Date.now()}`);
          expect(await status(id)).toBe('draft');
          const items = ((await owner.get(`/api/ctas/${id}`)).body as { items: Array<{ type: string; url?: string }> })
            .items;
          expect(items.filter((item) => item.url !== undefined)).toEqual([
            { type: 'button', label: 'Subscribe', url: 'https://shop.example/join' },
          ]);
          const publish = page.getByRole('button', { name: 'Publish', exact: true });
          await publish.waitFor();
          await page.screenshot({ path: `${screenshots}cro-publish-${width}-${who.replace(/ /g, '-')}-draft.png` });
          await publish.click();
          await page.getByText('Publish: done').waitFor();
          await poll(() => status(id)).toBe('active');
          // The page shows the CTA live, and Publish is no longer offered.
          await page.getByText('Active', { exact: true }).first().waitFor();
          await poll(() => page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
          await page.screenshot({ path: `${screenshots}cro-publish-${width}-${who.replace(/ /g, '-')}-live.png` });
          // The editor fits the screen: nothing is wider than the window.
          expectWith(await overflowing(page), `elements past the right edge at ${width} px`).toEqual([]);
        }, 120_000);
      }

      it('taking a live CTA off asks first, naming the live campaigns that place it; the campaign then warns', async () => {
        const websites = (await owner.get('/api/websites')).body as Array<{ id: string; name: string; domain: string }>;
        const shop = websites.find((w) => w.name === 'Demo Shop')!;
        const stamp = `${width} ${Date.now()}`;
        const cta = await owner.post('/api/ctas').send({
          websiteId: shop.id,
          name: `Placed ${stamp}`,
          type: 'form',
          items: [
            { type: 'email', label: 'Email', name: 'email', required: true },
            { type: 'button', label: 'Go' },
          ],
        });
        expect((await owner.post(`/api/ctas/${cta.body.id}/actions/Publish`).send({})).status).toBe(200);
        const campaign = await owner.post('/api/campaigns').send({
          websiteId: shop.id,
          name: `Placing ${stamp}`,
          url: `https://${shop.domain}/placing/`,
          containers: [
            {
              name: 'Top',
              ctaId: cta.body.id,
              devices: ['desktop'],
              position: 'above',
              selector: 'h1',
              selectorType: 'css',
            },
          ],
          pageRules: { operator: 'or', rules: [{ kind: 'contains', value: `https://${shop.domain}/placing` }] },
        });
        expect((await owner.post(`/api/campaigns/${campaign.body.id}/actions/Publish`).send({})).status).toBe(200);

        page = await newPage(session, OWNER, `/#/ctas/${cta.body.id}`);
        const saveDraft = page.getByRole('button', { name: 'Save as draft' });
        await saveDraft.click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Take this CTA off the website?').waitFor();
        await dialog
          .getByText(`These live campaigns place it and will show nothing there: “Placing ${stamp}”.`)
          .waitFor();
        await page.screenshot({ path: `${screenshots}cro-publish-${width}-take-off.png` });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        expect(await status(cta.body.id)).toBe('active');
        await saveDraft.click();
        await page.getByRole('dialog').getByRole('button', { name: 'Save as draft' }).click();
        await poll(() => status(cta.body.id)).toBe('draft');

        // The campaign says its container shows nothing, naming the CTA.
        await page.goto(`${session.app.url}/#/campaigns/${campaign.body.id}`);
        await page
          .locator('[data-placement-warning]')
          .getByText(`The CTA “Placed ${stamp}” is not live: its container shows nothing until it is published`)
          .waitFor();
      }, 120_000);

      it('connects a webhook from the Settings tab (its secret shown once, refused URLs in words) and disconnects it', async () => {
        const websites = (await owner.get('/api/websites')).body as Array<{ id: string; name: string }>;
        const cta = await owner.post('/api/ctas').send({
          websiteId: websites.find((w) => w.name === 'Demo Shop')!.id,
          name: `Hooked ${width} ${Date.now()}`,
          type: 'form',
          items: [
            { type: 'email', label: 'Email', name: 'email', required: true },
            { type: 'button', label: 'Go' },
          ],
        });
        page = await newPage(session, OWNER, `/#/ctas/${cta.body.id}/settings`);
        const panel = page.locator('[data-integrations]');
        await panel.getByText('No integration connected.').waitFor();
        await panel.getByRole('button', { name: 'Connect' }).click();
        const dialog = page.getByRole('dialog', { name: 'Connect an integration' });
        await dialog.getByRole('combobox', { name: 'Integration' }).waitFor();
        expect(await dialog.getByRole('combobox', { name: 'Integration' }).innerText()).toBe('Webhook');
        // A plain-http URL elsewhere than this machine is refused, in words, under its field.
        await dialog.getByRole('textbox', { name: 'Webhook URL' }).fill('http://hooks.example.com/cro');
        await dialog.getByRole('button', { name: 'Connect' }).click();
        await dialog.getByText('The webhook URL must start with https:// (http:// only for localhost)').waitFor();
        await dialog.getByRole('textbox', { name: 'Webhook URL' }).fill('https://hooks.example.com/cro');
        await dialog.getByRole('button', { name: 'Connect' }).click();
        // The signing secret, this once.
        const secretDialog = page.getByRole('dialog', { name: 'Your webhook signing secret' });
        const secret = (await secretDialog.locator('[data-webhook-secret]').innerText()).trim();
        expect(secret.length).toBeGreaterThanOrEqual(16);
        await page.screenshot({ path: `${screenshots}cro-publish-${width}-webhook-secret.png` });
        await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
        await panel.locator('[data-integration="webhook"]').waitFor();
        const stored = await owner.get(`/api/ctas/${cta.body.id}`);
        expect(stored.body.integrations).toEqual([
          { kind: 'webhook', settings: { urlHint: expect.any(String), secretHint: `••••••••${secret.slice(-4)}` } },
        ]);
        // Write-only: neither the record nor its history holds the secret or the URL.
        const history = await owner.get(`/api/ctas/${cta.body.id}/history`);
        for (const text of [JSON.stringify(stored.body), JSON.stringify(history.body)]) {
          expect(text).not.toContain(secret);
          expect(text).not.toContain('hooks.example.com/cro');
        }
        await panel.getByRole('button', { name: 'Disconnect' }).click();
        await panel.getByText('No integration connected.').waitFor();
        expect((await owner.get(`/api/ctas/${cta.body.id}`)).body.integrations).toEqual([]);
      }, 120_000);

      it('a new container of a campaign starts on every device, above or below and CSS chosen (no blank choice)', async () => {
        page = await newPage(session, OWNER, '/#/campaigns/create');
        const containers = page.getByRole('region', { name: 'Containers' });
        await containers.getByRole('button', { name: 'Add' }).click();
        for (const device of ['Desktop', 'Tablet', 'Mobile'])
          await poll(() => containers.getByRole('checkbox', { name: device }).isChecked()).toBe(true);
        expect(await containers.getByRole('combobox', { name: 'Above or below' }).innerText()).toBe('Below');
        expect(await containers.getByRole('combobox', { name: 'Selector type' }).innerText()).toBe('CSS');
        // No empty first choice in the position list.
        await containers.getByRole('combobox', { name: 'Above or below' }).click();
        expect(await page.getByRole('option').allInnerTexts()).toEqual(['Above', 'Below']);
        await page.keyboard.press('Escape');
      }, 120_000);

      it('the CTA list fits the screen', async () => {
        page = await newPage(session, OWNER, '/#/ctas');
        await page.getByRole('link', { name: 'New CTA' }).waitFor();
        await page.getByText('Live sign-up', { exact: false }).first().waitFor();
        await page.screenshot({ path: `${screenshots}cro-publish-${width}-list.png` });
        expectWith(await overflowing(page), `elements past the right edge at ${width} px`).toEqual([]);
      }, 120_000);

      it('a CRO creator drafts a CTA but is offered no Publish', async () => {
        const id = await createFromTemplate(WRITER, `Drafted sign-up ${width} ${Date.now()}`);
        await page.getByRole('button', { name: 'Submit for review' }).waitFor();
        expect(await page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
        expect(await status(id)).toBe('draft');
      }, 120_000);
    },
  );
}
