/** A URL slug from a title or name: lower-case ASCII letters, digits and single dashes. */
export function slugify(text: string, maxLength = 200, fallback = 'page'): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, maxLength)
      .replace(/-+$/, '') || fallback
  );
}

/** What a slug may look like (the same rule `slugify` produces). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'slug may contain lower-case letters, digits and single dashes';
