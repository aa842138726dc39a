import type { CtaTemplate } from './cta.decider.js';

/**
 * The starter templates the CTA builder's template picker offers for every organisation (seed 001
 * section 2, "A template picker"), beside the organisation's own (`ExportAsTemplate`). Each is a
 * complete CTA of its type: picked, it publishes once named.
 */
export interface StarterTemplate {
  id: string;
  name: string;
  description: string;
  template: CtaTemplate;
}

const button = (label: string) => ({ type: 'button', label });

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    id: 'starter-newsletter-form',
    name: 'Newsletter sign-up',
    description: 'An email field, a consent box and a button.',
    template: {
      type: 'form',
      subtype: null,
      design: null,
      popup: null,
      items: [
        { type: 'heading', label: 'Get our best tips' },
        { type: 'email', label: 'Email', name: 'email', required: true },
        { type: 'consent', label: 'I agree to receive emails', name: 'consent', required: true },
        button('Subscribe'),
      ],
    },
  },
  {
    id: 'starter-contact-form',
    name: 'Contact form',
    description: 'Name, email and a message.',
    template: {
      type: 'form',
      subtype: null,
      design: null,
      popup: null,
      items: [
        { type: 'short_text', label: 'Name', name: 'name', required: true },
        { type: 'email', label: 'Email', name: 'email', required: true },
        { type: 'long_text', label: 'Message', name: 'message' },
        button('Send'),
      ],
    },
  },
  {
    id: 'starter-exit-popup',
    name: 'Exit-intent offer',
    description: 'A modal popup shown when the visitor is about to leave, once a day.',
    template: {
      type: 'popup',
      subtype: null,
      design: null,
      items: [
        { type: 'heading', label: 'Before you go: 10% off' },
        { type: 'email', label: 'Email', name: 'email', required: true },
        button('Send me the code'),
      ],
      popup: {
        triggers: [{ kind: 'exit_intent' }],
        frequency: 'every_day',
        layout: 'modal',
        width: 'half',
        closeButton: true,
        backdrop: true,
        devices: ['desktop'],
      },
    },
  },
  {
    id: 'starter-scroll-slide-in',
    name: 'Scroll slide-in',
    description: 'A slide-in shown at half of the page, until closed.',
    template: {
      type: 'popup',
      subtype: null,
      design: null,
      items: [
        { type: 'paragraph', label: 'Enjoying this guide? Get the next one by email.' },
        { type: 'email', label: 'Email', name: 'email', required: true },
        button('Subscribe'),
      ],
      popup: {
        triggers: [{ kind: 'scroll_percentage', value: 50 }],
        frequency: 'until_closed',
        layout: 'slide_in',
        width: 'third',
        closeButton: true,
        backdrop: false,
        devices: ['desktop', 'tablet', 'mobile'],
      },
    },
  },
  {
    id: 'starter-announcement-bar',
    name: 'Announcement bar',
    description: 'A bar at the top of the page with one link.',
    template: {
      type: 'bar',
      subtype: null,
      design: null,
      popup: null,
      items: [{ type: 'paragraph', label: 'Free shipping on orders over 50 €' }, button('Shop now')],
    },
  },
  {
    id: 'starter-survey',
    name: 'One-question survey',
    description: 'A score from 1 to 10 and a comment.',
    template: {
      type: 'form',
      subtype: 'survey',
      design: null,
      popup: null,
      items: [
        { type: 'score', label: 'How likely are you to recommend us?', name: 'score', required: true },
        { type: 'long_text', label: 'Why?', name: 'comment' },
        button('Send'),
      ],
    },
  },
  {
    id: 'starter-product-cta',
    name: 'Product call to action',
    description: 'A product with its main call to action.',
    template: {
      type: 'product_cta',
      subtype: null,
      design: null,
      popup: null,
      items: [{ type: 'heading', label: 'Our pick' }, button('See the product')],
    },
  },
];
