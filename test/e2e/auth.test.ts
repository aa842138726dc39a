import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { ADMIN, OWNER, boot, sessionCookie, setups, type Booted, newAgent } from './setups.js';

const INVALID_LOGIN = 'Invalid email or password';

for (const setup of setups) {
  describe(`auth (${setup.name})`, () => {
    let t: Booted;
    beforeAll(async () => {
      t = await boot(setup);
    });
    afterAll(async () => t?.stop());

    describe('POST /api/auth/login', () => {
      it('signs in: HTTP-only SameSite=Lax `sid` cookie and the current user with a safe redirect', async () => {
        const res = await request(t.url)
          .post('/api/auth/login')
          .send({ ...OWNER, from: '/websites?page=2' });
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);

        const cookies = res.headers['set-cookie'] as unknown as string[];
        const sid = cookies.find((c) => c.startsWith('sid='));
        expect(sid).toBeDefined();
        expect(sid).toMatch(/^sid=[^;]{20,};/);
        expect(sid).toMatch(/;\s*HttpOnly/i);
        expect(sid).toMatch(/;\s*SameSite=Lax/i);
        expect(sid).toMatch(/;\s*Path=\//i);
        // Plain http in tests: a Secure cookie would never come back.
        expect(sid).not.toMatch(/;\s*Secure/i);

        const body = res.body;
        expect(body.id).toEqual(expect.any(String));
        expect(body.email).toBe(OWNER.email);
        expect(body.name).toBe('Olivia Owner');
        expect(body.organisations).toEqual([
          expect.objectContaining({ name: 'Demo Publishing', role: 'owner', id: expect.any(String) }),
        ]);
        const orgId = body.organisations[0].id;
        expect(body.websites.map((w: { name: string }) => w.name).sort()).toEqual(['Demo Blog', 'Demo Shop']);
        for (const w of body.websites)
          expect(w).toEqual({ id: expect.any(String), name: expect.any(String), organisationId: orgId });
        expect(body.navigation).toEqual(expect.arrayContaining(['organisations', 'websites']));
        expect(body.navigation).not.toContain('admin/projections');
        expect(body.redirect).toBe('/websites?page=2');
        // Never the session token or a password hash in the body.
        const text = JSON.stringify(body);
        expect(text).not.toContain(sid!.slice(4, sid!.indexOf(';')));
        expect(text).not.toMatch(/argon2|password/i);
      });

      it('answers redirect "/" without `from`', async () => {
        const res = await request(t.url).post('/api/auth/login').send(OWNER);
        expect(res.status).toBe(200);
        expect(res.body.redirect).toBe('/');
      });

      it('refuses a redirect to another site: //evil.com -> "/"', async () => {
        const res = await request(t.url)
          .post('/api/auth/login')
          .send({ ...OWNER, from: '//evil.com' });
        expect(res.status).toBe(200);
        expect(res.body.redirect).toBe('/');
      });

      it('refuses an absolute redirect: https://evil.com/x -> "/"', async () => {
        const res = await request(t.url)
          .post('/api/auth/login')
          .send({ ...OWNER, from: 'https://evil.com/x' });
        expect(res.status).toBe(200);
        expect(res.body.redirect).toBe('/');
      });

      it('refuses the backslash form of a protocol-relative redirect: /\\evil.com -> "/"', async () => {
        // Browsers read "/\evil.com" as "//evil.com" (another site).
        const res = await request(t.url)
          .post('/api/auth/login')
          .send({ ...OWNER, from: '/\\evil.com' });
        expect(res.status).toBe(200);
        expect(res.body.redirect).toBe('/');
      });

      it('accepts the email in another letter case', async () => {
        const res = await request(t.url)
          .post('/api/auth/login')
          .send({ email: 'Owner@Demo.Example', password: OWNER.password });
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.email).toBe(OWNER.email);
      });

      it('answers 401 "Invalid email or password" for a wrong password, without a cookie', async () => {
        const res = await request(t.url).post('/api/auth/login').send({ email: OWNER.email, password: 'Wrong-pass-1' });
        expect(res.status).toBe(401);
        expect(res.body.message).toBe(INVALID_LOGIN);
        expect(res.headers['set-cookie']).toBeUndefined();
      });

      it('answers exactly the same for an unknown email (no account enumeration)', async () => {
        const wrongPassword = await request(t.url)
          .post('/api/auth/login')
          .send({ email: OWNER.email, password: 'Wrong-pass-1' });
        const unknown = await request(t.url)
          .post('/api/auth/login')
          .send({ email: 'nobody@demo.example', password: 'Wrong-pass-1' });
        expect(unknown.status).toBe(401);
        expect(unknown.body.message).toBe(INVALID_LOGIN);
        expect(unknown.body).toEqual(wrongPassword.body);
        expect(unknown.headers['set-cookie']).toBeUndefined();
      });

      it('answers 422 "Please enter a valid email address." for a malformed email', async () => {
        const res = await request(t.url).post('/api/auth/login').send({ email: 'not-an-email', password: 'x' });
        expect(res.status).toBe(422);
        expect(res.body.message).toBe('Please enter a valid email address.');
        expect(res.body.errors).toEqual(expect.objectContaining({ email: 'Please enter a valid email address.' }));
        expect(res.body.statusCode).toBe(422);
        expect(res.body.error).toBe('Unprocessable Entity');
      });

      it('answers "Password is missing!" without a password', async () => {
        const res = await request(t.url).post('/api/auth/login').send({ email: OWNER.email });
        expect(res.status).toBe(422);
        expect(res.body.message).toBe('Password is missing!');
        expect(res.body.errors).toEqual({ password: 'Password is missing!' });
      });

      it('answers "Password is missing!" for an empty password and "Email is missing!" without an email', async () => {
        const empty = await request(t.url).post('/api/auth/login').send({ email: OWNER.email, password: '' });
        expect(empty.status).toBe(422);
        expect(empty.body.errors.password).toBe('Password is missing!');
        const noEmail = await request(t.url).post('/api/auth/login').send({ password: 'x' });
        expect(noEmail.status).toBe(422);
        expect(noEmail.body.errors.email).toBe('Email is missing!');
      });

      it('answers 400 with a clear message for a body that is not valid JSON (never 500)', async () => {
        const res = await request(t.url)
          .post('/api/auth/login')
          .set('Content-Type', 'application/json')
          .send('{"email": "owner@demo.example",');
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: 'The request body is not valid JSON',
        });
      });

      it('answers 4xx for a JSON body that is not an object (never 500)', async () => {
        for (const body of ['[]', '"text"', 'null', '42']) {
          const res = await request(t.url).post('/api/auth/login').set('Content-Type', 'application/json').send(body);
          expectWith(res.status, `${body}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
          expectWith(res.status, body).toBeLessThan(500);
          expectWith(res.body.message, body).toEqual(expect.any(String));
        }
      });

      it('answers 4xx for fields of the wrong type (never 500)', async () => {
        const res = await request(t.url)
          .post('/api/auth/login')
          .send({ email: ['owner@demo.example'], password: { $ne: '' } });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual(
          expect.objectContaining({ email: 'Please enter a valid email address.', password: 'Password must be text' }),
        );
      });
    });

    describe('GET /api/auth/user', () => {
      it('answers 401 { message, redirect: "/login" } without a session', async () => {
        const res = await request(t.url).get('/api/auth/user');
        expect(res.status).toBe(401);
        expect(res.body.message).toEqual(expect.any(String));
        expect(res.body.message.length).toBeGreaterThan(0);
        expect(res.body.redirect).toBe('/login');
      });

      it('answers 401 with redirect for an unknown session cookie', async () => {
        const res = await request(t.url).get('/api/auth/user').set('Cookie', 'sid=not-a-real-session-token');
        expect(res.status).toBe(401);
        expect(res.body.redirect).toBe('/login');
      });

      it('answers the current user with the session cookie', async () => {
        const login = await request(t.url).post('/api/auth/login').send(OWNER);
        const res = await request(t.url).get('/api/auth/user').set('Cookie', sessionCookie(login));
        expect(res.status).toBe(200);
        expect(res.body).toEqual(
          expect.objectContaining({ id: login.body.id, email: OWNER.email, name: 'Olivia Owner' }),
        );
        expect(res.body.organisations).toEqual(login.body.organisations);
        expect(res.body.websites).toEqual(login.body.websites);
        expect(res.body.navigation).toEqual(login.body.navigation);
        expect(res.body.redirect).toBeUndefined();
      });

      it('shows the platform admin the projections navigation', async () => {
        const agent = newAgent(t.url);
        expect((await agent.post('/api/auth/login').send(ADMIN)).status).toBe(200);
        const res = await agent.get('/api/auth/user');
        expect(res.status).toBe(200);
        expect(res.body.email).toBe(ADMIN.email);
        expect(res.body.navigation).toEqual(expect.arrayContaining(['admin/projections', 'users', 'admin/outbox']));
      });
    });

    describe('POST /api/auth/logout', () => {
      it('ends the session on the server: the old cookie no longer works', async () => {
        const login = await request(t.url).post('/api/auth/login').send(OWNER);
        const cookie = sessionCookie(login);
        expect((await request(t.url).get('/api/auth/user').set('Cookie', cookie)).status).toBe(200);

        const out = await request(t.url).post('/api/auth/logout').set('Origin', t.url).set('Cookie', cookie);
        expect(out.status).toBe(200);
        expect(out.body.redirect).toBe('/login');
        const cleared = (out.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sid='));
        expect(cleared).toMatch(/^sid=;/);
        expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);

        // Replaying the old cookie (as a copied cookie would be) is refused.
        const after = await request(t.url).get('/api/auth/user').set('Cookie', cookie);
        expect(after.status).toBe(401);
        expect(after.body.redirect).toBe('/login');
        const write = await request(t.url)
          .post('/api/organisations')
          .set('Origin', t.url)
          .set('Cookie', cookie)
          .send({ name: 'After logout' });
        expect(write.status).toBe(401);
      });

      it('leaves other sessions of the same user alive', async () => {
        const a = sessionCookie(await request(t.url).post('/api/auth/login').send(OWNER));
        const b = sessionCookie(await request(t.url).post('/api/auth/login').send(OWNER));
        expect(a).not.toBe(b);
        expect((await request(t.url).post('/api/auth/logout').set('Origin', t.url).set('Cookie', a)).status).toBe(200);
        expect((await request(t.url).get('/api/auth/user').set('Cookie', a)).status).toBe(401);
        expect((await request(t.url).get('/api/auth/user').set('Cookie', b)).status).toBe(200);
      });
    });

    describe('cross-site requests', () => {
      it('refuses a POST with Origin: https://evil.example (403)', async () => {
        const res = await request(t.url).post('/api/auth/login').set('Origin', 'https://evil.example').send(OWNER);
        expect(res.status).toBe(403);
        expect(res.body.message).toEqual(expect.any(String));
        expect(res.headers['set-cookie']).toBeUndefined();
      });

      it('accepts a POST from its own origin', async () => {
        const res = await request(t.url).post('/api/auth/login').set('Origin', t.url).send(OWNER);
        expect(res.status).toBe(200);
      });

      it('refuses a signed-in cross-site POST and changes nothing', async () => {
        const login = await request(t.url).post('/api/auth/login').send(OWNER);
        const cookie = sessionCookie(login);
        const before = await request(t.url).get('/api/organisations').set('Cookie', cookie);
        const res = await request(t.url)
          .post('/api/organisations')
          .set('Cookie', cookie)
          .set('Origin', 'https://evil.example')
          .send({ name: 'Cross-site org' });
        expect(res.status).toBe(403);
        const after = await request(t.url).get('/api/organisations').set('Cookie', cookie);
        expect(after.headers['content-range']).toBe(before.headers['content-range']);
        expect(after.body.map((o: { name: string }) => o.name)).not.toContain('Cross-site org');
      });

      it('refuses a POST with a malformed Origin header with 400/403, never 500', async () => {
        for (const origin of ['not a url', 'https://', '://evil']) {
          const res = await request(t.url).post('/api/auth/login').set('Origin', origin).send(OWNER);
          expectWith([400, 403], `${origin}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
          expectWith(res.headers['set-cookie'], origin).toBeUndefined();
        }
      });
    });

    describe('GET /api/auth/demo', () => {
      it('answers the demo credentials, which sign in', async () => {
        const res = await request(t.url).get('/api/auth/demo');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ email: OWNER.email, password: OWNER.password });
        const login = await request(t.url).post('/api/auth/login').send(res.body);
        expect(login.status).toBe(200);
      });
    });
  });
}
