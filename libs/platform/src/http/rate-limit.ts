import { isIPv4, isIPv6 } from 'node:net';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../config.js';
import { TooManyRequestsError } from '../errors.js';

/** The message of a rate-limited request (429, with `Retry-After`). */
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/**
 * The sign-in routes limited per client address (`RATE_LIMIT_AUTH_PER_MINUTE`, each route its own
 * budget), as `METHOD path` with the router's parameter names. Every `/api/public/*` route is limited
 * too, without being listed here: per address, and per website key when it takes one (`:key` in the
 * path or `?key=`).
 */
export const AUTH_RATE_LIMITED_ROUTES: readonly string[] = [
  'POST /api/auth/login',
  'POST /api/auth/login/oidc',
  'POST /api/auth/signup',
  'POST /api/auth/signup/oidc',
  'POST /api/auth/password_reset/send',
  'POST /api/auth/password_reset/confirm/:resetCode',
  'GET /api/auth/magic/:code',
];

/** Public endpoints for customer websites (no session): limited per address and per site key. */
export const PUBLIC_PREFIX = '/api/public/';

/**
 * The address a request is limited by: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by its /64
 * network, which one subscriber usually gets whole. `request.ip` trusts forwarded headers only
 * as far as `TRUST_PROXY` allows (apps/api/src/app.ts).
 */
export function clientAddress(request: Pick<Request, 'ip' | 'socket'>): string {
  const raw = (request.ip ?? request.socket?.remoteAddress ?? '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (mapped) return mapped[1];
  if (isIPv4(raw)) return raw;
  if (isIPv6(raw)) return `${expandIPv6(raw).slice(0, 4).join(':')}::/64`;
  return 'unknown';
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  // A trailing dotted IPv4 part counts as two groups.
  const last = right.length ? right : left;
  const v4 = last.length && last[last.length - 1].includes('.') ? last.pop()!.split('.').map(Number) : null;
  if (v4) last.push(((v4[0] << 8) | v4[1]).toString(16), ((v4[2] << 8) | v4[3]).toString(16));
  const missing = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...missing, ...right].map((g) => parseInt(g, 16).toString(16));
}

/**
 * DESIGN.md "Rate limits": a global guard limiting the public routes by the client's address, and
 * the `/api/public/*` routes also by website key. Answers 429 with `Retry-After` and the usual error
 * shape (the error filter writes the header).
 *
 * The counters live in this process's memory (`RateLimiterMemory`): each replica counts on its own,
 * so N replicas allow up to N times the limit. Deployments that scale out should swap in the shared
 * store variant (`RateLimiterPostgres` on the product's database, or `RateLimiterRedis`); the keys
 * and points stay the same.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly auth: RateLimiterMemory | null;
  private readonly publicAddress: RateLimiterMemory | null;
  private readonly publicSite: RateLimiterMemory | null;

  constructor(config: Pick<AppConfig, 'rateLimits'>) {
    const perMinute = (points: number, keyPrefix: string) =>
      points > 0 ? new RateLimiterMemory({ keyPrefix, points, duration: 60 }) : null;
    this.auth = perMinute(config.rateLimits.authPerAddress, 'auth');
    this.publicAddress = perMinute(config.rateLimits.publicPerAddress, 'public-address');
    this.publicSite = perMinute(config.rateLimits.publicPerSite, 'public-site');
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const route = routeOf(request);
    if (!route) return true;
    if (route.startsWith(PUBLIC_PREFIX)) {
      await take(this.publicAddress, clientAddress(request));
      const key = siteKeyOf(request);
      if (key !== null) await take(this.publicSite, key);
    } else if (AUTH_RATE_LIMITED_ROUTES.includes(`${request.method} ${route}`)) {
      await take(this.auth, `${request.method} ${route}|${clientAddress(request)}`);
    }
    return true;
  }
}

/** The matched route's path pattern (`/api/auth/magic/:code`), not the request's own path. */
function routeOf(request: Request): string | null {
  const path = (request as Request & { route?: { path?: unknown } }).route?.path;
  return typeof path === 'string' ? path : null;
}

/** The website key a public route takes (`:key` or `?key=`), or null. */
function siteKeyOf(request: Request): string | null {
  const fromPath = (request.params as Record<string, unknown> | undefined)?.key;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.key;
  const key = typeof fromPath === 'string' ? fromPath : typeof fromQuery === 'string' ? fromQuery : null;
  // Unknown keys still count (under their own name), within the address's budget; over-long ones are one bucket.
  return key === null ? null : key.trim().slice(0, 100);
}

async function take(limiter: RateLimiterMemory | null, key: string): Promise<void> {
  if (!limiter) return;
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    throw new TooManyRequestsError(TOO_MANY_REQUESTS, {
      retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
    });
  }
}
