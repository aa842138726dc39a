// Nothing offered that ends in "forbidden" (issue 12, point 1), in Debian's Chromium at 1440 px:
// each demo role (owner, editor, writer, fact checker) and a visitor in demo mode opens every entry
// of their menu; no page they are offered answers 403 to anything it asks, and a Create, Invite or
// Ask button shows only where the API accepts the create (typed by hand below from the spec's roles).
// A refused page opened by its address says it is refused. Screenshots in test-results/.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { pageQuiet, trackRequests, type InFlight } from '../support/page-events.js';
import { requires } from '../support/requires.js';
import { EDITOR, OWNER, WRITER, setups } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, signUp, type ConsoleSession } from './chromium.js';

const CHECKER = { email: 'checker@demo.example', password: 'Demo-pass-1' };
const hasChromium = existsSync(CHROMIUM_PATH);
const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
const setup = setups[0];

/** Where each role may create (from the spec's roles; the console shows the button only there). */
const CREATE_BUTTONS: Record<string, { websites: boolean; members: boolean }> = {
  owner: { websites: true, members: true },
  editor: { websites: false, members: false },
  writer: { websites: false, members: false },
  checker: { websites: false, members: false },
  demo: { websites: false, members: false },
};

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `offered controls by role in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    let page: Page;

    /** Each page's requests in flight, counted from its creation. */
    const requestsOf = new WeakMap<Page, InFlight>();
    /** No request in flight and none the answers lead to: whatever a 403 or a button depends on has arrived. */
    const quiet = () => pageQuiet(page, requestsOf.get(page)!);

    beforeAll(async () => {
      session = await openConsole(setup!, {
        viewport: { width: 1440, height: 900 },
        prepare: async (context) => context.on('page', (created) => requestsOf.set(created, trackRequests(created))),
      });
    }, 120_000);
    afterEach(() => closePages(session));
    afterAll(async () => session?.close());

    const menu = () => page.getByRole('menu', { name: 'Main menu' });

    /** Opens every menu entry; answers the 403s the pages received, by entry. */
    const walkMenu = async (who: string) => {
      const refused: string[] = [];
      let current = '';
      page.on('response', (response) => {
        if (response.status() === 403) refused.push(`${current}: ${response.request().method()} ${response.url()}`);
      });
      await menu().getByRole('menuitem').first().waitFor();
      // The menu is complete once the requests it is built from have answered.
      await quiet();
      const count = await menu().getByRole('menuitem').count();
      const labels: string[] = [];
      for (let i = 0; i < count; i += 1) labels.push((await menu().getByRole('menuitem').nth(i).innerText()).trim());
      for (const [i, label] of labels.entries()) {
        current = label;
        await menu().getByRole('menuitem').nth(i).click();
        await quiet();
        await page.screenshot({
          path: `${screenshots}offered-${who}-${label.replace(/\W+/g, '-').toLowerCase()}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      }
      return { labels, refused };
    };

    const createButtonOn = async (path: string, name: RegExp) => {
      // The page's list (GET /api{path}) answered, then every request it led to: the rights the
      // button depends on have arrived.
      const listed = page.waitForResponse(
        (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `/api${path}`,
      );
      await page.goto(`${session.app.url}/#${path}`);
      await listed;
      await quiet();
      return page.getByRole('link', { name }).count();
    };

    for (const [who, credentials] of Object.entries({
      owner: OWNER,
      editor: EDITOR,
      writer: WRITER,
      checker: CHECKER,
    })) {
      it(`the ${who} meets no 403 in any menu entry, and sees Create and Invite only where allowed`, async () => {
        page = await newPage(session, credentials);
        const { labels, refused } = await walkMenu(who);
        expect(labels.length).toBeGreaterThan(3);
        expectWith(refused, `${who}'s menu entries answered 403`).toEqual([]);
        expectWith(await createButtonOn('/websites', /^Create$/), `${who}: Websites → Create`).toBe(
          CREATE_BUTTONS[who]!.websites ? 1 : 0,
        );
        expectWith(await createButtonOn('/members', /^Invite member$/), `${who}: Members → Invite`).toBe(
          CREATE_BUTTONS[who]!.members ? 1 : 0,
        );
        if (who === 'checker') {
          expect(labels).not.toContain('Audit');
          expect(labels).not.toContain('Workflow report');
          // Opened by its address, the audit says it is refused: no empty list with a total.
          await page.goto(`${session.app.url}/#/audit`);
          await page.getByText('You do not have access to').first().waitFor();
          expect(await page.getByText(/\d+-\d+ of \d+/).count()).toBe(0);
          // Said once, in the list: no notification repeats the refusal (every request of the page answered).
          await quiet();
          expect(await page.locator('[data-notification]').count()).toBe(0);
          await page.screenshot({
            path: `${screenshots}offered-checker-audit-by-address.png`,
            fullPage: true,
            animations: 'disabled',
          });
        }
      }, 120_000);
    }

    it('a visitor in demo mode meets no 403 in any menu entry and is offered no Create or Invite', async () => {
      page = await newPage(session, null, '/signup');
      await signUp(page, session.app.url, {
        name: 'Dee Visitor',
        email: 'dee@visitor.example',
        password: 'Visitor-pass-1',
        orgName: 'Dee Co',
      });
      const entered = await page.request.post(`${session.app.url}/api/auth/demo/enter`, {
        headers: { Origin: session.app.url },
        data: {},
      });
      expect(entered.status()).toBe(200);
      await page.goto(`${session.app.url}/#/`);
      const { refused, labels } = await walkMenu('demo');
      expectWith(refused, 'demo menu entries answered 403').toEqual([]);
      expect(labels).not.toContain('Audit');
      expectWith(await createButtonOn('/websites', /^Create$/), 'demo: Websites → Create').toBe(0);
      expectWith(await createButtonOn('/members', /^Invite member$/), 'demo: Members → Invite').toBe(0);
      expectWith(await createButtonOn('/organisations', /^Create$/), 'demo: Organisations → Create').toBe(0);
    }, 120_000);
  },
);
