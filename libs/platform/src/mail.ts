/**
 * A port: sending a mail. The identity context provides it (token `MAILER`: SMTP, or its outbox in
 * the offline demo); other contexts (cro's submissions and recipient confirmations) depend on
 * this interface, never on identity's module or tables.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go (a CTA's sender); the mail itself is always sent from `MAIL_FROM`. */
  replyTo?: { name: string; address: string };
  /** The sender's display name instead of `MAIL_FROM`'s (a CTA's sender name): the address stays `MAIL_FROM`'s. */
  fromName?: string;
}

export interface MailSender {
  send(mail: Mail): Promise<void>;
}
