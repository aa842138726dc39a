import { describe, expect, it } from '@jest/globals';
import { eachYielding } from '#libs/platform/src/yielding.js';

// libs/platform/src/yielding.ts: background work in a process that answers requests lets the
// event loop run between runs of items. The expected order is written out by hand: a task queued
// with setImmediate before the work starts runs after item 19, and again after item 39.
describe('eachYielding', () => {
  it('does the work of 45 items in runs of 20, with other tasks between the runs', async () => {
    const log: string[] = [];
    let on = true;
    const ping = () => {
      if (!on) return;
      log.push('other');
      setImmediate(ping);
    };
    setImmediate(ping);
    await eachYielding(
      Array.from({ length: 45 }, (_, i) => i),
      (i) => log.push(String(i)),
      20,
    );
    on = false;
    const run = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
    expect(log).toEqual([...run(0, 19), 'other', ...run(20, 39), 'other', ...run(40, 44)]);
  });

  it('does nothing for no items, and never yields before the first one', async () => {
    const log: string[] = [];
    await eachYielding([], () => log.push('work'));
    setImmediate(() => log.push('other'));
    const done = eachYielding([1], () => log.push('work'));
    expect(log).toEqual(['work']);
    await done;
  });
});
