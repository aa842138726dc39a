import { describe, expect, it } from '@jest/globals';
import { IngestionLoad } from '#libs/analytics/src/ingestion/ingestion-load.js';

/**
 * `IngestionLoad` (docs/analytics.md "From the tracker to the reports", step 2): ingestion counts
 * as busy from 5,000 events accepted in the current second and the one before it, and stops
 * counting as busy once two seconds without events have passed.
 */
describe('IngestionLoad', () => {
  const at = (ms: number) => {
    const load = new IngestionLoad();
    let now = ms;
    load.now = () => now;
    return { load, set: (value: number) => (now = value) };
  };

  it('is not busy with nothing recorded', () => {
    expect(at(1_000_000).load.busy()).toBe(false);
  });

  it('is busy from 5,000 events within the same second, not at 4,999', () => {
    const { load } = at(1_000_000);
    load.record(4_999);
    expect(load.busy()).toBe(false);
    load.record(1);
    expect(load.busy()).toBe(true);
  });

  it('adds the second before to the current one', () => {
    const { load, set } = at(1_000_000);
    load.record(3_000);
    set(1_001_200); // the next second
    load.record(1_999);
    expect(load.busy()).toBe(false); // 4,999
    load.record(1);
    expect(load.busy()).toBe(true); // 5,000
  });

  it('forgets a burst once a whole second without events has passed', () => {
    const { load, set } = at(1_000_500);
    load.record(50_000);
    set(1_001_999); // the next second: the burst is the second before
    expect(load.busy()).toBe(true);
    set(1_002_000); // two seconds on: nothing in this second or the one before
    expect(load.busy()).toBe(false);
  });

  it('does not carry a burst over a gap of several seconds', () => {
    const { load, set } = at(1_000_000);
    load.record(50_000);
    set(1_005_000);
    load.record(10);
    expect(load.busy()).toBe(false);
  });
});
