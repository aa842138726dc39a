/**
 * CPU time by role, read from /proc (Linux; elsewhere `cpuMeterAvailable` is false and every reading
 * is 0): what a tracking event costs the machine and which party spends it, beside the rate
 * (docs/benchmarks.md "Ingestion, 2026-11-28"; a shared host moves it too, less than the rate).
 *
 * - `app`: the given root processes (the API, a worker) and all their descendants (API_PROCESSES'
 *   cluster workers, `nice`'s child);
 * - `postgres`: every process named `postgres` on the machine (backends, WAL writer, checkpointer,
 *   autovacuum), plus what the postmaster counts for its children that have exited (a backend whose
 *   connection closed during the measurement).
 *
 * Times are in ms (clock ticks of 10 ms: `USER_HZ` is 100 on Linux).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10;

interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime, ms */
  own: number;
  /** cutime + cstime (children waited for), ms */
  children: number;
}

function processes(): ProcStat[] {
  const found: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      // f[0] state, f[1] ppid, f[11] utime, f[12] stime, f[13] cutime, f[14] cstime
      found.push({
        pid: Number(entry),
        comm,
        ppid: Number(f[1]),
        own: (Number(f[11]) + Number(f[12])) * TICK_MS,
        children: (Number(f[13]) + Number(f[14])) * TICK_MS,
      });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export interface CpuReading {
  app: number;
  postgres: number;
}

export const cpuMeterAvailable = existsSync('/proc/self/stat');

/** The CPU time (ms) used so far by `roots` and their descendants, and by PostgreSQL. */
export function readCpu(roots: readonly (number | undefined)[]): CpuReading {
  if (!cpuMeterAvailable) return { app: 0, postgres: 0 };
  const all = processes();
  const byParent = new Map<number, ProcStat[]>();
  for (const p of all) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  let app = 0;
  const stack = all.filter((p) => roots.includes(p.pid));
  while (stack.length > 0) {
    const p = stack.pop()!;
    app += p.own;
    stack.push(...(byParent.get(p.pid) ?? []));
  }
  const pids = new Set(all.filter((p) => p.comm === 'postgres').map((p) => p.pid));
  let postgres = 0;
  for (const p of all) {
    if (p.comm !== 'postgres') continue;
    postgres += p.own;
    // The postmaster (its parent is not postgres) counts the backends that exited.
    if (!pids.has(p.ppid)) postgres += p.children;
  }
  return { app, postgres };
}

/** What `readCpu` measured between two readings. */
export function cpuBetween(before: CpuReading, after: CpuReading): CpuReading {
  return { app: after.app - before.app, postgres: after.postgres - before.postgres };
}

/** This process's own CPU time so far (ms). */
export function ownCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
