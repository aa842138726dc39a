import type { HistoryEntry } from '../types';
import { formatMoment } from './dates';
import { humanizeName } from './words';

/** A history entry's moment in the console's one date-time format (common/dates.ts), in `timeZone` (its website's) when given. */
export const formatTime = (iso: string | null | undefined, timeZone?: string | null) =>
  iso ? formatMoment(iso, timeZone) : '—';

/** Who caused a history event: their name or email; an actor without either (the system's own) is `nobody`, never an id. */
export const actorName = (actor: HistoryEntry['actor'], nobody = '—'): string => {
  if (!actor) return nobody;
  if (typeof actor === 'string') return UUID.test(actor) ? nobody : actor;
  return actor.name || actor.email || nobody;
};

/**
 * The fields a change event (`data.changes`) touched, named for people: `labels` for names that
 * say less than the thing (`richText` is the body), the others split from camelCase.
 */
export const changedFields = (entry: { data?: unknown }, labels: Record<string, string> = {}): string | null => {
  const changes = (entry.data as { changes?: Record<string, unknown> } | null | undefined)?.changes;
  if (!changes || typeof changes !== 'object') return null;
  const names = Object.keys(changes).map((key) => labels[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
  return names.length ? names.join(', ') : null;
};

export { humanizeName };

type Translate = (key: string, options?: object) => string;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Facts no person reads in a history: ids, keys, code and markers of the log. */
const UNSHOWN = new Set([
  'organisationId',
  'websiteId',
  'userId',
  'questionId',
  'createdBy',
  'invitedBy',
  'by',
  'founder',
  'key',
  'beforeWebsiteAccess',
  'demo',
]);
/** Fields whose change is named without its value (code, secrets, nested settings). */
const NAME_ONLY = new Set(['customHeadCode', 'customBodyCode', 'cdnDistributionId', 'siteBuilder', 'body', 'locales']);

/** A value as a person reads it, or null when it is nothing to read (ids, objects, long text). */
const readable = (value: unknown, translate: Translate): string | null => {
  if (typeof value === 'boolean') return translate(value ? 'console.common.history.on' : 'console.common.history.off');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string')
    return value && value.length <= 80 && !UUID.test(value) && !value.includes('{') ? value : null;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
    const texts = value.map((v) => readable(v, translate));
    return texts.every((t) => t !== null) ? texts.join(', ') : null;
  }
  return null;
};

/** A field's label: the resource's own (`resources.<resource>.fields.<key>`), else its name in words. */
const fieldLabel = (resource: string, key: string, translate: Translate): string => {
  const fallback = humanizeName(key);
  const label = translate(`resources.${resource}.fields.${key}`, { _: fallback });
  return typeof label === 'string' && !label.startsWith('resources.') ? label : fallback;
};

/** A label inside a sentence: "time zone", but "CRO role" and "URL" keep their capitals. */
const inSentence = (label: string): string =>
  /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

/**
 * What a change event changed, in words: "name (Demo Shop), time zone (Europe/Berlin), websites".
 * The fields of the event's data (or of `data.changes`), each with its new value when it reads.
 */
export const changeSummary = (data: unknown, resource: string, translate: Translate): string | null => {
  const record = (
    data && typeof data === 'object' ? ((data as { changes?: unknown }).changes ?? data) : null
  ) as Record<string, unknown> | null;
  if (!record || typeof record !== 'object') return null;
  const parts = Object.entries(record)
    .filter(([key]) => !UNSHOWN.has(key))
    .map(([key, value]) => {
      const label = inSentence(fieldLabel(resource, key, translate));
      const shown = NAME_ONLY.has(key) ? null : readable(value, translate);
      return shown === null ? label : translate('console.common.history.fieldValue', { field: label, value: shown });
    });
  return parts.length ? parts.join(', ') : null;
};

/** The event types whose data is the fields they changed. */
const isChange = (type: string) => /(Changed|Updated|Set)$/.test(type);

/** An entry of a record's history as people read it: its title, and the lines under it. */
export interface HistoryStory {
  title: string;
  details: string[];
  note: string | null;
}

/**
 * A history entry of `GET /api/{resource}/{id}/history` in words: what happened (the event's
 * label, `console.common.history.events.*`), what changed or whom it was about, and its note.
 */
export const historyStory = (entry: HistoryEntry, resource: string, translate: Translate): HistoryStory => {
  const data = (entry.data && typeof entry.data === 'object' ? entry.data : {}) as Record<string, unknown>;
  const title = translate(`console.common.history.events.${entry.type}`, { _: humanizeName(entry.type) });
  const details: string[] = [];
  if (isChange(entry.type)) {
    const changed = changeSummary(data, resource, translate);
    if (changed) details.push(translate('console.common.history.changed', { fields: changed }));
  } else {
    const name = readable(data.title, translate) ?? readable(data.name, translate);
    if (name) details.push(translate('console.common.history.named', { name }));
    for (const key of ['plan', 'url', 'domain', 'email'] as const) {
      const raw = readable(data[key], translate);
      const value = raw && key === 'plan' ? humanizeName(raw) : raw;
      if (value)
        details.push(
          translate('console.common.history.fieldValue', { field: fieldLabel(resource, key, translate), value }),
        );
    }
  }
  // The person the event is about, unless the event names them already (a member who joined).
  if (entry.subject && details.length === 0) {
    const name = entry.subject.name ?? translate('console.common.history.someone');
    const role = readable(data.role, translate);
    details.push(
      role
        ? translate('console.common.history.personAs', { name, role: humanizeName(role).toLowerCase() })
        : translate('console.common.history.person', { name }),
    );
  }
  if (entry.from && entry.to)
    details.push(
      translate('console.common.history.move', {
        from: humanizeName(entry.from).toLowerCase(),
        to: humanizeName(entry.to).toLowerCase(),
      }),
    );
  const note = entry.note ?? (typeof data.reason === 'string' && data.reason ? data.reason : null);
  return { title, details, note };
};
