// The Bios screens (CMS settings, Bios tab) and the post editor's writer bio prompt, in the built
// console in Chromium against the real API with the demo data: the owner opens Bios from the menu,
// creates an expert bio on Demo Blog (a bad profile pic URL shows the API's message) and publishes
// it; a writer's post on Demo Shop names a draft expert in its People tab; the editor who holds it
// at the Edit stage sees "click to add Writer's bio", cannot publish, follows the prompt to a bio
// form filled from the post, saves and publishes the bio, comes back, finishes the expert's bio the
// same way, and publishes the post once no prompt is left. Each test makes the post, the experts and
// Wendy's bio (or its absence) it starts from through the API, and opens a page of its own.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { EDITOR, OWNER, WRITER, listQuery, setups, signIn, type Agent } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession, chooseOption } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const EXPERT = 'Dr. Petra Moss';
const DRAFT_EXPERT = 'Dr. Ivy Fern';
/** The experts the other tests make for themselves (one bio per name and website: the slug). */
const EXPERTS = {
  toPublish: 'Dr. Rowan Ash',
  onDemoBlog: 'Dr. Basil Leaf',
  prompted: 'Dr. Ivy Moss',
  fromPrompt: 'Dr. Ivy Thorn',
  toFinish: 'Dr. Ivy Bloom',
  published: 'Dr. Ivy Root',
  listed: 'Dr. Ivy Stem',
};
const PHOTO = 'https://img.example/petra-moss.svg';
const TITLE = 'Repotting a monstera without tears';
const BODY = {
  outline: '1. When\n2. How',
  richText: { json: { type: 'doc' }, html: '<p>Repot in spring, one size up, with airy soil.</p>' },
};
const PROMPT = "click to add Writer's bio";
const EXPERT_PROMPT = "click to add Expert's bio";

/** A portrait for the profile pics (the browser asks img.example; the test answers). */
const PORTRAIT = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
  <rect width="160" height="160" fill="#7cb38a"/><circle cx="80" cy="62" r="30" fill="#f3d9c2"/>
  <path d="M30 160c6-34 26-52 50-52s44 18 50 52z" fill="#2f6b4f"/><path d="M50 58c0-22 14-34 30-34s30 12 30 34c-8-10-20-14-30-14s-22 4-30 14z" fill="#5a3b2a"/>
</svg>`;

interface BioRecord {
  id: string;
  status: string;
  kind: string;
  userId: string | null;
  displayName: string;
  slug: string;
  text: string | null;
  expertise: string[];
  education: string[];
  socialUrls: string[];
  profilePic: string | null;
}

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `bios in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;
    let owner: Agent;
    let editor: Agent;
    let writer: Agent;
    let blogId: string;
    let shopId: string;
    let wendyId: string;
    /** The running test's post. */
    let postId: string;

    const shot = async (name: string) => {
      // From the top: a scrolled page draws the fixed app bar in the middle of a full-page picture.
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: `${screenshots}bios-${name}.png`, fullPage: true, animations: 'disabled' });
    };
    /**
     * Closes the notifications of the previous steps (they would cover the next pictures). Best
     * effort: at most 4 show at once and the waiting ones come up as the shown ones close, and one
     * still sliding out can refuse the click; no step of the test depends on them being gone.
     */
    const dismissNotifications = async () => {
      for (let round = 0; round < 10; round++) {
        const buttons = await page.getByRole('button', { name: 'Dismiss' }).all();
        if (buttons.length === 0) return;
        for (const button of buttons) await button.click({ timeout: 1_000 }).catch(() => undefined);
        await page.waitForTimeout(300);
      }
    };
    const bios = async (filter: Record<string, unknown>): Promise<BioRecord[]> =>
      (await owner.get(`/api/bios?${listQuery({ filter, range: [0, 99] })}`)).body;
    const post = async () =>
      (await owner.get(`/api/posts/${postId}`)).body as {
        status: string;
        bioPrompts: { field: string; bioId: string | null }[];
        expertId?: string;
      };
    const helper = (text: string) => page.locator('.MuiFormHelperText-root', { hasText: text });
    const choose = (combobox: string, option: string) => chooseOption(page, combobox, option);
    const addEntries = async (label: string, entries: string[]) => {
      const input = page.getByRole('combobox', { name: label });
      for (const entry of entries) {
        await input.fill(entry);
        await input.press('Enter');
      }
    };
    const bioIdFromUrl = () => decodeURIComponent(new URL(page.url()).hash.replace(/^#\/bios\//, '').split('?')[0]!);

    /** An expert bio through the API (a draft without text, which publishing needs, unless `text` is given). */
    const expertBio = async (
      websiteId: string,
      displayName: string,
      fields: Record<string, unknown> = {},
    ): Promise<string> => {
      const created = await owner
        .post('/api/bios')
        .send({ websiteId, kind: 'expert', displayName, role: 'Plant pathologist', ...fields });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id;
    };
    /** A published expert bio of Demo Shop, through the API. */
    const publishedExpert = async (displayName: string): Promise<string> => {
      const id = await expertBio(shopId, displayName, {
        text: `${displayName} diagnoses sick plants for garden centres.`,
      });
      const published = await owner.post(`/api/bios/${id}/actions/Publish`).send({});
      expectWith(published.status, JSON.stringify(published.body)).toBe(200);
      return id;
    };
    /** The writer prompt shows while Wendy has no bio on Demo Shop: whatever the demo data or another test made, none. */
    const withoutWendyBio = async () => {
      for (const bio of await bios({ websiteId: shopId, userId: wendyId })) {
        expect((await owner.delete(`/api/bios/${bio.id}`)).status).toBe(200);
      }
    };
    /** Wendy's published bio on Demo Shop (her own, published by the owner), made through the API unless there. */
    const withWendyBio = async () => {
      let bio = (await bios({ websiteId: shopId, userId: wendyId }))[0];
      if (!bio) {
        const created = await writer.post('/api/bios').send({
          websiteId: shopId,
          kind: 'writer',
          userId: wendyId,
          displayName: 'Wendy Writer',
          text: 'Wendy has kept a jungle of houseplants alive for ten years.',
        });
        expectWith(created.status, JSON.stringify(created.body)).toBe(201);
        bio = created.body as BioRecord;
      }
      if (bio.status !== 'published') {
        const published = await owner.post(`/api/bios/${bio.id}/actions/Publish`).send({});
        expectWith(published.status, JSON.stringify(published.body)).toBe(200);
      }
    };
    /**
     * Wendy's post on Demo Shop through the API, crediting the expert `expertId` when given: in her
     * Writer stage, or (`atEdit`) submitted and taken from the pool by the editor, who holds it.
     */
    const wendysPost = async (options: { expertId?: string; atEdit?: boolean } = {}) => {
      const created = await writer.post('/api/posts').send({ websiteId: shopId, title: TITLE, type: 'blog', ...BODY });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      postId = created.body.id;
      if (options.expertId) {
        const saved = await writer
          .put(`/api/posts/${postId}`)
          .send({ version: created.body.version, expertId: options.expertId });
        expectWith(saved.status, JSON.stringify(saved.body)).toBe(200);
      }
      if (options.atEdit) {
        for (const [agent, action] of [
          [writer, 'SubmitForEdit'],
          [editor, 'Select'],
        ] as const) {
          const moved = await agent.post(`/api/posts/${postId}/actions/${action}`).send({});
          expectWith(moved.status, `${action}: ${JSON.stringify(moved.body)}`).toBe(200);
        }
      }
    };

    beforeAll(async () => {
      // Tall enough for a whole bio form; the profile pics answered by the test.
      session = await openConsole(setup, {
        viewport: { width: 1280, height: 1700 },
        prepare: (context) =>
          context.route('https://img.example/**', (route) =>
            route.fulfill({ status: 200, contentType: 'image/svg+xml', body: PORTRAIT }),
          ),
      });
      ({ app } = session);
      [owner, editor, writer] = await Promise.all([OWNER, EDITOR, WRITER].map((who) => signIn(app.url, who)));
      const websites = (await owner.get('/api/auth/user')).body.websites as { id: string; name: string }[];
      blogId = websites.find((w) => w.name === 'Demo Blog')!.id;
      shopId = websites.find((w) => w.name === 'Demo Shop')!.id;
      wendyId = (await writer.get('/api/auth/user')).body.id;
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it("opens Bios from the owner's menu", async () => {
      page = await newPage(session, OWNER);
      await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Bios' }).click();
      await page.waitForURL(/#\/bios/);
      // The demo's bios, or the invitation to create the first one.
      await page.getByRole('link', { name: /^(New bio|Create the first bio)$/ }).waitFor();
      await shot('01-list');
    });

    it("creates an expert bio on Demo Blog: a bad profile pic URL shows the API's message", async () => {
      page = await newPage(session, OWNER, '/#/bios');
      await page.getByRole('link', { name: /^(New bio|Create the first bio)$/ }).click();
      await page.waitForURL(/#\/bios\/create/);
      await choose('Website', 'Demo Blog');
      await choose('Kind', 'Expert');
      // Experts are outside people: no member to pick.
      expect(await page.getByRole('combobox', { name: 'Member' }).count()).toBe(0);
      await page.getByRole('textbox', { name: 'Display name' }).fill(EXPERT);
      await page.getByRole('textbox', { name: 'Role' }).fill('Botanist');
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('PhD in plant biology');
      await page.getByRole('textbox', { name: 'Profile pic URL' }).fill('petra.jpg');
      await page
        .getByRole('textbox', { name: 'Text', exact: true })
        .fill('Petra has studied houseplants for twenty years and runs the university greenhouse in Bonn.');
      await page.getByRole('textbox', { name: 'Quote' }).fill('Most plants die of kindness: too much water.');
      await page
        .getByRole('textbox', { name: 'Meta description' })
        .fill('Dr. Petra Moss, botanist: houseplant care she has tested for twenty years.');
      await addEntries('Expertise', ['Houseplants', 'Soil']);
      await addEntries('Education', ['PhD, University of Bonn']);
      await addEntries('Social URLs', ['https://social.example/petramoss']);
      await page.getByRole('button', { name: 'Create bio' }).click();
      await helper('Profile pic URL must be a valid URL (http or https)').waitFor();
      expect(page.url()).toMatch(/#\/bios\/create/);
      expect(await bios({ websiteId: blogId, q: 'Petra' })).toEqual([]);
      await shot('02-create-invalid-profile-pic');

      await dismissNotifications();
      await page.getByRole('textbox', { name: 'Profile pic URL' }).fill(PHOTO);
      // The preview shows the photo as soon as the URL is a URL.
      await poll(() => page.locator(`img[src="${PHOTO}"]`).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Create bio' }).click();
      await page.waitForURL(/#\/bios\/(?!create)[^/?]+$/);
      await page.getByText('Bio created as a draft').waitFor();
      const id = bioIdFromUrl();
      const bio = (await owner.get(`/api/bios/${id}`)).body as BioRecord;
      expect(bio).toMatchObject({
        status: 'draft',
        kind: 'expert',
        userId: null,
        displayName: EXPERT,
        slug: 'dr-petra-moss',
        profilePic: PHOTO,
        expertise: ['Houseplants', 'Soil'],
        education: ['PhD, University of Bonn'],
        socialUrls: ['https://social.example/petramoss'],
      });
      await page.locator('.MuiChip-root[data-status="draft"]').waitFor();
      await page.getByRole('list', { name: 'History' }).locator('[data-history-event="BioCreated"]').waitFor();
      await shot('03-expert-draft');
    });

    it('publishes it with the Publish button of its allowed actions', async () => {
      // An expert draft of Demo Blog of its own, through the API.
      const id = await expertBio(blogId, EXPERTS.toPublish, {
        profilePic: PHOTO,
        text: 'Rowan has grown ferns in shady flats for fifteen years.',
      });
      page = await newPage(session, OWNER, `/#/bios/${id}`);
      await page.locator('.MuiChip-root[data-status="draft"]').waitFor();
      await page.locator('[data-action="Publish"]').click();
      await page.getByText('Bio published').waitFor();
      await page.locator('.MuiChip-root[data-status="published"]').waitFor();
      await page.locator('[data-action="Unpublish"]').waitFor();
      const history = page.getByRole('list', { name: 'History' });
      await history.locator('[data-history-event="BioPublished"]').waitFor();
      expect(await history.locator('[data-history-event="BioPublished"]').textContent()).toContain('Olivia Owner');
      expect((await bios({ websiteId: blogId, q: 'Rowan' }))[0]).toMatchObject({ status: 'published' });
      await shot('04-expert-published');

      await page.getByRole('link', { name: 'Bios' }).first().click();
      await page.waitForURL(/#\/bios(\?.*)?$/);
      await choose('Website', 'Demo Blog');
      await choose('Kind', 'Experts');
      const row = page.getByRole('row').filter({ hasText: EXPERTS.toPublish });
      await row.locator('[data-status="published"]').waitFor();
      await row.locator(`img[src="${PHOTO}"]`).waitFor();
      await shot('05-list-experts');
    });

    it('lets the writer name a draft expert in the People tab: the post then prompts for both bios', async () => {
      // Wendy without a bio, her post, a draft expert of Demo Shop and a published one of Demo Blog.
      await withoutWendyBio();
      const draftExpertId = await expertBio(shopId, DRAFT_EXPERT);
      const blogExpertId = await expertBio(blogId, EXPERTS.onDemoBlog, { text: 'Basil writes about herbs.' });
      expect((await owner.post(`/api/bios/${blogExpertId}/actions/Publish`).send({})).status).toBe(200);
      await wendysPost();
      page = await newPage(session, WRITER, `/#/posts/${postId}`);
      await page.getByRole('link', { name: PROMPT }).waitFor();
      await page.getByRole('tab', { name: 'People' }).click();
      await page.getByRole('combobox', { name: 'Credited writer' }).waitFor();
      await page.getByRole('combobox', { name: 'Expert' }).click();
      // Only the experts of the post's website are offered.
      const options = await page.getByRole('option').allTextContents();
      expect(options).toContain(`${DRAFT_EXPERT} (draft)`);
      expect(options).not.toContain(EXPERTS.onDemoBlog);
      await page.getByRole('option', { name: `${DRAFT_EXPERT} (draft)` }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Post saved').waitFor();
      await dismissNotifications();
      await page.getByRole('link', { name: EXPERT_PROMPT }).waitFor();
      expect((await post()).expertId).toBe(draftExpertId);
      await shot('06-writer-people-tab');
      await page.locator('[data-action="SubmitForEdit"]').click();
      await page.getByText('Post submitted for edit').waitFor();
      // The editor takes it from the pool (through the API: the editor's part in the console starts at the post).
      expect((await editor.post(`/api/posts/${postId}/actions/Select`).send({})).status).toBe(200);
    });

    it("shows the editor the prompts on the post, and Publish is refused with the spec's message", async () => {
      // Wendy without a bio; her post credits a draft expert, and the editor holds it at Edit.
      await withoutWendyBio();
      await wendysPost({ expertId: await expertBio(shopId, EXPERTS.prompted), atEdit: true });
      page = await newPage(session, EDITOR, `/#/posts/${postId}`);
      await page.locator('[data-holder="Eddie Editor"]').waitFor();
      const prompt = page.locator('[data-bio-prompt="writer"]');
      await prompt.getByRole('link', { name: PROMPT }).waitFor();
      await prompt.getByText('Wendy Writer has no bio on this website yet').waitFor();
      await page
        .locator('[data-bio-prompt="expert"]')
        .getByText(`${EXPERTS.prompted}’s bio is still a draft`)
        .waitFor();
      await shot('07-editor-prompts');
      await page.locator('[data-action="Publish"]').click();
      await page.getByText(`Error: Unable to publish post - ${PROMPT}`).waitFor();
      expect((await post()).status).toBe('Edit');
      await shot('08-publish-refused');
    });

    it('follows the prompt to a bio form filled from the post, creates and publishes the bio', async () => {
      // As in the test above: no bio of Wendy; her post credits a draft expert; the editor holds it.
      await withoutWendyBio();
      await wendysPost({ expertId: await expertBio(shopId, EXPERTS.fromPrompt), atEdit: true });
      page = await newPage(session, EDITOR, `/#/posts/${postId}`);
      await page.locator('[data-holder="Eddie Editor"]').waitFor();
      await page.getByRole('link', { name: PROMPT }).click();
      await page.waitForURL(/#\/bios\/create\?/);
      await poll(() => page.getByRole('textbox', { name: 'Display name' }).inputValue()).toBe('Wendy Writer');
      await poll(() => page.getByRole('combobox', { name: 'Website' }).textContent()).toBe('Demo Shop');
      await poll(() => page.getByRole('combobox', { name: 'Kind' }).textContent()).toBe('Writer');
      await poll(() => page.getByRole('combobox', { name: 'Member' }).textContent()).toBe('Wendy Writer');
      await page.getByText('cannot be published until their bio is').waitFor();
      await page.getByRole('textbox', { name: 'Role' }).fill('Staff writer');
      await page
        .getByRole('textbox', { name: 'Text', exact: true })
        .fill('Wendy has kept a jungle of houseplants alive in a north-facing flat for ten years.');
      await addEntries('Categories', ['Houseplants']);
      await shot('09-create-from-prompt');
      await page.getByRole('button', { name: 'Create bio' }).click();
      await page.waitForURL(/#\/bios\/(?!create)[^/?]+\?returnTo=/);
      await page.getByText('Bio created: publish it so the post can credit it').waitFor();
      await dismissNotifications();
      const id = bioIdFromUrl();
      expect((await owner.get(`/api/bios/${id}`)).body).toMatchObject({
        kind: 'writer',
        userId: wendyId,
        displayName: 'Wendy Writer',
        status: 'draft',
        websiteId: shopId,
      });
      await page.locator('[data-return-notice="draft"]').waitFor();
      // The post now knows the draft: its prompt leads to it.
      expect((await post()).bioPrompts).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'writer', bioId: id })]),
      );
      await shot('10-writer-bio-draft');

      await page.locator('[data-action="Publish"]').click();
      await page.getByText('Bio published').waitFor();
      await page.locator('[data-return-notice="published"]').waitFor();
      await shot('11-writer-bio-published');
      await page.getByRole('link', { name: 'Back to the post' }).click();
      await page.waitForURL(new RegExp(`#/posts/${postId}$`));
      await page.locator('[data-bio-prompt="expert"]').waitFor();
      await poll(() => page.locator('[data-bio-prompt="writer"]').count()).toBe(0);
    });

    it('finishes the draft expert bio from its prompt: Publish needs its text', async () => {
      // Wendy's bio published; her post credits a draft expert; the editor holds it at Edit.
      await withWendyBio();
      const draftExpertId = await expertBio(shopId, EXPERTS.toFinish);
      await wendysPost({ expertId: draftExpertId, atEdit: true });
      page = await newPage(session, EDITOR, `/#/posts/${postId}`);
      await page.locator('[data-holder="Eddie Editor"]').waitFor();
      await page.getByRole('link', { name: EXPERT_PROMPT }).click();
      await page.waitForURL(new RegExp(`#/bios/${draftExpertId}\\?returnTo=`));
      await page.locator('[data-return-notice="draft"]').waitFor();
      await page.locator('[data-action="Publish"]').click();
      await helper('Text is missing!').waitFor();
      await shot('12-expert-text-missing');
      await page
        .getByRole('textbox', { name: 'Text', exact: true })
        .fill('Ivy diagnoses sick plants for garden centres across Bavaria.');
      // Unsaved changes keep Publish off.
      await poll(() => page.locator('[data-action="Publish"]').isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Bio saved').waitFor();
      await poll(() => page.locator('[data-action="Publish"]').isDisabled()).toBe(false);
      await page.locator('[data-action="Publish"]').click();
      await page.getByText('Bio published').waitFor();
      await page.locator('[data-return-notice="published"]').waitFor();
      const history = page.getByRole('list', { name: 'History' });
      // Only what the form changed is sent: the history names the text alone.
      await history.locator('[data-history-event="BioChanged"]').getByText('Changed text', { exact: true }).waitFor();
      await shot('13-expert-published-history');
      await page.getByRole('link', { name: 'Back to the post' }).click();
      await page.waitForURL(new RegExp(`#/posts/${postId}$`));
    });

    it('shows the post without prompts, and publishes it', async () => {
      // Wendy's bio and the expert's published; the editor holds the post at Edit.
      await withWendyBio();
      await wendysPost({ expertId: await publishedExpert(EXPERTS.published), atEdit: true });
      page = await newPage(session, EDITOR, `/#/posts/${postId}`);
      await page.locator('[data-holder="Eddie Editor"]').waitFor();
      await poll(() => page.locator('[data-bio-prompt]').count()).toBe(0);
      expect((await post()).bioPrompts).toEqual([]);
      await shot('14-post-without-prompts');
      await page.locator('[data-action="Publish"]').click();
      await page.getByText('Post published').waitFor();
      await page.locator('.MuiChip-root[data-status="Published"]').first().waitFor();
      expect(await post()).toMatchObject({ status: 'Published', bioPrompts: [] });
      await shot('15-post-published');
    });

    it('lists the Demo Shop bios for the editor, published', async () => {
      await withWendyBio();
      await publishedExpert(EXPERTS.listed);
      page = await newPage(session, EDITOR);
      await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Bios' }).click();
      await page.waitForURL(/#\/bios/);
      await choose('Website', 'Demo Shop');
      await poll(() => page.getByRole('row').filter({ hasText: 'Demo Blog' }).count()).toBe(0);
      // A new session has no saved filters: every kind is listed.
      expect((await page.getByRole('combobox', { name: 'Kind' }).textContent())?.replace(/\u200b/g, '').trim()).toBe(
        '',
      );
      for (const name of ['Wendy Writer', EXPERTS.listed]) {
        await page.getByRole('row').filter({ hasText: name }).locator('[data-status="published"]').waitFor();
      }
      await shot('16-list-demo-shop');
    });

    it('opens the existing bio when the member already has one on the website', async () => {
      await withWendyBio();
      const existing = (await bios({ websiteId: shopId, userId: wendyId }))[0]!;
      const query = new URLSearchParams({
        websiteId: shopId,
        kind: 'writer',
        userId: wendyId,
        displayName: 'Wendy W.',
      });
      page = await newPage(session, EDITOR, `/#/bios/create?${query}`);
      await poll(() => page.getByRole('textbox', { name: 'Display name' }).inputValue()).toBe('Wendy W.');
      await page.getByRole('textbox', { name: 'Text', exact: true }).fill('A second bio of Wendy.');
      await page.getByRole('button', { name: 'Create bio' }).click();
      await page
        .getByRole('region', { name: 'Notifications' })
        .getByText('Wendy Writer already has a bio on this website')
        .waitFor();
      await page.waitForURL(new RegExp(`#/bios/${existing.id}$`));
      await poll(() => page.getByRole('textbox', { name: 'Display name' }).inputValue()).toBe('Wendy Writer');
      expect(await bios({ websiteId: shopId, userId: wendyId })).toHaveLength(1);
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (the bios once more), then every page the file opened.
      page = await newPage(session, OWNER, '/#/bios');
      await page.getByRole('link', { name: /^(New bio|Create the first bio)$/ }).waitFor();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
