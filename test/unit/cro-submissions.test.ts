// The pure parts of form submission delivery (issue 13, "Form submissions"): where a submission
// goes, the back-off between attempts, the fields' order and the notification mail. The HTTP and
// database side is test/e2e/cro-submissions.test.ts. Expected values typed by hand.
import { describe, expect, it } from '@jest/globals';
import { orderedFields } from '#libs/cro/src/domain/submission-fields.js';
import {
  deliveriesOf,
  deliveryTargets,
  retryDelayMs,
  submissionMail,
} from '#libs/cro/src/processes/submission-delivery.js';
import type { CtaDeliverySettings } from '#libs/cro/src/projections/submissions.js';

const CTA: CtaDeliverySettings = {
  id: 'cta-1',
  status: 'active',
  name: 'Contact <us>',
  emailNotification: {
    recipients: ['a@shop.example', 'b@shop.example', 'a@shop.example'],
    senderName: 'Shop',
    senderEmail: 'hello@shop.example',
    subject: 'New lead',
    message: 'Hi & welcome',
  },
  integrations: [
    { kind: 'webhook', settings: { urlHint: 'https://hooks.example.com/••••••••om/x', secretHint: '••••••••abcd' } },
    { kind: 'hubspot', settings: { portalId: '1' } },
    { kind: 'zoho', settings: { module: 'Leads', dataCenter: 'eu', tokenHint: '••••••••oken' } },
    { kind: 'zapier', settings: { urlHint: 'https://hooks.zapier.com/••••••••om/x' } },
  ],
  crmMapping: null,
  items: [{ name: 'email' }, {}, { name: 'name' }],
};

describe('where a submission goes', () => {
  it("each recipient once, then the integrations that can be called (HubSpot needs a form id, Zoho its organisation's token)", () => {
    expect(deliveryTargets(CTA, {})).toEqual([
      'mail:a@shop.example',
      'mail:b@shop.example',
      'webhook',
      'zoho',
      'zapier',
    ]);
    // A Zoho connection recorded before tokens were its settings has none: nothing to send with.
    const oldZoho: CtaDeliverySettings = {
      ...CTA,
      emailNotification: null,
      integrations: [{ kind: 'zoho', settings: { module: 'Leads', dataCenter: 'eu' } }],
    };
    expect(deliveryTargets(oldZoho, {})).toEqual([]);
    const withForm: CtaDeliverySettings = {
      ...CTA,
      emailNotification: null,
      integrations: [{ kind: 'hubspot', settings: { portalId: '1', formId: 'f' } }],
    };
    expect(deliveryTargets(withForm, {})).toEqual(['hubspot']);
  });

  it('one row per submission and target; a submission of an unknown CTA queues nothing', () => {
    const ctas = new Map([['cta-1', { ...CTA, integrations: [] }]]);
    const time = '2026-11-27T10:00:00.000Z';
    expect(
      deliveriesOf(
        [
          { id: 'e-1', ctaId: 'cta-1', time },
          { id: 'e-2', ctaId: 'cta-9', time },
        ],
        ctas,
        {},
      ),
    ).toEqual([
      { submissionId: 'e-1', ctaId: 'cta-1', target: 'mail:a@shop.example', submittedAt: time },
      { submissionId: 'e-1', ctaId: 'cta-1', target: 'mail:b@shop.example', submittedAt: time },
    ]);
  });
});

describe('the back-off', () => {
  it('waits the base, then doubles: 30 s, 60 s, 120 s, 240 s', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(30_000, attempts))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
});

describe("the fields' order", () => {
  it("the form's items first, then other names in code-point order", () => {
    const ordered = orderedFields({ zip: '1', name: 'Ann', '+tel': '2', email: 'a@x', Company: 'C' }, CTA.items);
    expect(Object.keys(ordered)).toEqual(['email', 'name', '+tel', 'Company', 'zip']);
    expect(Object.keys(orderedFields({ b: '1', a: '2' }, null))).toEqual(['a', 'b']);
  });
});

describe('the notification mail', () => {
  /** The mail of `submission` to a@shop.example: the CTA's subject and message, the fields, the page and the time, the HTML escaped. */
  const LEAD_MAIL = {
    to: 'a@shop.example',
    subject: 'New lead',
    text: 'Hi & welcome\n\nA form of the CTA "Contact <us>" was submitted.\n\nemail: ann@example.com\nnote: <b>hi</b>\n\nPage: https://shop.example/contact\nTime: 2026-11-24T10:00:00.000Z',
    html:
      '<p>Hi &#38; welcome</p><p>A form of the CTA &quot;Contact &#60;us&#62;&quot; was submitted.</p>' +
      '<table><tr><th align="left">email</th><td>ann@example.com</td></tr><tr><th align="left">note</th><td>&#60;b&#62;hi&#60;/b&#62;</td></tr></table>' +
      '<p>Page: https://shop.example/contact<br>Time: 2026-11-24T10:00:00.000Z</p>',
  };
  const submission = {
    id: 'e-1',
    ctaId: 'cta-1',
    ctaName: 'Contact <us>',
    websiteId: 'w-1',
    url: 'https://shop.example/contact',
    time: '2026-11-24T10:00:00.000Z',
    fields: { email: 'ann@example.com', note: '<b>hi</b>' },
  };

  it("the CTA's subject and message, the fields, the page and the time; the HTML escaped; from us under the sender's name, answers to nobody else", () => {
    // The sender address is not known to be the organisation's (a member or a confirmed address): no Reply-To (docs/security.md, mail relay).
    const mail = submissionMail('a@shop.example', CTA, submission);
    expect(mail).toEqual({
      ...LEAD_MAIL,
      fromName: 'Shop',
    });
  });

  it('answers go to the sender when the sender address is a member or confirmed', () => {
    const mail = submissionMail('a@shop.example', CTA, submission, { replyTo: true });
    expect(mail).toEqual({
      ...LEAD_MAIL,
      fromName: 'Shop',
      replyTo: { name: 'Shop', address: 'hello@shop.example' },
    });
  });
});
