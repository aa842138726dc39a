// A CTA item's link and placeholder (issue 27, "CTA items keep their link"): a button's `url` is a
// web page (`https://`, `http://`) or a path of the same site (`/offer`); anything else (a script,
// another host by `//`, a bare host) is refused with "Link must start with https://, http:// or /".
// An input's `placeholder` is kept, at most 200 characters. And the words of a campaign placing a
// CTA that is not live. Expectations typed by hand.
import { describe, expect, it } from '@jest/globals';
import {
  DEVICES_MISSING,
  ITEM_URL_RULE,
  campaignCreateSchema,
  ctaCreateSchema,
  isItemUrl,
} from '#libs/cro/src/domain/cro-fields.js';
import { ctaNotLive } from '#libs/cro/src/domain/page-rules.js';
import { ValidationError } from '#libs/platform/src/errors.js';
import { parseInput } from '#libs/platform/src/validation.js';

const cta = (item: Record<string, unknown>) => ({
  websiteId: 'w1',
  name: 'Linked',
  type: 'form',
  items: [item],
});
const errorsOf = (body: unknown, schema: typeof ctaCreateSchema | typeof campaignCreateSchema = ctaCreateSchema) => {
  try {
    parseInput(schema, body);
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return (error.errors ?? {}) as Record<string, string>;
    throw error;
  }
};

describe('a CTA item keeps its link and placeholder', () => {
  it.each([
    ['https://shop.example/offer?from=cta', true],
    ['http://shop.example/', true],
    ['HTTPS://SHOP.EXAMPLE/', true],
    ['/about', true],
    ['/', true],
    ['//evil.example/x', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['shop.example/offer', false],
    ['https://', false],
    ['https:///path', false],
    ['https://shop.example/a b', false],
    ['/a b', false],
    ['mailto:a@b.example', false],
    [' https://shop.example/', false],
  ])('%s is a link: %s', (url, ok) => {
    expect(isItemUrl(url)).toBe(ok);
  });

  it('answers the link and the placeholder of the items as given', () => {
    const parsed = parseInput(ctaCreateSchema, {
      ...cta({ type: 'button', label: 'Go', url: 'https://shop.example/join' }),
      items: [
        { type: 'email', label: 'Email', name: 'email', placeholder: 'you@example.com' },
        { type: 'button', label: 'Go', url: 'https://shop.example/join' },
        { type: 'button', label: 'Blank link', url: '' },
      ],
    });
    expect(parsed.items).toEqual([
      { type: 'email', label: 'Email', name: 'email', placeholder: 'you@example.com' },
      { type: 'button', label: 'Go', url: 'https://shop.example/join' },
      { type: 'button', label: 'Blank link', url: '' },
    ]);
  });

  it('refuses a link that is no web address, and an over-long placeholder, under the item', () => {
    expect(errorsOf(cta({ type: 'button', label: 'Go', url: 'javascript:alert(1)' }))).toEqual({
      'items.0.url': ITEM_URL_RULE,
    });
    expect(ITEM_URL_RULE).toBe('Link must start with https://, http:// or /');
    expect(errorsOf(cta({ type: 'email', label: 'Email', placeholder: 'x'.repeat(201) }))).toEqual({
      'items.0.placeholder': 'The maximum length is 200 characters',
    });
    expect(errorsOf(cta({ type: 'email', label: 'Email', placeholder: 'x'.repeat(200) }))).toEqual({});
  });

  it('says which CTA a campaign places that is not live', () => {
    expect(ctaNotLive('Newsletter')).toBe(
      'The CTA “Newsletter” is not live: its container shows nothing until it is published',
    );
  });
});

describe("a container's devices, in words", () => {
  const campaign = (devices: unknown) => ({
    websiteId: 'w1',
    name: 'Spring',
    url: 'https://shop.example/',
    containers: [{ name: 'Top', ctaId: 'c1', devices, position: 'above', selector: 'h1', selectorType: 'css' }],
    pageRules: { operator: 'or', rules: [{ kind: 'contains', value: 'https://shop.example/' }] },
  });
  it('asks for the devices when none were given, and says what a list of devices is otherwise', () => {
    expect(DEVICES_MISSING).toBe('Please choose the devices it shows on');
    expect(errorsOf(campaign(null), campaignCreateSchema)).toEqual({ 'containers.0.devices': DEVICES_MISSING });
    expect(errorsOf(campaign(undefined), campaignCreateSchema)).toEqual({ 'containers.0.devices': DEVICES_MISSING });
    expect(errorsOf(campaign('desktop'), campaignCreateSchema)).toEqual({
      'containers.0.devices': 'Devices must be a list of devices',
    });
    expect(errorsOf(campaign(['desktop', 'mobile']), campaignCreateSchema)).toEqual({});
  });
});
