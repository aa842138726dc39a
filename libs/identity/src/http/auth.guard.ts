import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { ForbiddenError, UnauthorizedError } from '#libs/platform/src/errors.js';
import { CONFIG } from '#libs/platform/src/tokens.js';
import { IdentityService } from '../identity.service.js';

export const SESSION_COOKIE = 'sid';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What a session in demo mode may still send: leaving it, keeping alive, logging out. */
const DEMO_MODE_ALLOWED = new Set(['/api/auth/demo/exit', '/api/auth/keep-alive', '/api/auth/logout']);
export const CROSS_SITE = 'Requests from another site are not allowed';
/** What a session opened by an invitation link may do before the first password is chosen. */
const INITIAL_PASSWORD_ALLOWED = new Set([
  'GET /api/auth/user',
  'GET /api/auth/session',
  'PUT /api/auth/user/initialPassword',
  'POST /api/auth/logout',
  'POST /api/auth/keep-alive',
]);
export const CHOOSE_PASSWORD_FIRST = 'Choose your password first.';
export const DEMO_READ_ONLY = 'Demo mode is read-only. Exit demo mode to make changes.';

/**
 * Every route needs a valid session unless marked `@Public()`. State-changing requests sent
 * from another origin are refused (the session cookie alone must not authorise them).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly identity: IdentityService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { viewer?: Viewer }>();
    const token = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    if (!SAFE_METHODS.has(request.method) && !request.path.startsWith('/api/public/'))
      this.checkOrigin(request, !!token);
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (token) {
      const viewer = await this.identity.resolveSession(token);
      if (viewer) request.viewer = viewer;
    }
    if (
      request.viewer?.sessionPurpose === 'initial-password' &&
      !INITIAL_PASSWORD_ALLOWED.has(`${request.method} ${request.path}`)
    ) {
      throw new ForbiddenError(CHOOSE_PASSWORD_FIRST);
    }
    if (
      request.viewer?.demoOrganisationId &&
      !SAFE_METHODS.has(request.method) &&
      !DEMO_MODE_ALLOWED.has(request.path)
    ) {
      throw new ForbiddenError(DEMO_READ_ONLY);
    }
    if (isPublic || request.viewer) return true;
    throw new UnauthorizedError(token ? 'Your session has ended. Please log in again.' : 'Please log in');
  }

  /**
   * Cross-site request forgery: a state-changing request must come from an allowed origin. Its
   * `Origin` (or, when a browser sent none, its `Referer`) must be the API's own origin (the
   * `Host` the browser addressed, never `X-Forwarded-Host`) or one of `CORS_ORIGINS`.
   * `Origin: null` is refused; a cookie-authenticated request with neither header is refused;
   * a request without a session (an API client logging in) may send neither.
   */
  private checkOrigin(request: Request, withSession: boolean): void {
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    let source: string | null = null;
    if (origin !== undefined) {
      source = origin;
    } else if (typeof referer === 'string' && referer !== '') {
      try {
        source = new URL(referer).origin;
      } catch {
        source = 'null';
      }
    }
    if (source === null) {
      if (withSession) throw new ForbiddenError(CROSS_SITE);
      return;
    }
    if (!this.isAllowedOrigin(source, request.headers.host)) throw new ForbiddenError(CROSS_SITE);
  }

  private isAllowedOrigin(origin: string, host: string | undefined): boolean {
    if (origin === 'null') return false;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (this.config.corsOrigins.includes(url.origin)) return true;
    return typeof host === 'string' && url.host === host.toLowerCase();
  }
}
