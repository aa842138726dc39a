import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { createLogger, redactUrl } from './logging.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger('info', stream), text: () => lines.join('') };
}

describe('log redaction', () => {
  it('never writes cookies, credentials, link codes or passwords', () => {
    const { log, text } = capture();
    log.info(
      {
        req: {
          headers: {
            cookie: 'sid=SECRET-SID',
            authorization: 'Bearer SECRET-BEARER',
            'proxy-authorization': 'Basic SECRET-PROXY',
          },
          query: { code: 'SECRET-QUERY-CODE' },
          params: { code: 'SECRET-MAGIC', resetCode: 'SECRET-RESET' },
        },
        res: { headers: { 'set-cookie': ['sid=SECRET-SET-COOKIE; Path=/'] } },
        password: 'SECRET-PW-1',
        body: { password: 'SECRET-PW-2', token: 'SECRET-TOKEN' },
        input: { user: { newPassword: 'SECRET-PW-3' } },
      },
      'a request',
    );
    const written = text();
    expect(written).toContain('a request');
    expect(written.match(/SECRET-[A-Z0-9-]+/g) ?? []).toEqual([]);
    expect(written).toContain('[redacted]');
  });

  it.each([
    ['/api/auth/magic/Abc_123-xyz', '/api/auth/magic/[redacted]'],
    ['/api/auth/magic/Abc_123?from=mail', '/api/auth/magic/[redacted]?from=mail'],
    ['/api/auth/password_reset/confirm/Abc_123', '/api/auth/password_reset/confirm/[redacted]'],
    ['/reset-password?code=Abc_123', '/reset-password?code=[redacted]'],
    ['/x?a=1&code=Abc&b=2#top', '/x?a=1&code=[redacted]&b=2#top'],
    ['/x?token=T&Code=C', '/x?token=[redacted]&Code=[redacted]'],
    ['/api/public/redirects?key=pk_1&path=/old', '/api/public/redirects?key=pk_1&path=/old'],
    ['/api/auth/login', '/api/auth/login'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
