import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

/** The built tracker (`npm run build:tracker`), resolved from the working directory like the console's build. */
export const DEFAULT_TRACKER_FILE = 'apps/tracker/dist/tracker.js';
/** The script's name has no hash: browsers ask again after five minutes, so a new build spreads within that. */
export const TRACKER_CACHE_CONTROL = 'public, max-age=300';
export const TRACKER_NOT_BUILT =
  'tracker.js is not built: run `npm run build:tracker` (it writes apps/tracker/dist/tracker.js)';

interface Built {
  mtimeMs: number;
  size: number;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

/** The encoding to answer with: brotli, then gzip, when the request accepts it (a `q=0` refuses one). */
function encodingFor(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/**
 * `GET /tracker.js` (and HEAD): the tracker customer websites install (DESIGN.md "Public
 * delivery"). `application/javascript`, brotli or gzip when accepted (compressed once per build:
 * the file's mtime and size are checked on each request, so a rebuild is served at once), an
 * ETag (304 when unchanged), `Cache-Control: public, max-age=300` and
 * `Access-Control-Allow-Origin: *` (a script tag needs no CORS; harmless and lets `fetch` load it).
 * A 404 with a plain message when the tracker is not built. Register it before the console's
 * fallback (which would answer index.html for this path).
 */
export function serveTracker(
  app: { use: (handler: (req: Request, res: Response, next: NextFunction) => void) => unknown },
  file = resolve(process.env.TRACKER_FILE ?? DEFAULT_TRACKER_FILE),
): void {
  let built: Built | null = null;
  const load = (): Built | null => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return null;
    }
    if (!stat.isFile()) return null;
    if (built && built.mtimeMs === stat.mtimeMs && built.size === stat.size) return built;
    const raw = readFileSync(file);
    built = {
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      raw,
      gzip: gzipSync(raw, { level: 9 }),
      br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
    };
    return built;
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path !== '/tracker.js') return next();
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
      res.status(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const script = load();
    // The console's own origins already got the credentialed CORS answer: left as it is.
    if (!res.getHeader('Access-Control-Allow-Origin')) res.setHeader('Access-Control-Allow-Origin', '*');
    if (!script) {
      res.status(404).type('text/plain; charset=utf-8').setHeader('Cache-Control', 'no-store');
      res.end(req.method === 'HEAD' ? undefined : TRACKER_NOT_BUILT);
      return;
    }
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', TRACKER_CACHE_CONTROL);
    res.setHeader('ETag', script.etag);
    res.vary('Accept-Encoding');
    const match = req.headers['if-none-match'];
    if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === script.etag)) {
      res.status(304).end();
      return;
    }
    const encoding = encodingFor(req.headers['accept-encoding']);
    const body = encoding === 'br' ? script.br : encoding === 'gzip' ? script.gzip : script.raw;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', String(body.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  });
}
