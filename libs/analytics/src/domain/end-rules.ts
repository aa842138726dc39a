/**
 * End rules: when a live experiment completes itself (DESIGN.md "Experiment results": "a
 * significance end rule waits for the same minimum"; the rule's shape is `endRuleSchema` in
 * libs/cro/src/domain/cro-fields.ts). Pure.
 *
 * The criteria, checked in the order of END_RULE_KINDS:
 * - `visitors`: the visitors of all arms together ≥ `rule.visitors`;
 * - `conversions_per_variant`: every arm, the control included, has ≥ `rule.conversionsPerVariant`
 *   conversions;
 * - `date`: today (YYYY-MM-DD in the website's time zone) ≥ `rule.date`;
 * - `significance`: the highest significance of any variant against the control ≥
 *   `rule.significance`, and every arm has the minimum sample (100 visitors, 25 conversions).
 *
 * A criterion is configured when the rule gives it a value. Mode `manual` never completes; `any`
 * completes when at least one configured criterion is met, naming the first met; `all` when every
 * configured one is met, naming the last configured. A rule with no configured criterion (the
 * schema refuses it) never completes.
 */
import { END_RULE_KINDS, type END_RULE_MODES } from '#libs/cro/src/domain/cro-fields.js';
import { hasMinimumSample, type ExperimentResults } from './experiment-stats.js';

export type EndRuleKind = (typeof END_RULE_KINDS)[number];
export type EndRuleMode = (typeof END_RULE_MODES)[number];

/** An experiment's end rule, as `endRuleSchema` accepts it. */
export interface EndRule {
  mode: EndRuleMode;
  visitors?: number;
  conversionsPerVariant?: number;
  /** YYYY-MM-DD. */
  date?: string;
  /** 0 to 1. */
  significance?: number;
}

export interface EndRuleFiguresSeen {
  /** The visitors of all arms together. */
  visitors: number;
  /** Each arm's conversions, by variant key (the control included). */
  conversionsPerVariant: Record<string, number>;
  /** Today, as given. */
  date: string;
  /** The highest significance of any variant against the control, or null when none has one. */
  significance: number | null;
}

export interface EndRuleOutcome {
  /** The criterion that completed the experiment. */
  rule: EndRuleKind;
  /** Every configured criterion that is met, in the order of END_RULE_KINDS. */
  met: EndRuleKind[];
  /** The results' winner. */
  winner: string | null;
  figures: EndRuleFiguresSeen;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The rule's value for a criterion, or undefined when the rule does not configure it. */
function configuredValue(rule: EndRule, kind: EndRuleKind): number | string | undefined {
  const value =
    kind === 'visitors'
      ? rule.visitors
      : kind === 'conversions_per_variant'
        ? rule.conversionsPerVariant
        : kind === 'date'
          ? rule.date
          : rule.significance;
  return value === null ? undefined : value;
}

/** Whether the experiment completes now, by which criterion, with what figures; null when it does not. */
export function endRuleOutcome(
  rule: EndRule | null | undefined,
  results: ExperimentResults,
  today: string,
): EndRuleOutcome | null {
  if (!rule || (rule.mode !== 'any' && rule.mode !== 'all')) return null;
  const arms = [results.control, ...results.variants];
  const visitors = arms.reduce((sum, arm) => sum + arm.visitors, 0);
  const significances = results.variants
    .map((v) => v.significance)
    .filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
  const significance = significances.length > 0 ? Math.max(...significances) : null;
  const figures: EndRuleFiguresSeen = {
    visitors,
    conversionsPerVariant: Object.fromEntries(arms.map((arm) => [arm.key, arm.conversions])),
    date: today,
    significance,
  };

  const isMet = (kind: EndRuleKind, value: number | string): boolean => {
    switch (kind) {
      case 'visitors':
        return typeof value === 'number' && visitors >= value;
      case 'conversions_per_variant':
        return typeof value === 'number' && arms.length > 0 && arms.every((arm) => arm.conversions >= value);
      case 'date':
        return typeof value === 'string' && DAY.test(value) && DAY.test(today) && today >= value;
      case 'significance':
        return (
          typeof value === 'number' && significance !== null && significance >= value && arms.every(hasMinimumSample)
        );
    }
  };

  const configured = END_RULE_KINDS.filter((kind) => configuredValue(rule, kind) !== undefined);
  if (configured.length === 0) return null;
  const met = configured.filter((kind) => isMet(kind, configuredValue(rule, kind)!));
  const done = rule.mode === 'any' ? met.length > 0 : met.length === configured.length;
  if (!done) return null;
  const completedBy = rule.mode === 'any' ? met[0]! : configured[configured.length - 1]!;
  return { rule: completedBy, met, winner: results.winner, figures };
}

/**
 * Whether the traffic that met an end rule looks real (issue 25, "Forged traffic completes a
 * stranger's test": an experiment's id and variant keys are public in the placements, so anybody
 * can send exposures and conversions for it to `POST /api/public/collect`). The end-rules process
 * (../processes/end-rules.process.ts) completes a test automatically only when this answers no
 * problem; otherwise it holds the rule (`HoldEndRule`) for a person to confirm.
 *
 * The rule, over the test's exposed visitors (bots are already left out of them: `an_exposures`):
 * - `page_views`: at least 80% of them (`PAGE_VIEW_SHARE_MIN`) have a `page_view` of the test's page
 *   (its origin and path, one trailing slash aside) within about an hour of their first exposure
 *   (a page view in the same hour, the hour before or the hour after: `an_page_hours` keeps hours).
 *   The tracker sends both on the same page load; a script that sends exposures alone does not.
 * - `networks`: they come from many networks (the client address's /24 in IPv4, /64 in IPv6, kept
 *   only as a salted hash: ../read/exposure-networks.ts): no network holds more than 20% of them
 *   (`NETWORK_SHARE_MAX`; at least one visitor per network is always allowed, so a test of four
 *   visitors needs four networks), and there are at least √visitors networks (10 for 100 visitors,
 *   100 for 10,000). A visitor whose network is unknown (exposures from before this rule, or
 *   without an address) counts as one more visitor of a single "unknown" network.
 * A test without exposed visitors has nothing to judge (a date rule may complete it).
 *
 * A forger who sends from one address fails `networks` whatever the volume; one who controls N
 * networks can move at most 20% of the visitors each, and needs √visitors of them.
 */
export const PAGE_VIEW_SHARE_MIN = 0.8;
export const NETWORK_SHARE_MAX = 0.2;

/** The exposed visitors of a test as the traffic rule reads them. */
export interface ExposureTraffic {
  /** Distinct exposed visitors (not bots). */
  visitors: number;
  /** Of them, those with a page view of the test's page around their first exposure. */
  withPageView: number;
  /** Distinct known networks of the exposed visitors. */
  networks: number;
  /** The most exposed visitors on one network (the unknown network included). */
  largestNetwork: number;
}

export type TrafficProblem = 'page_views' | 'networks';

/** The most visitors one network may hold, and the fewest networks, for `visitors` exposed visitors. */
export function networkLimits(visitors: number): { perNetwork: number; networks: number } {
  return {
    perNetwork: Math.max(1, Math.floor(visitors * NETWORK_SHARE_MAX)),
    networks: Math.ceil(Math.sqrt(visitors)),
  };
}

/** Why the traffic does not look real (empty: it does). */
export function trafficProblems(traffic: ExposureTraffic): TrafficProblem[] {
  if (traffic.visitors <= 0) return [];
  const problems: TrafficProblem[] = [];
  if (traffic.withPageView < traffic.visitors * PAGE_VIEW_SHARE_MIN) problems.push('page_views');
  const limits = networkLimits(traffic.visitors);
  if (traffic.largestNetwork > limits.perNetwork || traffic.networks < limits.networks) problems.push('networks');
  return problems;
}
