// The days of a CTA's submissions (libs/cro/src/projections/submissions.ts): where a day of the
// website's timezone starts, across changes of clocks, and how `from` / `to` are read from a request.
// Every expected moment is worked out by hand from the zone's rules.
import { describe, expect, it } from '@jest/globals';
import { dayStart, submissionBounds, submissionDays } from '#libs/cro/src/projections/submissions.js';

describe('where a day of a timezone starts', () => {
  it('is local midnight: UTC+01:00 in a Berlin winter, UTC+02:00 in its summer, UTC+05:30 in Kolkata, UTC-05:00 in a New York winter', () => {
    expect(dayStart('2026-01-10', 'Europe/Berlin').toISOString()).toBe('2026-01-09T23:00:00.000Z');
    expect(dayStart('2026-07-10', 'Europe/Berlin').toISOString()).toBe('2026-07-09T22:00:00.000Z');
    expect(dayStart('2026-01-10', 'Asia/Kolkata').toISOString()).toBe('2026-01-09T18:30:00.000Z');
    expect(dayStart('2026-01-10', 'America/New_York').toISOString()).toBe('2026-01-10T05:00:00.000Z');
    expect(dayStart('2026-01-10', 'UTC').toISOString()).toBe('2026-01-10T00:00:00.000Z');
  });

  it('on and after the days Berlin changes its clocks (29 March and 25 October 2026, at night)', () => {
    expect(dayStart('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStart('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStart('2026-10-25', 'Europe/Berlin').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(dayStart('2026-10-26', 'Europe/Berlin').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('where clocks skipped midnight (São Paulo, 4 November 2018: 00:00 became 01:00), at 01:00; where they went back over it (17 February 2019), at the one midnight', () => {
    expect(dayStart('2018-11-04', 'America/Sao_Paulo').toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(dayStart('2018-11-05', 'America/Sao_Paulo').toISOString()).toBe('2018-11-05T02:00:00.000Z');
    expect(dayStart('2019-02-17', 'America/Sao_Paulo').toISOString()).toBe('2019-02-17T03:00:00.000Z');
  });

  it('the day after `to` (the end of a range), over a month and a year', () => {
    expect(dayStart('2026-01-31', 'Europe/Berlin', 1).toISOString()).toBe('2026-01-31T23:00:00.000Z');
    expect(dayStart('2026-12-31', 'UTC', 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(submissionBounds({ from: '2026-01-10', to: '2026-01-10' }, 'Europe/Berlin')).toEqual({
      start: new Date('2026-01-09T23:00:00.000Z'),
      end: new Date('2026-01-10T23:00:00.000Z'),
    });
    expect(submissionBounds({ from: null, to: null }, 'Europe/Berlin')).toEqual({ start: null, end: null });
  });
});

describe('from and to of a request', () => {
  it('come from the parameters or the filter, and leave the rest of the query as it was', () => {
    expect(submissionDays({ from: '2026-01-10', to: '2026-01-11', range: '[0,9]' })).toEqual({
      days: { from: '2026-01-10', to: '2026-01-11' },
      query: { from: undefined, to: undefined, range: '[0,9]' },
    });
    expect(submissionDays({ filter: '{"q":"ann","from":"2026-01-10"}' })).toEqual({
      days: { from: '2026-01-10', to: null },
      query: { from: undefined, to: undefined, filter: '{"q":"ann"}' },
    });
    expect(submissionDays({ filter: 'not json' })).toEqual({
      days: { from: null, to: null },
      query: { from: undefined, to: undefined, filter: 'not json' },
    });
  });

  it('are refused with 400 when not a real day, given twice, or from after to', () => {
    const refusal = (query: Record<string, unknown>) => {
      try {
        submissionDays(query);
        return 'accepted';
      } catch (error) {
        return `${(error as { statusCode?: number }).statusCode} ${(error as Error).message}`;
      }
    };
    expect(refusal({ from: '2026-02-29' })).toBe('400 from must be a date as YYYY-MM-DD');
    expect(refusal({ to: ['2026-01-10'] })).toBe('400 to must be a date as YYYY-MM-DD');
    expect(refusal({ filter: '{"to":{"a":1}}' })).toBe('400 to must be a date as YYYY-MM-DD');
    expect(refusal({ from: '2026-01-10', filter: '{"from":"2026-01-10"}' })).toBe(
      '400 from is given twice (as a parameter and in the filter)',
    );
    expect(refusal({ from: '2026-01-11', to: '2026-01-10' })).toBe('400 from must not be after to');
    expect(refusal({ from: '2024-02-29', to: '2024-02-29' })).toBe('accepted');
  });
});
