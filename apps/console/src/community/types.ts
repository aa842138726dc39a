import type { Identifier, RaRecord } from 'react-admin';

export type QuestionStatus = 'pending_review' | 'new' | 'draft' | 'published' | 'deleted';
export type ModeratorStatus = 'pending_review' | 'approved' | 'declined';
export type AnswerStatus = 'pending' | 'published' | 'deleted';

/** Who took a decision or wrote a record, as recorded at the time. */
export interface Person {
  id: Identifier;
  name: string | null;
}

/** Someone outside the console who asked or answered (both parts optional). */
export interface Contact {
  name: string | null;
  email: string | null;
}

/** One entry of `GET /api/questions`. */
export interface Question extends RaRecord {
  organisationId: Identifier;
  websiteId: Identifier;
  locale: string;
  title: string;
  body: string;
  category: string | null;
  askedBy: Contact | null;
  status: QuestionStatus;
  /** The spec's wording: "pending review" for pending_review. */
  statusLabel: string;
  moderatorStatus: ModeratorStatus | null;
  declineReason: string | null;
  decidedBy: Person | null;
  decidedAt: string | null;
  publishedBy: Person | null;
  publishedAt: string | null;
  answerCount: number;
  publishedAnswerCount: number;
  createdBy: Person;
  createdAt: string;
  updatedAt: string;
  version: number;
  allowedActions: string[];
}

/** One entry of `GET /api/answers`. */
export interface Answer extends RaRecord {
  questionId: Identifier;
  organisationId: Identifier;
  websiteId: Identifier;
  body: string;
  answeredBy: Contact | null;
  status: AnswerStatus;
  publishedBy: Person | null;
  publishedAt: string | null;
  createdBy: Person;
  createdAt: string;
  version: number;
  allowedActions: string[];
}

/** `GET /api/questions/counts?websiteId=`: the number behind each tab of the Community screen. */
export interface QuestionCounts {
  new: number;
  draft: number;
  published: number;
  moderator: number;
  deleted: number;
  publishedAnswers: number;
}
