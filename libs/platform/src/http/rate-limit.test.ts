import type { ExecutionContext } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../config.js';
import { TooManyRequestsError } from '../errors.js';
import { RateLimitGuard, clientAddress } from './rate-limit.js';

/** What the guard sees of a routed Express request. */
function contextFor(request: {
  method: string;
  route: string;
  ip: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
}): ExecutionContext {
  const req = {
    method: request.method,
    route: { path: request.route },
    ip: request.ip,
    params: request.params ?? {},
    query: request.query ?? {},
    socket: {},
  };
  return { getType: () => 'http', switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
}

async function outcome(guard: RateLimitGuard, context: ExecutionContext): Promise<'ok' | number> {
  try {
    await guard.canActivate(context);
    return 'ok';
  } catch (error) {
    if (error instanceof TooManyRequestsError) return error.statusCode;
    throw error;
  }
}

describe('RateLimitGuard', () => {
  it('limits a /api/public/* route nobody listed, per address and per website key in its path', async () => {
    const guard = new RateLimitGuard({ rateLimits: { authPerAddress: 100, publicPerAddress: 2, publicPerSite: 3 } });
    const placements = (ip: string, key: string) =>
      contextFor({ method: 'GET', route: '/api/public/sites/:key/placements', ip, params: { key } });
    expect(await outcome(guard, placements('203.0.113.1', 'pk_a'))).toBe('ok');
    expect(await outcome(guard, placements('203.0.113.1', 'pk_a'))).toBe('ok');
    expect(await outcome(guard, placements('203.0.113.1', 'pk_b'))).toBe(429);
    expect(await outcome(guard, placements('203.0.113.2', 'pk_a'))).toBe('ok');
    expect(await outcome(guard, placements('203.0.113.3', 'pk_a'))).toBe(429);
    expect(await outcome(guard, placements('203.0.113.3', 'pk_b'))).toBe('ok');
    // A public route without a key is limited per address only.
    const collect = (ip: string) => contextFor({ method: 'POST', route: '/api/public/collect', ip });
    expect(await outcome(guard, collect('203.0.113.9'))).toBe('ok');
    expect(await outcome(guard, collect('203.0.113.9'))).toBe('ok');
    expect(await outcome(guard, collect('203.0.113.9'))).toBe(429);
  });

  it('leaves routes that are neither public nor sign-in routes alone, and 0 turns a limit off', async () => {
    const guard = new RateLimitGuard({ rateLimits: { authPerAddress: 0, publicPerAddress: 1, publicPerSite: 1 } });
    for (let i = 0; i < 5; i++) {
      expect(await outcome(guard, contextFor({ method: 'GET', route: '/api/posts', ip: '203.0.113.1' }))).toBe('ok');
      expect(await outcome(guard, contextFor({ method: 'POST', route: '/api/auth/login', ip: '203.0.113.1' }))).toBe(
        'ok',
      );
    }
  });

  it('answers the seconds until the next request is allowed', async () => {
    const guard = new RateLimitGuard({ rateLimits: { authPerAddress: 1, publicPerAddress: 1, publicPerSite: 1 } });
    const login = contextFor({ method: 'POST', route: '/api/auth/login', ip: '203.0.113.1' });
    await guard.canActivate(login);
    const refused = await guard.canActivate(login).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    const seconds = (refused as TooManyRequestsError).details?.retryAfterSeconds as number;
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
  });
});

describe('clientAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['', 'unknown'],
    ['not an address', 'unknown'],
  ])('%s counts as %s', (ip, expected) => {
    expect(clientAddress({ ip, socket: {} } as never)).toBe(expected);
  });
});

describe('rate limit settings', () => {
  it('default to 60 per sign-in route, 600 per address and 6000 per website key a minute; 0 turns one off', () => {
    expect(loadConfig({}).rateLimits).toEqual({ authPerAddress: 60, publicPerAddress: 600, publicPerSite: 6000 });
    expect(
      loadConfig({
        RATE_LIMIT_AUTH_PER_MINUTE: '0',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '5',
        RATE_LIMIT_PUBLIC_SITE_PER_MINUTE: '7',
      }).rateLimits,
    ).toEqual({
      authPerAddress: 0,
      publicPerAddress: 5,
      publicPerSite: 7,
    });
    expect(() => loadConfig({ RATE_LIMIT_PUBLIC_PER_MINUTE: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_AUTH_PER_MINUTE: 'many' })).toThrow(/RATE_LIMIT_AUTH_PER_MINUTE/);
  });
});
