import { Inject, Injectable } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { AppConfig } from '#libs/platform/src/config.js';
import { BadRequestError, NotFoundError, UnauthorizedError } from '#libs/platform/src/errors.js';
import { CONFIG } from '#libs/platform/src/tokens.js';
import { missing } from '#libs/platform/src/validation.js';
import { ACCOUNT_FIELD_LABELS } from './domain/account-fields.js';

export interface VerifiedIdentity {
  email: string;
  name: string;
  subject: string;
}

/** Verifies OpenID Connect ID tokens of the configured identity provider with `jose`. */
@Injectable()
export class OidcVerifier {
  private readonly keys: JWTVerifyGetKey | null;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {
    this.keys = config.oidc ? createRemoteJWKSet(new URL(config.oidc.jwksUrl)) : null;
  }

  async verify(token: unknown): Promise<VerifiedIdentity> {
    if (!this.keys || !this.config.oidc) throw new NotFoundError('Third-party sign-in is not configured');
    if (typeof token !== 'string' || token.length === 0 || token.length > 10_000) {
      throw new BadRequestError(
        typeof token === 'string' && token
          ? `${ACCOUNT_FIELD_LABELS.token} is too long`
          : missing(ACCOUNT_FIELD_LABELS.token),
      );
    }
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: this.config.oidc.issuer,
        audience: this.config.oidc.audience,
      });
      if (typeof payload.email !== 'string' || payload.email_verified === false) {
        throw new UnauthorizedError('The identity provider did not confirm an email address');
      }
      const name =
        typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : payload.email.split('@')[0];
      return { email: payload.email, name, subject: String(payload.sub ?? '') };
    } catch (error) {
      if (error instanceof UnauthorizedError) throw error;
      throw new UnauthorizedError('The sign-in token is not valid');
    }
  }
}
