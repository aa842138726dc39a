import { Global, Module } from '@nestjs/common';
import { MAILER, PEOPLE } from '#libs/platform/src/tokens.js';
import { IdentityPeopleDirectory } from './people-directory.js';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './http/auth.controller.js';
import { AuthGuard } from './http/auth.guard.js';
import { IdentityService } from './identity.service.js';
import { LoginThrottle } from './login-throttle.js';
import { OidcVerifier } from './oidc.js';
import { Links } from './links.js';
import { Mailer } from './mailer.js';
import { PasswordResetController } from './http/password-reset.controller.js';
import { UsersController } from './http/users.controller.js';
import { InvitationLinkController } from './http/invitation-link.controller.js';

/** Users, passwords, sessions and the current user (`/api/auth/*`); the people directory every context may ask. */
@Global()
@Module({
  controllers: [AuthController, PasswordResetController, UsersController, InvitationLinkController],
  providers: [
    IdentityService,
    LoginThrottle,
    OidcVerifier,
    Links,
    Mailer,
    { provide: APP_GUARD, useClass: AuthGuard },
    IdentityPeopleDirectory,
    { provide: PEOPLE, useExisting: IdentityPeopleDirectory },
    { provide: MAILER, useExisting: Mailer },
  ],
  exports: [IdentityService, Links, Mailer, PEOPLE, MAILER],
})
export class IdentityModule {}
