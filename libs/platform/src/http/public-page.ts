import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses a user-given URL must not reach from the server (SSRF). */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

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
}

async function isPrivateHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  return addresses.some((a) => PRIVATE.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
}

/**
 * Fetches a public web page's HTML for a check (e.g. whether a script is installed): http(s)
 * only, never a private or loopback address (checked again at every redirect), a time limit and
 * a size limit. Never throws: a page that cannot be read answers `ok: false` with the reason.
 */
export async function fetchPublicPage(address: string, options: PageFetchOptions): Promise<FetchedPage> {
  const { allowPrivateHosts, timeoutMs = 10_000, maxBytes = 2_000_000, maxRedirects = 5 } = options;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, url: address, problem: 'The website address is not a valid URL' };
  }
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    for (let hop = 0; hop <= maxRedirects; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, url: url.href, problem: 'Only http and https pages can be checked' };
      if (!allowPrivateHosts && (await withSignal(isPrivateHost(url.hostname), signal))) {
        return { ok: false, url: url.href, problem: 'The website address points to a private network' };
      }
      const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'text/html', 'user-agent': 'PlatformInstallationCheck/1.0' } });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, url: url.href, status: response.status, problem: `The page answered ${response.status}` };
      }
      return { ok: true, url: url.href, status: response.status, html: await readLimited(response, maxBytes) };
    }
    return { ok: false, url: url.href, problem: 'The page redirects too many times' };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError' || signal.aborted;
    return { ok: false, url: url.href, problem: timedOut ? 'The website did not answer in time' : 'The website could not be reached' };
  }
}

/** Name resolution has no signal of its own: stop waiting for it when the check's time is up. */
function withSignal<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxBytes));
}
