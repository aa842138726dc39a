// The console as the API serves it, over real HTTP (issue 12, "fast first load"): compressed
// assets, a year's immutable cache for hashed files, index.html revalidated, API answers untouched;
// and the two calls a cold login page makes answer without an error status.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rawGet as rawGetWith } from '../support/raw-get.js';
import { fileURLToPath } from 'node:url';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { OWNER, boot, setups, signIn, type Booted } from './setups.js';

const DIST = fileURLToPath(new URL('../../apps/console/dist/', import.meta.url));
const setup = setups[0];
const built = existsSync(`${DIST}index.html`);

/** Typed from the issue: hashed files for a year, immutable; the page and its routes revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The bytes as sent, with this Accept-Encoding. */
const rawGet = (url: string, acceptEncoding: string) => rawGetWith(url, { 'Accept-Encoding': acceptEncoding });
const NO_CACHE = 'no-cache';

requires(built && setup !== undefined, 'the built console (npm run build:console) and a store to boot on')(
  `the console's files over HTTP (${setup?.name})`,
  () => {
    let t: Booted;
    /** The entry script index.html loads (`/assets/index-<hash>.js`). */
    let entry: string;

    beforeAll(async () => {
      t = await boot(setup!);
      entry = /src="(\/assets\/index-[\w-]+\.js)"/.exec(readFileSync(`${DIST}index.html`, 'utf8'))![1]!;
    });
    afterAll(async () => t?.stop());

    it('sends a JavaScript asset brotli-compressed to a browser that accepts brotli, gzip to one that accepts gzip only', async () => {
      const original = readFileSync(`${DIST}${entry.slice(1)}`);
      const br = await rawGet(`${t.url}${entry}`, 'gzip, deflate, br');
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
      expect(br.body.length).toBeLessThan(original.length / 2);

      const gz = await rawGet(`${t.url}${entry}`, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(original)).toBe(true);

      const plain = await rawGet(`${t.url}${entry}`, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
    });

    it('caches every hashed asset for a year as immutable, whatever its encoding', async () => {
      const assets = readdirSync(`${DIST}assets`).filter((f) => /-[\w-]{8}\.(js|css)$/.test(f));
      expect(assets.length).toBeGreaterThan(10);
      for (const file of [entry.slice('/assets/'.length), ...assets.slice(0, 5)]) {
        for (const encoding of ['br', 'gzip', 'identity']) {
          const res = await request(t.url).get(`/assets/${file}`).set('Accept-Encoding', encoding);
          expectWith(res.status, `${file} ${encoding}`).toBe(200);
          expectWith(res.headers['cache-control'], `${file} ${encoding}`).toBe(IMMUTABLE);
        }
      }
    });

    it('revalidates index.html and every client route that answers it; a missing asset is a 404, not the page', async () => {
      for (const path of ['/', '/index.html', '/signup', '/forgot-password', '/onboarding', '/some/unknown/page']) {
        const res = await request(t.url).get(path).set('Accept-Encoding', 'gzip, br');
        expectWith(res.status, path).toBe(200);
        expectWith(res.headers['content-type'], path).toMatch(/^text\/html/);
        expectWith(res.headers['cache-control'], path).toBe(NO_CACHE);
        expectWith(res.text, path).toContain('<div id="root">');
      }
      const favicon = await request(t.url).get('/favicon.svg');
      expect(favicon.headers['cache-control']).toBe(NO_CACHE);
      const missing = await request(t.url).get('/assets/index-00000000.js');
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).not.toBe(IMMUTABLE);
    });

    it("API answers are not the assets': compressed on the fly by the API's own rule (test/e2e/compression.test.ts), never cached as assets", async () => {
      const owner = await signIn(t.url, OWNER);
      const res = await owner.get('/api/websites').set('Accept-Encoding', 'gzip, br');
      expect(res.status).toBe(200);
      expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
      expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
      const page = await rawGet(`${t.url}/api/workflows/post`, 'gzip, br');
      expect(page.headers['cache-control']).not.toBe(IMMUTABLE);
      const unknown = await request(t.url).get('/api/no-such-route').set('Accept-Encoding', 'gzip, br');
      expect(unknown.status).toBe(404);
      expect(unknown.headers['content-type']).toMatch(/json/);
    });

    it('GET /api/auth/session answers 200 with or without a session: { user: null } signed out, the user signed in', async () => {
      const anonymous = await request(t.url).get('/api/auth/session');
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({ user: null });
      const stale = await request(t.url).get('/api/auth/session').set('Cookie', 'sid=not-a-session');
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual({ user: null });
      const owner = await signIn(t.url, OWNER);
      const signedIn = await owner.get('/api/auth/session');
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user).toEqual((await owner.get('/api/auth/user')).body);
      expect(signedIn.body.user.email).toBe(OWNER.email);
      // GET /api/auth/user keeps its contract: 401 without a session.
      expect((await request(t.url).get('/api/auth/user')).status).toBe(401);
    });

    it('the built files keep their precompressed copies beside them (the build made them)', () => {
      const file = `${DIST}${entry.slice(1)}`;
      expect(statSync(`${file}.br`).size).toBeLessThan(statSync(file).size);
      expect(statSync(`${file}.gz`).size).toBeLessThan(statSync(file).size);
    });
  },
);

requires(setup !== undefined, 'a store to boot on (TEST_STORES)')(
  `GET /api/auth/demo without the demo data (${setup?.name})`,
  () => {
    let t: Booted;
    beforeAll(async () => {
      t = await boot(setup!, { DEMO_DATA: 'false' });
    });
    afterAll(async () => t?.stop());

    it('answers 204 with nothing (a success: the login page logs no failed request)', async () => {
      const res = await request(t.url).get('/api/auth/demo');
      expect(res.status).toBe(204);
      expect(res.text ?? '').toBe('');
    });
  },
);
