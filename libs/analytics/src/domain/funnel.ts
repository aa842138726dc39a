/**
 * Funnels as PostHog counts them (DESIGN.md "Analytics definitions" → "Funnels", and "Report
 * endpoints" → GET /api/funnels/{id}/results). Pure: no clock, no I/O.
 *
 * The reference is PostHog's ordered funnel: the `aggregate_funnel` UDF
 * (PostHog/posthog `funnel-udf/src/steps.rs`) and its test cases
 * (`posthog/hogql_queries/insights/funnels/test/test_funnel.py`, `conversion_time_cases.py`,
 * `breakdown_cases.py`). The rules, as decided here:
 *
 * - Per distinct id. Every event matching step 1 (name and filters, `eventMatches`) starts an
 *   attempt. Step k+1 is the earliest event matching it whose time is at or after step k's event
 *   (equal timestamps convert, as PostHog's `test_funnel_with_different_actions_at_same_time_
 *   count_as_converted`), that this attempt has not already used (one event never satisfies two
 *   steps of one attempt), and whose time is at most `windowMs` after the attempt's step-1 event
 *   (inclusive: PostHog's `event.timestamp - previous_timestamp <= conversion_window_limit`).
 *   Taking the earliest such event is never worse: it leaves the most room for the later steps.
 * - The counted attempt (one per person) is chosen among the attempts whose step-1 event is in the
 *   report's range [from, to): the one reaching the furthest step; among those, the one that
 *   reached that step first; among those, the one with the LATEST step-1 event. This is what
 *   PostHog's UDF computes: it walks events in time order, keeps for each step only the most
 *   recently started attempt that reached it, advances that attempt, and records the first attempt
 *   to reach a new furthest step. So "sign up, sign up, buy" converts from the second sign up
 *   (its time to convert is buy - second sign up), as in PostHog's
 *   `test_time_to_convert_funnel_ignores_breakdown` (user_2).
 * - Step k's count = people whose counted attempt reached at least step k. Conversion from step 1
 *   = count_k / count_1, from the previous step = count_k / count_{k-1}, both null (never NaN)
 *   when the denominator is 0. Drop-off = count_{k-1} - count_k, a number of people (PostHog's
 *   "dropped off" persons). Step 1's conversion from previous, drop-off and times are null.
 * - Time from the previous step, over the people who reached step k: the counted attempt's step-k
 *   time minus its step-(k-1) time, in seconds (not rounded). Mean = arithmetic mean; median = the
 *   middle value, or the mean of the two middle values for an even count (ClickHouse's `median`
 *   interpolates: PostHog's `test_funnel_step_conversion_times` gives median 5400 for 3600 and
 *   7200). A step nobody reached has null times.
 * - Breakdown: the counted attempt's step-1 event value of the property (`propertyOf`, as text:
 *   0 is "0"), null when absent (PostHog shows ""). Each person is in exactly one breakdown value,
 *   so the values' step-1 counts sum to the overall step-1 count (PostHog's default "first touch"
 *   attribution instead takes the person's first non-empty value on any funnel event, and its
 *   "step 1" attribution can count one person under several values; DESIGN.md says "by an event
 *   property value of step 1"). Entries are sorted by step-1 count descending, then value (code
 *   unit order), null last.
 */
import { eventMatches, propertyOf, type EventFilter, type FilterableEvent } from './event-filters.js';

export const DEFAULT_FUNNEL_WINDOW_SECONDS = 14 * 24 * 3600;

export interface FunnelStep {
  event: string;
  filters?: readonly EventFilter[] | null;
}

export interface FunnelEvent extends FilterableEvent {
  /** Epoch milliseconds. */
  time: number;
}

export interface Attempt {
  /** Epoch ms of the attempt's step-1 event. */
  start: number;
  /** The furthest step reached, 1..steps.length. */
  reached: number;
  /** Epoch ms of each reached step's event; length = reached. */
  stepTimes: number[];
  /** The step-1 event's value of the breakdown property as text, null when absent or no breakdown. */
  breakdown: string | null;
}

export interface FunnelStepResult {
  event: string;
  count: number;
  conversionFromFirst: number | null;
  conversionFromPrevious: number | null;
  dropOff: number | null;
  meanSecondsFromPrevious: number | null;
  medianSecondsFromPrevious: number | null;
}

export interface FunnelResults {
  steps: FunnelStepResult[];
  breakdown?: { value: string | null; steps: FunnelStepResult[] }[];
}

/**
 * One person's attempts: each step-1 event may start an attempt; later steps in order, each within
 * windowMs (inclusive) of the attempt's step-1 event. Events may come in any order; events whose
 * time is not a finite number are ignored. Attempts are returned in order of their step-1 event.
 */
export function personAttempts(
  events: readonly FunnelEvent[],
  steps: readonly FunnelStep[],
  windowMs: number,
  breakdown?: string | null,
): Attempt[] {
  if (!Number.isFinite(windowMs) || windowMs < 0)
    throw new RangeError(`funnel window must be a finite number of ms >= 0, got ${windowMs}`);
  if (steps.length === 0) return [];

  // Time order; equal times keep their input order (Array.prototype.sort is stable).
  const sorted = events.filter((e) => Number.isFinite(e.time)).sort((a, b) => a.time - b.time);
  // Per step, the indexes of the events matching it (ascending): a step's next match is a binary
  // search there, so an attempt costs a few lookups whatever the number of events (a visitor with
  // thousands of step-1 events and no step 2 was quadratic when each attempt scanned its window).
  const matching: number[][] = steps.map((step) => sorted.flatMap((e, i) => (eventMatches(e, step) ? [i] : [])));

  const attempts: Attempt[] = [];
  for (const first of matching[0]) {
    const start = sorted[first].time;
    const used = [first];
    const stepTimes = [start];
    for (let k = 1; k < steps.length; k++) {
      const previous = stepTimes[k - 1];
      const next = nextMatch(sorted, matching[k], used, previous, start + windowMs);
      if (next === -1) break;
      used.push(next);
      stepTimes.push(sorted[next].time);
    }
    attempts.push({
      start,
      reached: stepTimes.length,
      stepTimes,
      breakdown: breakdown ? breakdownValue(sorted[first], breakdown) : null,
    });
  }
  return attempts;
}

/**
 * The first event (in time order) matching the step, at or after `notBefore`, at or before
 * `deadline`, not yet used. `stepMatches` are the ascending indexes of the step's events; at most
 * `used.length` of them are skipped.
 */
function nextMatch(
  sorted: readonly FunnelEvent[],
  stepMatches: readonly number[],
  used: readonly number[],
  notBefore: number,
  deadline: number,
): number {
  for (let j = firstAtOrAfter(sorted, stepMatches, notBefore); j < stepMatches.length; j++) {
    const i = stepMatches[j];
    if (sorted[i].time > deadline) return -1;
    if (!used.includes(i)) return i;
  }
  return -1;
}

/** The position in `indexes` (ascending event indexes) of the first event whose time is >= t (binary search). */
function firstAtOrAfter(sorted: readonly FunnelEvent[], indexes: readonly number[], t: number): number {
  let low = 0;
  let high = indexes.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[indexes[mid]].time < t) low = mid + 1;
    else high = mid;
  }
  return low;
}

function breakdownValue(event: FunnelEvent, property: string): string | null {
  const value = propertyOf(event, property);
  return value === undefined || value === null ? null : String(value);
}

/**
 * The person's counted attempt among those whose start is in [from, to): the one reaching the
 * furthest step; ties: the one that reached it first, then the one with the latest step-1 event
 * (PostHog's UDF; see the file's comment). Null when no attempt starts in the range.
 */
export function countedAttempt(attempts: readonly Attempt[], range: { from: number; to: number }): Attempt | null {
  let best: Attempt | null = null;
  for (const attempt of attempts) {
    if (!(attempt.start >= range.from && attempt.start < range.to)) continue;
    if (best === null || better(attempt, best)) best = attempt;
  }
  return best;
}

function better(a: Attempt, b: Attempt): boolean {
  if (a.reached !== b.reached) return a.reached > b.reached;
  const aReachedAt = a.stepTimes[a.reached - 1];
  const bReachedAt = b.stepTimes[b.reached - 1];
  if (aReachedAt !== bReachedAt) return aReachedAt < bReachedAt;
  return a.start > b.start;
}

/**
 * The report from the counted attempts (one per person). With `breakdown`, also one entry per
 * breakdown value, sorted by step-1 count descending, then value, null last.
 */
export function funnelResults(
  counted: readonly Attempt[],
  steps: readonly FunnelStep[],
  options?: { breakdown?: boolean },
): FunnelResults {
  for (const attempt of counted) checkAttempt(attempt, steps.length);
  const results: FunnelResults = { steps: stepResults(counted, steps) };
  if (options?.breakdown) {
    const groups = new Map<string | null, Attempt[]>();
    for (const attempt of counted) {
      const group = groups.get(attempt.breakdown);
      if (group) group.push(attempt);
      else groups.set(attempt.breakdown, [attempt]);
    }
    results.breakdown = [...groups]
      .map(([value, attempts]) => ({ value, steps: stepResults(attempts, steps) }))
      .sort((a, b) => b.steps[0].count - a.steps[0].count || compareValues(a.value, b.value));
  }
  return results;
}

function checkAttempt(attempt: Attempt, stepCount: number): void {
  const { reached, stepTimes } = attempt;
  if (
    !Number.isInteger(reached) ||
    reached < 1 ||
    reached > stepCount ||
    stepTimes.length !== reached ||
    !stepTimes.every(Number.isFinite)
  ) {
    throw new RangeError(
      `not an attempt of a ${stepCount}-step funnel: reached ${reached}, ${stepTimes.length} step times`,
    );
  }
}

function compareValues(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function stepResults(counted: readonly Attempt[], steps: readonly FunnelStep[]): FunnelStepResult[] {
  const counts = steps.map((_, k) => counted.filter((a) => a.reached >= k + 1).length);
  return steps.map((step, k) => {
    const count = counts[k];
    if (k === 0) {
      return {
        event: step.event,
        count,
        conversionFromFirst: ratio(count, counts[0]),
        conversionFromPrevious: null,
        dropOff: null,
        meanSecondsFromPrevious: null,
        medianSecondsFromPrevious: null,
      };
    }
    const seconds = counted.filter((a) => a.reached >= k + 1).map((a) => (a.stepTimes[k] - a.stepTimes[k - 1]) / 1000);
    return {
      event: step.event,
      count,
      conversionFromFirst: ratio(count, counts[0]),
      conversionFromPrevious: ratio(count, counts[k - 1]),
      dropOff: counts[k - 1] - count,
      meanSecondsFromPrevious: mean(seconds),
      medianSecondsFromPrevious: median(seconds),
    };
  });
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** The middle value; for an even count the mean of the two middle values (ClickHouse's `median`, as PostHog reports it). */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >>> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
