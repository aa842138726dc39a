import { NOTIFICATION_RECIPIENT } from '#libs/cro/src/domain/deciders.js';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import type { MailSender } from '#libs/platform/src/mail.js';
import { memberOf, organisationName } from '#libs/organisations/src/projections/queries.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import type { Actor } from '#libs/platform/src/decider.js';
import { AppError } from '#libs/platform/src/errors.js';
import { escapeHtml } from '#libs/platform/src/html.js';
import { publicBaseUrl } from '#libs/platform/src/http/public-url.js';
import type { Logger } from '#libs/platform/src/logging.js';
import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { CONFIG, LOGGER, MAILER, PEOPLE, SQL } from '#libs/platform/src/tokens.js';
import {
  CONFIRMATION_LINK_MS,
  NOTIFICATION_RECIPIENT_STREAM,
  codeHash,
  normalAddress,
  notificationRecipientId,
} from '../domain/notification-recipient.decider.js';
import { recipientStatuses, takeOrganisationMail } from '../projections/notification-mail.js';

/** Confirmation mails one organisation may cause per day (on top of one per address per day). */
export const CONFIRMATION_MAILS_PER_DAY = 50;

/** Where a recipient of a CTA's notification stands: a member, or an outside address and its confirmation. */
export type RecipientStanding = 'member' | 'confirmed' | 'pending' | 'declined' | 'unconfirmed';

/**
 * The recipients of CTA email notifications (issue 25, "Open mail relay"): who is a member of the
 * organisation (read through the identity and organisations contexts' exported functions), who
 * confirmed, and the confirmation mails a CTA's save causes.
 */
@Injectable()
export class NotificationRecipients {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(PEOPLE) private readonly people: PeopleDirectory,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
    @Inject(MAILER) private readonly mailer: MailSender,
  ) {}

  /** Whether `address` is the email of an active (accepted) member of the organisation. */
  async isMember(organisationId: string, address: string): Promise<boolean> {
    const userId = await this.people.idByEmail(normalAddress(address));
    if (!userId) return false;
    return (await memberOf(this.db, organisationId, userId))?.status === 'accepted';
  }

  /** Where each address stands, in the order given (each address once, letter case aside). */
  async standing(
    organisationId: string,
    addresses: readonly string[],
  ): Promise<Array<{ address: string; status: RecipientStanding }>> {
    const unique = [...new Map(addresses.map((a) => [normalAddress(a), a])).values()];
    const statuses = await recipientStatuses(this.db, organisationId, unique);
    const out: Array<{ address: string; status: RecipientStanding }> = [];
    for (const address of unique) {
      const status: RecipientStanding = (await this.isMember(organisationId, address))
        ? 'member'
        : (statuses.get(normalAddress(address)) ?? 'unconfirmed');
      out.push({ address, status });
    }
    return out;
  }

  /** May this address receive the organisation's notifications: a member, or confirmed. */
  async mayReceive(organisationId: string, address: string): Promise<boolean> {
    const [{ status }] = await this.standing(organisationId, [address]);
    return status === 'member' || status === 'confirmed';
  }

  /**
   * After a CTA was saved with these recipients: each one that is neither a member nor confirmed
   * (nor declined) gets a confirmation mail, at most once a day per organisation (the decider's
   * rule) and within the organisation's daily confirmations. Never fails the save: a mail that
   * cannot be sent is logged.
   */
  async requestConfirmations(
    organisationId: string,
    recipients: readonly string[],
    actor: Actor,
    correlationId: string,
  ): Promise<void> {
    let last: DecideResult | null = null;
    try {
      for (const { address, status } of await this.standing(organisationId, recipients)) {
        if (status !== 'unconfirmed' && status !== 'pending') continue;
        const id = notificationRecipientId(organisationId, address);
        const code = `${id}.${randomBytes(32).toString('base64url')}`;
        const command = {
          type: 'RequestConfirmation' as const,
          actor,
          data: {
            organisationId,
            address: normalAddress(address),
            codeHash: codeHash(code),
            at: new Date().toISOString(),
          },
        };
        const result: DecideResult = await this.commands.execute(
          new DecideCommand(NOTIFICATION_RECIPIENT, id, command, { organisationId, correlationId }),
        );
        if (result.events.length === 0) continue;
        last = result;
        if (!(await takeOrganisationMail(this.db, organisationId, 'confirmation', CONFIRMATION_MAILS_PER_DAY))) {
          this.log.warn({ organisationId }, 'CTA notification recipients: the daily confirmation mails are used up');
          continue;
        }
        await this.mailer.send(await this.confirmationMail(organisationId, normalAddress(address), code));
      }
      if (last) await this.projections.waitForResult(last);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return;
      this.log.warn(
        { err: error, organisationId },
        'CTA notification recipients: a confirmation could not be requested',
      );
    }
  }

  private async confirmationMail(organisationId: string, address: string, code: string) {
    const organisation = headerText((await organisationName(this.db, organisationId)) ?? 'An organisation', 100);
    // Links from PUBLIC_URL only (never a request's Host): an empty request falls back to localhost.
    const link = `${publicBaseUrl(this.config, { headers: {} })}/api/public/notification-recipients/confirm/${encodeURIComponent(code)}`;
    const days = Math.round(CONFIRMATION_LINK_MS / 86_400_000);
    return {
      to: address,
      subject: `Confirm form notifications from ${organisation}`,
      text: [
        `${organisation} would like to send you notifications of form submissions on their website.`,
        `Nothing is sent to ${address} unless you confirm. Open this link within ${days} days to confirm or to refuse:`,
        '',
        link,
        '',
        'If you do not know them, you can ignore this mail.',
      ].join('\n'),
      html:
        `<p>${escapeHtml(organisation)} would like to send you notifications of form submissions on their website.</p>` +
        `<p>Nothing is sent to ${escapeHtml(address)} unless you confirm: <a href="${escapeHtml(link)}">confirm or refuse</a> (the link works for ${days} days).</p>` +
        '<p>If you do not know them, you can ignore this mail.</p>',
    };
  }
}

/** Text for a mail header: no line breaks or other control characters, at most `max` characters. */
export const headerText = (text: string, max: number) =>
  text
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, max);
