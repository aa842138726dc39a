/**
 * Variant weights that always add up to 100: variant `index` takes `value` (0 to 100, whole
 * percent) and the difference is spread over the others in equal shares (a remainder from the
 * largest, or to the smallest, first), none below 0 or above 100. A single variant takes 100.
 */
export function rebalance(weights: readonly number[], index: number, value: number): number[] {
  const next = weights.map((weight) => Math.max(0, Math.min(100, Math.round(Number(weight) || 0))));
  if (next.length === 0) return next;
  if (next.length === 1) return [100];
  next[index] = Math.max(0, Math.min(100, Math.round(value)));
  const others = next.map((_, i) => i).filter((i) => i !== index);
  let rest = 100 - next.reduce((sum, weight) => sum + weight, 0);
  while (rest !== 0) {
    // Taking: from the largest first; giving: to the smallest first (a step of 1 evens them out).
    const able = others
      .filter((i) => (rest > 0 ? next[i]! < 100 : next[i]! > 0))
      .sort((a, b) => (rest > 0 ? next[a]! - next[b]! : next[b]! - next[a]!) || a - b);
    if (able.length === 0) break;
    const share = Math.trunc(rest / able.length) || Math.sign(rest);
    for (const i of able) {
      if (rest === 0) break;
      const step = rest > 0 ? Math.min(share, 100 - next[i]!, rest) : Math.max(share, -next[i]!, rest);
      next[i] = next[i]! + step;
      rest -= step;
    }
  }
  // Every other weight at its limit: the moved one gives way.
  if (rest !== 0) next[index] = next[index]! + rest;
  return next;
}

/** Weights for `count` variants: 100 split as evenly as whole percents allow, the first taking the remainder. */
export function evenWeights(count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(100 / count);
  return Array.from({ length: count }, (_, i) => base + (i === 0 ? 100 - base * count : 0));
}
