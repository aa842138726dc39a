// A post's body: the product components' validation (components.ts) and the links of the body HTML
// (body-html.ts). Every expected answer is written out here: the spec's wording where it has one
// (seed 000: "Product call-to-action link missing", "Rating is entered 0 to 5", "FAQ list is
// required"), the product's own messages otherwise.
import { describe, expect, it } from '@jest/globals';
import { componentProblem, documentProblem } from '#libs/posts/src/domain/components.js';
import { isSafeHref, sanitizeBodyHtml } from '#libs/posts/src/domain/body-html.js';
import { expectWith } from '../support/expect.js';

const URL_OK = 'https://shop.example/basil';

describe('call to action', () => {
  it('needs a text and a link; blank text is no text', () => {
    expect(componentProblem('callToAction', { url: URL_OK })).toBe('Call to action: Button text is missing!');
    expect(componentProblem('callToAction', { text: '   ', url: URL_OK })).toBe(
      'Call to action: Button text is missing!',
    );
    expect(componentProblem('callToAction', { text: 42, url: URL_OK })).toBe('Call to action: Button text is missing!');
    expect(componentProblem('callToAction', { text: 'Buy seeds' })).toBe('Call to action: Link is missing!');
    expect(componentProblem('callToAction', { text: 'Buy seeds', url: '  ' })).toBe('Call to action: Link is missing!');
  });

  it('the link is an absolute http or https URL', () => {
    expect(componentProblem('callToAction', { text: 'Buy seeds', url: 'http://shop.example/basil' })).toBeNull();
    expect(componentProblem('callToAction', { text: 'Buy seeds', url: 'HTTPS://shop.example/basil' })).toBeNull();
    expect(componentProblem('callToAction', { text: 'Buy seeds', url: '  https://shop.example/basil  ' })).toBeNull();
    for (const url of [
      'ftp://shop.example/https://x.example',
      'shop.example/http://x',
      '/basil',
      'https://',
      'http://exa mple.org',
      'javascript:alert(1)//https://x',
    ]) {
      expectWith(componentProblem('callToAction', { text: 'Buy seeds', url }), url).toBe(
        'Call to action: the link must be a valid URL',
      );
    }
  });

  it('the style is primary or secondary, or none', () => {
    expect(componentProblem('callToAction', { text: 'Buy seeds', url: URL_OK })).toBeNull();
    expect(componentProblem('callToAction', { text: 'Buy seeds', url: URL_OK, variant: null })).toBeNull();
    expect(componentProblem('callToAction', { text: 'Buy seeds', url: URL_OK, variant: 'primary' })).toBeNull();
    expect(componentProblem('callToAction', { text: 'Buy seeds', url: URL_OK, variant: 'secondary' })).toBeNull();
    expect(componentProblem('callToAction', { text: 'Buy seeds', url: URL_OK, variant: '' })).toBe(
      'Call to action: the style must be primary or secondary',
    );
    expect(componentProblem('callToAction', { text: 'Buy seeds', url: URL_OK, variant: 'Primary' })).toBe(
      'Call to action: the style must be primary or secondary',
    );
  });
});

describe('product box', () => {
  it('needs a name and a link (the spec: "Product call-to-action link missing")', () => {
    expect(componentProblem('productBox', { url: URL_OK })).toBe('Product box: Product name is missing!');
    expect(componentProblem('productBox', { name: ' ', url: URL_OK })).toBe('Product box: Product name is missing!');
    expect(componentProblem('productBox', { name: 'Basil seeds', url: '' })).toBe(
      'Product call-to-action link missing',
    );
    expect(componentProblem('productBox', { name: 'Basil seeds', url: 'ftp://shop.example/basil' })).toBe(
      'Product box: the link must be a valid URL',
    );
    expect(componentProblem('productBox', { name: 'Basil seeds', url: 'https://' })).toBe(
      'Product box: the link must be a valid URL',
    );
  });

  it('the rating is optional (absent, null or empty) and otherwise a number from 0 to 5', () => {
    for (const rating of [undefined, null, '', 0, 2.5, 5]) {
      expectWith(
        componentProblem('productBox', { name: 'Basil seeds', url: URL_OK, rating }),
        String(rating),
      ).toBeNull();
    }
    expect(componentProblem('productBox', { name: 'Basil seeds', url: URL_OK })).toBeNull();
    for (const rating of [
      -0.5,
      5.01,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      '3',
      true,
      [4],
      { value: 4 },
    ]) {
      expectWith(componentProblem('productBox', { name: 'Basil seeds', url: URL_OK, rating }), String(rating)).toBe(
        'Rating is entered 0 to 5',
      );
    }
  });
});

describe('FAQ', () => {
  it('needs a list with at least one item (the spec: "FAQ list is required")', () => {
    expect(componentProblem('faq', {})).toBe('FAQ list is required');
    expect(componentProblem('faq', { items: [] })).toBe('FAQ list is required');
    expect(componentProblem('faq', { items: { question: 'Q?', answer: 'A.' } })).toBe('FAQ list is required');
  });

  it('every item has a question and an answer', () => {
    const complete = [
      { question: 'How much light?', answer: 'Six hours.' },
      { question: 'How much water?', answer: 'Little and often.' },
    ];
    expect(componentProblem('faq', { items: complete })).toBeNull();
    const incomplete: unknown[] = [
      { question: 'How much light?' },
      { answer: 'Six hours.' },
      { question: '  ', answer: 'Six hours.' },
      { question: 'How much light?', answer: ' ' },
      null,
      'How much light?',
      7,
    ];
    for (const item of incomplete) {
      expectWith(componentProblem('faq', { items: [...complete, item] }), JSON.stringify(item)).toBe(
        'FAQ: every item needs a question and an answer',
      );
      expectWith(componentProblem('faq', { items: [item] }), JSON.stringify(item)).toBe(
        'FAQ: every item needs a question and an answer',
      );
    }
  });
});

describe('callout', () => {
  it('needs a text; its tone is info, tip or warning, or none', () => {
    expect(componentProblem('callout', {})).toBe('Callout: Text is missing!');
    expect(componentProblem('callout', { text: ' ', tone: 'info' })).toBe('Callout: Text is missing!');
    expect(componentProblem('callout', { text: 'Water in the morning.' })).toBeNull();
    expect(componentProblem('callout', { text: 'Water in the morning.', tone: null })).toBeNull();
    for (const tone of ['info', 'tip', 'warning'])
      expectWith(componentProblem('callout', { text: 'Water in the morning.', tone }), tone).toBeNull();
    for (const tone of ['', 'danger', 'Info']) {
      expectWith(componentProblem('callout', { text: 'Water in the morning.', tone }), tone).toBe(
        'Callout: the tone must be info, tip or warning',
      );
    }
  });
});

describe('components in a TipTap document', () => {
  const paragraph = { type: 'paragraph', content: [{ type: 'text', text: 'Basil likes sun.' }] };
  const goodCallout = { type: 'callout', attrs: { text: 'Water in the morning.', tone: 'tip' } };

  it('complete components pass; their attributes are read from attrs', () => {
    const doc = {
      type: 'doc',
      content: [
        paragraph,
        goodCallout,
        { type: 'callToAction', attrs: { text: 'Buy seeds', url: URL_OK, variant: 'primary' } },
        { type: 'productBox', attrs: { name: 'Basil seeds', url: URL_OK, rating: 4 } },
        { type: 'faq', attrs: { items: [{ question: 'How much light?', answer: 'Six hours.' }] } },
      ],
    };
    expect(documentProblem(doc)).toBeNull();
  });

  it('a component without attrs (absent, null or not an object) has nothing filled in', () => {
    expect(documentProblem({ type: 'doc', content: [paragraph, { type: 'callout' }] })).toBe(
      'Callout: Text is missing!',
    );
    expect(documentProblem({ type: 'doc', content: [{ type: 'callout', attrs: null }] })).toBe(
      'Callout: Text is missing!',
    );
    expect(documentProblem({ type: 'doc', content: [{ type: 'faq', attrs: 'items' }] })).toBe('FAQ list is required');
    expect(documentProblem({ type: 'doc', content: [{ type: 'productBox', attrs: 5 }] })).toBe(
      'Product box: Product name is missing!',
    );
  });

  it("the first problem in document order wins, and a component's own content is walked too", () => {
    const doc = {
      type: 'doc',
      content: [
        goodCallout,
        { type: 'blockquote', content: [{ type: 'callToAction', attrs: { text: 'Buy seeds' } }] },
        { type: 'callout', attrs: {} },
      ],
    };
    expect(documentProblem(doc)).toBe('Call to action: Link is missing!');
    // The API accepts any document: a valid component holding an invalid one is still refused.
    expect(
      documentProblem({ type: 'doc', content: [{ ...goodCallout, content: [{ type: 'faq', attrs: { items: [] } }] }] }),
    ).toBe('FAQ list is required');
  });

  it('nodes of other types are not components, whatever their attrs', () => {
    expect(
      documentProblem({
        type: 'doc',
        content: [
          { type: 'Callout', attrs: {} },
          { type: 'image', attrs: { src: 'x' } },
          { type: 7, attrs: {} },
        ],
      }),
    ).toBeNull();
    expect(documentProblem('callout')).toBeNull();
    expect(documentProblem(undefined)).toBeNull();
  });

  it('walks 50 levels deep and no deeper', () => {
    const nested = (levels: number) => {
      let node: Record<string, unknown> = { type: 'callout', attrs: {} };
      for (let i = 0; i < levels; i++) node = { type: 'blockquote', content: [node] };
      return node;
    };
    // The callout 50 levels below the root is checked; 51 levels below it is not reached.
    expect(documentProblem(nested(50))).toBe('Callout: Text is missing!');
    expect(documentProblem(nested(51))).toBeNull();
  });
});

describe('links of the body HTML', () => {
  it('an address is read without its surrounding spaces', () => {
    for (const href of [' https://example.org ', '  /about', ' #top', '\u0020mailto:a@example.org'])
      expectWith(isSafeHref(href), JSON.stringify(href)).toBe(true);
    for (const href of [' //evil.example', ' about.html'])
      expectWith(isSafeHref(href), JSON.stringify(href)).toBe(false);
  });

  it('an address the sanitiser would keep but that is not a safe link is dropped, the text stays', () => {
    expect(sanitizeBodyHtml('<p><a href="https://">empty host</a></p>')).toBe('<p><a>empty host</a></p>');
    expect(sanitizeBodyHtml('<p><a href="about.html">relative</a></p>')).toBe('<p><a>relative</a></p>');
    expect(sanitizeBodyHtml('<p><a href="/about">same site</a></p>')).toBe('<p><a href="/about">same site</a></p>');
  });

  it('a link without an address keeps its other attributes', () => {
    expect(sanitizeBodyHtml('<p><a title="Basil">no address</a></p>')).toBe('<p><a title="Basil">no address</a></p>');
  });

  it('rel values other than opener are kept, in order, lower-cased', () => {
    expect(sanitizeBodyHtml('<a href="https://example.org" rel="nofollow">x</a>')).toBe(
      '<a href="https://example.org" rel="nofollow">x</a>',
    );
    expect(sanitizeBodyHtml('<a href="https://example.org" rel="NoFollow  opener ugc">x</a>')).toBe(
      '<a href="https://example.org" rel="nofollow ugc">x</a>',
    );
    expect(sanitizeBodyHtml('<a href="https://example.org" rel="sponsored" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" rel="sponsored noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('targets that stay in the same browsing context get no rel', () => {
    for (const target of ['_self', '_parent', '_top', ' _top ', '_PARENT', ' _self']) {
      expectWith(sanitizeBodyHtml(`<a href="https://example.org" target="${target}">x</a>`), target).toBe(
        `<a href="https://example.org" target="${target}">x</a>`,
      );
    }
    // An empty target is the same browsing context too (the sanitiser drops the empty attribute).
    expect(sanitizeBodyHtml('<a href="https://example.org" target="">x</a>')).toBe(
      '<a href="https://example.org">x</a>',
    );
    for (const target of ['_blank', 'preview', ' _blank ']) {
      expectWith(sanitizeBodyHtml(`<a href="https://example.org" target="${target}">x</a>`), target).toBe(
        `<a href="https://example.org" target="${target}" rel="noopener noreferrer">x</a>`,
      );
    }
  });
});
