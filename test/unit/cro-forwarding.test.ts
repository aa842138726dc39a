// Form submissions forwarded to a CTA's integrations (issue 13: "a generic signed webhook
// (HMAC-SHA256 header) that Zapier and other tools accept, and HubSpot and Zoho CRM through their
// public form/lead APIs with the CRM field mapping"), contract-tested against a local HTTP server
// that checks what a receiver checks. Expected requests are written out by hand.
// Issue 25: the URLs and Zoho's token come from the secret store (records hold hints), only the
// CTA's own form fields go out, and every request goes through the installation check's address
// policy and pinned lookup (libs/platform/src/http/public-page.ts `sendOutbound`): readers are
// told "refused" or "failed" with at most the status class.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { formFieldNames, formFields } from '#libs/cro/src/domain/submission-fields.js';
import { urlHint } from '#libs/cro/src/domain/cro-fields.js';
import { forwardingRequests, send, type Submission } from '#libs/cro/src/integrations/forwarding.js';
import { outboundSummary, sendOutbound, type ResolvedAddress } from '#libs/platform/src/http/public-page.js';

const SUBMISSION: Submission = {
  id: 'ev-1',
  ctaId: 'cta-1',
  ctaName: 'Newsletter',
  websiteId: 'w-1',
  url: 'https://shop.example/guides',
  time: '2026-11-24T10:00:00.000Z',
  fields: { email: 'ann@example.com', name: 'Ann' },
};
const BODY =
  '{"id":"ev-1","ctaId":"cta-1","ctaName":"Newsletter","websiteId":"w-1","url":"https://shop.example/guides","time":"2026-11-24T10:00:00.000Z","fields":{"email":"ann@example.com","name":"Ann"}}';
const MAPPING = [
  { field: 'email', crmField: 'Email' },
  { field: 'name', crmField: 'Last_Name' },
];

describe('the requests a submission causes', () => {
  it('a webhook is signed over "{timestamp}.{body}"; Zapier gets the same body unsigned', () => {
    const requests = forwardingRequests(
      SUBMISSION,
      [
        {
          kind: 'webhook',
          settings: { urlHint: 'https://hooks.example.com/••••••••/cta', secretHint: '••••••••cret' },
        },
        { kind: 'zapier', settings: { urlHint: 'https://hooks.zapier.com/••••••••/abc' } },
      ],
      new Map([
        ['webhook', 'a-long-shared-secret'],
        ['webhook-url', 'https://hooks.example.com/cta'],
        ['zapier-url', 'https://hooks.zapier.com/hooks/catch/1/abc'],
      ]),
      MAPPING,
      { now: 1_795_000_000 },
    );
    expect(requests.map((r) => [r.kind, r.url, r.body])).toEqual([
      ['webhook', 'https://hooks.example.com/cta', BODY],
      ['zapier', 'https://hooks.zapier.com/hooks/catch/1/abc', BODY],
    ]);
    expect(requests[0]!.headers['x-cro-timestamp']).toBe('1795000000');
    // What a receiver computes with the secret it was shown.
    expect(requests[0]!.headers['x-cro-signature']).toBe(
      `sha256=${createHmac('sha256', 'a-long-shared-secret').update(`1795000000.${BODY}`).digest('hex')}`,
    );
    expect(requests[1]!.headers['x-cro-signature']).toBeUndefined();
  });

  it('HubSpot: its Forms API with the mapped field names; nothing without a form id', () => {
    const [hubspot, ...rest] = forwardingRequests(
      SUBMISSION,
      [
        { kind: 'hubspot', settings: { portalId: '123', formId: 'f-9' } },
        { kind: 'hubspot', settings: { portalId: '123' } },
      ],
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

  it("a webhook or Zapier hook whose URL is not in the secret store is not called (the record's hint is never a destination)", () => {
    const integrations = [
      {
        kind: 'webhook' as const,
        settings: { urlHint: 'https://hooks.example.com/••••••••/cta', secretHint: '••••••••cret' },
      },
      { kind: 'zapier' as const, settings: { urlHint: 'https://hooks.zapier.com/••••••••/abc' } },
    ];
    expect(
      forwardingRequests(SUBMISSION, integrations, new Map([['webhook', 'a-long-shared-secret']]), MAPPING, {}),
    ).toEqual([]);
  });

  it("Zoho: its records API with the organisation's own token (from the secret store); nothing without one; the data centre decides the host", () => {
    const zoho = {
      kind: 'zoho' as const,
      settings: { module: 'Leads' as const, dataCenter: 'eu' as const, tokenHint: '••••••••-tok' },
    };
    expect(forwardingRequests(SUBMISSION, [zoho], new Map(), MAPPING, {})).toEqual([]);
    const [request] = forwardingRequests(SUBMISSION, [zoho], new Map([['zoho-token', 'org-tok']]), MAPPING, {});
    expect(request).toEqual({
      kind: 'zoho',
      url: 'https://www.zohoapis.eu/crm/v2/Leads',
      headers: { 'content-type': 'application/json', authorization: 'Zoho-oauthtoken org-tok' },
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
        res.statusCode = req.url === '/fail' ? 500 : req.url === '/moved' ? 302 : 204;
        if (req.url === '/moved') res.setHeader('location', '/elsewhere');
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a signed webhook that the receiver can verify', async () => {
    const [request] = forwardingRequests(
      SUBMISSION,
      [{ kind: 'webhook', settings: { urlHint: '', secretHint: '' } }],
      new Map([
        ['webhook', 'receiver-knows-this'],
        ['webhook-url', `${base}/hook`],
      ]),
      null,
      {},
    );
    expect(await send(request!, { allowPrivate: true })).toEqual({ ok: true, status: 204, error: null, detail: null });
    const got = received.find((r) => r.path === '/hook')!;
    expect(got.body).toBe(BODY);
    const expected = `sha256=${createHmac('sha256', 'receiver-knows-this').update(`${got.headers['x-cro-timestamp']}.${got.body}`).digest('hex')}`;
    expect(got.headers['x-cro-signature']).toBe(expected);
  });

  it('tells readers of a refusal by the receiver only its status class, never its answer', async () => {
    expect(
      await send({ kind: 'zapier', url: `${base}/fail`, headers: {}, body: '{}' }, { allowPrivate: true }),
    ).toEqual({ ok: false, status: 500, error: 'failed: HTTP 5xx', detail: null });
    expect(
      await send({ kind: 'zapier', url: `${base}/moved`, headers: {}, body: '{}' }, { allowPrivate: true }),
    ).toEqual({ ok: false, status: 302, error: 'failed: HTTP 3xx', detail: null });
    // The redirect was not followed.
    expect(received.filter((r) => r.path === '/elsewhere')).toEqual([]);
    expect(outboundSummary({ outcome: 'failed', status: null })).toBe('failed: no answer');
    expect(outboundSummary({ outcome: 'refused', status: null })).toBe('refused');
  });

  it('never calls an address inside our network unless allowed, and says only "refused"', async () => {
    const before = received.length;
    const hostile = [
      `${base}/hook`,
      'https://[::127.0.0.1]/',
      'https://[::a9fe:a9fe]/',
      'https://[64:ff9b:1::7f00:1]/',
      'https://198.18.0.1/',
      'http://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'ftp://8.8.8.8/x',
    ];
    for (const url of hostile) {
      const result = await send({ kind: 'zapier', url, headers: {}, body: '{}' }, { timeoutMs: 2000 });
      expect([url, result.ok, result.status, result.error]).toEqual([url, false, null, 'refused']);
    }
    expect(received.length).toBe(before);
  });
});

describe('the pinned lookup of deliveries (an injected resolver plays DNS)', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      req.resume();
      req.on('end', () => res.end('{"inside":"secret"}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const request = (host: string) => ({
    url: `http://${host}:${port}/hook`,
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

  it('connects to the address the name resolved to, resolving it once', async () => {
    let calls = 0;
    const resolve = async (): Promise<ResolvedAddress[]> => (calls++, [{ address: '127.0.0.1', family: 4 }]);
    expect(await sendOutbound(request('hooks.test'), { allowPrivateHosts: true, resolve })).toEqual({
      outcome: 'sent',
      status: 200,
      detail: null,
    });
    expect([calls, hits]).toEqual([1, 1]);
  });

  it('a name that resolves to a loopback address, or to a public and a loopback one, is refused before connecting', async () => {
    const before = hits;
    const loopback = async (): Promise<ResolvedAddress[]> => [{ address: '127.0.0.1', family: 4 }];
    const mixed = async (): Promise<ResolvedAddress[]> => [
      { address: '8.8.8.8', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const mapped = async (): Promise<ResolvedAddress[]> => [{ address: '::ffff:127.0.0.1', family: 6 }];
    for (const resolve of [loopback, mixed, mapped]) {
      const result = await sendOutbound(request('hooks.test'), { allowPrivateHosts: false, resolve });
      expect([result.outcome, result.status]).toEqual(['refused', null]);
      expect(outboundSummary(result)).toBe('refused');
    }
    expect(hits).toBe(before);
  });

  it('DNS rebinding: a name that answers a public address first and loopback after never reaches loopback', async () => {
    const before = hits;
    let calls = 0;
    // First answer public (what a check would see), every later one our own host.
    const publicFirst = async (): Promise<ResolvedAddress[]> =>
      calls++ === 0 ? [{ address: '8.8.8.8', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const result = await sendOutbound(request('rebind.test'), {
      allowPrivateHosts: false,
      resolve: publicFirst,
      timeoutMs: 1000,
    });
    // The one resolution gave 8.8.8.8: the connection went there (and found nothing in time), never to 127.0.0.1.
    expect([result.outcome, calls, hits - before]).toEqual(['failed', 1, 0]);
  });
});

describe("the form's own fields only", () => {
  const ITEMS = [
    { type: 'heading', label: 'Join us' },
    { type: 'email', label: 'Email', name: 'email' },
    { type: 'short_text', label: 'Your Name!' },
    { type: 'Long Text', label: '' },
    { type: 'checkbox', label: 'x', name: 'constructor' },
    { type: 'button', label: 'Send', name: 'send' },
  ];

  it('names the fields as the tracker does: the name, else the label made a key, else field_{n}', () => {
    expect(formFieldNames(ITEMS)).toEqual(['email', 'your_name', 'field_4', 'field_5']);
  });

  it("drops every name a visitor adds, and keeps the form's order", () => {
    const sent = {
      isAdmin: 'true',
      field_4: 'Hello',
      email: 'ann@example.com',
      send: 'x',
      your_name: 'Ann',
      company: 'ACME',
    };
    expect(Object.entries(formFields(sent, ITEMS))).toEqual([
      ['email', 'ann@example.com'],
      ['your_name', 'Ann'],
      ['field_4', 'Hello'],
    ]);
    expect(formFields({ email: 'a@b.c' }, null)).toEqual({});
  });
});

describe('the hint of a secret URL', () => {
  it('its scheme and host (never a user or password) and its last four characters', () => {
    expect(urlHint('https://hooks.zapier.com/hooks/catch/123/abcd9xyz/')).toBe('https://hooks.zapier.com/••••••••xyz/');
    expect(urlHint('https://user:pass@example.com:8443/in?token=s3cr3t')).toBe('https://example.com:8443/••••••••cr3t');
  });
});
