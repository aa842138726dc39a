import { SLUG_MESSAGE, SLUG_PATTERN, slugify } from '#libs/platform/src/slug.js';
import { missing, notText, optionalText, requiredText, tooLong, z } from '#libs/platform/src/validation.js';

/** Writers (and other members credited on posts) and outside experts have bios. */
export const BIO_KINDS = ['writer', 'expert'] as const;
export type BioKind = (typeof BIO_KINDS)[number];
/** How the console names each kind, one bio and several (`GET /api/bios/options`). */
export const BIO_KIND_LABELS: Record<BioKind, { name: string; plural: string }> = {
  writer: { name: 'Writer', plural: 'Writers' },
  expert: { name: 'Expert', plural: 'Experts' },
};

/**
 * Each field's label, as the bio form shows it: every field-level message names the field by these
 * words ("Text is missing!"); the errors stay keyed by the field.
 */
export const BIO_FIELD_LABELS = {
  displayName: 'Display name',
  slug: 'Slug',
  role: 'Role',
  title: 'Title',
  profilePic: 'Profile pic URL',
  categories: 'Categories',
  text: 'Text',
  metaDescription: 'Meta description',
  expertise: 'Expertise',
  education: 'Education',
  highlights: 'Highlights',
  quote: 'Quote',
  socialUrls: 'Social URLs',
  websiteId: 'Website',
  kind: 'Kind',
  userId: 'Member',
} as const;
const L = BIO_FIELD_LABELS;

const url = (field: string) =>
  z
    .string({ error: notText(field) })
    .trim()
    .max(2000, tooLong(2000))
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), `${field} must be a valid URL (http or https)`);
const list = (field: string, max = 30, length = 300) =>
  z
    .array(
      z
        .string({ error: `${field} must be a list of texts` })
        .trim()
        .min(1, `${field} cannot hold empty entries`)
        .max(length, tooLong(length)),
      { error: `${field} must be a list` },
    )
    .max(max, `${field} holds at most ${max} entries`);

/**
 * The spec's expert/writer bio (seed 000 section 3): slug, status, display name, role, title,
 * profile pic, categories, text, meta description, expertise, education bullets, highlights,
 * quote, social URLs.
 */
export const bioShape = {
  displayName: requiredText(L.displayName, 120),
  slug: z
    .string({ error: notText(L.slug) })
    .trim()
    .max(120, tooLong(120))
    .regex(SLUG_PATTERN, SLUG_MESSAGE),
  role: optionalText(L.role, 120).nullable(),
  title: optionalText(L.title, 200).nullable(),
  profilePic: url(L.profilePic).nullable(),
  categories: list(L.categories),
  text: z
    .string({ error: notText(L.text) })
    .max(20_000, tooLong(20_000))
    .nullable(),
  metaDescription: optionalText(L.metaDescription, 320).nullable(),
  expertise: list(L.expertise),
  education: list(L.education),
  highlights: list(L.highlights),
  quote: optionalText(L.quote, 1000).nullable(),
  socialUrls: z
    .array(url(L.socialUrls), { error: `${L.socialUrls} must be a list` })
    .max(20, `${L.socialUrls} holds at most 20 entries`),
};

export const bioContentSchema = z.object(bioShape).partial();
export type BioContent = z.infer<typeof bioContentSchema>;

export const createBioSchema = bioContentSchema.extend({
  displayName: bioShape.displayName,
  websiteId: z.string({ error: (i) => (i.input === undefined ? missing(L.websiteId) : notText(L.websiteId)) }).max(100),
  kind: z.enum(BIO_KINDS, { error: `${L.kind} must be one of ${BIO_KINDS.join(', ')}` }).optional(),
  userId: z
    .string({ error: notText(L.userId) })
    .max(100)
    .nullable()
    .optional(),
});

/** What a published bio needs (the spec's "{field} is missing!"). */
export function publishProblems(content: BioContent): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!content.displayName?.trim()) errors.displayName = missing(L.displayName);
  if (!content.slug?.trim()) errors.slug = missing(L.slug);
  if (!content.text?.trim()) errors.text = missing(L.text);
  return errors;
}

/** Slugs come from display names when none is given. */
export const bioSlug = (name: string) => slugify(name, 120, 'bio');
