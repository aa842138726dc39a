import { describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { isSafeHref, sanitizeBodyHtml } from '#libs/posts/src/domain/body-html.js';
import { redirectPathProblem, redirectRuleDecider } from '#libs/posts/src/domain/redirect-rule.decider.js';
import { ValidationError } from '#libs/platform/src/errors.js';

describe('redirect paths', () => {
  it('accepts a path with exactly one leading /, and an absolute http(s) URL as a target only', () => {
    expect(redirectPathProblem('From path', '/', false)).toBeNull();
    expect(redirectPathProblem('From path', '/old/path?x=1', false)).toBeNull();
    expect(redirectPathProblem('To path', '/new/path#top', true)).toBeNull();
    expect(redirectPathProblem('To path', 'https://partner.example/x', true)).toBeNull();
    expect(redirectPathProblem('To path', 'HTTP://partner.example', true)).toBeNull();
  });

  it('refuses // and backslashes anywhere, control characters, other schemes and URLs as a source', () => {
    const cases: [string, string, boolean, string][] = [
      ['From path', '//evil.example/x', false, 'From path must start with a single /'],
      ['To path', '//evil.example/x', true, 'To path must start with a single /'],
      ['To path', '///evil.example', true, 'To path must start with a single /'],
      ['From path', '/\\evil.example', false, 'From path must not contain a backslash (\\)'],
      ['To path', '/\\evil.example', true, 'To path must not contain a backslash (\\)'],
      ['To path', '\\/evil.example', true, 'To path must not contain a backslash (\\)'],
      ['To path', '/ok/..\\x', true, 'To path must not contain a backslash (\\)'],
      ['To path', 'https://good.example\\@evil.example', true, 'To path must not contain a backslash (\\)'],
      ['To path', '/\t/evil.example', true, 'To path must not contain control characters'],
      ['To path', '/a\u0000', true, 'To path must not contain control characters'],
      ['To path', '/a\u0085', true, 'To path must not contain control characters'],
      ['From path', 'https://evil.example/', false, 'From path must start with /'],
      ['To path', 'javascript:alert(1)', true, 'To path must start with / or be a full URL'],
      ['To path', 'evil.example', true, 'To path must start with / or be a full URL'],
      ['To path', 'https://', true, 'To path must be a valid http(s) URL'],
    ];
    for (const [field, value, allowUrl, problem] of cases)
      expectWith(redirectPathProblem(field, value, allowUrl), value).toBe(problem);
  });

  it('the decider refuses such paths whoever sends the command', () => {
    const actor = { userId: 'u-1', roles: ['system'] };
    const fields = {
      organisationId: 'o',
      websiteId: 'w',
      fromPath: '//evil.example',
      toPath: '/x',
      type: 301 as const,
      locale: null,
      objectId: null,
      automatic: true,
    };
    expect(() =>
      redirectRuleDecider.decide({ type: 'Create', actor, data: fields }, redirectRuleDecider.initialState),
    ).toThrow(ValidationError.field('fromPath', 'From path must start with a single /'));
  });
});

describe('links in rich text', () => {
  it('keeps http(s), mailto, same-site paths and fragments only', () => {
    for (const href of ['https://example.org', 'http://example.org/a?b=1', 'mailto:a@example.org', '/about', '#top'])
      expectWith(isSafeHref(href), href).toBe(true);
    for (const href of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      'http:/\\evil.example',
      'about.html',
      'https://',
      'file:///etc/passwd',
    ]) {
      expectWith(isSafeHref(href), href).toBe(false);
    }
  });

  it('adds rel="noopener noreferrer" to a link opened in a new tab and never keeps rel="opener"', () => {
    expect(sanitizeBodyHtml('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeBodyHtml('<a href="https://example.org" target="_BLANK" rel="noopener">x</a>')).toBe(
      '<a href="https://example.org" target="_BLANK" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeBodyHtml('<a href="https://example.org" rel="opener">x</a>')).toBe(
      '<a href="https://example.org">x</a>',
    );
    expect(sanitizeBodyHtml('<a href="https://example.org" target="_self">x</a>')).toBe(
      '<a href="https://example.org" target="_self">x</a>',
    );
  });
});
