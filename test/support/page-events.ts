import type { Page, Request } from 'playwright-core';

/**
 * Waits for events in a browser page instead of for time (issue 26, point 7): a negative check
 * ("no popup", "no request") runs once the page is provably past the point where the thing would
 * have happened, and fails when it does happen.
 */

/** The requests a page has in flight, counted from the moment this is called (before `goto`). */
export interface InFlight {
  /** How many requests were sent and have not finished (answered, or failed). */
  readonly count: number;
  /** Resolves when no request is in flight (at once if none is); fails after `timeout` ms. */
  idle(timeout?: number): Promise<void>;
}

export function trackRequests(page: Page): InFlight {
  const pending = new Set<Request>();
  let waiters: Array<() => void> = [];
  const settle = () => {
    if (pending.size > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  page.on('request', (request) => pending.add(request));
  const finished = (request: Request) => {
    pending.delete(request);
    settle();
  };
  // Answered is enough: Chromium may never finish a request whose body the page does not read
  // (the tracker's collect posts), and the server has done its part once it answers.
  page.on('response', (response) => finished(response.request()));
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return {
    get count() {
      return pending.size;
    },
    idle(timeout = 15_000) {
      if (pending.size === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `${pending.size} requests still in flight after ${timeout} ms: ${[...pending].map((r) => `${r.method()} ${r.url()}`).join(', ')}`,
              ),
            ),
          timeout,
        );
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/**
 * Resolves after the page ran a task, an animation frame and another task: whatever its scripts
 * queued with `setTimeout(…, 0)` or for the next frame before this call has run.
 */
export async function pageTasksRun(page: Page): Promise<void> {
  await page.evaluate(
    'new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0))',
  );
}

/**
 * Scrolls to the bottom of the page and resolves once the page's `scroll` listeners have handled
 * it (a listener added now runs after those added before), then after a task more; at once (after a
 * task) when the page cannot scroll further.
 */
export async function scrollToBottomHandled(page: Page): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    const root = document.documentElement;
    const bottom = Math.max(root.scrollHeight, document.body ? document.body.scrollHeight : 0) - window.innerHeight;
    if (bottom <= 0 || Math.ceil(window.scrollY) >= bottom - 1) return setTimeout(resolve, 0);
    const handled = () => {
      if (Math.ceil(window.scrollY) < bottom - 1) return;
      window.removeEventListener('scroll', handled);
      setTimeout(resolve, 0);
    };
    window.addEventListener('scroll', handled);
    window.scrollTo(0, root.scrollHeight);
  })`);
}

/**
 * Resolves once the page is quiet: no request in flight, and none started after the page ran the
 * tasks the last answers queued (an answer that leads to another request is followed). Fails after
 * `timeout` ms with the requests still in flight.
 */
export async function pageQuiet(page: Page, requests: InFlight, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    await requests.idle(Math.max(1, end - Date.now()));
    await pageTasksRun(page);
    if (requests.count === 0) return;
  }
}
