import sanitizeHtml from 'sanitize-html';

/**
 * Whether a link's address may stay: an absolute http(s) or mailto URL, a path on the same website
 * (exactly one leading `/`: `//host` and `/\host` lead to another website) or a `#fragment`.
 * Anything with a control character or a backslash is dropped (browsers strip or rewrite them).
 */
export function isSafeHref(href: string): boolean {
  if (/[\u0000-\u001f\u007f\\]/.test(href)) return false;
  const value = href.trim();
  if (value.startsWith('#')) return true;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^(https?|mailto):/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'mailto:' || ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '')
    );
  } catch {
    return false;
  }
}

/** A target that opens another browsing context (a new tab or a named window), which gets the opener. */
const opensNewContext = (target: string | undefined) =>
  target !== undefined && !['', '_self', '_parent', '_top'].includes(target.trim().toLowerCase());

/**
 * Links: an unsafe address is dropped (the text stays), `rel="opener"` is never kept, and a link
 * opened in a new tab or window carries `rel="noopener noreferrer"` (the opened page cannot reach
 * back into the website's page, nor learn its address).
 */
const transformLink: sanitizeHtml.Transformer = (tagName, attribs) => {
  const out: sanitizeHtml.Attributes = { ...attribs };
  if (out.href !== undefined && !isSafeHref(out.href)) delete out.href;
  const rel = new Set(
    (out.rel ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter((token) => token && token !== 'opener'),
  );
  if (opensNewContext(out.target)) {
    rel.add('noopener');
    rel.add('noreferrer');
  }
  if (rel.size) out.rel = [...rel].join(' ');
  else delete out.rel;
  return { tagName, attribs: out };
};

/**
 * What a post's body HTML may hold: what the console's editor (TipTap with ra-input-rich-text's
 * extensions and our components) produces, and nothing that runs. Scripts, event handlers,
 * frames, forms and links other than http(s), mailto, same-site paths and fragments are dropped,
 * wherever the HTML came from (the editor, the API, an import), because the HTML export and the
 * websites publish it as it is.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'mark',
    'span',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    // The product components (components.ts): <div|aside data-component="…" data-…> with a readable inside.
    'div',
    'aside',
    'dl',
    'dt',
    'dd',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start', 'type'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['style', 'data-*'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: transformLink },
  // Keep what TipTap writes byte for byte where it is allowed (no re-encoding of entities it did not need).
  parser: { decodeEntities: true },
};

/** The body HTML with everything outside the allowed editor output removed. */
export function sanitizeBodyHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
