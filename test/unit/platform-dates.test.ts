import { describe, expect, it } from '@jest/globals';
import {
  EARLIEST_QUERY_DAY,
  isCalendarDate,
  isTimestamp,
  latestQueryDay,
  queryDayProblem,
  timestampMs,
} from '#libs/platform/src/dates.js';

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
    for (const text of [
      '2023-02-29T12:00:00Z',
      '2024-02-30T00:00:00Z',
      '0000-01-01T00:00:00Z',
      'yesterday',
      '2024-02-29T25:00:00Z',
      `2024-02-29T12:00:00Z${' '.repeat(30)}`,
    ]) {
      expect(timestampMs(text)).toBeNull();
      expect(isTimestamp(text)).toBe(false);
    }
  });
});

// The days a report or list may name (issue 25): 2000-01-01 to a year from today (UTC), by hand
// for a fixed "now" of 2026-03-15T22:00:00Z and of a leap day.
describe('queryDayProblem', () => {
  const now = Date.UTC(2026, 2, 15, 22);
  it.each([
    ['2000-01-01', null],
    ['2026-03-15', null],
    ['2027-03-15', null],
    ['2027-03-16', 'from must be a day from 2000-01-01 to 2027-03-15'],
    ['1999-12-31', 'from must be a day from 2000-01-01 to 2027-03-15'],
    ['0001-01-01', 'from must be a day from 2000-01-01 to 2027-03-15'],
    ['9999-12-31', 'from must be a day from 2000-01-01 to 2027-03-15'],
    ['2024-02-30', 'from must be a date as YYYY-MM-DD'],
    ['2024-1-01', 'from must be a date as YYYY-MM-DD'],
    [42, 'from must be a date as YYYY-MM-DD'],
  ])('%s: %s', (value, problem) => {
    expect(queryDayProblem(value, 'from', now)).toBe(problem);
  });

  it('a year from a leap day is 1 March', () => {
    expect(latestQueryDay(Date.UTC(2028, 1, 29, 12))).toBe('2029-03-01');
    expect(EARLIEST_QUERY_DAY).toBe('2000-01-01');
  });
});
