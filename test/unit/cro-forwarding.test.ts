// Form submissions forwarded to a CTA's integrations (issue 13: "a generic signed webhook
// (HMAC-SHA256 header) that Zapier and other tools accept, and HubSpot and Zoho CRM through their
// public form/lead APIs with the CRM field mapping"), contract-tested against a local HTTP server
// that checks what a receiver checks. Expected requests are written out by hand.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { forwardingRequests, refusedDestination, send, type Submission } from '#libs/cro/src/integrations/forwarding.js';

const SUBMISSION: Submission = {
  id: 'ev-1', ctaId: 'cta-1', ctaName: 'Newsletter', websiteId: 'w-1', url: 'https://shop.example/guides', time: '2026-11-24T10:00:00.000Z',
  fields: { email: 'ann@example.com', name: 'Ann' },
};
const BODY = '{"id":"ev-1","ctaId":"cta-1","ctaName":"Newsletter","websiteId":"w-1","url":"https://shop.example/guides","time":"2026-11-24T10:00:00.000Z","fields":{"email":"ann@example.com","name":"Ann"}}';
const MAPPING = [{ field: 'email', crmField: 'Email' }, { field: 'name', crmField: 'Last_Name' }];

describe('the requests a submission causes', () => {
  it('a webhook is signed over "{timestamp}.{body}"; Zapier gets the same body unsigned', () => {
    const requests = forwardingRequests(
      SUBMISSION,
      [{ kind: 'webhook', settings: { url: 'https://hooks.example.com/cta', secretHint: '••••••••cret' } }, { kind: 'zapier', settings: { url: 'https://hooks.zapier.com/hooks/catch/1/abc' } }],
      new Map([['webhook', 'a-long-shared-secret']]),
      MAPPING,
      { now: 1_795_000_000 },
    );
    expect(requests.map((r) => [r.kind, r.url, r.body])).toEqual([
      ['webhook', 'https://hooks.example.com/cta', BODY],
      ['zapier', 'https://hooks.zapier.com/hooks/catch/1/abc', BODY],
    ]);
    expect(requests[0]!.headers['x-cro-timestamp']).toBe('1795000000');
    // What a receiver computes with the secret it was shown.
    expect(requests[0]!.headers['x-cro-signature']).toBe(`sha256=${createHmac('sha256', 'a-long-shared-secret').update(`1795000000.${BODY}`).digest('hex')}`);
    expect(requests[1]!.headers['x-cro-signature']).toBeUndefined();
  });

  it('HubSpot: its Forms API with the mapped field names; nothing without a form id', () => {
    const [hubspot, ...rest] = forwardingRequests(
      SUBMISSION,
      [{ kind: 'hubspot', settings: { portalId: '123', formId: 'f-9' } }, { kind: 'hubspot', settings: { portalId: '123' } }],
      new Map(),
      MAPPING,
      { hubspotUrl: 'http://127.0.0.1:9/' },
    );
    expect(rest).toEqual([]);
    expect(hubspot).toEqual({
      kind: 'hubspot',
      url: 'http://127.0.0.1:9/submissions/v3/integration/submit/123/f-9',
      headers: { 'content-type': 'application/json' },
      body: '{"fields":[{"name":"Email","value":"ann@example.com"},{"name":"Last_Name","value":"Ann"}],"context":{"pageUri":"https://shop.example/guides"}}',
    });
  });

  it('Zoho: its records API with the token; nothing without a token; the data centre decides the host', () => {
    const zoho = { kind: 'zoho' as const, settings: { module: 'Leads' as const, dataCenter: 'eu' as const } };
    expect(forwardingRequests(SUBMISSION, [zoho], new Map(), MAPPING, {})).toEqual([]);
    const [request] = forwardingRequests(SUBMISSION, [zoho], new Map(), MAPPING, { zohoAccessToken: 'tok' });
    expect(request).toEqual({
      kind: 'zoho',
      url: 'https://www.zohoapis.eu/crm/v2/Leads',
      headers: { 'content-type': 'application/json', authorization: 'Zoho-oauthtoken tok' },
      body: '{"data":[{"Email":"ann@example.com","Last_Name":"Ann","Lead_Source":"Website CTA"}]}',
    });
  });
});

describe('sending', () => {
  let server: Server;
  let base: string;
  const received: Array<{ path: string; headers: IncomingMessage['headers']; body: string }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body });
        res.statusCode = req.url === '/fail' ? 500 : 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a signed webhook that the receiver can verify', async () => {
    const [request] = forwardingRequests(SUBMISSION, [{ kind: 'webhook', settings: { url: `${base}/hook`, secretHint: '' } }], new Map([['webhook', 'receiver-knows-this']]), null, {});
    expect(await send(request!, { allowPrivate: true })).toEqual({ ok: true, status: 204, error: null });
    const got = received.find((r) => r.path === '/hook')!;
    expect(got.body).toBe(BODY);
    const expected = `sha256=${createHmac('sha256', 'receiver-knows-this').update(`${got.headers['x-cro-timestamp']}.${got.body}`).digest('hex')}`;
    expect(got.headers['x-cro-signature']).toBe(expected);
  });

  it('reports a refusal of the receiver', async () => {
    expect(await send({ kind: 'zapier', url: `${base}/fail`, headers: {}, body: '{}' }, { allowPrivate: true })).toEqual({ ok: false, status: 500, error: null });
  });

  it('never calls an address inside our network unless allowed', async () => {
    const before = received.length;
    const result = await send({ kind: 'zapier', url: `${base}/hook`, headers: {}, body: '{}' });
    expect(result).toEqual({ ok: false, status: null, error: 'Not sent: the address 127.0.0.1 is not a public one (loopback)' });
    expect(received.length).toBe(before);
    expect(await refusedDestination('http://169.254.169.254/latest/meta-data', false)).toBe('the address 169.254.169.254 is not a public one (linkLocal)');
    expect(await refusedDestination('https://10.1.2.3/x', false)).toBe('the address 10.1.2.3 is not a public one (private)');
    expect(await refusedDestination('https://[::1]/x', false)).toBe('the address ::1 is not a public one (loopback)');
    expect(await refusedDestination('https://[::ffff:127.0.0.1]/x', false)).toBe('the address ::ffff:7f00:1 is not a public one (loopback)');
    expect(await refusedDestination('https://8.8.8.8/x', false)).toBeNull();
    expect(await refusedDestination('ftp://8.8.8.8/x', false)).toBe('not an http(s) URL');
  });
});
