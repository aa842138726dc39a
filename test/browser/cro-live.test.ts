// Issue 13's "Done when", live: the real API (booted here, PGlite), the real tracker it serves at
// GET /tracker.js, and Debian's Chromium on a customer's page. Nothing is faked but the customer's
// website and the webhook's receiving end:
//
// - The customer's website is a Node HTTPS server on 127.0.0.1 (a self-signed certificate made
//   with openssl in beforeAll; the browser contexts accept it): plain HTML pages with the install
//   snippet `<script async src="{API}/tracker.js" data-site-key="KEY">`. HTTPS because a campaign's
//   page rules take `https://` values only (seed 001 section 5: "Please provide a valid url,
//   starting with https://") and compare the scheme: an http page can never match a rule. The
//   website's address is https://127.0.0.1:{port}: its domain 127.0.0.1 takes pages and origins
//   on any port of 127.0.0.1 (libs/cro/src/public/site-origin.ts).
// - A local HTTP server receives the CTA's signed webhook (CRO_ALLOW_PRIVATE_WEBHOOKS).
//
// Through the API the demo owner makes the website, a popup CTA with a form (scroll trigger at
// 50 %, mail to a recipient, a webhook), a live campaign on the page, and an experiment; then:
// a visitor scrolls, sees the popup, submits it, and the impression, the click and the submission
// are stored, mailed (the outbox) and posted to the webhook (HMAC checked by hand); an
// experiment's variants split as weighted over 1,000 visitors, each the same on reload; a visitor
// of a 100 % control group sees nothing and a cta_holdout is stored. Every expected value is
// written out here by hand.
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { readCollectedEvents, type StoredEvent } from '#libs/cro/src/projections/collected-events.js';
import { expectWith } from '../support/expect.js';
import { pageTasksRun, scrollToBottomHandled } from '../support/page-events.js';
import { requires } from '../support/requires.js';
import { ADMIN, OWNER, boot, listQuery, setups, signIn, until, type Agent, type Booted } from '../e2e/setups.js';
import { CHROMIUM_PATH, launchChromium, type BrowserSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
const TRACKER = new URL('../../apps/tracker/dist/tracker.js', import.meta.url);
const setup = setups[0];

// A member of the CTA's organisation: notifications go to members and to addresses that confirmed (docs/security.md, mail relay).
const RECIPIENT = 'editor@demo.example';
const VISITORS = 1_000;
/** Browser pages working through the visitors side by side. */
const LANES = 4;
/** A lane's visitors per document: one arrives by loading the page, the next ones by the snippet's script run again. */
const PER_PAGE = 50;
/** Visitors of each lane who come back with a real page reload. */
const RELOADED = 10;

/** The customer's pages: a long landing page (the campaign's) and the experiment's page. */
function customerPage(apiUrl: string, key: string, path: string): string {
  const snippet = `<script async src="${apiUrl}/tracker.js" data-site-key="${key}"></script>`;
  if (path === '/lab') {
    return `<!doctype html><html><head><meta charset="utf-8"><title>Lab</title>${snippet}</head>
<body><h1 id="headline">Original headline</h1><p id="variant"></p></body></html>`;
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>Live Garden</title>${snippet}</head>
<body style="margin:0"><h1>Live Garden</h1><main><p>Everything about plants.</p><div style="height:4000px">A long article.</div></main>
<footer>Footer</footer></body></html>`;
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `CRO live on a customer's page, real API and tracker (${setup?.name})`,
  () => {
    let t: Booted;
    let owner: Agent;
    let chromium: BrowserSession;
    let site: Server;
    let hook: Server;
    let certDir: string;
    let origin = '';
    let hookUrl = '';
    const hooks: Received[] = [];
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];
    const website = { id: '', key: '' };
    let ctaId = '';
    let campaignId = '';
    let secret = '';

    const created = async (resource: string, body: Record<string, unknown>) => {
      const res = await owner.post(`/api/${resource}`).send(body);
      expectWith(res.status, `POST /api/${resource}: ${JSON.stringify(res.body)}`).toBe(201);
      return res.body as { id: string; status: string; key: string };
    };
    const act = async (resource: string, id: string, action: string, body: Record<string, unknown> = {}) => {
      const res = await owner.post(`/api/${resource}/${id}/actions/${action}`).send(body);
      expectWith(res.status, `${resource} ${action}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body as Record<string, unknown>;
    };
    /** The events the API stored for the website (the collect route's table, read with the store's own read). */
    const stored = (names?: string[]) =>
      readCollectedEvents(t.app.runtime.db, website.id, {
        from: new Date(Date.now() - 3_600_000),
        to: new Date(Date.now() + 3_600_000),
        names,
      });

    /** A new visitor's browser: a fresh context (no storage), a page at `path` of the customer's site. */
    async function visit(path: string): Promise<Page> {
      const context = await chromium.browser.newContext({
        ignoreHTTPSErrors: true,
        viewport: { width: 1280, height: 800 },
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${origin}${path}`);
      return page;
    }
    const visitorOf = (page: Page) =>
      until(
        'window.__cro.visitorId',
        () => page.evaluate('window.__cro && window.__cro.visitorId') as Promise<string | undefined>,
        (v) => typeof v === 'string',
      ) as Promise<string>;

    beforeAll(async () => {
      if (!existsSync(TRACKER))
        execFileSync('npm', ['run', 'build:tracker'], { cwd: new URL('../../', import.meta.url), stdio: 'ignore' });
      certDir = mkdtempSync(join(tmpdir(), 'cro-live-'));
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

      hook = createHttpServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          hooks.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
          res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
      hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;

      // The website's pages need the API's address and the website's key: both known once booted.
      let page = (_path: string): string | null => null;
      site = createHttpsServer(
        { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
        (req, res) => {
          const html = page(new URL(req.url ?? '/', origin).pathname);
          if (html === null) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
          else
            res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html);
        },
      );
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      origin = `https://127.0.0.1:${(site.address() as AddressInfo).port}`;

      t = await boot(setup!, {
        CRO_ALLOW_PRIVATE_WEBHOOKS: 'true',
        CRO_DELIVERY_RETRY_MS: '100',
        // 1,000 visitors from one address in well under a minute (the defaults are 600 and 6,000 a minute).
        RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
        RATE_LIMIT_PUBLIC_SITE_PER_MINUTE: '100000',
      });
      owner = await signIn(t.url, OWNER);
      chromium = await launchChromium();

      // The demo organisation has the cro product; a new website is active with publishContent on.
      const made = await created('websites', { name: 'Live Garden', url: origin });
      Object.assign(website, { id: made.id, key: made.key });
      const facts = (await owner.get(`/api/websites/${website.id}`)).body as {
        status: string;
        publishContent: boolean;
        domain: string;
      };
      expect([facts.status, facts.publishContent, facts.domain]).toEqual(['active', true, '127.0.0.1']);
      page = (path) =>
        path === '/landing' || path === '/lab'
          ? customerPage(t.url, website.key, path)
          : path === '/blank'
            ? '<!doctype html><title>Blank</title>'
            : null;

      const cta = await created('ctas', {
        websiteId: website.id,
        name: 'Live newsletter',
        type: 'popup',
        items: [
          { type: 'heading', label: 'Join the Live Garden list' },
          { type: 'email', label: 'Email', name: 'email', required: true },
          { type: 'button', label: 'Sign up' },
        ],
        popup: {
          triggers: [{ kind: 'scroll_percentage', value: 50 }],
          frequency: 'every_time',
          layout: 'modal',
          width: 'half',
          closeButton: true,
          backdrop: true,
          devices: ['desktop', 'tablet', 'mobile'],
        },
        emailNotification: {
          recipients: [RECIPIENT],
          senderName: 'Live Garden',
          senderEmail: 'hello@live-garden.example',
          subject: 'New subscriber',
          message: 'Someone signed up.',
        },
      });
      ctaId = cta.id;
      secret = (
        await act('ctas', ctaId, 'ConnectIntegration', { kind: 'webhook', settings: { url: `${hookUrl}/hook` } })
      ).secret as string;
      expect(typeof secret).toBe('string');
      expect((await act('ctas', ctaId, 'Publish')).status).toBe('active');

      const campaign = await created('campaigns', {
        websiteId: website.id,
        name: 'Landing newsletter',
        url: `${origin}/landing`,
        containers: [
          {
            name: 'Newsletter popup',
            ctaId,
            devices: ['desktop', 'tablet', 'mobile'],
            position: 'below',
            selector: 'main',
            selectorType: 'css',
          },
        ],
        pageRules: { operator: 'or', rules: [{ kind: 'exact', value: `${origin}/landing` }] },
      });
      campaignId = campaign.id;
      expect(await act('campaigns', campaignId, 'Publish')).toMatchObject({ status: 'live', warnings: [] });
    }, 120_000);

    afterEach(async () => {
      await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
      expect(pageErrors.splice(0)).toEqual([]);
    });

    afterAll(async () => {
      await chromium?.close();
      await t?.stop();
      for (const server of [site, hook]) {
        server?.closeAllConnections();
        await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      }
      if (certDir) rmSync(certDir, { recursive: true, force: true });
    });

    it('a visitor scrolls, sees the popup and submits it: impression, click and submission stored, mailed, and posted to the signed webhook', async () => {
      const landing = `${origin}/landing`;
      const page = await visit('/landing');
      const visitor = await visitorOf(page);
      // The page view is stored once the placements were delivered (it is sent after them): no popup before scrolling.
      await page.evaluate('window.__cro.flush()');
      await until(
        'the page view',
        () => stored(['page_view']),
        (events) => events.some((e) => e.distinctId === visitor),
      );
      // The trigger's first look (queued when the placements were delivered) has run, unscrolled.
      await pageTasksRun(page);
      expect(await page.getByRole('dialog').count()).toBe(0);

      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      const dialog = page.getByRole('dialog', { name: 'Join the Live Garden list' });
      await dialog.waitFor();
      await dialog.getByLabel('Email').fill('ada@example.com');
      await dialog.getByRole('button', { name: 'Sign up' }).click();
      await dialog.getByText('Thank you!', { exact: true }).waitFor();
      await page.evaluate('window.__cro.flush()');

      const mine = (events: StoredEvent[]) =>
        events
          .filter((e) => e.distinctId === visitor)
          .map((e) => [e.name, e.ctaId, e.campaignId, e.url])
          .sort();
      const events = await until(
        "the visitor's five events",
        () => stored(),
        (all) => mine(all).length >= 5,
      );
      expect(mine(events)).toEqual([
        ['cta_click', ctaId, campaignId, landing],
        ['cta_impression', ctaId, campaignId, landing],
        ['dialog_open', ctaId, campaignId, landing],
        ['form_submitted', ctaId, campaignId, landing],
        ['page_view', null, null, landing],
      ]);
      const submitted = events.find((e) => e.distinctId === visitor && e.name === 'form_submitted')!;
      expect(submitted.fields).toEqual({ email: 'ada@example.com' });

      // The submission, listed for the CTA, with its mail and its webhook sent.
      const rows = await until(
        'the submission delivered',
        async () =>
          (await owner.get(`/api/ctas/${ctaId}/submissions`)).body as Array<{ deliveries: Array<{ status: string }> }>,
        (list) => list.length > 0 && list.every((r) => r.deliveries.every((d) => d.status !== 'pending')),
        20_000,
      );
      const sent = (target: string, lastStatus: number | null) => ({
        target,
        status: 'sent',
        attempts: 1,
        lastStatus,
        lastError: null,
        sentAt: expect.any(String),
      });
      expect(rows).toEqual([
        {
          id: submitted.id,
          ctaId,
          campaignId,
          time: submitted.time,
          url: landing,
          fields: { email: 'ada@example.com' },
          deliveries: [sent(`mail:${RECIPIENT}`, null), sent('webhook', 200)],
        },
      ]);

      // The mail, as the outbox holds it.
      const admin = await signIn(t.url, ADMIN);
      const outbox = (await admin.get(`/api/admin/outbox?${listQuery({ range: [0, 999] })}`)).body as Array<{
        to: string;
        subject: string;
        text: string;
      }>;
      expect(outbox.filter((m) => m.to === RECIPIENT).map((m) => [m.subject, m.text])).toEqual([
        [
          'New subscriber',
          [
            'Someone signed up.',
            '',
            'A form of the CTA "Live newsletter" was submitted.',
            '',
            'email: ada@example.com',
            '',
            `Page: ${landing}`,
            `Time: ${submitted.time}`,
          ].join('\n'),
        ],
      ]);

      // The webhook: one post, signed HMAC-SHA256 of "{timestamp}.{body}" with the secret ConnectIntegration answered.
      expect(hooks.map((h) => h.path)).toEqual(['/hook']);
      const [posted] = hooks;
      const timestamp = posted.headers['x-cro-timestamp'] as string;
      expect(timestamp).toMatch(/^\d{10}$/);
      expect(posted.headers['x-cro-signature']).toBe(
        `sha256=${createHmac('sha256', secret).update(`${timestamp}.${posted.body}`).digest('hex')}`,
      );
      expect(JSON.parse(posted.body)).toEqual({
        id: submitted.id,
        ctaId,
        ctaName: 'Live newsletter',
        websiteId: website.id,
        url: landing,
        time: submitted.time,
        fields: { email: 'ada@example.com' },
      });
    });

    // Experiments. A visitor is assigned by the tracker (a hash of the visitor id and the experiment
    // id, libs/cro/src/domain/variant-assignment.ts), and the tracker's visitor ids are random UUIDs:
    // the count of each variant over 1,000 visitors is binomial. Bounds at 5 standard deviations, so
    // the test fails by chance about once in a million runs (per variant, two-sided: 5.7e-7):
    //   control 20 %: 200 ± 5 × √(1000 × 0.2 × 0.8) = 200 ± 63.2 -> 137..263
    //   b       30 %: 300 ± 5 × √(1000 × 0.3 × 0.7) = 300 ± 72.5 -> 228..372
    //   c       50 %: 500 ± 5 × √(1000 × 0.5 × 0.5) = 500 ± 79.1 -> 421..579
    // An even split (333 each) fails control and c; the weights swapped (50/30/20) fail control and c.
    //
    // The cheapest honest 1,000 visitors on this machine: a page load costs Chromium 150-350 ms on
    // a busy 2-core machine, so each of LANES pages (browser contexts) works through its share of the
    // visitors like this: one visitor arrives by loading the page, and the next PER_PAGE - 1 by the
    // snippet's script run again on that page with the tracker's storage emptied (the tracker makes a
    // new visitor id, asks the real API for the placements, applies its variant, and sends page_view
    // and experiment_exposure to the real collect route, flushed at once with `__cro.flush()`); then
    // the next visitor loads the page anew. (One document serving all 250 visitors of a lane lost
    // the events of its last visitors, about 50 of 250 in each lane, twice alike: their collect
    // requests never reached the API, for a reason not found yet; plain Chromium sends 600 keepalive
    // posts from one page, cross-origin too, without a loss. No real page holds 250 visitors; a new
    // document every 50 keeps closer to what a page does.)
    // Then the first RELOADED visitors of each lane come back with a real page reload (their visitor
    // id in localStorage, as their browser kept it) and must see the same variant again.
    it("an experiment's variants split about as weighted over 1,000 visitors of the real tracker, each visitor the same on reload", async () => {
      const goal = await created('goals', {
        websiteId: website.id,
        name: 'Sign-ups',
        type: 'count',
        event: 'form_submitted',
      });
      // Each variant writes its key into #variant (the control's only change), so the page shows which one the visitor got.
      const experiment = await created('experiments', {
        websiteId: website.id,
        name: 'Headline test',
        pageUrl: `${origin}/lab`,
        testType: 'ab',
        goalId: goal.id,
        variants: [
          { key: 'control', weight: 20, changes: [{ selector: '#variant', text: 'control' }] },
          {
            key: 'b',
            weight: 30,
            changes: [
              { selector: '#variant', text: 'b' },
              { selector: '#headline', text: 'Plants that thrive' },
            ],
          },
          {
            key: 'c',
            weight: 50,
            changes: [
              { selector: '#variant', text: 'c' },
              { selector: '#headline', text: 'Ten minutes a week' },
            ],
          },
        ],
      });
      expect((await act('experiments', experiment.id, 'Publish')).status).toBe('live');
      const headlines: Record<string, string> = {
        control: 'Original headline',
        b: 'Plants that thrive',
        c: 'Ten minutes a week',
      };

      const lab = `${origin}/lab`;
      /** What the page shows once the tracker has applied the variant: [visitor id, variant, headline]. */
      const shown = `(async () => {
      const variant = document.getElementById('variant');
      for (const end = Date.now() + 10000; variant.textContent === '';) {
        if (Date.now() > end) throw new Error('no variant applied');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // The visit's events sent now (the tracker's own flush), not piled up behind the next visitors.
      await window.__cro.flush();
      return [window.__cro.visitorId, variant.textContent, document.getElementById('headline').textContent];
    })()`;
      /** A new visitor: the tracker's storage emptied, the page as served, and the snippet's script run again. */
      const newVisitor = `(() => {
      localStorage.clear();
      sessionStorage.clear();
      document.getElementById('variant').textContent = '';
      document.getElementById('headline').textContent = 'Original headline';
      delete window.__cro;
      for (const old of document.querySelectorAll('script[data-site-key]')) old.remove();
      const script = document.createElement('script');
      script.async = true;
      script.src = ${JSON.stringify(`${t.url}/tracker.js`)};
      script.setAttribute('data-site-key', ${JSON.stringify(website.key)});
      document.head.append(script);
    })()`;

      const seen = new Map<string, string>();
      const reloads: Array<{ visitor: string; first: string; again: string; headline: string }> = [];
      const started = Date.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: LANES }, async () => {
          const page = await visit('/lab');
          const mine: string[] = [];
          for (let visits = 0; next < VISITORS; visits++) {
            next++;
            // Every PER_PAGE-th visitor of the lane arrives with a page load of their own (a new document).
            if (visits > 0 && visits % PER_PAGE === 0) {
              await page.evaluate('localStorage.clear(); sessionStorage.clear()');
              await page.goto(lab);
            }
            const fresh = visits % PER_PAGE === 0;
            const [visitor, variant, headline] = (await page.evaluate(fresh ? shown : `${newVisitor}, ${shown}`)) as [
              string,
              string,
              string,
            ];
            expectWith(headline, `the headline of ${variant}`).toBe(headlines[variant]);
            seen.set(visitor, variant);
            mine.push(visitor);
          }
          for (const visitor of mine.slice(0, RELOADED)) {
            await page.evaluate(`localStorage.setItem('cro_vid', ${JSON.stringify(visitor)})`);
            await page.reload();
            const [again, variant, headline] = (await page.evaluate(shown)) as [string, string, string];
            reloads.push({ visitor: again, first: seen.get(visitor)!, again: variant, headline });
          }
          await page.evaluate('window.__cro.flush()');
        }),
      );
      console.info(
        `${VISITORS} visitors in ${LANES} pages, ${reloads.length} of them reloaded: ${Date.now() - started} ms`,
      );

      // In the browser: 1,000 different visitors; the reloaded ones are the same visitors and see the same variant.
      expect(seen.size).toBe(VISITORS);
      expect(reloads.length).toBe(LANES * RELOADED);
      expect(
        reloads.filter((r) => !seen.has(r.visitor) || r.again !== r.first || r.headline !== headlines[r.first]),
      ).toEqual([]);

      // Stored by the API: an exposure per visit, each naming the variant the page showed.
      // Counted every half second (reading every row on each poll would slow the API that stores them: one thread).
      const count = async () =>
        Number(
          (
            await t.app.runtime.db.query<{ n: string }>(
              `SELECT count(*) AS n FROM collected_events WHERE website_id = $1 AND name = 'experiment_exposure'`,
              [website.id],
            )
          ).rows[0].n,
        );
      for (const end = Date.now() + 30_000; (await count()) < VISITORS + LANES * RELOADED && Date.now() < end;)
        await new Promise((resolve) => setTimeout(resolve, 500));
      const exposures = await stored(['experiment_exposure']);
      const byVisitor = new Map<string, string[]>();
      for (const e of exposures) {
        expect([e.experimentId, e.url]).toEqual([experiment.id, lab]);
        byVisitor.set(e.distinctId, [...(byVisitor.get(e.distinctId) ?? []), e.variant!]);
      }
      expect(byVisitor.size).toBe(VISITORS);
      expect([...byVisitor].filter(([id, variants]) => variants.some((v) => v !== seen.get(id)))).toEqual([]);
      expect([...byVisitor.values()].filter((variants) => variants.length === 2).length).toBe(LANES * RELOADED);

      const counts: Record<string, number> = { control: 0, b: 0, c: 0 };
      for (const [variant] of byVisitor.values()) counts[variant]++;
      console.info(`variants over ${VISITORS} visitors: ${JSON.stringify(counts)}`);
      expect(Object.keys(counts)).toEqual(['control', 'b', 'c']);
      expect({
        control: counts.control >= 137 && counts.control <= 263,
        b: counts.b >= 228 && counts.b <= 372,
        c: counts.c >= 421 && counts.c <= 579,
      }).toEqual({ control: true, b: true, c: true });
    }, 150_000);

    it("a second visitor, in the website's control group (100 %), sees no popup and a cta_holdout is stored", async () => {
      const res = await owner.put(`/api/websites/${website.id}`).send({ analytics: { controlGroupPct: 100 } });
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      const placements = await fetch(
        `${t.url}/api/public/sites/${website.key}/placements?url=${encodeURIComponent(`${origin}/landing`)}`,
      );
      expect(((await placements.json()) as { controlGroupPct: number }).controlGroupPct).toBe(100);

      const page = await visit('/landing');
      const visitor = await visitorOf(page);
      await page.evaluate('window.__cro.flush()');
      await until(
        'the page view',
        () => stored(['page_view']),
        (events) => events.some((e) => e.distinctId === visitor),
      );
      // The scroll reached the tracker's listeners (a popup for a visitor outside the control group would show now).
      await scrollToBottomHandled(page);
      await pageTasksRun(page);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.locator('.cro-cta').count()).toBe(0);
      await page.evaluate('window.__cro.flush()');
      const events = await until(
        'the holdout',
        () => stored(),
        (all) => all.some((e) => e.distinctId === visitor && e.name === 'cta_holdout'),
      );
      expect(
        events
          .filter((e) => e.distinctId === visitor)
          .map((e) => [e.name, e.ctaId, e.campaignId, e.properties])
          .sort(),
      ).toEqual([
        ['cta_holdout', ctaId, campaignId, {}],
        ['page_view', null, null, { controlGroup: true }],
      ]);
    });
  },
);
