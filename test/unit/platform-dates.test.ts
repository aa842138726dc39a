import { describe, expect, it } from '@jest/globals';
import { isCalendarDate, isTimestamp, timestampMs } from '#libs/platform/src/dates.js';

// Expected answers from the Gregorian calendar's rules (a year divisible by 4 is a leap year,
// except centuries not divisible by 400), written out by hand.
describe('isCalendarDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['2100-02-28', true],
    ['2100-02-29', false],
    ['2024-02-30', false],
    ['2024-04-30', true],
    ['2024-04-31', false],
    ['2024-01-31', true],
    ['2024-06-31', false],
    ['2024-12-31', true],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-05-00', false],
    ['0000-01-01', false],
    ['0001-01-01', true],
    ['9999-12-31', true],
    ['2024-1-01', false],
    ['2024-01-01T00:00:00Z', false],
    ['', false],
  ])('%s → %s', (text, expected) => {
    expect(isCalendarDate(text)).toBe(expected);
  });
});

describe('timestampMs and isTimestamp', () => {
  it('answers the epoch milliseconds of a real date and time', () => {
    // 2024-01-01T00:00Z is 1,704,067,200 s; + 59 days (31 + 28) + 12 h.
    expect(timestampMs('2024-02-29T12:00:00Z')).toBe(1_709_208_000_000);
    expect(timestampMs('2024-02-29T14:00:00+02:00')).toBe(1_709_208_000_000);
    expect(isTimestamp('2024-02-29T12:00:00Z')).toBe(true);
  });

  it('answers null for a date that does not exist or text that is not a date and time', () => {
    for (const text of ['2023-02-29T12:00:00Z', '2024-02-30T00:00:00Z', '0000-01-01T00:00:00Z', 'yesterday', '2024-02-29T25:00:00Z', `2024-02-29T12:00:00Z${' '.repeat(30)}`]) {
      expect(timestampMs(text)).toBeNull();
      expect(isTimestamp(text)).toBe(false);
    }
  });
});
