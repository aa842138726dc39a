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
export const TONE_LABELS: Record<CalloutTone, string> = { info: 'Info', tip: 'Tip', warning: 'Warning' };
export const VARIANT_LABELS: Record<CtaVariant, string> = { primary: 'Primary', secondary: 'Secondary' };

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

const problems = (...list: (ComponentProblem | false)[]): ComponentProblem[] => list.filter((p): p is ComponentProblem => p !== false);

export const callToAction: ComponentDefinition<'callToAction'> = {
  type: 'callToAction',
  titles: { insert: 'Insert a call to action', edit: 'Edit the call to action' },
  label: 'Call to action',
  htmlName: 'call-to-action',
  icon: CampaignOutlined,
  defaults: () => ({ text: '', url: '', variant: 'primary' }),
  normalize: (a) => ({ text: a.text.trim(), url: a.url.trim(), variant: a.variant === 'secondary' ? 'secondary' : 'primary' }),
  validate: (a) =>
    problems(
      !a.text.trim() && { field: 'text', message: 'Call to action: text is missing!' },
      !a.url.trim() && { field: 'url', message: 'Call to action: link is missing!' },
      !!a.url.trim() && !isHttpUrl(a.url.trim()) && { field: 'url', message: 'Call to action: the link must be a valid URL' },
    ),
};

export const productBox: ComponentDefinition<'productBox'> = {
  type: 'productBox',
  titles: { insert: 'Insert a product box', edit: 'Edit the product box' },
  label: 'Product box',
  htmlName: 'product-box',
  icon: ShoppingBagOutlined,
  defaults: () => ({ name: '', url: '', rating: null, summary: '' }),
  normalize: (a) => ({ name: a.name.trim(), url: a.url.trim(), rating: a.rating, summary: a.summary.trim() }),
  validate: (a) =>
    problems(
      !a.name.trim() && { field: 'name', message: 'Product box: name is missing!' },
      !a.url.trim() && { field: 'url', message: 'Product call-to-action link missing' },
      !!a.url.trim() && !isHttpUrl(a.url.trim()) && { field: 'url', message: 'Product box: the link must be a valid URL' },
      a.rating !== null && !(Number.isFinite(a.rating) && a.rating >= 0 && a.rating <= 5) && { field: 'rating', message: 'Rating is entered 0 to 5' },
    ),
};

export const faq: ComponentDefinition<'faq'> = {
  type: 'faq',
  titles: { insert: 'Insert an FAQ', edit: 'Edit the FAQ' },
  label: 'FAQ',
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
      a.items.length === 0 && { field: 'items', message: 'FAQ list is required' },
      a.items.some((item) => !item.question.trim() || !item.answer.trim()) && {
        field: 'items',
        message: 'FAQ: every item needs a question and an answer',
      },
    ),
};

export const callout: ComponentDefinition<'callout'> = {
  type: 'callout',
  titles: { insert: 'Insert a callout', edit: 'Edit the callout' },
  label: 'Callout',
  htmlName: 'callout',
  icon: InfoOutlined,
  defaults: () => ({ tone: 'info', text: '' }),
  normalize: (a) => ({ tone: CALLOUT_TONES.includes(a.tone) ? a.tone : 'info', text: a.text.trim() }),
  validate: (a) => problems(!a.text.trim() && { field: 'text', message: 'Callout: text is missing!' }),
};

export const COMPONENTS: { [T in ComponentType]: ComponentDefinition<T> } = { callToAction, productBox, faq, callout };
/** In the Insert menu's order. */
export const COMPONENT_LIST: ComponentDefinition[] = [callToAction, productBox, faq, callout] as ComponentDefinition[];

export const isComponentType = (value: unknown): value is ComponentType => typeof value === 'string' && value in COMPONENTS;

/** The problems of a component of any type (the definitions are typed per component). */
export const validateComponent = <T extends ComponentType>(type: T, attrs: ComponentAttrsByType[T]): ComponentProblem[] =>
  (COMPONENTS[type] as ComponentDefinition<T>).validate(attrs);
export const normalizeComponent = <T extends ComponentType>(type: T, attrs: ComponentAttrsByType[T]): ComponentAttrsByType[T] =>
  (COMPONENTS[type] as ComponentDefinition<T>).normalize(attrs);

/** "4.5 / 5" */
export const formatRating = (rating: number) => `${rating} / 5`;
