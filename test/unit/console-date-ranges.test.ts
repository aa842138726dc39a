// The date range picker's ranges (apps/console/src/common/dateRanges.ts; seed 000: "last 7 days,
// 28 days, 3, 6, 12, 16 months, all time"): each ends on the website's today and counts it. Every
// expected day is worked out by hand on a calendar.
import { describe, expect, it } from '@jest/globals';
import { rangeDays, todayIn } from '../../apps/console/src/common/dateRanges.js';

describe('the date ranges', () => {
  it('on 31 March 2026: 7 and 28 days back, 3, 6, 12 and 16 months back (short months kept at their end), all time', () => {
    const today = '2026-03-31';
    expect(rangeDays({ preset: '7d' }, today)).toEqual({ from: '2026-03-25', to: today });
    expect(rangeDays({ preset: '28d' }, today)).toEqual({ from: '2026-03-04', to: today });
    expect(rangeDays({ preset: '3m' }, today)).toEqual({ from: '2026-01-01', to: today });
    expect(rangeDays({ preset: '6m' }, today)).toEqual({ from: '2025-10-01', to: today });
    expect(rangeDays({ preset: '12m' }, today)).toEqual({ from: '2025-04-01', to: today });
    expect(rangeDays({ preset: '16m' }, today)).toEqual({ from: '2024-12-01', to: today });
    expect(rangeDays({ preset: 'all' }, today)).toEqual({});
  });

  it('over a new year and a leap day', () => {
    expect(rangeDays({ preset: '7d' }, '2026-01-03')).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    expect(rangeDays({ preset: '3m' }, '2026-01-03')).toEqual({ from: '2025-10-04', to: '2026-01-03' });
    expect(rangeDays({ preset: '7d' }, '2024-02-29')).toEqual({ from: '2024-02-23', to: '2024-02-29' });
    expect(rangeDays({ preset: '12m' }, '2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
  });

  it('a custom range is its own days, leaving out what is not a day', () => {
    expect(rangeDays({ preset: 'custom', from: '2026-01-01', to: '2026-01-31' }, '2026-03-31')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(rangeDays({ preset: 'custom', from: '1 Jan', to: '' }, '2026-03-31')).toEqual({
      from: undefined,
      to: undefined,
    });
  });

  it("today is the website's: 23:30 UTC on 9 January is already the 10th in Berlin", () => {
    const moment = new Date('2026-01-09T23:30:00Z');
    expect(todayIn('Europe/Berlin', moment)).toBe('2026-01-10');
    expect(todayIn('UTC', moment)).toBe('2026-01-09');
    expect(todayIn('America/New_York', moment)).toBe('2026-01-09');
  });
});
