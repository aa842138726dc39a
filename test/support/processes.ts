import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The built API and worker (`npm run build:api`), as `npm start` and `npm run start:worker` run them. */
export const BUILT_API = join(process.cwd(), 'dist/apps/api/src/main.js');
export const BUILT_WORKER = join(process.cwd(), 'dist/apps/worker/src/main.js');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `main` (a built entry point) on a free port with `env` over this process's environment
 * (without its database, store and Kafka settings), and waits (2 minutes at most) until `healthPath`
 * answers 200. Its output is kept in `output`.
 */
export async function start(
  main: string,
  env: Record<string, string>,
  healthPath: string,
): Promise<{ child: ChildProcess; url: string; output: string[] }> {
  const port = await freePort();
  const output: string[] = [];
  const { DATABASE_URL: _d, DATA_DIR: _a, EVENTSTORE_URL: _e, KAFKA_BROKERS: _k, ...rest } = process.env;
  const child = spawn(process.execPath, [main], {
    env: { ...rest, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${main} exited: ${output.join('')}`);
    const ok = await fetch(`${url}${healthPath}`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${main} did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, output };
}

/** SIGTERM, then waits for the exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
