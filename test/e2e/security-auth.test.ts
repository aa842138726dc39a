import { Agent as HttpAgent } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { LIMITS, LoginThrottle } from '#libs/identity/src/login-throttle.js';
import { ADMIN, EDITOR, OWNER, WRITER, boot, setups, signIn, type Booted } from './setups.js';

/**
 * DESIGN.md "Trust boundary" through HTTP: reset links, login throttling, login redirects and the
 * rate limits of the public endpoints. The expected answers are written out from DESIGN.md and the
 * security issue (10 failures per account and address, 100 per address, in 15 minutes).
 */

const LINK_EXPIRED = 'Your link has expired';
const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Please try again in 15 minutes.';
const NEW_PASSWORD = 'N3w-secret!';

/**
 * Requests from another loopback address (127.0.0.0/8 all reach the app), so the app sees
 * different client addresses without trusting any forwarded header.
 */
const agents = new Map<string, HttpAgent>();
function from(address: string): HttpAgent {
  let agent = agents.get(address);
  if (!agent) agents.set(address, (agent = new HttpAgent({ localAddress: address, keepAlive: false })));
  return agent;
}

function resetCodeIn(text: string): string {
  const match = /\/reset-password\?code=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in ${text.slice(0, 500)}`);
  return decodeURIComponent(match[1]);
}

/** Every reset code mailed to `email`, newest first (the outbox lists newest first). */
async function resetCodesFor(url: string, email: string): Promise<string[]> {
  const admin = await signIn(url, ADMIN);
  const mails = (await admin.get('/api/admin/outbox?range=[0,999]')).body as Array<{
    to: string;
    subject: string;
    text: string;
  }>;
  return mails.filter((m) => m.to === email && m.subject === 'Reset your password').map((m) => resetCodeIn(m.text));
}

function expectTooMany(res: request.Response, message?: string) {
  expectWith(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', ...(message ? { message } : {}) });
  expect(typeof res.body.message).toBe('string');
  const retryAfter = res.headers['retry-after'];
  expectWith(retryAfter, 'Retry-After header').toMatch(/^\d+$/);
  return Number(retryAfter);
}

for (const setup of setups) {
  describe(`reset links (${setup.name})`, () => {
    let t: Booted;
    beforeAll(async () => {
      t = await boot(setup);
    });
    afterAll(async () => t?.stop());

    it('a successful reset invalidates every other reset link of that user, and only of that user', async () => {
      for (const email of [WRITER.email, WRITER.email, WRITER.email, EDITOR.email]) {
        expect((await request(t.url).post('/api/auth/password_reset/send').send({ email })).status).toBe(200);
      }
      const writerCodes = await resetCodesFor(t.url, WRITER.email);
      expect(writerCodes).toHaveLength(3);
      const [editorCode] = await resetCodesFor(t.url, EDITOR.email);

      // The middle link is used; the older and the newer one stop working.
      const done = await request(t.url)
        .post(`/api/auth/password_reset/confirm/${writerCodes[1]}`)
        .send({ password: NEW_PASSWORD });
      expectWith(done.status, JSON.stringify(done.body)).toBe(200);
      for (const code of [writerCodes[0], writerCodes[2]]) {
        const other = await request(t.url)
          .post(`/api/auth/password_reset/confirm/${code}`)
          .send({ password: 'Att4cker-choice!' });
        expect(other.status).toBe(410);
        expect(other.body).toMatchObject({ statusCode: 410, message: LINK_EXPIRED });
      }
      expect(
        (await request(t.url).post('/api/auth/login').send({ email: WRITER.email, password: 'Att4cker-choice!' }))
          .status,
      ).toBe(401);
      expect(
        (await request(t.url).post('/api/auth/login').send({ email: WRITER.email, password: NEW_PASSWORD })).status,
      ).toBe(200);

      // Another user's link is not touched.
      const editor = await request(t.url)
        .post(`/api/auth/password_reset/confirm/${editorCode}`)
        .send({ password: NEW_PASSWORD });
      expectWith(editor.status, JSON.stringify(editor.body)).toBe(200);

      // A link asked for after the reset works.
      await request(t.url).post('/api/auth/password_reset/send').send({ email: WRITER.email });
      const [fresh] = await resetCodesFor(t.url, WRITER.email);
      expect(writerCodes).not.toContain(fresh);
      expect(
        (await request(t.url).post(`/api/auth/password_reset/confirm/${fresh}`).send({ password: WRITER.password }))
          .status,
      ).toBe(200);
    });
  });

  describe(`login redirect (${setup.name})`, () => {
    let t: Booted;
    beforeAll(async () => {
      t = await boot(setup);
    });
    afterAll(async () => t?.stop());

    const loginFrom = async (value: string) => {
      const res = await request(t.url)
        .post('/api/auth/login')
        .send({ ...OWNER, from: value });
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.redirect as string;
    };

    it.each([
      ['a tab between the slashes', '/\t/evil.example'],
      ['a newline between the slashes', '/\n/evil.example'],
      ['a carriage return between the slashes', '/\r/evil.example'],
      ['a leading tab', '\t//evil.example'],
      ['a space', '/ /evil.example'],
      ['a non-breaking space', '/\u00a0/evil.example'],
      ['a line separator', '/\u2028/evil.example'],
      ['a backslash', '/\\evil.example'],
      ['a backslash later on', '/posts\\..\\\\evil.example'],
      ['two slashes', '//evil.example'],
      ['three slashes', '///evil.example'],
      ['an absolute URL', 'https://evil.example/'],
      ['a scheme-relative URL', '//evil.example/posts'],
      ['a javascript: URL', 'javascript:alert(1)'],
      ['a relative path', 'posts'],
      ['dot segments that climb to two slashes', '/..//evil.example'],
      ['an empty string', ''],
    ])('answers "/" for a target with %s', async (_, value) => {
      expect(await loginFrom(value)).toBe('/');
    });

    it.each([['/'], ['/posts'], ['/posts/42/show?tab=history#top'], ['/#/members']])(
      'keeps the console path %s as it is',
      async (value) => {
        expect(await loginFrom(value)).toBe(value);
      },
    );
  });

  describe(`login throttling (${setup.name})`, () => {
    let t: Booted;
    beforeAll(async () => {
      // Many logins from one address here: the per-address rate limit is not what is tested.
      t = await boot(setup, { RATE_LIMIT_AUTH_PER_MINUTE: '0' });
    });
    afterAll(async () => t?.stop());

    const login = (address: string, credentials: { email: string; password: string }) =>
      request(t.url).post('/api/auth/login').agent(from(address)).send(credentials);

    it('locks an account from one address after 10 failures there, with Retry-After; other addresses still sign in', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await login('127.0.0.2', { email: EDITOR.email, password: 'Wrong-pass-1' })).status);
      expect(statuses).toEqual(Array(10).fill(401));

      // The 11th attempt from that address is refused, even with the right password.
      const locked = await login('127.0.0.2', EDITOR);
      expect(expectTooMany(locked, TOO_MANY_ATTEMPTS)).toBe(15 * 60);

      // Nobody can lock an account from another address: its owner signs in elsewhere.
      const elsewhere = await login('127.0.0.3', EDITOR);
      expectWith(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
      // A wrong password from another address is an ordinary failure, not a lock.
      expect((await login('127.0.0.4', { email: EDITOR.email, password: 'Wrong-pass-1' })).status).toBe(401);
      // The locked address still signs in other accounts.
      expect((await login('127.0.0.2', WRITER)).status).toBe(200);
    }, 120_000);

    it('never locks an account over all addresses: 20 failures from 20 addresses only slow it down', async () => {
      const addresses = Array.from({ length: 20 }, (_, i) => `127.0.1.${i + 1}`);
      const statuses: number[] = [];
      for (const batch of [addresses.slice(0, 10), addresses.slice(10)]) {
        statuses.push(
          ...(await Promise.all(batch.map((a) => login(a, { email: OWNER.email, password: 'Wrong-pass-1' })))).map(
            (r) => r.status,
          ),
        );
      }
      expect(statuses).toEqual(Array(20).fill(401));
      const owner = await login('127.0.1.100', OWNER);
      expectWith(owner.status, JSON.stringify(owner.body)).toBe(200);
    }, 120_000);

    it('locks an address after 100 failures there (over any accounts); other addresses are not affected', async () => {
      // The limits the issue asks for, as the throttle exports them.
      expect(LIMITS.accountAddress.lockAfter).toBe(10);
      expect(LIMITS.address.lockAfter).toBe(100);
      expect(LIMITS.account.lockAfter).toBeNull();
      // 90 failures recorded through the throttle the login uses (each HTTP failure costs an argon2
      // verification, about a second here), then the last 10 through HTTP.
      const throttle = t.app.app.get(LoginThrottle);
      for (let i = 0; i < 90; i++) await throttle.failed(`nobody-${i}@throttle.example`, '127.0.0.5');
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          login('127.0.0.5', { email: `nobody-http-${i}@throttle.example`, password: 'Wrong-pass-1' }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(401));
      expectTooMany(await login('127.0.0.5', ADMIN), TOO_MANY_ATTEMPTS);
      expect((await login('127.0.0.6', ADMIN)).status).toBe(200);
    }, 120_000);
  });

  describe(`rate limits (${setup.name})`, () => {
    let t: Booted;
    const AUTH = 3;
    const PUBLIC = 5;
    const SITE = 8;
    beforeAll(async () => {
      t = await boot(setup, {
        RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH),
        RATE_LIMIT_PUBLIC_PER_MINUTE: String(PUBLIC),
        RATE_LIMIT_PUBLIC_SITE_PER_MINUTE: String(SITE),
      });
    });
    afterAll(async () => t?.stop());

    const routes: Array<[string, (r: ReturnType<typeof request>, address: string) => request.Test]> = [
      [
        'POST /api/auth/login',
        (r, a) =>
          r.post('/api/auth/login').agent(from(a)).send({ email: 'nobody@limits.example', password: 'Wrong-pass-1' }),
      ],
      [
        'POST /api/auth/signup',
        (r, a) => r.post('/api/auth/signup').agent(from(a)).send({ email: 'x@limits.example' }),
      ],
      [
        'POST /api/auth/password_reset/send',
        (r, a) => r.post('/api/auth/password_reset/send').agent(from(a)).send({ email: 'nobody@limits.example' }),
      ],
      [
        'POST /api/auth/password_reset/confirm/:code',
        (r, a) =>
          r
            .post('/api/auth/password_reset/confirm/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
            .agent(from(a))
            .send({ password: NEW_PASSWORD }),
      ],
      [
        'GET /api/auth/magic/:code',
        (r, a) => r.get('/api/auth/magic/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').agent(from(a)).redirects(0),
      ],
    ];

    it.each(routes.map(([name, send], i) => [name, send, i] as const))(
      '%s: answers 429 with Retry-After per address after the limit, and not for another address',
      async (_, send, i) => {
        const address = `127.0.2.${i + 1}`;
        for (let n = 0; n < AUTH; n++) expect((await send(request(t.url), address)).status).not.toBe(429);
        const refused = await send(request(t.url), address);
        const seconds = expectTooMany(refused);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(60);
        expect(Object.keys(refused.body).filter((k) => ['statusCode', 'error', 'message'].includes(k))).toHaveLength(3);
        expect((await send(request(t.url), `127.0.3.${i + 1}`)).status).not.toBe(429);
      },
    );

    it('counts each sign-in route on its own: a refused login leaves the reset form usable from that address', async () => {
      const address = '127.0.2.100';
      for (let n = 0; n < AUTH; n++) await routes[0][1](request(t.url), address);
      expectTooMany(await routes[0][1](request(t.url), address));
      expect((await routes[2][1](request(t.url), address)).status).toBe(200);
    });

    it('GET /api/public/redirects: per address and per website key', async () => {
      const owner = await signIn(t.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as Array<{ key: string }>;
      const [key, otherKey] = websites.map((w) => w.key);
      expect(key).toMatch(/^pk_/);
      const lookup = (address: string, k = key) =>
        request(t.url).get(`/api/public/redirects?key=${k}&path=/nowhere`).agent(from(address));

      // Per address: PUBLIC lookups, then 429 (the refused ones do not use up the key's budget).
      for (let n = 0; n < PUBLIC; n++) expect((await lookup('127.0.4.1')).status).toBe(404);
      expectTooMany(await lookup('127.0.4.1'));
      expectTooMany(await lookup('127.0.4.1', otherKey ?? 'pk_other'));
      // Per key: SITE lookups over all addresses, then 429 from any address.
      for (let n = PUBLIC; n < SITE; n++) expect((await lookup('127.0.4.2')).status).toBe(404);
      expectTooMany(await lookup('127.0.4.3'));
      // Another key from a fresh address is not affected.
      expect((await lookup('127.0.4.4', otherKey ?? 'pk_other')).status).toBe(404);
    });
  });
}
