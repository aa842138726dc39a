import { Inject, Injectable } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import type { Mail, MailSender } from '#libs/platform/src/mail.js';
import { CONFIG, SQL } from '#libs/platform/src/tokens.js';

export type { Mail };

/** The address of a mailbox written `Name <address>` (or the bare address). */
export function mailboxAddress(mailbox: string): string {
  const angled = /<([^<>]*)>\s*$/.exec(mailbox);
  return (angled ? angled[1] : mailbox).trim();
}

/**
 * Sends mail through `SMTP_URL` with nodemailer. Without it (the offline demo) mails are kept
 * in an outbox a platform admin reads in the console.
 */
@Injectable()
export class Mailer implements MailSender {
  private readonly transport: Transporter | null;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(SQL) private readonly db: SqlDriver,
  ) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport) {
      const { fromName, ...rest } = mail;
      const from = fromName ? { name: fromName, address: mailboxAddress(this.config.mailFrom) } : this.config.mailFrom;
      await this.transport.sendMail({ ...rest, from });
      return;
    }
    await this.db.query(
      'INSERT INTO identity_outbox (recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4)',
      [mail.to, mail.subject, mail.text, mail.html],
    );
  }
}
