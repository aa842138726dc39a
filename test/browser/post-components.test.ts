// The product components of the post body in the built console (Chromium, the real API, the demo
// data): a writer creates a post on Demo Shop and inserts a call to action, a product box, an FAQ
// and a callout through the editor's Insert menu and their dialogs (which refuse incomplete
// components with the API's messages), saves, and the API keeps them as TipTap nodes in
// `richText.json` and as `data-component` elements in `richText.html`; the reopened post shows
// them again (HTML → editor → HTML round-trips), and an edited callout is saved as such. Each test
// starts from a post of its own, created through the API with what the test needs in its body.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { pageTasksRun } from '../support/page-events.js';
import { requires } from '../support/requires.js';
import { WRITER, setups, signIn, type Agent } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const TITLE = 'The best watering cans for succulents';
const INTRO = 'A good watering can pours slowly, right at the soil.';
const CTA = { text: 'Shop the watering cans', url: 'https://shop.example/watering-cans', variant: 'secondary' };
const PRODUCT = {
  name: 'Aqua Can 2 L',
  url: 'https://shop.example/aqua-can',
  rating: 4.5,
  summary: 'A long thin spout & a light body: "easy" to aim.',
};
const FAQ = [
  { question: 'How often should I water succulents?', answer: 'Only when the soil is completely dry.' },
  { question: 'Is tap water fine?', answer: 'Yes, <if> it stood overnight.' },
];
const CALLOUT = { tone: 'tip', text: 'Water in the morning, so the leaves dry by night.' };
const EDITED_CALLOUT = 'Water in the morning; never let the pot stand in water.';

interface JsonNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: JsonNode[];
}
interface PostRecord {
  id: string;
  version: number;
  outline?: string;
  richText?: { html: string; json: JsonNode | null } | null;
}

const COMPONENT_TYPES = ['callToAction', 'productBox', 'faq', 'callout'];
/** The component nodes of a TipTap document, in order. */
const componentsOf = (doc: JsonNode | null | undefined): JsonNode[] =>
  (doc?.content ?? []).flatMap((node) =>
    COMPONENT_TYPES.includes(node.type) ? [{ type: node.type, attrs: node.attrs }] : componentsOf(node),
  );
/** The `data-component` elements of the stored HTML (they hold no nested elements of their own kind). */
const componentHtml = (html: string) => html.match(/<(div|aside) data-component="[^"]+"[\s\S]*?<\/\1>(?=<|$)/g) ?? [];

/** The components as the API keeps them in `richText.html` (what the editor sends). */
const CTA_HTML = `<div data-component="call-to-action" data-text="${CTA.text}" data-url="${CTA.url}" data-variant="secondary"><a href="${CTA.url}">${CTA.text}</a></div>`;
const PRODUCT_HTML =
  `<div data-component="product-box" data-name="${PRODUCT.name}" data-url="${PRODUCT.url}" data-rating="4.5" data-summary="A long thin spout &amp; a light body: &quot;easy&quot; to aim.">` +
  `<p><strong>${PRODUCT.name}</strong></p><p>4.5 / 5</p><p>A long thin spout &amp; a light body: "easy" to aim.</p><p><a href="${PRODUCT.url}">See the product</a></p></div>`;
const FAQ_HTML =
  `<div data-component="faq" data-items="${escapeAttribute(JSON.stringify(FAQ))}"><dl>` +
  `<dt>${FAQ[0].question}</dt><dd>${FAQ[0].answer}</dd><dt>${FAQ[1].question}</dt><dd>Yes, &lt;if&gt; it stood overnight.</dd></dl></div>`;
const calloutHtml = (callout: { tone: string; text: string }) =>
  `<aside data-component="callout" data-tone="${callout.tone}">${callout.text}</aside>`;

/** A body of the intro alone, or of the intro and the four components (with `callout`), as the API keeps it. */
const introBody = () => ({
  html: `<p>${INTRO}</p>`,
  json: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: INTRO }] }] },
});
const fourComponentsBody = (callout: { tone: string; text: string }) => ({
  html: `<p>${INTRO}</p>${CTA_HTML}${PRODUCT_HTML}${FAQ_HTML}${calloutHtml(callout)}`,
  json: {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: INTRO }] },
      { type: 'callToAction', attrs: CTA },
      { type: 'productBox', attrs: PRODUCT },
      { type: 'faq', attrs: { items: FAQ } },
      { type: 'callout', attrs: callout },
    ],
  },
});

const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `Product components in the post body, in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;
    let appUrl: string;
    let writer: Agent;
    let shopId: string;
    /** The running test's post. */
    let postId: string;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}post-components-${name}.png`, fullPage: true, animations: 'disabled' });
    const post = async (): Promise<PostRecord> => (await writer.get(`/api/posts/${postId}`)).body;
    const editorBox = () => page.locator('.ProseMirror');
    const card = (type: string) => editorBox().locator(`[data-component-kind="${type}"]`);
    const dialogNamed = (name: string) => page.getByRole('dialog', { name });
    /** Opens the Insert menu and one of its components; answers the component's dialog. */
    const openInsert = async (item: string, title: string): Promise<Locator> => {
      await page.getByRole('button', { name: 'Insert a component' }).click();
      await page.getByRole('menuitem', { name: item, exact: true }).click();
      const dialog = dialogNamed(title);
      await dialog.waitFor();
      return dialog;
    };
    const insert = async (dialog: Locator) => {
      await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    const expectInput = async (input: Locator, value: string) => poll(() => input.inputValue()).toBe(value);

    /**
     * A post of the writer's own on Demo Shop with `body` (through the API), open in the editor as
     * the writer; with `caretAfterIntro`, the caret at the end of the intro (where inserting goes).
     */
    const openPost = async (
      body: { html: string; json: Record<string, unknown> },
      options: { caretAfterIntro?: boolean } = {},
    ) => {
      const created = await writer
        .post('/api/posts')
        .send({ websiteId: shopId, title: TITLE, type: 'blog', richText: body });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      postId = created.body.id;
      page = await newPage(session, WRITER, `/#/posts/${postId}`);
      await page.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
      await editorBox().getByText(INTRO).waitFor();
      if (options.caretAfterIntro) {
        await editorBox().getByText(INTRO).click();
        await page.keyboard.press('End');
      }
    };

    // Each component the way its own test inserts it, for the tests that need it in the body.
    const insertCallToAction = async () => {
      const dialog = await openInsert('Call to action', 'Insert a call to action');
      await dialog.getByRole('textbox', { name: 'Button text' }).fill(CTA.text);
      await dialog.getByRole('textbox', { name: 'Link' }).fill(CTA.url);
      await dialog.getByRole('radio', { name: 'Secondary' }).check();
      await insert(dialog);
      await card('callToAction').getByText(CTA.text).waitFor();
    };
    const insertProductBox = async () => {
      const dialog = await openInsert('Product box', 'Insert a product box');
      await dialog.getByRole('textbox', { name: 'Product name' }).fill(PRODUCT.name);
      await dialog.getByRole('textbox', { name: 'Product link' }).fill(PRODUCT.url);
      await dialog.getByRole('textbox', { name: 'Rating' }).fill(String(PRODUCT.rating));
      await dialog.getByRole('textbox', { name: 'Summary' }).fill(PRODUCT.summary);
      await insert(dialog);
      await card('productBox').getByText(PRODUCT.name).waitFor();
    };
    const insertFaq = async () => {
      const dialog = await openInsert('FAQ', 'Insert an FAQ');
      await dialog.getByRole('textbox', { name: 'Question 1' }).fill(FAQ[0].question);
      await dialog.getByRole('textbox', { name: 'Answer 1' }).fill(FAQ[0].answer);
      await dialog.getByRole('button', { name: 'Add a question' }).click();
      await dialog.getByRole('textbox', { name: 'Question 2' }).fill(FAQ[1].question);
      await dialog.getByRole('textbox', { name: 'Answer 2' }).fill(FAQ[1].answer);
      await insert(dialog);
      await card('faq').getByText('2 questions').waitFor();
    };
    const insertCallout = async () => {
      const dialog = await openInsert('Callout', 'Insert a callout');
      await dialog.getByRole('radio', { name: 'Tip' }).check();
      await dialog.getByRole('textbox', { name: 'Text' }).fill(CALLOUT.text);
      await insert(dialog);
      await card('callout').getByText(CALLOUT.text).waitFor();
    };

    beforeAll(async () => {
      session = await openConsole(setup, { viewport: { width: 1280, height: 1400 } });
      appUrl = session.app.url;
      writer = await signIn(appUrl, WRITER);
      const websites = (await writer.get('/api/auth/user')).body.websites as { id: string; name: string }[];
      shopId = websites.find((w) => w.name === 'Demo Shop')!.id;
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('creates a post on Demo Shop as the writer; the body toolbar has the Insert menu', async () => {
      page = await newPage(session, WRITER, '/#/posts/create');
      await page.getByRole('combobox', { name: 'Website' }).click();
      await page.getByRole('option', { name: 'Demo Shop' }).click();
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/posts\/(?!create$)[^/]+$/);
      postId = decodeURIComponent(page.url().split('/').pop()!);
      await page.getByText('Post created').waitFor();

      await editorBox().click();
      await page.keyboard.type(INTRO);
      await page.getByRole('button', { name: 'Insert a component' }).click();
      const menu = page.getByRole('menu', { name: 'Product components' });
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
        'Call to action',
        'Product box',
        'FAQ',
        'Callout',
      ]);
      await shot('01-insert-menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      // Nothing is selected: nothing to edit.
      expect(await page.getByRole('button', { name: 'Edit the component' }).isDisabled()).toBe(true);
    });

    it('inserts a call to action once its text and a valid link are there', async () => {
      await openPost(introBody(), { caretAfterIntro: true });
      const dialog = await openInsert('Call to action', 'Insert a call to action');
      await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
      await dialog.getByText('Call to action: Button text is missing!').waitFor();
      await dialog.getByText('Call to action: Link is missing!').waitFor();
      await shot('02-cta-messages');
      await dialog.getByRole('textbox', { name: 'Button text' }).fill(CTA.text);
      await dialog.getByRole('textbox', { name: 'Link' }).fill('shop.example/watering-cans');
      await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
      await dialog.getByText('Call to action: the link must be a valid URL').waitFor();
      expect(await dialog.getByText('Call to action: Button text is missing!').count()).toBe(0);
      await dialog.getByRole('textbox', { name: 'Link' }).fill(CTA.url);
      await dialog.getByRole('radio', { name: 'Secondary' }).check();
      await insert(dialog);
      await card('callToAction').getByText(CTA.text).waitFor();
      await card('callToAction').getByText(CTA.url).waitFor();
    });

    it('refuses a product box without its link ("Product call-to-action link missing"), then inserts it', async () => {
      await openPost(introBody(), { caretAfterIntro: true });
      const dialog = await openInsert('Product box', 'Insert a product box');
      await dialog.getByRole('textbox', { name: 'Product name' }).fill(PRODUCT.name);
      await dialog.getByRole('textbox', { name: 'Rating' }).fill('7');
      await dialog.getByRole('textbox', { name: 'Summary' }).fill(PRODUCT.summary);
      await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
      await dialog.getByText('Product call-to-action link missing').waitFor();
      await dialog.getByText('Rating is entered 0 to 5').waitFor();
      await shot('03-product-box-link-missing');
      // Still open, nothing inserted.
      expect(await card('productBox').count()).toBe(0);
      await dialog.getByRole('textbox', { name: 'Product link' }).fill(PRODUCT.url);
      await dialog.getByRole('textbox', { name: 'Rating' }).fill(String(PRODUCT.rating));
      await poll(() => dialog.getByText('Product call-to-action link missing').count()).toBe(0);
      await insert(dialog);
      await card('productBox').getByText(PRODUCT.name).waitFor();
      await card('productBox').getByText('★ 4.5 / 5').waitFor();
    });

    it('inserts an FAQ of two questions, each with its answer', async () => {
      await openPost(introBody(), { caretAfterIntro: true });
      const dialog = await openInsert('FAQ', 'Insert an FAQ');
      await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
      await dialog.getByText('FAQ list is required').waitFor();
      await dialog.getByRole('textbox', { name: 'Question 1' }).fill(FAQ[0].question);
      await dialog.getByRole('textbox', { name: 'Answer 1' }).fill(FAQ[0].answer);
      await dialog.getByRole('button', { name: 'Add a question' }).click();
      await dialog.getByRole('textbox', { name: 'Question 2' }).fill(FAQ[1].question);
      await dialog.getByText('FAQ: every item needs a question and an answer').waitFor();
      // A third row, removed again.
      await dialog.getByRole('button', { name: 'Add a question' }).click();
      await dialog.getByRole('textbox', { name: 'Question 3' }).fill('Removed');
      await dialog.getByRole('button', { name: 'Remove question 3' }).click();
      await poll(() => dialog.getByRole('textbox', { name: 'Question 3' }).count()).toBe(0);
      await dialog.getByRole('textbox', { name: 'Answer 2' }).fill(FAQ[1].answer);
      await shot('04-faq-dialog');
      await insert(dialog);
      await card('faq').getByText(FAQ[1].question).waitFor();
      await card('faq').getByText('2 questions').waitFor();
    });

    it('inserts a tip callout', async () => {
      // After the three other components, inserted the way their tests do.
      await openPost(introBody(), { caretAfterIntro: true });
      await insertCallToAction();
      await insertProductBox();
      await insertFaq();
      const dialog = await openInsert('Callout', 'Insert a callout');
      await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
      await dialog.getByText('Callout: Text is missing!').waitFor();
      await dialog.getByRole('radio', { name: 'Tip' }).check();
      await dialog.getByRole('textbox', { name: 'Text' }).fill(CALLOUT.text);
      await insert(dialog);
      await card('callout').getByText(CALLOUT.text).waitFor();
      expect(await card('callout').getAttribute('data-tone')).toBe('tip');
      // The four cards, in the order they were inserted, after the intro.
      expect(await attributesOf(editorBox().locator('[data-component-kind]'), 'data-component-kind')).toEqual(
        COMPONENT_TYPES,
      );
      await editorBox().getByText(INTRO).waitFor();
      await shot('05-editor-four-components');
    });

    it('saves: the API keeps the four nodes in richText.json and their data-component elements in richText.html', async () => {
      await openPost(introBody(), { caretAfterIntro: true });
      await insertCallToAction();
      await insertProductBox();
      await insertFaq();
      await insertCallout();
      expect(await attributesOf(editorBox().locator('[data-component-kind]'), 'data-component-kind')).toEqual(
        COMPONENT_TYPES,
      );
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Post saved').waitFor();
      const saved = await post();
      expect(componentsOf(saved.richText?.json)).toEqual([
        { type: 'callToAction', attrs: CTA },
        { type: 'productBox', attrs: PRODUCT },
        { type: 'faq', attrs: { items: FAQ } },
        { type: 'callout', attrs: CALLOUT },
      ]);
      const html = saved.richText!.html;
      expect(html.startsWith(`<p>${INTRO}</p>`)).toBe(true);
      expect(componentHtml(html)).toEqual([CTA_HTML, PRODUCT_HTML, FAQ_HTML, calloutHtml(CALLOUT)]);
    });

    it('shows the components again when the post is reopened, and edits the callout with a double-click', async () => {
      // A post kept with the four components (as the save above keeps them), opened anew.
      await openPost(fourComponentsBody(CALLOUT));
      const savedHtml = (await post()).richText!.html;
      expect(componentHtml(savedHtml)).toHaveLength(4);
      await card('callout').getByText(CALLOUT.text).waitFor();
      expect(await attributesOf(editorBox().locator('[data-component-kind]'), 'data-component-kind')).toEqual(
        COMPONENT_TYPES,
      );
      await card('callToAction').getByText(CTA.text).waitFor();
      await card('productBox').getByText(PRODUCT.summary).waitFor();
      await card('faq').getByText(FAQ[0].answer).waitFor();
      await shot('06-reopened');

      // A selected component can be edited from the toolbar too.
      await card('productBox').getByText(PRODUCT.summary).click();
      const editButton = page.getByRole('button', { name: 'Edit the component' });
      await poll(() => editButton.isDisabled()).toBe(false);
      await editButton.click();
      const productDialog = dialogNamed('Edit the product box');
      await expectInput(productDialog.getByRole('textbox', { name: 'Product name' }), PRODUCT.name);
      await expectInput(productDialog.getByRole('textbox', { name: 'Rating' }), '4.5');
      await productDialog.getByRole('button', { name: 'Cancel' }).click();
      await productDialog.waitFor({ state: 'hidden' });

      await card('callout').getByText(CALLOUT.text).dblclick();
      const dialog = dialogNamed('Edit the callout');
      await expectInput(dialog.getByRole('textbox', { name: 'Text' }), CALLOUT.text);
      expect(await dialog.getByRole('radio', { name: 'Tip' }).isChecked()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Text' }).fill('');
      await dialog.getByRole('button', { name: 'Update' }).click();
      await dialog.getByText('Callout: Text is missing!').waitFor();
      await dialog.getByRole('textbox', { name: 'Text' }).fill(EDITED_CALLOUT);
      await dialog.getByRole('radio', { name: 'Warning' }).check();
      await shot('07-edit-callout');
      await dialog.getByRole('button', { name: 'Update' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await card('callout').getByText(EDITED_CALLOUT).waitFor();
      expect(await card('callout').getAttribute('data-tone')).toBe('warning');
      expect(await editorBox().locator('[data-component-kind]').count()).toBe(4);

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Post saved').waitFor();
      const saved = await post();
      expect(componentsOf(saved.richText?.json)).toEqual([
        { type: 'callToAction', attrs: CTA },
        { type: 'productBox', attrs: PRODUCT },
        { type: 'faq', attrs: { items: FAQ } },
        { type: 'callout', attrs: { tone: 'warning', text: EDITED_CALLOUT } },
      ]);
      // The other three came back from the stored HTML through the editor unchanged.
      const before = componentHtml(savedHtml);
      const after = componentHtml(saved.richText!.html);
      expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
      expect(after[3]).toBe(`<aside data-component="callout" data-tone="warning">${EDITED_CALLOUT}</aside>`);
      await shot('08-saved-after-edit');
    });

    it('shows the components read-only once the post went to edit: no Insert menu, no Edit', async () => {
      // A post kept with the four components, the callout edited (as the test above leaves it).
      await openPost(fourComponentsBody({ tone: 'warning', text: EDITED_CALLOUT }));
      const outline = '1. Spouts\n2. Sizes';
      await page.getByRole('textbox', { name: 'Outline' }).fill(outline);
      await page.getByRole('button', { name: 'Save' }).click();
      await poll(async () => (await post()).outline).toBe(outline);
      await page.locator('[data-action="SubmitForEdit"]').click();
      await page.getByText('Post submitted for edit').waitFor();
      await page.getByText('You can read this post.').waitFor();
      await card('callout').getByText(EDITED_CALLOUT).waitFor();
      expect(await editorBox().locator('[data-component-kind]').count()).toBe(4);
      expect(await page.getByRole('button', { name: 'Insert a component' }).count()).toBe(0);
      expect(await card('callout').getByRole('button', { name: 'Edit the callout' }).isVisible()).toBe(false);
      await card('callout').getByText(EDITED_CALLOUT).dblclick();
      // The double click's handlers and what they queued have run.
      await pageTasksRun(page);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await shot('09-read-only');
      // (closePages: this test's page raised no page error and no server error.)
    });
  },
);

/** An attribute's value as Chromium writes it in HTML. */
function escapeAttribute(value: string) {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** One attribute of every element the locator finds, in document order. */
async function attributesOf(locator: Locator, name: string) {
  return Promise.all((await locator.all()).map((element) => element.getAttribute(name)));
}
