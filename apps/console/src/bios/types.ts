import type { Identifier, RaRecord } from 'react-admin';

export const BIOS = 'bios';

export type BioKind = 'writer' | 'expert';
export type BioStatus = 'draft' | 'published';

/** One entry of `GET /api/bios` or `GET /api/bios/{id}` (libs/experts presentBio, plus `allowedActions`). */
export interface Bio extends RaRecord {
  organisationId: Identifier;
  websiteId: Identifier;
  kind: BioKind;
  /** The member a writer bio is about; null for outside experts. */
  userId: Identifier | null;
  status: BioStatus;
  displayName: string;
  slug: string;
  role: string | null;
  title: string | null;
  profilePic: string | null;
  categories: string[];
  text: string | null;
  metaDescription: string | null;
  expertise: string[];
  education: string[];
  highlights: string[];
  quote: string | null;
  socialUrls: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
  allowedActions?: string[];
}

/** Choices and labels as message keys (SelectInput translates choice names). */
export const KIND_CHOICES = [
  { id: 'writer', name: 'console.bios.kinds.writerMember' },
  { id: 'expert', name: 'console.bios.kinds.expert' },
];

export const KIND_LABELS: Record<BioKind, string> = { writer: 'console.bios.kinds.writer', expert: 'console.bios.kinds.expert' };

export const STATUS_CHOICES = [
  { id: 'draft', name: 'console.bios.statuses.draft' },
  { id: 'published', name: 'console.bios.statuses.published' },
];

/** The API's limits (libs/experts bio-fields.ts). */
export const BIO_LIMITS = {
  displayName: 120,
  slug: 120,
  role: 120,
  title: 200,
  text: 20_000,
  metaDescription: 320,
  quote: 1000,
} as const;

/** The text fields a bio holds, and its lists. */
export const TEXT_FIELDS = ['displayName', 'slug', 'role', 'title', 'profilePic', 'text', 'metaDescription', 'quote'] as const;
export const LIST_FIELDS = ['categories', 'expertise', 'education', 'highlights', 'socialUrls'] as const;
