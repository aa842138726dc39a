import type { Identifier, RaRecord } from 'react-admin';

/** The article workflow's statuses (DESIGN.md "Article"), as the API names them. */
export type PostStatus =
  | 'Writer'
  | 'Edit'
  | 'SecondEdit'
  | 'Review'
  | 'FactCheck'
  | 'SecondFactCheck'
  | 'ThirdFactCheck'
  | 'FourthFactCheck'
  | 'Published'
  | 'Deleted'
  | 'Archived';

/** Someone holding a stage of a post, and since when. */
export interface Holder {
  userId: Identifier;
  name: string;
  since: string;
}

export interface PersonRef {
  userId: Identifier;
  name: string | null;
}

export interface CoverImage {
  url: string;
  title: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
}

/**
 * Someone the published page credits who has no published bio on the post's website (the spec's
 * "Missing writer bio: click to add {field}'s bio"); `bioId` is their draft bio when one exists.
 */
export interface BioPrompt {
  field: 'writer' | 'expert' | 'factChecker';
  label: string;
  /** "click to add Writer's bio" */
  message: string;
  /** The member (writers, fact-checkers); null for an expert. */
  userId: Identifier | null;
  name: string | null;
  bioId: Identifier | null;
}

export interface RichText {
  json: Record<string, unknown> | null;
  html: string;
}

/** One entry of `GET /api/posts` (lists leave out `richText` and `outline`) or `GET /api/posts/{id}`. */
export interface Post extends RaRecord {
  organisationId: Identifier;
  websiteId: Identifier;
  locale: string;
  type: string;
  status: PostStatus;
  /** The spec's wording: Writing, Edit, Review, ..., Unpublished. */
  statusLabel: string;
  title: string;
  subtitle?: string | null;
  slug?: string | null;
  category?: string | null;
  subCategory?: string | null;
  tags?: string[];
  topics?: string[];
  products?: string[];
  sourceUrls?: string[];
  dueDate?: string | null;
  quotaDate?: string | null;
  words: number;
  links: number;
  holder: Holder | null;
  writer: PersonRef | null;
  editor: PersonRef | null;
  secondEditor?: PersonRef | null;
  reviewer?: PersonRef | null;
  factChecker: PersonRef | null;
  outline?: string | null;
  richText?: RichText | null;
  coverImage?: CoverImage | null;
  metaDescription?: string | null;
  showTOC?: boolean;
  featured?: boolean;
  best?: boolean;
  optimisation?: boolean;
  regulationApproved?: boolean;
  /** The member the page names as writer instead of the real one (optional). */
  creditedWriterId?: Identifier | null;
  /** An expert bio of the website the page names as the post's expert (optional). */
  expertId?: Identifier | null;
  /** The credited people without a published bio; Publish is refused while any remains (single post only). */
  bioPrompts?: BioPrompt[];
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  version: number;
  allowedActions: string[];
  /** The website's pre-publication stages, in order (single post only). */
  stages?: PostStatus[];
  /** Set on `GET /api/posts/{id}?asOf=`: the moment this record shows. */
  asOf?: string;
}

/** `GET /api/posts/counts` */
export type PostCounts = Record<string, number>;

/** `GET /api/posts/options` */
export interface PostOptions {
  types: string[];
  /** The statuses of listed posts (the status filter), with their labels. */
  statuses: { id: PostStatus; name: string }[];
  /** Statuses only a history or audit entry names (`new`, `Purged`), with their labels. */
  otherStatuses: { id: string; name: string }[];
  tabs: string[];
  /** The workflow actions' button labels. */
  actions: { id: string; name: string }[];
  /** The roles the workflow table names (`owner`, `cms:editor`), one and several. */
  roles: { id: string; name: string; plural: string }[];
}

/** One entry of `GET /api/posts/{id}/history`. */
export interface PostHistoryEntry {
  id: Identifier;
  type: string;
  version: number;
  time: string;
  actor: { id?: Identifier; name?: string | null; email?: string | null } | null;
  action: string | null;
  from: string | null;
  to: string | null;
  note: string | null;
  data?: Record<string, unknown> | null;
}

/** One entry of `GET /api/posts/{id}/drafts`: a save the API refused, kept so nothing typed is lost. */
export interface PostDraft {
  id: Identifier;
  version?: number;
  by: { userId?: Identifier; name: string };
  at: string;
  reason: 'taken_over' | 'held' | 'stale_version' | string;
  baseVersion: number | null;
  changes: Partial<Post>;
}

/** `GET /api/workflows/post` */
export interface WorkflowTransition {
  action: string;
  from: string[];
  to: string | null;
  roles: string[];
  description?: string;
}

export interface WorkflowDefinition {
  name: string;
  statuses: string[];
  actions: string[];
  transitions: WorkflowTransition[];
}

/** The 409 body of a refused save. */
export interface SaveConflict {
  message: string;
  reason?: 'taken_over' | 'held' | string;
  holder?: Holder | null;
  /** Who held the page when the refused save left (the form's record). */
  previousHolder?: Holder | null;
}

/** `POST /api/posts/bulk-actions` */
export interface BulkResult {
  id: Identifier;
  ok: boolean;
  error?: string;
}
