// Debian's Chromium through playwright-core, each run with a fresh profile directory.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { boot, type Setup } from '../e2e/setups.js';

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

export interface BrowserSession {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<BrowserSession> {
  const profile = await mkdtemp(join(tmpdir(), 'console-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The built console against the real API: a booted app, a fresh browser, and what went wrong. */
export interface ConsoleSession {
  app: { url: string; stop(): Promise<void> };
  browser: BrowserSession;
  page: Page;
  /** Uncaught errors in the page. */
  pageErrors: string[];
  /** 5xx answers the page received. */
  serverErrors: string[];
  close(): Promise<void>;
}

/**
 * Builds the console if needed (`npm test` already did), boots the API for `setup` (with `env`
 * added to its environment, e.g. `FETCH_PRIVATE_HOSTS`), opens Chromium.
 */
export async function openConsole(setup: Setup, options: { env?: Record<string, string> } = {}): Promise<ConsoleSession> {
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  if (!existsSync(fileURLToPath(new URL('../../apps/console/dist/index.html', import.meta.url)))) {
    execFileSync('npm', ['run', 'build', '--workspace', 'apps/console'], { cwd: repoRoot, stdio: 'ignore' });
  }
  const app = await boot(setup, options.env);
  const browser = await launchChromium();
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  const serverErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return {
    app,
    browser,
    page,
    pageErrors,
    serverErrors,
    async close() {
      await browser.close();
      await app.stop();
    },
  };
}

/** Fills the console's login page (already open) and waits for the dashboard. */
export async function logIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.waitForURL(/#\/login$/);
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
