import { Inject, Injectable } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { TooManyRequestsError } from '#libs/platform/src/errors.js';
import { SQL } from '#libs/platform/src/tokens.js';

/** Failures counted over this window. */
export const WINDOW_MINUTES = 15;
/**
 * DESIGN.md "Login throttling": failures count per (account, address) and per address, so nobody
 * can lock an account from another address. From `slowAfter` failures each attempt waits a little
 * longer before it is checked; from `lockAfter` attempts are refused (429) until the window has
 * passed. The account over all addresses is only slowed down, never refused. An address (an
 * office behind one NAT) gets more room than one account from it.
 */
export const LIMITS = {
  accountAddress: { slowAfter: 3, lockAfter: 10 },
  address: { slowAfter: 20, lockAfter: 100 },
  account: { slowAfter: 10, lockAfter: null },
} as const satisfies Record<string, { slowAfter: number; lockAfter: number | null }>;
/** Each failure past `slowAfter` adds this much wait, up to `MAX_DELAY_MS`. */
export const DELAY_STEP_MS = 250;
export const MAX_DELAY_MS = 2000;
export const TOO_MANY_ATTEMPTS = `Too many failed login attempts. Please try again in ${WINDOW_MINUTES} minutes.`;

type Scope = keyof typeof LIMITS;

/**
 * Slows down, then refuses, repeated failed logins. Failures live in a table, so every API
 * replica sees the same counts. Keys: `acct:{email}|ip:{address}`, `ip:{address}`, `email:{email}`.
 */
@Injectable()
export class LoginThrottle {
  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  private keys(email: string, address: string): Record<Scope, string> {
    const account = email.trim().toLowerCase();
    return { accountAddress: `acct:${account}|ip:${address}`, address: `ip:${address}`, account: `email:${account}` };
  }

  /** Waits as long as recent failures ask for, or refuses with 429 (and `Retry-After`). */
  async before(email: string, address: string): Promise<void> {
    const keys = this.keys(email, address);
    const result = await this.db.query<{ key: string; failures: string }>(
      `SELECT key, count(*)::text AS failures FROM identity_login_failures
       WHERE key = ANY($1::text[]) AND failed_at > now() - make_interval(mins => $2) GROUP BY key`,
      [Object.values(keys), WINDOW_MINUTES],
    );
    let delay = 0;
    for (const scope of Object.keys(keys) as Scope[]) {
      const row = result.rows.find((r) => r.key === keys[scope]);
      if (!row) continue;
      const failures = Number(row.failures);
      const limit: { slowAfter: number; lockAfter: number | null } = LIMITS[scope];
      if (limit.lockAfter !== null && failures >= limit.lockAfter) {
        throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, { retryAfterSeconds: WINDOW_MINUTES * 60 });
      }
      if (failures >= limit.slowAfter)
        delay = Math.max(delay, Math.min(DELAY_STEP_MS * (failures - limit.slowAfter + 1), MAX_DELAY_MS));
    }
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
  }

  async failed(email: string, address: string): Promise<void> {
    await this.db.query('INSERT INTO identity_login_failures (key) SELECT unnest($1::text[])', [
      Object.values(this.keys(email, address)),
    ]);
    await this.db.query(`DELETE FROM identity_login_failures WHERE failed_at < now() - make_interval(mins => $1)`, [
      WINDOW_MINUTES * 4,
    ]);
  }

  /** A successful login clears the account's failures (from this address and overall), not the address's. */
  async succeeded(email: string, address: string): Promise<void> {
    const keys = this.keys(email, address);
    await this.db.query('DELETE FROM identity_login_failures WHERE key = ANY($1::text[])', [
      [keys.accountAddress, keys.account],
    ]);
  }
}
