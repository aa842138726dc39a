// Issue 12 "Done when": each demo role's day in Debian's Chromium, at 1440 and 390 px. A person
// logs in, reads their dashboard (what to do next), opens their queue from it, takes one action,
// and meets one refusal that is never offered. Throughout, no response the pages receive is a 403
// (nothing offered ends in "forbidden") and no page shows JSON or an id. The texts are written out
// from the messages file and the demo data (README: Wendy writes, Eddie edits, Rita checks facts,
// Olivia owns Demo Publishing). Screenshots of every step: test-results/day-{role}-{width}-*.png.
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { setups } from '../e2e/setups.js';
import {
  CHROMIUM_PATH,
  chooseOption,
  closePages,
  fillSettled,
  logIn,
  newPage,
  openConsole,
  type ConsoleSession,
} from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
const setup = setups[0];
const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
mkdirSync(screenshots, { recursive: true });

const PASSWORD = 'Demo-pass-1';
const WIDTHS = [1440, 390] as const;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `each role's day in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;

    beforeAll(async () => {
      session = await openConsole(setup!);
    }, 120_000);
    afterEach(() => closePages(session));
    afterAll(async () => {
      await session?.close();
    });

    interface Day {
      page: Page;
      /** Every 403 the page received: must stay empty. */
      refused: string[];
      /** A screenshot of the step, after checking that what a person reads holds no id and no JSON. */
      step(name: string): Promise<string>;
    }

    const begin = async (who: string, email: string, width: number): Promise<Day> => {
      // The size is the device's from the start (a phone does not shrink after logging in).
      const page = await newPage(session, null, '/about:blank');
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
      });
      await page.goto(`${session.app.url}/`);
      await logIn(page, { email, password: PASSWORD });
      await page.getByText('Here is what needs you today.').waitFor();
      let n = 0;
      const step = async (name: string) => {
        await page.waitForLoadState('networkidle');
        const text = await page.locator('main, #main-content').first().innerText();
        expectWith(text, `${who} at ${width} px, ${name}: an id on the page`).not.toMatch(UUID);
        expectWith(text, `${who} at ${width} px, ${name}: JSON on the page`).not.toContain('{"');
        n += 1;
        await page.screenshot({
          path: `${screenshots}day-${who}-${width}-${String(n).padStart(2, '0')}-${name}.png`,
          fullPage: true,
          animations: 'disabled',
        });
        return text;
      };
      return { page, refused, step };
    };

    /** Opens a post of a list (a table at 1440 px, react-admin's simple list at 390 px) by its title. */
    const openPost = async (page: Page, title: string) => {
      await page.locator('main, #main-content').first().getByText(title, { exact: true }).first().click();
      await page.waitForURL(/#\/posts\/[^/]+$/);
      await page.locator('[data-current="true"][data-stage]').waitFor();
    };

    const noButton = async (page: Page, selector: string, what: string) => {
      await page.waitForLoadState('networkidle');
      expectWith(await page.locator(selector).count(), what).toBe(0);
    };

    for (const width of WIDTHS) {
      it(`a writer: their desk, Your Posts, a new post; never offered Publish (${width} px)`, async () => {
        const { page, refused, step } = await begin('writer', 'writer@demo.example', width);
        const work = page.getByTestId('your-work');
        await work.getByRole('heading', { name: 'Your work' }).waitFor();
        await work.getByRole('list', { name: 'Your posts by stage' }).waitFor();
        // Wendy has no queue to work through and no pipeline: those panels are not offered.
        expect(await page.getByTestId('your-queues').count()).toBe(0);
        expect(await page.getByTestId('pipeline').count()).toBe(0);
        expect(await page.getByTestId('recent-activity').count()).toBe(0);
        await step('dashboard');

        await work.getByRole('button', { name: 'Your posts' }).click();
        await page.waitForURL(/#\/posts/);
        await page.locator('[data-tab="your-posts"][aria-selected="true"]').waitFor();
        await page.getByText('Orchid care for beginners').first().waitFor();
        await step('your-posts');

        await page.getByRole('link', { name: 'Create post' }).click();
        await page.waitForURL(/#\/posts\/create$/);
        await chooseOption(page, 'Website', 'Demo Blog');
        await fillSettled(page, { Title: `Herbs on a windowsill (${width} px)` });
        await step('create');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/#\/posts\/(?!create$)[^/]+$/);
        await page.getByText('Post created').waitFor();
        await page.locator('[data-holder="Wendy Writer"]').waitFor();
        await page.locator('[data-current="true"][data-stage="Writer"]').waitFor();
        await page.locator('[data-action="SubmitForEdit"]').waitFor();
        await step('created');
        // A writer never publishes: the button is not there to be refused.
        await noButton(page, '[data-action="Publish"]', 'a writer is offered Publish');
        // Nor may Wendy add websites: the list offers no Create.
        await page.goto(`${session.app.url}/#/websites`);
        await page.getByText('Demo Blog').first().waitFor();
        await noButton(page, 'a[href="#/websites/create"]', 'a writer is offered Websites → Create');
        await step('websites');
        expectWith(refused, 'the writer met 403').toEqual([]);
      }, 120_000);

      it(`an editor: the queues, the Edit queue, select and release a post; never offered Invite (${width} px)`, async () => {
        const { page, refused, step } = await begin('editor', 'editor@demo.example', width);
        const edit = page.getByTestId('your-queues').locator('[data-queue="Edit"]');
        await edit.getByRole('heading', { name: 'Edit' }).waitFor();
        expect(await page.getByTestId('pipeline').count()).toBe(0);
        await step('dashboard');

        await edit.getByRole('button', { name: 'Open Edit' }).click();
        await page.waitForURL(/#\/posts/);
        await page.locator('[data-tab="edit"][aria-selected="true"]').waitFor();
        await chooseOption(page, 'Website', 'Demo Shop');
        await page.getByText('Ceramic or plastic pots?', { exact: true }).first().waitFor();
        await step('edit-queue');

        await openPost(page, 'Ceramic or plastic pots?');
        await page.getByText('Nobody is working on this post').waitFor();
        await step('post-in-pool');
        await page.locator('[data-action="Select"]').click();
        await page.getByText('You are working on this post now').waitFor();
        await page.locator('[data-holder="Eddie Editor"]').waitFor();
        await step('selected');
        await page.locator('[data-action="Discard"]').click();
        await page.getByText('Post released to the pool').waitFor();
        await page.getByText('Nobody is working on this post').waitFor();
        await step('released');

        // Inviting people is for owners and admins: the members list offers no Invite.
        await page.goto(`${session.app.url}/#/members`);
        await page.getByText('Olivia Owner').first().waitFor();
        await noButton(page, 'a[href="#/members/create"]', 'an editor is offered Invite member');
        await step('members');
        expectWith(refused, 'the editor met 403').toEqual([]);
      }, 120_000);

      it(`a fact checker: the Fact check queue, select and release a post; never offered Publish or the audit (${width} px)`, async () => {
        const { page, refused, step } = await begin('checker', 'checker@demo.example', width);
        const check = page.getByTestId('your-queues').locator('[data-queue="FactCheck"]');
        await check.getByRole('heading', { name: 'Fact check' }).waitFor();
        expect(await page.getByTestId('pipeline').count()).toBe(0);
        await step('dashboard');

        await check.getByRole('button', { name: 'Open Fact check' }).click();
        await page.waitForURL(/#\/posts/);
        await chooseOption(page, 'Website', 'Demo Blog');
        await page.getByText('How to repot a cactus', { exact: true }).first().waitFor();
        await step('fact-check-queue');

        await openPost(page, 'How to repot a cactus');
        await page.getByText('Nobody is working on this post').waitFor();
        await page.locator('[data-action="Select"]').click();
        await page.getByText('You are working on this post now').waitFor();
        await page.locator('[data-action="ApproveFactCheck"]').waitFor();
        await step('selected');
        // A checker approves the facts; publishing is not theirs to refuse.
        await noButton(page, '[data-action="Publish"]', 'a fact checker is offered Publish');
        await page.locator('[data-action="Discard"]').click();
        await page.getByText('Post released to the pool').waitFor();
        await step('released');

        // The audit is not in Rita's menu (at 390 px the menu is a drawer: opened first).
        if (width < 600) await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('menu', { name: 'Main menu' });
        await menu.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
        expect(await menu.getByRole('menuitem', { name: 'Audit' }).count()).toBe(0);
        expect(await menu.getByRole('menuitem', { name: 'Workflow report' }).count()).toBe(0);
        await step('menu');
        expectWith(refused, 'the fact checker met 403').toEqual([]);
      }, 120_000);

      it(`an owner: the pipeline and activity, the audit, an invitation; never offered to deactivate themselves (${width} px)`, async () => {
        const { page, refused, step } = await begin('owner', 'owner@demo.example', width);
        await page.getByTestId('pipeline').getByRole('list', { name: 'Pipeline' }).waitFor();
        const activity = page.getByTestId('recent-activity');
        await activity.getByRole('listitem').first().waitFor();
        const tracking = page.getByTestId('tracking-status');
        await tracking.getByText('Demo Blog').waitFor();
        await tracking.getByText('Demo Shop').waitFor();
        const text = await step('dashboard');
        // Activity in words: no event class names (PostCreated, WebsiteCreated...).
        expect(text).not.toMatch(/\b(?:Post|Website|Member|Organisation|Question)[A-Z][a-z]+\b/);

        await activity.getByRole('link', { name: 'Audit trail' }).click();
        await page.waitForURL(/#\/audit/);
        await page.getByText('Olivia Owner').first().waitFor();
        await step('audit');

        const invitee = { email: `ivy.${width}@example.com`, name: `Ivy Ivory ${width}` };
        await page.goto(`${session.app.url}/#/members`);
        await page.getByRole('link', { name: 'Invite member' }).first().click();
        await page.waitForURL(/#\/members\/create/);
        await fillSettled(page, { Email: invitee.email, Name: invitee.name });
        await step('invite');
        await page.getByRole('button', { name: 'Send invitation' }).click();
        await page.getByText(`Invitation sent to ${invitee.email}`).waitFor();
        await page.getByText(invitee.name).first().waitFor();
        await step('invited');

        // The sole owner cannot leave the organisation without an owner: no Deactivate on her record.
        await page.locator('main, #main-content').first().getByText('Olivia Owner', { exact: true }).first().click();
        await page.waitForURL(/#\/members\/[^/]+\/show/);
        await page.getByText('owner@demo.example').first().waitFor();
        await noButton(page, 'button:has-text("Deactivate")', 'the sole owner is offered Deactivate');
        await step('own-record');
        expectWith(refused, 'the owner met 403').toEqual([]);
      }, 120_000);
    }
  },
);
