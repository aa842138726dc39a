// The CMS Articles screens of the built console in Chromium, against the real API with the demo
// data: a writer creates a post on Demo Shop, writes its outline and body in the rich text editor,
// saves and submits it for edit; an editor finds it in the Edit tab, selects and publishes it and
// reads its history (and the post as it was at its creation); bulk actions answer per post; the
// owner takes a post over in another browser while the editor works on it, whose next save opens
// the take-over dialog, and the kept draft is restored into the editor and saved. Each test makes
// the post it starts from through the API (at the stage it needs) and opens a page of its own.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { EDITOR, OWNER, WRITER, giveWebsite, publishOwnBio, setups, signIn, type Agent } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const TITLE = 'How to water succulents';
const OUTLINE = '1. How often\n2. How much\n3. Signs of too much water';
const BODY = 'Succulents need water only when the soil is completely dry.';
const TAKEN_TITLE = 'Cacti in winter: my unsaved words';
/** The posts the other tests make for themselves through the API (their rows are found by title). */
const TITLES = {
  refused: 'Succulents in the shade',
  written: 'Succulents on a windowsill',
  cover: 'Succulents in clay pots',
  submitted: 'Succulents for beginners',
  waiting: 'Succulents in winter',
  published: 'Succulents from cuttings',
  workflow: 'Succulents and sunburn',
  returned: 'Ceramic or plastic pots, compared',
  takenBrief: 'Brief: cactus light',
  heldByWendy: 'Succulents in terrariums',
};
const COVER = {
  url: 'https://img.example/succulents.png',
  width: 1600,
  height: 800,
  title: 'Succulents on a windowsill',
  alt: 'Three succulents in clay pots',
  caption: 'Water them only when the soil is dry',
};

type Counts = Record<string, number>;
interface PostRecord {
  id: string;
  title: string;
  status: string;
  version: number;
  holder: { name: string } | null;
  outline?: string;
  richText?: { html: string; json: Record<string, unknown> | null } | null;
  coverImage?: Record<string, unknown> | null;
  subtitle?: string | null;
  words: number;
  allowedActions: string[];
}

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `CMS Articles in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;
    let owner: Agent;
    let editor: Agent;
    let writer: Agent;
    let shopId: string;
    /** The running test's post. */
    let postId: string;

    const shot = (name: string, on: Page = page) =>
      on.screenshot({ path: `${screenshots}posts-${name}.png`, fullPage: true, animations: 'disabled' });
    const counts = async (agent: Agent = editor): Promise<Counts> =>
      (await agent.get(`/api/posts/counts?websiteId=${shopId}`)).body;
    const post = async (id: string, agent: Agent = owner): Promise<PostRecord> =>
      (await agent.get(`/api/posts/${id}`)).body;
    /** The number a tab shows in its chip. */
    const tabCount = async (tab: string, on: Page = page) =>
      Number((await on.locator(`[data-tab="${tab}"] .MuiChip-label`).textContent())?.trim());
    const tab = (name: string, on: Page = page) => on.locator(`[data-tab="${name}"]`);
    const row = (title: string, on: Page = page) => on.getByRole('row').filter({ hasText: title });
    const history = (on: Page = page) => on.getByRole('list', { name: 'History' });
    const chooseWebsite = async (name: string, on: Page = page) => {
      // The menu closes if its choices re-render while it opens (the websites arrive a second time
      // on a loaded machine): open it again rather than wait for an option that is gone.
      // A click that lands while the options re-render may leave the menu open and nothing chosen:
      // the choice counts once the menu is gone and the field shows the website.
      const field = on.getByRole('combobox', { name: 'Website' });
      for (let attempt = 1; ; attempt++) {
        await field.click();
        try {
          await on.getByRole('option', { name }).click({ timeout: 5000 });
          await on.getByRole('listbox').waitFor({ state: 'hidden', timeout: 5000 });
          if ((await field.textContent())?.includes(name)) return;
          throw new Error(`The website field shows "${await field.textContent()}", not ${name}`);
        } catch (error) {
          if (attempt >= 3) throw error;
          await on.keyboard.press('Escape');
        }
      }
    };
    /** One attribute of every element the locator finds, in document order. */
    const attributes = async (locator: Locator, name: string) =>
      Promise.all((await locator.all()).map((element) => element.getAttribute(name)));
    const expectInput = async (input: Locator, value: string) => poll(() => input.inputValue()).toBe(value);

    /** A workflow action on a post through the API; the post as it answers. */
    const act = async (
      agent: Agent,
      id: string,
      action: string,
      body: Record<string, unknown> = {},
    ): Promise<PostRecord> => {
      const res = await agent.post(`/api/posts/${id}/actions/${action}`).send(body);
      expectWith(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    /** A save of a post through the API (at the version it has now); the post as it answers. */
    const save = async (agent: Agent, id: string, changes: Record<string, unknown>): Promise<PostRecord> => {
      const res = await agent.put(`/api/posts/${id}`).send({ version: (await post(id)).version, ...changes });
      expectWith(res.status, `save: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    /**
     * Wendy's post on Demo Shop through the API, held by her in her Writer stage: the title alone,
     * or with the outline and body (`written`), or also submitted for edit, waiting in Edit's pool.
     */
    const writersPost = async (
      title: string,
      stage: 'created' | 'written' | 'submitted' = 'created',
    ): Promise<string> => {
      const body = stage === 'created' ? {} : { outline: OUTLINE, richText: { json: null, html: `<p>${BODY}</p>` } };
      const res = await writer.post('/api/posts').send({ websiteId: shopId, title, type: 'blog', ...body });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      postId = res.body.id;
      if (stage === 'submitted') await act(writer, postId, 'SubmitForEdit');
      return postId;
    };
    /** The post at its first stage-by-stage story: created, saved twice (the text, the cover image), submitted, selected and published. */
    const publishedPost = async (title: string): Promise<string> => {
      const id = await writersPost(title);
      await save(writer, id, { outline: OUTLINE, richText: { json: null, html: `<p>${BODY}</p>` } });
      await save(writer, id, { coverImage: COVER });
      await act(writer, id, 'SubmitForEdit');
      await act(editor, id, 'Select');
      await act(editor, id, 'Publish');
      return id;
    };

    beforeAll(async () => {
      // An editor's screen: tall enough that the editor page needs no scrolling in the screenshots.
      session = await openConsole(setup, { viewport: { width: 1280, height: 1300 } });
      ({ app } = session);
      [owner, editor, writer] = await Promise.all([OWNER, EDITOR, WRITER].map((who) => signIn(app.url, who)));
      const websites = (await owner.get('/api/auth/user')).body.websites as { id: string; name: string }[];
      shopId = websites.find((w) => w.name === 'Demo Shop')!.id;
      // The writer's bio on Demo Shop: published pages credit their writer (the bio prompt has its own test).
      await publishOwnBio(writer, owner, shopId);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('shows a writer Create and Your Posts, and lands them on Your Posts with the counts of the API', async () => {
      // A website without posts, for the empty tabs.
      const empty = await owner
        .post('/api/websites')
        .send({ name: 'Empty Garden', url: 'https://empty-garden.example' });
      expectWith(empty.status, JSON.stringify(empty.body)).toBe(201);
      await giveWebsite(owner, empty.body.id);
      page = await newPage(session, WRITER);
      const menu = page.getByRole('menu', { name: 'Main menu' });
      await menu.getByRole('menuitem', { name: 'Your Posts' }).waitFor();
      await menu.getByRole('menuitem', { name: 'Create', exact: true }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'In Progress' }).count()).toBe(0);
      await menu.getByRole('menuitem', { name: 'Your Posts' }).click();
      await page.waitForURL(/#\/your-posts$/);
      await poll(() => tab('your-posts').getAttribute('aria-selected')).toBe('true');
      // A creator's tabs: their own work and the writing stages, not the editors' queues.
      const shown = await attributes(page.locator('[data-tab]'), 'data-tab');
      expect(shown).toEqual(['your-posts', 'briefs', 'outline', 'create', 'published', 'all']);
      const all = (await writer.get('/api/posts/counts')).body as Counts;
      // (The tab's name in the value: a failure says which tab.)
      for (const name of shown)
        await poll(async () => ({ tab: name, count: await tabCount(name!) })).toEqual({ tab: name, count: all[name!] });
      // The demo's own posts of the writer are listed (Your Posts: written, held or created by them).
      await row('Orchid care for beginners').waitFor();
      await shot('01-writer-your-posts');

      // A website without posts: every tab says so.
      await chooseWebsite('Empty Garden');
      await page.getByText('No posts in this tab yet.').waitFor();
      await page.getByText('You have no posts yet. Create one, or pick up a brief.').waitFor();
      await poll(() => tabCount('your-posts')).toBe(0);
      await shot('01b-writer-empty-website');
      await chooseWebsite('Demo Shop');
      // A search that finds nothing says the filters hide the posts.
      await page.getByPlaceholder('Search titles').fill('no such post anywhere');
      await page.getByText('No posts in this tab match the filters.').waitFor();
      await page.getByRole('button', { name: 'Clear the filters' }).click();
      await poll(() => page.getByPlaceholder('Search titles').inputValue()).toBe('');
      await poll(() => page.getByRole('combobox', { name: 'Website' }).textContent()).toBe('Demo Shop');
    });

    it('creates a post on Demo Shop and lands in the editor, held by the writer', async () => {
      page = await newPage(session, WRITER, '/#/your-posts');
      await page.getByRole('link', { name: 'Create post' }).click();
      await page.waitForURL(/#\/posts\/create$/);
      await chooseWebsite('Demo Shop');
      // The locale comes from the website: its default unless another of its locales is chosen.
      await poll(() => page.getByRole('combobox', { name: 'Locale' }).textContent()).toBe('en (the website’s default)');
      await page.getByRole('combobox', { name: 'Locale' }).click();
      expect(await page.getByRole('option').allTextContents()).toEqual(['en (the website’s default)', 'de']);
      await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
      await shot('02-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/posts\/(?!create$)[^/]+$/);
      postId = decodeURIComponent(page.url().split('/').pop()!);
      await page.getByText('Post created').waitFor();
      await page.locator('[data-holder="Wendy Writer"]').getByText('Being worked on by').waitFor();
      await page.locator('[data-current="true"][data-stage="Writer"]').waitFor();
      expect(await post(postId)).toMatchObject({
        title: TITLE,
        status: 'Writer',
        holder: { name: 'Wendy Writer' },
        version: 1,
      });
    });

    it('refuses to submit without outline and body, with the messages under the inputs', async () => {
      await writersPost(TITLES.refused);
      page = await newPage(session, WRITER, `/#/posts/${postId}`);
      await page.locator('[data-current="true"][data-stage="Writer"]').waitFor();
      await page.locator('[data-action="SubmitForEdit"]').click();
      await page.getByText('Outline field is required').first().waitFor();
      await page.getByText('Body is missing!').first().waitFor();
      expect((await post(postId)).status).toBe('Writer');
      await shot('03-submit-refused');
    });

    it('writes the outline and the body in the rich text editor and saves', async () => {
      await writersPost(TITLES.written);
      page = await newPage(session, WRITER, `/#/posts/${postId}`);
      await page.locator('[data-current="true"][data-stage="Writer"]').waitFor();
      await page.getByRole('textbox', { name: 'Outline' }).fill(OUTLINE);
      const editorBox = page.locator('.ProseMirror');
      await editorBox.click();
      await page.keyboard.type(BODY);
      // Unsaved changes keep the workflow buttons off.
      await poll(() => page.locator('[data-action="SubmitForEdit"]').isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Post saved').waitFor();
      const saved = await post(postId);
      expect(saved.outline).toBe(OUTLINE);
      expect(saved.richText?.html).toBe(`<p>${BODY}</p>`);
      // TipTap's own document is kept beside the HTML.
      expect(saved.richText?.json).toMatchObject({ type: 'doc' });
      expect(saved.words).toBe(10);
      await poll(() => page.locator('[data-action="SubmitForEdit"]').isDisabled()).toBe(false);
      await shot('04-writer-editor');
      // Saving again with nothing changed says so.
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Warning: No changes to save').waitFor();
      expect((await post(postId)).version).toBe(saved.version);
    });

    it("shows the API's cover image messages under its inputs", async () => {
      await writersPost(TITLES.cover, 'written');
      page = await newPage(session, WRITER, `/#/posts/${postId}`);
      await page.locator('[data-current="true"][data-stage="Writer"]').waitFor();
      await page.getByRole('tab', { name: 'Cover image' }).click();
      await page.getByRole('textbox', { name: 'Image URL' }).fill('https://img.example/succulents.png');
      await page.getByRole('spinbutton', { name: 'Width (px)' }).fill('100');
      await page.getByRole('spinbutton', { name: 'Height (px)' }).fill('100');
      await page.getByRole('button', { name: 'Save' }).click();
      for (const message of ['Title field is required!', 'Alt field is required!', 'Caption field is required!']) {
        await page.locator('.MuiFormHelperText-root', { hasText: message }).waitFor();
      }
      await page.getByText('Error: Unable to save post - ').first().waitFor();
      await shot('04b-cover-image-refused');
      await page.getByRole('textbox', { name: 'Image title' }).fill('Succulents on a windowsill');
      await page.getByRole('textbox', { name: 'Alt text' }).fill('Three succulents in clay pots');
      await page.getByRole('textbox', { name: 'Caption' }).fill('Water them only when the soil is dry');
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .locator('.MuiFormHelperText-root', { hasText: 'The image must be between 1024x512 and 4096x4096 pixels' })
        .waitFor();
      await page.getByRole('spinbutton', { name: 'Width (px)' }).fill('1600');
      await page.getByRole('spinbutton', { name: 'Height (px)' }).fill('800');
      await page.getByRole('button', { name: 'Save' }).click();
      await poll(async () => (await post(postId)).coverImage).toMatchObject({
        url: 'https://img.example/succulents.png',
        width: 1600,
        height: 800,
        alt: 'Three succulents in clay pots',
      });
      await page.getByRole('tab', { name: 'Content' }).click();
    });

    it('lists it in the Create tab of the writer, then submits it for edit: it leaves the tab', async () => {
      await writersPost(TITLES.submitted, 'written');
      page = await newPage(session, WRITER);
      await page.getByRole('menuitem', { name: 'Your Posts' }).click();
      await chooseWebsite('Demo Shop');
      await tab('create').click();
      await row(TITLES.submitted).waitFor();
      const before = await counts(writer);
      expect(before.create).toBeGreaterThanOrEqual(1);
      await poll(() => tabCount('create')).toBe(before.create);
      await shot('05-writer-create-tab');

      await row(TITLES.submitted).click();
      await page.waitForURL(new RegExp(`#/posts/${postId}$`));
      await page.locator('[data-action="SubmitForEdit"]').click();
      await page.getByText('Post submitted for edit').waitFor();
      await page.locator('[data-current="true"][data-stage="Edit"]').waitFor();
      expect(await post(postId)).toMatchObject({ status: 'Edit', holder: null });

      await page.getByRole('menuitem', { name: 'Your Posts' }).click();
      await tab('create').click();
      await poll(() => tabCount('create')).toBe(before.create - 1);
      await poll(() => row(TITLES.submitted).count()).toBe(0);
      // Still the writer's: in Your Posts.
      await tab('your-posts').click();
      await row(TITLES.submitted).waitFor();
      await shot('06-writer-after-submit');
    });

    it('shows the editor In Progress, Review and Published; the post waits in the Edit tab with its count', async () => {
      await writersPost(TITLES.waiting, 'submitted');
      page = await newPage(session, EDITOR);
      const menu = page.getByRole('menu', { name: 'Main menu' });
      for (const entry of ['In Progress', 'Review', 'Published'])
        await menu.getByRole('menuitem', { name: entry }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Your Posts' }).count()).toBe(0);
      await menu.getByRole('menuitem', { name: 'In Progress' }).click();
      await page.waitForURL(/#\/in-progress$/);
      await poll(() => tab('in-progress').getAttribute('aria-selected')).toBe('true');
      await chooseWebsite('Demo Shop');
      // Demo Shop uses no fact-check level: no fact-check tabs.
      await poll(() => tab('fact-check-1').count()).toBe(0);
      await tab('edit').click();
      await row(TITLES.waiting).waitFor();
      const now = await counts();
      expect(now.edit).toBeGreaterThanOrEqual(1);
      await poll(() => tabCount('edit')).toBe(now.edit);
      await poll(() => tabCount('in-progress')).toBe(now['in-progress']);
      await poll(() => tabCount('published')).toBe(now.published);
      await row(TITLES.waiting).getByText('in the pool').waitFor();
      await shot('07-editor-edit-tab');
    });

    it('selects the post and publishes it without touching its content (four eyes)', async () => {
      await writersPost(TITLES.published, 'submitted');
      page = await newPage(session, EDITOR, '/#/in-progress');
      await chooseWebsite('Demo Shop');
      await tab('edit').click();
      await row(TITLES.published).click();
      await page.waitForURL(new RegExp(`#/posts/${postId}$`));
      await page.getByText('Nobody is working on this post').waitFor();
      await shot('08-editor-pool');
      await page.locator('[data-action="Select"]').click();
      await page.getByText('You are working on this post now').waitFor();
      await page.locator('[data-holder="Eddie Editor"]').waitFor();
      const before = await counts();
      await page.locator('[data-action="Publish"]').click();
      await page.getByText('Post published').waitFor();
      await page.locator('.MuiChip-root[data-status="Published"]').first().waitFor();
      expect(await post(postId)).toMatchObject({ status: 'Published', holder: null });
      const after = await counts();
      expect(after.published).toBe(before.published + 1);
      expect(after.edit).toBe(before.edit - 1);
      await shot('09-published');
    });

    it('shows every step in the history with names, and the post as it was at its creation', async () => {
      postId = await publishedPost(TITLE);
      page = await newPage(session, EDITOR, `/#/posts/${postId}`);
      const entries = history().getByRole('listitem');
      await history().locator('[data-history-action="Publish"]').waitFor();
      const steps: Array<[string, string]> = [
        ['Create', 'Wendy Writer'],
        ['Save', 'Wendy Writer'],
        ['SubmitForEdit', 'Wendy Writer'],
        ['Select', 'Eddie Editor'],
        ['Publish', 'Eddie Editor'],
      ];
      for (const [action, name] of steps) {
        await expect(history().locator(`[data-history-action="${action}"]`).first().textContent()).resolves.toContain(
          name,
        );
      }
      // Newest first, each move with its from → to.
      const actions = await attributes(entries, 'data-history-action');
      // Two saves: the text, then the cover image.
      expect(actions).toEqual(['Publish', 'Select', 'SubmitForEdit', 'Save', 'Save', 'Create']);
      expect(await history().locator('[data-history-action="SubmitForEdit"]').textContent()).toMatch(
        /Writing\s*→\s*Edit/,
      );
      expect(await history().locator('[data-history-action="Publish"]').textContent()).toMatch(/Edit\s*→\s*Published/);
      await shot('10-history');

      await history()
        .locator('[data-history-action="Create"]')
        .getByRole('button', { name: 'View as of this moment' })
        .click();
      const dialog = page.getByRole('dialog', { name: /^As it was at / });
      await dialog.getByText('A read-only view of version 1').waitFor();
      await dialog.getByRole('heading', { name: TITLE }).waitFor();
      await dialog.getByText('No body yet.').waitFor();
      await dialog.locator('[data-status="Writer"]').waitFor();
      await shot('11-as-of-creation');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await history()
        .locator('[data-history-action="SubmitForEdit"]')
        .getByRole('button', { name: 'View as of this moment' })
        .click();
      const later = page.getByRole('dialog', { name: /^As it was at / });
      await later.getByText(BODY).waitFor();
      await later.locator('[data-status="Edit"]').waitFor();
      await later.getByRole('button', { name: 'Close' }).click();
    });

    it('exports the published post as a file, and saves it afterwards', async () => {
      postId = await publishedPost(TITLE);
      page = await newPage(session, EDITOR, `/#/posts/${postId}`);
      await page.locator('.MuiChip-root[data-status="Published"]').first().waitFor();
      await page.locator('[data-action="ExportPage"]').click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Export as HTML' }).click();
      expect((await download).suggestedFilename()).toBe('how-to-water-succulents.html');
      await page.getByText('Export downloaded').waitFor();
      // The export is an event of the post: the next save still goes through.
      await page.getByRole('textbox', { name: 'Subtitle or brief' }).fill('A short guide');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Post saved').waitFor();
      expect(await post(postId)).toMatchObject({ subtitle: 'A short guide', status: 'Published' });
      await history().locator('[data-history-action="ExportPage"]').waitFor();
    });

    it('draws the workflow: the stages in order, Demo Shop without its unused stages', async () => {
      postId = await publishedPost(TITLES.workflow);
      page = await newPage(session, EDITOR, `/#/posts/${postId}`);
      await page.getByRole('button', { name: 'Workflow' }).click();
      const dialog = page.getByRole('dialog', { name: /article workflow/ });
      await dialog.locator('[data-stage-card="Writer"]').waitFor();
      const boxes = await attributes(dialog.locator('[data-stage-box]'), 'data-stage-box');
      expect(boxes).toEqual([
        'Writer',
        'Edit',
        'SecondEdit',
        'Review',
        'FactCheck',
        'SecondFactCheck',
        'ThirdFactCheck',
        'FourthFactCheck',
        'Published',
      ]);
      // Demo Shop goes Writing → Edit → Published: no card for the stages it does not use.
      expect(await dialog.locator('[data-stage-card="FactCheck"]').count()).toBe(0);
      const edit = dialog.locator('[data-stage-card="Edit"]');
      await edit.locator('[data-transition="Publish"]').waitFor();
      await edit.locator('[data-transition="ReturnToWriter"]').waitFor();
      expect(await edit.locator('[data-transition="SubmitForFactCheck"]').count()).toBe(0);
      expect(
        await dialog.locator('[data-stage-card="Writer"] [data-transition="SubmitForEdit"]').textContent(),
      ).toContain('creators and editors');
      await shot('12-workflow');
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    it('takes a bulk action on the Briefs tab and names each post in its result', async () => {
      const briefs: string[] = [];
      for (const title of ['Brief: cactus soil', 'Brief: repotting', 'Brief: propagation']) {
        const res = await editor
          .post('/api/posts')
          .send({ websiteId: shopId, title, type: 'blog', subtitle: 'For beginners' });
        expectWith(res.status, JSON.stringify(res.body)).toBe(201);
        briefs.push(res.body.id);
      }
      page = await newPage(session, EDITOR);
      await page.getByRole('menuitem', { name: 'In Progress' }).click();
      await chooseWebsite('Demo Shop');
      await tab('briefs').click();
      for (const title of ['Brief: cactus soil', 'Brief: repotting', 'Brief: propagation']) {
        await row(title).getByRole('checkbox').check();
      }
      // Meanwhile the writer picks one up. The editor's selection keeps all three, even if the list
      // refetches and the picked-up brief leaves the pool before the editor clicks.
      expect((await writer.post(`/api/posts/${briefs[2]}/actions/Select`).send({})).status).toBe(200);
      await page.locator('[data-bulk-action="Select"]').click();
      const summary = page.getByRole('dialog', { name: 'Select: 2 of 3 done' });
      await summary.waitFor();
      expect(await summary.locator('[data-result="ok"]').count()).toBe(2);
      const refused = summary.locator('[data-result="refused"]');
      expect(await refused.textContent()).toContain('Brief: propagation');
      await shot('13-bulk-result');
      await summary.getByRole('button', { name: 'Close' }).click();
      expect((await post(briefs[0]!)).holder?.name).toBe('Eddie Editor');
      expect((await post(briefs[2]!)).holder?.name).toBe('Wendy Writer');
    });

    it('returns a post to its writer with the note the API requires', async () => {
      await writersPost(TITLES.returned, 'submitted');
      page = await newPage(session, EDITOR);
      await page.getByRole('menuitem', { name: 'In Progress' }).click();
      await chooseWebsite('Demo Shop');
      await tab('edit').click();
      await row(TITLES.returned).click();
      await page.locator('[data-action="ReturnToWriter"]').click();
      const dialog = page.getByRole('dialog', { name: /^Return to writer: / });
      await dialog.getByRole('button', { name: 'Return to writer' }).click();
      await dialog.getByText('Note is missing!').waitFor();
      await dialog.getByRole('textbox', { name: 'Note' }).fill('Please compare the prices too');
      await shot('14a-return-note');
      await dialog.getByRole('button', { name: 'Return to writer' }).click();
      await page.getByText('Post returned to writer').waitFor();
      await page.locator('[data-current="true"][data-stage="Writer"]').waitFor();
      await history()
        .locator('[data-history-action="ReturnToWriter"]')
        .getByText('Please compare the prices too')
        .waitFor();
    });

    it('tells an editor who wrote the content that someone else publishes it (four eyes); the owner does', async () => {
      const created = await editor.post('/api/posts').send({
        websiteId: shopId,
        title: 'Feeding cacti',
        type: 'blog',
        outline: '1. When\n2. With what',
        richText: { json: null, html: '<p>Feed them in spring, lightly.</p>' },
      });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      expect((await writer.post(`/api/posts/${id}/actions/Select`).send({})).status).toBe(200);
      expect((await writer.post(`/api/posts/${id}/actions/SubmitForEdit`).send({})).status).toBe(200);
      page = await newPage(session, EDITOR, `/#/posts/${id}`);
      await page.locator('[data-current="true"][data-stage="Edit"]').waitFor();
      await page.locator('[data-four-eyes]').getByText('someone else publishes it').waitFor();
      expect(await page.locator('[data-action="Publish"]').count()).toBe(0);
      await shot('14b-four-eyes');
      expect((await owner.post(`/api/posts/${id}/actions/Publish`).send({})).status).toBe(200);
    });

    it('opens the take-over dialog when the owner took the post over in another browser, and restores the kept draft', async () => {
      // The editor holds a brief (made and taken through the API) and opens it.
      const brief = await editor
        .post('/api/posts')
        .send({ websiteId: shopId, title: TITLES.takenBrief, type: 'blog', subtitle: 'For beginners' });
      expectWith(brief.status, JSON.stringify(brief.body)).toBe(201);
      postId = brief.body.id;
      await act(editor, postId, 'Select');
      page = await newPage(session, EDITOR);
      await page.getByRole('menuitem', { name: 'In Progress' }).click();
      await chooseWebsite('Demo Shop');
      await tab('outline').click();
      await row(TITLES.takenBrief).click();
      await page.waitForURL(new RegExp(`#/posts/${postId}$`));
      await page.locator('[data-holder="Eddie Editor"]').waitFor();

      // The owner, in another browser (a page with a browser context of its own), takes it over.
      const other = await newPage(session, OWNER, `/#/posts/${postId}`);
      await other.locator('[data-holder="Eddie Editor"]').waitFor();
      await other.locator('[data-action="TakeOver"]').click();
      await other.getByText('You took over this post').waitFor();
      await other.locator('[data-holder="Olivia Owner"]').waitFor();
      await shot('14-owner-took-over', other);

      // The editor, unaware, goes on writing and saves.
      const title = page.getByRole('textbox', { name: 'Title', exact: true });
      await title.fill(TAKEN_TITLE);
      await page.getByRole('textbox', { name: 'Outline' }).fill('1. Less water\n2. More light');
      await page.getByRole('button', { name: 'Save' }).click();
      const dialog = page.getByRole('dialog', { name: 'Olivia Owner took over this post' });
      await dialog.waitFor();
      expect(await dialog.locator('[data-conflict-message]').textContent()).toMatch(
        /^Olivia Owner took over this page at .+\. Your changes were kept as a draft\./,
      );
      // The API's own answer stays readable under it.
      expect(await dialog.locator('[data-conflict-message]').textContent()).toContain('Error: Unable to save post - ');
      await dialog.getByRole('button', { name: 'Take over' }).waitFor();
      await shot('15-take-over-dialog');
      expect((await post(postId)).title).toBe(TITLES.takenBrief);
      const drafts = (await editor.get(`/api/posts/${postId}/drafts`)).body;
      expect(drafts[0]).toMatchObject({ changes: { title: TAKEN_TITLE }, by: { name: 'Eddie Editor' } });

      // Take it back: the form shows the current version, the drafts panel the kept changes.
      await dialog.getByRole('button', { name: 'Take over' }).click();
      await page.getByText('You took over this post').waitFor();
      await page.locator('[data-holder="Eddie Editor"]').waitFor();
      await expectInput(title, TITLES.takenBrief);
      await poll(() => page.getByRole('tab', { name: /^Drafts/ }).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('button', { name: 'Restore into editor' }).first().click();
      await expectInput(title, TAKEN_TITLE);
      await expectInput(page.getByRole('textbox', { name: 'Outline' }), '1. Less water\n2. More light');
      await shot('16-draft-restored');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Post saved').waitFor();
      expect(await post(postId)).toMatchObject({
        title: TAKEN_TITLE,
        outline: '1. Less water\n2. More light',
        holder: { name: 'Eddie Editor' },
      });
      // The history tells the story.
      await page.getByRole('tab', { name: 'History' }).click();
      await history().locator('[data-history-action="TakeOver"]').first().waitFor();
      expect(await history().locator('[data-history-action="KeepDraft"]').count()).toBe(1);
      await shot('17-history-after-take-over');
    });

    it('holding is holding: the owner saving a post Wendy holds gets the take-over dialog; Take over, then the save goes through', async () => {
      const id = await writersPost(TITLES.heldByWendy);
      page = await newPage(session, OWNER, `/#/posts/${id}`);
      await page.locator('[data-holder="Wendy Writer"]').waitFor();
      const title = page.getByRole('textbox', { name: 'Title', exact: true });
      await title.fill('Succulents in closed terrariums');
      await page.getByRole('button', { name: 'Save' }).click();
      // The same dialog as anyone's: Wendy keeps her page, the owner's changes are kept as a draft.
      const dialog = page.getByRole('dialog', { name: 'Wendy Writer is working on this post' });
      await dialog.waitFor();
      expect(await dialog.locator('[data-conflict-message]').textContent()).toMatch(
        /Wendy Writer is working on this page since .+\. Your changes were kept as a draft\./,
      );
      await dialog.getByRole('button', { name: 'Take over' }).waitFor();
      await shot('18-owner-meets-held-post', page);
      expect(await post(id)).toMatchObject({ title: TITLES.heldByWendy, holder: { name: 'Wendy Writer' } });

      // Taking it is the explicit Take over; the kept draft comes back into the editor and saves.
      await dialog.getByRole('button', { name: 'Take over' }).click();
      await page.getByText('You took over this post').waitFor();
      await page.locator('[data-holder="Olivia Owner"]').waitFor();
      await page.getByRole('button', { name: 'Restore into editor' }).first().click();
      await expectInput(title, 'Succulents in closed terrariums');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Post saved').waitFor();
      expect(await post(id)).toMatchObject({
        title: 'Succulents in closed terrariums',
        holder: { name: 'Olivia Owner' },
      });
      await page.getByRole('tab', { name: 'History' }).click();
      await history().locator('[data-history-action="TakeOver"]').waitFor();
      expect(await history().locator('[data-history-action="TakeOver"]').innerText()).toContain('from Wendy Writer');
      await shot('19-owner-took-over-history', page);
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (the editor's In Progress once more), then every page the file opened.
      page = await newPage(session, EDITOR, '/#/in-progress');
      await poll(() => tab('in-progress').getAttribute('aria-selected')).toBe('true');
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
