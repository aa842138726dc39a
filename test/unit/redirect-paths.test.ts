import { describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { isSafeHref, sanitizeBodyHtml } from '#libs/posts/src/domain/body-html.js';
import { redirectPathProblem, redirectRuleDecider } from '#libs/posts/src/domain/redirect-rule.decider.js';
import { ValidationError } from '#libs/platform/src/errors.js';

describe('redirect paths', () => {
  it('accepts a path with exactly one leading /, and an absolute http(s) URL as a target only', () => {
    expect(redirectPathProblem('fromPath', '/', false)).toBeNull();
    expect(redirectPathProblem('fromPath', '/old/path?x=1', false)).toBeNull();
    expect(redirectPathProblem('toPath', '/new/path#top', true)).toBeNull();
    expect(redirectPathProblem('toPath', 'https://partner.example/x', true)).toBeNull();
    expect(redirectPathProblem('toPath', 'HTTP://partner.example', true)).toBeNull();
  });

  it('refuses // and backslashes anywhere, control characters, other schemes and URLs as a source', () => {
    const cases: [string, string, boolean, string][] = [
      ['fromPath', '//evil.example/x', false, 'fromPath must start with a single /'],
      ['toPath', '//evil.example/x', true, 'toPath must start with a single /'],
      ['toPath', '///evil.example', true, 'toPath must start with a single /'],
      ['fromPath', '/\\evil.example', false, 'fromPath must not contain a backslash (\\)'],
      ['toPath', '/\\evil.example', true, 'toPath must not contain a backslash (\\)'],
      ['toPath', '\\/evil.example', true, 'toPath must not contain a backslash (\\)'],
      ['toPath', '/ok/..\\x', true, 'toPath must not contain a backslash (\\)'],
      ['toPath', 'https://good.example\\@evil.example', true, 'toPath must not contain a backslash (\\)'],
      ['toPath', '/\t/evil.example', true, 'toPath must not contain control characters'],
      ['toPath', '/a\u0000', true, 'toPath must not contain control characters'],
      ['toPath', '/a\u0085', true, 'toPath must not contain control characters'],
      ['fromPath', 'https://evil.example/', false, 'fromPath must be a path starting with /'],
      ['toPath', 'javascript:alert(1)', true, 'toPath must be a path starting with / or a full URL'],
      ['toPath', 'evil.example', true, 'toPath must be a path starting with / or a full URL'],
      ['toPath', 'https://', true, 'toPath must be a valid http(s) URL'],
    ];
    for (const [field, value, allowUrl, problem] of cases) expectWith(redirectPathProblem(field, value, allowUrl), value).toBe(problem);
  });

  it('the decider refuses such paths whoever sends the command', () => {
    const actor = { userId: 'u-1', roles: ['system'] };
    const fields = { organisationId: 'o', websiteId: 'w', fromPath: '//evil.example', toPath: '/x', type: 301 as const, locale: null, objectId: null, automatic: true };
    expect(() => redirectRuleDecider.decide({ type: 'Create', actor, data: fields }, redirectRuleDecider.initialState)).toThrow(ValidationError.field('fromPath', 'fromPath must start with a single /'));
  });
});

describe('links in rich text', () => {
  it('keeps http(s), mailto, same-site paths and fragments only', () => {
    for (const href of ['https://example.org', 'http://example.org/a?b=1', 'mailto:a@example.org', '/about', '#top']) expectWith(isSafeHref(href), href).toBe(true);
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', '/\\evil.example', 'http:/\\evil.example', 'about.html', 'https://', 'file:///etc/passwd']) {
      expectWith(isSafeHref(href), href).toBe(false);
    }
  });

  it('adds rel="noopener noreferrer" to a link opened in a new tab and never keeps rel="opener"', () => {
    expect(sanitizeBodyHtml('<a href="https://example.org" target="_blank">x</a>')).toBe('<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeBodyHtml('<a href="https://example.org" target="_BLANK" rel="noopener">x</a>')).toBe('<a href="https://example.org" target="_BLANK" rel="noopener noreferrer">x</a>');
    expect(sanitizeBodyHtml('<a href="https://example.org" rel="opener">x</a>')).toBe('<a href="https://example.org">x</a>');
    expect(sanitizeBodyHtml('<a href="https://example.org" target="_self">x</a>')).toBe('<a href="https://example.org" target="_self">x</a>');
  });
});
