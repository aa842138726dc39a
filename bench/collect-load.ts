/**
 * The load generator of the `ingest` section (bench/analytics-ingest.ts), in a process of its own
 * (forked with an IPC channel): makes its batches (bench/collect-batches.ts) before the clock
 * starts, then sends each once to `POST /api/public/collect` (`text/plain`, as the tracker sends
 * it; the User-Agent of the batch's first visitor) over `connections` keep-alive connections,
 * each sending its next batch when the previous one is answered. Every `sampleEvery`-th answered
 * batch is reported to the parent (`{ at, visitors }`, `at` = Date.now() when the answer
 * arrived) for the projection-lag measurement. Prints one JSON line at the end (CollectLoadResult).
 *
 *   node dist/bench/collect-load.js '{"url": "...", "siteKey": "...", "connections": 16, ...}'
 */
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { ownLoopDelay } from './api-metrics.js';
import { makeBatches, wireEvent, type BatchSpec } from './collect-batches.js';

export interface CollectLoadSpec extends BatchSpec {
  url: string;
  siteKey: string;
  connections: number;
  sampleEvery: number;
  /** A pause after each answer (the lag at rest); default none. */
  pauseMs?: number;
  /**
   * Open loop: batch i is sent at `i / (ratePerSecond / size)` seconds whether or not earlier ones
   * were answered (at most `connections` at once; the rest wait for a connection), and its latency
   * counts from that scheduled moment, so a slow answer cannot hide the requests it delayed.
   * Without it each connection sends its next batch when the previous one is answered.
   */
  ratePerSecond?: number;
}

export interface CollectLoadResult {
  batches: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  failed: number;
  firstProblem: string | null;
  /** This process's CPU time (ms) from the first batch sent to the last answer. */
  cpuMs: number;
  /**
   * This process's own event-loop delay meanwhile (ms, 1 ms resolution): how late it could have
   * sent a batch or seen an answer. A request's time includes it, so a tail of the generator's own
   * (a garbage collection of the batches it made) would pass for the API's.
   */
  loopP99: number;
  loopMax: number;
}

function post(agent: http.Agent, url: URL, body: string, userAgent: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: '/api/public/collect',
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'content-length': Buffer.byteLength(body),
          'user-agent': userAgent,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as CollectLoadSpec;
  const batches = makeBatches(spec).map((b) => ({
    body: JSON.stringify({ siteKey: spec.siteKey, events: b.items.map(wireEvent) }),
    visitors: b.visitors,
    userAgent: b.userAgent,
    events: b.items.length,
  }));
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  let accepted = 0;
  let duplicates = 0;
  let rejected = 0;
  let failed = 0;
  let firstProblem: string | null = null;
  let next = 0;
  // The generator's garbage (the traffic the batches were made of) is collected before the clock starts
  // (the bench forks it with --expose-gc), not in the middle of a round.
  (globalThis as { gc?: () => void }).gc?.();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  process.send?.({ ready: true });
  const cpu = process.cpuUsage();
  const started = performance.now();
  /** Sends batch i; its latency counts from `from` (performance.now()); answers whether it was a 200. */
  const send = async (i: number, from: number): Promise<boolean> => {
    const batch = batches[i]!;
    const res = await post(agent, url, batch.body, batch.userAgent).catch((error: unknown) => ({
      status: 0,
      text: String(error),
    }));
    latencies.push(performance.now() - from);
    if (res.status !== 200) {
      failed += 1;
      firstProblem ??= `${res.status}: ${res.text.slice(0, 300)}`;
      return false;
    }
    const answer = JSON.parse(res.text) as { accepted: number; duplicates: number; rejected: { reason: string }[] };
    accepted += answer.accepted;
    duplicates += answer.duplicates;
    rejected += answer.rejected.length;
    if (answer.rejected.length > 0) firstProblem ??= JSON.stringify(answer.rejected.slice(0, 3));
    return true;
  };
  const worker = async () => {
    for (let i = next++; i < batches.length; i = next++) {
      if (!(await send(i, performance.now()))) continue;
      if (i % spec.sampleEvery === 0) process.send?.({ at: Date.now(), visitors: batches[i]!.visitors });
      if (spec.pauseMs) await new Promise((resolve) => setTimeout(resolve, spec.pauseMs));
    }
  };
  const scheduled = async () => {
    const interval = 1000 / (spec.ratePerSecond! / spec.size);
    const sent: Promise<boolean>[] = [];
    for (let i = 0; i < batches.length; i++) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      sent.push(send(i, due));
    }
    await Promise.all(sent);
  };
  if (spec.ratePerSecond) await scheduled();
  else await Promise.all(Array.from({ length: spec.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  loop.disable();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(
      latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))]! * 10,
    ) / 10;
  const events = batches.reduce((s, b) => s + b.events, 0);
  const result: CollectLoadResult = {
    batches: batches.length,
    events,
    seconds,
    eventsPerSecond: events / seconds,
    p50: at(50),
    p99: at(99),
    accepted,
    duplicates,
    rejected,
    failed,
    firstProblem,
    cpuMs: (used.user + used.system) / 1000,
    ...ownLoopDelay(loop),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[collect-load] ${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
