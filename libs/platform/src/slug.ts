import transliterate from 'slugify';

/**
 * A URL slug from a title or name: lower-case ASCII letters, digits and single dashes. Letters
 * of other scripts are transliterated by `slugify` (simov's: "Straße" gives `strasse`, "Łódź"
 * `lodz`, "Привет мир" `privet-mir`); anything that is not a letter, digit or apostrophe
 * separates words, so "node.js" gives `node-js` and emoji disappear.
 */
export function slugify(text: string, maxLength = 200, fallback = 'page'): string {
  const words = text.normalize('NFKC').replace(/[^\p{L}\p{N}\p{M}'’]+/gu, ' ');
  return transliterate(words, { lower: true, strict: true }).slice(0, maxLength).replace(/-+$/, '') || fallback;
}

/** What a slug may look like (the same rule `slugify` produces). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'slug may contain lower-case letters, digits and single dashes';
