import { USER } from '#libs/identity/src/domain/deciders.js';
import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import type { ProcessContext, ProcessManager } from '#libs/platform/src/projections/projection.js';

/** What this process reads of the organisations context's `MemberInvited` (its event, not its tables). */
interface Invited {
  userId: string;
  email: string;
  name: string;
  /** The person had no account: the invitation makes one. */
  newUser?: boolean;
}

/**
 * A password no one can use: an invitee's account has none until they choose it through the
 * invitation link (`must_set_password`). argon2 cannot read it, so no password matches it.
 */
const NO_PASSWORD = '!invited';

/**
 * Reserves the invitee's email for their new account (the credentials row, as a registration
 * writes it first), unless it is theirs already. Idempotent: a retry finds the row.
 */
async function reserveInviteeCredentials(db: SqlExecutor, userId: string, email: string): Promise<void> {
  await db.query(
    `INSERT INTO identity_credentials (user_id, email, password_hash, must_set_password) VALUES ($1, $2, $3, true) ON CONFLICT DO NOTHING`,
    [userId, email, NO_PASSWORD],
  );
}

/**
 * Invitee accounts (DESIGN.md "Process managers"): a person invited to an organisation who has no
 * account gets one (a writer, who must choose a password first), under the user id the invitation
 * names, so the membership and the account meet without either context reading the other's tables.
 */
export const inviteeAccountsProcess: ProcessManager = {
  name: 'invitee-accounts',
  handles: ['MemberInvited'],
  async react(event: RecordedEvent, context: ProcessContext): Promise<DecideCommand[]> {
    const data = event.data as unknown as Invited;
    if (!data.newUser) return [];
    await reserveInviteeCredentials(context.read, data.userId, data.email);
    return [
      new DecideCommand(USER, data.userId, {
        type: 'Register',
        actor: { userId: 'system', roles: ['system'] },
        data: { email: data.email, name: data.name, role: 'writer' },
      }),
    ];
  },
};
