/**
 * Reads a V8 CPU profile (`node --cpu-prof`, e.g. from `BENCH_HTTP_PROFILE=dir npm run bench`) and
 * prints where the time went: self time per function and per package (node_modules/<name>, our
 * own code, node internals, garbage collection, idle).
 *
 *   node dist/bench/cpu-profile-top.js /tmp/prof/CPU.*.cpuprofile [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node dist/bench/cpu-profile-top.js <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25) || 25;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

function area(url: string, name: string): string {
  if (name === '(garbage collector)') return '(garbage collector)';
  if (name === '(idle)' || name === '(program)') return name;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.includes('/dist/libs/') || url.includes('/dist/apps/')) return '(our code)';
  if (url.startsWith('node:') || url === '') return '(node internals)';
  return url;
}

const functions = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = area(url, functionName);
  const key = `${functionName || '(anonymous)'}  ${url ? `${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) ?? 0) + ms);
  areas.set(where, (areas.get(where) ?? 0) + ms);
}
const pct = (ms: number) => `${((ms / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`total ${(total / 1000).toFixed(1)} s sampled\n\nby area:`);
for (const [name, ms] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(ms)}  ${name}`);
console.log('\nby function (self time):');
for (const [name, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(ms)}  ${name}`);
