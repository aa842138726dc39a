// Small helpers of the tracker: defensive readers of the API's JSON, error swallowing, ids and
// storage that tolerates browsers refusing it (Safari private mode, blocked cookies, sandboxes).
import { PROTECTED_SELECTOR } from '../../../libs/cro/src/domain/page-safety.js';

export type Obj = { readonly [key: string]: unknown };

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const objs = (v: unknown): Obj[] => arr(v).filter(isObj);
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
export function num(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** `fn` with every exception swallowed: nothing the tracker does may throw into the host page. */
export function safe<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R | undefined {
  return (...args: A) => {
    try {
      return fn(...args);
    } catch {
      return undefined;
    }
  };
}

/** A random UUID (v4 layout) from crypto.getRandomValues (randomUUID needs a secure context). */
export function rid(): string {
  const b = new Uint8Array(16);
  try {
    crypto.getRandomValues(b);
  } catch {
    for (let i = 0; i < 16; i++) b[i] = (Math.random() * 256) | 0;
  }
  b[6] = (b[6] & 15) | 64;
  b[8] = (b[8] & 63) | 128;
  const h = Array.from(b, (x) => (x + 256).toString(16).slice(1)).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const memory = new Map<string, string>();

/** localStorage or sessionStorage when it works (reading it may throw: SecurityError). */
function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    const s = window[kind];
    s.setItem('cro_t', '1');
    s.removeItem('cro_t');
    return s;
  } catch {
    return null;
  }
}

/** Reads `key` from the given storage, else from the page's memory. */
export function load(kind: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    const s = storage(kind);
    const v = s ? s.getItem(key) : null;
    if (v !== null) return v;
  } catch {
    /* memory below */
  }
  return memory.get(`${kind}:${key}`) ?? null;
}

/** Writes `key`; answers whether the browser storage kept it (the page's memory always does). */
export function save(kind: 'localStorage' | 'sessionStorage', key: string, value: string): boolean {
  memory.set(`${kind}:${key}`, value);
  try {
    const s = storage(kind);
    if (!s) return false;
    s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function cookie(name: string): string | null {
  try {
    for (const part of document.cookie.split(';')) {
      const [k, ...v] = part.trim().split('=');
      if (k === name) return decodeURIComponent(v.join('='));
    }
  } catch {
    /* no cookies */
  }
  return null;
}

const ID = /^[\w-]{8,64}$/;

/** The visitor's id: localStorage, else a first-party cookie (two years), else this page's memory. */
export function visitorId(): string {
  const stored = load('localStorage', 'cro_vid') ?? cookie('cro_vid');
  const id = stored !== null && ID.test(stored) ? stored : rid();
  if (!save('localStorage', 'cro_vid', id)) {
    try {
      document.cookie = `cro_vid=${id}; max-age=63072000; path=/; SameSite=Lax`;
    } catch {
      /* memory only */
    }
  }
  return id;
}

/** The session's id, in sessionStorage (else this page's memory). */
export function sessionId(): string {
  const stored = load('sessionStorage', 'cro_sid');
  const id = stored !== null && ID.test(stored) ? stored : rid();
  save('sessionStorage', 'cro_sid', id);
  return id;
}

/** Runs `fn` once the document is parsed. */
export function ready(fn: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', safe(fn));
  else safe(fn)();
}

/** desktop, tablet or mobile, by the viewport's width (the spec's MD breakpoint is the tablet). */
export function device(): 'desktop' | 'tablet' | 'mobile' {
  const w = window.innerWidth || document.documentElement.clientWidth;
  return w < 768 ? 'mobile' : w < 1024 ? 'tablet' : 'desktop';
}

/** Whether a `devices` list (absent or empty: every device) includes this one. */
export function onDevice(devices: unknown): boolean {
  const list = arr(devices);
  return list.length === 0 || list.includes(device());
}

const BARE_ID = /^[A-Za-z][\w-]*$/;

/**
 * Whether the tracker may change `target` or insert beside it: never a script, style, head or
 * similar element, nor anything inside one (libs/cro/src/domain/page-safety.ts), whatever selector
 * matched it (the API refuses selectors naming them; records stored before that rule still may).
 */
export const mayChange = (target: Element): boolean => !target.closest(PROTECTED_SELECTOR);

/** The first element a CSS selector (or, failing that, an element id) names; null on a bad selector. */
export function query(selector: unknown, type?: unknown): Element | null {
  const s = str(selector);
  if (!s) return null;
  try {
    if (type === 'xpath') {
      const node = document.evaluate(s, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
      return node instanceof Element ? node : null;
    }
    const found = document.querySelector(s);
    if (found) return found;
  } catch {
    /* not a valid selector */
  }
  return BARE_ID.test(s) ? document.getElementById(s) : null;
}

/** Every element a CSS selector names (an XPath selector: its first match). */
export function queryAll(selector: unknown, type?: unknown): Element[] {
  const s = str(selector);
  if (!s) return [];
  if (type === 'xpath') {
    const one = query(s, type);
    return one ? [one] : [];
  }
  try {
    const all = Array.from(document.querySelectorAll(s));
    if (all.length) return all;
  } catch {
    /* fall back to an id */
  }
  const one = query(s);
  return one ? [one] : [];
}

/** Whether `target` is inside an element the selector (or element id) names. */
export function within(target: EventTarget | null, selector: unknown): boolean {
  const s = str(selector);
  if (!s || !(target instanceof Element)) return false;
  try {
    if (target.closest(s)) return true;
  } catch {
    /* not a valid selector */
  }
  return BARE_ID.test(s) && target.closest(`[id="${s}"]`) !== null;
}
