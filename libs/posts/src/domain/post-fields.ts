import { sanitizeBodyHtml } from './body-html.js';
import { documentProblem } from './components.js';
import { SLUG_MESSAGE, SLUG_PATTERN, slugify } from '#libs/platform/src/slug.js';
import { missing, notText, optionalText, requiredText, tooLong, z } from '#libs/platform/src/validation.js';
import { isCalendarDate } from '#libs/platform/src/dates.js';
import { ValidationError } from '#libs/platform/src/errors.js';

/** The spec's post types (seed 000 section 3). */
export const POST_TYPES = [
  'blog',
  'community',
  'targeted',
  'learning_center',
  'topic',
  'comparison',
  'product_page',
  'product_review',
  'product_alternative',
  'product_comparison',
  'ppc_top_10',
  'ni_top_10_article',
  'wordpress_article',
  'top_10',
  'top_alternatives',
  'top_seo',
] as const;
export type PostType = (typeof POST_TYPES)[number];

/** Cover images: the spec asks for a size window; ours is the share preview (1024x512) up to 4096 square. */
export const IMAGE_LIMITS = { minWidth: 1024, minHeight: 512, maxWidth: 4096, maxHeight: 4096 };
export const IMAGE_SIZE_MESSAGE = `The image must be between ${IMAGE_LIMITS.minWidth}x${IMAGE_LIMITS.minHeight} and ${IMAGE_LIMITS.maxWidth}x${IMAGE_LIMITS.maxHeight} pixels`;
export const OUTLINE_REQUIRED = 'Outline field is required';
/** The spec's prompt for a credited person without a bio: "click to add {field}'s bio". */
export const missingBio = (field: string) => `click to add ${field}'s bio`;
export const OPTIMISATION_LOCKED = 'Posts under optimisation cannot change vertical or dates';

/**
 * Each field's label, as the post page's form shows it: every field-level message names the field
 * by these words ("Body is missing!", "Note is missing!"); the errors stay keyed by the field.
 */
export const POST_FIELD_LABELS = {
  title: 'Title',
  subtitle: 'Subtitle or brief',
  slug: 'Slug',
  outline: 'Outline',
  richText: 'Body',
  coverImage: 'Cover image',
  imageUrl: 'Image URL',
  category: 'Category',
  subCategory: 'Sub-category',
  topics: 'Topics',
  tags: 'Tags',
  products: 'Products',
  sourceUrls: 'Source URLs',
  metaDescription: 'Meta description',
  dueDate: 'Due date',
  quotaDate: 'Quota date',
  showTOC: 'Table of contents',
  featured: 'Featured',
  best: 'Best',
  optimisation: 'Under optimisation',
  writerId: 'Writer',
  creditedWriterId: 'Credited writer',
  expertId: 'Expert',
  sourceFileId: 'Source file',
  variant: 'Variant',
  clusterId: 'Cluster',
  websiteId: 'Website',
  type: 'Type',
  locale: 'Locale',
  note: 'Note',
  userId: 'Member',
  version: 'Version',
} as const;
const L = POST_FIELD_LABELS;

const date = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((v) => isCalendarDate(v), `${field} must be a date (YYYY-MM-DD)`)
    .nullable();
const id = (field: string) =>
  z
    .string({ error: notText(field) })
    .max(100, tooLong(100))
    .nullable();
const list = (field: string, max = 50, length = 200) =>
  z
    .array(
      z
        .string({ error: `${field} must be a list of texts` })
        .trim()
        .max(length, tooLong(length)),
      { error: `${field} must be a list` },
    )
    .max(max);
const imageDimension = z.number({ error: 'Width and height must be numbers' }).int().positive();

export const coverImageSchema = z
  .object({
    url: z
      .string({ error: (i) => (i.input === undefined ? missing(L.imageUrl) : notText(L.imageUrl)) })
      .url(`${L.imageUrl} must be a valid URL`)
      .max(2000, tooLong(2000)),
    title: z
      .string({ error: 'Title field is required!' })
      .trim()
      .min(1, 'Title field is required!')
      .max(300, tooLong(300)),
    alt: z.string({ error: 'Alt field is required!' }).trim().min(1, 'Alt field is required!').max(300, tooLong(300)),
    caption: z
      .string({ error: 'Caption field is required!' })
      .trim()
      .min(1, 'Caption field is required!')
      .max(500, tooLong(500)),
    width: imageDimension,
    height: imageDimension,
  })
  .refine(
    (i) =>
      i.width >= IMAGE_LIMITS.minWidth &&
      i.height >= IMAGE_LIMITS.minHeight &&
      i.width <= IMAGE_LIMITS.maxWidth &&
      i.height <= IMAGE_LIMITS.maxHeight,
    { message: IMAGE_SIZE_MESSAGE, path: ['width'] },
  )
  .nullable();

/** The post's rich text: the editor's structured document and its HTML. */
export const richTextSchema = z
  .object(
    {
      json: z
        .record(z.string(), z.unknown(), { error: `${L.richText} must be a document` })
        .nullable()
        .optional(),
      html: z.string({ error: notText(L.richText) }).max(1_000_000, tooLong(1_000_000)),
    },
    { error: `${L.richText} must be a document with its HTML` },
  )
  .superRefine((value, ctx) => {
    const problem = documentProblem(value.json);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  })
  .transform((value) => ({ ...value, html: sanitizeBodyHtml(value.html) }))
  .nullable();

/** Fields a user edits (Create and Save). Read-only fields sent back by react-admin are dropped. */
export const contentShape = {
  title: requiredText(L.title, 300),
  subtitle: optionalText(L.subtitle, 1000).nullable(),
  slug: z
    .string({ error: notText(L.slug) })
    .trim()
    .max(200, tooLong(200))
    .regex(SLUG_PATTERN, SLUG_MESSAGE)
    .nullable(),
  outline: z
    .string({ error: notText(L.outline) })
    .max(50_000, tooLong(50_000))
    .nullable(),
  richText: richTextSchema,
  coverImage: coverImageSchema,
  category: optionalText(L.category, 200).nullable(),
  subCategory: optionalText(L.subCategory, 200).nullable(),
  topics: list(L.topics),
  tags: list(L.tags),
  products: list(L.products),
  sourceUrls: list(L.sourceUrls, 50, 2000),
  metaDescription: optionalText(L.metaDescription, 320).nullable(),
  dueDate: date(L.dueDate),
  quotaDate: date(L.quotaDate),
  showTOC: z.boolean({ error: `${L.showTOC} must be true or false` }),
  featured: z.boolean({ error: `${L.featured} must be true or false` }),
  best: z.boolean({ error: `${L.best} must be true or false` }),
  optimisation: z.boolean({ error: `${L.optimisation} must be true or false` }),
  writerId: id(L.writerId),
  creditedWriterId: id(L.creditedWriterId),
  expertId: id(L.expertId),
  sourceFileId: id(L.sourceFileId),
  variant: optionalText(L.variant, 100).nullable(),
  clusterId: id(L.clusterId),
};

export const contentSchema = z.object(contentShape).partial();
export type PostContent = z.infer<typeof contentSchema>;

export const createSchema = z
  .object({
    ...contentShape,
    title: contentShape.title,
    websiteId: z
      .string({ error: (i) => (i.input === undefined ? missing(L.websiteId) : notText(L.websiteId)) })
      .max(100),
    type: z.enum(POST_TYPES, {
      error: (i) => (i.input === undefined ? missing(L.type) : `${L.type} must be one of ${POST_TYPES.join(', ')}`),
    }),
    locale: z
      .string({ error: notText(L.locale) })
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, `${L.locale} must look like en or en-GB`)
      .optional(),
  })
  .partial({
    subtitle: true,
    slug: true,
    outline: true,
    richText: true,
    coverImage: true,
    category: true,
    subCategory: true,
    topics: true,
    tags: true,
    products: true,
    sourceUrls: true,
    metaDescription: true,
    dueDate: true,
    quotaDate: true,
    showTOC: true,
    featured: true,
    best: true,
    optimisation: true,
    writerId: true,
    creditedWriterId: true,
    expertId: true,
    sourceFileId: true,
    variant: true,
    clusterId: true,
  });

/** Slugs come from titles when none is given. */
export const postSlug = (title: string) => slugify(title, 200, 'post');

/** Words and links of the body, counted from its HTML. */
export function measure(html: string | undefined | null): { words: number; links: number } {
  if (!html) return { words: 0, links: 0 };
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const links = (html.match(/<a\s[^>]*href=/gi) ?? []).length;
  return { words, links };
}

/**
 * A workflow action's note (why a post goes back, a word with a submit): text of at most
 * {@link NOTE_MAX_LENGTH} characters, kept trimmed. The decider applies these rules; the actions'
 * request schema checks the same length with the same wording before it (`noteSchema`).
 */
export const NOTE_MAX_LENGTH = 5000;
export const NOTE_NOT_TEXT = notText(L.note);

/** The `note` of an action's request body, as the API checks it before deciding. */
export const noteSchema = z.string({ error: NOTE_NOT_TEXT }).max(NOTE_MAX_LENGTH, tooLong(NOTE_MAX_LENGTH));

/** The note a return needs (422 "Note is missing!" without one), trimmed. */
export function requireNote(data: unknown): string {
  const note = (data as { note?: unknown } | undefined)?.note;
  if (typeof note !== 'string' || !note.trim()) throw ValidationError.field('note', missing(L.note));
  if (note.length > NOTE_MAX_LENGTH) throw ValidationError.field('note', tooLong(NOTE_MAX_LENGTH));
  return note.trim();
}

/** The note an action may carry (none when absent or empty), trimmed. */
export function optionalNote(data: unknown): string | undefined {
  const note = (data as { note?: unknown } | undefined)?.note;
  if (note === undefined || note === null || note === '') return undefined;
  if (typeof note !== 'string') throw ValidationError.field('note', NOTE_NOT_TEXT);
  if (note.length > NOTE_MAX_LENGTH) throw ValidationError.field('note', tooLong(NOTE_MAX_LENGTH));
  return note.trim();
}
