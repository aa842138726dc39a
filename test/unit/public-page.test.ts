import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { fetchPublicPage, isPublicAddress, type ResolvedAddress } from '#libs/platform/src/http/public-page.js';

const PRIVATE = 'The website address points to a private network';

describe('which addresses an outbound check may reach', () => {
  it('allows public IPv4 and IPv6 addresses', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '1.1.1.1',
      '11.0.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '192.169.0.1',
      '223.255.255.254',
      '2606:2800:220:1:248:1893:25c8:1946',
      '2a00:1450:4001:81b::200e',
      // IPv4 carried by IPv6 forms is judged by the IPv4 address: a public one is fine.
      '::ffff:93.184.216.34',
      '::ffff:5db8:d822',
      '64:ff9b::5db8:d822',
      '2002:5db8:d822::1',
    ]) {
      expectWith(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses private, loopback, link-local, shared, multicast, reserved and documentation IPv4', () => {
    for (const address of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.127.255.255',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.88.99.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ]) {
      expectWith(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses loopback, unspecified, link-local, unique-local, multicast and reserved IPv6', () => {
    for (const address of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'fc00::1',
      'fd12:3456:789a::1',
      'ff02::1',
      'ff0e::1',
      '100::1',
      '2001:db8::1',
      '3fff::1',
      '4000::1',
    ]) {
      expectWith(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses IPv6 transition forms that carry a private IPv4 address, and Teredo outright', () => {
    for (const address of [
      // IPv4-mapped
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0.0.0.0',
      // IPv4-compatible (deprecated)
      '::127.0.0.1',
      '::7f00:1',
      '::a9fe:a9fe',
      // IPv4-translated (SIIT)
      '::ffff:0:7f00:1',
      // 6to4: 2002:AABB:CCDD::/48
      '2002:7f00:1::',
      '2002:7f00:0001::1',
      '2002:a9fe:a9fe::1',
      '2002:c0a8:0101:1::1',
      // NAT64 well-known prefix, and the local-use prefix
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::5db8:d822',
      // Teredo (whatever it carries)
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:0:5db8:d822::1',
    ]) {
      expectWith(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses what is not an address at all', () => {
    for (const text of ['', 'localhost', 'example.com', '127.1', '0x7f000001', '[::1]', '::ffff:999.0.0.1'])
      expectWith(isPublicAddress(text), text).toBe(false);
  });
});

describe('fetching a public page', () => {
  let server: Server;
  let port: number;
  let hits: string[] = [];
  let handler: (req: IncomingMessage, res: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(`${req.headers.host} ${req.url}`);
      handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    hits = [];
    handler = (req, res) => {
      if (req.url === '/moved') res.writeHead(302, { location: `http://second.test:${port}/home` }).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Hello</body></html>');
    };
  });

  /** A resolver that answers from a script and records each name it was asked. */
  function scripted(...answers: (string | string[])[]) {
    const asked: string[] = [];
    const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
      asked.push(hostname);
      const answer = answers[Math.min(asked.length, answers.length) - 1];
      return (Array.isArray(answer) ? answer : [answer]).map((address) => ({
        address,
        family: address.includes(':') ? 6 : 4,
      }));
    };
    return { asked, resolve };
  }

  it('refuses a loopback address in the URL without connecting', async () => {
    const page = await fetchPublicPage(`http://127.0.0.1:${port}/`, { allowPrivateHosts: false });
    expect(page).toEqual({ ok: false, url: `http://127.0.0.1:${port}/`, problem: PRIVATE });
    expect(hits).toEqual([]);
  });

  it('refuses IPv6 transition forms of loopback in the URL without connecting', async () => {
    for (const host of [
      '[::ffff:127.0.0.1]',
      '[::127.0.0.1]',
      '[::ffff:0:7f00:1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::1]',
      '[2001::1]',
      '[::]',
      '[::1]',
      '0.0.0.0',
    ]) {
      const page = await fetchPublicPage(`http://${host}:${port}/`, { allowPrivateHosts: false, timeoutMs: 2_000 });
      expectWith(page.ok, host).toBe(false);
      expectWith(page.problem, host).toBe(PRIVATE);
    }
    expect(hits).toEqual([]);
  });

  it('does not refuse a public IPv4 address (it connects; what answers there is not ours)', async () => {
    const page = await fetchPublicPage(`http://93.184.216.34:${port}/`, { allowPrivateHosts: false, timeoutMs: 1_500 });
    expect(page.problem).not.toBe(PRIVATE);
    expect(hits).toEqual([]);
  });

  it('refuses a name that resolves to loopback, or to a public and a private address, without connecting', async () => {
    const loopback = scripted('127.0.0.1');
    expect(
      await fetchPublicPage(`http://site.test:${port}/`, { allowPrivateHosts: false, resolve: loopback.resolve }),
    ).toEqual({
      ok: false,
      url: `http://site.test:${port}/`,
      problem: PRIVATE,
    });
    expect(loopback.asked).toEqual(['site.test']);

    const mixed = scripted(['93.184.216.34', '127.0.0.1']);
    expect(
      (await fetchPublicPage(`http://site.test:${port}/`, { allowPrivateHosts: false, resolve: mixed.resolve }))
        .problem,
    ).toBe(PRIVATE);
    const mapped = scripted(['2606:2800:220:1:248:1893:25c8:1946', '::ffff:127.0.0.1']);
    expect(
      (await fetchPublicPage(`http://site.test:${port}/`, { allowPrivateHosts: false, resolve: mapped.resolve }))
        .problem,
    ).toBe(PRIVATE);
    expect(hits).toEqual([]);
  });

  it('connects to the address it checked: a second answer of 127.0.0.1 (DNS rebinding) is never used', async () => {
    // First answer public (passes the check), every later answer loopback (where this test's server listens).
    const rebinding = scripted('93.184.216.34', '127.0.0.1');
    const page = await fetchPublicPage(`http://rebind.test:${port}/`, {
      allowPrivateHosts: false,
      timeoutMs: 1_500,
      resolve: rebinding.resolve,
    });
    expect(rebinding.asked).toEqual(['rebind.test']);
    expect(hits).toEqual([]);
    expect(page.ok).toBe(false);
    expect(page.problem).not.toBe(PRIVATE);
  });

  it('uses the same checked lookup for the connection at every redirect hop', async () => {
    // Names that exist in no DNS: the page is reached only through the given resolver.
    const local = scripted('127.0.0.1');
    const page = await fetchPublicPage(`http://first.test:${port}/moved`, {
      allowPrivateHosts: true,
      resolve: local.resolve,
    });
    expect(page).toEqual({
      ok: true,
      url: `http://second.test:${port}/home`,
      status: 200,
      html: '<html><body>Hello</body></html>',
    });
    expect(local.asked).toEqual(['first.test', 'second.test']);
    expect(hits).toEqual([`first.test:${port} /moved`, `second.test:${port} /home`]);
  });

  it('keeps FETCH_PRIVATE_HOSTS, the limits and the never-throwing contract', async () => {
    const allowed = await fetchPublicPage(`http://127.0.0.1:${port}/`, { allowPrivateHosts: true });
    expect(allowed).toEqual({
      ok: true,
      url: `http://127.0.0.1:${port}/`,
      status: 200,
      html: '<html><body>Hello</body></html>',
    });

    handler = (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(10_000));
    expect(
      (await fetchPublicPage(`http://127.0.0.1:${port}/`, { allowPrivateHosts: true, maxBytes: 1_000 })).html,
    ).toBe('x'.repeat(1_000));

    handler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync('<p>zipped</p>'));
    expect((await fetchPublicPage(`http://127.0.0.1:${port}/`, { allowPrivateHosts: true })).html).toBe(
      '<p>zipped</p>',
    );

    handler = (_req, res) => res.writeHead(404).end('nope');
    expect(await fetchPublicPage(`http://127.0.0.1:${port}/`, { allowPrivateHosts: true })).toEqual({
      ok: false,
      url: `http://127.0.0.1:${port}/`,
      status: 404,
      problem: 'The page answered 404',
    });

    handler = (_req, res) => res.writeHead(302, { location: '/again' }).end();
    expect(
      (await fetchPublicPage(`http://127.0.0.1:${port}/`, { allowPrivateHosts: true, maxRedirects: 2 })).problem,
    ).toBe('The page redirects too many times');

    handler = (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    expect((await fetchPublicPage(`http://127.0.0.1:${port}/`, { allowPrivateHosts: true })).problem).toBe(
      'Only http and https pages can be checked',
    );

    handler = () => undefined; // never answers
    const started = Date.now();
    expect(
      (await fetchPublicPage(`http://127.0.0.1:${port}/`, { allowPrivateHosts: true, timeoutMs: 300 })).problem,
    ).toBe('The website did not answer in time');
    expect(Date.now() - started).toBeLessThan(5_000);

    expect(await fetchPublicPage('not a url', { allowPrivateHosts: false })).toEqual({
      ok: false,
      url: 'not a url',
      problem: 'The website address is not a valid URL',
    });
    const failing = async (): Promise<ResolvedAddress[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const unresolved = "The domain nowhere.test does not resolve: check the website's address and its DNS records";
    expect(
      (await fetchPublicPage('http://nowhere.test/', { allowPrivateHosts: false, resolve: failing })).problem,
    ).toBe(unresolved);
    const empty = async (): Promise<ResolvedAddress[]> => [];
    expect((await fetchPublicPage('http://nowhere.test/', { allowPrivateHosts: false, resolve: empty })).problem).toBe(
      unresolved,
    );
    // The system's resolver: a name under .invalid never resolves (RFC 2606).
    expect((await fetchPublicPage('https://nothing-here.invalid/', { allowPrivateHosts: false })).problem).toBe(
      "The domain nothing-here.invalid does not resolve: check the website's address and its DNS records",
    );
    const refusing = async (): Promise<ResolvedAddress[]> => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    };
    expect(
      (await fetchPublicPage('http://nowhere.test/', { allowPrivateHosts: false, resolve: refusing })).problem,
    ).toBe('The website could not be reached');
  });
});
