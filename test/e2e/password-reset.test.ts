import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { ADMIN, EDITOR, OWNER, WRITER, boot, setups, signIn, type Booted } from './setups.js';

const NEW_PASSWORD = 'N3w-secret!';
const RESET_SENT = 'If an account exists for this email, we have sent a link to reset its password.';

/** Undoes quoted-printable soft line breaks and escapes, as a mail client would. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function resetCodeIn(text: string): string {
  const match = /\/reset-password\?code=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in ${text.slice(0, 500)}`);
  return decodeURIComponent(match[1]);
}

for (const setup of setups) {
  describe(`password reset through the outbox (${setup.name})`, () => {
    let t: Booted;
    beforeAll(async () => {
      t = await boot(setup);
    });
    afterAll(async () => t?.stop());

    const outbox = async () =>
      (await (await signIn(t.url, ADMIN)).get('/api/admin/outbox')).body as Array<{
        to: string;
        subject: string;
        text: string;
      }>;

    it('answers the same for known and unknown emails and mails only the known one', async () => {
      const known = await request(t.url).post('/api/auth/password_reset/send').send({ email: WRITER.email });
      const unknown = await request(t.url)
        .post('/api/auth/password_reset/send')
        .send({ email: 'nobody@nowhere.example' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(known.body.message).toBe(RESET_SENT);
      const mails = await outbox();
      expect(mails.map((m) => m.to)).toEqual([WRITER.email]);
      expect(mails[0].subject).toBe('Reset your password');
      const invalid = await request(t.url).post('/api/auth/password_reset/send').send({ email: 'not-an-email' });
      expect(invalid.status).toBe(422);
      expect(invalid.body.message).toBe('Please enter a valid email address.');
    });

    it('sets a new password once with the link, ends the old sessions, and refuses the link again', async () => {
      const oldSession = await signIn(t.url, WRITER);
      const code = resetCodeIn((await outbox()).find((m) => m.to === WRITER.email)!.text);

      const weak = await request(t.url).post(`/api/auth/password_reset/confirm/${code}`).send({ password: 'weak' });
      expect(weak.status).toBe(422);
      expect(weak.body.errors.password).toBe('Password must be at least 8 characters long');

      const done = await request(t.url)
        .post(`/api/auth/password_reset/confirm/${code}`)
        .send({ password: NEW_PASSWORD });
      expectWith(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body).toMatchObject({ redirect: '/login' });
      expect((await oldSession.get('/api/auth/user')).status).toBe(401);
      expect((await request(t.url).post('/api/auth/login').send(WRITER)).status).toBe(401);
      expect(
        (await request(t.url).post('/api/auth/login').send({ email: WRITER.email, password: NEW_PASSWORD })).status,
      ).toBe(200);

      const again = await request(t.url)
        .post(`/api/auth/password_reset/confirm/${code}`)
        .send({ password: 'An0ther-one!' });
      expect(again.status).toBe(410);
      expect(again.body.message).toBe('Your link has expired');
      expect(
        (await request(t.url).post('/api/auth/password_reset/confirm/not-a-real-code').send({ password: NEW_PASSWORD }))
          .body.message,
      ).toBe('Your link has expired');
    });

    it('refuses a link older than an hour; a new link can be sent', async () => {
      await request(t.url).post('/api/auth/password_reset/send').send({ email: OWNER.email });
      const code = resetCodeIn((await outbox()).find((m) => m.to === OWNER.email)!.text);
      await t.app.runtime.db.query(
        `UPDATE identity_links SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`,
      );
      const expired = await request(t.url)
        .post(`/api/auth/password_reset/confirm/${code}`)
        .send({ password: NEW_PASSWORD });
      expect(expired.status).toBe(410);
      expect(expired.body.message).toBe('Your link has expired');
      expect((await request(t.url).post('/api/auth/login').send(OWNER)).status).toBe(200);
      await request(t.url).post('/api/auth/password_reset/send').send({ email: OWNER.email });
      const fresh = resetCodeIn((await outbox()).filter((m) => m.to === OWNER.email)[0].text);
      expect(fresh).not.toBe(code);
      expect(
        (await request(t.url).post(`/api/auth/password_reset/confirm/${fresh}`).send({ password: NEW_PASSWORD }))
          .status,
      ).toBe(200);
    });

    it('keeps the outbox for platform admins only', async () => {
      expect((await (await signIn(t.url, EDITOR)).get('/api/admin/outbox')).status).toBe(403);
      expect((await request(t.url).get('/api/admin/outbox')).status).toBe(401);
    });
  });
}

describe('password reset through a real SMTP server', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let t: Booted;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    const setup = setups[0];
    t = await boot({
      ...setup,
      env: async () => ({
        ...(typeof setup.env === 'function' ? await setup.env() : setup.env),
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        PUBLIC_URL: 'https://console.example',
      }),
    });
  });
  afterAll(async () => {
    await t?.stop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('receives the mail, follows its link, and signs in with the new password', async () => {
    const sent = await request(t.url).post('/api/auth/password_reset/send').send({ email: OWNER.email });
    expect(sent.status).toBe(200);
    expect(received).toHaveLength(1);
    const mail = decodeQuotedPrintable(received[0]);
    expect(mail).toMatch(/^To: owner@demo\.example$/m);
    expect(mail).toMatch(/^Subject: Reset your password$/m);
    expect(mail).toContain('https://console.example/reset-password?code=');
    const code = resetCodeIn(mail);
    expect(
      (await request(t.url).post(`/api/auth/password_reset/confirm/${code}`).send({ password: NEW_PASSWORD })).status,
    ).toBe(200);
    expect(
      (await request(t.url).post('/api/auth/login').send({ email: OWNER.email, password: NEW_PASSWORD })).status,
    ).toBe(200);
    // Nothing went to the outbox when SMTP is configured.
    const admin = await signIn(t.url, ADMIN);
    expect((await admin.get('/api/admin/outbox')).body).toEqual([]);
  });
});
