import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, Public } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { UnauthorizedError } from '#libs/platform/src/errors.js';
import { SQL } from '#libs/platform/src/tokens.js';
import { parseInput, z } from '#libs/platform/src/validation.js';
import { INVALID_LOGIN, IdentityService } from '../identity.service.js';
import { SESSION_COOKIE } from './auth.guard.js';

const loginSchema = z.object({
  email: z
    .string({ error: (i) => (i.input === undefined ? 'email is missing!' : 'Please enter a valid email address.') })
    .trim()
    .max(320, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  password: z
    .string({ error: (i) => (i.input === undefined ? 'password is missing!' : 'password must be text') })
    .min(1, 'password is missing!')
    .max(1024, INVALID_LOGIN),
  from: z.string().max(2000).optional(),
});

/** A redirect target inside the console only (never another site). */
function safeRedirect(from: string | undefined): string {
  return from && /^\/(?![/\\])/.test(from) ? from : '/';
}

@Controller('auth')
export class AuthController {
  constructor(
    private readonly identity: IdentityService,
    @Inject(SQL) private readonly db: SqlDriver,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const input = parseInput(loginSchema, body);
    const userId = await this.identity.verifyPassword(input.email, input.password);
    if (!userId) throw new UnauthorizedError(INVALID_LOGIN);
    const token = await this.identity.createSession(userId);
    response.cookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: '/',
    });
    const viewer = await this.identity.resolveSession(token);
    if (!viewer) throw new UnauthorizedError(INVALID_LOGIN);
    return { ...(await this.describe(viewer)), redirect: safeRedirect(input.from) };
  }

  @Get('user')
  async user(@CurrentViewer() viewer: Viewer) {
    return this.describe(viewer);
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const token = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    if (token) await this.identity.endSession(token);
    response.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true, redirect: '/login' };
  }

  /** The current user as the console needs it (DESIGN.md "The current user"). */
  private async describe(viewer: Viewer) {
    const orgIds = [...viewer.memberships.keys()];
    const orgScope = viewer.platformAdmin ? 'true' : 'id = ANY($1::text[])';
    const webScope = viewer.platformAdmin ? 'true' : 'organisation_id = ANY($1::text[])';
    const params = viewer.platformAdmin ? [] : [orgIds];
    const [organisations, websites] = await Promise.all([
      this.db.query<{ id: string; name: string }>(`SELECT id, name FROM rm_organisations WHERE ${orgScope} ORDER BY name`, params),
      this.db.query<{ id: string; name: string; organisation_id: string }>(
        `SELECT id, name, organisation_id FROM rm_websites WHERE ${webScope} ORDER BY name`,
        params,
      ),
    ]);
    const navigation = ['dashboard', 'organisations', 'websites'];
    if (viewer.platformAdmin) navigation.push('projections');
    return {
      id: viewer.userId,
      email: viewer.email,
      name: viewer.name,
      role: viewer.role,
      platformAdmin: viewer.platformAdmin,
      organisations: organisations.rows.map((o) => ({
        id: o.id,
        name: o.name,
        role: viewer.memberships.get(o.id) ?? (viewer.platformAdmin ? 'platform_admin' : null),
      })),
      websites: websites.rows.map((w) => ({ id: w.id, name: w.name, organisationId: w.organisation_id })),
      navigation,
    };
  }
}
