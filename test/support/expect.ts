import { expect } from '@jest/globals';

type Matchers = ReturnType<typeof expect>;

/**
 * `expect(value)` whose failure message starts with `message` (what Vitest's `expect(v, message)`
 * did): `expectWith(ids.has(id), `organisation ${id} is missing`).toBe(true)`.
 */
export function expectWith<T>(value: T, message: string): Matchers {
  return wrap(expect(value), message) as Matchers;
}

function wrap(target: object, message: string): unknown {
  return new Proxy(target, {
    get(object, key, receiver) {
      const member = Reflect.get(object, key, receiver);
      if (key === 'not' || key === 'resolves' || key === 'rejects') return wrap(member as object, message);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const prefix = (error: unknown) => {
          if (error instanceof Error) error.message = `${message}\n\n${error.message}`;
          return error;
        };
        try {
          const result = (member as (...a: unknown[]) => unknown).apply(object, args);
          return result instanceof Promise
            ? result.catch((error) => {
                throw prefix(error);
              })
            : result;
        } catch (error) {
          throw prefix(error);
        }
      };
    },
  });
}

export interface PollOptions {
  /** How long to keep trying, in ms (default `pollDefaults.timeout`: 5,000 as Vitest's expect.poll, 15,000 in the browser suites). */
  timeout?: number;
  /** Pause between tries, in ms (default 50). */
  interval?: number;
}

type Polled = {
  [K in Exclude<keyof Matchers, 'not' | 'resolves' | 'rejects'>]: Matchers[K] extends (...args: infer A) => unknown
    ? (...args: A) => Promise<void>
    : never;
};
type AsyncMatchers = Polled & { not: Polled };

/**
 * Asks `read` again until the matcher passes or the time is up, then fails with the last
 * failure: `await poll(() => page.locator('img').count()).toBeGreaterThan(0)`.
 */
/**
 * The default wait of `poll`. The browser suites raise it to Playwright's own default wait
 * (test/browser/chromium.ts): a console page on a loaded machine may take longer than 5 s to
 * show what its requests brought, and a person would wait as long as for any other element.
 */
export const pollDefaults = { timeout: 5_000 };

export function poll<T>(read: () => T | Promise<T>, options: PollOptions = {}): AsyncMatchers {
  const timeout = options.timeout ?? pollDefaults.timeout;
  const interval = options.interval ?? 50;
  const matcher = (negated: boolean) =>
    new Proxy(
      {},
      {
        get(_object, key) {
          if (key === 'not') return matcher(true);
          return async (...args: unknown[]) => {
            const deadline = Date.now() + timeout;
            for (;;) {
              let value: T;
              try {
                value = await read();
                const base = expect(value) as unknown as Record<string | symbol, unknown>;
                const target = (negated ? base.not : base) as Record<string | symbol, (...a: unknown[]) => unknown>;
                target[key](...args);
                return;
              } catch (error) {
                if (Date.now() >= deadline) throw error;
              }
              await new Promise((resolve) => setTimeout(resolve, interval));
            }
          };
        },
      },
    );
  return matcher(false) as AsyncMatchers;
}
