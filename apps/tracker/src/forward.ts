// Forwarding CTA events to the analytics tools the host page has loaded, with the website's
// analytics ids from the placements answer (`analytics`; apps/tracker/README.md "Forwarding"):
// Google Analytics 4 (`gtag`), Google Tag Manager (`dataLayer`), the Facebook pixel (`fbq`),
// Segment (`analytics.track`) and HubSpot (`_hsq`, clicks only). A tool is used only when its id
// is set and the page has it at the moment of the event (tools loaded after the tracker count);
// the tracker loads, defines and creates none of them. Each call is guarded on its own: a missing
// or failing tool never stops another, nor throws into the page.
import { isObj, type Obj, str } from './util.js';

/** The CTA events forwarded, by the name the collect route gets. */
export type ForwardedName = 'cta_impression' | 'cta_click' | 'form_submitted';

/** What every tool gets with the event (form values are never forwarded). */
export interface ForwardedProperties {
  cta_id: string;
  cta_type?: string;
  /** The campaign that placed the CTA (not GA4's traffic-source `campaign_id`). */
  cta_campaign_id?: string;
}

type Fn = (...args: unknown[]) => unknown;
const fn = (v: unknown): Fn | undefined => (typeof v === 'function' ? (v as Fn) : undefined);
const pusher = (v: unknown): Fn | undefined =>
  v !== null && (typeof v === 'object' || typeof v === 'function')
    ? fn((v as { push?: unknown }).push)?.bind(v)
    : undefined;

function attempt(call: () => void): void {
  try {
    call();
  } catch {
    /* the tool's own failure: the others still get the event */
  }
}

/** A forwarder for the website's ids (`analytics` of the placements; anything malformed forwards nothing). */
export function createForwarder(analytics: unknown): (name: ForwardedName, properties: ForwardedProperties) => void {
  const ids: Obj = isObj(analytics) ? analytics : {};
  const ga = str(ids.googleAnalyticsId);
  const gtm = str(ids.tagManagerId);
  const pixel = str(ids.facebookPixelId);
  const segment = ids.segment === true;
  const hubspot = str(ids.hubspotCtaClickEventId);
  return (name, properties) => {
    const w = window as unknown as Record<string, unknown>;
    const props = (): Record<string, unknown> => ({ ...properties });
    if (ga) attempt(() => fn(w.gtag)?.('event', name, { ...props(), send_to: ga }));
    if (gtm) attempt(() => pusher(w.dataLayer)?.({ event: name, ...props() }));
    if (pixel) attempt(() => fn(w.fbq)?.('trackCustom', name, props()));
    if (segment) {
      attempt(() => {
        const client = w.analytics;
        if (client !== null && typeof client === 'object')
          fn((client as { track?: unknown }).track)?.call(client, name, props());
      });
    }
    if (hubspot && name === 'cta_click')
      attempt(() => pusher(w._hsq)?.(['trackCustomBehavioralEvent', { name: hubspot, properties: props() }]));
  };
}
