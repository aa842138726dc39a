/**
 * Work written as a generator that `yield`s between its steps (a goal, a funnel, a few hundred
 * events), so one pure computation can run two ways: `runToEnd` in one go (pure callers, tests),
 * or `runSliced` (./yielding.ts) letting the event loop run whenever it has held the thread for a
 * few milliseconds. One heavy visitor (thousands of events, many goals) is then never one long
 * block of the request thread. Pure: no Node or framework import, so domain code may use it.
 */
export type Steps<T> = Generator<void, T, void>;

export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
