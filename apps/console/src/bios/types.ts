import type { Identifier, RaRecord } from 'react-admin';
import { useApiOptions } from '../providers/useApiOptions';

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

/** `GET /api/bios/options`: the kinds (one and several) and the listed statuses, with their labels. */
export interface BioOptions {
  kinds: { id: BioKind; name: string; plural: string }[];
  statuses: { id: BioStatus; name: string }[];
}

/**
 * The bios' choices from the API (cached for the page's life; empty while loading): `kinds` for a
 * bio's kind, `kindsPlural` for the list's filter, `statuses`, and `kindLabel(kind)`.
 */
export const useBioOptions = () => {
  const { data } = useApiOptions<BioOptions>(BIOS);
  const kinds = data?.kinds ?? [];
  return {
    kinds: kinds.map((kind) => ({ id: kind.id, name: kind.name })),
    kindsPlural: kinds.map((kind) => ({ id: kind.id, name: kind.plural })),
    statuses: data?.statuses ?? [],
    kindLabel: (kind: string) => kinds.find((k) => k.id === kind)?.name ?? kind,
  };
};

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
export const TEXT_FIELDS = [
  'displayName',
  'slug',
  'role',
  'title',
  'profilePic',
  'text',
  'metaDescription',
  'quote',
] as const;
export const LIST_FIELDS = ['categories', 'expertise', 'education', 'highlights', 'socialUrls'] as const;
