import { mergeAttributes, Node, type Attribute } from '@tiptap/core';
import {
  CALLOUT_TONES,
  COMPONENTS,
  isHttpUrl,
  formatRating,
  type CalloutTone,
  type ComponentAttrsByType,
  type ComponentType,
  type FaqItem,
} from './definitions';
import { componentNodeView } from './nodeView';

/**
 * The four product components as TipTap atom block nodes. `renderHTML` gives the stored HTML
 * (`<div data-component="…" data-…>` with a readable rendering inside, as DOM specs: TipTap
 * escapes the texts); `parseHTML` reads the `data-*` attributes back, so HTML → node → HTML
 * round-trips. In the editor each shows as a card (a plain DOM node view, see nodeView.ts).
 */

/** ProseMirror's DOM output spec: a text, or `[tag, attrs?, ...children]`. */
type DOMOutputSpec = string | readonly [string, ...any[]];

const text = (value: string | null | undefined) => value ?? '';
/** The link's href only when it is an http(s) URL: a stored `javascript:` never becomes a link. */
const href = (url: string) => (isHttpUrl(url) ? { href: url } : {});

/** A `data-{name}` text attribute. */
const dataText = (name: string): Attribute => ({
  default: '',
  parseHTML: (element) => text(element.getAttribute(`data-${name}`)),
  renderHTML: (attrs) => ({ [`data-${name}`]: text(attrs[name] as string | null) }),
});

const parseRating = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const rating = Number(value);
  return Number.isFinite(rating) ? rating : null;
};

/** FAQ rows from `data-items`, or from the `<dt>`/`<dd>` pairs when it is missing or broken. */
const parseItems = (element: HTMLElement): FaqItem[] => {
  const raw = element.getAttribute('data-items');
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) {
        return parsed
          .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
          .map((item) => ({ question: String(item.question ?? ''), answer: String(item.answer ?? '') }));
      }
    } catch {
      // fall through to the list
    }
  }
  return Array.from(element.querySelectorAll('dt')).map((dt) => {
    const dd = dt.nextElementSibling;
    return { question: dt.textContent ?? '', answer: dd?.tagName === 'DD' ? (dd.textContent ?? '') : '' };
  });
};

interface ComponentNodeSpec<T extends ComponentType> {
  type: T;
  /** The stored element: `div`, or `aside` for the callout. */
  tag: string;
  /** Other tags it is also read from. */
  alsoFrom?: string[];
  attributes: { [K in keyof ComponentAttrsByType[T]]: Attribute };
  /** What the stored element holds: a readable rendering of the attributes. */
  inner(attrs: ComponentAttrsByType[T]): DOMOutputSpec[];
}

function componentNode<T extends ComponentType>(spec: ComponentNodeSpec<T>) {
  const definition = COMPONENTS[spec.type];
  const selector = (tag: string) => `${tag}[data-component="${definition.htmlName}"]`;
  return Node.create({
    name: spec.type,
    group: 'block',
    atom: true,
    draggable: true,
    selectable: true,
    addAttributes() {
      return spec.attributes as Record<string, Attribute>;
    },
    parseHTML() {
      return [spec.tag, ...(spec.alsoFrom ?? [])].map((tag) => ({ tag: selector(tag), priority: 60 }));
    },
    renderHTML({ node, HTMLAttributes }) {
      return [
        spec.tag,
        mergeAttributes({ 'data-component': definition.htmlName }, HTMLAttributes),
        ...spec.inner(node.attrs as ComponentAttrsByType[T]),
      ] as readonly [string, ...unknown[]];
    },
    renderText({ node }) {
      return componentText(spec.type, node.attrs as ComponentAttrsByType[T]);
    },
    addNodeView() {
      return componentNodeView(spec.type);
    },
  });
}

/** The component as plain text (copy as text, `editor.getText()`). */
function componentText(type: ComponentType, attrs: ComponentAttrsByType[ComponentType]): string {
  switch (type) {
    case 'callToAction':
      return (attrs as ComponentAttrsByType['callToAction']).text;
    case 'productBox': {
      const a = attrs as ComponentAttrsByType['productBox'];
      return [a.name, a.rating === null ? '' : formatRating(a.rating), a.summary].filter(Boolean).join('\n');
    }
    case 'faq':
      return (attrs as ComponentAttrsByType['faq']).items.map((item) => `${item.question}\n${item.answer}`).join('\n');
    case 'callout':
      return (attrs as ComponentAttrsByType['callout']).text;
  }
}

export const CallToActionNode = componentNode({
  type: 'callToAction',
  tag: 'div',
  attributes: {
    text: dataText('text'),
    url: dataText('url'),
    variant: {
      default: 'primary',
      parseHTML: (element) => (element.getAttribute('data-variant') === 'secondary' ? 'secondary' : 'primary'),
      renderHTML: (attrs) => ({ 'data-variant': attrs.variant === 'secondary' ? 'secondary' : 'primary' }),
    },
  },
  inner: (a) => [['a', href(a.url), text(a.text)]],
});

export const ProductBoxNode = componentNode({
  type: 'productBox',
  tag: 'div',
  attributes: {
    name: dataText('name'),
    url: dataText('url'),
    rating: {
      default: null,
      parseHTML: (element) => parseRating(element.getAttribute('data-rating')),
      renderHTML: (attrs) => ({ 'data-rating': typeof attrs.rating === 'number' ? String(attrs.rating) : null }),
    },
    summary: dataText('summary'),
  },
  inner: (a) => [
    ['p', ['strong', text(a.name)]],
    ...(typeof a.rating === 'number' ? [['p', formatRating(a.rating)] as DOMOutputSpec] : []),
    ...(a.summary ? [['p', a.summary] as DOMOutputSpec] : []),
    ['p', ['a', href(a.url), 'See the product']],
  ],
});

export const FaqNode = componentNode({
  type: 'faq',
  tag: 'div',
  attributes: {
    items: {
      default: [],
      parseHTML: parseItems,
      renderHTML: (attrs) => ({
        'data-items': JSON.stringify(
          ((attrs.items ?? []) as FaqItem[]).map((item) => ({ question: item.question, answer: item.answer })),
        ),
      }),
    },
  },
  inner: (a) => [
    [
      'dl',
      {},
      ...(a.items ?? []).flatMap((item): DOMOutputSpec[] => [
        ['dt', text(item.question)],
        ['dd', text(item.answer)],
      ]),
    ],
  ],
});

export const CalloutNode = componentNode({
  type: 'callout',
  tag: 'aside',
  alsoFrom: ['div'],
  attributes: {
    tone: {
      default: 'info',
      parseHTML: (element) => {
        const tone = element.getAttribute('data-tone');
        return CALLOUT_TONES.includes(tone as CalloutTone) ? tone : 'info';
      },
      renderHTML: (attrs) => ({ 'data-tone': attrs.tone }),
    },
    text: {
      default: '',
      // The text is the element's content, not a data attribute.
      rendered: false,
      parseHTML: (element) => element.textContent ?? '',
    },
  },
  inner: (a) => [text(a.text)],
});

/** The editor extensions of the four components. */
export const COMPONENT_NODES = [CallToActionNode, ProductBoxNode, FaqNode, CalloutNode];
