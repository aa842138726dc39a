// The batched event sender: events wait in a queue and go to POST {origin}/api/public/collect
// every few seconds or as soon as 20 are waiting, and with navigator.sendBeacon when the page is
// hidden or left. The body is `{ siteKey, events }` as JSON sent as text/plain (a "simple"
// request: no CORS preflight). Each event has the wire shape of DESIGN.md "Analytics definitions"
// (`name`, `distinctId`) with what libs/cro/src/domain/collect-events.ts also reads: a top-level
// `sessionId`, and `fields` (texts) on form_submitted only; `properties` stay flat.
import { rid, safe } from './util.js';

export interface TrackEvent {
  name: string;
  ctaId?: string;
  campaignId?: string;
  experimentId?: string;
  variant?: string;
  /** form_submitted only: the form's values, as texts. */
  fields?: Record<string, string>;
  /** A flat object: texts, numbers, true or false. */
  properties?: Record<string, unknown>;
}

export interface Sender {
  send(event: TrackEvent): void;
  flush(): Promise<void>;
}

export const BATCH = 20;
const EVERY_MS = 3000;
const MAX_QUEUED = 200;
/** A batch that failed (network error, CORS refusal, 5xx) is sent again at most this many more times. */
const RETRIES = 2;

interface Queued {
  wire: object;
  tries: number;
}

const UTM = ['source', 'medium', 'campaign', 'term', 'content'];

/** The page's utm_* parameters, or undefined when it has none. */
function utm(): Record<string, string> | undefined {
  try {
    const params = new URL(location.href).searchParams;
    const entries = UTM.flatMap((k) => {
      const v = params.get(`utm_${k}`);
      return v ? [[k, v] as const] : [];
    });
    return entries.length ? Object.fromEntries(entries) : undefined;
  } catch {
    return undefined;
  }
}

export function createSender(origin: string, siteKey: string, distinctId: string, sessionId: string): Sender {
  const url = `${origin}/api/public/collect`;
  let queue: Queued[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const body = (events: Queued[]) => JSON.stringify({ siteKey, events: events.map((q) => q.wire) });

  /** Puts a failed batch back in front of the queue (event ids make a second delivery harmless). */
  const retry = (events: Queued[]) => {
    const again = events.filter((q) => ++q.tries <= RETRIES);
    queue = again.concat(queue).slice(-MAX_QUEUED);
  };

  async function post(events: Queued[]): Promise<void> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: body(events),
        credentials: 'omit',
        keepalive: true,
      });
      if (res.status >= 500) retry(events);
    } catch {
      retry(events);
    }
  }

  async function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const taken = queue;
    queue = [];
    const posts: Promise<void>[] = [];
    for (let i = 0; i < taken.length; i += BATCH) posts.push(post(taken.slice(i, i + BATCH)));
    await Promise.all(posts);
  }

  const beacon = safe(() => {
    if (!queue.length) return;
    const taken = queue;
    queue = [];
    for (let i = 0; i < taken.length; i += BATCH) {
      const chunk = taken.slice(i, i + BATCH);
      let sent = false;
      try {
        sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body(chunk));
      } catch {
        sent = false;
      }
      if (!sent) void post(chunk);
    }
  });

  addEventListener('pagehide', beacon);
  document.addEventListener(
    'visibilitychange',
    safe(() => {
      if (document.visibilityState === 'hidden') beacon();
    }),
  );

  const send = safe((event: TrackEvent) => {
    const wire = {
      id: rid(),
      name: event.name,
      distinctId,
      sessionId,
      time: new Date().toISOString(),
      url: location.href,
      referrer: document.referrer || undefined,
      utm: utm(),
      ctaId: event.ctaId,
      campaignId: event.campaignId,
      experimentId: event.experimentId,
      variant: event.variant,
      fields: event.fields,
      properties: event.properties,
    };
    queue.push({ wire, tries: 0 });
    if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
    if (queue.length >= BATCH) void flush();
    else if (timer === undefined) timer = setTimeout(() => void flush(), EVERY_MS);
  });

  return { send: (e) => void send(e), flush: () => flush().catch(() => undefined) };
}
