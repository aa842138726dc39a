// The day range of a CTA's submissions (issue 13, the console's date range picker): `from` and `to`
// (YYYY-MM-DD, inclusive) are days of the WEBSITE's timezone, for `GET /api/ctas/{id}/submissions`
// (as parameters or in react-admin's `filter`) and for its CSV export. Demo Shop's timezone is
// Europe/Berlin, whose January is always UTC+01:00, so the visitors' times below sit one second on
// either side of Berlin's midnights, and every expected list is typed out by hand. Read as days in
// UTC instead, 10 January would hold r-end and r-next, not r-start and r-end.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { OWNER, boot, listQuery, setups, signIn, type Agent, type Booted } from './setups.js';

const SHOP = 'https://shop.demo.example';

// A January at least a few days past and less than 400 days ago (events older than that are refused).
const now = new Date();
const Y = now.getTime() >= Date.UTC(now.getUTCFullYear(), 0, 14) ? now.getUTCFullYear() : now.getUTCFullYear() - 1;

for (const setup of setups) {
  describe(`a CTA's submissions by days of the website's timezone (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let cta: string;

    const submitted = (id: string, time: string) => ({
      distinctId: 'visitor-r',
      sessionId: 'session-r',
      id,
      name: 'form_submitted',
      time,
      url: `${SHOP}/range`,
      ctaId: cta,
      fields: { email: `${id}@example.com` },
    });
    const ids = async (query: string) => {
      const res = await owner.get(`/api/ctas/${cta}/submissions?${query}`);
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return [(res.body as { id: string }[]).map((row) => row.id), res.headers['content-range']];
    };

    beforeAll(async () => {
      t = await boot(setup);
      owner = await signIn(t.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as Array<{
        id: string;
        name: string;
        key: string;
        timezone: string;
      }>;
      const shop = websites.find((w) => w.name === 'Demo Shop')!;
      expect(shop.timezone).toBe('Europe/Berlin');
      const made = await owner.post('/api/ctas').send({
        websiteId: shop.id,
        name: 'Range form',
        type: 'form',
        items: [
          { type: 'email', label: 'Email', name: 'email', required: true },
          { type: 'button', label: 'Send' },
        ],
      });
      expectWith(made.status, JSON.stringify(made.body)).toBe(201);
      cta = made.body.id as string;
      const published = await owner.post(`/api/ctas/${cta}/actions/Publish`).send({});
      expectWith(published.status, JSON.stringify(published.body)).toBe(200);
      const events = [
        submitted('r-before', `${Y}-01-09T23:59:59+01:00`),
        submitted('r-start', `${Y}-01-10T00:00:00+01:00`),
        submitted('r-end', `${Y}-01-10T23:59:59+01:00`),
        submitted('r-next', `${Y}-01-11T00:00:00+01:00`),
        submitted('r-later', `${Y}-01-12T12:00:00+01:00`),
      ];
      const res = await request(t.url)
        .post('/api/public/collect')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ siteKey: shop.key, events }));
      expectWith(res.body, JSON.stringify(res.body)).toEqual({ accepted: 5, duplicates: 0, rejected: [] });
    }, 60_000);
    afterAll(async () => {
      await t?.stop();
    });

    it('from and to are whole days of the website (inclusive), as parameters', async () => {
      expect(await ids('')).toEqual([['r-later', 'r-next', 'r-end', 'r-start', 'r-before'], 'submissions 0-4/5']);
      expect(await ids(`from=${Y}-01-10&to=${Y}-01-10`)).toEqual([['r-end', 'r-start'], 'submissions 0-1/2']);
      expect(await ids(`from=${Y}-01-10`)).toEqual([['r-later', 'r-next', 'r-end', 'r-start'], 'submissions 0-3/4']);
      expect(await ids(`to=${Y}-01-10`)).toEqual([['r-end', 'r-start', 'r-before'], 'submissions 0-2/3']);
      expect(await ids(`from=${Y}-01-11&to=${Y}-01-31`)).toEqual([['r-later', 'r-next'], 'submissions 0-1/2']);
      expect(await ids(`from=${Y}-01-13&to=${Y}-01-31`)).toEqual([[], 'submissions 0-0/0']);
      // An empty value is no bound.
      expect(await ids(`from=&to=${Y}-01-09`)).toEqual([['r-before'], 'submissions 0-0/1']);
    });

    it("and in the filter (the console's list), with paging, sorting and the search", async () => {
      expect(await ids(listQuery({ filter: { from: `${Y}-01-10`, to: `${Y}-01-11` } }))).toEqual([
        ['r-next', 'r-end', 'r-start'],
        'submissions 0-2/3',
      ]);
      expect(await ids(listQuery({ filter: { from: `${Y}-01-10`, to: `${Y}-01-11` }, range: [1, 1] }))).toEqual([
        ['r-end'],
        'submissions 1-1/3',
      ]);
      expect(await ids(listQuery({ filter: { from: `${Y}-01-10`, to: `${Y}-01-11` }, sort: ['time', 'ASC'] }))).toEqual(
        [['r-start', 'r-end', 'r-next'], 'submissions 0-2/3'],
      );
      expect(await ids(listQuery({ filter: { from: `${Y}-01-10`, q: 'r-end@' } }))).toEqual([
        ['r-end'],
        'submissions 0-0/1',
      ]);
      expect(await ids(listQuery({ filter: { from: null, to: '' } }))).toEqual([
        ['r-later', 'r-next', 'r-end', 'r-start', 'r-before'],
        'submissions 0-4/5',
      ]);
    });

    it('the CSV export takes the same days', async () => {
      const res = await owner.get(`/api/ctas/${cta}/submissions/export?from=${Y}-01-10&to=${Y}-01-11`);
      expectWith(res.status, res.text).toBe(200);
      expect(res.text).toBe(
        '"Time","Page URL","email"\r\n' +
          `"${Y}-01-09T23:00:00.000Z","${SHOP}/range","r-start@example.com"\r\n` +
          `"${Y}-01-10T22:59:59.000Z","${SHOP}/range","r-end@example.com"\r\n` +
          `"${Y}-01-10T23:00:00.000Z","${SHOP}/range","r-next@example.com"\r\n`,
      );
      const none = await owner.get(`/api/ctas/${cta}/submissions/export?to=${Y - 1}-12-31`);
      expect(none.text).toBe('"Time","Page URL"\r\n');
    });

    it('answers 400 with a clear message for days that are not real dates, a from after the to, or a day given twice', async () => {
      const refused: Array<[string, string]> = [
        [`from=${Y}-02-30`, 'from must be a date as YYYY-MM-DD'],
        [`to=${Y}-1-5`, 'to must be a date as YYYY-MM-DD'],
        ['from=yesterday', 'from must be a date as YYYY-MM-DD'],
        [`from=${encodeURIComponent(`${Y}-01-10' OR '1'='1`)}`, 'from must be a date as YYYY-MM-DD'],
        [`from=${Y}-01-10&from=${Y}-01-11`, 'from must be a date as YYYY-MM-DD'],
        [`from=${Y}-01-11&to=${Y}-01-10`, 'from must not be after to'],
        [listQuery({ filter: { to: 20260110 } }), 'to must be a date as YYYY-MM-DD'],
        [listQuery({ filter: { from: [`${Y}-01-10`] } }), 'from must be a date as YYYY-MM-DD'],
        [
          `from=${Y}-01-10&${listQuery({ filter: { from: `${Y}-01-10` } })}`,
          'from is given twice (as a parameter and in the filter)',
        ],
      ];
      for (const [query, message] of refused) {
        for (const path of [`/api/ctas/${cta}/submissions`, `/api/ctas/${cta}/submissions/export`]) {
          // The export takes parameters only: a filter there is ignored.
          if (path.endsWith('/export') && query.includes('filter=')) continue;
          const res = await owner.get(`${path}?${query}`);
          expectWith({ status: res.status, message: res.body.message }, `${path}?${query}`).toEqual({
            status: 400,
            message,
          });
        }
      }
    });
  });
}
