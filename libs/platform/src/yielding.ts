import { setImmediate } from 'node:timers/promises';

/** Items handled between two yields by `eachYielding` (a few milliseconds of work at most). */
export const ITEMS_BETWEEN_YIELDS = 20;

/**
 * Calls `work` for each item, letting the event loop run between every `every` items: background
 * work of a process that also answers requests (the analytics projector computes hundreds of
 * visitors per batch, tens of milliseconds of JavaScript) must never hold the thread for a whole
 * batch, or every request that arrives meanwhile waits for it (docs/benchmarks.md, "Ingestion").
 * `setImmediate` runs after the I/O callbacks: the requests that arrived are handled first.
 */
export async function eachYielding<T>(items: Iterable<T>, work: (item: T) => void, every = ITEMS_BETWEEN_YIELDS): Promise<void> {
  let done = 0;
  for (const item of items) {
    if (done > 0 && done % every === 0) await setImmediate();
    work(item);
    done++;
  }
}
