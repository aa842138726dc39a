import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  ADMIN,
  OWNER,
  WRITER,
  boot,
  newAgent,
  sessionCookie,
  setups,
  signIn,
  type Agent,
  type Booted,
} from './setups.js';

/**
 * The trust boundary (DESIGN.md "Trust boundary"), one attack per finding of the security review,
 * each answered as the design says. Expected answers are written out from DESIGN.md.
 */
const STRONG = 'Str0ng-pass!';

for (const setup of setups) {
  describe(`trust boundary (${setup.name})`, () => {
    let t: Booted;
    let admin: Agent;
    let owner: Agent;
    let stranger: Agent;
    let demoOrgId: string;

    /** A fresh sign-up: owner of a new organisation, member of nothing else. */
    const signUp = async (email: string, orgName = `${email} Co`) => {
      const agent = newAgent(t.url);
      const res = await agent
        .post('/api/auth/signup')
        .send({ email, password: STRONG, name: email.split('@')[0], orgName });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      return agent;
    };
    const outbox = async () =>
      (await admin.get('/api/admin/outbox?range=[0,999]')).body as Array<{
        to: string;
        subject: string;
        text: string;
        html: string;
      }>;
    const linkCode = async (email: string, pattern: RegExp) => {
      const mail = (await outbox()).find((m) => m.to === email && pattern.test(m.text));
      if (!mail) throw new Error(`no mail to ${email}`);
      return { mail, code: decodeURIComponent(pattern.exec(mail.text)![1]) };
    };

    beforeAll(async () => {
      t = await boot(setup, {
        PUBLIC_URL: 'https://console.example',
        CORS_ORIGINS: 'https://console.example,https://partner.example',
      });
      admin = await signIn(t.url, ADMIN);
      owner = await signIn(t.url, OWNER);
      demoOrgId = ((await owner.get('/api/auth/user')).body.organisations as Array<{ id: string; name: string }>).find(
        (o) => o.name === 'Demo Publishing',
      )!.id;
      stranger = await signUp('mallory@attacker.example', 'Attacker Co');
    });
    afterAll(async () => t?.stop());

    describe('1-2. SQL through a filter key, and the takeover it allowed', () => {
      it('answers 400 for prototype keys as filter and sort keys, and leaks nothing', async () => {
        for (const resource of [
          'posts',
          'questions',
          'websites',
          'members',
          'bios',
          'redirect-rules',
          'organisations',
        ]) {
          for (const key of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
            const res = await owner
              .get(`/api/${resource}`)
              .query({ filter: JSON.stringify({ [key]: 'true OR true' }) });
            expectWith(res.status, `${resource} filter ${key}`).toBe(400);
            expectWith(res.body.message, `${resource} filter ${key}`).toBe(`Unknown filter ${key}`);
            const sorted = await owner.get(`/api/${resource}`).query({ sort: JSON.stringify([key, 'ASC']) });
            expectWith(sorted.status, `${resource} sort ${key}`).toBe(400);
            expect(sorted.body.message).toBe(`Cannot sort by ${key}`);
          }
        }
      });

      it('answers 400 for a console tab or view named like a prototype key', async () => {
        for (const [resource, key] of [
          ['posts', 'tab'],
          ['questions', 'view'],
        ]) {
          for (const value of ['constructor', '__proto__', 'toString']) {
            const res = await owner.get(`/api/${resource}`).query({ filter: JSON.stringify({ [key]: value }) });
            expectWith(res.status, `${resource} ${key}=${value}`).toBe(400);
            expect(res.body.message).toMatch(new RegExp(`^${key} must be one of `));
          }
        }
      });

      it('a fresh sign-up cannot use a filter as an oracle on the outbox to take over the platform admin', async () => {
        await newAgent(t.url).post('/api/auth/password_reset/send').send({ email: ADMIN.email }).expect(200);
        const oracle = await stranger.get('/api/posts').query({
          filter: JSON.stringify({
            constructor: "(SELECT count(*) FROM identity_outbox WHERE text_body LIKE '%reset-password%') > 0",
          }),
        });
        expect(oracle.status).toBe(400);
        expect((await stranger.get('/api/admin/outbox')).status).toBe(403);
        const posts = await stranger.get('/api/posts');
        expect(posts.status).toBe(200);
        expect(posts.body).toEqual([]);
      });
    });

    describe('3. links in mails come from PUBLIC_URL, never from Host', () => {
      it('a reset asked for with Host: evil.example mails a link to the public URL', async () => {
        const res = await request(t.url)
          .post('/api/auth/password_reset/send')
          .set('Host', 'evil.example')
          .send({ email: WRITER.email });
        expect(res.status).toBe(200);
        const { mail } = await linkCode(WRITER.email, /reset-password\?code=([A-Za-z0-9_%-]+)/);
        expect(mail.text).toContain('https://console.example/reset-password?code=');
        expect(mail.text + mail.html).not.toContain('evil.example');
      });

      it('an invitation asked for with a hostile Host mails the public URL, and nothing of the Host reaches the HTML', async () => {
        const res = await owner
          .post('/api/members')
          .set('Host', 'x"><script>alert(1)</script>')
          .set('Origin', 'https://console.example')
          .send({ organisationId: demoOrgId, email: 'hosty@invitee.example', name: 'Hosty' });
        expectWith(res.status, JSON.stringify(res.body)).toBe(201);
        const { mail } = await linkCode('hosty@invitee.example', /\/api\/auth\/magic\/([A-Za-z0-9_%-]+)/);
        expect(mail.text).toMatch(/^You are invited[\s\S]*https:\/\/console\.example\/api\/auth\/magic\//);
        expect(mail.html).toContain('href="https://console.example/api/auth/magic/');
        expect(mail.html).not.toContain('<script>');
      });
    });

    describe('3b. without PUBLIC_URL', () => {
      let bare: Booted;
      beforeAll(async () => {
        bare = await boot(setup);
      });
      afterAll(async () => bare?.stop());

      it('a reset asked for with Host: evil.example links to this machine, never to the Host', async () => {
        const res = await request(bare.url)
          .post('/api/auth/password_reset/send')
          .set('Host', 'evil.example')
          .send({ email: WRITER.email });
        expect(res.status).toBe(200);
        const mails = (await (await signIn(bare.url, ADMIN)).get('/api/admin/outbox')).body as Array<{
          to: string;
          text: string;
          html: string;
        }>;
        const mail = mails.find((m) => m.to === WRITER.email)!;
        expect(mail.text).toMatch(/http:\/\/localhost:\d+\/reset-password\?code=/);
        expect(mail.text + mail.html).not.toContain('evil.example');
      });

      it('a request addressed to a loopback host keeps its own origin in the link (the local demo)', async () => {
        await request(bare.url).post('/api/auth/password_reset/send').send({ email: OWNER.email }).expect(200);
        const mails = (await (await signIn(bare.url, ADMIN)).get('/api/admin/outbox')).body as Array<{
          to: string;
          text: string;
        }>;
        expect(mails.find((m) => m.to === OWNER.email)!.text).toContain(`${bare.url}/reset-password?code=`);
      });
    });

    describe('4. an invitation link never opens a session for someone who has a password', () => {
      it('an existing user is sent to log in, with no session', async () => {
        await signUp('existing@invitee.example');
        const invited = await owner
          .post('/api/members')
          .send({ organisationId: demoOrgId, email: 'existing@invitee.example', name: 'Existing' });
        expect(invited.status).toBe(201);
        const { code } = await linkCode('existing@invitee.example', /\/api\/auth\/magic\/([A-Za-z0-9_%-]+)/);
        const magic = await request(t.url).get(`/api/auth/magic/${code}`).redirects(0);
        expect(magic.status).toBe(302);
        expect(magic.headers.location).toBe('/#/members');
        expect(String(magic.headers['set-cookie'] ?? '')).not.toMatch(/sid=[^;]/);
      });

      it("a new user's link opens a session that may only choose the first password", async () => {
        await owner
          .post('/api/members')
          .send({ organisationId: demoOrgId, email: 'newbie@invitee.example', name: 'Newbie', cmsRole: 'editor' })
          .expect(201);
        const { code } = await linkCode('newbie@invitee.example', /\/api\/auth\/magic\/([A-Za-z0-9_%-]+)/);
        const magic = await request(t.url).get(`/api/auth/magic/${code}`).redirects(0);
        expect(magic.headers.location).toBe('/reset-initial-password');
        const cookie = sessionCookie(magic);
        const as = (r: request.Test) => r.set('Cookie', cookie).set('Origin', t.url);
        expect((await as(request(t.url).get('/api/auth/user'))).status).toBe(200);
        for (const [method, path] of [
          ['get', '/api/posts'],
          ['get', '/api/members'],
          ['post', '/api/organisations'],
        ] as const) {
          const res = await as(request(t.url)[method](path)).send({ name: 'x' });
          expectWith(res.status, `${method} ${path}`).toBe(403);
          expect(res.body.message).toBe('Choose your password first.');
        }
        expect((await as(request(t.url).put('/api/auth/user/initialPassword')).send({ password: STRONG })).status).toBe(
          200,
        );
        expect((await as(request(t.url).get('/api/posts'))).status).toBe(200);
      });
    });

    describe('5. role-grant rules', () => {
      it('admins cannot make themselves owner, demote or deactivate an owner; the last owner stays', async () => {
        const founder = await signUp('founder@roles.example', 'Roles Co');
        const orgId = ((await founder.get('/api/auth/user')).body.organisations as Array<{ id: string }>)[0].id;
        // An admin who joins through an invitation.
        await founder
          .post('/api/members')
          .send({ organisationId: orgId, email: 'ada@roles.example', name: 'Ada Admin', orgRole: 'admin' })
          .expect(201);
        const { code } = await linkCode('ada@roles.example', /\/api\/auth\/magic\/([A-Za-z0-9_%-]+)/);
        const magic = await request(t.url).get(`/api/auth/magic/${code}`).redirects(0);
        await request(t.url)
          .put('/api/auth/user/initialPassword')
          .set('Cookie', sessionCookie(magic))
          .set('Origin', t.url)
          .send({ password: STRONG })
          .expect(200);
        const ada = await signIn(t.url, { email: 'ada@roles.example', password: STRONG });
        const members = (await founder.get('/api/members').query({ filter: JSON.stringify({ organisationId: orgId }) }))
          .body as Array<{ id: string; email: string; allowedActions: string[] }>;
        const founderMember = members.find((m) => m.email === 'founder@roles.example')!;
        const adaMember = members.find((m) => m.email === 'ada@roles.example')!;

        // The admin, on their own role and on the founder's membership.
        const self = await ada.put(`/api/members/${adaMember.id}`).send({ orgRole: 'owner' });
        expect(self.status).toBe(403);
        expect(self.body.message).toBe('Nobody can change their own organisation role');
        const demote = await ada.put(`/api/members/${founderMember.id}`).send({ orgRole: 'member' });
        expect(demote.status).toBe(403);
        expect(demote.body.message).toBe("Only owners may change an owner's membership");
        const deactivate = await ada.post(`/api/members/${founderMember.id}/actions/Deactivate`).send({});
        expect(deactivate.status).toBe(403);
        const ownerInvite = await ada
          .post('/api/members')
          .send({ organisationId: orgId, email: 'sock@roles.example', name: 'Sock Puppet', orgRole: 'owner' });
        expect(ownerInvite.status).toBe(403);
        expect(ownerInvite.body.message).toBe('Only owners may make someone an owner');
        const seenByAdmin = (await ada.get(`/api/members/${founderMember.id}`)).body as { allowedActions: string[] };
        expect(seenByAdmin.allowedActions).toEqual([]);

        // The founder is the last owner: they cannot demote themselves, and nobody may deactivate them.
        const own = await founder.put(`/api/members/${founderMember.id}`).send({ orgRole: 'admin' });
        expect(own.status).toBe(403);
        const last = await admin.post(`/api/members/${founderMember.id}/actions/Deactivate`).send({});
        expect(last.status).toBe(422);
        expect(last.body.message).toBe(
          'The last owner of an organisation cannot be demoted or deactivated. Make someone else an owner first.',
        );
        const lastDemoted = await admin.put(`/api/members/${founderMember.id}`).send({ orgRole: 'admin' });
        expect(lastDemoted.status).toBe(422);
        expect((await founder.get(`/api/members/${founderMember.id}`)).body.allowedActions).not.toContain('Deactivate');

        // Owners grant owner; then the founder is no longer the last one.
        expect((await founder.put(`/api/members/${adaMember.id}`).send({ orgRole: 'owner' })).status).toBe(200);
        // With two active owners, one owner may deactivate (and reactivate) the other.
        expect((await founder.post(`/api/members/${adaMember.id}/actions/Deactivate`).send({})).status).toBe(200);
        expect((await founder.post(`/api/members/${adaMember.id}/actions/Reactivate`).send({})).status).toBe(200);
        expect((await ada.put(`/api/members/${founderMember.id}`).send({ orgRole: 'admin' })).status).toBe(200);
        // The organisation's membership follows: the founder now manages as an admin, not an owner.
        const refused = await founder.put(`/api/members/${adaMember.id}`).send({ orgRole: 'member' });
        expect(refused.status).toBe(403);
      });

      it('membership changes cannot be sent to the organisation directly', async () => {
        for (const action of ['AddMember', 'RemoveMember', 'constructor']) {
          const res = await owner
            .post(`/api/organisations/${demoOrgId}/actions/${action}`)
            .send({ userId: 'x', role: 'owner' });
          expectWith(res.status, action).toBe(422);
          expect(res.body.message).toBe(`Action ${action} is not supported for an organisation`);
        }
      });
    });

    describe('6-7. cross-origin requests', () => {
      it('CORS answers only the allow-listed origins, never null or a reflected stranger', async () => {
        for (const origin of ['https://evil.example', 'null']) {
          const res = await request(t.url)
            .options('/api/posts')
            .set('Origin', origin)
            .set('Access-Control-Request-Method', 'PUT');
          expectWith(res.headers['access-control-allow-origin'], origin).toBeUndefined();
          expectWith(res.headers['access-control-allow-credentials'], origin).toBeUndefined();
        }
        const partner = await request(t.url)
          .options('/api/posts')
          .set('Origin', 'https://partner.example')
          .set('Access-Control-Request-Method', 'PUT');
        expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example');
        expect(partner.headers['access-control-allow-credentials']).toBe('true');
        expect(partner.headers['access-control-expose-headers']).toContain('Content-Range');
      });

      it("public endpoints answer CORS without credentials, and share answers with the website's own origin only", async () => {
        const site = (await owner.get('/api/websites')).body[0] as { key: string; url: string };
        const own = new URL(site.url).origin;
        const lookup = (origin: string) =>
          request(t.url).get('/api/public/redirects').query({ key: site.key, path: '/nowhere' }).set('Origin', origin);
        const mine = await lookup(own);
        expect(mine.status).toBe(404);
        expect(mine.headers['access-control-allow-origin']).toBe(own);
        expect(mine.headers['access-control-allow-credentials']).toBeUndefined();
        for (const origin of ['https://evil.example', 'null', 'https://console.example']) {
          expectWith((await lookup(origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
        }
        const preflight = await request(t.url)
          .options('/api/public/redirects')
          .set('Origin', own)
          .set('Access-Control-Request-Method', 'GET');
        expect(preflight.status).toBe(204);
        expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      });

      it('refuses Origin: null, a cross-site Referer without Origin, neither header, and a forged X-Forwarded-Host', async () => {
        const cookie = sessionCookie(await request(t.url).post('/api/auth/login').send(OWNER));
        const before = (await request(t.url).get('/api/organisations').set('Cookie', cookie)).headers['content-range'];
        const attempts: Array<[string, Record<string, string>]> = [
          ['Origin: null', { Origin: 'null' }],
          ['a cross-site Referer', { Referer: 'https://evil.example/form.html' }],
          ['neither header', {}],
          ['X-Forwarded-Host', { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' }],
        ];
        for (const [label, headers] of attempts) {
          const res = await request(t.url)
            .post('/api/organisations')
            .set('Cookie', cookie)
            .set(headers)
            .send({ name: `CSRF ${label}` });
          expectWith(res.status, label).toBe(403);
          expectWith(res.body.message, label).toBe('Requests from another site are not allowed');
        }
        // A form post from another site does not log the user out.
        expect(
          (await request(t.url).post('/api/auth/logout').set('Cookie', cookie).set('Referer', 'https://evil.example/'))
            .status,
        ).toBe(403);
        expect((await request(t.url).get('/api/auth/user').set('Cookie', cookie)).status).toBe(200);
        expect((await request(t.url).get('/api/organisations').set('Cookie', cookie)).headers['content-range']).toBe(
          before,
        );
        // Same origin (Host), an allow-listed origin, and a same-origin Referer pass.
        expect(
          (await request(t.url).post('/api/auth/keep-alive').set('Cookie', cookie).set('Origin', t.url)).status,
        ).toBe(200);
        expect(
          (
            await request(t.url)
              .post('/api/auth/keep-alive')
              .set('Cookie', cookie)
              .set('Origin', 'https://console.example')
          ).status,
        ).toBe(200);
        expect(
          (await request(t.url).post('/api/auth/keep-alive').set('Cookie', cookie).set('Referer', `${t.url}/`)).status,
        ).toBe(200);
      });
    });

    describe('8. demo mode reads like a viewer', () => {
      it('a writer in demo mode reads no audit trail, no workflow report and no member emails', async () => {
        const outsider = await signUp('demo-visitor@visitor.example');
        expect((await outsider.post('/api/auth/demo/enter').send({})).status).toBe(200);
        expect((await outsider.get('/api/audit')).status).toBe(403);
        expect((await outsider.get('/api/audit/export.csv')).status).toBe(403);
        expect((await outsider.get('/api/reports/workflow')).status).toBe(403);
        const members = await outsider.get('/api/members');
        expect(members.status).toBe(200);
        expect(members.body.length).toBeGreaterThan(0);
        expect(JSON.stringify(members.body)).not.toMatch(/@demo\.example/);
      });

      it('is refused where demoAvailable is false (a member of the demo organisation)', async () => {
        const writer = await signIn(t.url, WRITER);
        expect((await writer.get('/api/auth/user')).body.demoAvailable).toBe(false);
        const res = await writer.post('/api/auth/demo/enter').send({});
        expect(res.status).toBe(403);
        expect((await writer.get('/api/auth/user')).body.demo).toBeNull();
      });
    });

    describe('10. bad input answers 4xx, never 500', () => {
      it('NUL bytes and lone surrogates in bodies, filters, searches and the public lookup', async () => {
        const site = (await owner.get('/api/websites')).body[0] as { id: string; key: string };
        const cases: Array<[string, () => request.Test]> = [
          [
            'a NUL in a title',
            () => owner.post('/api/posts').send({ websiteId: site.id, title: 'a\u0000b', type: 'blog' }),
          ],
          [
            'a lone surrogate in a title',
            () => owner.post('/api/posts').send({ websiteId: site.id, title: 'a\ud800b', type: 'blog' }),
          ],
          ['a NUL in a filter', () => owner.get('/api/posts').query({ filter: JSON.stringify({ title: 'a\u0000' }) })],
          [
            'a lone surrogate in a filter',
            () => owner.get('/api/posts').query({ filter: JSON.stringify({ title: '\udc00' }) }),
          ],
          ['a NUL in a search', () => owner.get('/api/posts').query({ filter: JSON.stringify({ q: 'x\u0000' }) })],
          ['a NUL in the public lookup', () => request(t.url).get(`/api/public/redirects?key=${site.key}&path=/a%00`)],
          // Lists of a paid product read the filter's websiteId before the list helper runs (its
          // scope and plan check): an escaped NUL there reached PostgreSQL (the route fuzzer, seed 804796060).
          [
            'a NUL in the website of a community list',
            () => owner.get('/api/answers').query({ filter: JSON.stringify({ websiteId: '/a\u0000' }) }),
          ],
          [
            'a NUL in the website of a CRO list',
            () => owner.get('/api/ctas').query({ filter: JSON.stringify({ websiteId: 'a\u0000' }) }),
          ],
          [
            'a lone surrogate in the website of the events list',
            () => owner.get('/api/analytics-events').query({ filter: JSON.stringify({ websiteId: '\udc00' }) }),
          ],
          [
            'a NUL in the days of a submissions list',
            () => owner.get('/api/ctas/x/submissions').query({ filter: JSON.stringify({ from: '\u0000' }) }),
          ],
        ];
        for (const [label, send] of cases) {
          const res = await send();
          expectWith(res.status, label).toBe(400);
          expectWith(res.body.message, label).toMatch(/not allowed \(a NUL character or broken Unicode\)/);
        }
      });

      it('impossible dates, odd numbers, huge ranges and pages', async () => {
        const cases: Array<[string, Record<string, string>, string]> = [
          ['2024-02-30', { from: '2024-02-30' }, 'from must be a date as YYYY-MM-DD'],
          ['0000-01-01', { to: '0000-01-01' }, 'to must be a date as YYYY-MM-DD'],
          [
            'createdAt_gte 2024-02-30',
            { filter: JSON.stringify({ createdAt_gte: '2024-02-30' }) },
            'Filter createdAt_gte must be a date as YYYY-MM-DD',
          ],
          [
            'a number for a date',
            { filter: JSON.stringify({ createdAt_gte: 0 }) },
            'Filter createdAt_gte must be a date as YYYY-MM-DD',
          ],
          [
            'a date for a number',
            { filter: JSON.stringify({ words_gte: '2024-01-01' }) },
            'Filter words_gte must be a number',
          ],
          ['numeric " "', { filter: JSON.stringify({ words_gte: ' ' }) }, 'Filter words_gte must be a number'],
          [
            'numeric 1e1000000',
            { filter: JSON.stringify({ words_lte: '1e1000000' }) },
            'Filter words_lte must be a number',
          ],
          [
            'range [1e20,1e20]',
            { range: '[1e20,1e20]' },
            'range must be [start, end] with 0 <= start <= end <= 2147483647',
          ],
          ['page 1e300', { page: '1e300' }, 'page must be a positive whole number'],
          ['page 9999999999', { page: '9999999999' }, 'The list cannot start after row 2147482647'],
          ['limit -5', { limit: '-5' }, 'limit must be a positive whole number'],
        ];
        for (const [label, query, message] of cases) {
          const res = await owner.get('/api/posts').query(query);
          expectWith(res.status, label).toBe(400);
          expectWith(res.body.message, label).toBe(message);
        }
        expect((await owner.get('/api/posts').query({ from: '2024-02-29', to: '2024-03-01' })).status).toBe(200);
      });

      it('a rich text document nested 10,000 deep is refused with 400', async () => {
        const site = (await owner.get('/api/websites')).body[0] as { id: string };
        const deep = `${'{"content":['.repeat(10_000)}${']}'.repeat(10_000)}`;
        const body = `{"websiteId":"${site.id}","title":"Deep","type":"blog","richText":{"html":"<p>x</p>","json":${deep}}}`;
        const res = await owner.post('/api/posts').set('Content-Type', 'application/json').send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('The request is nested too deeply (at most 64 levels)');
      });

      it('an action named like a prototype key is an unsupported action, not JavaScript', async () => {
        const post = (await owner.get('/api/posts')).body[0] as { id: string };
        for (const action of ['constructor', 'toString', 'valueOf']) {
          const res = await owner.post(`/api/posts/${post.id}/actions/${action}`).send({});
          expectWith(res.status, action).toBe(422);
          expectWith(res.body.message, action).toBe(`Action ${action} is not supported for a post`);
        }
        const proto = await owner.post(`/api/posts/${post.id}/actions/__proto__`).send({});
        expect(proto.status).toBe(400);
        expect(proto.body.message).toBe('Unknown action');
      });
    });

    describe("15. an owner's log-in-as session", () => {
      it("cannot create organisations in the member's name", async () => {
        const writerId = (await signIn(t.url, WRITER)).get('/api/auth/user').then((r) => r.body.id) as Promise<string>;
        const as = await signIn(t.url, OWNER);
        expect((await as.post(`/api/auth/login/as/${await writerId}`).send({})).status).toBe(200);
        const res = await as.post('/api/organisations').send({ name: 'Writer Holdings' });
        expect(res.status).toBe(403);
        const names = ((await admin.get('/api/organisations?range=[0,999]')).body as Array<{ name: string }>).map(
          (o) => o.name,
        );
        expect(names).not.toContain('Writer Holdings');
      });
    });
  });
}
