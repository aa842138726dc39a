import { createHmac } from 'node:crypto';
import { outboundSummary, sendOutbound, type Resolver } from '#libs/platform/src/http/public-page.js';
import type { IntegrationSettings } from '../domain/cro-fields.js';

/**
 * Where a CTA's form submission goes besides its own store: the integrations connected to the CTA
 * (seed 001 section 2, "Integrations: Zapier, Zoho CRM, Hubspot CRM"). This module builds the
 * requests (pure: no network); the delivery sends them and records each answer.
 *
 * Every secret comes from the secret store (./secrets.ts), never from the integration as recorded
 * (which holds hints only): a webhook's URL and signing secret, a Zapier hook's URL, the
 * organisation's Zoho token. The fields are the CTA's own only (the caller drops a visitor's extra
 * names: ../domain/submission-fields.ts `formFields`).
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
 *   and `Authorization: Zoho-oauthtoken {token}`, the token the organisation gave when it
 *   connected Zoho (a write-only setting of the integration; Zoho has no anonymous submission).
 *   There is no platform-wide token: one organisation's leads never go through another's account.
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
export function mappedFields(
  fields: Record<string, string>,
  mapping: readonly { field: string; crmField: string }[] | null | undefined,
): Record<string, string> {
  const renamed = new Map((mapping ?? []).map((m) => [m.field, m.crmField]));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) out[renamed.get(name) ?? name] = value;
  return out;
}

/**
 * The requests a submission causes, one per connected integration that can be called (a HubSpot
 * integration without a form id, or one whose secrets are not in `secrets`, is left out).
 * `secrets` holds the secret-store names (./secrets.ts): `webhook`, `webhook-url`, `zapier-url`,
 * `zoho-token`.
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
        const url = secrets.get('webhook-url');
        if (!secret || !url) break;
        requests.push({
          kind: 'webhook',
          url,
          headers: {
            'content-type': 'application/json',
            'x-cro-timestamp': String(timestamp),
            'x-cro-signature': webhookSignature(secret, timestamp, json),
          },
          body: json,
        });
        break;
      }
      case 'zapier': {
        const url = secrets.get('zapier-url');
        if (url) requests.push({ kind: 'zapier', url, headers: { 'content-type': 'application/json' }, body: json });
        break;
      }
      case 'hubspot': {
        const { portalId, formId } = integration.settings;
        if (!formId) break;
        const base = (config.hubspotUrl ?? 'https://api.hsforms.com').replace(/\/+$/, '');
        const fields = Object.entries(mappedFields(submission.fields, mapping)).map(([name, value]) => ({
          name,
          value,
        }));
        requests.push({
          kind: 'hubspot',
          url: `${base}/submissions/v3/integration/submit/${encodeURIComponent(portalId)}/${encodeURIComponent(formId)}`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ fields, context: submission.url ? { pageUri: submission.url } : {} }),
        });
        break;
      }
      case 'zoho': {
        const token = secrets.get('zoho-token');
        if (!token) break;
        const base = (config.zohoUrl ?? `https://www.zohoapis.${integration.settings.dataCenter}`).replace(/\/+$/, '');
        requests.push({
          kind: 'zoho',
          url: `${base}/crm/v2/${integration.settings.module}`,
          headers: { 'content-type': 'application/json', authorization: `Zoho-oauthtoken ${token}` },
          body: JSON.stringify({ data: [{ ...mappedFields(submission.fields, mapping), Lead_Source: 'Website CTA' }] }),
        });
        break;
      }
    }
  }
  return requests;
}

/** The outcome of one delivery request: `error` is what readers see ("refused", "failed: HTTP 5xx", "failed: no answer"); `detail` is for operators' logs. */
export interface SendResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  detail?: string | null;
}

/**
 * Sends one request (10 s at most) through the platform's one outbound helper
 * (libs/platform/src/http/public-page.ts `sendOutbound`): the address policy of the installation
 * check, the name resolved once in the connection's lookup (no DNS rebinding), no redirects.
 * `allowPrivate` (`CRO_ALLOW_PRIVATE_WEBHOOKS`) lifts the policy (tests, closed installations).
 */
export async function send(
  request: OutgoingRequest,
  options: { allowPrivate?: boolean; timeoutMs?: number; resolve?: Resolver } = {},
): Promise<SendResult> {
  const result = await sendOutbound(
    { url: request.url, headers: request.headers, body: request.body },
    { allowPrivateHosts: options.allowPrivate === true, timeoutMs: options.timeoutMs, resolve: options.resolve },
  );
  const ok = result.outcome === 'sent';
  return { ok, status: result.status, error: ok ? null : outboundSummary(result), detail: result.detail };
}
