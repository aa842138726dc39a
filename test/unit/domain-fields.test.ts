// The field rules of the domain folders: password policy, joining without an invitation, the
// onboarding snippet and its check, plans, website fields and secret hints, bio fields and post
// fields. Sources: seed 000 section 3 (entities and their fields, post types, bio fields),
// section 5 ("{field} is missing!", a maximum-length message with {length}, "Title field is
// required!", "Alt field is required!", "Caption field is required!", images within a minimum
// and maximum size, "Outline field is required", "click to add {field}'s bio"), section 6
// ("Password: at least 8 characters, 1 capital, 1 number, 1 special character"), section 8
// ("It seems like the script was not installed successfully"), section 9 (1024x512 share
// preview; onboarding buckets); DESIGN.md ("Public delivery": `<script async
// src=".../tracker.js" data-site-key="KEY">`; owners and admins manage every website).
//
// Where those are silent, the expectations record the product's decisions as written in the
// source's comments (regulated industries, plans, secret hints of four characters, words and
// links of a body). Every expected answer is typed out here: nothing is computed by the code
// under test.
import { describe, expect, it } from '@jest/globals';
import { newPassword, passwordProblem } from '#libs/identity/src/domain/password-policy.js';
import { joinCommand } from '#libs/organisations/src/domain/join.js';
import { MEMBER } from '#libs/organisations/src/domain/deciders.js';
import {
  BUSINESS_QUESTIONS,
  SCRIPT_NOT_INSTALLED,
  hasTrackingScript,
  trackingSnippet,
} from '#libs/organisations/src/domain/onboarding.js';
import { PLAN_NAMES, PRODUCTS, productsOf } from '#libs/organisations/src/domain/plans.js';
import {
  ORGANISATIONS_SCHEMA,
  REGULATED_INDUSTRIES,
  SECRET_MASK,
  WEBSITE_CATEGORIES,
  WEBSITE_TYPES,
  domainOf,
  isSecretHint,
  secretHint,
} from '#libs/organisations/src/domain/website-fields.js';
import { bioContentSchema, bioSlug, createBioSchema, publishProblems } from '#libs/experts/src/domain/bio-fields.js';
import {
  IMAGE_SIZE_MESSAGE,
  OUTLINE_REQUIRED,
  contentSchema,
  coverImageSchema,
  createSchema,
  measure,
  missingBio,
  postSlug,
  richTextSchema,
} from '#libs/posts/src/domain/post-fields.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';

type Schema = {
  safeParse(input: unknown): {
    success: boolean;
    data?: unknown;
    error?: { issues: Array<{ path: PropertyKey[]; message: string; code: string }> };
  };
};

/** The first message of each field path, as the API answers them ('' for the value itself). */
function errorsOf(schema: Schema, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

function issuesOf(schema: Schema, input: unknown) {
  return (schema.safeParse(input).error?.issues ?? []).map(({ path, message, code }) => ({ path, message, code }));
}

function parsed(schema: Schema, input: unknown): unknown {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`refused: ${JSON.stringify(result.error?.issues)}`);
  return result.data;
}

describe('password policy (seed 000: at least 8 characters, 1 capital, 1 number, 1 special character)', () => {
  const LENGTH = 'Password must be at least 8 characters long';
  const CAPITAL = 'Password must contain at least 1 capital letter';
  const NUMBER = 'Password must contain at least 1 number';
  const SPECIAL = 'Password must contain at least 1 special character';

  it.each([
    ['Abcde1!', LENGTH], // 7 characters
    ['abcdef1!', CAPITAL],
    ['abcdefg1!', CAPITAL],
    ['Abcdefg!', NUMBER],
    ['ABCDEFG!', NUMBER],
    ['Abcdefg1', SPECIAL],
    ['ABCDEFG1', SPECIAL],
    ['12345678', CAPITAL],
  ])('%j breaks one rule: %s', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('names the first rule broken, in the order length, capital, number, special character', () => {
    expect(passwordProblem('')).toBe(LENGTH);
    expect(passwordProblem('abc')).toBe(LENGTH);
    expect(passwordProblem('abcdefgh')).toBe(CAPITAL);
    expect(passwordProblem('Abcdefgh')).toBe(NUMBER);
  });

  it.each(['Abcdef1!', 'Abcdefg1!', 'P4ssword word', 'XBCDEFg1-', 'Zz9#zzzzzzzzzzzzzzzz'])(
    'accepts %j (null, not undefined)',
    (password) => {
      expect(passwordProblem(password)).toBeNull();
    },
  );

  it('a request body: missing, not text, too long, breaking a rule, or good', () => {
    expect(issuesOf(newPassword as unknown as Schema, undefined)).toEqual([
      { path: [], message: 'Password is missing!', code: 'invalid_type' },
    ]);
    expect(issuesOf(newPassword as unknown as Schema, 12345678)).toEqual([
      { path: [], message: 'Password must be text', code: 'invalid_type' },
    ]);
    expect(issuesOf(newPassword as unknown as Schema, 'short')).toEqual([
      { path: [], message: LENGTH, code: 'custom' },
    ]);
    expect(issuesOf(newPassword as unknown as Schema, 'abcdefgh1!')).toEqual([
      { path: [], message: CAPITAL, code: 'custom' },
    ]);
    const long = `Aa1!${'x'.repeat(253)}`; // 257 characters, every rule kept
    expect(issuesOf(newPassword as unknown as Schema, long)).toEqual([
      { path: [], message: 'The maximum length is 256 characters', code: 'too_big' },
    ]);
    expect(parsed(newPassword as unknown as Schema, `Aa1!${'x'.repeat(252)}`)).toBe(`Aa1!${'x'.repeat(252)}`); // 256
    expect(parsed(newPassword as unknown as Schema, 'Abcdef1!')).toBe('Abcdef1!');
  });
});

describe('joinCommand: a member who joined without an invitation', () => {
  const ann = { id: 'u-ann', email: 'ann@example.com', name: 'Ann Owner' };
  const base = (userId: string, email: string, name: string, orgRole: string, cmsRole: string, croRole: string) => ({
    aggregate: 'member',
    // The member aggregate's handle (its streams are member-{id}, its decider the member decider).
    target: MEMBER,
    command: {
      type: 'Join',
      actor: { userId, roles: ['system'] },
      data: { organisationId: 'org-1', userId, email, name, orgRole, cmsRole, croRole, websiteIds: [], locales: [] },
    },
    options: { organisationId: 'org-1' },
  });

  it('an owner manages content and CRO (cmsRole admin, croRole admin)', () => {
    const command = joinCommand('org-1', ann, 'owner');
    expect(command).toBeInstanceOf(DecideCommand);
    // memberIdOf: sha256("member:org-1:u-ann") laid out as a UUID (written out by hand from sha256sum).
    expect({ ...command }).toEqual({
      ...base('u-ann', 'ann@example.com', 'Ann Owner', 'owner', 'admin', 'admin'),
      id: '9823ba24-f2d3-5183-9805-b79bf6a0d19f',
    });
  });

  it('an admin manages content and CRO too', () => {
    const bea = { id: 'u-bea', email: 'bea@example.com', name: 'Bea Admin' };
    expect({ ...joinCommand('org-1', bea, 'admin') }).toEqual({
      ...base('u-bea', 'bea@example.com', 'Bea Admin', 'admin', 'admin', 'admin'),
      id: 'cbaf3444-690c-5a0c-9c09-d0186f7aa3d6',
    });
  });

  it('a plain member creates content and has no CRO role', () => {
    const carl = { id: 'u-carl', email: 'carl@example.com', name: 'Carl Member' };
    expect({ ...joinCommand('org-1', carl, 'member') }).toEqual({
      ...base('u-carl', 'carl@example.com', 'Carl Member', 'member', 'creator', 'none'),
      id: '48eefc99-a384-5d98-99e4-b0d11c13f2bb',
    });
  });

  it('roles given by the operator win over the defaults', () => {
    const carl = { id: 'u-carl', email: 'carl@example.com', name: 'Carl Member' };
    const command = joinCommand('org-1', carl, 'member', { cmsRole: 'editor', croRole: 'viewer' });
    expect(command.command.data).toEqual({
      organisationId: 'org-1',
      userId: 'u-carl',
      email: 'carl@example.com',
      name: 'Carl Member',
      orgRole: 'member',
      cmsRole: 'editor',
      croRole: 'viewer',
      websiteIds: [],
      locales: [],
    });
    const owner = joinCommand('org-1', ann, 'owner', { cmsRole: 'writer' });
    expect(owner.command.data).toMatchObject({ cmsRole: 'writer', croRole: 'admin' });
  });
});

describe('onboarding (seed 000 sections 1, 8 and 9; DESIGN.md "Public delivery")', () => {
  it('asks the four business questions with the spec buckets', () => {
    expect(BUSINESS_QUESTIONS.map((q) => [q.field, q.options[0], q.options[q.options.length - 1]])).toEqual([
      ['employees', '1-10', '100+'],
      ['monthlyVisitors', '0-5k', '100k+'],
      ['ltv', 'under 250', '1000+'],
      ['aov', 'under 20', '100+'],
    ]);
    expect(SCRIPT_NOT_INSTALLED).toBe('It seems like the script was not installed successfully');
  });

  it('the snippet loads /tracker.js of the base URL (one trailing slash dropped) with the site key', () => {
    expect(trackingSnippet('https://app.example.com/', 'site-KEY-1')).toBe(
      '<script async src="https://app.example.com/tracker.js" data-site-key="site-KEY-1"></script>',
    );
    expect(trackingSnippet('https://app.example.com', 'k2')).toBe(
      '<script async src="https://app.example.com/tracker.js" data-site-key="k2"></script>',
    );
    expect(trackingSnippet('http://localhost:3000/base/', 'k3')).toBe(
      '<script async src="http://localhost:3000/base/tracker.js" data-site-key="k3"></script>',
    );
  });

  it('finds the tracker with its key among the page scripts', () => {
    const page = (head: string) => `<!doctype html><html><head>${head}</head><body><p>Hello</p></body></html>`;
    expect(
      hasTrackingScript(
        page('<script async src="https://app.example.com/tracker.js" data-site-key="KEY-1"></script>'),
        'KEY-1',
      ),
    ).toBe(true);
    expect(
      hasTrackingScript(
        page('<SCRIPT src="https://app.example.com/Tracker.JS" data-site-key="KEY-1"></SCRIPT>'),
        'KEY-1',
      ),
    ).toBe(true);
    // Another script first, the tracker second.
    expect(
      hasTrackingScript(
        page(
          '<script src="/jquery.js"></script><script async src="https://app.example.com/tracker.js" data-site-key="KEY-1"></script>',
        ),
        'KEY-1',
      ),
    ).toBe(true);
  });

  it('does not take a page without the tracker, with another key, or with the key elsewhere', () => {
    const page = (head: string) => `<html><head>${head}</head><body>tracker.js KEY-1</body></html>`;
    expect(hasTrackingScript('<html><body>no scripts at all</body></html>', 'KEY-1')).toBe(false);
    expect(hasTrackingScript(page('<script src="/app.js"></script>'), 'KEY-1')).toBe(false);
    expect(
      hasTrackingScript(
        page('<script async src="https://app.example.com/tracker.js" data-site-key="KEY-2"></script>'),
        'KEY-1',
      ),
    ).toBe(false);
    expect(
      hasTrackingScript(
        page('<script async src="https://cdn.example.com/app.js" data-site-key="KEY-1"></script>'),
        'KEY-1',
      ),
    ).toBe(false);
    expect(hasTrackingScript(page('<script src="/tracker.json" data-site-key="KEY-1"></script>'), 'KEY-1')).toBe(false);
  });
});

describe('plans (the products each plan includes)', () => {
  it('starter, growth and scale, with their products', () => {
    expect(PLAN_NAMES).toEqual(['starter', 'growth', 'scale']);
    expect(productsOf('starter')).toEqual(['cms']);
    expect(productsOf('growth')).toEqual(['cms', 'community', 'strategy']);
    expect(productsOf('scale')).toEqual(['cms', 'community', 'strategy', 'cro', 'video', 'experts']);
    expect(PRODUCTS).toEqual(['cms', 'community', 'strategy', 'cro', 'video', 'experts']);
  });

  it('hands out a copy: changing it changes no plan', () => {
    const products = productsOf('starter');
    products.push('cro');
    expect(productsOf('starter')).toEqual(['cms']);
  });
});

describe('website fields (seed 000 section 3)', () => {
  it('categories and types of the spec', () => {
    expect(WEBSITE_CATEGORIES).toEqual(['B2B', 'B2C', 'both']);
    expect(WEBSITE_TYPES).toEqual([
      'saas',
      'service_provider',
      'supplier',
      'affiliate',
      'construction',
      'logistics',
      'transportation',
      'other',
      'ecommerce',
      'software',
      'mobile_app',
      'services',
      'entertainment',
      'news',
      'marketplace',
    ]);
  });

  it('regulated industries: content needs a regulation approval by default', () => {
    expect(REGULATED_INDUSTRIES).toEqual([
      'banking',
      'financial_services',
      'gambling',
      'health_care',
      'insurance',
      'legal',
      'pharmaceuticals',
    ]);
  });

  it('the domain of a URL: lower case, without a leading www.', () => {
    expect(domainOf('https://WWW.Example.COM/blog?x=1')).toBe('example.com');
    expect(domainOf('http://www.shop.example.co.uk:8080/')).toBe('shop.example.co.uk');
    expect(domainOf('https://blog.example.com')).toBe('blog.example.com');
    expect(domainOf('https://sub.www.example.com/')).toBe('sub.www.example.com');
    expect(domainOf('https://awww.example.com/')).toBe('awww.example.com');
    expect(domainOf('https://wwwexample.com/')).toBe('wwwexample.com');
  });

  it('a secret is shown as eight dots and its last four characters, never more', () => {
    expect(SECRET_MASK).toBe('••••••••');
    expect(secretHint('wf_live_0123456789abcdef')).toBe('••••••••cdef');
    expect(secretHint('abc')).toBe('••••••••abc');
    expect(isSecretHint('••••••••cdef')).toBe(true);
    expect(isSecretHint('••••••••')).toBe(true);
    expect(isSecretHint('wf_live_0123456789abcdef')).toBe(false);
    expect(isSecretHint('token••••••••')).toBe(false);
    expect(isSecretHint('•••••••cdef')).toBe(false); // seven dots
  });

  it('the website_secrets table: one value per website and name, created once (the end-to-end suites run it)', () => {
    const sql = ORGANISATIONS_SCHEMA.replace(/\s+/g, ' ').trim();
    expect(sql).toBe(
      '-- migration organisations 1: baseline CREATE TABLE IF NOT EXISTS website_secrets ( website_id text NOT NULL, name text NOT NULL, value text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (website_id, name) );',
    );
  });
});

describe('bio fields (seed 000 section 3: "Expert/writer bio")', () => {
  const VALID_URLS = ['https://example.com', 'http://example.com/ann', 'HTTPS://EXAMPLE.COM/A?b=c', 'https://x.y'];
  const INVALID_URLS = [
    'see https://example.com',
    'https://example.com and more',
    'ftp://example.com',
    'example.com',
    'https://',
    'mailto:ann@example.com',
  ];

  it.each(VALID_URLS)('takes the profile picture and social URL %j', (url) => {
    expect(parsed(bioContentSchema as unknown as Schema, { profilePic: url, socialUrls: [url] })).toEqual({
      profilePic: url,
      socialUrls: [url],
    });
  });

  it('trims URLs', () => {
    expect(parsed(bioContentSchema as unknown as Schema, { profilePic: '  https://example.com/a.png ' })).toEqual({
      profilePic: 'https://example.com/a.png',
    });
  });

  it.each(INVALID_URLS)('refuses the URL %j', (url) => {
    expect(errorsOf(bioContentSchema as unknown as Schema, { profilePic: url })).toEqual({
      profilePic: 'Profile pic URL must be a valid URL (http or https)',
    });
    expect(errorsOf(bioContentSchema as unknown as Schema, { socialUrls: ['https://ok.example.com', url] })).toEqual({
      'socialUrls.1': 'Social URLs must be a valid URL (http or https)',
    });
  });

  it('a new bio needs a website and a display name', () => {
    expect(errorsOf(createBioSchema as unknown as Schema, { displayName: 'Ann' })).toEqual({
      websiteId: 'Website is missing!',
    });
    expect(errorsOf(createBioSchema as unknown as Schema, { displayName: 'Ann', websiteId: 42 })).toEqual({
      websiteId: 'Website must be text',
    });
    expect(errorsOf(createBioSchema as unknown as Schema, { websiteId: 'w-1' })).toEqual({
      displayName: 'Display name is missing!',
    });
    expect(errorsOf(createBioSchema as unknown as Schema, { websiteId: 'w-1', displayName: '   ' })).toEqual({
      displayName: 'Display name cannot be empty',
    });
    expect(
      errorsOf(createBioSchema as unknown as Schema, { websiteId: 'w-1', displayName: 'Ann', kind: 'author' }),
    ).toEqual({ kind: 'Kind must be one of writer, expert' });
    expect(
      parsed(createBioSchema as unknown as Schema, { websiteId: 'w-1', displayName: ' Ann ', kind: 'expert' }),
    ).toEqual({ websiteId: 'w-1', displayName: 'Ann', kind: 'expert' });
  });

  it('publishing needs a display name, a slug and a text, blank ones count as missing ("{field} is missing!")', () => {
    expect(publishProblems({})).toEqual({
      displayName: 'Display name is missing!',
      slug: 'Slug is missing!',
      text: 'Text is missing!',
    });
    expect(publishProblems({ displayName: '  ', slug: ' \t', text: '\n ' })).toEqual({
      displayName: 'Display name is missing!',
      slug: 'Slug is missing!',
      text: 'Text is missing!',
    });
    expect(publishProblems({ displayName: 'Ann', slug: 'ann', text: null })).toEqual({ text: 'Text is missing!' });
    expect(publishProblems({ displayName: 'Ann', slug: 'ann', text: 'Ann writes.' })).toEqual({});
  });

  it('slugs come from display names, "bio" when nothing is left', () => {
    expect(bioSlug('Dr. Ann Müller-Smith')).toBe('dr-ann-muller-smith');
    expect(bioSlug('!!!')).toBe('bio');
    expect(bioSlug('')).toBe('bio');
  });
});

describe('post fields (seed 000 sections 3 and 5)', () => {
  const image = (width: number, height: number) => ({
    url: 'https://cdn.example.com/cover.png',
    title: 'Cover',
    alt: 'A cover',
    caption: 'Our cover',
    width,
    height,
  });
  const SIZE = 'The image must be between 1024x512 and 4096x4096 pixels';

  it('the spec messages', () => {
    expect(IMAGE_SIZE_MESSAGE).toBe(SIZE);
    expect(OUTLINE_REQUIRED).toBe('Outline field is required');
    expect(missingBio('writer')).toBe("click to add writer's bio");
  });

  it.each([
    [1024, 512],
    [4096, 4096],
    [1024, 4096],
    [4096, 512],
    [1600, 800],
  ])('takes a %ix%i cover image', (width, height) => {
    expect(parsed(coverImageSchema as unknown as Schema, image(width, height))).toEqual(image(width, height));
  });

  it.each([
    [1023, 512],
    [1024, 511],
    [4097, 4096],
    [4096, 4097],
    [1023, 4097],
    [4097, 511],
    [512, 512],
    [8000, 8000],
  ])('refuses a %ix%i cover image (the message stands under width)', (width, height) => {
    expect(issuesOf(coverImageSchema as unknown as Schema, image(width, height))).toEqual([
      { path: ['width'], message: SIZE, code: 'custom' },
    ]);
  });

  it('a cover image needs its URL, title, alt and caption', () => {
    const { url: _url, ...withoutUrl } = image(1024, 512);
    expect(errorsOf(coverImageSchema as unknown as Schema, withoutUrl)).toEqual({ url: 'Image URL is missing!' });
    expect(errorsOf(coverImageSchema as unknown as Schema, { ...image(1024, 512), url: 7 })).toEqual({
      url: 'Image URL must be text',
    });
    expect(errorsOf(coverImageSchema as unknown as Schema, { ...image(1024, 512), url: 'not a url' })).toEqual({
      url: 'Image URL must be a valid URL',
    });
    expect(
      errorsOf(coverImageSchema as unknown as Schema, { ...image(1024, 512), title: ' ', alt: '', caption: undefined }),
    ).toEqual({
      title: 'Title field is required!',
      alt: 'Alt field is required!',
      caption: 'Caption field is required!',
    });
    expect(parsed(coverImageSchema as unknown as Schema, null)).toBeNull();
  });

  it('rich text: components are checked, the HTML is cleaned, the document kept', () => {
    const doc = {
      type: 'doc',
      content: [{ type: 'callToAction', attrs: { text: 'Buy', url: 'https://shop.example.com' } }],
    };
    expect(
      parsed(richTextSchema as unknown as Schema, {
        json: doc,
        html: '<p onclick="steal()">Hi<script>alert(1)</script></p>',
      }),
    ).toEqual({ json: doc, html: '<p>Hi</p>' });
    expect(parsed(richTextSchema as unknown as Schema, { html: '<p>Plain</p>' })).toEqual({ html: '<p>Plain</p>' });
    expect(parsed(richTextSchema as unknown as Schema, null)).toBeNull();
    const incomplete = {
      type: 'doc',
      content: [{ type: 'paragraph' }, { type: 'callToAction', attrs: { url: 'https://shop.example.com' } }],
    };
    expect(issuesOf(richTextSchema as unknown as Schema, { json: incomplete, html: '<p>Hi</p>' })).toEqual([
      { path: [], message: 'Call to action: Button text is missing!', code: 'custom' },
    ]);
    // Inside a post, the problem is the richText field's.
    expect(issuesOf(contentSchema as unknown as Schema, { richText: { json: incomplete, html: '' } })).toEqual([
      { path: ['richText'], message: 'Call to action: Button text is missing!', code: 'custom' },
    ]);
  });

  it('a new post needs a website, a title and one of the spec post types', () => {
    expect(errorsOf(createSchema as unknown as Schema, { title: 'Hello', type: 'blog' })).toEqual({
      websiteId: 'Website is missing!',
    });
    expect(errorsOf(createSchema as unknown as Schema, { title: 'Hello', type: 'blog', websiteId: 3 })).toEqual({
      websiteId: 'Website must be text',
    });
    expect(errorsOf(createSchema as unknown as Schema, { title: 'Hello', websiteId: 'w-1' })).toEqual({
      type: 'Type is missing!',
    });
    expect(errorsOf(createSchema as unknown as Schema, { title: 'Hello', websiteId: 'w-1', type: 'news' })).toEqual({
      type: 'Type must be one of blog, community, targeted, learning_center, topic, comparison, product_page, product_review, product_alternative, product_comparison, ppc_top_10, ni_top_10_article, wordpress_article, top_10, top_alternatives, top_seo',
    });
    expect(
      parsed(createSchema as unknown as Schema, {
        title: ' Hello ',
        websiteId: 'w-1',
        type: 'top_seo',
        locale: 'en-GB',
      }),
    ).toEqual({ title: 'Hello', websiteId: 'w-1', type: 'top_seo', locale: 'en-GB' });
  });

  it('slugs come from titles, "post" when nothing is left', () => {
    expect(postSlug('Ten Tips for Café Owners!')).toBe('ten-tips-for-cafe-owners');
    expect(postSlug('???')).toBe('post');
  });

  it('counts the words and links of a body', () => {
    expect(measure(null)).toEqual({ words: 0, links: 0 });
    expect(measure('')).toEqual({ words: 0, links: 0 });
    // Tags separate words.
    expect(measure('<p>one</p><p>two</p>')).toEqual({ words: 2, links: 0 });
    // Entities separate words and are no words.
    expect(measure('<p>one&nbsp;two &amp; three&#160;four&mdash;five</p>')).toEqual({ words: 5, links: 0 });
    // Punctuation alone is no word; digits and letters of any script are.
    expect(measure('<p>— 2024 naïve 東京 !!</p>')).toEqual({ words: 3, links: 0 });
    // Links have an href, wherever it stands in the tag.
    expect(
      measure(
        '<p><a href="/a">a</a> <a class="x" href="https://example.com">b</a> <a name="anchor">c</a> <A\nHREF="/d">d</A></p>',
      ),
    ).toEqual({ words: 4, links: 3 });
  });
});
