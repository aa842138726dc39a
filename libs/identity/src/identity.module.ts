import { Module } from '@nestjs/common';
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

/** Users, passwords, sessions and the current user (`/api/auth/*`). */
@Module({
  controllers: [AuthController, PasswordResetController, UsersController],
  providers: [IdentityService, LoginThrottle, OidcVerifier, Links, Mailer, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [IdentityService, Links, Mailer],
})
export class IdentityModule {}
