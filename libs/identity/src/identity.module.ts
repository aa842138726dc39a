import { Global, Module } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { PEOPLE, SQL } from '#libs/platform/src/tokens.js';
import { lastActiveOf, peopleByIds } from './projections/queries.js';
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

/** Users, passwords, sessions and the current user (`/api/auth/*`); the people directory every context may ask. */
@Global()
@Module({
  controllers: [AuthController, PasswordResetController, UsersController],
  providers: [
    IdentityService,
    LoginThrottle,
    OidcVerifier,
    Links,
    Mailer,
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: PEOPLE, inject: [SQL], useFactory: (db: SqlDriver): PeopleDirectory => ({ namesOf: (ids) => peopleByIds(db, ids), lastActiveOf: (ids) => lastActiveOf(db, ids) }) },
  ],
  exports: [IdentityService, Links, Mailer, PEOPLE],
})
export class IdentityModule {}
