// tracker.js forwards CTA events to the analytics tools a customer's page has loaded (issue 14;
// seed 001 "Analytics settings"; apps/tracker/README.md "Forwarding"), in Debian's Chromium.
// Like test/browser/tracker.test.ts, a Node server on 127.0.0.1 plays both sides: the customer's
// pages on http://127.0.0.1:PORT (with stub recorders of gtag, dataLayer, fbq, analytics and _hsq
// defined before the tracker, or none, or broken ones) and the platform on http://localhost:PORT
// (the built tracker.js, placements written here by hand with the website's analytics ids, and a
// collect route that checks every batch with the API's validator). The expected calls are written
// out by hand from the README's table.
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { validateCollectBatch } from '#libs/cro/src/domain/collect-events.js';
import { requires } from '../support/requires.js';
import { CHROMIUM_PATH } from './chromium.js';
import { customerSite, TRACKER } from './customer-site.js';

const IDS = {
  googleAnalyticsId: 'G-TEST12345',
  tagManagerId: 'GTM-TEST123',
  facebookPixelId: '123456789012',
  segment: true,
  hubspotCtaClickEventId: 'pe99_cta_clicked',
};
const NO_IDS = {
  googleAnalyticsId: null,
  tagManagerId: null,
  facebookPixelId: null,
  segment: false,
  hubspotCtaClickEventId: null,
};

const OFFER = {
  id: 'cta-offer',
  type: 'inline',
  items: [
    { type: 'paragraph', label: 'Try the pro plan' },
    { type: 'button', label: 'Tell me more' },
  ],
};
const FORM = {
  id: 'cta-form',
  type: 'form',
  items: [
    { type: 'email', label: 'Email', name: 'email', required: true },
    { type: 'button', label: 'Join' },
  ],
};
const CAMPAIGN = {
  id: 'camp-f',
  containers: [
    { name: 'After the intro', ctaId: 'cta-offer', position: 'below', selector: '#intro', selectorType: 'css' },
    { name: 'Before the footer', ctaId: 'cta-form', position: 'above', selector: '#site-footer', selectorType: 'css' },
  ],
};
const placementsWith = (analytics: unknown) =>
  JSON.stringify({ campaigns: [CAMPAIGN], ctas: [OFFER, FORM], experiments: [], controlGroupPct: 0, analytics });
const SITES = new Map<string, string>([
  ['site-ids', placementsWith(IDS)],
  ['site-no-ids', placementsWith(NO_IDS)],
]);

/** What the page defines before the tracker: recorders, nothing, or tools that are there but broken (and one that works). */
const TOOLS: Record<string, string> = {
  stubs: `<script>
    window.recorded = { gtag: [], fbq: [], segment: [] };
    window.gtag = function () { recorded.gtag.push(Array.prototype.slice.call(arguments)); };
    window.dataLayer = [];
    window.fbq = function () { recorded.fbq.push(Array.prototype.slice.call(arguments)); };
    window.analytics = { track: function () { recorded.segment.push(Array.prototype.slice.call(arguments)); } };
    window._hsq = [];
  </script>`,
  none: '',
  broken: `<script>
    window.gtag = function () { throw new Error('gtag broke'); };
    window.dataLayer = { push: function () { throw new Error('dataLayer broke'); } };
    window.fbq = 'not a function';
    // The one tool that works, called after two that throw: it still gets every event.
    window.recorded = { segment: [] };
    window.analytics = { track: function () { recorded.segment.push(arguments[0]); } };
    window._hsq = { push: function () { throw new Error('_hsq broke'); } };
  </script>`,
};

function hostPage(trackerOrigin: string, key: string, tools: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Customer page</title>
${TOOLS[tools] ?? ''}
<script async src="${trackerOrigin}/tracker.js" data-site-key="${key}"></script>
</head><body>
<h1 id="headline">Original headline</h1>
<p id="intro">The customer's introduction.</p>
<footer id="site-footer">Footer</footer>
</body></html>`;
}

interface Wire {
  name: string;
  distinctId: string;
  ctaId?: string;
  [key: string]: unknown;
}

const received: { events: Wire[]; rejected: unknown[] } = { events: [], rejected: [] };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, port: number): Promise<void> {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const cors = { 'Access-Control-Allow-Origin': '*' };
  if (req.method === 'OPTIONS') {
    res
      .writeHead(204, {
        ...cors,
        'Access-Control-Allow-Headers': 'content-type',
        'Access-Control-Allow-Methods': 'GET, POST',
      })
      .end();
    return;
  }
  const page = /^\/page\/([\w-]+)$/.exec(url.pathname);
  if (page) {
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(hostPage(`http://localhost:${port}`, page[1], url.searchParams.get('tools') ?? 'none'));
    return;
  }
  if (url.pathname === '/tracker.js') {
    res
      .writeHead(200, { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(readFileSync(TRACKER));
    return;
  }
  const placements = /^\/api\/public\/sites\/([^/]+)\/placements$/.exec(url.pathname);
  if (placements && req.method === 'GET') {
    const body = SITES.get(decodeURIComponent(placements[1]));
    res
      .writeHead(body ? 200 : 404, { ...cors, 'Content-Type': 'application/json' })
      .end(body ?? '{"message":"Not found"}');
    return;
  }
  if (url.pathname === '/api/public/collect' && req.method === 'POST') {
    const body = JSON.parse(await readBody(req)) as { siteKey: unknown; events: Wire[] };
    received.events.push(...body.events);
    const batch = validateCollectBatch(body, Date.now());
    received.rejected.push(...batch.rejected.map((r) => ({ ...r, event: body.events[r.index] })));
    res
      .writeHead(200, { ...cors, 'Content-Type': 'application/json' })
      .end(JSON.stringify({ accepted: batch.valid.length, duplicates: 0, rejected: batch.rejected }));
    return;
  }
  res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
}

async function until<T>(
  what: string,
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  timeout = 15_000,
): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const last = await read();
    if (ok(last)) return last;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The events of this visitor that reached the collect route, as `name ctaId`. */
const collected = (visitor: string) =>
  received.events.filter((e) => e.distinctId === visitor).map((e) => `${e.name} ${e.ctaId ?? ''}`.trim());

const hasChromium = existsSync(CHROMIUM_PATH);

requires(hasChromium, 'Chromium (apt-get install -y chromium)')(
  "tracker.js forwards CTA events to the page's analytics tools",
  () => {
    const site = customerSite(handle, () => received.rejected.splice(0));

    /** A new visitor on /page/{key} with the given tools; answers once both CTAs are shown. */
    async function open(key: string, tools: 'stubs' | 'none' | 'broken'): Promise<{ page: Page; visitor: string }> {
      const { page } = await site.open();
      await page.goto(`http://127.0.0.1:${site.port}/page/${key}?tools=${tools}`);
      await page.locator('[data-cro-cta="cta-offer"]').waitFor();
      await page.locator('[data-cro-cta="cta-form"]').waitFor();
      const visitor = (await page.evaluate('window.__cro.visitorId')) as string;
      return { page, visitor };
    }

    /** Clicks the offer's button, then submits the form with an email. */
    async function clickAndSubmit(page: Page): Promise<void> {
      await page.getByRole('button', { name: 'Tell me more' }).click();
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByRole('button', { name: 'Join' }).click();
      await page.getByText('Thank you!', { exact: true }).waitFor();
    }

    /** The collect route got the page view, both impressions, both clicks and the submission. */
    async function collectedAll(page: Page, visitor: string): Promise<void> {
      const expected = [
        'page_view',
        'cta_impression cta-offer',
        'cta_impression cta-form',
        'cta_click cta-offer',
        'cta_click cta-form',
        'form_submitted cta-form',
      ];
      await until(
        'the events at the collect route',
        async () => {
          await page.evaluate('window.__cro.flush()');
          return collected(visitor);
        },
        (list) => list.length >= expected.length,
      );
      expect(collected(visitor)).toEqual(expected);
    }

    it('impressions, clicks and the form submission reach gtag, dataLayer, fbq and analytics.track; clicks reach HubSpot with its event id; form values never', async () => {
      const { page, visitor } = await open('site-ids', 'stubs');
      await clickAndSubmit(page);
      await collectedAll(page, visitor);

      const offer = { cta_id: 'cta-offer', cta_type: 'inline', cta_campaign_id: 'camp-f' };
      const form = { cta_id: 'cta-form', cta_type: 'form', cta_campaign_id: 'camp-f' };
      const sequence: Array<[string, Record<string, string>]> = [
        ['cta_impression', offer],
        ['cta_impression', form],
        ['cta_click', offer],
        ['cta_click', form],
        ['form_submitted', form],
      ];
      const recorded = (await page.evaluate(
        '({ ...window.recorded, dataLayer: window.dataLayer, hsq: window._hsq })',
      )) as Record<string, unknown[]>;
      expect(recorded).toEqual({
        gtag: sequence.map(([name, props]) => ['event', name, { ...props, send_to: 'G-TEST12345' }]),
        dataLayer: sequence.map(([name, props]) => ({ event: name, ...props })),
        fbq: sequence.map(([name, props]) => ['trackCustom', name, props]),
        segment: sequence.map(([name, props]) => [name, props]),
        hsq: [
          ['trackCustomBehavioralEvent', { name: 'pe99_cta_clicked', properties: offer }],
          ['trackCustomBehavioralEvent', { name: 'pe99_cta_clicked', properties: form }],
        ],
      });
      expect(JSON.stringify(recorded)).not.toContain('ada@example.com');
    });

    it('a tool whose id the website does not set gets nothing, even when the page has it', async () => {
      const { page, visitor } = await open('site-no-ids', 'stubs');
      await clickAndSubmit(page);
      await collectedAll(page, visitor);
      expect(await page.evaluate('({ ...window.recorded, dataLayer: window.dataLayer, hsq: window._hsq })')).toEqual({
        gtag: [],
        fbq: [],
        segment: [],
        dataLayer: [],
        hsq: [],
      });
    });

    it('a page without the tools, or with broken ones, works as before: CTAs shown, clicked and submitted, every event collected, no error, no tool created; a broken tool does not stop the next', async () => {
      for (const tools of ['none', 'broken'] as const) {
        const { page, visitor } = await open('site-ids', tools);
        await clickAndSubmit(page);
        await collectedAll(page, visitor);
        if (tools === 'broken') {
          expect(await page.evaluate('window.recorded.segment')).toEqual([
            'cta_impression',
            'cta_impression',
            'cta_click',
            'cta_click',
            'form_submitted',
          ]);
        }
      }
      const { page } = await open('site-ids', 'none');
      await page.getByRole('button', { name: 'Tell me more' }).click();
      expect(
        await page.evaluate(
          '[typeof window.gtag, typeof window.dataLayer, typeof window.fbq, typeof window.analytics, typeof window._hsq]',
        ),
      ).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
    });
  },
);
