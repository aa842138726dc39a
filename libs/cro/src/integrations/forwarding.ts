import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { IntegrationSettings } from '../domain/cro-fields.js';

/**
 * Where a CTA's form submission goes besides its own store: the integrations connected to the CTA
 * (seed 001 section 2, "Integrations: Zapier, Zoho CRM, Hubspot CRM"). This module builds the
 * requests (pure: no network); the delivery sends them and records each answer.
 *
 * - `webhook`: `POST {url}` with the submission as JSON, signed with the CTA's secret:
 *   `X-Cro-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{body}">` and `X-Cro-Timestamp`
 *   (seconds), so a receiver checks both the sender and the freshness (replays older than a few
 *   minutes are refused by the receiver). Zapier's "Catch Hook" and most tools accept it.
 * - `zapier`: the same JSON body to the hook URL, unsigned (Zapier's catch hooks have no secret).
 * - `hubspot`: HubSpot's public Forms API, `POST {hubspotUrl}/submissions/v3/integration/submit/{portalId}/{formId}`
 *   with `{ fields: [{ name, value }], context: { pageUri } }`: no token needed, names mapped
 *   through the CTA's CRM field mapping. Without a form id there is nothing to submit to.
 * - `zoho`: Zoho CRM's records API, `POST {zohoUrl}/crm/v2/{module}` with `{ data: [record] }`
 *   and `Authorization: Zoho-oauthtoken {token}`: sent only when a token is configured
 *   (`ZOHO_ACCESS_TOKEN`), since Zoho has no anonymous submission.
 * The API bases come from configuration (`HUBSPOT_API_URL`, `ZOHO_API_URL`), so tests point them
 * at a local server; by default they are HubSpot's and the data centre's Zoho host.
 */
export interface Submission {
  id: string;
  ctaId: string;
  ctaName: string;
  websiteId: string;
  url: string | null;
  time: string;
  fields: Record<string, string>;
}

export interface ForwardingConfig {
  hubspotUrl?: string;
  zohoUrl?: string;
  zohoAccessToken?: string;
  /** The signing time (seconds since the epoch); now when omitted. */
  now?: number;
}

export interface OutgoingRequest {
  kind: IntegrationSettings['kind'];
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The webhook signature of `body` sent at `timestamp`: `sha256=<hex>`. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The submission's fields renamed through the CRM field mapping (fields without a mapping keep their name). */
export function mappedFields(fields: Record<string, string>, mapping: readonly { field: string; crmField: string }[] | null | undefined): Record<string, string> {
  const renamed = new Map((mapping ?? []).map((m) => [m.field, m.crmField]));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) out[renamed.get(name) ?? name] = value;
  return out;
}

/**
 * The requests a submission causes, one per connected integration that can be called (a HubSpot
 * integration without a form id, or Zoho without a token, is left out).
 */
export function forwardingRequests(
  submission: Submission,
  integrations: readonly IntegrationSettings[],
  secrets: ReadonlyMap<string, string>,
  mapping: readonly { field: string; crmField: string }[] | null | undefined,
  config: ForwardingConfig,
): OutgoingRequest[] {
  const json = JSON.stringify({
    id: submission.id,
    ctaId: submission.ctaId,
    ctaName: submission.ctaName,
    websiteId: submission.websiteId,
    url: submission.url,
    time: submission.time,
    fields: submission.fields,
  });
  const timestamp = config.now ?? Math.floor(Date.now() / 1000);
  const requests: OutgoingRequest[] = [];
  for (const integration of integrations) {
    switch (integration.kind) {
      case 'webhook': {
        const secret = secrets.get('webhook');
        if (!secret) break;
        requests.push({
          kind: 'webhook',
          url: integration.settings.url,
          headers: { 'content-type': 'application/json', 'x-cro-timestamp': String(timestamp), 'x-cro-signature': webhookSignature(secret, timestamp, json) },
          body: json,
        });
        break;
      }
      case 'zapier':
        requests.push({ kind: 'zapier', url: integration.settings.url, headers: { 'content-type': 'application/json' }, body: json });
        break;
      case 'hubspot': {
        const { portalId, formId } = integration.settings;
        if (!formId) break;
        const base = (config.hubspotUrl ?? 'https://api.hsforms.com').replace(/\/+$/, '');
        const fields = Object.entries(mappedFields(submission.fields, mapping)).map(([name, value]) => ({ name, value }));
        requests.push({
          kind: 'hubspot',
          url: `${base}/submissions/v3/integration/submit/${encodeURIComponent(portalId)}/${encodeURIComponent(formId)}`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ fields, context: submission.url ? { pageUri: submission.url } : {} }),
        });
        break;
      }
      case 'zoho': {
        if (!config.zohoAccessToken) break;
        const base = (config.zohoUrl ?? `https://www.zohoapis.${integration.settings.dataCenter}`).replace(/\/+$/, '');
        requests.push({
          kind: 'zoho',
          url: `${base}/crm/v2/${integration.settings.module}`,
          headers: { 'content-type': 'application/json', authorization: `Zoho-oauthtoken ${config.zohoAccessToken}` },
          body: JSON.stringify({ data: [{ ...mappedFields(submission.fields, mapping), Lead_Source: 'Website CTA' }] }),
        });
        break;
      }
    }
  }
  return requests;
}

/**
 * Why a destination is refused, or null: the server calls URLs that customers typed, so an address
 * inside our network (loopback, private, link-local such as a cloud's metadata service, unique
 * local, multicast, unspecified) is never called, unless `allowPrivate` (tests, a closed
 * installation: `CRO_ALLOW_PRIVATE_WEBHOOKS=true`). The name is resolved here; redirects are not
 * followed. (A name that resolves to another address at connect time, DNS rebinding, is the gap
 * left: closing it needs the connection pinned to the checked address.)
 */
export async function refusedDestination(url: string, allowPrivate: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'not an http(s) URL';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) return 'the host name does not resolve';
  for (const address of addresses) {
    const parsedAddress = ipaddr.process(address);
    const range = parsedAddress.range();
    if (range !== 'unicast') return `the address ${address} is not a public one (${range})`;
  }
  return null;
}

/** Sends one request (10 s at most); answers the status, or the network error's message. */
export async function send(request: OutgoingRequest, options: { allowPrivate?: boolean; timeoutMs?: number } = {}): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  const refused = await refusedDestination(request.url, options.allowPrivate === true);
  if (refused) return { ok: false, status: null, error: `Not sent: ${refused}` };
  const timeoutMs = options.timeoutMs ?? 10_000;
  try {
    const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await response.arrayBuffer().catch(() => undefined);
    return { ok: response.status >= 200 && response.status < 300, status: response.status, error: null };
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
}
