import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import { useApiOptions } from '../providers/useApiOptions';
import type { Post, PostCounts, PostDraft, PostHistoryEntry, PostOptions, WorkflowDefinition } from './types';

export const POSTS = 'posts';
/** The store key of the posts screen's tab (the dashboard's queues open the list at theirs). */
export const POSTS_TAB_STORE_KEY = 'posts.tab';

/**
 * The posts endpoints beyond simple-rest, through the data provider and react-admin's query
 * client (so every `refresh()` after an action reloads them too).
 */
export const usePostCounts = (websiteId?: Identifier | null) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: [POSTS, 'counts', websiteId ?? null],
    queryFn: async () => (await dataProvider.counts<PostCounts>(POSTS, { websiteId })).data,
    retry: false,
  });
};

/** `GET /api/posts/options`: the API's lists of types, tabs and statuses (with their labels). */
export const usePostOptions = () => useApiOptions<PostOptions>(POSTS);

export const usePostHistory = (id: Identifier | undefined, version: number | undefined) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: [POSTS, 'history', id, version],
    queryFn: async () => (await dataProvider.history<PostHistoryEntry>(POSTS, id!)).data,
    enabled: id != null,
    retry: false,
  });
};

export const usePostDrafts = (id: Identifier | undefined) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: [POSTS, 'drafts', id],
    queryFn: async () => {
      const { data } = await dataProvider.getPart<PostDraft[]>(POSTS, id!, 'drafts');
      return Array.isArray(data) ? data : [];
    },
    enabled: id != null,
    retry: false,
  });
};

/** The post as it was at `asOf` (read only: its `allowedActions` are empty). */
export const usePostAsOf = (id: Identifier | undefined, asOf: string | null) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: [POSTS, 'asOf', id, asOf],
    queryFn: async () => (await dataProvider.getOneAsOf<Post>(POSTS, id!, asOf!)).data,
    enabled: id != null && asOf != null,
    staleTime: Infinity,
    retry: false,
  });
};

/** `GET /api/workflows/post`: the workflow's table, which changes only with a deploy. */
export const useWorkflowDefinition = (enabled = true) => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: ['workflows', 'post'],
    queryFn: async () => (await dataProvider.workflows<WorkflowDefinition>('post')).data,
    staleTime: Infinity,
    enabled,
    retry: false,
  });
};

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
export const expectedVersionFor = async (
  dataProvider: ConsoleDataProvider,
  post: Pick<Post, 'id' | 'version'>,
): Promise<number> => {
  try {
    const { data } = await dataProvider.history<PostHistoryEntry>(POSTS, post.id);
    const later = data.filter((e) => e.version > post.version);
    if (later.length && later.every((e) => UNPROJECTED.has(e.type))) return Math.max(...later.map((e) => e.version));
  } catch {
    // The record's own version then.
  }
  return post.version;
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

/** An API error's message and field errors (common/errors.ts). */
export { errorParts } from '../common/errors';

/** The spec's failure wording: "Error: Unable to publish post - {msg}" where it names the verb, "Error: {msg}" otherwise. */
export const failureMessage = (
  translate: (key: string, options?: object) => string,
  message: string,
  verb?: string,
) => {
  const text = translate(message, { _: message });
  if (/^Error[: ]/.test(text)) return text;
  return verb
    ? translate('console.posts.notices.failed', { verb, message: text })
    : translate('console.posts.notices.error', { message: text });
};

/** `GET /api/posts/dashboard`: the person's own posts, their queues and (owners, admins) the pipeline. */
export interface PostDashboard {
  mine: {
    stages: { status: string; label: string; count: number }[];
    due: {
      id: Identifier;
      title: string;
      status: string;
      statusLabel: string;
      websiteId: Identifier;
      dueDate: string;
    }[];
    returned: {
      id: Identifier;
      title: string;
      status: string;
      statusLabel: string;
      websiteId: Identifier;
      note: string | null;
      by: string | null;
      at: string;
    }[];
  };
  queues: { status: string; label: string; tab: string; count: number; waiting: number; oldestSince: string | null }[];
  pipeline: { status: string; label: string; count: number }[] | null;
}

export const usePostDashboard = () => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: [POSTS, 'dashboard'],
    queryFn: async () => (await dataProvider.dashboard<PostDashboard>(POSTS)).data,
    retry: false,
  });
};
