// A form CTA's email notification is no open mail relay (issue 25, "Open mail relay"), through the
// real HTTP stack and a real SMTP server on 127.0.0.1 (smtp-server) that records every mail as
// sent: anonymous submissions at `POST /api/public/collect` mail only members of the CTA's
// organisation and addresses that confirmed by the link of a confirmation mail (one per address
// per organisation per day, built from PUBLIC_URL); From is MAIL_FROM's address (the CTA's sender
// name as display name, sanitised), Reply-To only a member's or a confirmed address, the subject
// one line of at most 200 characters; a visitor's submissions are mailed 3 times per CTA per hour
// and an organisation's mails per day are capped (`CRO_NOTIFICATION_MAILS_PER_DAY`, 14 here).
// Every expected answer is typed out by hand.
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { OWNER, boot, listQuery, setups, signIn, until, type Agent, type Booted } from './setups.js';

const SHOP = 'https://shop.demo.example';
const MEMBER = 'editor@demo.example';
const OUTSIDER = 'outsider@elsewhere.example';
const STRANGER = 'boss@elsewhere.example';
const NOT_CONFIRMED = 'Not sent: recipient not confirmed';
const QUOTA = 'Not sent: quota';

interface Sent {
  to: string[];
  headers: Map<string, string>;
  body: string;
}

/** Undoes quoted-printable soft line breaks and escapes, as a mail client would. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A header's value as a mail client shows it: unfolded, encoded words (RFC 2047) decoded. */
function headerValue(raw: string): string {
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function parseMail(raw: string, to: string[]): Sent {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), headerValue(line.slice(colon + 1).trim()));
  }
  return { to, headers, body: decodeQuotedPrintable(rest.join('\n\n')) };
}

type Delivery = { target: string; status: string; lastError: string | null };
type Submission = { id: string; deliveries: Delivery[] };

describe('CTA email notifications are no open relay', () => {
  const received: Sent[] = [];
  let smtp: SMTPServer;
  let t: Booted;
  let owner: Agent;
  let shop: { id: string; key: string };
  let ctaId = '';
  /** The submissions stored so far. */
  let stored = 0;
  const now = Date.now();
  const at = (seconds: number) => new Date(now - 600_000 + seconds * 1000).toISOString();

  const collect = (events: unknown[]) =>
    request(t.url)
      .post('/api/public/collect')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ siteKey: shop.key, events }));
  const submission = (id: string, distinctId: string, second = 0) => ({
    id,
    name: 'form_submitted',
    distinctId,
    sessionId: `s-${distinctId}`,
    time: at(second),
    url: `${SHOP}/contact`,
    ctaId,
    fields: { email: `${distinctId}@visitors.example` },
  });
  /** The CTA's submissions once none has a delivery waiting. */
  const settled = (count: number) =>
    until(
      'the deliveries',
      async () =>
        (await owner.get(`/api/ctas/${ctaId}/submissions?${listQuery({ range: [0, 999] })}`)).body as Submission[],
      (rows) => rows.length >= count && rows.every((r) => r.deliveries.every((d) => d.status !== 'pending')),
      90_000,
    );
  const deliveriesOf = async (ids: string[], count: number) =>
    (await settled(count))
      .filter((r) => ids.includes(r.id))
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((r) => [r.id, r.deliveries.map((d) => [d.target, d.status, d.lastError])]);
  const mailsTo = (address: string) => received.filter((m) => m.to.includes(address));
  const notificationsTo = (address: string) =>
    mailsTo(address).filter((m) => !m.headers.get('subject')!.startsWith('Confirm form notifications'));

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(
            parseMail(
              raw,
              session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            ),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    t = await boot(setups[0], {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://console.example',
      MAIL_FROM: 'Platform <no-reply@platform.example>',
      CRO_NOTIFICATION_MAILS_PER_DAY: '14',
      CRO_DELIVERY_RETRY_MS: '100',
    });
    owner = await signIn(t.url, OWNER);
    const websites = (await owner.get('/api/websites')).body as Array<{ id: string; name: string; key: string }>;
    shop = websites.find((w) => w.name === 'Demo Shop')!;
    const created = await owner.post('/api/ctas').send({
      websiteId: shop.id,
      name: 'Relay test',
      type: 'form',
      items: [
        { type: 'email', label: 'Email', name: 'email', required: true },
        { type: 'button', label: 'Send' },
      ],
      emailNotification: {
        recipients: [MEMBER, OUTSIDER],
        senderName: 'Shop <ceo@bank.example>\r\nBcc: victim@elsewhere.example',
        senderEmail: STRANGER,
        subject: `Lead\r\nBcc: victim@elsewhere.example ${'x'.repeat(300)}`.slice(0, 300),
        message: 'A visitor wrote in.',
      },
    });
    expectWith(created.status, JSON.stringify(created.body)).toBe(201);
    ctaId = created.body.id as string;
    const published = await owner.post(`/api/ctas/${ctaId}/actions/Publish`).send({});
    expectWith(published.status, JSON.stringify(published.body)).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('mails a member the notification and an outside address only one confirmation mail, whatever the saves and submissions', async () => {
    // A second save the same day asks nothing again.
    const saved = await owner.put(`/api/ctas/${ctaId}`).send({ name: 'Relay test (saved again)' });
    expectWith(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.notificationRecipients).toEqual([
      { address: MEMBER, status: 'member' },
      { address: OUTSIDER, status: 'pending' },
    ]);
    const accepted = await collect([submission('relay-1', 'visitor-1')]);
    expectWith(accepted.body, 'collect').toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    expect(await deliveriesOf(['relay-1'], 1)).toEqual([
      [
        'relay-1',
        [
          [`mail:${MEMBER}`, 'sent', null],
          [`mail:${OUTSIDER}`, 'failed', NOT_CONFIRMED],
        ],
      ],
    ]);
    expect(notificationsTo(MEMBER).length).toBe(1);
    expect(notificationsTo(MEMBER)[0].body).toContain('email: visitor-1@visitors.example');
    const outsider = mailsTo(OUTSIDER);
    expect(outsider.map((m) => m.headers.get('subject'))).toEqual(['Confirm form notifications from Demo Publishing']);
    expect(outsider[0].body).toMatch(
      /https:\/\/console\.example\/api\/public\/notification-recipients\/confirm\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/,
    );
    // Nothing to the addresses the sender name and subject tried to add.
    expect(mailsTo('victim@elsewhere.example')).toEqual([]);
    expect(mailsTo(STRANGER)).toEqual([]);
  });

  it('after the link is confirmed, the outside address gets later notifications', async () => {
    const link =
      /https:\/\/console\.example(\/api\/public\/notification-recipients\/confirm\/([0-9a-f-]{36}\.[A-Za-z0-9_-]{43}))/.exec(
        mailsTo(OUTSIDER)[0].body,
      )!;
    const [, path, code] = link;
    // Opening the link changes nothing (mail scanners open links): it shows the buttons.
    const page = await request(t.url).get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<form method="post" action="/api/public/notification-recipients/confirm/${code}">`);
    expect((await owner.get(`/api/ctas/${ctaId}`)).body.notificationRecipients).toEqual([
      { address: MEMBER, status: 'member' },
      { address: OUTSIDER, status: 'pending' },
    ]);
    const wrong = await request(t.url).post(`/api/public/notification-recipients/confirm/${code.slice(0, -4)}AAAA`);
    expect([wrong.status, wrong.body.message]).toEqual([404, 'This confirmation link is not valid or has expired']);
    const confirmed = await request(t.url).post(path);
    expectWith(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toEqual({
      status: 'confirmed',
      message: 'Thank you: you will receive these notifications.',
    });
    expect((await owner.get(`/api/ctas/${ctaId}`)).body.notificationRecipients).toEqual([
      { address: MEMBER, status: 'member' },
      { address: OUTSIDER, status: 'confirmed' },
    ]);
    await collect([submission('relay-2', 'visitor-2', 1)]);
    expect(await deliveriesOf(['relay-2'], 2)).toEqual([
      [
        'relay-2',
        [
          [`mail:${MEMBER}`, 'sent', null],
          [`mail:${OUTSIDER}`, 'sent', null],
        ],
      ],
    ]);
    expect(notificationsTo(OUTSIDER).map((m) => m.body.includes('email: visitor-2@visitors.example'))).toEqual([true]);
  });

  it("sends from MAIL_FROM's address under the sanitised sender name, with one subject line of at most 200 characters, and Reply-To only to a member or confirmed address", async () => {
    const [mail] = notificationsTo(MEMBER);
    expect(mail.headers.get('from')).toBe(
      '"Shop ceo bank.example Bcc victim elsewhere.example" <no-reply@platform.example>',
    );
    expect(mail.headers.has('reply-to')).toBe(false);
    expect(mail.headers.get('subject')).toBe(
      `Lead Bcc: victim@elsewhere.example ${'x'.repeat(200 - 'Lead Bcc: victim@elsewhere.example '.length)}`,
    );
    expect(mail.headers.has('bcc')).toBe(false);
    // The sender email is now the confirmed outside address: answers may go there.
    const updated = await owner.put(`/api/ctas/${ctaId}`).send({
      emailNotification: {
        recipients: [MEMBER, OUTSIDER],
        senderName: 'Demo Shop',
        senderEmail: OUTSIDER,
        subject: 'New lead',
        message: '',
      },
    });
    expectWith(updated.status, JSON.stringify(updated.body)).toBe(200);
    await collect([submission('relay-3', 'visitor-3', 2)]);
    await deliveriesOf(['relay-3'], 3);
    const replied = notificationsTo(MEMBER).find((m) => m.body.includes('visitor-3@'))!;
    expect([replied.headers.get('from'), replied.headers.get('reply-to'), replied.headers.get('subject')]).toEqual([
      'Demo Shop <no-reply@platform.example>',
      `Demo Shop <${OUTSIDER}>`,
      'New lead',
    ]);
    // A saved address list or name that is not one mailbox is refused.
    const listed = await owner.put(`/api/ctas/${ctaId}`).send({
      emailNotification: {
        recipients: [`Victim <victim@elsewhere.example>`],
        senderName: 'Demo Shop',
        senderEmail: OUTSIDER,
        subject: 'New lead',
        message: '',
      },
    });
    expect([listed.status, listed.body.errors?.['emailNotification.recipients.0']]).toEqual([
      422,
      'Please enter a valid email address.',
    ]);
    // Still one confirmation mail to the outsider in all.
    expect(mailsTo(OUTSIDER).filter((m) => m.headers.get('subject')!.startsWith('Confirm')).length).toBe(1);
  });

  it('mails at most 3 submissions of one visitor per CTA and hour: 100 in one request make 3 notifications per recipient', async () => {
    const before = notificationsTo(MEMBER).length;
    const flood = Array.from({ length: 100 }, (_, i) =>
      submission(`flood-${String(i).padStart(3, '0')}`, 'flooder', 10 + i),
    );
    const answer = await collect(flood);
    expectWith(answer.status, JSON.stringify(answer.body)).toBe(200);
    stored = 3 + answer.body.accepted;
    const rows = (await settled(stored)).filter((r) => r.id.startsWith('flood-'));
    expect(rows.length).toBe(answer.body.accepted);
    const outcomes = rows.flatMap((r) => r.deliveries.map((d) => `${d.status} ${d.lastError ?? ''}`.trim()));
    const count = (what: string) => outcomes.filter((o) => o === what).length;
    expect([count('sent'), count(`failed ${QUOTA}`), outcomes.length]).toEqual([
      6,
      2 * answer.body.accepted - 6,
      2 * answer.body.accepted,
    ]);
    expect(notificationsTo(MEMBER).length - before).toBe(3);
  }, 120_000);

  it('sends no more notification mails per organisation and day than CRO_NOTIFICATION_MAILS_PER_DAY (14 here)', async () => {
    // 1 + 2 + 2 + 6 = 11 sent so far: of 10 new visitors' submissions (20 mails) only 3 more go out.
    const total = () =>
      received.filter((m) => !m.headers.get('subject')!.startsWith('Confirm form notifications')).length;
    expect(total()).toBe(11);
    const answer = await collect(
      Array.from({ length: 10 }, (_, i) => submission(`day-${i}`, `day-visitor-${i}`, 200 + i)),
    );
    expect(answer.body.accepted).toBe(10);
    const rows = (await settled(stored + 10)).filter((r) => r.id.startsWith('day-'));
    const outcomes = rows.flatMap((r) => r.deliveries.map((d) => `${d.status} ${d.lastError ?? ''}`.trim()));
    expect([
      outcomes.filter((o) => o === 'sent').length,
      outcomes.filter((o) => o === `failed ${QUOTA}`).length,
    ]).toEqual([3, 17]);
    expect(total()).toBe(14);
  });
});
