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
  const { app, runtime, close } = await createApp(config);
  await app.listen(config.port, config.host);
  const admin = app.get(DemoService).adminCredentials;
  const store = config.eventStoreUrl ? 'KurrentDB' : config.databaseUrl ? 'PostgreSQL' : `embedded PGlite (${config.dataDir})`;
  const lines = [
    '',
    `  Platform console: http://localhost:${config.port}`,
    `  Event store: ${store}; projections ${config.runProjections ? 'run in this process' : 'run in the worker'}${config.kafkaBrokers ? '; Kafka relay on' : ''}`,
    ...(config.demoData ? [`  Demo login: ${DEMO_USERS[0].email} / ${DEMO_PASSWORD} (also ${DEMO_USERS.slice(1).map((u) => u.email).join(', ')})`] : []),
    `  Platform admin: ${admin.email}${config.adminPassword ? '' : ` / ${admin.password}`}`,
    '',
  ];
  console.log(lines.join('\n'));
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
