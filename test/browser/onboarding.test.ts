// Onboarding in Debian's Chromium through playwright-core, against the real API booted in process:
// sign-up leads to /onboarding; the business questions (a missing answer says so under its
// question); the website; the tracking snippet and its check against a customer site served by
// the test (without the snippet: the failure page with the spec's text, Try again and Get
// support; with it: the success page); and the dashboard card that leads back while unfinished.
import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { pageTasksRun } from '../support/page-events.js';
import { requires } from '../support/requires.js';
import { newAgent, setups } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, signUp, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const NEW_USER = {
  name: 'Olga Onboarder',
  email: 'olga@outdoor.example',
  password: 'Onboard-pass-1',
  orgName: 'Olga Outdoor',
};
const NOT_INSTALLED = 'It seems like the script was not installed successfully';
const QUESTIONS = {
  employees: 'How many people work at your company?',
  monthlyVisitors: 'How many visitors does your website have per month?',
  ltv: 'What is the lifetime value of a customer?',
  aov: 'What is your average order value?',
};
const ANSWERS = { employees: '11-50', monthlyVisitors: '5k-20k', ltv: '250-500', aov: '20-50' };
const WEBSITE_NAME = 'Olga Outdoor shop';

/**
 * The customer's website, served by the test on `host` (a loopback address: one website per
 * address, as a platform has one account per site): its home page is whatever `page.html` holds.
 */
async function customerSite(
  host: string,
): Promise<{ url: string; page: { html: string }; hits: number; close(): Promise<void> }> {
  const site = {
    url: '',
    page: {
      html: '<!doctype html><html><head><title>Olga Outdoor</title></head><body><h1>Tents and boots</h1></body></html>',
    },
    hits: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((_request, response) => {
    site.hits++;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(site.page.html);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  site.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return site;
}

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `onboarding in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;
    /** The customer sites the tests served (each test that needs one has its own). */
    const sites: Awaited<ReturnType<typeof customerSite>>[] = [];
    let signedUp = 0;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}onboarding-${name}.png`, fullPage: true, animations: 'disabled' });
    const question = (field: keyof typeof QUESTIONS) => page.locator(`[data-question="${field}"]`);
    const answer = (field: keyof typeof QUESTIONS, value: string) =>
      page.getByRole('group', { name: QUESTIONS[field] }).getByRole('button', { name: value, exact: true }).click();

    /** The API as the logged-in browser (the session cookie of the page's context). */
    const api = async <T>(path: string): Promise<T> => {
      const response = await page.request.get(`${app.url}/api/${path}`);
      expectWith(response.status(), `GET /api/${path}: ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    };

    /** A customer site of the test's own, on an address of its own (closed after the file). */
    const newSite = async () => {
      const site = await customerSite(`127.0.0.${sites.length + 1}`);
      sites.push(site);
      return site;
    };

    /**
     * A new user of the test's own, signed up through the API (organisation `NEW_USER.orgName`), as
     * far in onboarding as the test starts: the business questions answered, and `site` added as
     * their website, when asked for; then logged in on a fresh page at `path`.
     */
    const newcomer = async (path: string, progress: { business?: boolean; site?: { url: string } } = {}) => {
      signedUp += 1;
      const user = { ...NEW_USER, email: `olga-${signedUp}@outdoor.example` };
      const agent = newAgent(app.url);
      const signup = await agent.post('/api/auth/signup').send(user);
      expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
      const orgId = (await agent.get('/api/auth/user')).body.organisations[0].id as string;
      if (progress.business) {
        const answered = await agent.post(`/api/organisations/${orgId}/actions/SetBusinessProfile`).send(ANSWERS);
        expectWith(answered.status, JSON.stringify(answered.body)).toBe(200);
      }
      let websiteId = '';
      if (progress.site) {
        const created = await agent
          .post('/api/websites')
          .send({ organisationId: orgId, name: WEBSITE_NAME, url: progress.site.url });
        expectWith(created.status, JSON.stringify(created.body)).toBe(201);
        websiteId = created.body.id;
      }
      page = await newPage(session, user, path.replace('{website}', websiteId));
      return { websiteId };
    };

    /** From the install step, a first verification against the site without the snippet: the failure page. */
    const failVerification = async () => {
      await page.getByRole('heading', { name: 'Install the tracking script' }).waitFor();
      await page.getByRole('button', { name: 'Verify installation' }).click();
      await page.getByRole('heading', { name: NOT_INSTALLED }).waitFor();
    };

    beforeAll(async () => {
      // The customer sites run on 127.0.0.x, which the installation check refuses unless allowed.
      session = await openConsole(setup, { env: { FETCH_PRIVATE_HOSTS: 'true' } });
      ({ app } = session);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
      for (const site of sites) await site.close();
    });

    it('sends a visitor without a session from /onboarding to the login page', async () => {
      page = await newPage(session, null, '/onboarding');
      await page.waitForURL(/#\/login$/);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });

    it('goes from sign-up to the first step of onboarding', async () => {
      page = await newPage(session, null);
      await signUp(page, app.url, NEW_USER);
      await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
      await page.getByRole('heading', { name: 'About your business' }).waitFor();
      for (const label of Object.values(QUESTIONS)) await page.getByRole('group', { name: label }).waitFor();
      // The buckets of the spec, one button each.
      const employees = await page
        .getByRole('group', { name: QUESTIONS.employees })
        .getByRole('button')
        .allTextContents();
      expect(employees).toEqual(['1-10', '11-50', '51-100', '100+']);
      await shot('01-business');
    });

    it('answers the business questions: a missing answer is said under its question', async () => {
      await newcomer('/onboarding');
      await page.getByRole('heading', { name: 'About your business' }).waitFor();
      await answer('employees', ANSWERS.employees);
      await answer('monthlyVisitors', ANSWERS.monthlyVisitors);
      await answer('ltv', ANSWERS.ltv);
      expect(
        await page
          .getByRole('group', { name: QUESTIONS.employees })
          .getByRole('button', { name: '11-50' })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await page.getByRole('button', { name: 'Continue' }).click();
      await question('aov').getByText('Average order value is missing!').waitFor();
      expect(await page.getByText(/is missing!/).count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/onboarding');
      await shot('02-business-missing');

      await answer('aov', ANSWERS.aov);
      expect(await page.getByText('Average order value is missing!').count()).toBe(0);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Your website' }).waitFor();
      expect(page.url()).toMatch(/\/onboarding\?step=website$/);

      const me = await api<{ organisations: { id: string }[] }>('auth/user');
      const organisation = await api<{ business: Record<string, string> | null }>(
        `organisations/${me.organisations[0]!.id}`,
      );
      expect(organisation.business).toEqual(ANSWERS);
    });

    it('adds the website: its errors under the fields, then the snippet to install', async () => {
      const site = await newSite();
      await newcomer('/onboarding', { business: true });
      await page.getByRole('heading', { name: 'Your website' }).waitFor();
      await page.getByRole('textbox', { name: 'Website name' }).fill(WEBSITE_NAME);
      await page.getByRole('textbox', { name: 'Website URL' }).fill('not an address');
      await page.getByRole('button', { name: 'Add website' }).click();
      await page.getByText('Website must be a valid address (for example https://www.example.com)').waitFor();
      await shot('03-website-invalid');

      await page.getByRole('textbox', { name: 'Website URL' }).fill(site.url);
      await page.getByRole('button', { name: 'Add website' }).click();
      await page.getByRole('heading', { name: 'Install the tracking script' }).waitFor();
      const address = new URL(page.url());
      expect(address.pathname).toBe('/onboarding');
      expect(address.searchParams.get('step')).toBe('install');
      const websiteId = address.searchParams.get('website') ?? '';
      expect(websiteId).not.toBe('');

      const installation = await api<{ snippet: string; key: string; verified: boolean }>(
        `websites/${websiteId}/installation`,
      );
      expect(installation.verified).toBe(false);
      const snippet = installation.snippet;
      expect(await page.getByTestId('tracking-snippet').textContent()).toBe(snippet);
      expect(snippet).toContain(installation.key);
      await page.getByText(`Paste this into the <head> of every page of ${site.url}, then verify.`).waitFor();

      await page.getByRole('button', { name: 'Copy' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /Copied to the clipboard\.|Selected: press Ctrl\+C/ })
        .waitFor();
      await shot('04-install');

      // A reload stays on this step, with this website.
      await page.reload();
      await page.getByRole('heading', { name: 'Install the tracking script' }).waitFor();
      await page.getByTestId('tracking-snippet').getByText(snippet).waitFor();
    });

    it('shows the failure page with the spec text while the site lacks the snippet', async () => {
      const site = await newSite();
      const { websiteId } = await newcomer('/onboarding?step=install&website={website}', { business: true, site });
      await page.getByRole('heading', { name: 'Install the tracking script' }).waitFor();
      const before = site.hits;
      await page.getByRole('button', { name: 'Verify installation' }).click();
      await page.waitForURL(/\/onboarding\/not-installed\?website=/);
      expect(new URL(page.url()).searchParams.get('website')).toBe(websiteId);
      expect(site.hits).toBeGreaterThan(before);
      await page.getByRole('heading', { name: NOT_INSTALLED }).waitFor();
      await page
        .getByTestId('installation-failure')
        .getByText(`The page ${site.url}/ does not include the tracking script with this website's key`)
        .waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      const support = page.getByRole('link', { name: 'Get support' });
      const mailto = (await support.getAttribute('href')) ?? '';
      expect(mailto.startsWith('mailto:support@platform.example?subject=')).toBe(true);
      expect(decodeURIComponent(mailto)).toContain(site.url);
      await shot('05-not-installed');

      // A reload keeps the page and its reason.
      await page.reload();
      await page.getByRole('heading', { name: NOT_INSTALLED }).waitFor();
      await page.getByTestId('installation-failure').getByText('does not include the tracking script').waitFor();

      // Still not there: Try again says so and stays.
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByText(/Checked again at .*: still not found\./).waitFor();
      expect(new URL(page.url()).pathname).toBe('/onboarding/not-installed');
    });

    it('leads back to onboarding from the dashboard while the script is not verified', async () => {
      const site = await newSite();
      const { websiteId } = await newcomer('/onboarding?step=install&website={website}', { business: true, site });
      await failVerification();
      await page.getByRole('link', { name: 'Skip for now' }).click();
      await page.getByText(`Welcome, ${NEW_USER.name}`).waitFor();
      const card = page.getByTestId('get-started');
      await card.getByRole('heading', { name: `Set up tracking for ${NEW_USER.orgName}` }).waitFor();
      const steps = card.getByRole('list', { name: 'Set-up steps' }).getByRole('listitem');
      expect(await steps.count()).toBe(3);
      const done = await Promise.all([0, 1, 2].map((index) => steps.nth(index).getAttribute('data-done')));
      expect(done).toEqual(['true', 'true', 'false']);
      await shot('06-dashboard-unfinished');

      await card.getByRole('link', { name: 'Set up tracking' }).click();
      await page.waitForURL(/\/onboarding\?step=install&website=/);
      await page.getByRole('heading', { name: 'Install the tracking script' }).waitFor();

      // Back to the website step: the website is there to continue with, no second one needed.
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('heading', { name: 'Your website' }).waitFor();
      const existing = page.getByRole('list', { name: 'Your websites' }).getByRole('listitem');
      await existing.getByText(site.url).waitFor();
      expect(await existing.count()).toBe(1);
      await shot('07-website-existing');
      await existing.getByRole('button', { name: `Continue with ${WEBSITE_NAME}` }).click();
      await page.getByRole('heading', { name: 'Install the tracking script' }).waitFor();
      expect(new URL(page.url()).searchParams.get('website')).toBe(websiteId);

      await page.getByRole('button', { name: 'Verify installation' }).click();
      await page.getByRole('heading', { name: NOT_INSTALLED }).waitFor();
    });

    it('after the snippet is installed, Try again leads to the success page and into the console', async () => {
      const site = await newSite();
      const { websiteId } = await newcomer('/onboarding?step=install&website={website}', { business: true, site });
      await failVerification();
      const { snippet } = await api<{ snippet: string }>(`websites/${websiteId}/installation`);
      site.page.html = `<!doctype html><html><head><title>Olga Outdoor</title>${snippet}</head><body><h1>Tents and boots</h1></body></html>`;
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForURL(/\/onboarding\/installed\?website=/);
      await page.getByRole('heading', { name: 'The script is installed' }).waitFor();
      await page.getByText(`We found the tracking script on ${site.url}/.`).waitFor();
      await page.getByRole('heading', { name: 'What happens next' }).waitFor();
      await shot('08-installed');

      const installation = await api<{ verified: boolean }>(`websites/${websiteId}/installation`);
      expect(installation.verified).toBe(true);

      // The dashboard asks for the organisation's websites to decide whether onboarding is done.
      const websitesAsked = page.waitForResponse((response) =>
        /\/api\/websites\?.*organisationId/.test(decodeURIComponent(response.url())),
      );
      await page.getByRole('button', { name: 'Go to the console' }).click();
      await page.getByText(`Welcome, ${NEW_USER.name}`).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await websitesAsked;
      await page.getByLabel('Websites count').getByText('1').waitFor();
      // The render that shows the count, and what it queued, has run.
      await pageTasksRun(page);
      // Onboarding is done: no card leads back to it.
      expect(await page.getByTestId('get-started').count()).toBe(0);
      await shot('09-console');
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (a newcomer's first step once more), then every page the file opened.
      await newcomer('/onboarding');
      await page.getByRole('heading', { name: 'About your business' }).waitFor();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
