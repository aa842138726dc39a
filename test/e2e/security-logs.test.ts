import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { createLogger } from '#libs/platform/src/logging.js';
import { startApp, type TestApp } from '../support/app.js';
import { ADMIN, OWNER, WRITER, newAgent, sessionCookie } from './setups.js';

/**
 * DESIGN.md "Trust boundary": the logs carry no secrets. The app logs everything it would log
 * (level trace) into memory while a user signs in, works, resets a password and opens links;
 * then neither a session cookie, nor a link code, nor a password may be found in it.
 * (Logging does not depend on the store: the embedded one is enough here.)
 */
describe('no secrets in the logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logged = () => lines.join('');
  const NEW_PASSWORD = 'L0gged-never!';

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await startApp({ log: createLogger('trace', stream) });
  });
  afterAll(async () => t?.close());

  it('writes neither session cookies, nor reset or invitation codes, nor passwords', async () => {
    const secrets: Record<string, string> = {};
    const cookieValue = (res: request.Response) => sessionCookie(res).slice('sid='.length);

    // A full login and authenticated requests (a read and a state-changing one).
    const owner = newAgent(t.url);
    const login = await owner.post('/api/auth/login').send({ ...OWNER, from: '/posts' });
    expect(login.status).toBe(200);
    secrets['owner session cookie'] = cookieValue(login);
    secrets['owner password'] = OWNER.password;
    expect((await owner.get('/api/auth/user')).status).toBe(200);
    expect((await owner.get('/api/posts')).status).toBe(200);
    expect((await owner.post('/api/auth/keep-alive')).status).toBe(200);
    // A failed login (the password typed is a secret too).
    expect(
      (await request(t.url).post('/api/auth/login').send({ email: OWNER.email, password: 'Typo-pass-1' })).status,
    ).toBe(401);
    secrets['mistyped password'] = 'Typo-pass-1';

    // A password reset: send, read the mail as the platform admin, open the link, confirm.
    expect((await request(t.url).post('/api/auth/password_reset/send').send({ email: WRITER.email })).status).toBe(200);
    const admin = newAgent(t.url);
    const adminLogin = await admin.post('/api/auth/login').send(ADMIN);
    expect(adminLogin.status).toBe(200);
    secrets['admin session cookie'] = cookieValue(adminLogin);
    secrets['admin password'] = ADMIN.password;
    const mails = (await admin.get('/api/admin/outbox')).body as Array<{ to: string; text: string }>;
    const mail = mails.find((m) => m.to === WRITER.email);
    const code = /\/reset-password\?code=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1];
    expectWith(code, 'reset link in the mail').toBeTruthy();
    secrets['reset code'] = decodeURIComponent(code!);
    // What the browser opens from the mail (the console page), then the confirmation.
    await request(t.url).get(`/reset-password?code=${code}`);
    const confirmed = await request(t.url)
      .post(`/api/auth/password_reset/confirm/${code}`)
      .send({ password: NEW_PASSWORD });
    expectWith(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    secrets['new password'] = NEW_PASSWORD;
    // A used code again (an error answer), and a magic link (a redirect answer).
    expect(
      (await request(t.url).post(`/api/auth/password_reset/confirm/${code}`).send({ password: NEW_PASSWORD })).status,
    ).toBe(410);
    const magic = 'MagicCodeThatMustNotBeLogged_0123456789';
    secrets['magic link code'] = magic;
    expect((await request(t.url).get(`/api/auth/magic/${magic}`).redirects(0)).status).toBe(302);
    // The writer signs in with the new password; their cookie is a secret too.
    const writer = newAgent(t.url);
    const writerLogin = await writer.post('/api/auth/login').send({ email: WRITER.email, password: NEW_PASSWORD });
    expect(writerLogin.status).toBe(200);
    secrets['writer session cookie'] = cookieValue(writerLogin);
    expect((await writer.post('/api/auth/logout')).status).toBe(200);

    // The log is there: the last request above (the logout) is logged, so are those before it...
    await poll(logged).toContain('"url":"/api/auth/logout"');
    const text = logged();
    expect(text).toContain('"url":"/api/auth/user"');
    // ...none of the secrets is in it, whole or URL-encoded...
    const found = Object.entries(secrets).filter(
      ([, value]) => text.includes(value) || text.includes(encodeURIComponent(value)),
    );
    expect(found.map(([name]) => name)).toEqual([]);
    // ...and the requests that carried them are logged with the secrets replaced.
    expect(text).toContain('"url":"/api/auth/password_reset/confirm/[redacted]"');
    expect(text).toContain('"url":"/api/auth/magic/[redacted]"');
    expect(text).toContain('"cookie":"[redacted]"');
  });
});
