// The Audit, Workflow report and Redirects screens of the built console in Debian's Chromium
// (playwright-core), against the real API booted in process with the demo data. A little
// workflow is driven through the API first: a post submitted, returned with a note, resubmitted,
// and a published post whose address changed (an automatic redirect).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { EDITOR, OWNER, WRITER, publishOwnBio, setups, signIn, type Agent } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession, chooseOption } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
const BODY = { outline: '1. x', richText: { json: null, html: '<p>text</p>' } };
const CSV_HEADER = 'time,actor,email,action,type,resource,resourceId,from,to,note';

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `audit, workflow report and redirects in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;
    let owner: Agent;
    let shopId: string;
    let returnedPostId: string;
    let movedPostId: string;
    /** Edit's returns on Demo Shop before this suite's post was returned (the demo data may have some). */
    let shopReturnsBefore: number;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true, animations: 'disabled' });
    const menu = (name: string) => page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name });
    const rows = () => page.locator('.RaDataTable-tbody .RaDataTable-row');
    /** Picks `option` in the MUI select labelled `label` (inside `scope`). */
    const choose = async (label: string, option: string, scope: Page | Locator = page) => {
      await chooseOption(page, label, option, scope);
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    };
    /** `GET /api/reports/workflow` as the owner: the figures the page must show. */
    const editStage = async (websiteId: string) => {
      const report = (await owner.get(`/api/reports/workflow?websiteId=${websiteId}`)).body as {
        stages: { stage: string; returns: number; returnRate: number }[];
      };
      return report.stages.find((s) => s.stage === 'Edit')!;
    };
    const editReturns = async (websiteId: string) => (await editStage(websiteId)).returns;
    /** The audit total for a filter, from the API. */
    const auditTotal = async (filter: Record<string, unknown>) => {
      const res = await owner.get(`/api/audit?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,0]`);
      return Number(/\/(\d+)$/.exec(String(res.headers['content-range']))![1]);
    };

    async function act(agent: Agent, id: string, action: string, body: Record<string, unknown> = {}) {
      const res = await agent.post(`/api/posts/${id}/actions/${action}`).send(body);
      expectWith(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body as { version: number };
    }

    /** The workflow report as the owner, on a page of the test's own: all time, on `website`. */
    const openReport = async (website: string) => {
      page = await newPage(session, OWNER, '/#/workflow-report');
      const report = page.getByTestId('workflow-report');
      await page.getByRole('button', { name: 'All time' }).click();
      await choose('Website', website);
      await poll(() => report.innerText()).toContain(`${website} ·`);
      return report;
    };

    // The workflow the screens show, made through the API once for the file (no test changes it).
    beforeAll(async () => {
      session = await openConsole(setup);
      ({ app } = session);
      let editor: Agent;
      let writer: Agent;
      [owner, editor, writer] = await Promise.all([OWNER, EDITOR, WRITER].map((who) => signIn(app.url, who)));
      const websites = (await owner.get('/api/websites')).body as { id: string; name: string }[];
      shopId = websites.find((w) => w.name === 'Demo Shop')!.id;
      // A website where nothing happens, for the report's empty state.
      const quiet = await owner.post('/api/websites').send({ name: 'Quiet Site', url: 'https://quiet.example' });
      expectWith(quiet.status, JSON.stringify(quiet.body)).toBe(201);
      shopReturnsBefore = await editReturns(shopId);
      await publishOwnBio(writer, owner, shopId);

      // Submitted, returned with a note, resubmitted.
      const created = await writer
        .post('/api/posts')
        .send({ websiteId: shopId, title: 'Audit trail post', type: 'blog', ...BODY });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      returnedPostId = created.body.id;
      await act(writer, returnedPostId, 'SubmitForEdit');
      await act(editor, returnedPostId, 'ReturnToWriter', { note: 'Needs sources' });
      await act(writer, returnedPostId, 'SubmitForEdit');

      // Published, then its address changed: an automatic redirect from the old one.
      const moved = await editor
        .post('/api/posts')
        .send({ websiteId: shopId, title: 'Old name', type: 'blog', ...BODY });
      expectWith(moved.status, JSON.stringify(moved.body)).toBe(201);
      movedPostId = moved.body.id;
      await act(writer, movedPostId, 'Select');
      await act(writer, movedPostId, 'SubmitForEdit');
      const published = await act(owner, movedPostId, 'Publish');
      const renamed = await owner
        .put(`/api/posts/${movedPostId}`)
        .send({ version: published.version, slug: 'new-name' });
      expectWith(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      // Visitors and a crawler follow the old address (the website asks the public lookup).
      const key = (await owner.get(`/api/websites/${shopId}`)).body.key as string;
      for (const agent of ['Mozilla/5.0 Firefox/133.0', 'Mozilla/5.0 Chrome/131.0', 'Googlebot/2.1']) {
        const hit = await request(app.url)
          .get(`/api/public/redirects?key=${key}&path=/old-name`)
          .set('User-Agent', agent);
        expectWith(hit.status, JSON.stringify(hit.body)).toBe(200);
      }
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('lists the workflow events with who, what, the record and the note', async () => {
      page = await newPage(session, OWNER);
      await menu('Audit').click();
      await page.waitForURL(/#\/audit/);
      const returned = rows().filter({ hasText: 'Needs sources' });
      await returned.waitFor();
      await poll(() => returned.innerText()).toContain('Audit trail post'); // the post's title, not its id
      // The stage names come with the workflow's options, which may arrive after the rows.
      await poll(() => returned.innerText()).toContain('Edit → Writing');
      const text = await returned.innerText();
      for (const part of ['Eddie Editor', 'editor@demo.example', 'Return to writer', 'Edit → Writing'])
        expect(text).toContain(part);
      // The action in words only: no event class name (issue 12, "no raw data").
      expect(text).not.toContain('PostReturned');
      // The record links to its post.
      const link = returned.locator(`[data-record-link="${returnedPostId}"]`);
      expect(await link.getAttribute('href')).toMatch(new RegExp(`#/posts/${returnedPostId}(/show)?$`));
      // Both submissions by the writer are there, newest first.
      const submissions = rows().filter({ hasText: 'Submit for edit' }).filter({ hasText: 'Audit trail post' });
      expect(await submissions.count()).toBe(2);
      expect(await submissions.first().innerText()).toContain('Wendy Writer');
      const times = await rows().locator('.column-time').allInnerTexts();
      expect(times.length).toBeGreaterThan(5);
      await shot('audit-01-list');
    });

    it('filters by action, and the CSV export downloads the same events', async () => {
      // The demo data may hold returns of its own: the list shows exactly the API's ReturnToWriter events.
      const returns = await auditTotal({ action: 'ReturnToWriter' });
      page = await newPage(session, OWNER, '/#/audit');
      await rows().first().waitFor();
      expect(returns).toBeGreaterThanOrEqual(1);
      await choose('Action', 'Return to writer');
      await poll(() => rows().count()).toBe(returns);
      const actions = await Promise.all(
        (await rows().locator('[data-action]').all()).map((cell) => cell.getAttribute('data-action')),
      );
      expect(actions).toEqual(Array(returns).fill('ReturnToWriter'));
      expect(await rows().filter({ hasText: 'Needs sources' }).count()).toBe(1);
      await shot('audit-02-filtered');

      const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
      expect(href).toContain('/api/audit/export.csv?');
      expect(JSON.parse(new URL(href!, app.url).searchParams.get('filter')!)).toEqual({ action: 'ReturnToWriter' });
      const csv = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
      }, href!);
      expect(csv.status).toBe(200);
      expect(csv.type).toMatch(/text\/csv/);
      const lines = csv.text.trim().split('\r\n');
      expect(lines[0]).toBe(CSV_HEADER);
      expect(lines).toHaveLength(1 + returns);
      expect(lines.slice(1).every((line) => line.includes(',"ReturnToWriter","PostReturned",'))).toBe(true);
      const ours = lines.filter((line) => line.includes(returnedPostId));
      expect(ours).toHaveLength(1);
      expect(ours[0]).toContain('"Eddie Editor","editor@demo.example","ReturnToWriter","PostReturned","post"');
      expect(ours[0]).toContain(`"${returnedPostId}","Edit","Writer","Needs sources"`);
    });

    it('filters by person and by date', async () => {
      // Every action, then one person: only their events.
      page = await newPage(session, OWNER, '/#/audit');
      await rows().filter({ hasText: 'Eddie Editor' }).first().waitFor();
      await choose('Who', 'Wendy Writer');
      await poll(async () =>
        (await rows().locator('.column-actorId').allInnerTexts()).every((who) => who.includes('Wendy Writer')),
      ).toBe(true);
      expect(await rows().count()).toBeGreaterThanOrEqual(3);
      expect(await rows().filter({ hasText: 'Eddie Editor' }).count()).toBe(0);
      await shot('audit-03-person');
      // A range in the future: nothing.
      const future = `${new Date().getFullYear() + 1}-01-01`;
      await page.getByLabel('From').fill(future);
      await page.getByText('No events match these filters.').waitFor();
      const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
      expect(JSON.parse(new URL(href!, app.url).searchParams.get('filter')!)).toMatchObject({ time_gte: future });
      // "Clear filters" brings every event back.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await rows().filter({ hasText: 'Eddie Editor' }).first().waitFor();
      expect(await page.getByRole('combobox', { name: 'Who' }).innerText()).not.toContain('Wendy');
    });

    it('reports time in stage and returns per stage on Demo Shop, with charts', async () => {
      page = await newPage(session, OWNER);
      await menu('Workflow report').click();
      await page.waitForURL(/#\/workflow-report/);
      const report = page.getByTestId('workflow-report');
      await page.getByRole('button', { name: 'All time' }).click();
      await report.locator('[data-chart="time-in-stage"] svg.recharts-surface').first().waitFor();
      await shot('report-01-all-websites');
      expect(await report.locator('[data-section="websites"]').innerText()).toContain('Demo Shop');

      await choose('Website', 'Demo Shop');
      await poll(() => report.innerText()).toContain('Demo Shop ·');
      // The return this suite made is counted once in Edit (on top of any the demo data had).
      expect(await editReturns(shopId)).toBe(shopReturnsBefore + 1);
      const edit = report.locator('[data-section="stages"] tr[data-stage="Edit"]');
      await poll(() => edit.locator('[data-cell="returns"]').innerText()).toBe(String(shopReturnsBefore + 1));
      // Both charts are SVGs with bars: time in stage (average, median) and returns per stage, whose
      // "Returned" series has a bar (Edit's) labelled with its return rate.
      const returnsChart = report.locator('[data-chart="returns"]');
      await returnsChart.locator('svg .recharts-bar').nth(1).locator('.recharts-bar-rectangle path').first().waitFor();
      expect(
        (await report.locator('[data-chart="time-in-stage"] .recharts-legend-item-text').allTextContents()).sort(),
      ).toEqual(['Average', 'Median']);
      expect((await returnsChart.locator('.recharts-legend-item-text').allTextContents()).sort()).toEqual([
        'Returned',
        'Stays ended',
      ]);
      const chartTexts = await returnsChart.locator('.recharts-wrapper > svg text').allTextContents();
      expect(chartTexts).toEqual(expect.arrayContaining(['Writing', 'Edit']));
      const rate = `${Math.round((await editStage(shopId)).returnRate * 100)}%`;
      expect(chartTexts).toContain(rate);
      expect(await report.locator('[data-section="stages"] tr[data-stage="Writer"]').innerText()).toContain('Writing');
      // Queues now: the resubmitted post waits in Edit's pool.
      expect(
        Number(await report.locator('[data-section="queues"] tr[data-stage="Edit"] td').nth(1).innerText()),
      ).toBeGreaterThanOrEqual(1);
      expect(await report.locator('[data-section="people"]').innerText()).toContain('Wendy Writer');
      await shot('report-02-shop');
    });

    it('narrows the report to the last 7 days', async () => {
      const report = await openReport('Demo Shop');
      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await poll(() => report.getByLabel('Loading the report').count()).toBe(0);
      await shot('report-04-shop-7-days');
      expectWith(await report.getByRole('alert').count(), await report.innerText()).toBe(0);
      const edit = report.locator('[data-section="stages"] tr[data-stage="Edit"]');
      await poll(() => edit.locator('[data-cell="returns"]').innerText()).toBe(String(shopReturnsBefore + 1));
      await page.getByRole('button', { name: 'All time' }).click();
    });

    it('says when nothing moved through the workflow', async () => {
      page = await newPage(session, OWNER, '/#/workflow-report');
      const report = page.getByTestId('workflow-report');
      await page.getByRole('button', { name: 'All time' }).click();
      await choose('Website', 'Quiet Site');
      await report.getByText('No posts have moved through the workflow in this period').waitFor();
      expect(await report.locator('[data-chart]').count()).toBe(0);
      await shot('report-03-empty');
      await choose('Website', 'All websites');
    });

    it('lists redirects; an automatic one links to its post', async () => {
      page = await newPage(session, OWNER);
      await menu('Redirects').click();
      await page.waitForURL(/#\/redirect-rules/);
      const automatic = rows().filter({ hasText: '/old-name' });
      await automatic.waitFor();
      expect(await automatic.innerText()).toContain('/new-name');
      expect(await automatic.innerText()).toContain('Demo Shop');
      expect(await automatic.locator(`[data-post-link="${movedPostId}"]`).getAttribute('href')).toMatch(
        new RegExp(`#/posts/${movedPostId}(/show)?$`),
      );
      expect(await automatic.locator('[data-counter="userCounter"]').innerText()).toBe('2');
      expect(await automatic.locator('[data-counter="botCounter"]').innerText()).toBe('1');
      await shot('redirects-01-list');
    });

    it('creates a redirect, and refuses the same address again with the API message', async () => {
      page = await newPage(session, OWNER, '/#/redirect-rules');
      await rows().filter({ hasText: '/old-name' }).waitFor();
      await page.getByRole('link', { name: 'New redirect' }).click();
      await page.waitForURL(/#\/redirect-rules\/create/);
      await choose('Website', 'Demo Shop');
      await page.getByRole('textbox', { name: 'From' }).fill('spring-sale');
      await page.getByRole('textbox', { name: 'To' }).fill('/offers');
      await page.getByRole('button', { name: 'Create redirect' }).click();
      await page.getByText('From path must start with /').waitFor();
      await page.getByRole('textbox', { name: 'From' }).fill('/spring-sale');
      await shot('redirects-02-create');
      await page.getByRole('button', { name: 'Create redirect' }).click();
      await page.getByText('Redirect created').waitFor();
      await page.waitForURL(/#\/redirect-rules(\?.*)?$/);
      const row = rows().filter({ hasText: '/spring-sale' });
      await row.waitFor();
      expect(await row.innerText()).toContain('/offers');
      expect(await row.locator('[data-origin]').innerText()).toBe('Manual');

      await page.getByRole('link', { name: 'New redirect' }).click();
      await choose('Website', 'Demo Shop');
      await page.getByRole('textbox', { name: 'From' }).fill('/spring-sale');
      await page.getByRole('textbox', { name: 'To' }).fill('/elsewhere');
      await page.getByRole('button', { name: 'Create redirect' }).click();
      // Under the input (the 409's errors.fromPath) and in the notification.
      await poll(() => page.getByText('A redirect from /spring-sale already exists').count()).toBeGreaterThanOrEqual(1);
      expect(page.url()).toMatch(/#\/redirect-rules\/create/);
      await shot('redirects-03-conflict');
    });

    it('edits a redirect, then deletes it after a confirmation', async () => {
      // A manual redirect of its own, through the API.
      const created = await owner
        .post('/api/redirect-rules')
        .send({ websiteId: shopId, fromPath: '/summer-sale', toPath: '/offers' });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      page = await newPage(session, OWNER);
      await menu('Redirects').click();
      await rows().filter({ hasText: '/summer-sale' }).locator('.column-fromPath').click();
      await page.waitForURL(/#\/redirect-rules\/[^/]+$/);
      const id = page.url().split('/').pop()!;
      await poll(() => page.getByRole('textbox', { name: 'To' }).inputValue()).toBe('/offers');
      // Another rule's address is refused before saving (PUT does not check it; see the report).
      await page.getByRole('textbox', { name: 'From' }).fill('/old-name');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('A redirect from /old-name already exists').waitFor();
      expect((await owner.get(`/api/redirect-rules/${id}`)).body).toMatchObject({
        fromPath: '/summer-sale',
        version: 1,
      });
      await page.getByRole('textbox', { name: 'From' }).fill('/summer-sale');
      await page.getByRole('textbox', { name: 'To' }).fill('/offers/summer');
      await choose('Type', '302 Found (temporary)');
      await shot('redirects-04-edit');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Redirect saved').waitFor();
      const row = rows().filter({ hasText: '/summer-sale' });
      await poll(() => row.innerText()).toContain('/offers/summer');
      expect(await row.locator('.column-type').innerText()).toBe('302');
      const saved = (await owner.get(`/api/redirect-rules/${id}`)).body;
      expect(saved).toMatchObject({ fromPath: '/summer-sale', toPath: '/offers/summer', type: 302, version: 2 });

      await row.locator('.column-fromPath').click();
      await page.waitForURL(/#\/redirect-rules\/[^/]+$/);
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Visitors of /summer-sale will no longer be sent to /offers/summer.').waitFor();
      await shot('redirects-05-delete-confirm');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Redirect deleted').waitFor();
      await page.waitForURL(/#\/redirect-rules(\?.*)?$/);
      await rows().filter({ hasText: '/old-name' }).waitFor();
      expect(await rows().filter({ hasText: '/summer-sale' }).count()).toBe(0);
      expect((await owner.get(`/api/redirect-rules/${id}`)).status).toBe(404);
      await shot('redirects-06-after-delete');
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (the audit once more), then every page the file opened.
      page = await newPage(session, OWNER, '/#/audit');
      await rows().filter({ hasText: 'Needs sources' }).waitFor();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
