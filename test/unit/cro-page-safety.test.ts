// Issue 25, "Script on customer pages": what the schemas refuse before the tracker could act on a
// customer's page (libs/cro/src/domain/page-safety.ts, used by cro-fields.ts). A variant change or
// a campaign container whose selector names a script, style, head or similar element by its tag
// (CSS or XPath) is refused under its `selector`; a CTA's design holds colours, lengths, font names
// and texts only (`errors["design.<key>"]`); custom CSS may not load anything nor leave its style
// element. Every message and every verdict below is written out by hand. The browser side (the
// tracker skips such elements and values in records stored before these rules) is
// test/browser/tracker-safety.test.ts.
import { describe, expect, it } from '@jest/globals';
import { campaignCreateSchema, ctaCreateSchema, experimentCreateSchema } from '#libs/cro/src/domain/cro-fields.js';
import { STARTER_TEMPLATES } from '#libs/cro/src/domain/templates.js';
import { ValidationError } from '#libs/platform/src/errors.js';
import { parseInput } from '#libs/platform/src/validation.js';
import { expectWith } from '../support/expect.js';

const CHANGE_MESSAGE =
  'Changes: selector must not target script, style, noscript, template, iframe, object, embed, title, head, link, base or meta elements (the tracker never changes them)';
const CONTAINER_MESSAGE =
  'Selector must not target script, style, noscript, template, iframe, object, embed, title, head, link, base or meta elements (the tracker never changes them)';
const NAME_TEST_MESSAGE = 'Changes: selector must not test element names with name() or local-name()';
const COLOUR = (key: string) => `Design: ${key} must be a colour (#hex, rgb(), rgba(), hsl(), hsla() or a colour name)`;
const LENGTH = (key: string) => `Design: ${key} must be a length (a number, or a number with px, em, rem, %, vh or vw)`;
const FONT = (key: string) => `Design: ${key} must be font names (letters, digits, spaces, hyphens, quotes and commas)`;
const OTHER = (key: string) => `Design: ${key} must be a colour, a length, a font name, a number or true/false`;
const CSS_MESSAGE =
  'Custom CSS must not contain "<", "\\", "@import" or url(), image-set(), src() or expression(): it may not load anything or leave its style element';

/** The `errors` a parse answers (`{}` when it passes). */
function errorsOf(parse: () => unknown): Record<string, string> {
  try {
    parse();
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return error.errors ?? {};
    throw error;
  }
}

const experiment = (selector: string, selectorType?: 'css' | 'xpath') =>
  errorsOf(() =>
    parseInput(experimentCreateSchema, {
      websiteId: 'w-1',
      name: 'Headline test',
      pageUrl: 'https://shop.example/',
      variants: [
        { key: 'control', weight: 50 },
        { key: 'b', weight: 50, changes: [{ selector, ...(selectorType ? { selectorType } : {}), text: 'alert(1)' }] },
      ],
    }),
  );

const campaign = (selector: string, selectorType: 'css' | 'xpath' = 'css', extra: Record<string, unknown> = {}) =>
  errorsOf(() =>
    parseInput(campaignCreateSchema, {
      websiteId: 'w-1',
      name: 'Spring',
      containers: [
        { name: 'Inline', ctaId: 'cta-1', devices: [], position: 'below', selector, selectorType, ...extra },
      ],
    }),
  );

const cta = (fields: Record<string, unknown>) =>
  errorsOf(() => parseInput(ctaCreateSchema, { websiteId: 'w-1', name: 'Newsletter', type: 'popup', ...fields }));

const POPUP = {
  triggers: [{ kind: 'page_load' }],
  frequency: 'once',
  layout: 'modal',
  width: 'half',
  devices: ['desktop'],
};

describe('selectors of variant changes and campaign containers', () => {
  // [selector, selectorType, refused]
  // prettier-ignore
  const CASES: readonly [string, 'css' | 'xpath' | undefined, boolean][] = [
    ['script',                                undefined, true],
    ['SCRIPT',                                undefined, true],
    ['head > title',                          undefined, true],
    ['style#x',                               undefined, true],
    ['div script',                            undefined, true],
    ['div>script',                            undefined, true],
    ['h1, style',                             undefined, true],
    [':is(script)',                           undefined, true],
    ['div:has(> noscript)',                   undefined, true],
    ['body template p',                       undefined, true],
    ['iframe[src]',                           undefined, true],
    ['object',                                undefined, true],
    ['embed',                                 undefined, true],
    ['link[rel=stylesheet]',                  undefined, true],
    ['meta[name="x"]',                        undefined, true],
    ['base',                                  undefined, true],
    ['svg|script',                            undefined, true],
    ['svg script',                            undefined, true],
    ['scr\\69pt',                             undefined, true],   // an escape spelling script
    ['\\73 cript',                            undefined, true],
    ['div /**/script',                        undefined, true],   // a comment between the parts
    ['h1 + style',                            undefined, true],   // any compound part, not only the subject
    ['//script',                              'xpath',   true],
    ['/html/head/title',                      'xpath',   true],
    ['//*[self::style]',                      'xpath',   true],
    ['//*[local-name()="script"]',            'xpath',   true],
    // Left alone: names in classes, ids, attribute values and strings; words that contain a tag.
    ['#headline',                             undefined, false],
    ['h1',                                    undefined, false],
    ['.script',                               undefined, false],
    ['#style',                                undefined, false],
    ['[data-role="script"]',                  undefined, false],
    ['.my-script-box',                        undefined, false],
    ['div.a\\ script',                        undefined, false],  // one class, "a script"
    ['article > p:first-of-type',             undefined, false],
    ['.plans .annual',                        undefined, false],
    ['header',                                undefined, false],
    ['main',                                  undefined, false],
    ['//footer[@id="site-footer"]',           'xpath',   false],
    ['//div[@class="script-box"]',            'xpath',   false],
    ['//aside',                               'xpath',   false],
  ];

  it.each(CASES)('a variant change on %j (%s): refused %s', (selector, type, refused) => {
    expect(experiment(selector, type)).toEqual(refused ? { 'variants.1.changes.0.selector': CHANGE_MESSAGE } : {});
  });

  it.each(CASES)('a campaign container at %j (%s): refused %s', (selector, type, refused) => {
    expect(campaign(selector, type ?? 'css')).toEqual(refused ? { 'containers.0.selector': CONTAINER_MESSAGE } : {});
  });

  it('an XPath selector may not compare element names by string (concat() could spell any tag)', () => {
    expect(experiment('//*[local-name()=concat("scr","ipt")]', 'xpath')).toEqual({
      'variants.1.changes.0.selector': NAME_TEST_MESSAGE,
    });
    expect(experiment('//*[name( )="x"]', 'xpath')).toEqual({ 'variants.1.changes.0.selector': NAME_TEST_MESSAGE });
  });
});

describe('CTA design values', () => {
  it('accepts colours, lengths, font names and texts', () => {
    const design = {
      backgroundColor: '#fff',
      textColor: '#1a1a1aff',
      buttonColor: 'rgb(46, 125, 50)',
      buttonTextColor: 'rgba(0,0,0,.5)',
      background: 'hsl(120deg 50% 50%)',
      color: 'hsla(120, 50%, 50%, 0.3)',
      accentColor: 'RebeccaPurple',
      primaryColor: 'transparent',
      borderColor: 'rgb(0 0 0 / 50%)',
      fontFamily: '"Open Sans", Arial, sans-serif',
      borderRadius: 8,
      fontSize: '1.25rem',
      headline: 'Save 20% <today>; {really}',
      text: 'Any text: it is shown as text, never as CSS',
      buttonText: 'Go',
      thankYouMessage: 'Thanks, you are on the list.',
      align: 'center',
      shadow: true,
      columns: 2,
      unset: null,
      empty: '',
    };
    expect(cta({ design })).toEqual({});
    expect(cta({ design: null })).toEqual({});
  });

  // [key, value, the message under design.<key>]
  // prettier-ignore
  const REFUSED: readonly [string, unknown, string][] = [
    ['backgroundColor', 'url(https://evil.example/)',           COLOUR('backgroundColor')],
    ['backgroundColor', 'red;background:url(//evil.example/)',  COLOUR('backgroundColor')],
    ['background',      'expression(alert(1))',                 COLOUR('background')],
    ['textColor',       'rgb(url(x))',                          COLOUR('textColor')],
    ['buttonColor',     '@import "x"',                          COLOUR('buttonColor')],
    ['buttonTextColor', 'notacolour',                           COLOUR('buttonTextColor')],
    ['color',           '#12345',                               COLOUR('color')],
    ['accentColor',     7,                                      COLOUR('accentColor')],
    ['fontFamily',      'Arial;}body{background:url(x)',        FONT('fontFamily')],
    ['fontFamily',      'Arial</style><script>alert(1)</script>', FONT('fontFamily')],
    ['fontFamily',      '\\75rl(x)',                            FONT('fontFamily')],
    ['borderRadius',    'calc(1px + url(x))',                   LENGTH('borderRadius')],
    ['borderRadius',    '8 px',                                 LENGTH('borderRadius')],
    ['fontSize',        '{',                                    LENGTH('fontSize')],
    ['custom',          'url(https://evil.example/)',           OTHER('custom')],
    ['custom',          'a{}',                                  OTHER('custom')],
    ['custom',          { nested: 'x' },                        OTHER('custom')],
    ['headline',        7,                                      'Design: headline must be text of at most 2000 characters'],
  ];

  it.each(REFUSED)('refuses %s: %j', (key, value, message) => {
    expect(cta({ design: { [key]: value } })).toEqual({ [`design.${key}`]: message });
  });

  it('refuses keys that are not setting names, and more than 50 settings', () => {
    expect(cta({ design: { 'a b': '#fff' } })).toEqual({
      'design.a b': 'Design: "a b" is not a design setting (letters, digits, _ and -, at most 64)',
    });
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 1]));
    expect(cta({ design: many })).toEqual({ design: 'Design holds at most 50 settings' });
  });

  it('the starter templates still validate', () => {
    for (const { id, name, template } of STARTER_TEMPLATES) {
      expectWith(cta({ ...template, name }), id).toEqual({});
    }
  });
});

describe('custom CSS of popups and campaign containers', () => {
  // [css, refused]
  // prettier-ignore
  const CASES: readonly [string, boolean][] = [
    ['.x{}',                                                 false],
    ['.cro-cta{border:1px solid #ccc;box-shadow:0 1px 2px rgba(0,0,0,.2)}', false],
    ['@media (max-width:600px){.cro-cta{padding:8px}}',      false],
    ['@import "https://evil.example/x.css";',                true],
    ['@IMPORT url(x)',                                       true],
    ['.x{background:url(https://evil.example/?c=1)}',        true],
    ['.x{background:URL (x)}',                               true],
    ['.x{background-image:image-set("https://evil.example/a.png" 1x)}', true],
    ['.x{background:-webkit-image-set("a.png" 1x)}',         true],
    ['@font-face{src:src("x")}',                             true],
    ['.x{width:expression(alert(1))}',                       true],
    ['.x{background:\\75rl(x)}',                             true],
    ['.x{}</style><script>alert(1)</script>',                true],
    ['.x{behavior:url(x.htc)}',                              true],
  ];

  it.each(CASES)('a popup with customCss %j: refused %s', (css, refused) => {
    expect(cta({ popup: { ...POPUP, customCss: css } })).toEqual(refused ? { 'popup.customCss': CSS_MESSAGE } : {});
  });

  it.each(CASES)('a campaign container with customCss %j: refused %s', (css, refused) => {
    expect(campaign('#main', 'css', { customCss: css })).toEqual(
      refused ? { 'containers.0.customCss': CSS_MESSAGE } : {},
    );
  });
});
