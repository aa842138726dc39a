import { Inject, Injectable } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { TooManyRequestsError } from '#libs/platform/src/errors.js';
import { SQL } from '#libs/platform/src/tokens.js';

/** Failures counted over this window, per account and per address. */
export const WINDOW_MINUTES = 15;
/**
 * Per account: from `slowAfter` failures each attempt waits a little longer before it is checked;
 * from `lockAfter` attempts are refused until the window has passed. An address (shared by an
 * office behind one NAT) gets more room than an account.
 */
export const LIMITS = {
  email: { slowAfter: 3, lockAfter: 10 },
  ip: { slowAfter: 20, lockAfter: 100 },
} as const;
export const TOO_MANY_ATTEMPTS = `Too many failed login attempts. Please try again in ${WINDOW_MINUTES} minutes.`;

/**
 * Slows down, then refuses, repeated failed logins for one account or one address. Failures
 * live in a table, so every API replica sees the same counts.
 */
@Injectable()
export class LoginThrottle {
  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  private keys(email: string, address: string): string[] {
    return [`email:${email.toLowerCase()}`, `ip:${address}`];
  }

  /** Waits as long as recent failures ask for, or refuses with 429. */
  async before(email: string, address: string): Promise<void> {
    const result = await this.db.query<{ key: string; failures: string }>(
      `SELECT key, count(*)::text AS failures FROM identity_login_failures
       WHERE key = ANY($1::text[]) AND failed_at > now() - make_interval(mins => $2) GROUP BY key`,
      [this.keys(email, address), WINDOW_MINUTES],
    );
    let delay = 0;
    for (const row of result.rows) {
      const limit = row.key.startsWith('email:') ? LIMITS.email : LIMITS.ip;
      const failures = Number(row.failures);
      if (failures >= limit.lockAfter) throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, { retryAfterSeconds: WINDOW_MINUTES * 60 });
      if (failures >= limit.slowAfter) delay = Math.max(delay, Math.min(250 * (failures - limit.slowAfter + 1), 2000));
    }
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
  }

  async failed(email: string, address: string): Promise<void> {
    await this.db.query('INSERT INTO identity_login_failures (key) SELECT unnest($1::text[])', [this.keys(email, address)]);
    await this.db.query(`DELETE FROM identity_login_failures WHERE failed_at < now() - make_interval(mins => $1)`, [WINDOW_MINUTES * 4]);
  }

  /** A successful login clears the account's failures (not the address's). */
  async succeeded(email: string): Promise<void> {
    await this.db.query('DELETE FROM identity_login_failures WHERE key = $1', [`email:${email.toLowerCase()}`]);
  }
}
