import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { ForbiddenError, UnauthorizedError } from '#libs/platform/src/errors.js';
import { IdentityService } from '../identity.service.js';

export const SESSION_COOKIE = 'sid';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What a session in demo mode may still send: leaving it, keeping alive, logging out. */
const DEMO_MODE_ALLOWED = new Set(['/api/auth/demo/exit', '/api/auth/keep-alive', '/api/auth/logout']);
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
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { viewer?: Viewer }>();
    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        const host = request.headers['x-forwarded-host'] ?? request.headers.host;
        let originHost: string | null = null;
        try {
          originHost = new URL(origin).host;
        } catch {
          // A malformed Origin is treated like a foreign one.
        }
        if (originHost !== host) throw new ForbiddenError('Requests from another site are not allowed');
      }
    }
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const token = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    if (token) {
      const viewer = await this.identity.resolveSession(token);
      if (viewer) request.viewer = viewer;
    }
    if (request.viewer?.demoOrganisationId && !SAFE_METHODS.has(request.method) && !DEMO_MODE_ALLOWED.has(request.path)) {
      throw new ForbiddenError(DEMO_READ_ONLY);
    }
    if (isPublic || request.viewer) return true;
    throw new UnauthorizedError(token ? 'Your session has ended. Please log in again.' : 'Please log in');
  }
}
