import sanitizeHtml from 'sanitize-html';

/**
 * What a post's body HTML may hold: what the console's editor (TipTap with ra-input-rich-text's
 * extensions and our components) produces, and nothing that runs. Scripts, event handlers,
 * frames, forms and `javascript:` links are dropped, wherever the HTML came from (the editor, the
 * API, an import), because the HTML export and the websites publish it as it is.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's',
    'del', 'sub', 'sup', 'mark', 'span', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
    // The product components (components.ts): <div|aside data-component="…" data-…> with a readable inside.
    'div', 'aside', 'dl', 'dt', 'dd',
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
  // Keep what TipTap writes byte for byte where it is allowed (no re-encoding of entities it did not need).
  parser: { decodeEntities: true },
};

/** The body HTML with everything outside the allowed editor output removed. */
export function sanitizeBodyHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
