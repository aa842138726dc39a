import { SLUG_MESSAGE, SLUG_PATTERN, slugify } from '#libs/platform/src/slug.js';
import { missing, optionalText, requiredText, tooLong, z } from '#libs/platform/src/validation.js';

/** Writers (and other members credited on posts) and outside experts have bios. */
export const BIO_KINDS = ['writer', 'expert'] as const;
export type BioKind = (typeof BIO_KINDS)[number];

const url = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(2000, tooLong(2000))
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), `${field} must be a valid URL (http or https)`);
const list = (field: string, max = 30, length = 300) =>
  z.array(z.string({ error: `${field} must be a list of texts` }).trim().min(1, `${field} cannot hold empty entries`).max(length, tooLong(length)), { error: `${field} must be a list` }).max(max, `${field} holds at most ${max} entries`);

/**
 * The spec's expert/writer bio (seed 000 section 3): slug, status, display name, role, title,
 * profile pic, categories, text, meta description, expertise, education bullets, highlights,
 * quote, social URLs.
 */
export const bioShape = {
  displayName: requiredText('displayName', 120, 'Display name cannot be empty'),
  slug: z
    .string({ error: 'slug must be text' })
    .trim()
    .max(120, tooLong(120))
    .regex(SLUG_PATTERN, SLUG_MESSAGE),
  role: optionalText('role', 120).nullable(),
  title: optionalText('title', 200).nullable(),
  profilePic: url('profilePic').nullable(),
  categories: list('categories'),
  text: z.string({ error: 'text must be text' }).max(20_000, tooLong(20_000)).nullable(),
  metaDescription: optionalText('metaDescription', 320).nullable(),
  expertise: list('expertise'),
  education: list('education'),
  highlights: list('highlights'),
  quote: optionalText('quote', 1000).nullable(),
  socialUrls: z.array(url('socialUrls'), { error: 'socialUrls must be a list' }).max(20, 'socialUrls holds at most 20 entries'),
};

export const bioContentSchema = z.object(bioShape).partial();
export type BioContent = z.infer<typeof bioContentSchema>;

export const createBioSchema = bioContentSchema.extend({
  displayName: bioShape.displayName,
  websiteId: z.string({ error: (i) => (i.input === undefined ? missing('websiteId') : 'websiteId must be text') }).max(100),
  kind: z.enum(BIO_KINDS, { error: `kind must be one of ${BIO_KINDS.join(', ')}` }).optional(),
  userId: z.string({ error: 'userId must be text' }).max(100).nullable().optional(),
});

/** What a published bio needs (the spec's "{field} is missing!"). */
export function publishProblems(content: BioContent): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!content.displayName?.trim()) errors.displayName = missing('displayName');
  if (!content.slug?.trim()) errors.slug = missing('slug');
  if (!content.text?.trim()) errors.text = missing('text');
  return errors;
}

/** Slugs come from display names when none is given. */
export const bioSlug = (name: string) => slugify(name, 120, 'bio');
