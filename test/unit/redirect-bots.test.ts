import { describe, expect, it } from '@jest/globals';
import { isBot } from '#libs/posts/src/projections/redirect-counters.js';
import { BOTS, PEOPLE } from '../support/user-agents.js';

describe('redirect counters: bot or user by the User-Agent', () => {
  it.each(PEOPLE)('%s counts as a user', (_name, userAgent) => {
    expect(isBot(userAgent)).toBe(false);
  });

  it.each(BOTS)('%s counts as a bot', (_name, userAgent) => {
    expect(isBot(userAgent)).toBe(true);
  });

  it('no User-Agent, or a blank one, counts as a bot (every browser sends one)', () => {
    expect(isBot(undefined)).toBe(true);
    expect(isBot('')).toBe(true);
    expect(isBot('   ')).toBe(true);
  });
});
