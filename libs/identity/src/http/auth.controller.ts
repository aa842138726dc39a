import { USER } from '#libs/identity/src/domain/deciders.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, Public } from '#libs/platform/src/auth/public.decorator.js';
import { ensure, loginAsScope, mayCreateOrganisation, navigationFor } from '#libs/platform/src/auth/policy.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '#libs/platform/src/errors.js';
import { clientAddress } from '#libs/platform/src/http/rate-limit.js';
import { checkId } from '#libs/platform/src/http/records.js';
import { websiteScope } from '#libs/platform/src/http/tenancy.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { SQL, ORGANISATIONS } from '#libs/platform/src/tokens.js';
import { missing, notText, parseInput, requiredText, z } from '#libs/platform/src/validation.js';
import { ACCOUNT_FIELD_LABELS as L, emailSchema as email } from '../domain/account-fields.js';
import { newPassword } from '../domain/password-policy.js';
import { USER_ROLES } from '../domain/user.decider.js';
import { LoginThrottle } from '../login-throttle.js';
import { OidcVerifier } from '../oidc.js';
import { INVALID_LOGIN, IdentityService, inDemoMode } from '../identity.service.js';
import { SESSION_COOKIE } from './auth.guard.js';
import { escapeHtml } from '#libs/platform/src/html.js';
import { publicBaseUrl } from '#libs/platform/src/http/public-url.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { CONFIG } from '#libs/platform/src/tokens.js';
import type { OrganisationDirectory } from '#libs/platform/src/organisation-directory.js';
import { platformAdminFlag, sessionPerson, userRecord } from '../projections/queries.js';
import { Mailer } from '../mailer.js';

const loginSchema = z.object({
  email,
  password: z
    .string({ error: (i) => (i.input === undefined ? missing(L.password) : notText(L.password)) })
    .min(1, missing(L.password))
    .max(1024, INVALID_LOGIN),
  from: z.string().max(2000).optional(),
});

export const SIGN_UP_TYPES = ['Default', 'Calculator', 'Invitation', 'Google', 'Microsoft'] as const;

const signupSchema = z.object({
  email,
  password: newPassword,
  name: requiredText(L.name, 200),
  orgName: requiredText(L.orgName, 200),
  emailJoin: z
    .boolean({ error: `${L.emailJoin} must be true or false` })
    .optional()
    .default(false),
  signUpType: z
    .enum(SIGN_UP_TYPES, { error: `${L.signUpType} must be one of ${SIGN_UP_TYPES.join(', ')}` })
    .optional()
    .default('Default'),
  isMobile: z
    .boolean({ error: `${L.isMobile} must be true or false` })
    .optional()
    .default(false),
});

const tokenSignupSchema = z.object({
  token: z
    .string({ error: (i) => (i.input === undefined ? missing(L.token) : notText(L.token)) })
    .min(1, missing(L.token))
    .max(10_000),
  signUpType: z
    .enum(SIGN_UP_TYPES, { error: `${L.signUpType} must be one of ${SIGN_UP_TYPES.join(', ')}` })
    .optional()
    .default('Default'),
  orgName: requiredText(L.orgName, 200).optional(),
});

const upsertSchema = z.object({
  email,
  name: requiredText(L.name, 200),
  role: z.enum(USER_ROLES, { error: `${L.role} must be one of ${USER_ROLES.join(', ')}` }),
});

/** The spec's message for a third-party sign-in of someone without an account. */
export const NOT_REGISTERED = 'This user is not registered please contact admin to register you';

/** Where a logged-in-as admin's own session waits to be restored (`POST /auth/logout/subUser`). */
export const RETURN_COOKIE = 'sid_return';

/**
 * A redirect target inside the console only (never another site): a path on our own origin that
 * starts with exactly one `/` (DESIGN.md "Redirect paths"). Control characters and whitespace are
 * refused (browsers strip tabs and newlines, so `/\t/evil.example` would become `//evil.example`),
 * and so is any backslash (browsers read it as `/`). Anything else falls back to `/`.
 */
function safeRedirect(from: string | undefined): string {
  const base = 'http://x.invalid';
  if (!from || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (/[\p{Cc}\p{Cf}\p{Z}\s\\]/u.test(from)) return '/';
  let url: URL;
  try {
    url = new URL(from, base);
  } catch {
    return '/';
  }
  if (url.origin !== base || url.pathname.startsWith('//')) return '/';
  return from;
}

@Controller('auth')
export class AuthController {
  constructor(
    private readonly identity: IdentityService,
    private readonly throttle: LoginThrottle,
    private readonly oidc: OidcVerifier,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly mailer: Mailer,
    @Inject(ORGANISATIONS) private readonly organisations: OrganisationDirectory,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const input = parseInput(loginSchema, body);
    // Failures count per (account, address) and per address; the account alone is only slowed down.
    const address = clientAddress(request);
    await this.throttle.before(input.email, address);
    const userId = await this.identity.verifyPassword(input.email, input.password);
    if (!userId) {
      await this.throttle.failed(input.email, address);
      throw new UnauthorizedError(INVALID_LOGIN);
    }
    await this.throttle.succeeded(input.email, address);
    return { ...(await this.startSession(userId, request, response)), redirect: safeRedirect(input.from) };
  }

  /** Creates the user and their organisation (they are its owner) and signs them in. */
  @Public()
  @Post('signup')
  async signup(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const input = parseInput(signupSchema, body);
    if (await this.identity.findUserIdByEmail(input.email)) {
      // No enumeration (DESIGN.md "Trust boundary"): the address's owner gets a mail, and the
      // answer looks like a new account's, with a session cookie that opens nothing.
      await this.identity.hashLikeRegistration(input.password);
      await this.mailAccountExists(input.email, request);
      response.cookie(SESSION_COOKIE, randomBytes(32).toString('base64url'), {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.secure,
        path: '/',
      });
      return { ...(await this.lookAlikeOfNewAccount(input)), redirect: '/' };
    }
    const userId = await this.createAccount(input, request);
    return { ...(await this.startSession(userId, request, response)), redirect: '/' };
  }

  private async mailAccountExists(email: string, request: Request) {
    const base = publicBaseUrl(this.config, request);
    await this.mailer.send({
      to: email,
      subject: 'You already have an account',
      text: `Someone (maybe you) tried to create an account with this email address, which already has one. To use it, log in:\n\n${base}/login\n\nForgot your password? Choose a new one here:\n\n${base}/forgot-password\n\nIf it was not you, ignore this mail: nothing changed.`,
      html: `<p>Someone (maybe you) tried to create an account with this email address, which already has one.</p><p><a href="${escapeHtml(`${base}/login`)}">Log in</a> or <a href="${escapeHtml(`${base}/forgot-password`)}">choose a new password</a>.</p><p>If it was not you, ignore this mail: nothing changed.</p>`,
    });
  }

  /** What a sign-up answers for a new owner of a new organisation on the starter plan (the shape of `describe`). */
  private async lookAlikeOfNewAccount(input: { email: string; name: string; orgName: string }) {
    const organisationId = randomUUID();
    const viewer: Viewer = {
      userId: randomUUID(),
      email: input.email,
      name: input.name,
      role: 'owner',
      platformAdmin: false,
      sessionId: '',
      memberships: new Map([[organisationId, 'owner']]),
      productRoles: new Map([[organisationId, { cmsRole: 'admin', croRole: 'admin' }]]),
    };
    const products = this.organisations.starterProducts();
    return {
      id: viewer.userId,
      email: viewer.email,
      impersonatedBy: null,
      name: viewer.name,
      role: viewer.role,
      platformAdmin: false,
      organisations: [
        {
          id: organisationId,
          name: input.orgName,
          role: 'owner',
          cmsRole: 'admin',
          croRole: 'admin',
          products,
          creates: this.organisations.creatableIn(viewer, { id: organisationId, products }),
        },
      ],
      websites: [],
      navigation: navigationFor(viewer, new Map([[organisationId, products]])),
      creates: ['organisations'],
      demo: null,
      demoAvailable: (await this.organisations.demoOrganisationId()) !== null,
    };
  }

  /** Third-party sign-in with an OpenID Connect ID token; only registered users get in. */
  @Public()
  @Post('login/oidc')
  @HttpCode(200)
  async loginWithToken(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const identity = await this.oidc.verify((body as { token?: unknown } | null)?.token);
    const userId = await this.identity.findUserIdByEmail(identity.email);
    if (!userId) throw new UnauthorizedError(NOT_REGISTERED);
    return { ...(await this.startSession(userId, request, response)), redirect: '/' };
  }

  /** Third-party sign-up: the token's verified email and name make the account. */
  @Public()
  @Post('signup/oidc')
  async signupWithToken(
    @Body() body: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const input = parseInput(tokenSignupSchema, body);
    const identity = await this.oidc.verify(input.token);
    const userId = await this.createAccount(
      {
        email: identity.email,
        name: identity.name,
        orgName: input.orgName ?? `${identity.name}'s organisation`,
        password: null,
      },
      request,
    );
    return { ...(await this.startSession(userId, request, response)), redirect: '/' };
  }

  private async createAccount(
    input: { email: string; name: string; orgName: string; password: string | null },
    request: Request,
  ): Promise<string> {
    if (await this.identity.findUserIdByEmail(input.email)) {
      throw new ConflictError('An account with this email already exists. Please log in.', {
        email: 'An account with this email already exists. Please log in.',
      });
    }
    // One command: the user, asking for an organisation; the sign-up process creates it and the
    // owner's membership, and `register` waits until they show.
    const { id: userId } = await this.identity.register({
      email: input.email,
      name: input.name,
      // Accounts made by a third-party sign-in have no password until the user asks for one (reset).
      password: input.password ?? `${randomUUID()}Aa1!`,
      role: 'owner',
      signUp: { organisationId: randomUUID(), organisationName: input.orgName },
    });
    return userId;
  }

  /** Extends the session (its idle expiry moves now) and says until when. */
  @Post('keep-alive')
  @HttpCode(200)
  async keepAlive(@CurrentViewer() viewer: Viewer) {
    return { ok: true, expiresAt: await this.identity.keepAlive(viewer.sessionId) };
  }

  /**
   * A platform admin acts as another user, or an owner as an active member of their organisation
   * (that session sees that organisation only); `POST /auth/logout/subUser` returns.
   */
  @Post('login/as/:id')
  @HttpCode(200)
  async loginAs(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    checkId(id);
    if (id === viewer.userId) throw new BadRequestError('You are already logged in as this user');
    const targetIsPlatformAdmin = await platformAdminFlag(this.db, id);
    if (targetIsPlatformAdmin === null) {
      // Owners learn nothing about users outside their organisations.
      if (!viewer.platformAdmin)
        throw new ForbiddenError('Owners may log in as active members of their own organisation only');
      throw new NotFoundError('User not found');
    }
    const active = await this.organisations.acceptedOrganisationsOf(id);
    const scope = loginAsScope(viewer, { userId: id, platformAdmin: targetIsPlatformAdmin, organisations: active });
    const ownToken = (request.cookies as Record<string, string>)[SESSION_COOKIE];
    response.cookie(RETURN_COOKIE, ownToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: '/api/auth',
    });
    const token = await this.identity.createSession(id, viewer.sessionId, scope);
    return { ...(await this.setSessionCookie(token, request, response)), redirect: '/' };
  }

  /**
   * Platform admins create or update a user by email: name and role. A new user gets no
   * password; they set one through "Forgot password?" (or an invitation).
   */
  @Post('user/upsert')
  async upsertUser(
    @CurrentViewer() viewer: Viewer,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
    @Req() request: Request,
  ) {
    ensure(viewer, 'users.upsert');
    const input = parseInput(upsertSchema, body);
    const existing = await this.identity.findUserIdByEmail(input.email);
    let userId: string;
    if (existing) {
      userId = existing;
      const result: DecideResult = await this.commands.execute(
        new DecideCommand(
          USER,
          userId,
          {
            type: 'ChangeProfile',
            actor: { userId: viewer.userId, roles: ['platform_admin'] },
            data: { name: input.name, role: input.role },
          },
          {
            correlationId: (request as Request & { id?: string }).id,
          },
        ),
      );
      await this.projections.waitForResult(result);
      response.status(200);
    } else {
      userId = (
        await this.identity.register(
          {
            email: input.email,
            name: input.name,
            role: input.role,
            password: `${randomUUID()}Aa1!`,
            mustSetPassword: true,
          },
          { userId: viewer.userId, roles: ['platform_admin'] },
        )
      ).id;
      response.status(201);
    }
    return (await userRecord(this.db, userId)) ?? { id: userId };
  }

  /** Ends a login-as and restores the platform admin's own session. */
  @Post('logout/subUser')
  @HttpCode(200)
  async logoutSubUser(
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const returnToken = (request.cookies as Record<string, string> | undefined)?.[RETURN_COOKIE];
    if (
      !viewer.impersonatorSessionId ||
      !returnToken ||
      this.identity.sessionIdOf(returnToken) !== viewer.impersonatorSessionId
    ) {
      throw new BadRequestError('You are not logged in as another user');
    }
    await this.identity.endSessionById(viewer.sessionId);
    response.clearCookie(RETURN_COOKIE, { path: '/api/auth' });
    const admin = await this.identity.resolveSession(returnToken);
    if (!admin) {
      response.clearCookie(SESSION_COOKIE, { path: '/' });
      throw new UnauthorizedError('Your session has ended. Please log in again.');
    }
    response.cookie(SESSION_COOKIE, returnToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: '/',
    });
    return { ...(await this.describe(admin)), redirect: '/' };
  }

  private async startSession(userId: string, request: Request, response: Response) {
    return this.setSessionCookie(await this.identity.createSession(userId), request, response);
  }

  private async setSessionCookie(token: string, request: Request, response: Response) {
    response.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: request.secure, path: '/' });
    const viewer = await this.identity.resolveSession(token);
    if (!viewer) throw new UnauthorizedError(INVALID_LOGIN);
    return this.describe(viewer);
  }

  /** Demo mode: the session shows the platform's demo organisation, read-only, until exited. */
  @Post('demo/enter')
  @HttpCode(200)
  async enterDemo(@CurrentViewer() viewer: Viewer) {
    if (viewer.impersonatorSessionId) throw new BadRequestError('Return to your own account before entering demo mode');
    const organisationId = await this.organisations.demoOrganisationId();
    if (!organisationId) throw new NotFoundError('Demo mode is not available on this platform');
    // The same rule as `demoAvailable`: members of the demo organisation (and sessions already in it) cannot enter it.
    if (viewer.demoOrganisationId || viewer.memberships.has(organisationId) || viewer.scopeOrganisationId) {
      throw new ForbiddenError('Demo mode is not available to you');
    }
    await this.identity.setDemoMode(viewer.sessionId, organisationId);
    return { ...(await this.describe(inDemoMode(viewer, organisationId))), redirect: '/' };
  }

  @Post('demo/exit')
  @HttpCode(200)
  async exitDemo(@CurrentViewer() viewer: Viewer) {
    if (!viewer.demoOrganisationId) throw new BadRequestError('You are not in demo mode');
    await this.identity.setDemoMode(viewer.sessionId, null);
    const own = await this.identity.loadViewer(viewer.userId, viewer.sessionId, viewer.impersonatorSessionId ?? null);
    return { ...(await this.describe(own!)), redirect: '/' };
  }

  @Get('user')
  async user(@CurrentViewer() viewer: Viewer) {
    return this.describe(viewer);
  }

  /**
   * The console's question "who is signed in?": `{ user }` as `GET /auth/user` describes them, or
   * `{ user: null }` without a valid session. Always 200, so that a first visit to the login page
   * leaves no failed request in the browser's console (`GET /auth/user` answers 401 then).
   */
  @Public()
  @Get('session')
  async session(@Req() request: Request & { viewer?: Viewer }) {
    return { user: request.viewer ? await this.describe(request.viewer) : null };
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
    const [{ organisations, websites }, demoOrganisationId] = await Promise.all([
      this.organisations.seenBy(viewer),
      this.organisations.demoOrganisationId(),
    ]);
    // The CRO screens need the product in the organisation's plan, not only a CRO role.
    const navigation = navigationFor(viewer, new Map(organisations.map((o) => [o.id, o.products])));
    const impersonator = viewer.impersonatorSessionId
      ? await sessionPerson(this.db, viewer.impersonatorSessionId)
      : null;
    return {
      id: viewer.userId,
      email: viewer.email,
      impersonatedBy: impersonator,
      name: viewer.name,
      role: viewer.role,
      platformAdmin: viewer.platformAdmin,
      organisations: organisations.map((o) => ({
        id: o.id,
        name: o.name,
        role: viewer.memberships.get(o.id) ?? (viewer.platformAdmin ? 'platform_admin' : null),
        cmsRole: viewer.productRoles?.get(o.id)?.cmsRole ?? null,
        croRole: viewer.productRoles?.get(o.id)?.croRole ?? null,
        products: o.products,
        creates: o.creates,
      })),
      websites,
      navigation,
      /** What the viewer may create outside any organisation (`organisations[].creates`: inside each). */
      creates: mayCreateOrganisation(viewer) ? ['organisations'] : [],
      /** Demo mode: the organisation shown read-only, or null; and whether it can be entered. */
      demo: viewer.demoOrganisationId
        ? { organisationId: viewer.demoOrganisationId, name: organisations[0]?.name ?? 'Demo' }
        : null,
      // Members of the demo organisation see it already; demo mode is for everyone else.
      demoAvailable:
        demoOrganisationId !== null && !viewer.demoOrganisationId && !viewer.memberships.has(demoOrganisationId),
    };
  }
}
