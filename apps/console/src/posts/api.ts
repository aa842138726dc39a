import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { API_URL, httpClient } from '../providers/http';
import type { BulkResult, Post, PostCounts, PostDraft, PostHistoryEntry, PostOptions, WorkflowDefinition } from './types';

export const POSTS = 'posts';

const url = (...parts: (string | Identifier)[]) => `${API_URL}/${parts.map((p) => encodeURIComponent(String(p))).join('/')}`;

/**
 * The posts endpoints beyond simple-rest, through react-admin's query client (so every
 * `refresh()` after an action reloads them too).
 */
export const usePostCounts = (websiteId?: Identifier | null) =>
  useQuery({
    queryKey: [POSTS, 'counts', websiteId ?? null],
    queryFn: async () => {
      const query = websiteId ? `?websiteId=${encodeURIComponent(String(websiteId))}` : '';
      const { json } = await httpClient(`${url(POSTS, 'counts')}${query}`);
      return json as PostCounts;
    },
    retry: false,
  });

/** The API's lists of types and statuses (with labels), which rarely change. */
export const usePostOptions = () =>
  useQuery({
    queryKey: [POSTS, 'options'],
    queryFn: async () => (await httpClient(url(POSTS, 'options'))).json as PostOptions,
    staleTime: 10 * 60_000,
    retry: false,
  });

export const usePostHistory = (id: Identifier | undefined, version: number | undefined) =>
  useQuery({
    queryKey: [POSTS, 'history', id, version],
    queryFn: async () => {
      const { json } = await httpClient(url(POSTS, id!, 'history'));
      return (Array.isArray(json) ? json : []) as PostHistoryEntry[];
    },
    enabled: id != null,
    retry: false,
  });

export const usePostDrafts = (id: Identifier | undefined) =>
  useQuery({
    queryKey: [POSTS, 'drafts', id],
    queryFn: async () => {
      const { json } = await httpClient(url(POSTS, id!, 'drafts'));
      return (Array.isArray(json) ? json : []) as PostDraft[];
    },
    enabled: id != null,
    retry: false,
  });

/** The post as it was at `asOf` (read only: its `allowedActions` are empty). */
export const usePostAsOf = (id: Identifier | undefined, asOf: string | null) =>
  useQuery({
    queryKey: [POSTS, 'asOf', id, asOf],
    queryFn: async () => (await httpClient(`${url(POSTS, id!)}?asOf=${encodeURIComponent(asOf!)}`)).json as Post,
    enabled: id != null && asOf != null,
    staleTime: Infinity,
    retry: false,
  });

export const useWorkflowDefinition = (enabled = true) =>
  useQuery({
    queryKey: ['workflows', 'post'],
    queryFn: async () => (await httpClient(url('workflows', 'post'))).json as WorkflowDefinition,
    staleTime: 10 * 60_000,
    enabled,
    retry: false,
  });

/**
 * Events the posts read model does not project (API, libs/posts posts.projection.ts `handles`):
 * they raise the post's stream version but not the `version` its record answers.
 */
const UNPROJECTED = new Set(['PostDraftKept', 'PostExported']);

/**
 * The version to send as `expectedVersion` / `version`. Normally the record's; but after a kept
 * draft or an export the API's record lags its stream by those events (which change nothing of
 * the post), and every save or action sent with the record's version would get a 409 (and a save
 * another kept draft). When the only events past the record are such ones, their version is the
 * post's real one. Any other later event is a real change: the record's version then, and the
 * API's 409 says so.
 */
export const expectedVersionFor = async (post: Pick<Post, 'id' | 'version'>): Promise<number> => {
  try {
    const { json } = await httpClient(url(POSTS, post.id, 'history'));
    const later = (Array.isArray(json) ? (json as PostHistoryEntry[]) : []).filter((e) => e.version > post.version);
    if (later.length && later.every((e) => UNPROJECTED.has(e.type))) return Math.max(...later.map((e) => e.version));
  } catch {
    // The record's own version then.
  }
  return post.version;
};

/** The current post, fresh (not from the cache). */
export const fetchPost = async (id: Identifier) => (await httpClient(url(POSTS, id))).json as Post;

export const bulkAction = async (action: string, ids: Identifier[], note?: string) => {
  const { json } = await httpClient(url(POSTS, 'bulk-actions'), {
    method: 'POST',
    body: JSON.stringify({ action, ids: ids.map(String), ...(note ? { note } : {}) }),
  });
  return (json as { results: BulkResult[] }).results;
};

/** Offers text as a file download (ExportPage answers `export: { filename, content, format }`). */
export const download = (filename: string, content: string, type: string) => {
  const blob = new Blob([content], { type });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
};

/** An API error's message and field errors (react-admin's HttpError carries the parsed body). */
export const errorParts = (error: unknown) => {
  const e = error as { message?: string; status?: number; body?: { message?: string; errors?: Record<string, string>; reason?: string; holder?: unknown } };
  return {
    status: e?.status,
    message: (typeof e?.body?.message === 'string' && e.body.message) || e?.message || 'Something went wrong, please try again',
    errors: e?.body?.errors,
    body: e?.body,
  };
};

/** The spec's failure wording: "Error: Unable to publish post - {msg}" where it names the verb, "Error: {msg}" otherwise. */
export const failureMessage = (message: string, verb?: string) => {
  if (/^Error[: ]/.test(message)) return message;
  return verb ? `Error: Unable to ${verb} post - ${message}` : `Error: ${message}`;
};
