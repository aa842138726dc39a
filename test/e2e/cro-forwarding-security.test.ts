// Form submission forwarding under attack (issue 25, "Webhook and Zapier deliveries", "Zapier
// catch-hook and token-bearing webhook URLs are secrets", "Form fields a visitor adds", "CRM
// credentials per organisation"), through the real booted API with CRO_ALLOW_PRIVATE_WEBHOOKS off
// (its default), as a hostile tenant would try it:
// - integrations connected to addresses inside our network (IPv4-compatible, NAT64 local-use,
//   benchmarking, link-local metadata, a name resolving to loopback) are refused at delivery time,
//   the reader sees "refused" only, and nothing reaches a local listener;
// - a destination that does not answer reads "failed: no answer", never the resolver's error text;
// - a Zapier hook's URL, a webhook's URL and the organisation's Zoho token are in no answer (record,
//   list, history, audit, its CSV) and not in the stored events (`es_events`, what the relay sends
//   to Kafka); events recorded before (schema v1, with the URL) read with the hint, and the start-up
//   migration copies their URL into the secret store;
// - a field the visitor adds to a form is not stored.
// The webhook body without extra fields (private webhooks allowed) is test/e2e/cro-submissions.test.ts.
// The pinned lookup against DNS rebinding is test/unit/cro-forwarding.test.ts. Expected answers typed by hand.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CRO_SECRETS_SCHEMA, MASK_CTA_URLS } from '#libs/cro/src/integrations/secrets.js';
import { parseMigrations } from '#libs/eventstore/src/sql/migrations.js';
import { expectWith } from '../support/expect.js';
import { OWNER, boot, listQuery, setups, signIn, until, type Agent, type Booted } from './setups.js';

const SHOP = 'https://shop.demo.example';
const ZAPIER_URL = 'https://hooks.zapier.com/hooks/catch/4242/Zs3cr3tT0k3n/';
const WEBHOOK_URL = 'https://crm.example.com/in?key=Wh00kK3y9';
const ZOHO_TOKEN = '1000.zoho-org-T0k3n-5678';
const SECRETS = ['Zs3cr3tT0k3n', 'Wh00kK3y9', 'zoho-org-T0k3n'];

type Delivery = {
  target: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
};

for (const setup of setups) {
  describe(`form submission forwarding under attack (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let listener: Server;
    let port = 0;
    let hits = 0;
    let shop: { id: string; key: string };
    const base = Math.floor(Date.now() / 1000) * 1000 - 600_000;
    const at = (seconds: number) => new Date(base + seconds * 1000).toISOString();
    const items = [
      { type: 'email', label: 'Email', name: 'email', required: true },
      { type: 'short_text', label: 'Name', name: 'name' },
      { type: 'button', label: 'Send' },
    ];

    const act = async (id: string, action: string, body: Record<string, unknown> = {}) => {
      const res = await owner.post(`/api/ctas/${id}/actions/${action}`).send(body);
      expectWith(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body as Record<string, unknown>;
    };
    const made = async (name: string) => {
      const res = await owner.post('/api/ctas').send({ websiteId: shop.id, name, type: 'form', items });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    const collect = (events: unknown[]) =>
      request(t.url)
        .post('/api/public/collect')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ siteKey: shop.key, events }));
    const submissions = async (id: string) => {
      const res = await owner.get(`/api/ctas/${id}/submissions`);
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Array<{ id: string; fields: Record<string, string>; deliveries: Delivery[] }>;
    };
    const settled = (id: string) =>
      until(
        `the deliveries of ${id}`,
        () => submissions(id),
        (rows) =>
          rows.length > 0 &&
          rows.every((r) => r.deliveries.length > 0 && r.deliveries.every((d) => d.status !== 'pending')),
        20_000,
      );

    beforeAll(async () => {
      listener = createServer((req, res) => {
        hits++;
        req.resume();
        req.on('end', () => res.end('{"internal":"answer"}'));
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      port = (listener.address() as AddressInfo).port;
      t = await boot(setup, { CRO_DELIVERY_RETRY_MS: '100' });
      owner = await signIn(t.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as Array<{ id: string; name: string; key: string }>;
      shop = websites.find((w) => w.name === 'Demo Shop')!;
    }, 60_000);
    afterAll(async () => {
      await t?.stop();
      listener?.closeAllConnections();
      await new Promise((resolve) => listener?.close(resolve));
    });

    it('refuses deliveries to addresses inside our network at send time: the reader sees "refused", nothing reaches a local listener', async () => {
      const hostile: Array<['webhook' | 'zapier', string]> = [
        ['webhook', `https://[::127.0.0.1]:${port}/hook`],
        ['zapier', 'https://[::a9fe:a9fe]/latest/meta-data/'],
        ['webhook', `https://[64:ff9b:1::7f00:1]:${port}/hook`],
        ['zapier', 'https://198.18.0.1/hook'],
        ['webhook', `http://localhost:${port}/hook`],
        ['zapier', `http://127.0.0.1:${port}/hook`],
      ];
      const ids: string[] = [];
      for (const [i, [kind, url]] of hostile.entries()) {
        const id = await made(`Hostile ${i}`);
        await act(id, 'ConnectIntegration', { kind, settings: { url } });
        await act(id, 'Publish');
        ids.push(id);
      }
      const sent = await collect(
        ids.map((ctaId, i) => ({
          id: `hostile-${i}`,
          name: 'form_submitted',
          time: at(i),
          url: `${SHOP}/contact`,
          distinctId: 'v-1',
          ctaId,
          fields: { email: 'ann@example.com' },
        })),
      );
      expect(sent.body).toEqual({ accepted: 6, duplicates: 0, rejected: [] });
      const seen = [];
      for (const [i, id] of ids.entries()) {
        const [row] = await settled(id);
        seen.push([hostile[i]![1], row!.deliveries]);
      }
      expect(seen).toEqual(
        hostile.map(([kind, url]) => [
          url,
          [{ target: kind, status: 'failed', attempts: 1, lastStatus: null, lastError: 'refused', sentAt: null }],
        ]),
      );
      expect(hits).toBe(0);
    });

    it('a destination that does not answer reads "failed: no answer": no resolver error, no address', async () => {
      const id = await made('Nowhere');
      await act(id, 'ConnectIntegration', {
        kind: 'zapier',
        settings: { url: 'https://hooks.does-not-exist.invalid/catch/1' },
      });
      await act(id, 'Publish');
      expect(
        (
          await collect([
            {
              id: 'nowhere-1',
              name: 'form_submitted',
              time: at(10),
              url: `${SHOP}/x`,
              distinctId: 'v-2',
              ctaId: id,
              fields: { email: 'bob@example.com' },
            },
          ])
        ).body.accepted,
      ).toBe(1);
      const [row] = await settled(id);
      expect(row!.deliveries).toEqual([
        {
          target: 'zapier',
          status: 'failed',
          attempts: 5,
          lastStatus: null,
          lastError: 'failed: no answer',
          sentAt: null,
        },
      ]);
    }, 30_000);

    it("a Zapier hook's URL, a webhook's URL and the Zoho token are write-only: hints in answers, absent from every answer, the audit and the stored events", async () => {
      const id = await made('Secret hooks');
      const answers: unknown[] = [];
      answers.push(await act(id, 'ConnectIntegration', { kind: 'zapier', settings: { url: ZAPIER_URL } }));
      const webhook = await act(id, 'ConnectIntegration', { kind: 'webhook', settings: { url: WEBHOOK_URL } });
      // The signing secret is shown this once; the URL is not.
      expect(typeof webhook.secret).toBe('string');
      answers.push({ ...webhook, secret: undefined });
      answers.push(
        await act(id, 'ConnectIntegration', {
          kind: 'zoho',
          settings: { module: 'Contacts', dataCenter: 'eu', token: ZOHO_TOKEN },
        }),
      );
      const record = await owner.get(`/api/ctas/${id}`);
      expect(record.body.integrations).toEqual([
        { kind: 'zapier', settings: { urlHint: 'https://hooks.zapier.com/••••••••k3n/' } },
        {
          kind: 'webhook',
          settings: {
            urlHint: 'https://crm.example.com/••••••••K3y9',
            secretHint: `••••••••${String(webhook.secret).slice(-4)}`,
          },
        },
        { kind: 'zoho', settings: { module: 'Contacts', dataCenter: 'eu', tokenHint: '••••••••5678' } },
      ]);
      answers.push(record.body);
      answers.push(
        (await owner.get(`/api/ctas?${listQuery({ filter: { websiteId: shop.id }, range: [0, 999] })}`)).body,
      );
      const history = await owner.get(`/api/ctas/${id}/history`);
      expectWith(history.status, JSON.stringify(history.body)).toBe(200);
      expect(
        history.body
          .filter((e: { type: string }) => e.type === 'CtaIntegrationConnected')
          .map((e: { data: { settings: unknown } }) => e.data.settings),
      ).toEqual([
        { urlHint: 'https://hooks.zapier.com/••••••••k3n/' },
        { urlHint: 'https://crm.example.com/••••••••K3y9', secretHint: `••••••••${String(webhook.secret).slice(-4)}` },
        { module: 'Contacts', dataCenter: 'eu', tokenHint: '••••••••5678' },
      ]);
      answers.push(history.body);
      const audit = await until(
        'the audit of the connections',
        async () =>
          (await owner.get(`/api/audit?${listQuery({ range: [0, 999] })}`)).body as Array<{
            resourceId: string;
            type: string;
          }>,
        (rows) => rows.filter((r) => r.resourceId === id && r.type === 'CtaIntegrationConnected').length === 3,
      );
      answers.push(audit);
      answers.push((await owner.get('/api/audit/export.csv')).text);
      const leaked = (value: unknown) => SECRETS.filter((secret) => JSON.stringify(value).includes(secret));
      expect(answers.map(leaked)).toEqual(answers.map(() => []));
      // The stored events (the log the Kafka relay sends) carry no secret either.
      const stored = await t.app.runtime.db.query<{ type: string; schema_version: number; data: unknown }>(
        `SELECT type, schema_version, data FROM es_events WHERE stream_id = $1 AND type = 'CtaIntegrationConnected' ORDER BY global_position`,
        [`cta-${id}`],
      );
      expect(stored.rows.map((r) => [r.schema_version, leaked(r.data)])).toEqual([
        [2, []],
        [2, []],
        [2, []],
      ]);
      // The delivery job reads them from the secret store.
      const kept = await t.app.runtime.db.query<{ kind: string; secret: string }>(
        `SELECT kind, secret FROM cro_integration_secrets WHERE cta_id = $1 AND kind <> 'webhook' ORDER BY kind`,
        [id],
      );
      expect(kept.rows).toEqual([
        { kind: 'webhook-url', secret: WEBHOOK_URL },
        { kind: 'zapier-url', secret: ZAPIER_URL },
        { kind: 'zoho-token', secret: ZOHO_TOKEN },
      ]);
      // Disconnecting deletes the integration's secrets.
      await act(id, 'DisconnectIntegration', { kind: 'zapier' });
      const left = await t.app.runtime.db.query<{ kind: string }>(
        `SELECT kind FROM cro_integration_secrets WHERE cta_id = $1 ORDER BY kind`,
        [id],
      );
      expect(left.rows.map((r) => r.kind)).toEqual(['webhook', 'webhook-url', 'zoho-token']);
    });

    it('a URL recorded before (CtaIntegrationConnected v1) reads as its hint; the migration copies it to the secret store; old records are masked', async () => {
      const id = await made('Connected long ago');
      const db = t.app.runtime.db;
      const version = await db.query<{ v: string }>(
        'SELECT max(stream_version) AS v FROM es_events WHERE stream_id = $1',
        [`cta-${id}`],
      );
      const oldUrl = 'https://hooks.zapier.com/hooks/catch/77/0ldS3cr3tHook/';
      await db.query(
        `INSERT INTO es_events (event_id, stream_id, stream_version, category, type, schema_version, data, metadata)
         VALUES (gen_random_uuid(), $1, $2, 'cta', 'CtaIntegrationConnected', 1, $3::jsonb, '{}'::jsonb)`,
        [
          `cta-${id}`,
          Number(version.rows[0]!.v) + 1,
          JSON.stringify({ kind: 'zapier', settings: { url: oldUrl }, by: { id: 'u-old', name: 'Old' } }),
        ],
      );
      const history = await owner.get(`/api/ctas/${id}/history`);
      expect(history.body.at(-1).data).toEqual({
        kind: 'zapier',
        settings: { urlHint: 'https://hooks.zapier.com/••••••••ook/' },
        by: { id: 'u-old', name: 'Old' },
      });
      expect(JSON.stringify(history.body)).not.toContain('0ldS3cr3t');
      // The start-up migration "cro 2", run on this database as it stands.
      const copy = parseMigrations(CRO_SECRETS_SCHEMA)!.find((m) => m.version === 2)!;
      await db.query(copy.sql);
      const kept = await db.query<{ secret: string }>(
        `SELECT secret FROM cro_integration_secrets WHERE cta_id = $1 AND kind = 'zapier-url'`,
        [id],
      );
      expect(kept.rows).toEqual([{ secret: oldUrl }]);
      // A record projected before the upcaster existed held the URL: the read model's start-up DDL masks it.
      await db.query(
        `UPDATE rm_ctas SET record = jsonb_set(record, '{integrations}', $2::jsonb), state = jsonb_set(state, '{integrations}', $2::jsonb) WHERE id = $1`,
        [id, JSON.stringify([{ kind: 'zapier', settings: { url: oldUrl } }])],
      );
      await db.query(MASK_CTA_URLS);
      const masked = await db.query<{ record: { integrations: unknown }; state: { integrations: unknown } }>(
        'SELECT record, state FROM rm_ctas WHERE id = $1',
        [id],
      );
      expect([masked.rows[0]!.record.integrations, masked.rows[0]!.state.integrations]).toEqual([
        [{ kind: 'zapier', settings: { urlHint: 'https://hooks.zapier.com/••••••••ook/' } }],
        [{ kind: 'zapier', settings: { urlHint: 'https://hooks.zapier.com/••••••••ook/' } }],
      ]);
    });

    it("stores only the CTA's own form fields: a field the visitor adds is dropped", async () => {
      const id = await made('Plain form');
      await act(id, 'Publish');
      const fields = { email: 'cat@example.com', name: 'Cat', isAdmin: 'true', crm_owner: 'attacker@evil.example' };
      expect(
        (
          await collect([
            {
              id: 'extra-1',
              name: 'form_submitted',
              time: at(20),
              url: `${SHOP}/x`,
              distinctId: 'v-3',
              ctaId: id,
              fields,
            },
          ])
        ).body.accepted,
      ).toBe(1);
      const rows = await submissions(id);
      expect(rows.map((r) => [r.id, r.fields])).toEqual([['extra-1', { email: 'cat@example.com', name: 'Cat' }]]);
      const stored = await t.app.runtime.db.query<{ fields: unknown }>(
        `SELECT fields FROM collected_events WHERE website_id = $1 AND id = 'extra-1'`,
        [shop.id],
      );
      expect(stored.rows).toEqual([{ fields: { email: 'cat@example.com', name: 'Cat' } }]);
    });
  });
}
