import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AnalyticsProcessesModule } from '#libs/analytics/src/analytics-processes.module.js';
import { TrackingIngestionModule } from '#libs/analytics/src/ingestion/tracking-ingestion.module.js';
import { ConfigError, loadConfig } from '#libs/platform/src/config.js';
import { PinoNestLogger } from '#libs/platform/src/logging.js';
import { PlatformModule } from '#libs/platform/src/platform.module.js';
import { metricsHandler } from '#libs/platform/src/metrics.js';
import { TimedExpressAdapter, securityHeaders } from '#libs/platform/src/http/http-server.js';
import { createRuntime } from '#libs/platform/src/runtime.js';
import { catalog, relays } from '../../api/src/catalog.js';

/**
 * The worker: runs every projection and the Kafka relay, each under its own lease, so more
 * workers mean hot standbys; the analytics projector, the end rules and the retention job of the
 * tracking events (libs/analytics/src/analytics-processes.module.ts: workers share the queue);
 * with `KAFKA_BROKERS`, also the consumer group that stores the tracking events
 * (libs/analytics/src/ingestion/tracking-topic.ts: workers share its partitions).
 * Serves only /api/health, /api/health/live and /api/metrics.
 */
async function main() {
  let config;
  try {
    config = loadConfig({ ...process.env, PORT: process.env.PORT ?? '3001' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const runtime = await createRuntime(config, catalog, { relays });

  @Module({
    imports: [
      PlatformModule.forRuntime(runtime, { workflows: false }),
      TrackingIngestionModule,
      AnalyticsProcessesModule,
    ],
  })
  class WorkerModule {}

  const app = await NestFactory.create(WorkerModule, new TimedExpressAdapter(config.http), {
    logger: new PinoNestLogger(runtime.log),
  });
  app.use(securityHeaders());
  app.setGlobalPrefix('api');
  app.use('/metrics', metricsHandler(runtime.metrics));
  await app.listen(config.port, config.host);
  await runtime.projections.start();
  runtime.log.info({ port: config.port, subscribers: runtime.projections.subscribers.length }, 'worker running');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.log.info({ signal }, 'worker shutting down after the batches in flight');
    setTimeout(() => process.exit(1), 15_000).unref();
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
