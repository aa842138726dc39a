import { describe, expect, it } from '@jest/globals';
import { ANSWER, COMMUNITY_DECIDERS, QUESTION } from '#libs/community/src/domain/deciders.js';
import {
  CAMPAIGN,
  CRO_DECIDERS,
  EXPERIMENT,
  NOTIFICATION_RECIPIENT,
  croAggregate,
} from '#libs/cro/src/domain/deciders.js';
import { croKind, quotaReached, ruleBytesReached } from '#libs/cro/src/domain/kinds.js';
import { BIO, EXPERTS_DECIDERS } from '#libs/experts/src/domain/deciders.js';
import { USER, USER_DECIDERS } from '#libs/identity/src/domain/deciders.js';
import {
  MEMBER,
  ORGANISATION,
  ORGANISATIONS_DECIDERS,
  WEBSITE,
  WEBSITE_DOMAIN,
} from '#libs/organisations/src/domain/deciders.js';
import { POST, POSTS_DECIDERS, REDIRECT_RULE } from '#libs/posts/src/domain/deciders.js';

/*
 * The aggregates each context registers (domain/deciders.ts): the stream names their events are
 * stored under (a rename would orphan every stored stream) and the organisation each records in
 * its events' metadata. Expected values written out by hand from DESIGN.md's stream names.
 */
const of = (handle: { organisationOf?(state: never): unknown }, state: unknown) =>
  handle.organisationOf?.(state as never);

describe('aggregates', () => {
  it('keep the stream names of the events already stored', () => {
    expect(
      [
        USER,
        ORGANISATION,
        WEBSITE,
        MEMBER,
        WEBSITE_DOMAIN,
        QUESTION,
        ANSWER,
        POST,
        REDIRECT_RULE,
        BIO,
        CAMPAIGN,
        EXPERIMENT,
        NOTIFICATION_RECIPIENT,
      ].map((a) => a.name),
    ).toEqual([
      'user',
      'organisation',
      'website',
      'member',
      'websitedomain',
      'question',
      'answer',
      'post',
      'redirectrule',
      'bio',
      'campaign',
      'experiment',
      'notificationrecipient',
    ]);
    expect(USER_DECIDERS.map((a) => a.name)).toEqual(['user']);
    expect(ORGANISATIONS_DECIDERS.map((a) => a.name)).toEqual(['organisation', 'website', 'member', 'websitedomain']);
    expect(COMMUNITY_DECIDERS.map((a) => a.name)).toEqual(['question', 'answer']);
    expect(POSTS_DECIDERS.map((a) => a.name)).toEqual(['post', 'redirectrule']);
    expect(EXPERTS_DECIDERS.map((a) => a.name)).toEqual(['bio']);
    expect(CRO_DECIDERS.map((a) => a.name).sort()).toEqual([
      'campaign',
      'cta',
      'excludedpage',
      'experiment',
      'funnel',
      'goal',
      'notificationrecipient',
      'product',
      'urllist',
    ]);
  });

  it('record the organisation of each state (none for users and organisations, whose stream is their own)', () => {
    expect(of(USER, { status: 'active' })).toBeUndefined();
    expect(of(ORGANISATION, { status: 'active' })).toBeUndefined();
    for (const handle of [
      WEBSITE,
      MEMBER,
      WEBSITE_DOMAIN,
      QUESTION,
      ANSWER,
      POST,
      CAMPAIGN,
      EXPERIMENT,
      NOTIFICATION_RECIPIENT,
    ]) {
      expect(`${handle.name}: ${String(of(handle, { organisationId: 'org-1' }))}`).toBe(`${handle.name}: org-1`);
    }
    expect(of(REDIRECT_RULE, { fields: { organisationId: 'org-2' } })).toBe('org-2');
    expect(of(REDIRECT_RULE, { fields: null })).toBeUndefined();
    expect(of(BIO, { owner: { organisationId: 'org-3' } })).toBe('org-3');
    expect(of(BIO, { owner: null })).toBeUndefined();
    expect(of(croAggregate('cta'), { organisationId: 'org-4' })).toBe('org-4');
  });

  it('find a CRO kind by its stream or route name, and refuse any other', () => {
    expect([croAggregate('cta').name, croAggregate('urllist').name]).toEqual(['cta', 'urllist']);
    expect(() => croAggregate('nope')).toThrow('Unknown CRO aggregate nope');
    expect(croKind('url-lists').stream).toBe('urllist');
    expect(() => croKind('nope')).toThrow('Unknown CRO resource nope');
  });

  it('word the quota refusals as the spec does', () => {
    expect(quotaReached({ records: 50, plural: 'goals' })).toBe('This website has reached its limit of 50 goals.');
    expect(ruleBytesReached({ records: 100, plural: 'URL lists', ruleBytes: 1024 * 1024 })).toBe(
      'The URL lists of this website may hold at most 1 MB of rules together.',
    );
    expect(ruleBytesReached({ records: 100, plural: 'URL lists', ruleBytes: 3 * 1024 * 1024 })).toBe(
      'The URL lists of this website may hold at most 3 MB of rules together.',
    );
    expect(ruleBytesReached({ records: 100, plural: 'URL lists' })).toBe(
      'The URL lists of this website may hold at most 0 MB of rules together.',
    );
  });
});
