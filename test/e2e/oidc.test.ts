import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type KeyObject } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { boot, sessionCookie, setups, type Booted } from './setups.js';

const ISSUER = 'https://id.test.example';
const AUDIENCE = 'platform-console';
const NOT_REGISTERED = 'This user is not registered please contact admin to register you';

requires(setups[0] !== undefined, 'a store to run on (TEST_STORES)')(
  'third-party sign-in with an OpenID Connect ID token',
  () => {
    let jwks: Server;
    let t: Booted;
    let privateKey: CryptoKey | KeyObject;
    let strangerKey: CryptoKey | KeyObject;

    /** `issued`/`expires`: a time (`Date`) or a span from now (`'5m'`); an expired token is made with past times, not by waiting. */
    const token = (
      claims: Record<string, unknown>,
      options: { key?: CryptoKey | KeyObject; audience?: string; issued?: Date; expires?: string | Date } = {},
    ) =>
      new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(ISSUER)
        .setAudience(options.audience ?? AUDIENCE)
        .setSubject(String(claims.email))
        .setIssuedAt(options.issued)
        .setExpirationTime(options.expires ?? '5m')
        .sign(options.key ?? privateKey);

    beforeAll(async () => {
      const pair = await generateKeyPair('RS256');
      privateKey = pair.privateKey;
      strangerKey = (await generateKeyPair('RS256')).privateKey;
      const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
      // The identity provider's key set, served by the test itself.
      jwks = createServer((_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ keys: [publicJwk] }));
      });
      await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', () => resolve()));
      const { port } = jwks.address() as AddressInfo;
      const setup = setups[0];
      t = await boot({
        ...setup,
        env: async () => ({
          ...(typeof setup.env === 'function' ? await setup.env() : setup.env),
          OIDC_ISSUER: ISSUER,
          OIDC_AUDIENCE: AUDIENCE,
          OIDC_JWKS_URL: `http://127.0.0.1:${port}/jwks.json`,
        }),
      });
    });
    afterAll(async () => {
      await t?.stop();
      await new Promise<void>((resolve) => jwks?.close(() => resolve()));
    });

    it('refuses an unknown user with the spec message, signs them up, then signs them in', async () => {
      const claims = { email: 'gina@idp.example', name: 'Gina Google' };
      const unknown = await request(t.url)
        .post('/api/auth/login/oidc')
        .send({ token: await token(claims) });
      expect(unknown.status).toBe(401);
      expect(unknown.body.message).toBe(NOT_REGISTERED);

      const signup = await request(t.url)
        .post('/api/auth/signup/oidc')
        .send({ token: await token(claims), signUpType: 'Google' });
      expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
      expect(signup.body).toMatchObject({ email: 'gina@idp.example', name: 'Gina Google', role: 'owner' });
      expect(signup.body.organisations).toEqual([
        expect.objectContaining({ name: "Gina Google's organisation", role: 'owner' }),
      ]);

      const login = await request(t.url)
        .post('/api/auth/login/oidc')
        .send({ token: await token(claims) });
      expect(login.status).toBe(200);
      const cookie = sessionCookie(login);
      expect((await request(t.url).get('/api/auth/user').set('Cookie', cookie)).body.email).toBe('gina@idp.example');
      expect(
        (
          await request(t.url)
            .post('/api/auth/signup/oidc')
            .send({ token: await token(claims) })
        ).status,
      ).toBe(409);
    });

    it('refuses tokens that are forged, for another audience, expired, or missing', async () => {
      const claims = { email: 'gina@idp.example', name: 'Gina' };
      for (const bad of [
        await token(claims, { key: strangerKey }),
        await token(claims, { audience: 'someone-else' }),
        // Issued ten minutes ago, expired a minute ago.
        await token(claims, { issued: new Date(Date.now() - 600_000), expires: new Date(Date.now() - 60_000) }),
        'not.a.jwt',
      ]) {
        const res = await request(t.url).post('/api/auth/login/oidc').send({ token: bad });
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('The sign-in token is not valid');
      }
      const missing = await request(t.url).post('/api/auth/login/oidc').send({});
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('The sign-in token is missing!');
      const unverified = await request(t.url)
        .post('/api/auth/login/oidc')
        .send({ token: await token({ email: 'x@idp.example', email_verified: false }) });
      expect(unverified.status).toBe(401);
    });
  },
);
