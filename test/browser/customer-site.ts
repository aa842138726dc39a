// The customer's website of the tracker's browser tests (tracker.test.ts, tracker-forwarding.test.ts):
// a Node server on 127.0.0.1 that the test file's `handle` answers for (the customer's pages and
// the platform's routes), the freshly built tracker.js, and Debian's Chromium.
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, type BrowserSession } from './chromium.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TRACKER = `${ROOT}apps/tracker/dist/tracker.js`;

export interface CustomerSite {
  /** The server's port (known once `beforeAll` ran). */
  readonly port: number;
  /** A fresh browser context (a new visitor: storage of its own) and a page in it; `initScript` runs before the page's scripts. */
  open(options?: {
    viewport?: { width: number; height: number };
    initScript?: string;
  }): Promise<{ page: Page; context: BrowserContext }>;
}

/**
 * Registers the file's hooks (call it inside the `describe`): before all, builds tracker.js, starts
 * the server and Chromium; after each test, closes the test's contexts and expects no page error
 * and nothing the collect route rejected (`drainRejected` empties the route's list); after all,
 * stops both.
 */
export function customerSite(
  handle: (req: IncomingMessage, res: ServerResponse, port: number) => Promise<void>,
  drainRejected: () => unknown[],
): CustomerSite {
  let server: Server | undefined;
  let port = 0;
  let chromium: BrowserSession | undefined;
  const contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, ['apps/tracker/build.mjs'], { cwd: ROOT, stdio: 'pipe' });
    server = createServer((req, res) => {
      handle(req, res, port).catch(() => res.writeHead(500).end());
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    chromium = await launchChromium();
  }, 120_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
    const errors = pageErrors;
    pageErrors = [];
    expect({ pageErrors: errors, rejectedByCollect: drainRejected() }).toEqual({
      pageErrors: [],
      rejectedByCollect: [],
    });
  });

  afterAll(async () => {
    await chromium?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  return {
    get port() {
      return port;
    },
    async open(options = {}) {
      const context = await chromium!.newContext({ viewport: options.viewport });
      if (options.initScript) await context.addInitScript(options.initScript);
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return { page, context };
    },
  };
}
