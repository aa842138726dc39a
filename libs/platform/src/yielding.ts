import { setImmediate } from 'node:timers/promises';
import type { Steps } from './steps.js';

export { runToEnd, type Steps } from './steps.js';

/** Items handled between two yields by `eachYielding` (a few milliseconds of work at most). */
export const ITEMS_BETWEEN_YIELDS = 20;

/**
 * Calls `work` for each item, letting the event loop run between every `every` items: background
 * work of a process that also answers requests (the analytics projector computes hundreds of
 * visitors per batch, tens of milliseconds of JavaScript) must never hold the thread for a whole
 * batch, or every request that arrives meanwhile waits for it (docs/benchmarks.md, "Ingestion").
 * `setImmediate` runs after the I/O callbacks: the requests that arrived are handled first.
 */
export async function eachYielding<T>(
  items: Iterable<T>,
  work: (item: T) => void,
  every = ITEMS_BETWEEN_YIELDS,
): Promise<void> {
  let done = 0;
  for (const item of items) {
    if (done > 0 && done % every === 0) await setImmediate();
    work(item);
    done++;
  }
}

/** The time a sliced computation may hold the thread before it lets requests in. */
export const SLICE_MS = 4;

/** A clock shared by the sliced computations of one batch: `due()` after `sliceMs` without a yield. */
export class TimeSlice {
  private since = performance.now();
  /** The yields taken so far (tests count them). */
  yields = 0;

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Starts a new slice (the caller just let the event loop run). */
  restart(): void {
    this.since = performance.now();
  }

  /** Lets the event loop run when the slice is used up. */
  async pause(): Promise<void> {
    if (performance.now() - this.since < this.sliceMs) return;
    await setImmediate();
    this.yields++;
    this.since = performance.now();
  }
}

/** Runs `steps` (./steps.ts), letting the event loop run whenever `slice` is used up. */
export async function runSliced<T>(steps: Steps<T>, slice: TimeSlice): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await slice.pause();
  }
}

/**
 * `eachYielding` for work written as steps: the event loop runs every `every` items and, inside
 * an item, whenever the item's steps have used up the slice (one heavy item is not one block).
 */
export async function eachSliced<T>(
  items: Iterable<T>,
  work: (item: T) => Steps<void>,
  slice = new TimeSlice(),
  every = ITEMS_BETWEEN_YIELDS,
): Promise<void> {
  let done = 0;
  for (const item of items) {
    if (done > 0 && done % every === 0) {
      await setImmediate();
      slice.restart();
    }
    await runSliced(work(item), slice);
    done++;
  }
}
