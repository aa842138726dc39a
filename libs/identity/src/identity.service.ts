import { USER } from '#libs/identity/src/domain/deciders.js';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import argon2 from 'argon2';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { ConflictError } from '#libs/platform/src/errors.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { CONFIG, EVENT_STORE, SQL } from '#libs/platform/src/tokens.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { SYSTEM, type SignUp, type UserRole } from './domain/user.decider.js';

/** What a limited session may do: `initial-password` (opened by an invitation link) only sets the first password. */
export type SessionPurpose = 'initial-password';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The message for any failed login: never says whether the email exists. */
export const INVALID_LOGIN = 'Invalid email or password';

/** A session's idle expiry moves forward at most this often (a write per request otherwise). */
const SESSION_TOUCH_SECONDS = 60;

/** The user (alias `u`) and their memberships with the member record's product roles and websites. */
const VIEWER_COLUMNS = `u.email, u.name, u.role, u.platform_admin,
  coalesce((SELECT json_agg(json_build_object('organisationId', m.organisation_id, 'role', m.role, 'cmsRole', r.cms_role,
                                              'croRole', r.cro_role, 'websiteIds', r.website_ids))
            FROM rm_viewer_memberships m LEFT JOIN rm_viewer_access r ON r.organisation_id = m.organisation_id AND r.user_id = m.user_id
            WHERE m.user_id = u.id), '[]'::json) AS memberships`;

interface ViewerRow {
  email: string;
  name: string;
  role: string;
  platform_admin: boolean;
  memberships: Array<{
    organisationId: string;
    role: string;
    cmsRole: string | null;
    croRole: string | null;
    websiteIds: unknown;
  }>;
}

function viewerOf(row: ViewerRow, userId: string, sessionId: string, impersonatorSessionId: string | null): Viewer {
  const memberships =
    typeof row.memberships === 'string' ? (JSON.parse(row.memberships) as ViewerRow['memberships']) : row.memberships;
  return {
    userId,
    email: row.email,
    name: row.name,
    role: row.role,
    platformAdmin: row.platform_admin,
    sessionId,
    impersonatorSessionId,
    memberships: new Map(memberships.map((m) => [m.organisationId, m.role])),
    productRoles: new Map(
      memberships.map((m) => [m.organisationId, { cmsRole: m.cmsRole ?? 'none', croRole: m.croRole ?? 'none' }]),
    ),
    // The websites on each membership; owners and admins reach all regardless (http/tenancy.ts reachableWebsites).
    websiteAccess: new Map(
      memberships.map((m) => [
        m.organisationId,
        Array.isArray(m.websiteIds) ? m.websiteIds.filter((id): id is string => typeof id === 'string') : [],
      ]),
    ),
  };
}

@Injectable()
export class IdentityService {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /** Creates a user with a password. The email is unique (case-insensitively). */
  async register(
    input: {
      email: string;
      name: string;
      password: string;
      role: UserRole;
      platformAdmin?: boolean;
      mustSetPassword?: boolean;
      signUp?: SignUp;
    },
    actor = { userId: SYSTEM, roles: [SYSTEM] },
  ) {
    let id: string = randomUUID();
    const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
    const claimed = await this.db.query(
      `INSERT INTO identity_credentials (user_id, email, password_hash, must_set_password) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [id, input.email, passwordHash, input.mustSetPassword ?? false],
    );
    if (claimed.rowCount !== 1) {
      // Credentials are written before the user's first event; a crash in between leaves them
      // without a user, and the next registration of that email completes it.
      const existing = (await this.findUserIdByEmail(input.email))!;
      if (existing && (await this.store.readStream(`user-${existing}`, { maxCount: 1 })).length === 0) {
        id = existing;
        await this.db.query(
          'UPDATE identity_credentials SET password_hash = $2, updated_at = now() WHERE user_id = $1',
          [id, passwordHash],
        );
      } else {
        throw new ConflictError('A user with this email already exists', {
          email: 'A user with this email already exists',
        });
      }
    }
    let result: DecideResult;
    try {
      result = await this.commands.execute(
        new DecideCommand(USER, id, {
          type: 'Register',
          actor,
          data: {
            email: input.email,
            name: input.name,
            role: input.role,
            platformAdmin: input.platformAdmin,
            ...(input.signUp ? { signUp: input.signUp } : {}),
          },
        }),
      );
    } catch (error) {
      await this.db.query('DELETE FROM identity_credentials WHERE user_id = $1', [id]);
      throw error;
    }
    // The user exists from here on; a sign-up's organisation and membership follow (a process).
    await this.projections.waitForResult(result);
    return { id };
  }

  /** The cost of hashing a new password, spent where no account is made (answers take the same time). */
  async hashLikeRegistration(password: string): Promise<void> {
    await argon2.hash(password, { type: argon2.argon2id });
  }

  async findUserIdByEmail(email: string): Promise<string | null> {
    const found = await this.db.query<{ user_id: string }>(
      'SELECT user_id FROM identity_credentials WHERE lower(email) = lower($1)',
      [email],
    );
    return found.rows[0]?.user_id ?? null;
  }

  /** Answers the user id when the password is right, otherwise null (same cost either way). */
  async verifyPassword(email: string, password: string): Promise<string | null> {
    const found = await this.db.query<{ user_id: string; password_hash: string }>(
      'SELECT user_id, password_hash FROM identity_credentials WHERE lower(email) = lower($1)',
      [email],
    );
    const row = found.rows[0];
    const hash = row?.password_hash ?? DUMMY_HASH;
    const ok = await argon2.verify(hash, password).catch(() => false);
    return ok && row ? row.user_id : null;
  }

  /**
   * A new session; `impersonatorSessionId` marks a login-as, and `scopeOrganisationId` limits
   * what the session sees to one organisation (an owner logged in as one of their members).
   */
  async createSession(
    userId: string,
    impersonatorSessionId: string | null = null,
    scopeOrganisationId: string | null = null,
    purpose: SessionPurpose | null = null,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.query(
      `INSERT INTO identity_sessions (id, user_id, expires_at, impersonator_session_id, scope_organisation_id, purpose)
       VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5, $6)`,
      [
        hashToken(token),
        userId,
        purpose ? 1 : this.config.sessionAbsoluteHours,
        impersonatorSessionId,
        scopeOrganisationId,
        purpose,
      ],
    );
    return token;
  }

  /** A session opened for one purpose (an invitation's first password) becomes an ordinary one. */
  async completeSessionPurpose(sessionId: string): Promise<void> {
    await this.db.query(
      `UPDATE identity_sessions SET purpose = NULL, expires_at = now() + make_interval(hours => $2) WHERE id = $1 AND ended_at IS NULL`,
      [sessionId, this.config.sessionAbsoluteHours],
    );
  }

  /** The stored id of a session token (what `Viewer.sessionId` and impersonation refer to). */
  sessionIdOf(token: string): string {
    return hashToken(token);
  }

  /**
   * The viewer of a session token; null when missing or expired. One round trip reads the
   * session, the user and their memberships; the idle expiry is extended by a write at most once
   * a minute (a read request writes nothing otherwise).
   */
  async resolveSession(token: string): Promise<Viewer | null> {
    const session = await this.db.query<
      ViewerRow & {
        id: string;
        user_id: string;
        impersonator_session_id: string | null;
        demo_organisation_id: string | null;
        scope_organisation_id: string | null;
        purpose: string | null;
        stale: boolean;
      }
    >(
      `SELECT s.id, s.user_id, s.impersonator_session_id, s.demo_organisation_id, s.scope_organisation_id, s.purpose,
              s.last_seen_at < now() - interval '${SESSION_TOUCH_SECONDS} seconds' AS stale, ${VIEWER_COLUMNS}
       FROM identity_sessions s JOIN rm_users u ON u.id = s.user_id
       WHERE s.id = $1 AND s.ended_at IS NULL AND s.expires_at > now()
         AND s.last_seen_at > now() - make_interval(mins => $2)`,
      [hashToken(token), this.config.sessionIdleMinutes],
    );
    const row = session.rows[0];
    if (!row) return null;
    if (row.stale) await this.db.query('UPDATE identity_sessions SET last_seen_at = now() WHERE id = $1', [row.id]);
    let viewer = viewerOf(row, row.user_id, row.id, row.impersonator_session_id);
    if (row.scope_organisation_id) viewer = limitedTo(viewer, row.scope_organisation_id);
    if (row.purpose === 'initial-password') viewer = { ...viewer, sessionPurpose: 'initial-password' };
    return row.demo_organisation_id ? inDemoMode(viewer, row.demo_organisation_id) : viewer;
  }

  /** The person is still there (the console's keep-alive): the idle expiry moves now; answers it. */
  async keepAlive(sessionId: string): Promise<string | null> {
    const found = await this.db.query<{ expires: Date | string }>(
      `UPDATE identity_sessions SET last_seen_at = now() WHERE id = $1
       RETURNING least(expires_at, last_seen_at + make_interval(mins => $2)) AS expires`,
      [sessionId, this.config.sessionIdleMinutes],
    );
    return found.rows[0] ? new Date(found.rows[0].expires).toISOString() : null;
  }

  /** Enters (an organisation id) or leaves (null) demo mode for one session. */
  async setDemoMode(sessionId: string, organisationId: string | null): Promise<void> {
    await this.db.query('UPDATE identity_sessions SET demo_organisation_id = $2 WHERE id = $1', [
      sessionId,
      organisationId,
    ]);
  }

  async endSessionById(sessionId: string): Promise<void> {
    await this.db.query('UPDATE identity_sessions SET ended_at = now() WHERE id = $1', [sessionId]);
  }

  async loadViewer(
    userId: string,
    sessionId: string,
    impersonatorSessionId: string | null = null,
  ): Promise<Viewer | null> {
    const found = await this.db.query<ViewerRow>(`SELECT ${VIEWER_COLUMNS} FROM rm_users u WHERE u.id = $1`, [userId]);
    return found.rows[0] ? viewerOf(found.rows[0], userId, sessionId, impersonatorSessionId) : null;
  }

  /**
   * Replaces a user's password and ends all their sessions but `keepSessionId` (a reset signs
   * out everywhere; setting an invitee's first password keeps the session they set it in).
   */
  async setPassword(userId: string, password: string, keepSessionId: string | null = null): Promise<void> {
    const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
    await this.db.transaction(async (tx) => {
      await tx.query(
        'UPDATE identity_credentials SET password_hash = $2, must_set_password = false, updated_at = now() WHERE user_id = $1',
        [userId, passwordHash],
      );
      await tx.query(
        'UPDATE identity_sessions SET ended_at = now() WHERE user_id = $1 AND ended_at IS NULL AND id IS DISTINCT FROM $2',
        [userId, keepSessionId],
      );
    });
  }

  /** Whether the user was invited and has not chosen a password yet. */
  async mustSetPassword(userId: string): Promise<boolean> {
    const found = await this.db.query<{ must: boolean }>(
      'SELECT must_set_password AS must FROM identity_credentials WHERE user_id = $1',
      [userId],
    );
    return found.rows[0]?.must ?? false;
  }

  async endSession(token: string): Promise<void> {
    await this.db.query('UPDATE identity_sessions SET ended_at = now() WHERE id = $1', [hashToken(token)]);
  }
}

/**
 * The viewer in demo mode: a member of the demo organisation only, with viewer roles and no
 * platform rights (what they see is the demo's data; the guard refuses every change).
 */
export function inDemoMode(viewer: Viewer, organisationId: string): Viewer {
  return {
    ...viewer,
    platformAdmin: false,
    demoOrganisationId: organisationId,
    memberships: new Map([[organisationId, 'member']]),
    // Every website of the demo organisation, whatever the user's own membership there lists.
    websiteAccess: new Map([[organisationId, null]]),
    // A viewer, not an analyst: no audit trail, no reports, no member emails (DESIGN.md "Demo mode").
    productRoles: new Map([[organisationId, { cmsRole: 'none', croRole: 'viewer' }]]),
  };
}

/** A viewer who sees one organisation only (an owner's log-in-as of one of their members). */
function limitedTo(viewer: Viewer, organisationId: string): Viewer {
  const role = viewer.memberships.get(organisationId);
  const productRoles = viewer.productRoles?.get(organisationId);
  return {
    ...viewer,
    platformAdmin: false,
    scopeOrganisationId: organisationId,
    memberships: new Map(role ? [[organisationId, role]] : []),
    productRoles: new Map(productRoles ? [[organisationId, productRoles]] : []),
  };
}

/** Verified against when the email is unknown, so both paths take the same time. */
const DUMMY_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$0rG6uYxvQ1wQ2cA1d0xN7mR2yq3u0q3nYQ9q7r1l2nE';
