import type { NextFunction, Request, Response } from 'express';

/**
 * CORS for the public endpoints customer websites call (`/api/public/*`, DESIGN.md "Cross-origin"):
 * never with credentials (no cookie is read there), and the answer is shared only with the
 * website's own origin, which the endpoint knows once it has found the website by its key.
 */
const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** Whether `origin` is the website's own (its address's host, with or without `www.`, http or https). */
export function isWebsiteOrigin(origin: string | undefined, websiteUrl: string | null | undefined): boolean {
  if (!origin || origin === 'null' || !websiteUrl) return false;
  try {
    const from = new URL(origin);
    const site = new URL(websiteUrl);
    if (from.protocol !== 'https:' && from.protocol !== 'http:') return false;
    return bareHost(from.host) === bareHost(site.host);
  } catch {
    return false;
  }
}

/** Lets the website's own page read this answer (no credentials); other origins get no CORS headers. */
export function allowWebsiteOrigin(request: Request, response: Response, websiteUrl: string | null | undefined): void {
  response.vary('Origin');
  const origin = request.headers.origin;
  if (isWebsiteOrigin(origin, websiteUrl)) response.setHeader('Access-Control-Allow-Origin', origin!);
}

/**
 * Preflights of `/api/public/*`: the methods and headers the tracker uses, without credentials. A
 * preflight carries no key, so it is answered for any origin; the real answer is shared only with
 * the website's own origin (`allowWebsiteOrigin`).
 */
export function publicPreflight() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'OPTIONS' || !req.path.startsWith('/api/public/') || !req.headers.origin) return next();
    res.vary('Origin');
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin);
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
}
