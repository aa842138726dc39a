import { PRE_PUBLICATION, type PostStatus } from './stages.js';

/**
 * The CMS Articles tabs (seed 000 section 2): which posts each one shows. The posts read side
 * turns these rules into conditions on its read model (projections/queries.ts); the console asks
 * for the tab names at `GET /api/posts/options`.
 */
export interface PostTabRule {
  /** The statuses the tab shows (every status when absent). */
  statuses?: readonly PostStatus[];
  /** Whether someone holds the post (either when absent): a brief waits in the writers' pool, an outline is someone's. */
  held?: boolean;
  /** Whether the post belongs to a content-strategy cluster (either when absent). */
  inCluster?: boolean;
  /** Whether the post has a body yet (either when absent): an outline has none, a post being created has one. */
  hasBody?: boolean;
}

/** The tabs, in the console's order. */
export const POST_TABS = {
  strategy: { statuses: ['Writer'], held: false, inCluster: true },
  briefs: { statuses: ['Writer'], held: false, inCluster: false },
  outline: { statuses: ['Writer'], held: true, hasBody: false },
  create: { statuses: ['Writer'], held: true, hasBody: true },
  edit: { statuses: ['Edit'] },
  review: { statuses: ['SecondEdit', 'Review'] },
  'fact-check-1': { statuses: ['FactCheck'] },
  'fact-check-2': { statuses: ['SecondFactCheck'] },
  'fact-check-3': { statuses: ['ThirdFactCheck'] },
  'fact-check-4': { statuses: ['FourthFactCheck'] },
  'in-progress': { statuses: PRE_PUBLICATION },
  published: { statuses: ['Published'] },
  unpublished: { statuses: ['Deleted'] },
  archived: { statuses: ['Archived'] },
  all: {},
} as const satisfies Record<string, PostTabRule>;

export type PostTab = keyof typeof POST_TABS;

/** What a tab looks at in a post. */
export interface PostTabFacts {
  status: string;
  holderId: string | null;
  clusterId: string | null;
  hasBody: boolean;
}

/** Whether a post shows in a tab with this rule. */
export function inTab(rule: PostTabRule, post: PostTabFacts): boolean {
  if (rule.statuses && !(rule.statuses as readonly string[]).includes(post.status)) return false;
  if (rule.held !== undefined && rule.held !== (post.holderId !== null)) return false;
  if (rule.inCluster !== undefined && rule.inCluster !== (post.clusterId !== null)) return false;
  if (rule.hasBody !== undefined && rule.hasBody !== post.hasBody) return false;
  return true;
}

/** The tabs a post shows in, in the console's order. */
export function tabsOf(post: PostTabFacts): PostTab[] {
  return (Object.keys(POST_TABS) as PostTab[]).filter((tab) => inTab(POST_TABS[tab], post));
}

/** "Your Posts": the ones the person writes, holds or created. */
export function isYourPost(
  post: { writerId: string | null; holderId: string | null; createdBy: string | null },
  userId: string,
): boolean {
  return post.writerId === userId || post.holderId === userId || post.createdBy === userId;
}
