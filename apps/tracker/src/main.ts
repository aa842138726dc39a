// tracker.js: what customer websites install (DESIGN.md "Public delivery").
//
//   <script async src="https://HOST/tracker.js" data-site-key="KEY"></script>
//
// It reads GET {origin}/api/public/sites/{key}/placements?url=..., renders the live CTAs (popups
// by trigger and frequency, bars, inline CTAs at campaign containers), enters visitors into
// experiments by their traffic rules (devices, visitorsPct) and assigns their variants
// (libs/cro/src/domain/variant-assignment.ts), holds the control group back from CTAs, and sends
// events in batches to POST {origin}/api/public/collect; CTA impressions, clicks and form
// submissions also go to the analytics tools the page has loaded (./forward.ts, by the website's
// analytics ids in the placements' `analytics`). It defines exactly one global,
// `window.__cro` (see `Api`), injects one <style id="cro-style">, and catches every error.
//
// Loaded with `data-preview` (the console's live preview) it only defines
// `window.__cro.preview(cta, element)`: renders the CTA into the element with the same code, sends
// no event, reads and writes no storage, and fetches nothing.
import { assignVariant, inControlGroup, inExperimentTraffic } from '../../../libs/cro/src/domain/variant-assignment.js';
import { createSender, type TrackEvent } from './events.js';
import { createForwarder, type ForwardedName } from './forward.js';
import { type Hooks, insertInline, renderBody, renderFloating } from './render.js';
import { markClosed, markSent, markShown, mayShow, onTrigger, wasSent } from './triggers.js';
import {
  isObj,
  mayChange,
  num,
  type Obj,
  objs,
  onDevice,
  query,
  queryAll,
  ready,
  safe,
  sessionId,
  str,
  visitorId,
} from './util.js';

export interface Api {
  version: string;
  /** This visitor's id (absent in preview mode). */
  visitorId?: string;
  /** Sends the queued events now. */
  flush(): Promise<void>;
  /** Queues a custom event (a goal may count it): `__cro.track('signup', { plan: 'pro' })`. */
  track(name: string, properties?: Record<string, unknown>): void;
  /** Preview mode only: renders `cta` (the placements' CTA shape) into `element`. */
  preview?(cta: unknown, element: unknown): { close(): void } | null;
}

const VERSION = '1';
const host = window as unknown as { __cro?: Api };

/** A popup (or bar) rather than an inline CTA. */
const floats = (cta: Obj, standalone: boolean) =>
  cta.type === 'popup' || cta.type === 'bar' || (standalone && isObj(cta.popup));

function preview(cta: unknown, element: unknown): { close(): void } | null {
  if (!isObj(cta) || !(element instanceof Element)) return null;
  const wrap = document.createElement('div');
  wrap.className = 'cro-preview';
  const close = () => wrap.remove();
  const hooks: Hooks = { click() {}, submit() {}, close };
  if (floats(cta, true)) wrap.append(...renderFloating(cta, hooks));
  else wrap.append(renderBody(cta, hooks));
  element.append(wrap);
  return { close };
}

/**
 * An experiment variant's changes: `[{ selector, selectorType?, text?, hide? }]` (text replaces
 * textContent). A script, style, head or similar element (or one inside it) is never changed.
 */
function applyChanges(changes: unknown): void {
  for (const change of objs(changes)) {
    const text = str(change.text);
    for (const target of queryAll(change.selector, change.selectorType)) {
      if (!mayChange(target)) continue;
      if (text !== undefined) target.textContent = text;
      if (change.hide === true && target instanceof HTMLElement) target.style.display = 'none';
    }
  }
}

function run(origin: string, siteKey: string): void {
  const vid = visitorId();
  const sender = createSender(origin, siteKey, vid, sessionId());
  const send = (e: TrackEvent) => sender.send(e);
  host.__cro = {
    version: VERSION,
    visitorId: vid,
    flush: sender.flush,
    track: safe((name: string, properties?: Record<string, unknown>) =>
      send({ name: String(name), properties }),
    ) as Api['track'],
  };

  const placements = async (): Promise<Obj> => {
    const res = await fetch(
      `${origin}/api/public/sites/${encodeURIComponent(siteKey)}/placements?url=${encodeURIComponent(location.href)}`,
      { credentials: 'omit' },
    );
    if (!res.ok) throw new Error(String(res.status));
    const body: unknown = await res.json();
    if (!isObj(body)) throw new Error('placements');
    return body;
  };

  placements()
    .then(
      (p) => ready(() => deliver(p)),
      () => send({ name: 'page_view' }),
    )
    .catch(() => undefined);

  function deliver(p: Obj): void {
    const control = inControlGroup(vid, num(p.controlGroupPct) ?? 0);
    const forward = createForwarder(p.analytics);
    /** A CTA event: to the collect route, and to the page's analytics tools. */
    const ctaEvent = (
      name: ForwardedName,
      cta: Obj,
      ctaId: string,
      campaignId: string | undefined,
      fields?: Record<string, string>,
    ) => {
      send({ name, ctaId, campaignId, fields });
      forward(name, { cta_id: ctaId, cta_type: str(cta.type), cta_campaign_id: campaignId });
    };
    send({ name: 'page_view', properties: { controlGroup: control } });

    for (const experiment of objs(p.experiments)) {
      const experimentId = str(experiment.id);
      if (!experimentId) continue;
      // Traffic rules: only on the listed devices, only the first visitorsPct % of the traffic
      // bucket (independent of the variant bucket). A visitor left out sees the original page.
      const rules = isObj(experiment.trafficRules) ? experiment.trafficRules : {};
      if (!onDevice(rules.devices) || !inExperimentTraffic(vid, experimentId, num(rules.visitorsPct))) continue;
      const variants = objs(experiment.variants).map((v) => ({
        key: str(v.key) ?? '',
        weight: num(v.weight) ?? 0,
        changes: v.changes,
      }));
      const chosen = assignVariant(
        vid,
        experimentId,
        variants.filter((v) => v.key !== ''),
      );
      if (!chosen) continue;
      send({ name: 'experiment_exposure', experimentId, variant: chosen.key });
      safe(applyChanges)(chosen.changes);
    }

    const ctas = new Map<string, Obj>();
    for (const cta of objs(p.ctas)) {
      const id = str(cta.id);
      if (id) ctas.set(id, cta);
    }
    const placed = new Set<string>();
    for (const campaign of objs(p.campaigns)) {
      const campaignId = str(campaign.id);
      for (const container of objs(campaign.containers)) {
        const ctaId = str(container.ctaId) ?? '';
        const cta = ctas.get(ctaId);
        if (!cta) continue;
        if (floats(cta, false)) {
          if (!placed.has(ctaId)) safe(floating)(cta, ctaId, campaignId);
        } else if (onDevice(container.devices)) safe(inline)(cta, ctaId, container, campaignId);
        placed.add(ctaId);
      }
    }
    for (const [ctaId, cta] of ctas) if (!placed.has(ctaId) && floats(cta, true)) safe(floating)(cta, ctaId, undefined);

    function hooks(cta: Obj, ctaId: string, campaignId: string | undefined, close: () => void): Hooks {
      return {
        click: () => ctaEvent('cta_click', cta, ctaId, campaignId),
        submit: (fields) => {
          ctaEvent('form_submitted', cta, ctaId, campaignId, fields);
          markSent(ctaId);
        },
        close,
      };
    }

    function floating(cta: Obj, ctaId: string, campaignId: string | undefined): void {
      const popup = isObj(cta.popup) ? cta.popup : {};
      if (!onDevice(popup.devices) || !mayShow(ctaId, popup.frequency)) return;
      onTrigger(objs(popup.triggers), () => {
        if (control) return send({ name: 'cta_holdout', ctaId, campaignId });
        const dialog = cta.type !== 'bar';
        let open = true;
        const close = safe(() => {
          if (!open) return;
          open = false;
          for (const node of nodes) node.remove();
          document.removeEventListener('keydown', escape);
          markClosed(ctaId);
          if (dialog) send({ name: 'dialog_close', ctaId, campaignId });
        });
        const escape = safe((e: KeyboardEvent) => {
          if (e.key === 'Escape') close();
        });
        const nodes = renderFloating(
          cta,
          hooks(cta, ctaId, campaignId, () => close()),
        );
        document.body.append(...nodes);
        if (dialog) document.addEventListener('keydown', escape);
        markShown(ctaId);
        ctaEvent('cta_impression', cta, ctaId, campaignId);
        if (dialog) send({ name: 'dialog_open', ctaId, campaignId });
      });
    }

    /** Inserts at the container's selector; waits up to 10 s for the element to appear. */
    function inline(cta: Obj, ctaId: string, container: Obj, campaignId: string | undefined, attempt = 0): void {
      // A form the visitor has sent is not shown again.
      if (wasSent(ctaId)) return;
      if (!query(container.selector, container.selectorType)) {
        if (attempt < 20) setTimeout(() => safe(inline)(cta, ctaId, container, campaignId, attempt + 1), 500);
        return;
      }
      if (control) return send({ name: 'cta_holdout', ctaId, campaignId });
      let node: HTMLElement | null = null;
      node = insertInline(
        cta,
        container,
        hooks(cta, ctaId, campaignId, () => node?.remove()),
      );
      if (node) ctaEvent('cta_impression', cta, ctaId, campaignId);
    }
  }
}

safe(() => {
  if (host.__cro) return;
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[data-site-key],script[data-preview]');
  if (!script) return;
  if (script.hasAttribute('data-preview')) {
    host.__cro = {
      version: VERSION,
      flush: () => Promise.resolve(),
      track() {},
      preview: safe(preview) as Api['preview'],
    };
    return;
  }
  const siteKey = script.getAttribute('data-site-key');
  if (siteKey && script.src) run(new URL(script.src, location.href).origin, siteKey);
})();
