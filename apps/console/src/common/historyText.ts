import type { HistoryEntry } from '../types';

/** How the console writes a moment: "22 Nov 2026, 16:41" in the reader's locale. */
export const DATE_TIME = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;

export const formatTime = (iso: string | null | undefined) => {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, DATE_TIME);
};

/** Who caused a history event. */
export const actorName = (actor: HistoryEntry['actor'], nobody = '—'): string => {
  if (!actor) return nobody;
  if (typeof actor === 'string') return actor;
  return actor.name ?? actor.email ?? String(actor.id ?? nobody);
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
