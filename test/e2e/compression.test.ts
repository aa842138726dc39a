// The API's answers are compressed (issue 27, "JSON answers are compressed"): a list over 1 KiB
// comes gzip-encoded to a client that accepts it, and is the same JSON once decoded; a small answer
// and a client that accepts no encoding get it plain; the sign-in routes are never compressed (a
// reflected value beside a secret: BREACH).
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rawGet } from '../support/raw-get.js';
import { OWNER, boot, sessionCookie, setups, type Booted } from './setups.js';

for (const setup of setups) {
  describe(`compressed answers (${setup.name})`, () => {
    let t: Booted;
    let cookie: string;

    beforeAll(async () => {
      t = await boot(setup);
      cookie = sessionCookie(await request(t.url).post('/api/auth/login').send(OWNER));
    }, 60_000);
    afterAll(async () => t?.stop());

    it('gzips a JSON list for a client that accepts it; the decoded body is the same list', async () => {
      const plain = await request(t.url).get('/api/ctas').set('Cookie', cookie).set('Accept-Encoding', 'identity');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Buffer.byteLength(JSON.stringify(plain.body))).toBeGreaterThan(1024);
      const zipped = await rawGet(`${t.url}/api/ctas`, { Cookie: cookie, 'Accept-Encoding': 'gzip' });
      expect([zipped.status, zipped.headers['content-encoding'], zipped.headers.vary]).toEqual([
        200,
        'gzip',
        expect.stringContaining('Accept-Encoding'),
      ]);
      expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(plain.body);
      expect(zipped.body.length).toBeLessThan(Buffer.byteLength(JSON.stringify(plain.body)));
    });

    it('answers small bodies and the sign-in routes plain', async () => {
      const health = await rawGet(`${t.url}/api/health/live`, { 'Accept-Encoding': 'gzip' });
      expect([health.status, health.headers['content-encoding']]).toEqual([200, undefined]);
      const user = await rawGet(`${t.url}/api/auth/user`, { Cookie: cookie, 'Accept-Encoding': 'gzip' });
      expect([user.status, user.headers['content-encoding']]).toEqual([200, undefined]);
      // (Large enough to be compressed, were it not a sign-in route.)
      expect(user.body.length).toBeGreaterThan(1024);
    });
  });
}
