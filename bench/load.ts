/**
 * The HTTP load generator of `npm run bench` (bench/http.ts), in a process of its own so that it
 * does not share the API's event loop: autocannon with `connections` keep-alive connections for
 * `seconds`. Prints one JSON line: { rps, p50, p99, total, non2xx, errors, statuses }.
 *
 *   node dist/bench/load.js '{"url": "...", "method": "GET", "path": "/api/health/live", ...}'
 *
 * `mode`: "plain" sends the same request; "create" gives every body a unique title; "ids" puts
 * the next id of `idsFile` (each used once) into the path's `:id`.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
  mode: 'plain' | 'create' | 'ids';
  /** A file with one id per line (mode "ids"): too many for the command line. */
  idsFile?: string;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
  let next = 0;
  const ids = spec.idsFile ? readFileSync(spec.idsFile, 'utf8').split('\n').filter(Boolean) : [];
  const request = {
    method: spec.method,
    path: spec.path,
    headers: { 'content-type': 'application/json', ...spec.headers },
    ...(spec.body ? { body: JSON.stringify(spec.body) } : {}),
    setupRequest(req: { path: string; body?: string }) {
      const n = next++;
      if (spec.mode === 'create')
        return {
          ...req,
          body: JSON.stringify({ ...spec.body, title: `${String(spec.body?.title ?? 'Bench')} ${process.pid}-${n}` }),
        };
      if (spec.mode === 'ids') {
        if (n >= ids.length) throw new Error(`ran out of ids after ${ids.length} requests`);
        return { ...req, path: spec.path.replace(':id', ids[n]!) };
      }
      return req;
    },
  };
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    requests: [request],
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statuses[code] = (stat as { count: number }).count;
  const out: LoadResult = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[load] ${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
