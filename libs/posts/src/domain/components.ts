import { missing } from '#libs/platform/src/validation.js';

/**
 * The product components an editor inserts into a post's body (TipTap nodes of the console's
 * editor). The body's JSON document holds them as nodes with these `type`s and `attrs`; a save
 * whose components are incomplete is refused with the spec's wording where it has one.
 */
export const COMPONENT_TYPES = ['callToAction', 'productBox', 'faq', 'callout'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** The components' fields, labelled as their dialogs show them: "{component}: {label} is missing!". */
const COMPONENT_FIELD_LABELS = {
  callToAction: { text: 'Button text', url: 'Link' },
  productBox: { name: 'Product name' },
  callout: { text: 'Text' },
} as const;
const missingIn = (component: string, label: string) => `${component}: ${missing(label)}`;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const isUrl = (value: string) => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

/** The first problem of one component's attributes, or null. */
export function componentProblem(type: ComponentType, attrs: Record<string, unknown>): string | null {
  switch (type) {
    case 'callToAction':
      if (!text(attrs.text)) return missingIn('Call to action', COMPONENT_FIELD_LABELS.callToAction.text);
      if (!text(attrs.url)) return missingIn('Call to action', COMPONENT_FIELD_LABELS.callToAction.url);
      if (!isUrl(text(attrs.url))) return 'Call to action: the link must be a valid URL';
      if (
        attrs.variant !== undefined &&
        attrs.variant !== null &&
        !['primary', 'secondary'].includes(String(attrs.variant))
      )
        return 'Call to action: the style must be primary or secondary';
      return null;
    case 'productBox': {
      if (!text(attrs.name)) return missingIn('Product box', COMPONENT_FIELD_LABELS.productBox.name);
      if (!text(attrs.url)) return 'Product call-to-action link missing';
      if (!isUrl(text(attrs.url))) return 'Product box: the link must be a valid URL';
      const rating = attrs.rating;
      if (
        rating !== null &&
        rating !== undefined &&
        rating !== '' &&
        !(typeof rating === 'number' && Number.isFinite(rating) && rating >= 0 && rating <= 5)
      ) {
        return 'Rating is entered 0 to 5';
      }
      return null;
    }
    case 'faq': {
      const items = attrs.items;
      if (!Array.isArray(items) || items.length === 0) return 'FAQ list is required';
      const complete = (item: unknown) =>
        !!item &&
        typeof item === 'object' &&
        !!text((item as Record<string, unknown>).question) &&
        !!text((item as Record<string, unknown>).answer);
      return items.every(complete) ? null : 'FAQ: every item needs a question and an answer';
    }
    case 'callout':
      if (!text(attrs.text)) return missingIn('Callout', COMPONENT_FIELD_LABELS.callout.text);
      if (attrs.tone !== undefined && attrs.tone !== null && !['info', 'tip', 'warning'].includes(String(attrs.tone)))
        return 'Callout: the tone must be info, tip or warning';
      return null;
  }
}

const MAX_DEPTH = 50;

/** The first problem of the components in a TipTap document (walked depth-first), or null. */
export function documentProblem(doc: unknown, depth = 0): string | null {
  if (!doc || typeof doc !== 'object' || depth > MAX_DEPTH) return null;
  const node = doc as { type?: unknown; attrs?: unknown; content?: unknown };
  if (typeof node.type === 'string' && (COMPONENT_TYPES as readonly string[]).includes(node.type)) {
    const attrs = node.attrs && typeof node.attrs === 'object' ? (node.attrs as Record<string, unknown>) : {};
    const problem = componentProblem(node.type as ComponentType, attrs);
    if (problem) return problem;
  }
  if (Array.isArray(node.content)) {
    for (const child of node.content) {
      const problem = documentProblem(child, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}
