import http from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * The HTTP server's time-outs (docs/security.md "Request bodies and security headers"). Node's
 * defaults let a client hold a socket for five minutes by sending a body byte by byte
 * (`requestTimeout` 300 s); here a request's headers must arrive within `headersTimeoutMs` and its
 * whole body within `requestTimeoutMs` (408, then the socket is closed), and an idle kept-alive
 * connection closes after `keepAliveTimeoutMs` (behind a load balancer, set it above the
 * balancer's idle time-out).
 */
export interface HttpTimeouts {
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** The longest a request's headers may take (or the request time-out, when that is shorter). */
export const HEADERS_TIMEOUT_MAX_MS = 10_000;

/**
 * Node's server options for these time-outs. Node checks them every `connectionsCheckingInterval`
 * (default 30 s, which would let a 1 s limit hold for 30 s): here a tenth of the request time-out,
 * between 100 ms and 5 s.
 */
export function serverOptions(timeouts: HttpTimeouts): http.ServerOptions {
  const requestTimeout = timeouts.requestTimeoutMs;
  return {
    requestTimeout,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MAX_MS, requestTimeout),
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeout / 10))),
  };
}

/** NestJS's Express adapter whose HTTP server is made with the time-outs above (the API and the worker). */
export class TimedExpressAdapter extends ExpressAdapter {
  constructor(private readonly timeouts: HttpTimeouts) {
    super();
  }

  override initHttpServer(options: NestApplicationOptions): void {
    // HTTPS and Nest's own connection tracking are not used by this product: the default path keeps them.
    if (options?.httpsOptions || options?.forceCloseConnections || options?.return503OnClosing)
      return super.initHttpServer(options);
    const server = http.createServer(serverOptions(this.timeouts), this.getInstance());
    // `keepAliveTimeout` is a property of the server (not every Node version reads it from the options).
    server.keepAliveTimeout = this.timeouts.keepAliveTimeoutMs;
    this.httpServer = server;
  }
}

/**
 * The console's Content-Security-Policy: its own scripts only (Vite builds no inline script),
 * styles of its own and inline (MUI's emotion writes `<style>` elements; the CTA preview's
 * `srcdoc` page has inline styles), images also from data: and https: (products' and posts'
 * pictures), requests to the API only, never framed, no plugins, no foreign `<base>` or form
 * targets.
 */
export const CONSOLE_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
} as const;

/**
 * Paths a customer's website loads from another origin: the tracker script and the public API.
 * They answer `Cross-Origin-Resource-Policy: cross-origin` (a site with cross-origin isolation may
 * still load them); everything else is `same-origin`.
 */
const sharedWithWebsites = (path: string) => path === '/tracker.js' || path.startsWith('/api/public/');

/**
 * The security headers of every answer (helmet): `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: strict-origin-when-cross-origin` (not `no-referrer`: with it, browsers send
 * `Origin: null` on the console's own POSTs, which the cross-site check refuses), the console's
 * Content-Security-Policy with `frame-ancestors 'none'` and `X-Frame-Options: DENY`, and the
 * cross-origin resource policy above. No HSTS: TLS ends at the operator's proxy, which sets it.
 */
export function securityHeaders(): (req: Request, res: Response, next: NextFunction) => void {
  const options = {
    contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP_DIRECTIVES },
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  };
  const own = helmet({ ...options, crossOriginResourcePolicy: { policy: 'same-origin' } });
  const shared = helmet({ ...options, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  return (req, res, next) => (sharedWithWebsites(req.path) ? shared : own)(req, res, next);
}
