import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { OWNER, WRITER, boot, setups, signIn, type Booted } from './setups.js';

for (const setup of setups) {
  describe(`the site-builder token stays out of the log and out of answers (${setup.name})`, () => {
    let t: Booted;
    beforeAll(async () => {
      t = await boot(setup);
    });
    afterAll(async () => t?.stop());

    it('stores the token aside, answers only its hint, and keeps it when the record is saved back', async () => {
      const owner = await signIn(t.url, OWNER);
      const created = await owner.post('/api/websites').send({
        name: 'Builder site',
        url: 'https://builder.example',
        siteBuilder: { token: 'sb-secret-token-9876', siteId: 'site-1' },
      });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.siteBuilder).toEqual({ token: '••••••••9876', tokenHint: '••••••••9876', siteId: 'site-1' });
      const id = created.body.id;

      // react-admin sends the whole record back: the hint keeps the stored token.
      const saved = await owner.put(`/api/websites/${id}`).send({ ...created.body, name: 'Builder site 2' });
      expectWith(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.siteBuilder.tokenHint).toBe('••••••••9876');
      const stored = await t.app.runtime.db.query<{ value: string }>(
        `SELECT value FROM website_secrets WHERE website_id = $1`,
        [id],
      );
      expect(stored.rows).toEqual([{ value: 'sb-secret-token-9876' }]);

      // A new token replaces it; null removes the integration and the secret.
      const replaced = await owner
        .put(`/api/websites/${id}`)
        .send({ siteBuilder: { token: 'sb-other-1111', siteId: 'site-1' } });
      expect(replaced.body.siteBuilder.tokenHint).toBe('••••••••1111');
      const removed = await owner.put(`/api/websites/${id}`).send({ siteBuilder: null });
      expect(removed.body.siteBuilder).toBeNull();
      expect(
        (await t.app.runtime.db.query(`SELECT 1 FROM website_secrets WHERE website_id = $1`, [id])).rows,
      ).toHaveLength(0);
      // A hint without a stored token is a missing token.
      const hintOnly = await owner
        .put(`/api/websites/${id}`)
        .send({ siteBuilder: { token: '••••••••1111', siteId: 'site-1' } });
      expect(hintOnly.status).toBe(422);
      expect(hintOnly.body.errors['siteBuilder.token']).toBe('Site-builder token is missing!');

      // Nothing in the history, the events or what members read holds a token.
      const history = JSON.stringify((await owner.get(`/api/websites/${id}/history`)).body);
      const events = JSON.stringify(await t.app.runtime.store.readStream(`website-${id}`));
      const asWriter = JSON.stringify((await (await signIn(t.url, WRITER)).get(`/api/websites/${id}`)).body);
      for (const text of [history, events, asWriter]) {
        expect(text).not.toContain('sb-secret-token-9876');
        expect(text).not.toContain('sb-other-1111');
      }
    });
  });
}
