import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { ProjectionManager } from './projections/projection-manager.js';
import { HealthChecks } from './ops/health.js';

/**
 * Prometheus metrics of one process: Node's defaults, HTTP requests, and projections; contexts add
 * theirs to `registry`, and their readiness checks to `checks` (./ops/health.ts).
 */
export function createMetrics(projections: ProjectionManager) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  let states: Awaited<ReturnType<ProjectionManager['states']>> = [];
  const refresh = async () => {
    states = await projections.states();
  };
  new Gauge({
    name: 'projection_lag_events',
    help: 'Events in the global log after the projection checkpoint',
    labelNames: ['projection'],
    registers: [registry],
    async collect() {
      await refresh();
      this.reset();
      for (const s of states) this.set({ projection: s.name }, s.lag);
    },
  });
  new Gauge({
    name: 'projection_position',
    help: 'Global position of the last event the projection processed',
    labelNames: ['projection'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of states) this.set({ projection: s.name }, s.position ? Number(s.position.split(':')[1]) : 0);
    },
  });
  new Gauge({
    name: 'projection_up',
    help: '1 when the projection is running, 0 when it stopped on an error',
    labelNames: ['projection'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of states) this.set({ projection: s.name }, s.status === 'failed' ? 0 : 1);
    },
  });
  return { registry, httpRequests, checks: new HealthChecks() };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Serves the registry at `/metrics` (Prometheus's default path), next to `/api/metrics`. */
export function metricsHandler(metrics: Metrics) {
  return async (
    req: { method: string },
    res: { setHeader(k: string, v: string): void; end(body: string): void; statusCode: number },
    next: () => void,
  ) => {
    if (req.method !== 'GET') return next();
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.end(await metrics.registry.metrics());
  };
}
