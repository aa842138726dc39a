// The console's one date format and one date-time format (apps/console/src/common/dates.ts), in a
// given locale and the website's timezone. Expected texts are written by hand from the rule.
import { describe, expect, it } from '@jest/globals';
import { formatDay, formatMoment } from '../../apps/console/src/common/dates.js';

describe('console dates', () => {
  it('shows a calendar day as itself, whatever the timezone', () => {
    expect(formatDay('2026-11-28', 'Pacific/Auckland', 'en-GB')).toBe('28 Nov 2026');
    expect(formatDay('2026-11-28', 'America/Los_Angeles', 'en-GB')).toBe('28 Nov 2026');
  });

  it("shows a moment's day in the website's timezone", () => {
    // 23:30 UTC on the 28th is already the 29th in Vienna.
    expect(formatDay('2026-11-28T23:30:00Z', 'Europe/Vienna', 'en-GB')).toBe('29 Nov 2026');
    expect(formatDay('2026-11-28T23:30:00Z', 'UTC', 'en-GB')).toBe('28 Nov 2026');
  });

  it("shows a moment in the website's timezone, naming it when it is not the viewer's", () => {
    const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const other = viewer === 'Asia/Tokyo' ? 'Europe/Vienna' : 'Asia/Tokyo';
    const expected = other === 'Asia/Tokyo' ? '28 Nov 2026, 23:05 GMT+9' : '28 Nov 2026, 15:05 CET';
    expect(formatMoment('2026-11-28T14:05:00Z', other, 'en-GB')).toBe(expected);
    // In the viewer's own timezone (no website), no zone name.
    expect(formatMoment('2026-11-28T14:05:00Z', null, 'en-GB')).not.toMatch(/GMT|UTC|CET/);
  });

  it('falls back to the viewer timezone for an unknown zone, and leaves text that is no date alone', () => {
    expect(formatMoment('2026-11-28T14:05:00Z', 'Nowhere/Unknown', 'en-GB')).toMatch(/^28 Nov 2026, \d\d:05/);
    expect(formatMoment('soon', 'UTC', 'en-GB')).toBe('soon');
  });
});
