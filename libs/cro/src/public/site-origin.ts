import type { Request, Response } from 'express';
import { isWebsiteOrigin } from '#libs/platform/src/http/public-cors.js';

/**
 * Which pages and origins belong to a website, for its public CRO endpoints (DESIGN.md "Cross-origin":
 * the public endpoints answer CORS without credentials, for the website's own domains).
 *
 * A host belongs to the website when it is the website's `domain` (lower case, stored without
 * `www.`) or one of its tracking domains (its analytics settings), or a subdomain of one (`www.shop.com`, `blog.shop.com` for `shop.com`), whatever the
 * scheme (http or https) and port. A website whose own address is `http://127.0.0.1:4000` has the
 * domain `127.0.0.1`: its pages on any port of 127.0.0.1 belong to it (that is how local tests and
 * demos reach it); `localhost` never does (a website's address needs a dot). Nothing here reads
 * `Host` or `X-Forwarded-*`: only the website's stored domain and the request's `Origin`.
 */
export function hostBelongsTo(hostname: string, domain: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const site = domain.toLowerCase();
  if (!site) return false;
  return host === site || host.endsWith(`.${site}`);
}

/** What the public endpoints know of a website: its address, its domain and its tracking domains (analytics settings). */
export interface SiteDomains {
  url: string;
  domain: string;
  trackingDomains?: readonly string[];
}

/** The website's domain and its tracking domains: a page on any of them (or their subdomains) is the website's. */
export function websiteDomains(website: SiteDomains): string[] {
  return [website.domain, ...(website.trackingDomains ?? [])];
}

/** The page address as a URL when it is an absolute http(s) URL on one of the website's domains, else null. */
export function pageOnWebsite(url: string, domains: string | readonly string[]): URL | null {
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    return null;
  }
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return null;
  return (typeof domains === 'string' ? [domains] : domains).some((domain) => hostBelongsTo(page.hostname, domain))
    ? page
    : null;
}

/** Whether `origin` (the request's `Origin`) is one of the website's own (its domains or their subdomains; http or https). */
export function isSiteOrigin(origin: string | undefined, website: SiteDomains): boolean {
  if (!origin || origin === 'null') return false;
  if (isWebsiteOrigin(origin, website.url)) return true;
  try {
    const from = new URL(origin);
    if (from.protocol !== 'https:' && from.protocol !== 'http:') return false;
    // An origin is scheme://host[:port] only: anything more is not an origin a browser sends.
    if (from.origin !== origin) return false;
    return websiteDomains(website).some((domain) => hostBelongsTo(from.hostname, domain));
  } catch {
    return false;
  }
}

/**
 * Lets the website's own pages read this answer: `Access-Control-Allow-Origin` echoes the
 * `Origin` only when it is the website's (never `*`, never with credentials); `Vary: Origin` always.
 */
export function allowSiteOrigin(request: Request, response: Response, website: SiteDomains): void {
  response.vary('Origin');
  const origin = request.headers.origin;
  if (isSiteOrigin(origin, website)) response.setHeader('Access-Control-Allow-Origin', origin!);
}
