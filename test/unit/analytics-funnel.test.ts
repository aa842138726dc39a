// Funnels as PostHog counts them (DESIGN.md "Analytics definitions" → "Funnels"). The journeys and
// the expected counts and times are PostHog's own test cases, typed here by hand from
// PostHog/posthog posthog/hogql_queries/insights/funnels/test/{conversion_time_cases.py,
// test_funnel.py, breakdown_cases.py} (each `describe` names its case). Where PostHog created
// events without a timestamp (they get the insertion time), the events here are one second apart
// in insertion order. PostHog counts persons; a person here is one distinct id's list of events.
// Cases marked "derived by hand" are not asserted by a PostHog test: their answers were worked out
// on paper from PostHog's funnel UDF (funnel-udf/src/steps.rs) or from DESIGN.md.
import { describe, expect, it } from '@jest/globals';
import type { FlatValue } from '#libs/analytics/src/domain/event-filters.js';
import {
  DEFAULT_FUNNEL_WINDOW_SECONDS,
  countedAttempt,
  funnelResults,
  personAttempts,
  type Attempt,
  type FunnelEvent,
  type FunnelResults,
  type FunnelStep,
} from '#libs/analytics/src/domain/funnel.js';

const DAY = 24 * 3600;
const ALL_TIME = { from: Date.parse('2000-01-01T00:00:00Z'), to: Date.parse('2100-01-01T00:00:00Z') };

function at(iso: string): number {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) throw new Error(`bad date in the test: ${iso}`);
  return t;
}

function ev(name: string, time: string | number, properties: Record<string, FlatValue> | null = null): FunnelEvent {
  return {
    name,
    time: typeof time === 'number' ? time : at(time),
    url: null,
    referrer: null,
    utm: null,
    ctaId: null,
    campaignId: null,
    experimentId: null,
    variant: null,
    value: null,
    currency: null,
    properties,
  };
}

/** Events one second apart from `base`, in the order given (PostHog's events created without a timestamp). */
function sequence(base: string, events: Array<[string, Record<string, FlatValue>?]>): FunnelEvent[] {
  return events.map(([name, properties], i) => ev(name, at(base) + i * 1000, properties ?? null));
}

const steps = (...names: string[]): FunnelStep[] => names.map((event) => ({ event }));

/** Glue only: each person's counted attempt, then the report. */
function report(
  people: Record<string, FunnelEvent[]>,
  funnel: FunnelStep[],
  options: { windowSeconds?: number; range?: { from: number; to: number }; breakdown?: string } = {},
): FunnelResults {
  const windowMs = (options.windowSeconds ?? DEFAULT_FUNNEL_WINDOW_SECONDS) * 1000;
  const counted: Attempt[] = [];
  for (const events of Object.values(people)) {
    const attempt = countedAttempt(
      personAttempts(events, funnel, windowMs, options.breakdown ?? null),
      options.range ?? ALL_TIME,
    );
    if (attempt) counted.push(attempt);
  }
  return funnelResults(counted, funnel, { breakdown: options.breakdown !== undefined });
}

const counts = (r: { steps: Array<{ count: number }> }) => r.steps.map((s) => s.count);
const means = (r: FunnelResults) => r.steps.map((s) => s.meanSecondsFromPrevious);
const medians = (r: FunnelResults) => r.steps.map((s) => s.medianSecondsFromPrevious);

describe('the default conversion window', () => {
  it('is 14 days in seconds', () => {
    expect(DEFAULT_FUNNEL_WINDOW_SECONDS).toBe(1_209_600);
  });
});

describe('PostHog test_funnel_step_conversion_times (conversion_time_cases.py)', () => {
  // 7-day window, 2020-01-01..2020-01-08.
  const people = {
    person1: [
      ev('sign up', '2020-01-01T12:00:00Z'),
      ev('play movie', '2020-01-01T13:00:00Z'),
      ev('buy', '2020-01-01T15:00:00Z'),
    ],
    person2: [ev('sign up', '2020-01-02T14:00:00Z'), ev('play movie', '2020-01-02T16:00:00Z')],
    person3: [
      ev('sign up', '2020-01-02T14:00:00Z'),
      ev('play movie', '2020-01-02T16:00:00Z'),
      ev('buy', '2020-01-02T17:00:00Z'),
    ],
  };
  const funnel = steps('sign up', 'play movie', 'buy');
  const r = report(people, funnel, {
    windowSeconds: 7 * DAY,
    range: { from: at('2020-01-01T00:00:00Z'), to: at('2020-01-09T00:00:00Z') },
  });

  it('has PostHog’s mean times (null, 6000, 5400) and medians (null, 7200, 5400: an even count takes the mean of the middle two)', () => {
    expect(means(r)).toEqual([null, 6000, 5400]);
    expect(medians(r)).toEqual([null, 7200, 5400]);
  });

  it('every step in full: counts 3, 3, 2; conversions; drop-off in people', () => {
    expect(r.steps).toEqual([
      {
        event: 'sign up',
        count: 3,
        conversionFromFirst: 1,
        conversionFromPrevious: null,
        dropOff: null,
        meanSecondsFromPrevious: null,
        medianSecondsFromPrevious: null,
      },
      {
        event: 'play movie',
        count: 3,
        conversionFromFirst: 1,
        conversionFromPrevious: 1,
        dropOff: 0,
        meanSecondsFromPrevious: 6000,
        medianSecondsFromPrevious: 7200,
      },
      {
        event: 'buy',
        count: 2,
        conversionFromFirst: expect.closeTo(0.666667, 5),
        conversionFromPrevious: expect.closeTo(0.666667, 5),
        dropOff: 1,
        meanSecondsFromPrevious: 5400,
        medianSecondsFromPrevious: 5400,
      },
    ]);
    expect(r.breakdown).toBeUndefined();
  });
});

describe('PostHog test_funnel_with_multiple_incomplete_tries (conversion_time_cases.py)', () => {
  // 1-day window, 2021-05-01..2021-05-14. Completed on 05-01; two later tries reached step 2 only.
  const events = [
    ev('user signed up', '2021-05-01T01:00:00Z'),
    ev('$pageview', '2021-05-01T02:00:00Z'),
    ev('something else', '2021-05-01T03:00:00Z'),
    ev('user signed up', '2021-05-03T04:00:00Z'),
    ev('$pageview', '2021-05-03T05:00:00Z'),
    ev('user signed up', '2021-05-04T07:00:00Z'),
    ev('$pageview', '2021-05-04T10:00:00Z'),
  ];
  const funnel = steps('user signed up', '$pageview', 'something else');
  const range = { from: at('2021-05-01T00:00:00Z'), to: at('2021-05-15T00:00:00Z') };

  it('every step-1 event starts an attempt', () => {
    expect(personAttempts(events, funnel, DAY * 1000)).toEqual([
      {
        start: at('2021-05-01T01:00:00Z'),
        reached: 3,
        stepTimes: [at('2021-05-01T01:00:00Z'), at('2021-05-01T02:00:00Z'), at('2021-05-01T03:00:00Z')],
        breakdown: null,
      },
      {
        start: at('2021-05-03T04:00:00Z'),
        reached: 2,
        stepTimes: [at('2021-05-03T04:00:00Z'), at('2021-05-03T05:00:00Z')],
        breakdown: null,
      },
      {
        start: at('2021-05-04T07:00:00Z'),
        reached: 2,
        stepTimes: [at('2021-05-04T07:00:00Z'), at('2021-05-04T10:00:00Z')],
        breakdown: null,
      },
    ]);
  });

  it('the attempt reaching the furthest step counts: one person, one hour to convert (the incomplete tries are disregarded)', () => {
    const counted = countedAttempt(personAttempts(events, funnel, DAY * 1000), range);
    expect(counted?.start).toBe(at('2021-05-01T01:00:00Z'));
    const r = report({ person1: events }, funnel, { windowSeconds: DAY, range });
    expect(counts(r)).toEqual([1, 1, 1]);
    expect(means(r)).toEqual([null, 3600, 3600]);
    expect(medians(r)).toEqual([null, 3600, 3600]);
  });
});

describe('PostHog test_funnel_times_with_different_conversion_windows (conversion_time_cases.py): the window is inclusive', () => {
  const people = {
    stopped_after_signup1: [ev('user signed up', '2020-01-02T14:00:00Z'), ev('pageview', '2020-01-02T14:05:00Z')],
    stopped_after_signup2: [ev('user signed up', '2020-01-02T14:03:00Z')],
    stopped_after_signup3: [ev('user signed up', '2020-01-02T12:00:00Z'), ev('pageview', '2020-01-02T12:15:00Z')],
  };
  const funnel = steps('user signed up', 'pageview');

  it('14 days: 3 then 2, mean 600 s', () => {
    const r = report(people, funnel, { windowSeconds: 14 * DAY });
    expect(counts(r)).toEqual([3, 2]);
    expect(r.steps[1].meanSecondsFromPrevious).toBe(600);
  });

  it('5 minutes: 3 then 1 (the pageview exactly 5 minutes later still counts), mean 300 s', () => {
    const r = report(people, funnel, { windowSeconds: 5 * 60 });
    expect(counts(r)).toEqual([3, 1]);
    expect(r.steps[1].meanSecondsFromPrevious).toBe(300);
  });
});

describe('PostHog test_funnel_conversion_window and test_funnel_conversion_window_seconds (test_funnel.py)', () => {
  const funnel = steps('step one', 'step two', 'step three');
  function population(secondStepAfter: [number, number]): Record<string, FunnelEvent[]> {
    const people: Record<string, FunnelEvent[]> = {};
    const start = at('2021-05-01T00:00:00Z');
    for (let i = 0; i < 25; i++) {
      const after = i < 10 ? secondStepAfter[0] : secondStepAfter[1];
      people[`user_${i}`] = [ev('step one', start), ev('step two', start + after * 1000)];
    }
    return people;
  }

  it('7-day window: 10 users converted after 1 day, 15 after 9 days did not: 25, 10, 0', () => {
    const r = report(population([DAY, 9 * DAY]), funnel, { windowSeconds: 7 * DAY });
    expect(r.steps).toEqual([
      {
        event: 'step one',
        count: 25,
        conversionFromFirst: 1,
        conversionFromPrevious: null,
        dropOff: null,
        meanSecondsFromPrevious: null,
        medianSecondsFromPrevious: null,
      },
      {
        event: 'step two',
        count: 10,
        conversionFromFirst: 0.4,
        conversionFromPrevious: 0.4,
        dropOff: 15,
        meanSecondsFromPrevious: 86400,
        medianSecondsFromPrevious: 86400,
      },
      // Nobody reached step three: its times are null, its conversions 0 (the denominators are not 0).
      {
        event: 'step three',
        count: 0,
        conversionFromFirst: 0,
        conversionFromPrevious: 0,
        dropOff: 10,
        meanSecondsFromPrevious: null,
        medianSecondsFromPrevious: null,
      },
    ]);
  });

  it('15-second window: step two after 10 s counts, after 20 s does not: 25, 10, 0', () => {
    expect(counts(report(population([10, 20]), funnel, { windowSeconds: 15 }))).toEqual([25, 10, 0]);
  });
});

describe('the window is measured from the attempt’s step-1 event (derived by hand from DESIGN.md and steps.rs)', () => {
  const funnel = steps('a', 'b', 'c');
  const t0 = at('2024-01-01T00:00:00Z');

  it('a step exactly windowMs after step 1 counts; one millisecond later does not', () => {
    expect(personAttempts([ev('a', t0), ev('b', t0 + 60_000)], funnel, 60_000)[0].reached).toBe(2);
    expect(personAttempts([ev('a', t0), ev('b', t0 + 60_001)], funnel, 60_000)[0].reached).toBe(1);
  });

  it('step 3 six days after step 2 but 13 days after step 1 is outside a 7-day window', () => {
    const events = [ev('a', t0), ev('b', t0 + 7 * DAY * 1000 - 1000), ev('c', t0 + 13 * DAY * 1000)];
    expect(personAttempts(events, funnel, 7 * DAY * 1000)[0]).toEqual({
      start: t0,
      reached: 2,
      stepTimes: [t0, t0 + 7 * DAY * 1000 - 1000],
      breakdown: null,
    });
  });
});

describe('PostHog test_advanced_funnel_with_repeat_steps_out_of_order_events (test_funnel.py): events in any order, step 2 before step 1', () => {
  const funnel = steps('user signed up', '$pageview', '$pageview', '$pageview', '$pageview');
  const people = {
    // A pageview, then the sign-up: the pageview before step 1 does not count.
    stopped_after_signup1: sequence('2024-01-01T00:00:00Z', [['$pageview'], ['user signed up']]),
    stopped_after_pageview1: sequence('2024-01-01T01:00:00Z', [['user signed up'], ['$pageview']]),
    stopped_after_pageview2: sequence('2024-01-01T02:00:00Z', [
      ['$pageview'],
      ['user signed up'],
      ['blaah blaa'],
      ['$pageview'],
    ]),
    stopped_after_pageview3: sequence('2024-01-01T03:00:00Z', [
      ['blaah blaa'],
      ['$pageview'],
      ['blaah blaa'],
      ['$pageview'],
      ['user signed up'],
      ['$pageview'],
    ]),
    stopped_after_pageview4: sequence('2024-01-01T04:00:00Z', [
      ['user signed up'],
      ['$pageview'],
      ['blaah blaa'],
      ['$pageview'],
      ['$pageview'],
      ['$pageview'],
    ]),
    // Never signed up: not in the funnel at all.
    stopped_after_pageview5: sequence('2024-01-01T05:00:00Z', [
      ['$pageview'],
      ['blaah blaa'],
      ['$pageview'],
      ['$pageview'],
      ['$pageview'],
    ]),
  };

  it('counts 5, 4, 1, 1, 1 with the events given in time order', () => {
    expect(counts(report(people, funnel))).toEqual([5, 4, 1, 1, 1]);
  });

  it('and the same with every person’s events given newest first', () => {
    const reversed = Object.fromEntries(Object.entries(people).map(([id, events]) => [id, [...events].reverse()]));
    expect(counts(report(reversed, funnel))).toEqual([5, 4, 1, 1, 1]);
  });
});

describe('PostHog test_funnel_with_messed_up_order (test_funnel.py): a person who did step 2 before step 1', () => {
  const funnel = steps('user signed up', 'watched movie');
  // Insertion order of the PostHog test, one second apart; "had_anonymous_id" and "completed_movie"
  // are one person there, one event list here.
  const t = (i: number) => at('2024-01-01T00:00:00Z') + i * 1000;
  const people = {
    stopped_after_signup: [ev('user signed up', t(0))],
    stopped_after_pay: [ev('user signed up', t(1))],
    had_anonymous_id: [ev('watched movie', t(2)), ev('user signed up', t(3)), ev('watched movie', t(4))],
    just_did_movie: [ev('watched movie', t(5))],
    wrong_order: [ev('watched movie', t(6)), ev('user signed up', t(7))],
  };

  it('counts 4 then 1: the movie before the sign-up converts nobody', () => {
    expect(counts(report(people, funnel))).toEqual([4, 1]);
  });

  it('the person who only did step 2 has no attempt', () => {
    expect(personAttempts(people.just_did_movie, funnel, DAY * 1000)).toEqual([]);
    expect(countedAttempt([], ALL_TIME)).toBeNull();
  });
});

describe('one event cannot satisfy two steps', () => {
  it('PostHog test_basic_funnel_with_repeat_steps (test_funnel.py): two sign-ups reach step 2, one does not', () => {
    const funnel = steps('user signed up', 'user signed up');
    const people = {
      stopped_after_signup1: sequence('2024-01-01T00:00:00Z', [['user signed up'], ['user signed up']]),
      stopped_after_signup2: sequence('2024-01-01T01:00:00Z', [['user signed up']]),
    };
    expect(counts(report(people, funnel))).toEqual([2, 1]);
  });

  it('PostHog test_funnel_with_matching_properties (test_funnel.py): step filters; 5, 4, 3, 2, 0', () => {
    const url = (value: string) => [{ property: '$current_url', operator: 'equals' as const, value }];
    const funnel: FunnelStep[] = [
      { event: 'user signed up' },
      { event: '$pageview', filters: url('aloha.com') },
      { event: '$pageview', filters: url('aloha2.com') },
      { event: '$pageview', filters: url('aloha2.com') },
      { event: '$pageview' },
    ];
    const aloha = { $current_url: 'aloha.com' };
    const aloha2 = { $current_url: 'aloha2.com' };
    const people = {
      stopped_after_signup1: sequence('2024-01-01T00:00:00Z', [['user signed up']]),
      stopped_after_pageview1: sequence('2024-01-01T01:00:00Z', [['user signed up'], ['$pageview', aloha]]),
      stopped_after_pageview2: sequence('2024-01-01T02:00:00Z', [
        ['user signed up'],
        ['$pageview', aloha],
        ['blaah blaa', aloha],
        ['$pageview', aloha2],
      ]),
      // The last step (any pageview) would be met by the aloha2 pageview already used for step 4.
      stopped_after_pageview3: sequence('2024-01-01T03:00:00Z', [
        ['user signed up'],
        ['$pageview', aloha],
        ['$pageview', aloha2],
        ['$pageview', aloha2],
        ['blaah blaa'],
      ]),
      stopped_after_pageview4: sequence('2024-01-01T04:00:00Z', [
        ['user signed up'],
        ['$pageview', aloha],
        ['blaah blaa'],
        ['$pageview', aloha2],
        ['$pageview', aloha],
        ['$pageview', aloha2],
      ]),
    };
    expect(counts(report(people, funnel))).toEqual([5, 4, 3, 2, 0]);
  });
});

describe('equal timestamps', () => {
  it('PostHog test_funnel_with_different_actions_at_same_time_count_as_converted (test_funnel.py): 2 then 1, zero seconds', () => {
    const funnel = steps('sign up', '$pageview');
    const people = {
      stopped_after_signup1: [
        ev('sign up', '2020-01-03T00:00:00Z', { key: 'val' }),
        ev('$pageview', '2020-01-03T00:00:00Z', { key: 'val' }),
      ],
      stopped_after_signup2: [ev('sign up', '2020-01-03T00:00:00Z', { key: 'val' })],
    };
    const r = report(people, funnel);
    expect(counts(r)).toEqual([2, 1]);
    expect(means(r)).toEqual([null, 0]);
  });

  it('(derived by hand) the step-2 event listed before the step-1 event of the same instant still converts', () => {
    const funnel = steps('sign up', '$pageview');
    const events = [ev('$pageview', '2020-01-03T00:00:00Z'), ev('sign up', '2020-01-03T00:00:00Z')];
    expect(personAttempts(events, funnel, DAY * 1000)[0].reached).toBe(2);
  });

  it('PostHog test_same_event_same_timestamp (test_funnel.py): twenty step-one events at one instant, step two a day later: 1 at the last step', () => {
    const events = [
      ...Array.from({ length: 20 }, () => ev('step one', '2024-01-10T12:01:00Z')),
      ev('step two', '2024-01-11T12:01:00Z'),
    ];
    expect(counts(report({ test: events }, steps('step one', 'step two')))).toEqual([1, 1]);
  });
});

describe('which attempt’s times count when several reach the furthest step', () => {
  it('PostHog test_time_to_convert_funnel_ignores_breakdown (test_funnel.py): 10-minute window, mean 210 s', () => {
    const funnel = steps('a', 'b');
    const people = {
      user_1: [ev('a', '2024-03-22T13:10:00Z'), ev('b', '2024-03-22T13:11:00Z')],
      user_2: [ev('a', '2024-03-22T13:01:00Z'), ev('a', '2024-03-22T13:35:00Z'), ev('b', '2024-03-22T13:41:00Z')],
      user_3: [ev('a', '2024-03-22T13:01:00Z'), ev('a', '2024-03-22T13:35:00Z'), ev('a', '2024-03-22T13:41:00Z')],
    };
    const r = report(people, funnel, { windowSeconds: 600 });
    expect(counts(r)).toEqual([3, 2]);
    expect(means(r)).toEqual([null, 210]);
  });

  it('(derived by hand from steps.rs) with a 14-day window both of user_2’s attempts convert at 13:41; the latest sign-up counts: 360 s, not 2400 s', () => {
    const events = [ev('a', '2024-03-22T13:01:00Z'), ev('a', '2024-03-22T13:35:00Z'), ev('b', '2024-03-22T13:41:00Z')];
    const counted = countedAttempt(personAttempts(events, steps('a', 'b'), 14 * DAY * 1000), ALL_TIME);
    expect(counted).toEqual({
      start: at('2024-03-22T13:35:00Z'),
      reached: 2,
      stepTimes: [at('2024-03-22T13:35:00Z'), at('2024-03-22T13:41:00Z')],
      breakdown: null,
    });
  });

  it('(derived by hand from steps.rs) the attempt that reached the furthest step first counts, even if a later one is faster', () => {
    // a 00:00, b 01:00 (reached step 2 at 01:00); a 02:00, b 02:01 (reached step 2 at 02:01).
    const events = [
      ev('a', '2024-01-01T00:00:00Z'),
      ev('b', '2024-01-01T01:00:00Z'),
      ev('a', '2024-01-01T02:00:00Z'),
      ev('b', '2024-01-01T02:01:00Z'),
    ];
    const counted = countedAttempt(personAttempts(events, steps('a', 'b'), DAY * 1000), ALL_TIME);
    expect(counted?.start).toBe(at('2024-01-01T00:00:00Z'));
  });

  it('PostHog test_funnel_window_ignores_dst_transition (test_funnel.py): 1,207,020 s across a DST change (epoch ms have none)', () => {
    const r = report(
      { user_1: [ev('$pageview', '2024-03-01T15:10:00Z'), ev('user signed up', '2024-03-15T14:27:00Z')] },
      steps('$pageview', 'user signed up'),
    );
    expect(r.steps[1]).toMatchObject({
      count: 1,
      meanSecondsFromPrevious: 1_207_020,
      medianSecondsFromPrevious: 1_207_020,
    });
  });
});

describe('the range selects attempts by their step-1 event, [from, to)', () => {
  const funnel = steps('a', 'b');
  const from = at('2024-02-01T00:00:00Z');
  const to = at('2024-03-01T00:00:00Z');

  it('an attempt starting 1 ms before `from` or at `to` is not counted; at `from` or 1 ms before `to` it is', () => {
    const attempt = (start: number): Attempt => ({ start, reached: 1, stepTimes: [start], breakdown: null });
    expect(countedAttempt([attempt(from - 1)], { from, to })).toBeNull();
    expect(countedAttempt([attempt(to)], { from, to })).toBeNull();
    expect(countedAttempt([attempt(from)], { from, to })?.start).toBe(from);
    expect(countedAttempt([attempt(to - 1)], { from, to })?.start).toBe(to - 1);
  });

  it('a completed attempt that started before the range does not count; the in-range attempt that only reached step 1 does', () => {
    const events = [ev('a', '2024-01-31T23:00:00Z'), ev('b', '2024-02-01T01:00:00Z'), ev('a', '2024-02-02T00:00:00Z')];
    const counted = countedAttempt(personAttempts(events, funnel, DAY * 1000), { from, to });
    expect(counted).toEqual({
      start: at('2024-02-02T00:00:00Z'),
      reached: 1,
      stepTimes: [at('2024-02-02T00:00:00Z')],
      breakdown: null,
    });
  });

  it('a step after `to` still completes an attempt that started in the range', () => {
    const events = [ev('a', '2024-02-29T23:00:00Z'), ev('b', '2024-03-01T01:00:00Z')];
    expect(countedAttempt(personAttempts(events, funnel, DAY * 1000), { from, to })?.reached).toBe(2);
  });
});

describe('breakdown by the step-1 event’s property value', () => {
  it('PostHog test_funnel_step_breakdown_event (breakdown_cases.py): Safari 2, 1, 0; Chrome 1, 1, 1; sorted by step-1 count', () => {
    const chrome = { key: 'val', $browser: 'Chrome' };
    const safari = { key: 'val', $browser: 'Safari' };
    const people = {
      person1: [
        ev('sign up', '2020-01-01T12:00:00Z', chrome),
        ev('play movie', '2020-01-01T13:00:00Z', chrome),
        ev('buy', '2020-01-01T15:00:00Z', chrome),
      ],
      person2: [ev('sign up', '2020-01-02T14:00:00Z', safari), ev('play movie', '2020-01-02T16:00:00Z', safari)],
      person3: [ev('sign up', '2020-01-02T14:00:00Z', safari)],
    };
    const funnel = steps('sign up', 'play movie', 'buy');
    const r = report(people, funnel, { windowSeconds: 7 * DAY, breakdown: '$browser' });
    expect(counts(r)).toEqual([3, 2, 1]);
    expect(r.breakdown?.map((b) => b.value)).toEqual(['Safari', 'Chrome']);
    expect(r.breakdown?.[0].steps).toEqual([
      {
        event: 'sign up',
        count: 2,
        conversionFromFirst: 1,
        conversionFromPrevious: null,
        dropOff: null,
        meanSecondsFromPrevious: null,
        medianSecondsFromPrevious: null,
      },
      {
        event: 'play movie',
        count: 1,
        conversionFromFirst: 0.5,
        conversionFromPrevious: 0.5,
        dropOff: 1,
        meanSecondsFromPrevious: 7200,
        medianSecondsFromPrevious: 7200,
      },
      {
        event: 'buy',
        count: 0,
        conversionFromFirst: 0,
        conversionFromPrevious: 0,
        dropOff: 1,
        meanSecondsFromPrevious: null,
        medianSecondsFromPrevious: null,
      },
    ]);
    expect(
      r.breakdown?.[1].steps.map((s) => [s.count, s.meanSecondsFromPrevious, s.medianSecondsFromPrevious]),
    ).toEqual([
      [1, null, null],
      [1, 3600, 3600],
      [1, 7200, 7200],
    ]);
  });

  it('PostHog test_funnel_step_breakdown_with_first_touch_attribution (breakdown_cases.py), by step 1’s value: numbers as text, absent is null', () => {
    // PostHog (first touch: the first non-empty value on any funnel event) puts person2 under
    // "Safari" (from the buy event) and person5 under "". By step 1's value both are null here.
    const people = {
      person1: [ev('sign up', '2020-01-01T12:00:00Z', { $browser: 'Chrome' }), ev('buy', '2020-01-01T13:00:00Z')],
      person2: [ev('sign up', '2020-01-01T13:00:00Z'), ev('buy', '2020-01-02T13:00:00Z', { $browser: 'Safari' })],
      person3: [ev('sign up', '2020-01-02T14:00:00Z', { $browser: 'Mac' }), ev('buy', '2020-01-02T15:00:00Z')],
      person4: [
        ev('sign up', '2020-01-02T15:00:00Z', { $browser: 0 }),
        ev('buy', '2020-01-02T16:00:00Z', { $browser: 'alakazam' }),
      ],
      person5: [ev('sign up', '2020-01-02T15:00:00Z'), ev('buy', '2020-01-02T16:00:00Z')],
    };
    const r = report(people, steps('sign up', 'buy'), { windowSeconds: 7 * DAY, breakdown: '$browser' });
    expect(r.breakdown?.map((b) => [b.value, ...counts(b)])).toEqual([
      [null, 2, 2],
      ['0', 1, 1],
      ['Chrome', 1, 1],
      ['Mac', 1, 1],
    ]);
    // person5 took 3600 s, person2 86400 s.
    expect(r.breakdown?.[0].steps[1]).toMatchObject({
      meanSecondsFromPrevious: 45000,
      medianSecondsFromPrevious: 45000,
    });
    expect(r.breakdown?.[1].steps[1]).toMatchObject({ meanSecondsFromPrevious: 3600, medianSecondsFromPrevious: 3600 });
  });

  it('(derived by hand) equal counts sort by value, null last; a person counts under their counted attempt’s value only', () => {
    const people = {
      p1: [ev('a', '2024-01-01T00:00:00Z', { plan: 'pro' })],
      p2: [ev('a', '2024-01-01T00:00:00Z')],
      // Two attempts: "free" reached step 1 only, "basic" converted: p3 counts under "basic".
      p3: [
        ev('a', '2024-01-01T00:00:00Z', { plan: 'free' }),
        ev('a', '2024-01-03T00:00:00Z', { plan: 'basic' }),
        ev('b', '2024-01-03T00:10:00Z'),
      ],
    };
    const r = report(people, steps('a', 'b'), { windowSeconds: DAY, breakdown: 'plan' });
    expect(r.breakdown?.map((b) => [b.value, ...counts(b)])).toEqual([
      ['basic', 1, 1],
      ['pro', 1, 0],
      [null, 1, 0],
    ]);
  });

  it('a top-level field names the value (utm.source); without a breakdown property every attempt’s value is null', () => {
    const event = { ...ev('a', '2024-01-01T00:00:00Z'), utm: { source: 'newsletter' } };
    expect(personAttempts([event], steps('a'), 1000, 'utm.source')[0].breakdown).toBe('newsletter');
    expect(personAttempts([event], steps('a'), 1000)[0].breakdown).toBeNull();
  });

  it('no people: an empty breakdown list', () => {
    expect(funnelResults([], steps('a', 'b'), { breakdown: true }).breakdown).toEqual([]);
  });
});

describe('no NaN: empty funnels and bad input', () => {
  it('nobody at step 1: counts 0, conversions null, drop-off 0, times null', () => {
    expect(funnelResults([], steps('a', 'b'))).toEqual({
      steps: [
        {
          event: 'a',
          count: 0,
          conversionFromFirst: null,
          conversionFromPrevious: null,
          dropOff: null,
          meanSecondsFromPrevious: null,
          medianSecondsFromPrevious: null,
        },
        {
          event: 'b',
          count: 0,
          conversionFromFirst: null,
          conversionFromPrevious: null,
          dropOff: 0,
          meanSecondsFromPrevious: null,
          medianSecondsFromPrevious: null,
        },
      ],
    });
  });

  it('an event whose time is not a number is ignored', () => {
    expect(
      personAttempts([ev('a', Number.NaN), ev('a', '2024-01-01T00:00:00Z')], steps('a'), 1000).map((a) => a.start),
    ).toEqual([at('2024-01-01T00:00:00Z')]);
  });

  it('a window that is negative or not finite is refused; no steps, no attempts', () => {
    expect(() => personAttempts([], steps('a'), -1)).toThrow(RangeError);
    expect(() => personAttempts([], steps('a'), Number.NaN)).toThrow(RangeError);
    expect(personAttempts([ev('a', '2024-01-01T00:00:00Z')], [], 1000)).toEqual([]);
  });

  it('an attempt that does not fit the funnel is refused', () => {
    const bad: Attempt = { start: 0, reached: 3, stepTimes: [0, 1, 2], breakdown: null };
    expect(() => funnelResults([bad], steps('a', 'b'))).toThrow(RangeError);
  });

  it('median of an odd count is the middle value; mean of fractional seconds is not rounded', () => {
    const attempt = (gapMs: number): Attempt => ({ start: 0, reached: 2, stepTimes: [0, gapMs], breakdown: null });
    const r = funnelResults([attempt(1500), attempt(100_000), attempt(2000)], steps('a', 'b'));
    expect(r.steps[1]).toMatchObject({ medianSecondsFromPrevious: 2, meanSecondsFromPrevious: 34.5 });
  });
});
