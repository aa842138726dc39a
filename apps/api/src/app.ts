import compression from 'compression';
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type NextFunction, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import { WebsiteAccessMigration } from '#libs/organisations/src/website-access.migration.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { toErrorBody } from '#libs/platform/src/http/error.filter.js';
import { inputGuard } from '#libs/platform/src/http/input-guard.js';
import { publicPreflight } from '#libs/platform/src/http/public-cors.js';
import { TimedExpressAdapter, securityHeaders } from '#libs/platform/src/http/http-server.js';
import { LOG_REDACT_PATHS, PinoNestLogger, REDACTED, redactUrl, type Logger } from '#libs/platform/src/logging.js';
import { PlatformModule } from '#libs/platform/src/platform.module.js';
import { metricsHandler } from '#libs/platform/src/metrics.js';
import { createRuntime, type Runtime } from '#libs/platform/src/runtime.js';
import { CONTEXTS, catalog, relays } from './catalog.js';
import { serveConsole } from './console-assets.js';
import { serveTracker } from '#libs/cro/src/public/tracker-asset.js';
import { DemoModule } from './demo/demo.module.js';
import { DemoService } from './demo/demo.service.js';

export interface App {
  app: INestApplication;
  runtime: Runtime;
  /** Stops HTTP, then the projections after their batch in flight, then the database. */
  close(): Promise<void>;
}

/** Builds the API process: runtime, NestJS modules, console, projections, first-start data. */
export async function createApp(config: AppConfig, options: { log?: Logger } = {}): Promise<App> {
  const runtime = await createRuntime(config, catalog, { log: options.log, relays });
  try {
    @Module({ imports: [PlatformModule.forRuntime(runtime), ...CONTEXTS.map((context) => context.module), DemoModule] })
    class AppModule {}

    // The HTTP server with the request, header and keep-alive time-outs of the configuration (slow bodies never hold a socket for long).
    const app = await NestFactory.create<NestExpressApplication>(AppModule, new TimedExpressAdapter(config.http), {
      logger: new PinoNestLogger(runtime.log),
      bodyParser: false,
    });
    const lifecycle = { stopping: false };
    // While shutting down, answer every request with `Connection: close` so clients let go.
    app.use((_req: Request, res: Response, next: NextFunction) => {
      if (lifecycle.stopping) res.setHeader('Connection', 'close');
      next();
    });
    configureHttp(app, runtime);
    await app.init();
    if (config.runProjections) await runtime.projections.start();
    await app.get(WebsiteAccessMigration).run();
    await app.get(DemoService).seed();
    let closed = false;
    return {
      app,
      runtime,
      async close() {
        if (closed) return;
        closed = true;
        lifecycle.stopping = true;
        const server = app.getHttpServer() as import('node:http').Server;
        server.closeIdleConnections();
        // Requests in flight get a grace period; connections still open after it are cut.
        const cut = setTimeout(() => server.closeAllConnections(), 5000);
        await app.close();
        clearTimeout(cut);
        await runtime.close();
      },
    };
  } catch (error) {
    await runtime.close().catch(() => undefined);
    throw error;
  }
}

function configureHttp(app: NestExpressApplication, runtime: Runtime) {
  const { config, log, metrics } = runtime;
  // Forwarded headers are trusted for the protocol only, and only when TRUST_PROXY says a proxy is there.
  app.set('trust proxy', config.trustProxy ? 'loopback, linklocal, uniquelocal' : false);
  app.disable('x-powered-by');
  // Security headers on every answer, errors included (nosniff, referrer policy, the console's CSP, framing refused).
  app.use(securityHeaders());
  app.setGlobalPrefix('api', { exclude: [] });
  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/api/health/live' || req.url === '/api/metrics' },
      // No secrets in the request log: cookies, credentials, link codes and passwords are redacted
      // (also when the logger given to createApp was not made by createLogger), and so are link codes in URLs.
      redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
      serializers: { req: (req: { url?: string }) => Object.assign(req, { url: redactUrl(req.url) }) },
    }),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    res.on('finish', () => {
      const matched = (req as Request & { route?: { path?: string } }).route?.path;
      const route = !req.originalUrl.startsWith('/api')
        ? 'console'
        : matched && !matched.includes('*')
          ? matched
          : 'unmatched';
      metrics.httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  });
  // The API's answers (JSON, CSV) over 1 KiB are compressed when the client accepts it (the console's
  // assets are compressed at build time). Not the sign-in routes: nothing compresses a reflected value
  // beside a secret (BREACH).
  const compress = compression({ threshold: 1024 });
  app.use('/api', (req: Request, res: Response, next: NextFunction) =>
    req.path.startsWith('/auth/') ? next() : compress(req, res, next),
  );
  app.use(cookieParser());
  app.use('/api', express.json({ limit: '1mb' }));
  app.use('/api', express.text({ type: 'text/plain', limit: '1mb' }));
  // NUL bytes, lone surrogates, over-long query values and deep JSON are refused before routing.
  app.use('/api', inputGuard());
  // Credentialed CORS for the allow-listed origins only (the console itself is same-origin);
  // the public endpoints for customer websites answer their own CORS, never with credentials.
  const credentialed = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Range', 'Content-Type', 'Authorization', 'X-Request-Id'],
    exposedHeaders: ['Content-Range', 'X-Request-Id'],
    maxAge: 600,
  });
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.path.startsWith('/api/public/') ? next() : credentialed(req, res, next),
  );
  app.use(publicPreflight());
  // Errors raised before NestJS routing (bad JSON, body too large) get the same error shape.
  app.use('/api', (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const body = toErrorBody(error);
    if (body.statusCode >= 500) log.error({ err: error, requestId: req.id }, 'request failed');
    res.status(body.statusCode).json(body);
  });

  app.use('/metrics', metricsHandler(metrics));

  serveTracker(app);
  const consoleDir = config.consoleDir;
  if (existsSync(join(consoleDir, 'index.html'))) {
    serveConsole(app, consoleDir);
  } else {
    log.warn({ consoleDir }, 'console build not found: run `npm run build:console`; serving the API only');
  }
}
