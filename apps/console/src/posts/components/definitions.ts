import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * The product components a writer inserts into a post's body: TipTap atom block nodes whose
 * `type` and `attrs` the API validates in `richText.json` (libs/posts/src/domain/components.ts).
 */
export type CtaVariant = 'primary' | 'secondary';
export type CalloutTone = 'info' | 'tip' | 'warning';

export interface CallToActionAttrs {
  text: string;
  url: string;
  variant: CtaVariant;
}
export interface ProductBoxAttrs {
  name: string;
  url: string;
  /** 0 to 5, or none. */
  rating: number | null;
  summary: string;
}
export interface FaqItem {
  question: string;
  answer: string;
}
export interface FaqAttrs {
  items: FaqItem[];
}
export interface CalloutAttrs {
  tone: CalloutTone;
  text: string;
}

export interface ComponentAttrsByType {
  callToAction: CallToActionAttrs;
  productBox: ProductBoxAttrs;
  faq: FaqAttrs;
  callout: CalloutAttrs;
}
export type ComponentType = keyof ComponentAttrsByType;
export type AnyComponentAttrs = ComponentAttrsByType[ComponentType];

/** One problem of a component's attributes: the API's message, and the field it is about. */
export interface ComponentProblem {
  field: string;
  message: string;
}

export interface ComponentDefinition<T extends ComponentType = ComponentType> {
  type: T;
  /** The menu's and the card's name of it. */
  label: string;
  /** The dialog's titles. */
  titles: { insert: string; edit: string };
  /** `data-component` in the HTML. */
  htmlName: string;
  icon: SvgIconComponent;
  defaults(): ComponentAttrsByType[T];
  /** Trimmed texts, FAQ rows with neither a question nor an answer left out. */
  normalize(attrs: ComponentAttrsByType[T]): ComponentAttrsByType[T];
  /** Every problem, in the API's order and with its messages (the API answers the first with a 422). */
  validate(attrs: ComponentAttrsByType[T]): ComponentProblem[];
}

export const CTA_VARIANTS: readonly CtaVariant[] = ['primary', 'secondary'];
export const CALLOUT_TONES: readonly CalloutTone[] = ['info', 'tip', 'warning'];
/** Message keys of the tones and button styles. */
export const TONE_LABELS: Record<CalloutTone, string> = {
  info: 'console.components.tones.info',
  tip: 'console.components.tones.tip',
  warning: 'console.components.tones.warning',
};
export const VARIANT_LABELS: Record<CtaVariant, string> = {
  primary: 'console.components.variants.primary',
  secondary: 'console.components.variants.secondary',
};

/** http or https, the way the API checks it. */
export const isHttpUrl = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

const problems = (...list: (ComponentProblem | false)[]): ComponentProblem[] =>
  list.filter((p): p is ComponentProblem => p !== false);

export const callToAction: ComponentDefinition<'callToAction'> = {
  type: 'callToAction',
  titles: { insert: 'console.components.callToAction.insert', edit: 'console.components.callToAction.edit' },
  label: 'console.components.callToAction.label',
  htmlName: 'call-to-action',
  icon: CampaignOutlined,
  defaults: () => ({ text: '', url: '', variant: 'primary' }),
  normalize: (a) => ({
    text: a.text.trim(),
    url: a.url.trim(),
    variant: a.variant === 'secondary' ? 'secondary' : 'primary',
  }),
  validate: (a) =>
    problems(
      !a.text.trim() && { field: 'text', message: 'console.components.callToAction.problems.text' },
      !a.url.trim() && { field: 'url', message: 'console.components.callToAction.problems.url' },
      !!a.url.trim() &&
        !isHttpUrl(a.url.trim()) && { field: 'url', message: 'console.components.callToAction.problems.urlInvalid' },
    ),
};

export const productBox: ComponentDefinition<'productBox'> = {
  type: 'productBox',
  titles: { insert: 'console.components.productBox.insert', edit: 'console.components.productBox.edit' },
  label: 'console.components.productBox.label',
  htmlName: 'product-box',
  icon: ShoppingBagOutlined,
  defaults: () => ({ name: '', url: '', rating: null, summary: '' }),
  normalize: (a) => ({ name: a.name.trim(), url: a.url.trim(), rating: a.rating, summary: a.summary.trim() }),
  validate: (a) =>
    problems(
      !a.name.trim() && { field: 'name', message: 'console.components.productBox.problems.name' },
      !a.url.trim() && { field: 'url', message: 'console.components.productBox.problems.url' },
      !!a.url.trim() &&
        !isHttpUrl(a.url.trim()) && { field: 'url', message: 'console.components.productBox.problems.urlInvalid' },
      a.rating !== null &&
        !(Number.isFinite(a.rating) && a.rating >= 0 && a.rating <= 5) && {
          field: 'rating',
          message: 'console.components.productBox.problems.rating',
        },
    ),
};

export const faq: ComponentDefinition<'faq'> = {
  type: 'faq',
  titles: { insert: 'console.components.faq.insert', edit: 'console.components.faq.edit' },
  label: 'console.components.faq.label',
  htmlName: 'faq',
  icon: QuizOutlined,
  defaults: () => ({ items: [{ question: '', answer: '' }] }),
  normalize: (a) => ({
    items: a.items
      .map((item) => ({ question: item.question.trim(), answer: item.answer.trim() }))
      .filter((item) => item.question || item.answer),
  }),
  validate: (a) =>
    problems(
      a.items.length === 0 && { field: 'items', message: 'console.components.faq.problems.items' },
      a.items.some((item) => !item.question.trim() || !item.answer.trim()) && {
        field: 'items',
        message: 'console.components.faq.problems.incomplete',
      },
    ),
};

export const callout: ComponentDefinition<'callout'> = {
  type: 'callout',
  titles: { insert: 'console.components.callout.insert', edit: 'console.components.callout.edit' },
  label: 'console.components.callout.label',
  htmlName: 'callout',
  icon: InfoOutlined,
  defaults: () => ({ tone: 'info', text: '' }),
  normalize: (a) => ({ tone: CALLOUT_TONES.includes(a.tone) ? a.tone : 'info', text: a.text.trim() }),
  validate: (a) => problems(!a.text.trim() && { field: 'text', message: 'console.components.callout.problems.text' }),
};

export const COMPONENTS: { [T in ComponentType]: ComponentDefinition<T> } = { callToAction, productBox, faq, callout };
/** In the Insert menu's order. */
export const COMPONENT_LIST: ComponentDefinition[] = [callToAction, productBox, faq, callout] as ComponentDefinition[];

export const isComponentType = (value: unknown): value is ComponentType =>
  typeof value === 'string' && value in COMPONENTS;

/** The problems of a component of any type (the definitions are typed per component). */
export const validateComponent = <T extends ComponentType>(
  type: T,
  attrs: ComponentAttrsByType[T],
): ComponentProblem[] => (COMPONENTS[type] as ComponentDefinition<T>).validate(attrs);
export const normalizeComponent = <T extends ComponentType>(
  type: T,
  attrs: ComponentAttrsByType[T],
): ComponentAttrsByType[T] => (COMPONENTS[type] as ComponentDefinition<T>).normalize(attrs);

/** "4.5 / 5" */
export const formatRating = (rating: number) => `${rating} / 5`;
