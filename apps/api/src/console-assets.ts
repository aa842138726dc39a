import type { ServerResponse } from 'node:http';
import { resolve, sep } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Vite names every built script and style `assets/<name>-<hash>.<ext>`: a new build, a new name. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** `index.html` and the unhashed files (favicon): asked again each time, a 304 when unchanged. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

const isConsolePath = (req: Request) => !req.path.startsWith('/api/') && req.path !== '/api' && req.path !== '/metrics';

/**
 * Serves the console's build (`apps/console/dist`): the brotli or gzip file the build wrote beside
 * each asset (vite-plugin-compression2) when the browser accepts it, hashed assets cached for a
 * year, everything else revalidated; every other GET that is not an API path answers `index.html`
 * (the console's own routes). API responses are left alone: only console paths reach this.
 */
export function serveConsole(app: NestExpressApplication, consoleDir: string): void {
  const assetsDir = resolve(consoleDir, 'assets') + sep;
  const files = expressStaticGzip(consoleDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res: ServerResponse, path: string) => {
        res.setHeader('Cache-Control', path.startsWith(assetsDir) ? HASHED_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
      },
    },
  });
  // Only the console's paths look for a file: an API request never costs a file-system stat.
  app.use((req: Request, res: Response, next: NextFunction) => (isConsolePath(req) ? files(req, res, next) : next()));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isConsolePath(req)) return next();
    // A missing asset (an old build's chunk) is a 404, never the page: a script answered with HTML fails obscurely.
    if (req.path.startsWith('/assets/')) return next();
    const url = req.url;
    req.url = '/index.html';
    files(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  });
}
