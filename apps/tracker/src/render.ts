// Rendering a CTA: its items (a form when it has inputs), and the three ways it is placed: a
// floating popup (modal, slide_in, pane) or bar, or inline above/below a container's selector.
// Every text from the API goes in with textContent (an `html` item too): no markup is injected.
import { formFieldName } from '../../../libs/cro/src/domain/submission-fields.js';
import { FONT_NAMES, LENGTH } from '../../../libs/cro/src/domain/page-safety.js';
import { ensureStyle } from './styles.js';
import { arr, isObj, mayChange, num, type Obj, objs, query, safe, str } from './util.js';

/** What a rendered CTA reports; the preview passes no-ops. */
export interface Hooks {
  click(): void;
  /** The form's values by field name (checkboxes "true" or "false"). */
  submit(fields: Record<string, string>): void;
  close(): void;
}

export const REQUIRED_MESSAGE = 'Please fill all fields marked in red';
const THANKS = 'Thank you!';

/** Item types, with the aliases an editor might send, mapped to what is rendered. */
const INPUTS: ReadonlyMap<string, string> = new Map([
  ['short_text', 'text'],
  ['text', 'text'],
  ['long_text', 'textarea'],
  ['textarea', 'textarea'],
  ['email', 'email'],
  ['url', 'url'],
  ['phone', 'tel'],
  ['tel', 'tel'],
  ['date', 'date'],
  ['hidden', 'hidden'],
  ['checkbox', 'checkbox'],
  ['consent', 'checkbox'],
  ['dropdown', 'select'],
  ['select', 'select'],
  ['country', 'text'],
  ['numbers', 'number'],
  ['number', 'number'],
]);

const kindOf = (item: Obj) => (str(item.type) ?? '').toLowerCase().replace(/[\s-]+/g, '_');
const isInput = (item: Obj) => INPUTS.has(kindOf(item));

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

const textOf = (item: Obj) =>
  str(item.label) ?? str(item.text) ?? str(item.content) ?? str(item.html) ?? str(item.value) ?? '';

/** An http(s) URL, or undefined (javascript: and the like are never linked). */
function safeUrl(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  try {
    const u = new URL(s, location.href);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

let uid = 0;

/**
 * A colour's shape, looser than the API's (libs/cro/src/domain/page-safety.ts) but as safe: #hex, a
 * word, or rgb()/rgba()/hsl()/hsla() of numbers, units and separators; `url(`, `;`, `{` never pass.
 */
const COLOUR = /^(#[\da-f]{3,8}|[a-z]{3,30}|(rgb|hsl)a?\([\w\s.,%/+-]*\))$/i;

/**
 * Design settings become custom properties of the CTA's root (set through the CSSOM), each only
 * when it has its shape (libs/cro/src/domain/page-safety.ts): a record stored before the API
 * checked them may hold `url(...)` or the like, which never reaches the page.
 */
function applyDesign(root: HTMLElement, design: unknown): void {
  if (!isObj(design)) return;
  const radius = num(design.borderRadius);
  const pairs: Array<[string, unknown, RegExp]> = [
    ['--cro-bg', design.backgroundColor ?? design.background, COLOUR],
    ['--cro-fg', design.textColor ?? design.color, COLOUR],
    ['--cro-accent', design.buttonColor ?? design.accentColor ?? design.primaryColor, COLOUR],
    ['--cro-accent-fg', design.buttonTextColor, COLOUR],
    ['--cro-font', design.fontFamily, FONT_NAMES],
    ['--cro-r', radius !== undefined ? `${radius}px` : design.borderRadius, LENGTH],
  ];
  for (const [name, value, shape] of pairs) {
    const v = str(value)?.trim();
    if (v && shape.test(v)) root.style.setProperty(name, v);
  }
}

interface Field {
  name: string;
  required: boolean;
  kind: string;
  control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  box: HTMLElement;
}

function fieldFor(item: Obj, index: number, fields: Field[]): HTMLElement | null {
  const kind = INPUTS.get(kindOf(item)) ?? 'text';
  const label = str(item.label) ?? '';
  // The server's own rule: it keeps only the fields of these names (libs/cro/src/domain/submission-fields.ts).
  const name = formFieldName({ name: str(item.name), label }, index);
  const required = item.required === true;
  const id = `cro-${++uid}`;
  if (kind === 'hidden') {
    const input = el('input');
    input.type = 'hidden';
    input.name = name;
    input.value = str(item.value) ?? '';
    fields.push({ name, required: false, kind, control: input, box: input });
    return input;
  }
  const box = el('div', 'cro-f');
  const mark = required ? ' *' : '';
  let control: Field['control'];
  if (kind === 'checkbox') {
    const wrap = el('label', 'cro-ck');
    control = el('input');
    control.type = 'checkbox';
    wrap.append(control, el('span', '', (label || textOf(item)) + mark));
    box.append(wrap);
  } else {
    box.append(el('label', 'cro-l', label + mark));
    if (kind === 'textarea') {
      control = el('textarea', 'cro-i');
      control.rows = 4;
    } else if (kind === 'select') {
      const select = el('select', 'cro-i');
      select.append(el('option', '', str(item.placeholder) ?? ''));
      for (const option of arr(item.options)) {
        const o = el('option');
        o.value = isObj(option) ? (str(option.value) ?? str(option.label) ?? '') : (str(option) ?? '');
        o.textContent = isObj(option) ? (str(option.label) ?? o.value) : o.value;
        select.append(o);
      }
      control = select;
    } else {
      const input = el('input', 'cro-i');
      input.type = kind;
      if (kindOf(item) === 'country') input.autocomplete = 'country-name';
      const placeholder = str(item.placeholder);
      if (placeholder) input.placeholder = placeholder;
      control = input;
    }
    box.firstElementChild?.setAttribute('for', id);
    box.append(control);
  }
  control.id = id;
  control.name = name;
  if (required) control.setAttribute('aria-required', 'true');
  fields.push({ name, required, kind, control, box });
  return box;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The CTA's content: its items, in a form when it has inputs. */
export function renderBody(cta: Obj, hooks: Hooks): HTMLElement {
  ensureStyle();
  const root = el('div', 'cro-cta');
  root.setAttribute('data-cro-cta', str(cta.id) ?? '');
  applyDesign(root, cta.design);
  const items = objs(cta.items);
  const hasForm = items.some(isInput);
  const form = hasForm ? el('form') : null;
  if (form) form.noValidate = true;
  const host: HTMLElement = form ?? root;
  const error = el('p', 'cro-err');
  error.setAttribute('role', 'alert');
  error.hidden = true;
  const fields: Field[] = [];

  items.forEach((item, index) => {
    const kind = kindOf(item);
    let node: HTMLElement | null = null;
    if (kind === 'heading') node = el('h2', 'cro-h', textOf(item));
    else if (kind === 'paragraph' || kind === 'html') node = el('p', 'cro-p', textOf(item));
    else if (kind === 'label') node = el('div', 'cro-l', textOf(item));
    else if (kind === 'button') {
      const href = safeUrl(item.url ?? item.href ?? item.link);
      const text = textOf(item) || (form ? 'Submit' : 'OK');
      if (href && !form) {
        const a = el('a', 'cro-b', text);
        a.href = href;
        node = a;
      } else {
        const b = el('button', 'cro-b', text);
        b.type = form ? 'submit' : 'button';
        node = b;
      }
    } else if (isInput(item)) node = fieldFor(item, index, fields);
    if (node) host.append(node);
  });

  // One click at most per impression (this drawing of the CTA): CTR never exceeds 100%. A form's
  // submit button counts when the form is sent (a press that fails validation is no click), and the
  // submission is its own event.
  let clicked = false;
  const click = () => {
    if (clicked) return;
    clicked = true;
    hooks.click();
  };
  root.addEventListener(
    'click',
    safe((e: Event) => {
      const button = e.target instanceof Element ? e.target.closest('.cro-b') : null;
      if (button && !(button instanceof HTMLButtonElement && button.type === 'submit')) click();
    }),
  );

  if (form) {
    form.prepend(error);
    form.addEventListener(
      'submit',
      safe((e: Event) => {
        e.preventDefault();
        const values: Array<[string, string]> = [];
        let bad = false;
        for (const f of fields) {
          const value =
            f.control instanceof HTMLInputElement && f.control.type === 'checkbox'
              ? f.control.checked
              : f.control.value.trim();
          const wrong =
            (f.required && (value === '' || value === false)) ||
            (f.kind === 'email' && typeof value === 'string' && value !== '' && !EMAIL.test(value));
          f.box.classList.toggle('cro-bad', wrong);
          f.control.setAttribute('aria-invalid', String(wrong));
          bad = bad || wrong;
          values.push([f.name, String(value).slice(0, 2000)]);
        }
        error.textContent = REQUIRED_MESSAGE;
        error.hidden = !bad;
        if (bad) return;
        click();
        hooks.submit(Object.fromEntries(values));
        const design = isObj(cta.design) ? cta.design : {};
        form.replaceWith(el('p', 'cro-ty', str(design.thankYouMessage) ?? str(design.thankYouText) ?? THANKS));
      }),
    );
    root.append(form);
  }
  return root;
}

const WIDTHS: ReadonlyMap<string, string> = new Map([
  ['full', '100%'],
  ['half', '50%'],
  ['third', '33.333%'],
  ['20%', '20%'],
]);

function closeButton(hooks: Hooks): HTMLButtonElement {
  const x = el('button', 'cro-x', '\u00d7');
  x.type = 'button';
  x.setAttribute('aria-label', 'Close');
  x.addEventListener(
    'click',
    safe(() => hooks.close()),
  );
  return x;
}

/**
 * A popup (`popup.layout` modal | slide_in | pane, default modal) or, for a CTA of type "bar", a
 * bar fixed at the top. Answers the nodes to append (backdrop first) to `parent`.
 */
export function renderFloating(cta: Obj, hooks: Hooks): HTMLElement[] {
  const popup = isObj(cta.popup) ? cta.popup : {};
  const root = renderBody(cta, hooks);
  const bar = cta.type === 'bar';
  const layout = str(popup.layout) ?? 'modal';
  const nodes: HTMLElement[] = [];
  if (popup.closeButton !== false) root.prepend(closeButton(hooks));
  if (bar) {
    root.classList.add('cro-bar');
    return [root];
  }
  root.classList.add('cro-pop');
  root.setAttribute('role', 'dialog');
  const heading = root.querySelector('.cro-h');
  root.setAttribute('aria-label', heading?.textContent || str(cta.name) || 'Dialog');
  const width = WIDTHS.get(str(popup.width) ?? '');
  if (width) root.style.width = width;
  const position = (str(popup.position) ?? '').toLowerCase();
  const offsets = isObj(popup.offsets) ? popup.offsets : {};
  const px = (v: unknown, d: number) => `${num(v) ?? d}px`;
  const s = root.style;
  if (layout === 'slide_in' || layout === 'pane') {
    root.classList.add(layout === 'pane' ? 'cro-pane' : 'cro-slide');
    const left = position.includes('left');
    if (left) s.left = px(offsets.left ?? offsets.x, layout === 'pane' ? 0 : 16);
    else s.right = px(offsets.right ?? offsets.x, layout === 'pane' ? 0 : 16);
    if (layout === 'slide_in') {
      if (position.includes('top')) s.top = px(offsets.top ?? offsets.y, 16);
      else s.bottom = px(offsets.bottom ?? offsets.y, 16);
    }
  } else {
    root.classList.add('cro-modal');
    root.setAttribute('aria-modal', 'true');
    if (popup.backdrop === true) {
      const backdrop = el('div', 'cro-bd');
      backdrop.addEventListener(
        'click',
        safe(() => hooks.close()),
      );
      nodes.push(backdrop);
    }
  }
  nodes.push(root);
  return nodes;
}

/** Inserts the CTA above or below the container's target; answers the inserted node or null. */
export function insertInline(cta: Obj, container: Obj, hooks: Hooks): HTMLElement | null {
  const target = query(container.selector, container.selectorType);
  if (!target || !target.parentNode || !mayChange(target)) return null;
  const root = renderBody(cta, hooks);
  root.classList.add('cro-inline');
  const margin = num(container.marginPx);
  if (margin !== undefined) root.style.margin = `${margin}px 0`;
  if (container.position === 'above') target.parentNode.insertBefore(root, target);
  else target.parentNode.insertBefore(root, target.nextSibling);
  return root;
}
