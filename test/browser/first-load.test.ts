// The console's first load in Debian's Chromium (issue 12, "fast first load"): what a cold visit
// to the login page downloads before the form shows, that it logs nothing in the browser's
// console, and that every screen names itself in the browser's tab.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { OWNER, setups } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, logIn, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
const DIST = fileURLToPath(new URL('../../apps/console/dist/', import.meta.url));
const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
const setup = setups[0];

/** The budget for the login page: under 250 kB of JavaScript, gzipped. */
const LOGIN_BUDGET_GZIP = 250 * 1024;
const APP = 'Platform console';

interface Loaded {
  path: string;
  /** The file as built. */
  raw: number;
  /** Gzipped (level 9, as the build's .gz files beside it; tiny files have none: gzip does not shrink them). */
  gzip: number;
  /** The body bytes Chromium received (brotli: it accepts br). */
  transferred: number;
}

/** The scripts a page loads, from the moment it is watched. */
const watchScripts = (page: Page) => {
  const loaded: Loaded[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || response.status() !== 200) return;
    pending.push(
      (async () => {
        const file = `${DIST}${url.pathname.slice(1)}`;
        const sizes = await response.request().sizes();
        loaded.push({
          path: url.pathname,
          raw: statSync(file).size,
          gzip: gzipSync(readFileSync(file), { level: 9 }).length,
          transferred: sizes.responseBodySize,
        });
      })(),
    );
  });
  const total = async () => {
    await Promise.all(pending);
    const sum = (key: 'raw' | 'gzip' | 'transferred') => loaded.reduce((n, l) => n + l[key], 0);
    return {
      files: loaded.length,
      raw: sum('raw'),
      gzip: sum('gzip'),
      transferred: sum('transferred'),
      paths: loaded.map((l) => l.path),
    };
  };
  return { total };
};

/** What the browser's console said (errors and warnings), as a person with devtools open sees it. */
const watchConsole = (page: Page) => {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      said.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  return said;
};

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

requires(
  hasChromium && setup !== undefined && existsSync(`${DIST}index.html`),
  'Chromium at /usr/bin/chromium and a console build',
)(`the console's first load in Chromium (${setup?.name})`, () => {
  let session: ConsoleSession;

  beforeAll(async () => {
    session = await openConsole(setup!);
  }, 120_000);
  afterEach(() => closePages(session));
  afterAll(async () => {
    await session?.close();
  });

  it('a cold visit to the login page loads under 250 kB of JavaScript gzipped before the form shows, and logs no error or warning', async () => {
    const context = await session.browser.newContext();
    const page = await context.newPage();
    try {
      const scripts = watchScripts(page);
      const said = watchConsole(page);
      await page.goto(`${session.app.url}/`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.getByRole('textbox', { name: 'Email' }).waitFor();
      const beforeForm = await scripts.total();
      // Whatever else the page fetches once shown (the demo hint) still counts against the budget.
      await page.waitForLoadState('networkidle');
      const settled = await scripts.total();
      await page.screenshot({ path: `${screenshots}first-load-login.png`, fullPage: true, animations: 'disabled' });
      console.log(
        `login page, cold: ${beforeForm.files} scripts before the form, ${kB(beforeForm.raw)} raw, ${kB(beforeForm.gzip)} gzipped, ${kB(beforeForm.transferred)} transferred (brotli); after the network settles ${kB(settled.gzip)} gzipped`,
      );
      expect(beforeForm.gzip).toBeLessThan(LOGIN_BUDGET_GZIP);
      expect(settled.gzip).toBeLessThan(LOGIN_BUDGET_GZIP);
      // The browser received the brotli files, smaller still.
      expect(beforeForm.transferred).toBeLessThan(beforeForm.gzip);
      // The editor, the charts and the pages behind the login are not among them.
      expect(
        settled.paths.filter((p) => /\/(PostEdit|StageCharts|PostList|Dashboard|ConsoleLayout|WebsiteList)-/.test(p)),
      ).toEqual([]);
      expect(await page.title()).toBe(`Sign in · ${APP}`);
      expect(said).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the dashboard's JavaScript on a cold visit: logging in loads the layout and the dashboard, no other page", async () => {
    const context = await session.browser.newContext();
    const page = await context.newPage();
    try {
      const scripts = watchScripts(page);
      const said = watchConsole(page);
      await page.goto(`${session.app.url}/`);
      await logIn(page, OWNER);
      await page.waitForLoadState('networkidle');
      const total = await scripts.total();
      console.log(
        `dashboard, cold (login page included): ${total.files} scripts, ${kB(total.raw)} raw, ${kB(total.gzip)} gzipped, ${kB(total.transferred)} transferred (brotli)`,
      );
      expect(total.paths.some((p) => /\/Dashboard-/.test(p))).toBe(true);
      expect(total.paths.filter((p) => /\/(PostEdit|WebsiteList|MemberList)-/.test(p))).toEqual([]);
      expect(said).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('names every screen in the browser tab: the page, or the record on its own page', async () => {
    const page = await newPage(session, OWNER);
    await poll(() => page.title()).toBe(`Dashboard · ${APP}`);
    await page.goto(`${session.app.url}/#/websites`);
    await poll(() => page.title()).toBe(`Websites · ${APP}`);
    await page.getByRole('cell', { name: 'Demo Blog', exact: true }).first().click();
    await page.waitForURL(/#\/websites\/[^/]+\/show$/);
    await poll(() => page.title()).toMatch(new RegExp(`^.*Demo Blog.* · ${APP}$`));
    await page.goto(`${session.app.url}/#/members`);
    await poll(() => page.title()).toBe(`Members · ${APP}`);
    await page.goto(`${session.app.url}/#/posts`);
    // The posts screen names its tab too ("Articles: In Progress").
    await poll(() => page.title()).toMatch(new RegExp(`^Articles(: [\\w ]+)? · ${APP}$`));
    await page.goto(`${session.app.url}/#/no-such-page`);
    await poll(() => page.title()).not.toBe(`Articles · ${APP}`);
    await page.screenshot({ path: `${screenshots}first-load-not-found.png`, fullPage: true, animations: 'disabled' });
    await page.getByText('Either you typed a wrong URL, or you followed a bad link.').waitFor();
    expect(await page.getByText('bad link..').count()).toBe(0);
  });
});
