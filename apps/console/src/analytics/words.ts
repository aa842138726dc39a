import type { ExperimentResults, Incrementality } from './results.js';
import { formatChance, formatChange, formatCredit, formatPercent, formatPValue } from './format.js';

/*
 * An experiment's results in words (DESIGN.md "Experiment results": a winner only with significance
 * at or above the threshold and a minimum sample in every arm). Pure: each sentence is a list of
 * message keys (under `console.analytics.words.`) with their values, joined by the caller: "Variant
 * B converts 18% better than the control; 95% chance to win; not enough visitors yet to call it (at
 * least 100 visitors and 25 conversions per variant)." The threshold and the minimum sample are the
 * API's, answered with the results (`significanceThreshold`, `minimumSample`).
 */

export type Message = [key: string, options?: Record<string, string | number>];

/**
 * One sentence per variant (its parts, in order), or the single "No visitors yet." when nobody
 * was exposed. `names` maps a variant's key to its name (the key when it has none).
 */
export function experimentSentences(results: ExperimentResults, names: Record<string, string>): Message[][] {
  const nameOf = (key: string) => (Object.hasOwn(names, key) && names[key] ? names[key]! : key);
  const { control, significanceThreshold: threshold, minimumSample: needed } = results;
  const everyone = control.visitors + results.variants.reduce((sum, v) => sum + v.visitors, 0);
  if (everyone === 0) return [[['noVisitors']]];
  const enough = (arm: { visitors: number; conversions: number }) =>
    arm.visitors >= needed.visitors && arm.conversions >= needed.conversions;
  const allEnough = enough(control) && results.variants.every(enough);
  return results.variants.map((v): Message[] => {
    const name = nameOf(v.key);
    if (v.visitors === 0) return [['variantNoVisitors', { name }]];
    const parts: Message[] = [];
    if (v.lift === null || v.rate === null) {
      // The control converts nobody (or has nobody): no lift to give.
      parts.push([
        control.visitors === 0 ? 'noControlVisitors' : 'noControlConversions',
        { name, rate: formatPercent(v.rate) },
      ]);
    } else if (v.lift > 0) parts.push(['better', { name, change: formatChange(v.lift) }]);
    else if (v.lift < 0) parts.push(['worse', { name, change: formatChange(v.lift) }]);
    else parts.push(['same', { name }]);
    if (v.chanceToWin !== null) parts.push(['chance', { chance: formatChance(v.chanceToWin) }]);
    if (!allEnough) parts.push(['notEnough', needed]);
    else if (results.winner === v.key) parts.push(['winner', { threshold: formatPercent(threshold) }]);
    else if (results.winner !== null && results.winner === control.key)
      parts.push(['controlWins', { threshold: formatPercent(threshold) }]);
    else if (v.significance !== null && v.significance >= threshold)
      parts.push(['significant', { significance: formatPercent(v.significance) }]);
    else
      parts.push([
        'notSignificant',
        { significance: formatPercent(v.significance ?? 0), threshold: formatPercent(threshold) },
      ]);
    return parts;
  });
}

/**
 * Incrementality in words: how much more (or less) the visitors who saw the CTA converted than the
 * control group held back from it, or why that cannot be said yet.
 */
export function incrementalitySentence(report: Incrementality): Message {
  if (report.holdout.users === 0) return ['incrementality.noHoldout'];
  if (report.exposed.users === 0) return ['incrementality.noExposed'];
  if (report.lift === null) return ['incrementality.noBase', { rate: formatPercent(report.exposed.rate) }];
  const values = {
    change: formatChange(report.lift),
    extra: formatCredit(report.incrementalConversions === null ? null : Math.abs(report.incrementalConversions)),
    p: formatPValue(report.pValue),
  };
  if (report.lift > 0) return ['incrementality.more', values];
  if (report.lift < 0) return ['incrementality.less', values];
  return ['incrementality.same', values];
}
