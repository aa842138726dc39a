import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIPv4, isIPv6, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';

/*
 * Addresses a user-given URL must not reach from the server (SSRF). Plain prefix arithmetic over
 * the address bits (Node's `net.BlockList` matches IPv4 addresses against IPv6 rules for
 * `::ffff:0:0/96`, which refused every IPv4 site). IPv6 forms that carry an IPv4 address
 * (IPv4-mapped, IPv4-compatible, SIIT, 6to4, NAT64) are judged by the IPv4 address they carry.
 */

/** IPv4 ranges that are not the public internet (RFC 6890 and the IANA special-purpose registry). */
const REFUSED_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address 255.255.255.255
];

/** IPv6 ranges inside global unicast (2000::/3) that are not the public internet, or tunnel to somewhere unknown. */
const REFUSED_V6: readonly (readonly [string, number])[] = [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing SIDs
];

/** IPv6 ranges whose low 32 bits are an IPv4 address, judged by that address. */
const EMBEDDING_V6: readonly (readonly [string, number])[] = [
  ['::', 96], // IPv4-compatible (deprecated); also :: and ::1, which carry 0.0.0.0 and 0.0.0.1
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64 well-known prefix
];

const GLOBAL_UNICAST_V6: readonly [string, number] = ['2000::', 3];
const SIX_TO_FOUR: readonly [string, number] = ['2002::', 16];

/** The 32 bits of an IPv4 address, or null when `text` is not one in dotted-quad form. */
function ipv4Bits(text: string): bigint | null {
  if (!isIPv4(text)) return null;
  return text.split('.').reduce((bits, part) => (bits << 8n) | BigInt(Number(part)), 0n);
}

/** The 128 bits of an IPv6 address (zone id ignored), or null when `text` is not one. */
function ipv6Bits(text: string): bigint | null {
  const address = text.replace(/%.*$/, '');
  if (!isIPv6(address)) return null;
  let words: string[];
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const expand = (part: string | undefined) => (part ? part.split(':') : []);
  const withV4 = (parts: string[]) => {
    const last = parts.at(-1);
    if (last && last.includes('.')) {
      const v4 = ipv4Bits(last)!;
      return [...parts.slice(0, -1), (v4 >> 16n).toString(16), (v4 & 0xffffn).toString(16)];
    }
    return parts;
  };
  if (tail === undefined) {
    words = withV4(expand(head));
  } else {
    const left = expand(head);
    const right = withV4(expand(tail));
    words = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  }
  if (words.length !== 8) return null;
  return words.reduce((bits, word) => (bits << 16n) | BigInt(parseInt(word, 16)), 0n);
}

function inRange(bits: bigint, width: 32 | 128, [base, prefix]: readonly [string, number]): boolean {
  const baseBits = width === 32 ? ipv4Bits(base)! : ipv6Bits(base)!;
  const shift = BigInt(width - prefix);
  return bits >> shift === baseBits >> shift;
}

function isPublicV4(bits: bigint): boolean {
  return !REFUSED_V4.some((range) => inRange(bits, 32, range));
}

/**
 * Whether the server may connect to `address` (an IPv4 or IPv6 address, as DNS answers it or a
 * URL holds it without brackets) for a user-given URL. Anything that is not an address is refused.
 */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Bits(address);
  if (v4 !== null) return isPublicV4(v4);
  const v6 = ipv6Bits(address);
  if (v6 === null) return false;
  if (EMBEDDING_V6.some((range) => inRange(v6, 128, range))) return isPublicV4(v6 & 0xffff_ffffn);
  // 6to4: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD in bits 16 to 48.
  if (inRange(v6, 128, SIX_TO_FOUR)) return isPublicV4((v6 >> 80n) & 0xffff_ffffn);
  // Everything outside global unicast is loopback, link-local, unique-local, multicast or reserved.
  if (!inRange(v6, 128, GLOBAL_UNICAST_V6)) return false;
  return !REFUSED_V6.some((range) => inRange(v6, 128, range));
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name resolution: every address of a host name. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface FetchedPage {
  ok: boolean;
  /** The final URL after redirects. */
  url: string;
  status?: number;
  html?: string;
  /** Why the page could not be read, in words a user understands. */
  problem?: string;
}

export interface PageFetchOptions {
  allowPrivateHosts: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Name resolution (tests answer with their own addresses); the system resolver by default. */
  resolve?: Resolver;
}

const PRIVATE_PROBLEM = 'The website address points to a private network';

/** Raised inside a connection's lookup when the name leads to an address the server must not reach. */
class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * The `lookup` a connection uses: the name is resolved once, every address is checked, and only
 * checked addresses are handed to the socket, so the connection goes to an address that was
 * checked (no second resolution a DNS server could answer differently).
 */
export function pinnedLookup(resolve: Resolver, allowPrivateHosts: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const done = callback as (
      error: NodeJS.ErrnoException | null,
      address: string | ResolvedAddress[],
      family?: number,
    ) => void;
    resolve(hostname).then(
      (found) => {
        const wanted =
          options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        const addresses = wanted.map((a) => ({ address: a.address, family: isIPv6(a.address) ? 6 : 4 }));
        if (!addresses.length) {
          const error: NodeJS.ErrnoException = Object.assign(new Error(`No address for ${hostname}`), {
            code: 'ENOTFOUND',
          });
          return done(error, options.all ? [] : '', undefined);
        }
        // A name with any private address is refused as a whole (it is not an ordinary public website).
        if (!allowPrivateHosts && !addresses.every((a) => isPublicAddress(a.address))) {
          return done(new PrivateAddressError(PRIVATE_PROBLEM), options.all ? [] : '', undefined);
        }
        if (options.all) done(null, addresses);
        else done(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => done(error, options.all ? [] : '', undefined),
    );
  };
}

/** Why a URL may not be connected to before any lookup: not http(s), or an address in the URL itself that is not public. */
function refusedBeforeLookup(url: URL, allowPrivateHosts: boolean): 'scheme' | 'private' | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  // An address in the URL itself is connected to without a lookup: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivateHosts && (isIPv4(host) || isIPv6(host)) && !isPublicAddress(host)) return 'private';
  return null;
}

/** Whether an error of a request was the pinned lookup refusing a non-public address. */
const isPrivateRefusal = (error: unknown) =>
  error instanceof PrivateAddressError || (error as { cause?: unknown } | null)?.cause instanceof PrivateAddressError;

/**
 * Fetches a public web page's HTML for a check (e.g. whether a script is installed): http(s)
 * only, never a private, loopback or otherwise non-public address (checked at every redirect,
 * on the very address the connection uses), a time limit and a size limit. Never throws: a page
 * that cannot be read answers `ok: false` with the reason.
 */
export async function fetchPublicPage(address: string, options: PageFetchOptions): Promise<FetchedPage> {
  const {
    allowPrivateHosts,
    timeoutMs = 10_000,
    maxBytes = 2_000_000,
    maxRedirects = 5,
    resolve = systemResolver,
  } = options;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, url: address, problem: 'The website address is not a valid URL' };
  }
  const signal = AbortSignal.timeout(timeoutMs);
  const lookup = pinnedLookup(resolve, allowPrivateHosts);
  try {
    for (let hop = 0; hop <= maxRedirects; hop++) {
      const refused = refusedBeforeLookup(url, allowPrivateHosts);
      if (refused === 'scheme')
        return { ok: false, url: url.href, problem: 'Only http and https pages can be checked' };
      if (refused === 'private') return { ok: false, url: url.href, problem: PRIVATE_PROBLEM };
      const response = await open(url, lookup, signal, {
        method: 'GET',
        headers: {
          accept: 'text/html',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'PlatformInstallationCheck/1.0',
        },
      });
      const location = response.headers.location;
      if (response.statusCode! >= 300 && response.statusCode! < 400 && location) {
        response.destroy();
        url = new URL(location, url);
        continue;
      }
      const status = response.statusCode!;
      if (status < 200 || status > 299) {
        response.destroy();
        return { ok: false, url: url.href, status, problem: `The page answered ${status}` };
      }
      return { ok: true, url: url.href, status, html: await readLimited(response, maxBytes, signal) };
    }
    return { ok: false, url: url.href, problem: 'The page redirects too many times' };
  } catch (error) {
    if (isPrivateRefusal(error)) return { ok: false, url: url.href, problem: PRIVATE_PROBLEM };
    const timedOut = (error as Error).name === 'TimeoutError' || signal.aborted;
    // A name that does not resolve is said as such: the address is wrong, or its DNS is not set up yet.
    const code = (error as NodeJS.ErrnoException).code;
    const unresolved = code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA';
    return {
      ok: false,
      url: url.href,
      problem: timedOut
        ? 'The website did not answer in time'
        : unresolved
          ? `The domain ${url.hostname} does not resolve: check the website's address and its DNS records`
          : 'The website could not be reached',
    };
  }
}

export interface OutboundRequest {
  url: string;
  method?: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: string;
}

export interface OutboundOptions {
  /** Lifts the address policy (tests, closed installations). */
  allowPrivateHosts: boolean;
  timeoutMs?: number;
  /** Name resolution (tests answer with their own addresses); the system resolver by default. */
  resolve?: Resolver;
}

/**
 * The outcome of one outbound request: `sent` (a 2xx answer), `refused` (the address policy: not
 * http(s), or a non-public address, nothing was sent), or `failed` (an answer other than 2xx, with
 * its status, or no answer at all). `detail` is for operators' logs only (it may hold the remote
 * error's text): what readers see is `outboundSummary`.
 */
export interface OutboundResult {
  outcome: 'sent' | 'refused' | 'failed';
  status: number | null;
  detail: string | null;
}

/**
 * Sends one request with a body to a URL a user gave (webhooks, Zapier hooks, CRM APIs) under the
 * same policy as `fetchPublicPage`: http(s) only, the name resolved once in the connection's own
 * `lookup` and only public addresses handed to the socket (no second resolution DNS could answer
 * differently), an address in the URL checked before connecting. Redirects are never followed (a
 * 3xx is a failed answer). The answer's body is read and dropped (at most 64 kB). Never throws.
 */
export async function sendOutbound(request: OutboundRequest, options: OutboundOptions): Promise<OutboundResult> {
  const { allowPrivateHosts, timeoutMs = 10_000, resolve = systemResolver } = options;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { outcome: 'refused', status: null, detail: 'not a URL' };
  }
  const refused = refusedBeforeLookup(url, allowPrivateHosts);
  if (refused)
    return {
      outcome: 'refused',
      status: null,
      detail: refused === 'scheme' ? 'not an http(s) URL' : `${url.hostname} is not a public address`,
    };
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await open(url, pinnedLookup(resolve, allowPrivateHosts), signal, {
      method: request.method ?? 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      body: request.body,
    });
    const status = response.statusCode ?? 0;
    await readLimited(response, 65_536, signal).catch(() => undefined);
    return { outcome: status >= 200 && status < 300 ? 'sent' : 'failed', status, detail: null };
  } catch (error) {
    if (isPrivateRefusal(error))
      return { outcome: 'refused', status: null, detail: `${url.hostname} resolves to a non-public address` };
    const timedOut = (error as Error).name === 'TimeoutError' || signal.aborted;
    return {
      outcome: 'failed',
      status: null,
      detail: timedOut ? 'no answer in time' : error instanceof Error ? error.message : String(error),
    };
  }
}

/**
 * What a reader (a delivery log, a record, an API answer) is told of an outbound request: "sent",
 * "refused", "failed: HTTP 5xx" (the status class only) or "failed: no answer". Never the remote
 * answer, the error's text or the address: a caller must not learn what lives behind a URL it gave.
 */
export function outboundSummary(result: Pick<OutboundResult, 'outcome' | 'status'>): string {
  if (result.outcome !== 'failed') return result.outcome;
  return result.status === null ? 'failed: no answer' : `failed: HTTP ${Math.floor(result.status / 100)}xx`;
}

/** One request on a connection of its own (no pooled socket of another request), resolved through `lookup`. */
function open(
  url: URL,
  lookup: LookupFunction,
  signal: AbortSignal,
  options: { method: string; headers: Record<string, string>; body?: string },
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: options.method, agent: false, lookup, signal, headers: options.headers });
    request.once('response', resolve);
    // Kept for the request's whole life: a late error (a timeout while reading) must not go unhandled.
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The body, decompressed when the server compressed it (an error on either side ends both). */
function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decompress =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  return decompress ? pipeline(response, decompress, () => undefined) : response;
}

/** The body as text, at most `maxBytes` (after decompression); stops reading there. */
async function readLimited(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<string> {
  const body = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => body.destroy(signal.reason as Error);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).byteLength;
      if (size >= maxBytes) break;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    response.destroy();
    if (body !== response) body.destroy();
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxBytes));
}
