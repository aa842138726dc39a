import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { ADMIN, OWNER, WRITER, boot, sessionCookie, setups, signIn, type Booted, newAgent } from './setups.js';

const strong = 'Str0ng-pass!';

for (const setup of setups) {
  describe(`accounts: signup, throttling, keep-alive, login-as (${setup.name})`, () => {
    let t: Booted;
    beforeAll(async () => {
      t = await boot(setup);
    });
    afterAll(async () => t?.stop());

    describe('POST /api/auth/signup', () => {
      const body = (overrides: Record<string, unknown> = {}) => ({
        email: `new-${Math.random().toString(36).slice(2)}@signup.example`,
        password: strong,
        name: 'Nora New',
        orgName: 'Nora Media',
        ...overrides,
      });

      it('creates the user and their organisation (owner) and signs them in', async () => {
        const agent = newAgent(t.url);
        const res = await agent.post('/api/auth/signup').send(body({ emailJoin: true, isMobile: false }));
        expectWith(res.status, JSON.stringify(res.body)).toBe(201);
        expect(sessionCookie(res)).toMatch(/^sid=/);
        expect(res.body).toMatchObject({ name: 'Nora New', role: 'owner', redirect: '/' });
        expect(res.body.organisations).toEqual([expect.objectContaining({ name: 'Nora Media', role: 'owner' })]);
        const me = await agent.get('/api/auth/user');
        expect(me.status).toBe(200);
        const orgs = await agent.get('/api/organisations');
        expect(orgs.body.map((o: { name: string }) => o.name)).toEqual(['Nora Media']);
      });

      it.each([
        ['short', 'Ab1!', 'Password must be at least 8 characters long'],
        ['no capital', 'abcdefg1!', 'Password must contain at least 1 capital letter'],
        ['no number', 'Abcdefgh!', 'Password must contain at least 1 number'],
        ['no special character', 'Abcdefgh1', 'Password must contain at least 1 special character'],
      ])('refuses a password that is %s with the rule it breaks', async (_, password, message) => {
        const before = await request(t.url)
          .post('/api/auth/login')
          .send({ email: 'nobody@signup.example', password: 'x' });
        const res = await request(t.url).post('/api/auth/signup').send(body({ password }));
        expect(res.status).toBe(422);
        expect(res.body.errors.password).toBe(message);
        expect(before.status).toBe(401);
      });

      it('refuses missing fields with the spec wording', async () => {
        const missing = await request(t.url)
          .post('/api/auth/signup')
          .send({ email: 'x@signup.example', password: strong, name: 'X' });
        expect(missing.status).toBe(422);
        expect(missing.body.errors.orgName).toBe('Organisation name is missing!');
        const badType = await request(t.url)
          .post('/api/auth/signup')
          .send(body({ signUpType: 'Carrier pigeon' }));
        expect(badType.status).toBe(422);
        expect(badType.body.errors.signUpType).toMatch(/^Sign-up type must be one of Default/);
      });
    });

    it('answers a sign-up with a registered email like a new one, opens nothing, and mails the address instead', async () => {
      const signUp = (fields: Record<string, string>) => ({
        email: `new-${Math.random().toString(36).slice(2)}@signup.example`,
        password: strong,
        name: 'Nora New',
        orgName: 'Nora Media',
        ...fields,
      });
      const fresh = await newAgent(t.url).post('/api/auth/signup').send(signUp({}));
      const taken = newAgent(t.url);
      const res = await taken
        .post('/api/auth/signup')
        .send(signUp({ email: OWNER.email, name: 'Not Owner', orgName: 'Squatter Co' }));
      expect(res.status).toBe(201);
      expect(sessionCookie(res)).toMatch(/^sid=.{20,}/);
      // The same answer, field by field (values aside): nothing tells the two apart.
      const shape = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(shape)
          : value && typeof value === 'object'
            ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
            : typeof value;
      expect(shape(res.body)).toEqual(shape(fresh.body));
      expect(res.body).toMatchObject({
        name: 'Not Owner',
        role: 'owner',
        redirect: '/',
        organisations: [{ name: 'Squatter Co', role: 'owner' }],
      });
      // The cookie opens nothing; the owner's account is untouched and was told.
      expect((await taken.get('/api/auth/user')).status).toBe(401);
      expect((await request(t.url).post('/api/auth/login').send(OWNER)).status).toBe(200);
      const admin = await signIn(t.url, ADMIN);
      const mails = (await admin.get('/api/admin/outbox')).body as Array<{ to: string; subject: string; text: string }>;
      const mail = mails.find((m) => m.to === OWNER.email && m.subject === 'You already have an account');
      expect(mail?.text).toContain('tried to create an account with this email address');
      const orgs = (await admin.get('/api/organisations?range=[0,999]')).body as Array<{ name: string }>;
      expect(orgs.map((o) => o.name)).not.toContain('Squatter Co');
    });

    it('slows down and then refuses repeated failed logins for one account', async () => {
      const victim = `victim-${Math.random().toString(36).slice(2)}@signup.example`;
      const created = await request(t.url)
        .post('/api/auth/signup')
        .send({ email: victim, password: strong, name: 'V', orgName: 'V Org' });
      expect(created.status).toBe(201);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push(
          (await request(t.url).post('/api/auth/login').send({ email: victim, password: 'Wrong-pass-1' })).status,
        );
      }
      expect(statuses).toEqual(Array(10).fill(401));
      const locked = await request(t.url).post('/api/auth/login').send({ email: victim, password: strong });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
      // Other accounts from the same address still sign in.
      expect((await request(t.url).post('/api/auth/login').send(OWNER)).status).toBe(200);
    }, 60_000);

    it('POST /api/auth/keep-alive extends the session and says until when', async () => {
      const agent = await signIn(t.url, OWNER);
      const res = await agent.post('/api/auth/keep-alive');
      expect(res.status).toBe(200);
      expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now());
      expect((await request(t.url).post('/api/auth/keep-alive')).status).toBe(401);
    });

    it('writes nothing on a read request: the session is touched at most once a minute, and by keep-alive', async () => {
      const agent = await signIn(t.url, OWNER);
      const db = t.app.runtime.db;
      const [session] = (
        await db.query<{ id: string }>(
          `SELECT id FROM identity_sessions WHERE ended_at IS NULL ORDER BY created_at DESC LIMIT 1`,
        )
      ).rows;
      const seen = async () =>
        (
          await db.query<{ at: string }>(`SELECT last_seen_at::text AS at FROM identity_sessions WHERE id = $1`, [
            session!.id,
          ])
        ).rows[0]!.at;
      // Seen 30 seconds ago: a read leaves the row alone.
      await db.query(`UPDATE identity_sessions SET last_seen_at = now() - interval '30 seconds' WHERE id = $1`, [
        session!.id,
      ]);
      const before = await seen();
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      expect((await agent.get('/api/posts')).status).toBe(200);
      expect(await seen()).toBe(before);
      // Seen 61 seconds ago: the next request moves it to now.
      await db.query(`UPDATE identity_sessions SET last_seen_at = now() - interval '61 seconds' WHERE id = $1`, [
        session!.id,
      ]);
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      const moved = (
        await db.query<{ age: number }>(
          `SELECT extract(epoch FROM now() - last_seen_at)::float AS age FROM identity_sessions WHERE id = $1`,
          [session!.id],
        )
      ).rows[0]!.age;
      expect(moved).toBeLessThan(5);
      // Keep-alive always moves it.
      await db.query(`UPDATE identity_sessions SET last_seen_at = now() - interval '30 seconds' WHERE id = $1`, [
        session!.id,
      ]);
      expect((await agent.post('/api/auth/keep-alive')).status).toBe(200);
      const kept = (
        await db.query<{ age: number }>(
          `SELECT extract(epoch FROM now() - last_seen_at)::float AS age FROM identity_sessions WHERE id = $1`,
          [session!.id],
        )
      ).rows[0]!.age;
      expect(kept).toBeLessThan(5);
    });

    it('ends a session after its idle time and after its absolute lifetime', async () => {
      const idle = await signIn(t.url, OWNER);
      const absolute = await signIn(t.url, OWNER);
      expect((await idle.get('/api/auth/user')).status).toBe(200);
      const db = t.app.runtime.db;
      const sessions = (
        await db.query<{ id: string }>(
          `SELECT id FROM identity_sessions WHERE ended_at IS NULL ORDER BY created_at DESC LIMIT 2`,
        )
      ).rows;
      // The newer session is `absolute`'s, the older one `idle`'s.
      await db.query(`UPDATE identity_sessions SET last_seen_at = now() - interval '13 hours' WHERE id = $1`, [
        sessions[1].id,
      ]);
      await db.query(`UPDATE identity_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
        sessions[0].id,
      ]);
      const gone = await idle.get('/api/auth/user');
      expect(gone.status).toBe(401);
      expect(gone.body).toMatchObject({ message: 'Your session has ended. Please log in again.', redirect: '/login' });
      expect((await absolute.get('/api/auth/user')).status).toBe(401);
    });

    it('POST /api/auth/user/upsert creates, then updates, a user by email (platform admins only)', async () => {
      const admin = await signIn(t.url, ADMIN);
      const created = await admin
        .post('/api/auth/user/upsert')
        .send({ email: 'ursula@upsert.example', name: 'Ursula', role: 'writer' });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ email: 'ursula@upsert.example', name: 'Ursula', role: 'writer' });
      const updated = await admin
        .post('/api/auth/user/upsert')
        .send({ email: 'URSULA@upsert.example', name: 'Ursula Editor', role: 'editor' });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id: created.body.id, name: 'Ursula Editor', role: 'editor' });
      const bad = await admin
        .post('/api/auth/user/upsert')
        .send({ email: 'x@upsert.example', name: 'X', role: 'emperor' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.role).toMatch(/^Role must be one of customer/);
      const owner = await signIn(t.url, OWNER);
      expect(
        (await owner.post('/api/auth/user/upsert').send({ email: 'y@upsert.example', name: 'Y', role: 'writer' }))
          .status,
      ).toBe(403);
      // The new user has no password they know: logging in fails until they reset it.
      expect(
        (await request(t.url).post('/api/auth/login').send({ email: 'ursula@upsert.example', password: 'Anything-1!' }))
          .status,
      ).toBe(401);
    });

    describe('login-as', () => {
      it('lets a platform admin act as a user and return to their own session', async () => {
        const agent = await signIn(t.url, ADMIN);
        const adminMe = (await agent.get('/api/auth/user')).body;
        const owner = (await (await signIn(t.url, OWNER)).get('/api/auth/user')).body;

        const as = await agent.post(`/api/auth/login/as/${owner.id}`);
        expectWith(as.status, JSON.stringify(as.body)).toBe(200);
        expect(as.body).toMatchObject({ id: owner.id, impersonatedBy: { id: adminMe.id, email: ADMIN.email } });
        const me = await agent.get('/api/auth/user');
        expect(me.body).toMatchObject({ id: owner.id, email: OWNER.email, impersonatedBy: { id: adminMe.id } });
        // Acting as the owner: the owner's records, not the admin's powers.
        expect((await agent.get('/api/admin/projections')).status).toBe(403);
        expect((await agent.post(`/api/auth/login/as/${adminMe.id}`)).status).toBe(403);

        const back = await agent.post('/api/auth/logout/subUser');
        expectWith(back.status, JSON.stringify(back.body)).toBe(200);
        expect(back.body).toMatchObject({ id: adminMe.id, impersonatedBy: null });
        expect((await agent.get('/api/auth/user')).body.id).toBe(adminMe.id);
        expect((await agent.get('/api/admin/projections')).status).toBe(200);
        expect((await agent.post('/api/auth/logout/subUser')).status).toBe(400);
      });

      it('GET /api/users lists every user for platform admins only', async () => {
        const admin = await signIn(t.url, ADMIN);
        const list = await admin.get('/api/users?sort=["email","ASC"]&range=[0,99]&filter={"q":"demo.example"}');
        expect(list.status).toBe(200);
        expect(list.body.map((u: { email: string }) => u.email)).toEqual([
          'checker@demo.example',
          'editor@demo.example',
          'owner@demo.example',
          'writer@demo.example',
        ]);
        expect(list.headers['content-range']).toBe('users 0-3/4');
        expect((await admin.get(`/api/users/${list.body[0].id}`)).body.email).toBe('checker@demo.example');
        expect((await (await signIn(t.url, OWNER)).get('/api/users')).status).toBe(403);
      });

      it('lets an owner act as an active member of their organisation, seeing that organisation only', async () => {
        // The writer also belongs to another organisation, which the owner must not reach through them.
        const stranger = newAgent(t.url);
        await stranger.post('/api/auth/signup').send({
          email: 'other-owner@elsewhere.example',
          password: 'Other-pass-1',
          name: 'Otto',
          orgName: 'Elsewhere',
        });
        const elsewhere = (await stranger.get('/api/auth/user')).body.organisations[0].id;
        const invited = await stranger
          .post('/api/members')
          .send({ organisationId: elsewhere, email: WRITER.email, name: 'Wendy Writer' });
        expectWith(invited.status, JSON.stringify(invited.body)).toBe(201);
        const writer = await signIn(t.url, WRITER);
        expect((await writer.post(`/api/members/${invited.body.id}/actions/Accept`).send({})).status).toBe(200);
        expect((await writer.get(`/api/organisations/${elsewhere}`)).status).toBe(200);

        const owner = await signIn(t.url, OWNER);
        const ownerMe = (await owner.get('/api/auth/user')).body;
        const writerId = (await writer.get('/api/auth/user')).body.id;
        const as = await owner.post(`/api/auth/login/as/${writerId}`);
        expectWith(as.status, JSON.stringify(as.body)).toBe(200);
        expect(as.body).toMatchObject({ id: writerId, impersonatedBy: { id: ownerMe.id } });
        expect(as.body.organisations.map((o: { name: string }) => o.name)).toEqual(['Demo Publishing']);
        expect((await owner.get(`/api/organisations/${elsewhere}`)).status).toBe(404);
        expect(
          (await owner.get(`/api/members?filter=${encodeURIComponent(JSON.stringify({ organisationId: elsewhere }))}`))
            .body,
        ).toEqual([]);
        const back = await owner.post('/api/auth/logout/subUser');
        expect(back.body).toMatchObject({ id: ownerMe.id, impersonatedBy: null });

        // Not as someone outside their organisations, nor a platform admin; members may not at all.
        const strangerId = (await stranger.get('/api/auth/user')).body.id;
        const outside = await owner.post(`/api/auth/login/as/${strangerId}`);
        expect(outside.status).toBe(403);
        expect(outside.body.message).toBe('Owners may log in as active members of their own organisation only');
        expect((await writer.post(`/api/auth/login/as/${ownerMe.id}`)).status).toBe(403);
      });

      it('is refused to anyone but a platform admin or an owner, and for unknown users', async () => {
        const owner = await signIn(t.url, OWNER);
        const admin = await signIn(t.url, ADMIN);
        const adminId = (await admin.get('/api/auth/user')).body.id;
        const refused = await owner.post(`/api/auth/login/as/${adminId}`);
        expect(refused.status).toBe(403);
        expect((await owner.post('/api/auth/login/as/00000000-0000-4000-8000-000000000000')).status).toBe(403);
        expect((await admin.post('/api/auth/login/as/00000000-0000-4000-8000-000000000000')).status).toBe(404);
        expect((await admin.post('/api/auth/login/as/bad%20id')).status).toBe(400);
      });
    });
  });
}
