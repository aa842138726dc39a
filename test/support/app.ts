import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../../apps/api/src/app.js';
import { loadConfig } from '#libs/platform/src/config.js';
import { createLogger, type Logger } from '#libs/platform/src/logging.js';

export interface TestApp {
  url: string;
  app: App;
  close(): Promise<void>;
}

/**
 * Boots the real API (NestJS, HTTP, projections, demo data) on a random port. The store is an
 * in-memory PGlite unless `env` says otherwise (e.g. `DATABASE_URL`). `log` replaces the silent
 * logger (e.g. `createLogger('trace', stream)` to read what the app logs).
 */
export async function startApp(options: { env?: Record<string, string>; log?: Logger } = {}): Promise<TestApp> {
  // Suites sign in far faster than people do (every test signs in from 127.0.0.1): the sign-in rate
  // limit is raised here; test/e2e/security-auth.test.ts sets low limits to see the 429s. The
  // demo's generated traffic (16k events, then the analytics projector's work) is left out unless a
  // suite asks for it (test/e2e/analytics-demo.test.ts does): the suites post their own events.
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    DEMO_TRAFFIC: 'false',
    ...options.env,
  });
  const app = await createApp(config, { log: options.log ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent') });
  await app.app.listen(0, '127.0.0.1');
  const { port } = app.app.getHttpServer().address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

export const DEMO = { email: 'owner@demo.example', password: 'Demo-pass-1' };
export const ADMIN = { email: 'admin@platform.example', password: 'Admin-pass-1' };
