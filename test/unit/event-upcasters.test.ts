// The stored event types of the organisations and community contexts: their names and schema
// versions, and what old events read as today. Sources: DESIGN.md (events carry their schema
// version; a stored name is explicit and stable; "Website access": memberships recorded before
// the rule are found by the start-up grant), website-fields.ts (the site-builder token is a
// secret kept out of the log: events carry only `tokenHint`, eight dots and its last four
// characters), and the product's decision that organisations created before billing are on the
// starter plan.
//
// Every expected name, version and upcast result is written out here; the events go through the
// event store's own registry, as the store reads them.
import { describe, expect, it } from '@jest/globals';
import { EventTypeRegistry, type RecordedEvent } from '#libs/eventstore/src/index.js';
import { ORGANISATION_EVENT_TYPES } from '#libs/organisations/src/domain/events.js';
import { COMMUNITY_EVENT_TYPES } from '#libs/community/src/domain/events.js';
import { CTA_EVENT_TYPES } from '#libs/cro/src/domain/cta.decider.js';

const registry = new EventTypeRegistry().register(
  ...ORGANISATION_EVENT_TYPES,
  ...COMMUNITY_EVENT_TYPES,
  ...CTA_EVENT_TYPES,
);

/** A stored event of `type` at `schemaVersion`, as the store reads it back. */
function stored(type: string, schemaVersion: number, data: Record<string, unknown>): RecordedEvent {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    streamId: 'stream-1',
    category: 'stream',
    streamVersion: 1,
    type,
    data,
    schemaVersion,
    metadata: { actorId: 'u-1' },
    createdAt: new Date('2024-01-01T00:00:00.000Z'),
    position: '1:1',
  } as RecordedEvent;
}

const read = (type: string, schemaVersion: number, data: Record<string, unknown>) => {
  const event = registry.upcast(stored(type, schemaVersion, data));
  return { schemaVersion: event.schemaVersion, data: event.data };
};

describe('the stored event types', () => {
  it('organisations: names and current schema versions', () => {
    expect(ORGANISATION_EVENT_TYPES.map((d) => [d.type, d.schemaVersion])).toEqual([
      ['OrganisationCreated', 2],
      ['OrganisationPlanChanged', 1],
      ['OrganisationProfileChanged', 1],
      ['OrganisationMemberAdded', 1],
      ['OrganisationBusinessProfileSet', 1],
      ['WebsiteInstallationVerified', 1],
      ['WebsiteCreated', 2],
      ['WebsiteSettingsChanged', 2],
      ['WebsiteDeactivated', 1],
      ['WebsiteActivated', 1],
      ['WebsiteDomainClaimed', 1],
      ['WebsiteDomainReleased', 1],
      ['WebsiteDomainRefused', 1],
      ['OrganisationMemberRemoved', 1],
      ['MemberJoined', 2],
      ['MemberInvited', 2],
      ['MemberInvitationAccepted', 1],
      ['MemberInvitationDeclined', 1],
      ['MemberInvitationResent', 1],
      ['MemberAccessChanged', 2],
      ['MemberDeactivated', 1],
      ['MemberReactivated', 1],
    ]);
  });

  it('community: names and current schema versions', () => {
    expect(COMMUNITY_EVENT_TYPES.map((d) => [d.type, d.schemaVersion])).toEqual([
      ['QuestionCreated', 1],
      ['QuestionSubmitted', 1],
      ['QuestionApproved', 1],
      ['QuestionDeclined', 1],
      ['QuestionPublished', 1],
      ['QuestionUnpublished', 1],
      ['QuestionUpdated', 1],
      ['QuestionDeleted', 1],
      ['QuestionRestored', 1],
      ['AnswerCreated', 1],
      ['AnswerUpdated', 1],
      ['AnswerPublished', 1],
      ['AnswerDeleted', 1],
    ]);
  });

  it('the store stamps new events with the current version and refuses names it does not know', () => {
    expect(registry.prepare({ type: 'WebsiteCreated', data: {} } as never)).toMatchObject({
      type: 'WebsiteCreated',
      schemaVersion: 2,
    });
    expect(registry.prepare({ type: 'AnswerDeleted', data: {} } as never)).toMatchObject({
      type: 'AnswerDeleted',
      schemaVersion: 1,
    });
    expect(registry.has('QuestionRestored')).toBe(true);
    expect(registry.has('MemberReactivated')).toBe(true);
    expect(() => registry.prepare({ type: 'QuestionRemoved', data: {} } as never)).toThrow();
  });
});

describe('OrganisationCreated v1: before billing, on the starter plan', () => {
  it('gains plan starter', () => {
    expect(read('OrganisationCreated', 1, { organisationId: 'org-1', name: 'Acme', createdBy: 'u-1' })).toEqual({
      schemaVersion: 2,
      data: { organisationId: 'org-1', name: 'Acme', createdBy: 'u-1', plan: 'starter' },
    });
  });

  it('v2 events keep their plan', () => {
    expect(read('OrganisationCreated', 2, { organisationId: 'org-1', name: 'Acme', plan: 'scale' })).toEqual({
      schemaVersion: 2,
      data: { organisationId: 'org-1', name: 'Acme', plan: 'scale' },
    });
  });
});

describe.each(['WebsiteCreated', 'WebsiteSettingsChanged'])(
  '%s v1: the site-builder token leaves the log, its hint stays',
  (type) => {
    it('a token becomes its hint (eight dots and the last four characters)', () => {
      const v1 = {
        websiteId: 'w-1',
        name: 'Blog',
        siteBuilder: { token: 'wf_live_0123456789abcdef', siteId: 'site-9', blogCollectionId: 'col-3' },
      };
      expect(read(type, 1, v1)).toEqual({
        schemaVersion: 2,
        data: {
          websiteId: 'w-1',
          name: 'Blog',
          siteBuilder: { siteId: 'site-9', blogCollectionId: 'col-3', tokenHint: '••••••••cdef' },
        },
      });
      // The stored event itself is not changed.
      expect(v1.siteBuilder.token).toBe('wf_live_0123456789abcdef');
    });

    it('no site builder, or none connected: nothing to change', () => {
      expect(read(type, 1, { websiteId: 'w-1', name: 'Blog' })).toEqual({
        schemaVersion: 2,
        data: { websiteId: 'w-1', name: 'Blog' },
      });
      expect(read(type, 1, { websiteId: 'w-1', siteBuilder: null })).toEqual({
        schemaVersion: 2,
        data: { websiteId: 'w-1', siteBuilder: null },
      });
    });

    it('a site builder without a token (or with a token that is not text) is left as it is', () => {
      expect(read(type, 1, { websiteId: 'w-1', siteBuilder: { siteId: 'site-9' } })).toEqual({
        schemaVersion: 2,
        data: { websiteId: 'w-1', siteBuilder: { siteId: 'site-9' } },
      });
      expect(read(type, 1, { websiteId: 'w-1', siteBuilder: { siteId: 'site-9', token: 1234 } })).toEqual({
        schemaVersion: 2,
        data: { websiteId: 'w-1', siteBuilder: { siteId: 'site-9', token: 1234 } },
      });
    });

    it('v2 events are read as they are', () => {
      const v2 = { websiteId: 'w-1', siteBuilder: { siteId: 'site-9', tokenHint: '••••••••wxyz' } };
      expect(read(type, 2, v2)).toEqual({
        schemaVersion: 2,
        data: { websiteId: 'w-1', siteBuilder: { siteId: 'site-9', tokenHint: '••••••••wxyz' } },
      });
    });
  },
);

describe.each(['MemberJoined', 'MemberInvited', 'MemberAccessChanged'])(
  '%s v1: recorded before website access was enforced',
  (type) => {
    it('carries the mark beforeWebsiteAccess: true', () => {
      expect(read(type, 1, { organisationId: 'org-1', userId: 'u-1', websiteIds: [] })).toEqual({
        schemaVersion: 2,
        data: { organisationId: 'org-1', userId: 'u-1', websiteIds: [], beforeWebsiteAccess: true },
      });
    });

    it('v2 events, recorded under the rule, never carry it', () => {
      expect(read(type, 2, { organisationId: 'org-1', userId: 'u-1', websiteIds: [] })).toEqual({
        schemaVersion: 2,
        data: { organisationId: 'org-1', userId: 'u-1', websiteIds: [] },
      });
    });
  },
);

describe('events still at their first version are read as stored', () => {
  it.each(['OrganisationPlanChanged', 'MemberDeactivated', 'QuestionCreated', 'AnswerPublished'])('%s v1', (type) => {
    expect(read(type, 1, { id: 'x-1', note: 'kept' })).toEqual({ schemaVersion: 1, data: { id: 'x-1', note: 'kept' } });
  });
});

// Issue 25: a webhook's and a Zapier catch hook's URL are secrets (a catch hook's URL is its only
// credential). CtaIntegrationConnected v1 recorded them; they read as their hint (scheme, host,
// eight dots and the last four characters) in states, records, histories, the audit and the relay.
describe('CtaIntegrationConnected v1: the URL of a webhook or Zapier hook', () => {
  const by = { id: 'u-1', name: 'Eve' };
  it('becomes its hint; every other setting is kept', () => {
    expect(
      read('CtaIntegrationConnected', 1, {
        kind: 'zapier',
        settings: { url: 'https://hooks.zapier.com/hooks/catch/123/s3cr3tHook/' },
        by,
      }),
    ).toEqual({
      schemaVersion: 2,
      data: { kind: 'zapier', settings: { urlHint: 'https://hooks.zapier.com/••••••••ook/' }, by },
    });
    expect(
      read('CtaIntegrationConnected', 1, {
        kind: 'webhook',
        settings: { url: 'https://crm.example.com/in?key=abcd1234', secretHint: '••••••••wxyz' },
        by,
      }),
    ).toEqual({
      schemaVersion: 2,
      data: {
        kind: 'webhook',
        settings: { urlHint: 'https://crm.example.com/••••••••1234', secretHint: '••••••••wxyz' },
        by,
      },
    });
  });

  it('HubSpot and Zoho settings hold no URL: read as stored', () => {
    expect(
      read('CtaIntegrationConnected', 1, { kind: 'hubspot', settings: { portalId: '1', formId: 'f' }, by }),
    ).toEqual({ schemaVersion: 2, data: { kind: 'hubspot', settings: { portalId: '1', formId: 'f' }, by } });
    expect(
      read('CtaIntegrationConnected', 1, { kind: 'zoho', settings: { module: 'Leads', dataCenter: 'eu' }, by }),
    ).toEqual({ schemaVersion: 2, data: { kind: 'zoho', settings: { module: 'Leads', dataCenter: 'eu' }, by } });
  });
});
