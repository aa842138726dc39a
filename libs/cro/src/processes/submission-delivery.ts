import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import type { Mail, MailSender } from '#libs/platform/src/mail.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { escapeHtml } from '#libs/platform/src/html.js';
import type { Logger } from '#libs/platform/src/logging.js';
import { CONFIG, LOGGER, MAILER, SQL } from '#libs/platform/src/tokens.js';
import type { IntegrationSettings } from '../domain/cro-fields.js';
import { formFields } from '../domain/submission-fields.js';
import { forwardingRequests, send, type SendResult, type Submission } from '../integrations/forwarding.js';
import { submissionVisitor, takeOrganisationMail, takeVisitorSubmission } from '../projections/notification-mail.js';
import { NotificationRecipients, headerText } from './notification-recipients.js';
import { integrationSecrets } from '../integrations/secrets.js';
import {
  MAX_DELIVERY_ATTEMPTS,
  claimDueDeliveries,
  ctaDeliverySettings,
  nextDeliveryDue,
  recordAttempt,
  type ClaimedDelivery,
  type CtaDeliverySettings,
  type QueuedDelivery,
} from '../projections/submissions.js';

/** The reader-facing outcome of a mail to an address that is neither a member nor confirmed. */
export const NOT_CONFIRMED = 'Not sent: recipient not confirmed';
/** The reader-facing outcome of a mail beyond the visitor's or the organisation's quota. */
export const OVER_QUOTA = 'Not sent: quota';

/** The mail target of one recipient. */
export const mailTarget = (recipient: string) => `mail:${recipient}`;

/**
 * Where a submission to this CTA goes: each recipient of its email notification, and each
 * connected integration that can be called (HubSpot needs a form id, Zoho a token: the same rule
 * as `forwardingRequests`).
 */
export function deliveryTargets(cta: CtaDeliverySettings, _config?: unknown): string[] {
  const targets = [...new Set(cta.emailNotification?.recipients ?? [])].map(mailTarget);
  for (const integration of cta.integrations) {
    if (integration.kind === 'hubspot' && !integration.settings.formId) continue;
    // Zoho needs the organisation's own token (connected before tokens were settings: none, nothing to send).
    if (integration.kind === 'zoho' && !integration.settings.tokenHint) continue;
    targets.push(integration.kind);
  }
  return targets;
}

/** The deliveries of the submissions just stored. */
export function deliveriesOf(
  submissions: readonly { id: string; ctaId: string; time?: string }[],
  ctas: ReadonlyMap<string, CtaDeliverySettings>,
  config?: unknown,
): QueuedDelivery[] {
  return submissions.flatMap(({ id, ctaId, time }) => {
    const cta = ctas.get(ctaId);
    return cta
      ? deliveryTargets(cta, config).map((target) => ({ submissionId: id, ctaId, target, submittedAt: time ?? null }))
      : [];
  });
}

/** The wait before attempt `attempts + 1` after `attempts` failed: `base`, then doubling (30 s, 1, 2, 4 min by default). */
export const retryDelayMs = (base: number, attempts: number) => base * 2 ** Math.max(0, attempts - 1);

/** An answer that a retry cannot change: a refused destination, a redirect (never followed), or a 4xx other than 408 and 429. */
function permanent(result: { status: number | null; error: string | null }): boolean {
  if (result.error === 'refused' || result.error?.startsWith('Not sent:')) return true;
  return (
    result.status !== null &&
    result.status >= 300 &&
    result.status < 500 &&
    result.status !== 408 &&
    result.status !== 429
  );
}

/** A CTA's sender name as a display name: no line breaks and none of `<>@",;:\\` (it never reads as an address), at most 100 characters. */
export const senderDisplayName = (name: string) =>
  headerText(name.replace(/[<>@",;:\\]/g, ' ').replace(/\s+/g, ' '), 100);

/** A CTA's subject as a mail header: one line, at most 200 characters. */
export const notificationSubject = (subject: string) => headerText(subject, 200) || 'New form submission';

/**
 * The notification mail of a submission: the CTA's subject and message, then the fields, the page
 * and the time (every user text escaped in the HTML part). It is sent from `MAIL_FROM`'s address
 * with the CTA's sender name as display name; Reply-To is the CTA's sender email only when
 * `replyTo` (that address is a member of the organisation or a confirmed recipient).
 */
export function submissionMail(
  recipient: string,
  cta: CtaDeliverySettings,
  submission: Submission,
  options: { replyTo: boolean } = { replyTo: false },
): Mail {
  const notification = cta.emailNotification!;
  const lines = Object.entries(submission.fields).map(([name, value]) => `${name}: ${value}`);
  const text = [
    ...(notification.message ? [notification.message, ''] : []),
    `A form of the CTA "${cta.name}" was submitted.`,
    '',
    ...lines,
    '',
    `Page: ${submission.url ?? '(unknown)'}`,
    `Time: ${submission.time}`,
  ].join('\n');
  const rows = Object.entries(submission.fields)
    .map(([name, value]) => `<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const html = [
    notification.message ? `<p>${escapeHtml(notification.message)}</p>` : '',
    `<p>A form of the CTA &quot;${escapeHtml(cta.name)}&quot; was submitted.</p>`,
    `<table>${rows}</table>`,
    `<p>Page: ${escapeHtml(submission.url ?? '(unknown)')}<br>Time: ${escapeHtml(submission.time)}</p>`,
  ].join('');
  const fromName = senderDisplayName(notification.senderName ?? '');
  return {
    to: recipient,
    subject: notificationSubject(notification.subject ?? ''),
    text,
    html,
    ...(fromName ? { fromName } : {}),
    ...(options.replyTo ? { replyTo: { name: fromName, address: notification.senderEmail } } : {}),
  };
}

/** How long a taken delivery stays taken (a send takes at most 10 s). */
const LEASE_MS = 60_000;
const BATCH = 20;
/** The longest idle sleep: deliveries queued by another process are found within it. */
const IDLE_MS = 5_000;

/**
 * The delivery job of form submissions (issue 13): a loop in every API process over the durable
 * queue `cro_submission_deliveries` (libs/cro/src/projections/submissions.ts). It takes the due
 * rows (several processes share the queue: a row is taken by one of them under a lease), sends
 * each (a mail through the Mailer, or an integration's request from
 * libs/cro/src/integrations/forwarding.ts, the webhook signed with the CTA's secret), and records
 * the outcome: `sent`; or a retry after `CRO_DELIVERY_RETRY_MS`, doubling after each failure; or
 * `failed` after `MAX_DELIVERY_ATTEMPTS` attempts, or at once when the answer says a retry cannot
 * help (a refused destination, a 4xx). A sent delivery is never sent again; a process that dies
 * in the middle of a send leaves the row taken until its lease ends, and it is retried then
 * (receivers tell the retry by the submission's `id`). Collect wakes it when it queues; otherwise
 * it sleeps until the next row is due (at most 5 s).
 */
@Injectable()
export class SubmissionDeliveryJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private again = false;

  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(MAILER) private readonly mailer: MailSender,
    private readonly recipients: NotificationRecipients,
  ) {}

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs the loop now (after the run in flight, if any). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.runOnce().finally(() => {
      this.running = null;
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.again) {
      this.again = false;
      this.wake();
      return;
    }
    void nextDeliveryDue(this.db)
      .catch(() => null)
      .then((due) => {
        if (this.stopped || this.running || this.timer) return;
        const wait = due ? Math.min(Math.max(due.getTime() - Date.now(), 5), IDLE_MS) : IDLE_MS;
        this.timer = setTimeout(() => {
          this.timer = null;
          this.wake();
        }, wait);
        this.timer.unref?.();
      });
  }

  /** Takes and sends due deliveries until none is due. */
  private async runOnce(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) return;
        const due = await claimDueDeliveries(this.db, randomUUID(), BATCH, LEASE_MS);
        if (due.length === 0) return;
        for (const delivery of due) {
          if (this.stopped) return;
          await this.deliver(delivery);
        }
      }
    } catch (error) {
      // The database is away, or closing: the next wake tries again.
      if (!this.stopped) this.log.warn({ err: error }, 'form submission deliveries: a run failed');
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    // What readers see (the submissions list) says "refused" or "failed" with at most the HTTP
    // status class: never the remote answer, an error's text or an address (no blind-SSRF
    // oracle). The detail goes to the operators' log only.
    const result: SendResult = await this.attempt(delivery).catch((error: unknown) => ({
      ok: false,
      status: null,
      error: 'failed',
      detail: error instanceof Error ? error.message : String(error),
    }));
    if (!result.ok)
      this.log.warn(
        {
          target: delivery.target,
          ctaId: delivery.ctaId,
          submissionId: delivery.submissionId,
          status: result.status,
          detail: result.detail ?? result.error,
        },
        'form submission delivery not sent',
      );
    if (result.ok) {
      await recordAttempt(this.db, delivery, { status: 'sent', httpStatus: result.status, error: null });
      return;
    }
    const giveUp = permanent(result) || delivery.attempts >= MAX_DELIVERY_ATTEMPTS;
    await recordAttempt(this.db, delivery, {
      status: giveUp ? 'failed' : 'pending',
      httpStatus: result.status,
      error: result.error ?? 'failed',
      retryAt: giveUp
        ? undefined
        : new Date(Date.now() + retryDelayMs(this.config.cro.deliveryRetryMs, delivery.attempts)),
    });
  }

  /** One attempt: the mail, or the integration's request as the CTA is configured now. */
  private async attempt(delivery: ClaimedDelivery): Promise<SendResult> {
    if (!delivery.submission) return { ok: false, status: null, error: 'Not sent: the submission is no longer stored' };
    const cta = (await ctaDeliverySettings(this.db, delivery.websiteId, [delivery.ctaId])).get(delivery.ctaId);
    if (!cta) return { ok: false, status: null, error: 'Not sent: the CTA no longer exists' };
    const { time, url, fields } = delivery.submission;
    // Only the CTA's own fields, in the form's order (a visitor's extra names are never mailed or forwarded).
    const submission: Submission = {
      id: delivery.submissionId,
      ctaId: cta.id,
      ctaName: cta.name,
      websiteId: delivery.websiteId,
      time,
      url,
      fields: formFields(fields, cta.items),
    };
    if (delivery.target.startsWith('mail:')) {
      const recipient = delivery.target.slice('mail:'.length);
      if (!cta.emailNotification?.recipients.includes(recipient))
        return { ok: false, status: null, error: 'Not sent: the recipient is no longer on the CTA' };
      return this.mailNotification(delivery, cta, recipient, submission);
    }
    const integration = cta.integrations.find((i) => i.kind === delivery.target) as IntegrationSettings | undefined;
    if (!integration) return { ok: false, status: null, error: 'Not sent: the integration is no longer connected' };
    // URLs, the signing secret and Zoho's token come from the secret store (records hold hints only).
    const secrets = await integrationSecrets(this.db, cta.id, integration.kind);
    const { hubspotUrl, zohoUrl, allowPrivateWebhooks } = this.config.cro;
    const [request] = forwardingRequests(submission, [integration], secrets, cta.crmMapping, { hubspotUrl, zohoUrl });
    if (!request) return { ok: false, status: null, error: 'Not sent: the integration is not configured' };
    return send(request, { allowPrivate: allowPrivateWebhooks });
  }

  /**
   * The mail branch (issue 25, "Open mail relay"): only to a member of the CTA's organisation or an
   * address that confirmed ("Not sent: recipient not confirmed"), within the visitor's quota per
   * CTA per hour and the organisation's per day ("Not sent: quota"); neither is retried.
   */
  private async mailNotification(
    delivery: ClaimedDelivery,
    cta: CtaDeliverySettings,
    recipient: string,
    submission: Submission,
  ): Promise<SendResult> {
    const notification = cta.emailNotification!;
    const visitor = await submissionVisitor(this.db, delivery.websiteId, cta.id, delivery.submissionId);
    if (!visitor) return { ok: false, status: null, error: 'Not sent: the submission is no longer stored' };
    const { organisationId, distinctId } = visitor;
    if (!(await this.recipients.mayReceive(organisationId, recipient)))
      return { ok: false, status: null, error: NOT_CONFIRMED };
    const quota = this.config.notificationMail;
    if (!(await takeVisitorSubmission(this.db, cta.id, distinctId, delivery.submissionId, quota.perVisitorHour)))
      return { ok: false, status: null, error: OVER_QUOTA };
    if (!(await takeOrganisationMail(this.db, organisationId, 'notification', quota.perOrganisationDay)))
      return { ok: false, status: null, error: OVER_QUOTA };
    const replyTo = await this.recipients.mayReceive(organisationId, notification.senderEmail);
    await this.mailer.send(submissionMail(recipient, cta, submission, { replyTo }));
    return { ok: true, status: null, error: null };
  }
}
