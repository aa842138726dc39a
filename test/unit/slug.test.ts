import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { SLUG_PATTERN, slugify } from '#libs/platform/src/slug.js';

describe('slugify', () => {
  it.each([
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['Crème brûlée', 'creme-brulee'],
    ['Ærø', 'aero'],
    ['Привет мир', 'privet-mir'],
    ['Œuvre complète', 'oeuvre-complete'],
    ['Ça va? Ñandú', 'ca-va-nandu'],
    ['Ğüneş Şehir', 'gunes-sehir'],
    ['I ❤️ 🦄 unicorns 😀', 'i-unicorns'],
    ['Dr. Ann Müller-Smith', 'dr-ann-muller-smith'],
    ['Ten Tips for Café Owners!', 'ten-tips-for-cafe-owners'],
    ["It's Bob’s", 'its-bobs'],
    ['node.js/deno_land v1.2', 'node-js-deno-land-v1-2'],
    ['AT&T 100% sure', 'at-t-100-sure'],
    ['  --a--b--  ', 'a-b'],
    // Decomposed accents and compatibility forms (a ligature, full-width letters).
    ['e\u0301te\u0301', 'ete'],
    ['ﬁne Ｈｅｌｌｏ', 'fine-hello'],
  ])('%j gives %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('falls back when nothing is left, and cuts at the maximum length without a trailing dash', () => {
    expect(slugify('東京')).toBe('page');
    expect(slugify('🦄 ???', 200, 'post')).toBe('post');
    expect(slugify('')).toBe('page');
    expect(slugify('abc def', 4)).toBe('abc');
    expect(slugify('abc def', 5)).toBe('abc-d');
  });

  it('always answers a slug SLUG_PATTERN accepts, within the length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (text, max) => {
        const slug = slugify(text, max, 'x');
        expect(slug).toMatch(SLUG_PATTERN);
        expect(slug.length).toBeLessThanOrEqual(max);
      }),
    );
  });
});
