/**
 * What the ingest section reads of the API's own Prometheus metrics (`GET /metrics`, prom-client's
 * defaults: libs/platform/src/metrics.ts) around a round, to say where a request's tail comes from:
 * the event loop's delay (prom-client samples it with `perf_hooks.monitorEventLoopDelay` and resets
 * the histogram at each scrape, so a scrape after the round reads that round's) and the time spent
 * in garbage collection by kind (cumulative sums: the difference of two scrapes).
 */
export interface ApiMetrics {
  /** Event-loop delay since the previous scrape, ms. */
  loopP50: number;
  loopP99: number;
  loopMax: number;
  /** Cumulative GC time (ms) and count by kind (minor, major, incremental, weakcb). */
  gc: Record<string, { ms: number; count: number }>;
}

const SAMPLE = /^([a-z0-9_]+)(?:\{([^}]*)\})? ([0-9.eE+-]+|NaN)$/;

export async function scrapeApi(base: string): Promise<ApiMetrics> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const found: ApiMetrics = { loopP50: NaN, loopP99: NaN, loopMax: NaN, gc: {} };
  for (const line of text.split('\n')) {
    const m = SAMPLE.exec(line);
    if (!m) continue;
    const [, name, labels = '', raw] = m;
    const value = Number(raw);
    if (name === 'nodejs_eventloop_lag_p50_seconds') found.loopP50 = value * 1000;
    else if (name === 'nodejs_eventloop_lag_p99_seconds') found.loopP99 = value * 1000;
    else if (name === 'nodejs_eventloop_lag_max_seconds') found.loopMax = value * 1000;
    else if (name === 'nodejs_gc_duration_seconds_sum' || name === 'nodejs_gc_duration_seconds_count') {
      const kind = /kind="([a-z]+)"/.exec(labels)?.[1];
      if (!kind) continue;
      const entry = (found.gc[kind] ??= { ms: 0, count: 0 });
      if (name.endsWith('_sum')) entry.ms = value * 1000;
      else entry.count = value;
    }
  }
  return found;
}

/** One line for the log: the loop's delay in the round (`after`'s) and the GC between the scrapes. */
export function describeApi(before: ApiMetrics, after: ApiMetrics): string {
  const gc = Object.entries(after.gc)
    .map(([kind, { ms, count }]) => ({
      kind,
      ms: ms - (before.gc[kind]?.ms ?? 0),
      count: count - (before.gc[kind]?.count ?? 0),
    }))
    .filter((g) => g.count > 0)
    .map((g) => `${g.kind} ${g.count} × (${Math.round(g.ms)} ms)`)
    .join(', ');
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '?');
  return `API loop delay p50 ${ms(after.loopP50)} / p99 ${ms(after.loopP99)} / max ${ms(after.loopMax)} ms; GC ${gc || 'none'}`;
}

/**
 * A process's own event-loop delay from `monitorEventLoopDelay({ resolution: 1 })`: p99 and max in
 * ms, less the 1 ms resolution itself (the histogram counts in ns).
 */
export function ownLoopDelay(loop: { percentile(p: number): number; max: number }): {
  loopP99: number;
  loopMax: number;
} {
  const ms = (ns: number) => Math.round(Math.max(0, ns / 1e6 - 1) * 10) / 10;
  return { loopP99: ms(loop.percentile(99)), loopMax: ms(loop.max) };
}
