// Issue 12, point 3 "No raw data": the History tabs of a website, an organisation, a member and a
// question, and the audit trail's Record column, in the built console in Debian's Chromium against
// the real API (demo data). The records are changed through the API first; each screen must read
// as sentences (who did what, when, what changed), with no JSON, no id and no event class name.
// The expected sentences are written here by hand from the messages the console should show.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { EDITOR, OWNER, WRITER, setups, signIn, type Agent } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
const setup = setups[0];

/** What raw data looks like on a screen: JSON, an id, an event's class name (WebsiteSettingsChanged). */
const JSON_TEXT = /\{"/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const EVENT_CLASS = /\b(?:Website|Organisation|Member|Question|Answer|Post|Bio|RedirectRule)[A-Z][a-z]+[A-Za-z]*\b/;
const PASCAL_CASE = /\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b/;

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `histories and the audit trail in words, in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    let page: Page;
    let owner: Agent;
    let siteId: string;
    let organisationId: string;
    let writerMemberId: string;
    let questionId: string;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true, animations: 'disabled' });
    const ok = (res: { status: number; body: unknown }, status = 200) => {
      expectWith(res.status, JSON.stringify(res.body)).toBe(status);
      return res.body as Record<string, any>;
    };

    /** The text of `scope` has no raw data: no JSON, no id, no event class name. */
    const expectNoRawData = async (scope: Locator, strict = true) => {
      const text = await scope.innerText();
      expect({
        json: JSON_TEXT.exec(text)?.[0] ?? null,
        id: UUID.exec(text)?.[0] ?? null,
        event: EVENT_CLASS.exec(text)?.[0] ?? null,
      }).toEqual({ json: null, id: null, event: null });
      if (strict) expect(PASCAL_CASE.exec(text)?.[0] ?? null).toBeNull();
      return text;
    };

    /** Opens the History tab at `path` as the owner: the timeline, once it shows `first`. */
    const openHistory = async (path: string, first: string) => {
      page = await newPage(session, OWNER, path);
      const timeline = page.getByRole('list', { name: 'History' });
      await timeline.getByText(first, { exact: true }).first().waitFor();
      return timeline;
    };

    beforeAll(async () => {
      session = await openConsole(setup);
      const url = session.app.url;
      let editor: Agent;
      let writer: Agent;
      [owner, editor, writer] = await Promise.all([OWNER, EDITOR, WRITER].map((who) => signIn(url, who)));
      organisationId = ok(await owner.get('/api/auth/user')).organisations[0].id;

      // A website: created, its time zone changed, deactivated.
      siteId = ok(
        await owner.post('/api/websites').send({ name: 'History Garden', url: 'https://history-garden.example' }),
        201,
      ).id;
      ok(await owner.put(`/api/websites/${siteId}`).send({ timezone: 'Europe/Berlin' }));
      ok(await owner.post(`/api/websites/${siteId}/actions/Deactivate`).send({}));

      // The organisation's country.
      ok(await owner.put(`/api/organisations/${organisationId}`).send({ country: 'AT' }));

      // Wendy's membership: her CRO role changed.
      const members = ok(await owner.get('/api/members')) as unknown as { id: string; email: string }[];
      writerMemberId = members.find((m) => m.email === WRITER.email)!.id;
      ok(await owner.put(`/api/members/${writerMemberId}`).send({ croRole: 'viewer' }));

      // A question Wendy asks on Demo Blog, declined by the editor with a reason.
      const websites = ok(await owner.get('/api/websites')) as unknown as { id: string; name: string }[];
      const blogId = websites.find((w) => w.name === 'Demo Blog')!.id;
      const asked = ok(
        await writer
          .post('/api/questions')
          .send({ websiteId: blogId, title: 'Can basil grow indoors?', body: 'On a north window.' }),
        201,
      );
      questionId = asked.id;
      ok(
        await editor
          .post(`/api/questions/${questionId}/actions/Decline`)
          .send({ expectedVersion: asked.version, reason: 'Asked before: see the basil guide' }),
      );
    }, 120_000);

    afterEach(() => closePages(session));
    afterAll(async () => {
      await session?.close();
    });

    it("a website's history: created with its name, what changed, deactivated; by whom", async () => {
      const timeline = await openHistory(`/#/websites/${siteId}/show/history`, 'Website deactivated');
      const text = await expectNoRawData(timeline);
      for (const sentence of [
        'Website created',
        '“History Garden”',
        'Settings changed',
        'Changed time zone: Europe/Berlin',
        'Website deactivated',
        'by Olivia Owner',
      ]) {
        expect(text).toContain(sentence);
      }
      await expectNoRawData(page.locator('body'), false);
      await shot('history-01-website');
    });

    it("the organisation's history: created, its members added by name, its profile changed", async () => {
      const timeline = await openHistory(`/#/organisations/${organisationId}/show/history`, 'Profile changed');
      const text = await expectNoRawData(timeline);
      for (const sentence of [
        'Organisation created',
        'Member added',
        'Member: Wendy Writer',
        'Member: Eddie Editor, as member',
        'by the system',
        'Business profile set',
        'employees: 11-50',
        'Plan: Scale',
        'Profile changed',
        'Changed country: AT',
        'by Olivia Owner',
      ]) {
        expect(text).toContain(sentence);
      }
      await expectNoRawData(page.locator('body'), false);
      await shot('history-02-organisation');
    });

    it("a member's history: joined, and the access change with its new role", async () => {
      const timeline = await openHistory(`/#/members/${writerMemberId}/show/history`, 'Access changed');
      const text = await expectNoRawData(timeline);
      for (const sentence of [
        'Access changed',
        'Changed CRO role: viewer',
        'Joined the organisation',
        '“Wendy Writer”',
        'Email: writer@demo.example',
        'by Olivia Owner',
      ])
        expect(text).toContain(sentence);
      await expectNoRawData(page.locator('body'), false);
      await shot('history-03-member');
    });

    it("a question's history: asked with its title, declined with the reason, by whom", async () => {
      const timeline = await openHistory(`/#/questions/${questionId}/show/history`, 'Declined');
      const text = await expectNoRawData(timeline);
      for (const sentence of [
        'Question created',
        '“Can basil grow indoors?”',
        'by Wendy Writer',
        'Declined',
        '“Asked before: see the basil guide”',
        'by Eddie Editor',
      ]) {
        expect(text).toContain(sentence);
      }
      await expectNoRawData(page.locator('body'), false);
      await shot('history-04-question');
    });

    it("the audit trail's Record column names each record: website, question, member, domain (whole)", async () => {
      page = await newPage(session, OWNER, '/#/audit');
      const table = page.locator('.RaDataTable-table');
      await table.getByText('History Garden').first().waitFor();
      const text = await expectNoRawData(table);
      for (const name of [
        'History Garden',
        'Can basil grow indoors?',
        'Wendy Writer',
        'history-garden.example',
        'Demo Publishing',
      ])
        expect(text).toContain(name);
      // No id cut short and no name cut mid-word.
      expect(text).not.toMatch(/[0-9a-f]{8}…/);
      expect(text).not.toContain('An unnamed');
      await expectNoRawData(page.locator('body'), false);
      await shot('history-05-audit');
    });
  },
);
