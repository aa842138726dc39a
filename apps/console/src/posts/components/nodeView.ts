import type { NodeViewRenderer } from '@tiptap/core';
import { i18nProvider } from '../../i18n';
import {
  COMPONENTS,
  TONE_LABELS,
  VARIANT_LABELS,
  formatRating,
  type ComponentAttrsByType,
  type ComponentType,
} from './definitions';

/**
 * The card a component shows as in the editor: its kind, an Edit button and a summary of its
 * fields. Plain DOM (texts set with `textContent`, never as HTML); the stored HTML is the node's
 * `renderHTML`. A double-click or the Edit button sends EDIT_COMPONENT_EVENT up to the editor's
 * element, where the toolbar's InsertComponentButton opens the component's dialog.
 */
export const EDIT_COMPONENT_EVENT = 'post-component-edit';
export interface EditComponentDetail {
  /** The node's position in the document. */
  pos: number;
}

type Child = Node | string | null | false;

const el = (tag: string, className: string, ...children: Child[]): HTMLElement => {
  const element = document.createElement(tag);
  if (className) element.className = className;
  for (const child of children) {
    if (child === null || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
};

/** A text, or a grey "no …" where it is empty. */
const textOr = (tag: string, className: string, value: string, empty: string) =>
  value.trim() ? el(tag, className, value) : el(tag, `${className} post-component-empty`, empty);

/** The editor's cards are plain DOM (a TipTap node view): they read the messages file through the i18nProvider. */
const t = (key: string, options?: object) => i18nProvider.translate(key, options);

function meta(type: ComponentType, attrs: ComponentAttrsByType[ComponentType]): string {
  switch (type) {
    case 'callToAction':
      return t('console.components.button', {
        variant: t(VARIANT_LABELS[(attrs as ComponentAttrsByType['callToAction']).variant] ?? ''),
      });
    case 'productBox':
      return '';
    case 'faq':
      return t('console.components.questions', { smart_count: (attrs as ComponentAttrsByType['faq']).items.length });
    case 'callout':
      return t(TONE_LABELS[(attrs as ComponentAttrsByType['callout']).tone] ?? '');
  }
}

function body(type: ComponentType, attrs: ComponentAttrsByType[ComponentType]): HTMLElement {
  switch (type) {
    case 'callToAction': {
      const a = attrs as ComponentAttrsByType['callToAction'];
      const button = textOr('span', 'post-component-cta', a.text, t('console.components.empty.text'));
      button.dataset.variant = a.variant;
      return el(
        'div',
        'post-component-body',
        button,
        textOr('span', 'post-component-url', a.url, t('console.components.empty.link')),
      );
    }
    case 'productBox': {
      const a = attrs as ComponentAttrsByType['productBox'];
      return el(
        'div',
        'post-component-body',
        textOr('div', 'post-component-title', a.name, t('console.components.empty.name')),
        a.rating !== null && el('div', 'post-component-rating', `★ ${formatRating(a.rating)}`),
        a.summary.trim() !== '' && el('div', 'post-component-text', a.summary),
        el(
          'div',
          'post-component-link',
          t('console.components.productBox.seeProduct'),
          textOr('span', 'post-component-url', a.url, t('console.components.empty.link')),
        ),
      );
    }
    case 'faq': {
      const a = attrs as ComponentAttrsByType['faq'];
      if (a.items.length === 0)
        return el(
          'div',
          'post-component-body',
          el('span', 'post-component-empty', t('console.components.empty.questions')),
        );
      return el(
        'div',
        'post-component-body',
        el(
          'dl',
          'post-component-faq',
          ...a.items.flatMap((item) => [
            textOr('dt', '', item.question, t('console.components.empty.question')),
            textOr('dd', '', item.answer, t('console.components.empty.answer')),
          ]),
        ),
      );
    }
    case 'callout': {
      const a = attrs as ComponentAttrsByType['callout'];
      return el(
        'div',
        'post-component-body',
        textOr('div', 'post-component-text', a.text, t('console.components.empty.text')),
      );
    }
  }
}

export const componentNodeView =
  (type: ComponentType): NodeViewRenderer =>
  ({ node, getPos, editor }) => {
    const definition = COMPONENTS[type];
    const dom = el('div', 'post-component');
    dom.dataset.componentKind = type;
    let current = node;

    const requestEdit = () => {
      if (!editor.isEditable) return;
      const pos = getPos();
      if (typeof pos !== 'number') return;
      dom.dispatchEvent(new CustomEvent<EditComponentDetail>(EDIT_COMPONENT_EVENT, { bubbles: true, detail: { pos } }));
    };

    const render = () => {
      const attrs = current.attrs as ComponentAttrsByType[ComponentType];
      const edit = el('button', 'post-component-edit', t('console.components.edit')) as HTMLButtonElement;
      edit.type = 'button';
      edit.title = t(definition.titles.edit);
      edit.setAttribute('aria-label', edit.title);
      edit.addEventListener('click', (event) => {
        event.preventDefault();
        requestEdit();
      });
      const detail = meta(type, attrs);
      const head = el(
        'div',
        'post-component-head',
        el('span', 'post-component-label', t(definition.label)),
        detail && el('span', 'post-component-meta', detail),
        edit,
      );
      if (type === 'callout') dom.dataset.tone = (attrs as ComponentAttrsByType['callout']).tone;
      dom.replaceChildren(head, body(type, attrs));
    };

    dom.addEventListener('dblclick', (event) => {
      event.preventDefault();
      requestEdit();
    });
    render();

    return {
      dom,
      update: (updated) => {
        if (updated.type !== current.type) return false;
        current = updated;
        render();
        return true;
      },
      // The Edit button's own clicks: not a selection or a drag of the node.
      stopEvent: (event) => event.target instanceof Element && event.target.closest('.post-component-edit') !== null,
      ignoreMutation: () => true,
    };
  };
