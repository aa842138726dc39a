import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { GoneError } from '#libs/platform/src/errors.js';
import { SQL } from '#libs/platform/src/tokens.js';

export type LinkPurpose = 'reset' | 'invitation';
/** How long each kind of link works. */
export const LINK_LIFETIME_MINUTES: Record<LinkPurpose, number> = { reset: 60, invitation: 7 * 24 * 60 };
/** How many whole days an invitation link works (7), as its mail and its expired page say. */
export const INVITATION_LINK_DAYS = Math.round(LINK_LIFETIME_MINUTES.invitation / (24 * 60));
/**
 * Where an unusable invitation link leads: the expired-link page, told that it was an invitation
 * and how long invitation links work (a reset link's hour is not the invitation's week).
 */
export const INVITATION_EXPIRED_PATH = `/link-expired?link=invitation&days=${INVITATION_LINK_DAYS}`;
/** The spec's message for an expired or used link. */
export const LINK_EXPIRED = 'Your link has expired';

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/** Random, single-use, expiring links; only their hash is stored. */
@Injectable()
export class Links {
  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  async create(userId: string, purpose: LinkPurpose): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.db.query(
      `INSERT INTO identity_links (id, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [hash(code), userId, purpose, LINK_LIFETIME_MINUTES[purpose]],
    );
    return code;
  }

  /** The user of a valid link (unused, not expired) without using it; null otherwise. */
  async peek(code: string, purpose: LinkPurpose): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(code)) return null;
    const found = await this.db.query<{ user_id: string }>(
      `SELECT user_id FROM identity_links WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
      [hash(code), purpose],
    );
    return found.rows[0]?.user_id ?? null;
  }

  /** Uses a link once: answers its user, or 410 "Your link has expired" (unknown, used, or too old). */
  async consume(code: string, purpose: LinkPurpose): Promise<string> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(code)) throw new GoneError(LINK_EXPIRED);
    const used = await this.db.query<{ user_id: string }>(
      `UPDATE identity_links SET used_at = now()
       WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [hash(code), purpose],
    );
    if (!used.rows[0]) throw new GoneError(LINK_EXPIRED);
    return used.rows[0].user_id;
  }

  /**
   * Marks every unused link of a purpose of this user as used (DESIGN.md "Reset links": a
   * successful reset invalidates every other reset link of that user). Answers how many.
   */
  async revokeAll(userId: string, purpose: LinkPurpose): Promise<number> {
    const revoked = await this.db.query(
      `UPDATE identity_links SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL RETURNING id`,
      [userId, purpose],
    );
    return revoked.rows.length;
  }
}
