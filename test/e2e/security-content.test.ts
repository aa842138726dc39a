import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { OWNER, boot, listQuery, setups, signIn, type Agent, type Booted } from './setups.js';

/**
 * The trust boundary for content that leaves the product (DESIGN.md "Trust boundary"): the
 * installation check's outbound fetch, redirect paths, links in rich text and CSV exports.
 */

const PRIVATE = 'The website address points to a private network';
const BODY = { outline: '1. Why', richText: { json: { type: 'doc' }, html: '<p>Plain.</p>' } };

for (const setup of setups) {
  describe(`security: content that leaves the product (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let websiteId: string;
    let websiteKey: string;

    beforeAll(async () => {
      t = await boot(setup);
      owner = await signIn(t.url, OWNER);
      const site = await owner
        .post('/api/websites')
        .send({ name: 'Content Checks', url: 'https://content-checks.example' });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      websiteId = site.body.id;
      websiteKey = site.body.key;
    });
    afterAll(async () => t?.stop());

    describe('the installation check (POST /api/websites/{id}/actions/VerifyInstallation)', () => {
      let local: Server;
      let hits = 0;
      let port: number;
      beforeAll(async () => {
        local = createServer((_req, res) => {
          hits++;
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
        });
        await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
        port = (local.address() as AddressInfo).port;
      });
      afterAll(async () => {
        local.closeAllConnections();
        await new Promise((resolve) => local.close(resolve));
      });

      let checkedSite: string | undefined;
      /** Points one website at `url` and runs the check: the problem it answers. */
      async function verify(url: string) {
        if (!checkedSite) {
          const site = await owner.post('/api/websites').send({ name: 'Installation Checks', url });
          expectWith(site.status, JSON.stringify(site.body)).toBe(201);
          checkedSite = site.body.id as string;
        } else {
          const moved = await owner.put(`/api/websites/${checkedSite}`).send({ url });
          expectWith(moved.status, JSON.stringify(moved.body)).toBe(200);
        }
        const res = await owner.post(`/api/websites/${checkedSite}/actions/VerifyInstallation`).send({});
        expectWith(res.status, JSON.stringify(res.body)).toBe(422);
        return res.body.errors.url as string;
      }

      it('does not refuse a public IPv4 website as private (it fetches it)', async () => {
        // Whatever answers at 93.184.216.34 (or nothing, offline), it is not "a private network".
        const problem = await verify('http://93.184.216.34/');
        expect(problem).not.toBe(PRIVATE);
        expect(problem).toMatch(
          /^(The page answered \d+|The website could not be reached|The website did not answer in time|The page http:\/\/93\.184\.216\.34\/ does not include the tracking script with this website's key)$/,
        );
      });

      it('refuses loopback in its other spellings, link-local, shared and documentation addresses without fetching', async () => {
        for (const url of [
          `http://127.1:${port}/`,
          `http://0x7f.0.0.1:${port}/`,
          `http://2130706433:${port}/`,
          `http://0.0.0.0:${port}/`,
        ]) {
          expectWith(await verify(url), url).toBe(PRIVATE);
        }
        for (const url of [
          'http://169.254.169.254/',
          'http://100.64.0.1/',
          'http://192.0.2.10/',
          'http://198.51.100.10/',
          'http://203.0.113.10/',
        ]) {
          expectWith(await verify(url), url).toBe(PRIVATE);
        }
        expect(hits).toBe(0);
      });
    });

    describe('redirect paths', () => {
      const create = (fields: Record<string, unknown>) =>
        owner.post('/api/redirect-rules').send({ websiteId, ...fields });

      it('refuses a fromPath or toPath that does not start with exactly one /', async () => {
        const cases: [Record<string, string>, Record<string, string>][] = [
          [{ fromPath: '//evil.example/x', toPath: '/home' }, { fromPath: 'From path must start with a single /' }],
          [
            { fromPath: '/\\evil.example', toPath: '/home' },
            { fromPath: 'From path must not contain a backslash (\\)' },
          ],
          [{ fromPath: '/a\nb', toPath: '/home' }, { fromPath: 'From path must not contain control characters' }],
          [{ fromPath: 'https://evil.example/x', toPath: '/home' }, { fromPath: 'From path must start with /' }],
          [{ fromPath: '/old', toPath: '//evil.example/x' }, { toPath: 'To path must start with a single /' }],
          [{ fromPath: '/old', toPath: '/\\evil.example' }, { toPath: 'To path must not contain a backslash (\\)' }],
          [{ fromPath: '/old', toPath: '\\\\evil.example' }, { toPath: 'To path must not contain a backslash (\\)' }],
          [
            { fromPath: '/old', toPath: 'https://evil.example\\@good.example/' },
            { toPath: 'To path must not contain a backslash (\\)' },
          ],
          [{ fromPath: '/old', toPath: '/a\u0007b' }, { toPath: 'To path must not contain control characters' }],
          [
            { fromPath: '/old', toPath: 'javascript:alert(1)' },
            { toPath: 'To path must start with / or be a full URL' },
          ],
          [{ fromPath: '/old', toPath: 'https://' }, { toPath: 'To path must be a valid http(s) URL' }],
        ];
        for (const [fields, errors] of cases) {
          const res = await create(fields);
          expectWith(res.status, JSON.stringify(fields)).toBe(422);
          expectWith(res.body.errors, JSON.stringify(fields)).toEqual(errors);
        }
        expect((await owner.get(`/api/redirect-rules?${listQuery({ filter: { websiteId } })}`)).body).toEqual([]);
      });

      it('accepts a single-slash path, and an absolute http(s) URL as the target only', async () => {
        const path = await create({ fromPath: '/spring', toPath: '/summer' });
        expectWith(path.status, JSON.stringify(path.body)).toBe(201);
        expect(path.body).toMatchObject({ fromPath: '/spring', toPath: '/summer' });
        const url = await create({ fromPath: '/partner', toPath: 'https://partner.example/landing?from=us' });
        expectWith(url.status, JSON.stringify(url.body)).toBe(201);
        expect(url.body.toPath).toBe('https://partner.example/landing?from=us');
      });

      it('refuses the same paths on an edit, and treats prototype keys as unknown keys', async () => {
        const rule = (await create({ fromPath: '/edit-me', toPath: '/target' })).body;
        const toEvil = await owner.put(`/api/redirect-rules/${rule.id}`).send({ toPath: '//evil.example' });
        expect(toEvil.status).toBe(422);
        expect(toEvil.body.errors).toEqual({ toPath: 'To path must start with a single /' });
        const fromEvil = await owner.put(`/api/redirect-rules/${rule.id}`).send({ fromPath: '/\\evil.example' });
        expect(fromEvil.status).toBe(422);
        expect(fromEvil.body.errors).toEqual({ fromPath: 'From path must not contain a backslash (\\)' });
        const prototypeKeys = await owner
          .put(`/api/redirect-rules/${rule.id}`)
          .set('Content-Type', 'application/json')
          .send(
            '{"constructor":{"fromPath":"//evil.example"},"toString":"x","__proto__":{"toPath":"//evil.example"},"toPath":"/new-target"}',
          );
        expectWith(prototypeKeys.status, JSON.stringify(prototypeKeys.body)).toBe(200);
        expect(prototypeKeys.body).toMatchObject({ fromPath: '/edit-me', toPath: '/new-target', version: 2 });
      });

      it('the public lookup refuses such paths instead of looking them up', async () => {
        for (const [path, message] of [
          ['//evil.example/x', 'The path must start with a single /'],
          ['/\\evil.example', 'The path must not contain a backslash (\\)'],
        ]) {
          const res = await request(t.url).get(
            `/api/public/redirects?key=${websiteKey}&path=${encodeURIComponent(path)}`,
          );
          expectWith(res.status, path).toBe(422);
          expectWith(res.body.errors, path).toEqual({ path: message });
        }
        const found = await request(t.url).get(`/api/public/redirects?key=${websiteKey}&path=/spring`);
        expect(found.status).toBe(200);
        expect(found.body).toEqual({ fromPath: '/spring', toPath: '/summer', type: 301 });
      });
    });

    describe('rich text links', () => {
      it('adds rel="noopener noreferrer" to links opened in a new tab and keeps only http(s), mailto, same-site and fragment addresses', async () => {
        const html = [
          '<p><a href="https://example.org/a" target="_blank">new tab</a>',
          '<a href="https://example.org/b" target="_blank" rel="opener nofollow">opener asked</a>',
          '<a href="https://example.org/c" target="other">named window</a>',
          '<a href="https://example.org/d">same tab</a>',
          '<a href="mailto:desk@example.org">mail</a>',
          '<a href="/about">path</a>',
          '<a href="#notes">fragment</a>',
          '<a href="javascript:alert(1)">script</a>',
          '<a href="java&#x09;script:alert(1)">tabbed script</a>',
          '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">data</a>',
          '<a href="vbscript:msgbox(1)">vbscript</a>',
          '<a href="//evil.example/x">protocol-relative</a>',
          '<a href="/\\evil.example">backslash</a>',
          '<a href="about.html">relative</a></p>',
        ].join(' ');
        const res = await owner.post('/api/posts').send({
          websiteId,
          title: 'Links',
          type: 'blog',
          outline: '1. Links',
          richText: { json: { type: 'doc' }, html },
        });
        expectWith(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.richText.html).toBe(
          [
            '<p><a href="https://example.org/a" target="_blank" rel="noopener noreferrer">new tab</a>',
            '<a href="https://example.org/b" target="_blank" rel="nofollow noopener noreferrer">opener asked</a>',
            '<a href="https://example.org/c" target="other" rel="noopener noreferrer">named window</a>',
            '<a href="https://example.org/d">same tab</a>',
            '<a href="mailto:desk@example.org">mail</a>',
            '<a href="/about">path</a>',
            '<a href="#notes">fragment</a>',
            '<a>script</a>',
            '<a>tabbed script</a>',
            '<a>data</a>',
            '<a>vbscript</a>',
            '<a>protocol-relative</a>',
            '<a>backslash</a>',
            '<a>relative</a></p>',
          ].join(' '),
        );
        // The stored record holds the sanitised HTML too.
        expect((await owner.get(`/api/posts/${res.body.id}`)).body.richText.html).toBe(res.body.richText.html);
      });
    });

    describe('CSV export of the audit trail', () => {
      it('makes formulas inert (leading, fullwidth, and after an in-cell separator) and quotes every cell', async () => {
        const me = (await owner.get('/api/auth/user')).body as { name: string };
        // Each note is written as typed by a user; beside it, the cell it must become.
        const notes: [string, string][] = [
          ['=1+1', `"'=1+1"`],
          ['+SUM(A1:A9)', `"'+SUM(A1:A9)"`],
          ['-2+3', `"'-2+3"`],
          ['@SUM(A1)', `"'@SUM(A1)"`],
          ['|calc', `"'|calc"`],
          [';=cmd', `"';'=cmd"`],
          ['＝1+1', `"'＝1+1"`],
          ['＋1', `"'＋1"`],
          ['－1', `"'－1"`],
          ['＠SUM(A1)', `"'＠SUM(A1)"`],
          ['a;=cmd', `"a;'=cmd"`],
          ['x|=y', `"x|'=y"`],
          ['a,=b', `"a,'=b"`],
          ['a, -b', `"a,' -b"`],
          ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
          ['first line\n=cmd', `"first line\n'=cmd"`],
          ['Plain, "quoted" note', `"Plain, ""quoted"" note"`],
        ];
        const ids: string[] = [];
        for (const [note] of notes) {
          const post = await owner
            .post('/api/posts')
            .send({ websiteId, title: `CSV ${ids.length}`, type: 'blog', ...BODY });
          expectWith(post.status, JSON.stringify(post.body)).toBe(201);
          const submitted = await owner.post(`/api/posts/${post.body.id}/actions/SubmitForEdit`).send({ note });
          expectWith(submitted.status, JSON.stringify(submitted.body)).toBe(200);
          ids.push(post.body.id);
        }
        for (const [i, id] of ids.entries()) {
          const csv = await owner.get(
            `/api/audit/export.csv?${listQuery({ filter: { resourceId: id, action: 'SubmitForEdit' } })}`,
          );
          expect(csv.status).toBe(200);
          expect(csv.headers['content-type']).toMatch(/^text\/csv/);
          expect(csv.text.endsWith('\r\n')).toBe(true);
          const lines = csv.text.slice(0, -2).split('\r\n');
          expect(lines[0]).toBe('time,actor,email,action,type,resource,resourceId,from,to,note');
          expect(lines).toHaveLength(2);
          const row = lines[1];
          // "time" is the moment of the event; every cell after it is known and quoted.
          expect(row).toMatch(/^"\d{4}-\d\d-\d\dT[\d:.]+(Z|\+00:00)",/);
          const rest = row.slice(row.indexOf('",') + 2);
          expectWith(rest, notes[i][0]).toBe(
            `"${me.name}","owner@demo.example","SubmitForEdit","PostSubmitted","post","${id}","Writer","Edit",${notes[i][1]}`,
          );
        }
      });
    });
  });
}
