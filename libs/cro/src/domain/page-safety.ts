/**
 * What the tracker may do on a customer's page (issue 25, "Script on customer pages"): the rules
 * the schemas of cro-fields.ts apply when a user saves a variant change, a campaign container, a
 * CTA's design or custom CSS, and (the regexes and `PROTECTED_SELECTOR`) the tracker itself at
 * render time, for records stored before the rules (apps/tracker/src). Pure: no DOM, no Nest.
 *
 * - **Protected elements.** The tracker never changes an element whose content is code or the
 *   document's head (`script`, `style`, `noscript`, `template`, `iframe`, `object`, `embed`,
 *   `title`, `head`, `link`, `base`, `meta`, and the obsolete `frame`, `frameset`, `noembed`,
 *   `noframes`), nor anything inside one, nor inserts a CTA beside one: setting a `<script>`'s text
 *   runs it, setting a `<style>`'s injects CSS. A selector that names such an element by its tag
 *   anywhere (`script`, `head > title`, `style#x`, `div script`, `:is(script)`, XPath `//script`)
 *   is refused on save. A selector can still match one without naming it (`#id`, `body > *`): the
 *   tracker checks the element it matched and its ancestors (`closest`) and skips it.
 * - **Design values** are CSS values the tracker sets as custom properties: colours (`#hex`,
 *   `rgb()`, `rgba()`, `hsl()`, `hsla()`, a colour name), lengths (a number, or a number with px,
 *   em, rem, %, vh or vw) and font names (letters, digits, spaces, hyphens, underscores, quotes
 *   and commas). None of these shapes can hold `url(`, `expression(`, `@import`, `\`, `;`, `{`,
 *   `}` or `<`. The design's texts (`headline`, `text`, `buttonText`, `thankYouMessage`,
 *   `thankYouText`) are texts: shown with textContent, never CSS.
 * - **Custom CSS** (a popup's, a campaign container's) is the tenant's CSS for its own site; it may
 *   not load anything nor leave its style element: no `<`, no `\` (escapes can spell `url(`), no
 *   `@import`, and no function that fetches (`url(`, `src(`, `image(`, `image-set(`,
 *   `cross-fade(`, `element(`) nor `expression(`, `javascript:`, `behavior`, `-moz-binding`.
 *   The tracker does not apply custom CSS at all today.
 */

/** The elements the tracker never changes, as a tag list. */
export const PROTECTED_ELEMENTS = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'title',
  'head',
  'link',
  'base',
  'meta',
  'frame',
  'frameset',
  'noembed',
  'noframes',
] as const;
/** The same as one CSS selector (the tracker's `closest` check). */
export const PROTECTED_SELECTOR =
  'script,style,noscript,template,iframe,object,embed,title,head,link,base,meta,frame,frameset,noembed,noframes';

// Module-level values here are literals only: the tracker bundles this file, and a literal it does
// not use is left out of it (a `new Set(...)` would not be).
const isProtected = (name: string) => (PROTECTED_ELEMENTS as readonly string[]).includes(name);

/** A selector's message: the field's label and what it may not target. */
export const protectedSelectorMessage = (label: string) =>
  `${label} must not target script, style, noscript, template, iframe, object, embed, title, head, link, base or meta elements (the tracker never changes them)`;
/** An XPath selector comparing element names by string could spell any tag: refused. */
export const xpathNameTestMessage = (label: string) =>
  `${label} must not test element names with name() or local-name()`;

/** The index after the string that opens at `start` (its quote), escapes skipped. */
function afterString(selector: string, start: number): number {
  const quote = selector[start];
  let i = start + 1;
  while (i < selector.length && selector[i] !== quote) i += selector[i] === '\\' ? 2 : 1;
  return i + 1;
}

/**
 * The type selectors (tag names, lower case) of a CSS selector, in every compound part and inside
 * functional pseudo-classes (`:is(script)`, `:not(style)`, `:has(> title)`). Strings, comments and
 * attribute selectors are left out; escapes are decoded (`scr\69pt` is `script`), an escaped character that
 * cannot be part of a name reads as `_` (so `.a\ script` is one class name).
 */
export function cssTypeSelectors(selector: string): string[] {
  let text = '';
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '\\') {
      const hex = /^([\da-fA-F]{1,6})\s?/.exec(selector.slice(i + 1, i + 8));
      let ch = selector[i + 1] ?? '';
      if (hex) {
        const code = parseInt(hex[1], 16);
        ch = code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '_';
        i += hex[0].length;
      } else i += 1;
      text += /^[\w-]$/.test(ch) ? ch : '_';
    } else if (c === '"' || c === "'") {
      i = afterString(selector, i) - 1;
      text += ' ';
    } else if (c === '/' && selector[i + 1] === '*') {
      const end = selector.indexOf('*/', i + 2);
      i = end < 0 ? selector.length : end + 1;
      text += ' ';
    } else if (c === '[') {
      let j = i + 1;
      while (j < selector.length && selector[j] !== ']')
        j = selector[j] === '"' || selector[j] === "'" ? afterString(selector, j) : j + 1;
      i = j;
      text += ' ';
    } else text += c;
  }
  // A name is a type selector where a compound part starts: at the start, after a combinator, a
  // comma, an opening parenthesis or a namespace bar.
  return [...text.matchAll(/(?:^|[\s>+~,(|])(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1].toLowerCase());
}

/** Whether a CSS or XPath selector names a protected element by its tag, or (XPath) by a name test. */
export function selectorProblem(selector: string, type: 'css' | 'xpath' | undefined, label: string): string | null {
  if (type === 'xpath') {
    // Every name, step or string alike: `//script`, `//head/title`, `//*[self::style]`, `//*[local-name()='script']`.
    const names = (selector.match(/[A-Za-z_][\w.-]*/g) ?? []).map((n) => n.toLowerCase());
    if (names.some((n) => isProtected(n))) return protectedSelectorMessage(label);
    if (/(?:^|[^\w.-])(?:local-)?name\s*\(/i.test(selector)) return xpathNameTestMessage(label);
    return null;
  }
  return cssTypeSelectors(selector).some((n) => isProtected(n)) ? protectedSelectorMessage(label) : null;
}

// --------------------------------------------------------------------------------------------
// Design values.

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`. */
export const HEX_COLOUR = /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
/** `rgb()`, `rgba()`, `hsl()`, `hsla()` of three or four numbers (commas, spaces or a slash between; %, deg, turn, rad). */
export const FUNCTION_COLOUR =
  /^(?:rgb|hsl)a?\(\s*[-+]?(?:\d+|\d*\.\d+)(?:%|deg|turn|rad)?(?:\s*[,/\s]\s*[-+]?(?:\d+|\d*\.\d+)%?){2,3}\s*\)$/i;
/** A number, or a number with px, em, rem, %, vh or vw. */
export const LENGTH = /^-?(?:\d+|\d*\.\d+)(?:px|em|rem|%|vh|vw)?$/i;
/** Font names: letters, digits, spaces, hyphens, underscores, quotes and commas. */
export const FONT_NAMES = /^[\w\s'",-]{1,200}$/;

/** The CSS colour keywords (CSS Color 4's named colours, and the keywords a colour property takes). */
const COLOUR_NAMES =
  ' aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue ' +
  'chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey ' +
  'darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray ' +
  'darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen ' +
  'fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender ' +
  'lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
  'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen ' +
  'magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen ' +
  'mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange ' +
  'orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
  'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue ' +
  'slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow ' +
  'yellowgreen transparent currentcolor inherit initial unset ';

/** Colours and lengths are short: the length is checked before any pattern runs. */
export const isColour = (value: string) =>
  value.length <= 64 &&
  (HEX_COLOUR.test(value) ||
    FUNCTION_COLOUR.test(value) ||
    (/^[a-z]+$/i.test(value) && COLOUR_NAMES.includes(` ${value.toLowerCase()} `)));
export const isLength = (value: string) => value.length <= 32 && LENGTH.test(value);
export const isFontNames = (value: string) => FONT_NAMES.test(value);

type DesignKind = 'colour' | 'length' | 'font' | 'text';

/** The design keys the console's CTA builder and the tracker use, and what each holds. */
function designKind(key: string): DesignKind | undefined {
  switch (key) {
    case 'backgroundColor':
    case 'background':
    case 'textColor':
    case 'color':
    case 'buttonColor':
    case 'buttonTextColor':
    case 'accentColor':
    case 'primaryColor':
    case 'borderColor':
      return 'colour';
    case 'fontFamily':
      return 'font';
    case 'borderRadius':
    case 'fontSize':
      return 'length';
    case 'headline':
    case 'text':
    case 'buttonText':
    case 'thankYouMessage':
    case 'thankYouText':
      return 'text';
    default:
      return undefined;
  }
}

export const MAX_DESIGN_KEYS = 50;
export const MAX_DESIGN_TEXT = 2000;
const DESIGN_KEY = /^[A-Za-z][\w-]{0,63}$/;

/**
 * What is wrong with one design setting, or null. Known keys by their kind; any other key holds a
 * number, true or false, or a string shaped as a colour, a length or a font name (a plain word
 * such as `center` or `bold` is one): never free CSS.
 */
export function designValueProblem(key: string, value: unknown, label: string): string | null {
  const name = `${label}: ${key}`;
  if (!DESIGN_KEY.test(key))
    return `${label}: "${key.slice(0, 64)}" is not a design setting (letters, digits, _ and -, at most 64)`;
  const kind = designKind(key);
  if (value === null || value === '') return null;
  if (kind === 'text')
    return typeof value === 'string' && value.length <= MAX_DESIGN_TEXT
      ? null
      : `${name} must be text of at most ${MAX_DESIGN_TEXT} characters`;
  if (kind === 'length' && typeof value === 'number')
    return Number.isFinite(value) && Math.abs(value) <= 10_000
      ? null
      : `${name} must be a length (a number, or a number with px, em, rem, %, vh or vw)`;
  if (kind === undefined && (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))))
    return null;
  const text = typeof value === 'string' ? value.trim() : null;
  switch (kind) {
    case 'colour':
      return text !== null && isColour(text)
        ? null
        : `${name} must be a colour (#hex, rgb(), rgba(), hsl(), hsla() or a colour name)`;
    case 'length':
      return text !== null && isLength(text)
        ? null
        : `${name} must be a length (a number, or a number with px, em, rem, %, vh or vw)`;
    case 'font':
      return text !== null && isFontNames(text)
        ? null
        : `${name} must be font names (letters, digits, spaces, hyphens, quotes and commas)`;
    default:
      return text !== null && (isColour(text) || isLength(text) || isFontNames(text))
        ? null
        : `${name} must be a colour, a length, a font name, a number or true/false`;
  }
}

/** Every problem of a design object, by key (at most `MAX_DESIGN_KEYS` keys). */
export function designProblems(
  design: Readonly<Record<string, unknown>>,
  label: string,
): Array<{ key: string | null; message: string }> {
  const entries = Object.entries(design);
  if (entries.length > MAX_DESIGN_KEYS)
    return [{ key: null, message: `${label} holds at most ${MAX_DESIGN_KEYS} settings` }];
  const problems: Array<{ key: string | null; message: string }> = [];
  for (const [key, value] of entries) {
    const message = designValueProblem(key, value, label);
    if (message) problems.push({ key, message });
  }
  return problems;
}

// --------------------------------------------------------------------------------------------
// Custom CSS.

const CSS_FORBIDDEN =
  /<|\\|@import|javascript:|behavior|-moz-binding|(?:url|src|image|image-set|cross-fade|element|expression)\s*\(/i;

export const customCssMessage = (label: string) =>
  `${label} must not contain "<", "\\", "@import" or url(), image-set(), src() or expression(): it may not load anything or leave its style element`;

/** What is wrong with a custom CSS text, or null. */
export const customCssProblem = (css: string, label: string): string | null =>
  CSS_FORBIDDEN.test(css) ? customCssMessage(label) : null;
