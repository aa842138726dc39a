import { AnalyticsProjector } from '#libs/analytics/src/processes/analytics-projector.js';
import type { App } from '../../apps/api/src/app.js';

/**
 * Drains the analytics projector until its queue stays empty twice, a quarter of a second apart:
 * one `drain()` does not see a batch the background loop claimed meanwhile, nor visitors queued
 * again when the projections of goals and funnels arrive after it.
 */
export async function settleAnalytics(app: App): Promise<void> {
  const projector = app.app.get(AnalyticsProjector);
  for (let round = 0, quiet = 0; round < 200 && quiet < 2; round++) {
    await projector.drain();
    const left = (await app.runtime.db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_pending'))
      .rows[0]!.n;
    quiet = Number(left) === 0 ? quiet + 1 : 0;
    if (quiet < 2) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
