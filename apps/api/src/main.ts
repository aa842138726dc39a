import cluster from 'node:cluster';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from '#libs/platform/src/config.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/demo.service.js';
import { DemoService } from './demo/demo.service.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isPrimary && config.apiProcesses > 1) return primary(config.apiProcesses);
  // With API_PROCESSES, the first process runs the projections (when RUN_PROJECTIONS says so), the
  // others serve requests only: each projection holds a connection for its lease.
  if (cluster.isWorker && cluster.worker!.id > 1) config = { ...config, runProjections: false };
  const { app, runtime, close } = await createApp(config);
  await app.listen(config.port, config.host);
  const admin = app.get(DemoService).adminCredentials;
  const store = config.eventStoreUrl
    ? 'KurrentDB'
    : config.databaseUrl
      ? 'PostgreSQL'
      : `embedded PGlite (${config.dataDir})`;
  const lines = [
    '',
    `  Platform console: http://localhost:${config.port}`,
    `  Event store: ${store}; projections ${config.runProjections ? 'run in this process' : 'run in the worker'}${config.kafkaBrokers ? '; Kafka relay on' : ''}`,
    ...(config.demoData
      ? [
          `  Demo login: ${DEMO_USERS[0].email} / ${DEMO_PASSWORD} (also ${DEMO_USERS.slice(1)
            .map((u) => u.email)
            .join(', ')})`,
        ]
      : []),
    `  Platform admin: ${admin.email}${config.adminPassword ? '' : ` / ${admin.password}`}`,
    '',
  ];
  // With API_PROCESSES, the first process says it for all of them.
  if (cluster.isPrimary || cluster.worker?.id === 1) console.log(lines.join('\n'));
  if (cluster.isWorker && cluster.worker?.id === 1)
    console.log(`  API processes: ${config.apiProcesses} on one port (API_PROCESSES)\n`);
  runtime.log.info({ port: config.port }, 'api listening');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.log.info({ signal }, 'shutting down: finishing requests and projection batches in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * `API_PROCESSES` > 1 (node:cluster): this process only starts and stops the API processes, which
 * share the port. The first one starts alone (it migrates the database and makes the first-start
 * data, and it alone runs the projections), then the others. One that dies stops them all, with
 * exit code 1, for the supervisor (systemd, Docker, Kubernetes) to restart the whole; SIGTERM and
 * SIGINT stop them gracefully.
 */
async function primary(count: number): Promise<void> {
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    if (running.length === 0) process.exit(code);
    let left = running.length;
    for (const w of running) {
      w!.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(code);
      });
      w!.process.kill('SIGTERM');
    }
    setTimeout(() => process.exit(code || 1), 20_000).unref();
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`API process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}): stopping the others`);
    stopAll(1);
  });
  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));
  for (let i = 0; i < count && !stopping; i++) {
    const worker = cluster.fork();
    await new Promise<void>((resolve) => {
      worker.once('listening', () => resolve());
      worker.once('exit', () => resolve());
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
