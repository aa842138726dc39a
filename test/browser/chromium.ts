// Debian's Chromium through playwright-core. A test file boots the app and launches Chromium once
// (`openConsole` in `beforeAll`); each test opens its own pages (`newPage`: a fresh browser
// context, logged in through the login page), so no test depends on where another left a page.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@jest/globals';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { boot, type Setup } from '../e2e/setups.js';
import { pollDefaults } from '../support/expect.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** How long a page waits for an element, and `poll` for a value the page shows. */
const WAIT_MS = 15_000;
pollDefaults.timeout = WAIT_MS;

const VIEWPORT = { width: 1280, height: 800 };
const SCREENSHOTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

export interface Credentials {
  email: string;
  password: string;
}

/** A context's cookies and storage (`context.storageState()`), to start another context with. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface BrowserSession {
  browser: Browser;
  /** A new browser context: cookies and storage of its own, as another browser would have. */
  newContext(options?: {
    viewport?: { width: number; height: number };
    storageState?: StorageState;
  }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** Chromium (a profile directory of its own, removed on close), ready to open contexts. */
export async function launchChromium(): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
  return {
    browser,
    newContext: (options = {}) => browser.newContext({ ...options, viewport: options.viewport ?? VIEWPORT }),
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}

/**
 * The built console against the real API of one test file: the booted app and Chromium, shared by
 * the file's tests (booting is expensive); each test opens pages of its own with `newPage`.
 */
export interface ConsoleSession {
  app: { url: string; stop(): Promise<void> };
  browser: BrowserSession;
  /** Uncaught errors of every page the file opened, each after the name of its test. */
  pageErrors: string[];
  /** 5xx answers every page of the file received, each after the name of its test. */
  serverErrors: string[];
  close(): Promise<void>;
}

export interface ConsoleOptions {
  /** Added to the API's environment, e.g. `FETCH_PRIVATE_HOSTS`. */
  env?: Record<string, string>;
  /** The size of every page the file opens (default 1280x800). */
  viewport?: { width: number; height: number };
  /** Runs on every new browser context before its page opens (e.g. `context.route` for images). */
  prepare?: (context: BrowserContext) => Promise<unknown>;
}

interface OpenPage {
  test: string;
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  serverErrors: string[];
}

/**
 * What a session keeps for itself: its options, the pages of the running test, and per person
 * (email and password) the cookies and storage of their last login through the login page.
 */
const internals = new WeakMap<
  ConsoleSession,
  { options: ConsoleOptions; open: OpenPage[]; logins: Map<string, StorageState> }
>();

/**
 * Whether the running test's own function failed: jest-circus's events (the handlers it keeps on
 * the test environment's global), so that `closePages` leaves a picture of a failed test's pages.
 * Without them (another runner) there are no such pictures, nothing else changes.
 */
let testFailed = false;
const circusHandlers = (globalThis as Record<symbol, unknown>)[Symbol.for('EVENT_HANDLERS')];
if (Array.isArray(circusHandlers)) {
  circusHandlers.push((event: { name: string }) => {
    if (event.name === 'test_start') testFailed = false;
    if (event.name === 'test_fn_failure') testFailed = true;
  });
}

/**
 * Builds the console if needed (`npm test` already did), boots the API for `setup` and launches
 * Chromium: once per file, in `beforeAll`. The tests then open their own pages with `newPage`, and
 * `afterEach(() => closePages(session))` closes them.
 */
export async function openConsole(setup: Setup, options: ConsoleOptions = {}): Promise<ConsoleSession> {
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  if (!existsSync(fileURLToPath(new URL('../../apps/console/dist/index.html', import.meta.url)))) {
    execFileSync('npm', ['run', 'build', '--workspace', 'apps/console'], { cwd: repoRoot, stdio: 'ignore' });
  }
  const app = await boot(setup, options.env);
  let browser: BrowserSession;
  try {
    browser = await launchChromium();
  } catch (error) {
    await app.stop();
    throw error;
  }
  const session: ConsoleSession = {
    app,
    browser,
    pageErrors: [],
    serverErrors: [],
    async close() {
      await browser.close();
      await app.stop();
    },
  };
  internals.set(session, { options, open: [], logins: new Map() });
  return session;
}

/**
 * A fresh page for one test: a new browser context (no cookie, no storage of any other test) on
 * the file's booted app, logged in as `user`, then at `path` of the console (e.g. `/#/members`)
 * when given; otherwise on the dashboard. The first time a file asks for a person, they log in
 * through the login page (`logIn`, the one way tests log in) and the context's cookies and storage
 * are kept; later pages of that person start in a new context with those (as a browser that
 * stayed logged in) and log in through the page again only when the console asks for it (the
 * session was logged out or revoked). `user: null` opens `path` (default: the console, which shows
 * the login page) without logging in. The page's uncaught errors and 5xx answers are collected for
 * `closePages`.
 */
export async function newPage(session: ConsoleSession, user: Credentials | null, path?: string): Promise<Page> {
  const state = internals.get(session);
  if (!state) throw new Error('newPage needs a session of openConsole');
  const test = expect.getState().currentTestName ?? '(outside a test)';
  const key = user ? `${user.email}\n${user.password}` : '';
  const kept = user ? state.logins.get(key) : undefined;
  const context = await session.browser.newContext({
    viewport: state.options.viewport,
    ...(kept ? { storageState: kept } : {}),
  });
  await state.options.prepare?.(context);
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  const open: OpenPage = { test, context, page, pageErrors: [], serverErrors: [] };
  state.open.push(open);
  page.on('pageerror', (error) => {
    open.pageErrors.push(error.message);
    session.pageErrors.push(`${test}: ${error.message}`);
  });
  page.on('response', (response) => {
    if (response.status() < 500) return;
    const answer = `${response.status()} ${response.request().method()} ${response.url()}`;
    open.serverErrors.push(answer);
    session.serverErrors.push(`${test}: ${answer}`);
  });
  if (user === null) {
    await page.goto(`${session.app.url}${path ?? '/'}`);
    return page;
  }
  if (kept) {
    await page.goto(`${session.app.url}${path ?? '/'}`);
    // Logged in: the layout's user menu; logged out since: the console sends them to the login page.
    const loggedIn = page.getByRole('button', { name: 'Profile' });
    await loggedIn
      .or(page.getByRole('button', { name: 'Sign in' }))
      .first()
      .waitFor();
    if (await loggedIn.isVisible()) {
      if (path === undefined) await page.getByText(/^Welcome, /).waitFor();
      return page;
    }
    // Logged out since (a test logged out, or the session was revoked): log in afresh from the
    // console's start (logging in on the page it was sent from would return there, not to the dashboard).
    state.logins.delete(key);
  }
  await page.goto(`${session.app.url}/`);
  await logIn(page, user);
  state.logins.set(key, await context.storageState());
  if (path !== undefined) await page.goto(`${session.app.url}${path}`);
  return page;
}

/**
 * For `afterEach`: closes the pages the test opened with `newPage`, and fails the test when one of
 * them raised an uncaught error or received a 5xx answer. A test that failed first leaves a
 * picture of each of its pages in test-results/ (`failed-{file}-{test}.png`).
 */
export async function closePages(session: ConsoleSession | undefined): Promise<void> {
  const state = session && internals.get(session);
  if (!state) return;
  const open = state.open.splice(0);
  if (testFailed) {
    const file = basename(expect.getState().testPath ?? 'browser', '.test.ts');
    for (const [index, { test, page }] of open.entries()) {
      const name = `failed-${file}-${test.slice(0, 60).replace(/\W+/g, '-')}${open.length > 1 ? `-${index + 1}` : ''}`;
      await page
        .screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true, timeout: 5_000 })
        .catch(() => undefined);
    }
  }
  await Promise.all(open.map(({ context }) => context.close().catch(() => undefined)));
  expect({
    pageErrors: open.flatMap((o) => o.pageErrors),
    serverErrors: open.flatMap((o) => o.serverErrors),
  }).toEqual({ pageErrors: [], serverErrors: [] });
}

/** Fills the console's login page (already open) and waits for the dashboard. */
export async function logIn(page: Page, credentials: Credentials): Promise<void> {
  await page.waitForURL(/#\/login$/, { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Email' }).fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(/^Welcome, /).waitFor();
}

/** Opens the console's user menu and logs out; waits for the login page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/#\/login$/);
}

/** Signs a new user up through the `/signup` page; they land on `/onboarding`. */
export async function signUp(
  page: Page,
  appUrl: string,
  user: { name: string; email: string; password: string; orgName: string },
): Promise<void> {
  await page.goto(`${appUrl}/signup`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(user.password);
  await page.getByRole('textbox', { name: 'Organisation name' }).fill(user.orgName);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/onboarding$/);
}

/**
 * Picks `option` in the select labelled `combobox`. Its choices may arrive while the menu is open
 * (a list of websites, labels from an `/options` route): MUI then renders the menu again and the
 * option found first is gone, so the menu is opened again (at most three times).
 */
export async function chooseOption(
  page: Page,
  combobox: string,
  option: string,
  scope: Page | Locator = page,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await scope.getByRole('combobox', { name: combobox }).click();
    try {
      await page.getByRole('option', { name: option, exact: true }).click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Types `values` into the textboxes they name and checks, half a second later, that they are still
 * there: a form that has just mounted may still be reset by react-admin (its record and default
 * values arrive after the first render), which would wipe what was typed. Fills again (at most
 * three times) until the form kept every value.
 */
export async function fillSettled(scope: Page | Locator, values: Record<string, string>): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  for (let attempt = 1; ; attempt++) {
    for (const [name, value] of Object.entries(values))
      await scope.getByRole('textbox', { name, exact: true }).fill(value);
    await page.waitForTimeout(500);
    let kept = true;
    for (const [name, value] of Object.entries(values)) {
      if ((await scope.getByRole('textbox', { name, exact: true }).inputValue()) !== value) kept = false;
    }
    if (kept) return;
    if (attempt === 3) throw new Error(`The form did not keep what was typed into ${Object.keys(values).join(', ')}`);
  }
}
