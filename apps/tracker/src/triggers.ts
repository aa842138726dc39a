// When a popup (or bar) shows: its triggers (the first one that fires shows it) and its frequency,
// remembered per CTA in localStorage (`cro_f_{ctaId}`: when it was last shown, whether closed).
import { device, isObj, load, num, type Obj, query, safe, save, str, within } from './util.js';

const DAY = 86_400_000;

interface Seen {
  /** When it was last shown (ms since the epoch). */
  s?: number;
  /** Closed (or its form submitted) by the visitor. */
  c?: 1;
  /** When the visitor sent its form (ms since the epoch). */
  f?: number;
}

function seen(ctaId: string): Seen {
  try {
    const v: unknown = JSON.parse(load('localStorage', `cro_f_${ctaId}`) ?? '{}');
    return isObj(v) ? { s: num(v.s), c: v.c === 1 ? 1 : undefined, f: num(v.f) } : {};
  } catch {
    return {};
  }
}

const remember = (ctaId: string, value: Seen) => save('localStorage', `cro_f_${ctaId}`, JSON.stringify(value));

/** Whether the frequency lets the CTA show now (every_time | until_closed | once | every_day | every_week). */
export function mayShow(ctaId: string, frequency: unknown, now = Date.now()): boolean {
  const r = seen(ctaId);
  // A form the visitor has sent shows again only after its period (every_day, every_week): never for the others.
  if (
    r.f !== undefined &&
    now - r.f < (frequency === 'every_day' ? DAY : frequency === 'every_week' ? 7 * DAY : Infinity)
  )
    return false;
  if (frequency === 'until_closed') return r.c !== 1;
  if (frequency === 'once') return r.s === undefined;
  if (frequency === 'every_day') return r.s === undefined || now - r.s >= DAY;
  if (frequency === 'every_week') return r.s === undefined || now - r.s >= 7 * DAY;
  return true;
}

export const markShown = (ctaId: string) => remember(ctaId, { ...seen(ctaId), s: Date.now() });
export const markClosed = (ctaId: string) => remember(ctaId, { ...seen(ctaId), c: 1 });
export const markSent = (ctaId: string) => remember(ctaId, { ...seen(ctaId), c: 1, f: Date.now() });
/** Whether the visitor has sent the CTA's form (an inline form is then not shown again). */
export const wasSent = (ctaId: string) => seen(ctaId).f !== undefined;

/** How far down the page the visitor has scrolled, in percent (a page that cannot scroll: 100). */
function scrolled(): number {
  const root = document.documentElement;
  const max = Math.max(root.scrollHeight, document.body ? document.body.scrollHeight : 0) - window.innerHeight;
  return max <= 0 ? 100 : ((window.scrollY || root.scrollTop) / max) * 100;
}

/**
 * Calls `fire` once, when the first of the triggers fires (none given: on page load), then stops
 * listening. Kinds: page_load, time_on_page (seconds), scroll_percentage (%), scroll_to_element
 * (selector or element id), click_elements (selector or element id), exit_intent (desktop: the
 * pointer leaves through the top of the viewport).
 */
export function onTrigger(triggers: Obj[], fire: () => void): void {
  let done = false;
  const stops: Array<() => void> = [];
  const go = safe(() => {
    if (done) return;
    done = true;
    for (const stop of stops) safe(stop)();
    fire();
  });
  const listen = (target: EventTarget, type: string, handler: (e: Event) => void, capture = false) => {
    const h = safe(handler);
    target.addEventListener(type, h, { capture, passive: true });
    stops.push(() => target.removeEventListener(type, h, { capture }));
  };
  const later = (ms: number) => {
    const t = setTimeout(go, ms);
    stops.push(() => clearTimeout(t));
  };
  for (const trigger of triggers.length ? triggers : [{ kind: 'page_load' }]) {
    const kind = str(trigger.kind) ?? str(trigger.type);
    const value = trigger.value;
    if (kind === 'page_load') later(0);
    else if (kind === 'time_on_page') later(Math.max(0, num(value) ?? 0) * 1000);
    else if (kind === 'scroll_percentage' || kind === 'scroll_to_element') {
      const pct = Math.min(100, Math.max(0, num(value) ?? 50));
      const check = () => {
        if (kind === 'scroll_percentage') {
          if (scrolled() >= pct) go();
        } else {
          const target = query(value);
          if (target && target.getBoundingClientRect().top < window.innerHeight) go();
        }
      };
      listen(window, 'scroll', check);
      const t = setTimeout(safe(check), 0);
      stops.push(() => clearTimeout(t));
    } else if (kind === 'click_elements') {
      listen(
        document,
        'click',
        (e) => {
          if (within(e.target, value)) go();
        },
        true,
      );
    } else if (kind === 'exit_intent' && device() === 'desktop') {
      listen(document, 'mouseout', (e) => {
        const m = e as MouseEvent;
        if (!m.relatedTarget && m.clientY <= 0) go();
      });
    }
  }
}
