import { describe, expect, it } from '@jest/globals';
import { given } from '../support/given.js';
import {
  NEW,
  ORGANISATION_ALLOWED,
  ORGANISATION_TABLE,
  WEBSITE_ALLOWED,
  WEBSITE_DOMAIN_TABLE,
  WEBSITE_TABLE,
  WHO,
  describeCell,
  type Who,
} from '../support/organisation-tables.js';
import { organisationDecider } from '#libs/organisations/src/domain/organisation.decider.js';
import {
  DomainTakenError,
  websiteDecider,
  websiteDomainDecider,
} from '#libs/organisations/src/domain/website.decider.js';
import { NEW as NO_STREAM, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';

/**
 * The organisation, website and website-domain deciders against the tables typed by hand in
 * test/support/organisation-tables.ts, then given/when/then on events with the events' data.
 */

const ACTORS: Record<Exclude<Who, 'self'>, Actor> = {
  owner: { userId: 'u-owner', roles: ['user', 'owner'] },
  admin: { userId: 'u-admin', roles: ['user', 'admin'] },
  member: { userId: 'u-member', roles: ['user', 'member'] },
  outsider: { userId: 'u-outsider', roles: ['user'] },
  platformAdmin: { userId: 'u-platform', roles: ['user', 'platform_admin'] },
  system: { userId: 'system', roles: ['system'] },
};
const sentinel = (status: string) => (status === NEW ? NO_STREAM : status);

// --- organisation -------------------------------------------------------------------------------

const profile = {
  name: 'Acme',
  website: 'https://acme.example',
  country: 'DE',
  locales: ['en', 'de'],
  timezone: 'Europe/Berlin',
};
const business = { employees: '11-50', monthlyVisitors: '5k-20k', ltv: '250-500', aov: '20-50' };
const created: DomainEvent = {
  type: 'OrganisationCreated',
  data: { ...profile, createdBy: 'u-owner', plan: 'starter' },
};

const ORGANISATION_DATA: Record<string, unknown> = {
  Create: profile,
  Update: { name: 'Acme Renamed' },
  SetBusinessProfile: business,
  ChangePlan: { plan: 'scale' },
  AddMember: { userId: 'u-new', role: 'member' },
  // Two owners: removing one is allowed (the last one stays, below).
  RemoveMember: { userId: 'u-second-owner' },
};
const organisationHistory = (from: string): DomainEvent[] =>
  from === NEW ? [] : [created, { type: 'OrganisationMemberAdded', data: { userId: 'u-second-owner', role: 'owner' } }];

describe('the organisation table (typed by hand from DESIGN.md)', () => {
  for (const row of ORGANISATION_TABLE) {
    for (const who of WHO) {
      const expected = row.by[who];
      if (expected === undefined || who === 'self') continue;
      it(`${row.action} from ${row.from} by ${who}: ${describeCell(expected)}`, () => {
        const g = given(organisationDecider, organisationHistory(row.from));
        const command = { type: row.action, data: ORGANISATION_DATA[row.action], actor: ACTORS[who] };
        if (typeof expected === 'number') return g.when(command).refused(expected);
        const after = organisationDecider.decide(command, g.state).reduce(organisationDecider.evolve, g.state);
        expect({ status: organisationDecider.statusOf(after) }).toEqual({ status: expected });
      });
    }
  }

  for (const [who, actions] of Object.entries(ORGANISATION_ALLOWED) as [Who, string[]][]) {
    it(`an active organisation offers ${who} [${actions.join(', ')}]`, () => {
      const state = organisationDecider.fold(organisationHistory('active') as never[]);
      expect(
        [...organisationDecider.allowedActions('active', ACTORS[who as Exclude<Who, 'self'>], state)].sort(),
      ).toEqual([...actions].sort());
    });
  }
});

describe('organisation: given/when/then on events', () => {
  const owner = ACTORS.owner;

  it('Create records the profile, the starter plan and who created it', () => {
    given(organisationDecider, [])
      .when({ type: 'Create', data: profile, actor: ACTORS.outsider })
      .then([
        {
          type: 'OrganisationCreated',
          data: {
            name: 'Acme',
            website: 'https://acme.example',
            country: 'DE',
            locales: ['en', 'de'],
            timezone: 'Europe/Berlin',
            plan: 'starter',
            createdBy: 'u-outsider',
          },
        },
      ]);
  });

  it('Create keeps a plan and the demo flag when given', () => {
    given(organisationDecider, [])
      .when({ type: 'Create', data: { ...profile, plan: 'growth', demo: true }, actor: ACTORS.system })
      .then([{ type: 'OrganisationCreated', data: { ...profile, plan: 'growth', demo: true, createdBy: 'system' } }]);
  });

  it('the creator is the owner of the new organisation (AddMember of them as owner changes nothing)', () => {
    given(organisationDecider, [created])
      .when({ type: 'AddMember', data: { userId: 'u-owner', role: 'owner' }, actor: ACTORS.system })
      .then([]);
  });

  it('an organisation is created once (422)', () => {
    given(organisationDecider, [created])
      .when({ type: 'Create', data: profile, actor: owner })
      .refused(422, 'Create is not allowed while the organisation is active');
  });

  it('Update records only what changed; nothing changed records nothing', () => {
    given(organisationDecider, [created])
      .when({ type: 'Update', data: { name: 'Acme Renamed', country: 'DE', timezone: 'UTC' }, actor: ACTORS.admin })
      .then([{ type: 'OrganisationProfileChanged', data: { name: 'Acme Renamed', timezone: 'UTC' } }]);
    given(organisationDecider, [created])
      .when({ type: 'Update', data: { ...profile }, actor: owner })
      .then([]);
  });

  it('a member may not update the organisation (403); an organisation that does not exist is 404', () => {
    given(organisationDecider, [created])
      .when({ type: 'Update', data: { name: 'Mine' }, actor: ACTORS.member })
      .refused(403, 'Your role may not Update this organisation');
    given(organisationDecider, [])
      .when({ type: 'Update', data: { name: 'Mine' }, actor: owner })
      .refused(404, 'The organisation does not exist');
  });

  it("SetBusinessProfile records the onboarding's answers once", () => {
    given(organisationDecider, [created])
      .when({ type: 'SetBusinessProfile', data: business, actor: owner })
      .then([
        {
          type: 'OrganisationBusinessProfileSet',
          data: { employees: '11-50', monthlyVisitors: '5k-20k', ltv: '250-500', aov: '20-50' },
        },
      ]);
    given(organisationDecider, [created, { type: 'OrganisationBusinessProfileSet', data: business }])
      .when({ type: 'SetBusinessProfile', data: { ...business }, actor: owner })
      .then([]);
    given(organisationDecider, [created])
      .when({ type: 'SetBusinessProfile', data: business, actor: ACTORS.member })
      .refused(403, 'Your role may not SetBusinessProfile this organisation');
  });

  it('ChangePlan records the new plan, nothing for the same plan; only owners change it (403 for admins)', () => {
    given(organisationDecider, [created])
      .when({ type: 'ChangePlan', data: { plan: 'scale' }, actor: owner })
      .then([{ type: 'OrganisationPlanChanged', data: { plan: 'scale' } }]);
    given(organisationDecider, [created])
      .when({ type: 'ChangePlan', data: { plan: 'starter' }, actor: owner })
      .then([]);
    given(organisationDecider, [created])
      .when({ type: 'ChangePlan', data: { plan: 'scale' }, actor: ACTORS.admin })
      .refused(403, 'Your role may not ChangePlan this organisation');
  });

  it('AddMember records a member or a new role; the same role again records nothing; only the system adds (403)', () => {
    given(organisationDecider, [created])
      .when({ type: 'AddMember', data: { userId: 'u-new', role: 'admin' }, actor: ACTORS.system })
      .then([{ type: 'OrganisationMemberAdded', data: { userId: 'u-new', role: 'admin' } }]);
    const added: DomainEvent = { type: 'OrganisationMemberAdded', data: { userId: 'u-new', role: 'admin' } };
    given(organisationDecider, [created, added])
      .when({ type: 'AddMember', data: { userId: 'u-new', role: 'admin' }, actor: ACTORS.system })
      .then([]);
    given(organisationDecider, [created, added])
      .when({ type: 'AddMember', data: { userId: 'u-new', role: 'member' }, actor: ACTORS.system })
      .then([{ type: 'OrganisationMemberAdded', data: { userId: 'u-new', role: 'member' } }]);
    given(organisationDecider, [created])
      .when({ type: 'AddMember', data: { userId: 'u-new', role: 'admin' }, actor: ACTORS.admin })
      .refused(403, 'Your role may not AddMember this organisation');
  });

  it('RemoveMember records the removal; someone not a member records nothing; the last owner stays (422)', () => {
    const added: DomainEvent = { type: 'OrganisationMemberAdded', data: { userId: 'u-new', role: 'member' } };
    given(organisationDecider, [created, added])
      .when({ type: 'RemoveMember', data: { userId: 'u-new' }, actor: ACTORS.system })
      .then([{ type: 'OrganisationMemberRemoved', data: { userId: 'u-new' } }]);
    given(organisationDecider, [created])
      .when({ type: 'RemoveMember', data: { userId: 'u-stranger' }, actor: ACTORS.system })
      .then([]);
    given(organisationDecider, [created, added])
      .when({ type: 'RemoveMember', data: { userId: 'u-owner' }, actor: ACTORS.system })
      .refused(422, 'The last owner of an organisation cannot be removed');
    given(organisationDecider, organisationHistory('active'))
      .when({ type: 'RemoveMember', data: { userId: 'u-owner' }, actor: ACTORS.system })
      .then([{ type: 'OrganisationMemberRemoved', data: { userId: 'u-owner' } }]);
    given(organisationDecider, [created, added])
      .when({ type: 'RemoveMember', data: { userId: 'u-new' }, actor: owner })
      .refused(403, 'Your role may not RemoveMember this organisation');
  });

  it('refuses an action it does not know (422)', () => {
    given(organisationDecider, [created])
      .when({ type: 'Explode', data: {}, actor: owner })
      .refused(422, 'Action Explode is not supported for a organisation');
  });
});

// --- website ------------------------------------------------------------------------------------

const settings = {
  name: 'Site',
  url: 'https://site.example',
  domain: 'site.example',
  defaultLocale: 'en',
  locales: [{ locale: 'en', urlPrefix: '' }],
  approvingLocales: [],
  timezone: 'UTC',
  category: null,
  type: null,
  industry: null,
  currency: 'EUR',
  showInSitemap: true,
  cdnDistributionId: null,
  customHeadCode: '',
  customBodyCode: '',
  reviewType: 'internal',
  factCheckerDisplay: true,
  siteBuilder: null,
  secondEdit: false,
  customerReview: false,
  factCheckLevels: 1,
  publishContent: true,
  regulated: false,
  fourEyes: true,
  videoCms: false,
  croProxy: false,
};
const websiteCreated: DomainEvent = {
  type: 'WebsiteCreated',
  data: { ...settings, organisationId: 'org-1', key: 'pk_1' },
};
const deactivated: DomainEvent = { type: 'WebsiteDeactivated', data: {} };
const refused: DomainEvent = { type: 'WebsiteDomainRefused', data: { domain: 'site.example', restore: null } };
const websiteHistory = (from: string): DomainEvent[] =>
  from === NEW
    ? []
    : from === 'active'
      ? [websiteCreated]
      : from === 'inactive'
        ? [websiteCreated, deactivated]
        : [websiteCreated, refused];

const WEBSITE_DATA: Record<string, unknown> = {
  Create: { ...settings, organisationId: 'org-1', key: 'pk_1' },
  Update: { name: 'Renamed' },
  Deactivate: {},
  Activate: {},
  VerifyInstallation: { url: 'https://site.example/', found: true },
  RefuseDomain: { domain: 'site.example', restore: null },
};

describe('the website table (typed by hand from DESIGN.md)', () => {
  for (const row of WEBSITE_TABLE) {
    for (const who of WHO) {
      const expected = row.by[who];
      if (expected === undefined || who === 'self') continue;
      it(`${row.action} from ${row.from} by ${who}: ${describeCell(expected)}`, () => {
        const g = given(websiteDecider, websiteHistory(row.from));
        const command = { type: row.action, data: WEBSITE_DATA[row.action], actor: ACTORS[who] };
        if (typeof expected === 'number') return g.when(command).refused(expected);
        const after = websiteDecider.decide(command, g.state).reduce(websiteDecider.evolve, g.state);
        expect({ status: websiteDecider.statusOf(after) }).toEqual({ status: expected });
      });
    }
  }

  for (const [status, byWho] of Object.entries(WEBSITE_ALLOWED)) {
    for (const [who, actions] of Object.entries(byWho) as [Exclude<Who, 'self'>, string[]][]) {
      it(`a ${status} website offers ${who} [${actions.join(', ')}]`, () => {
        const state = websiteDecider.fold(websiteHistory(status) as never[]);
        expect([...websiteDecider.allowedActions(sentinel(status) as never, ACTORS[who], state)].sort()).toEqual(
          [...actions].sort(),
        );
      });
    }
  }
});

describe('website: given/when/then on events', () => {
  const owner = ACTORS.owner;

  it('Create records the settings, the organisation and the key', () => {
    given(websiteDecider, [])
      .when({ type: 'Create', data: { ...settings, organisationId: 'org-1', key: 'pk_1' }, actor: ACTORS.admin })
      .then([
        {
          type: 'WebsiteCreated',
          data: {
            ...settings,
            name: 'Site',
            url: 'https://site.example',
            domain: 'site.example',
            organisationId: 'org-1',
            key: 'pk_1',
          },
        },
      ]);
  });

  it('Update records only what changed; an update that changes nothing records nothing', () => {
    given(websiteDecider, [websiteCreated])
      .when({ type: 'Update', data: { name: 'New', currency: 'EUR', factCheckLevels: 3 }, actor: owner })
      .then([{ type: 'WebsiteSettingsChanged', data: { name: 'New', factCheckLevels: 3 } }]);
    given(websiteDecider, [websiteCreated])
      .when({ type: 'Update', data: { name: 'Site', locales: [{ locale: 'en', urlPrefix: '' }] }, actor: owner })
      .then([]);
  });

  it('an inactive website can still be edited', () => {
    given(websiteDecider, [websiteCreated, deactivated])
      .when({ type: 'Update', data: { name: 'Quiet' }, actor: ACTORS.admin })
      .then([{ type: 'WebsiteSettingsChanged', data: { name: 'Quiet' } }]);
  });

  it('a member may not edit a website (403)', () => {
    given(websiteDecider, [websiteCreated])
      .when({ type: 'Update', data: { name: 'Mine' }, actor: ACTORS.member })
      .refused(403, 'Your role may not Update this website');
  });

  it('Deactivate and Activate record the switch; each from the other status only (422)', () => {
    given(websiteDecider, [websiteCreated])
      .when({ type: 'Deactivate', data: {}, actor: owner })
      .then([{ type: 'WebsiteDeactivated', data: {} }]);
    given(websiteDecider, [websiteCreated, deactivated])
      .when({ type: 'Activate', data: {}, actor: owner })
      .then([{ type: 'WebsiteActivated', data: {} }]);
    given(websiteDecider, [websiteCreated])
      .when({ type: 'Activate', data: {}, actor: owner })
      .refused(422, 'Activate is not allowed while the website is active');
    given(websiteDecider, [websiteCreated, deactivated])
      .when({ type: 'Deactivate', data: {}, actor: owner })
      .refused(422, 'Deactivate is not allowed while the website is inactive');
    given(websiteDecider, [])
      .when({ type: 'Deactivate', data: {}, actor: owner })
      .refused(404, 'The website does not exist');
  });

  it('VerifyInstallation records where the script was found', () => {
    given(websiteDecider, [websiteCreated])
      .when({ type: 'VerifyInstallation', data: { url: 'https://site.example/', found: true }, actor: owner })
      .then([{ type: 'WebsiteInstallationVerified', data: { url: 'https://site.example/' } }]);
  });

  it("VerifyInstallation of a site without the script is refused with the spec's failure message and the problem under url", () => {
    const problem = 'The page https://site.example/ does not include the tracking script';
    given(websiteDecider, [websiteCreated])
      .when({ type: 'VerifyInstallation', data: { url: 'https://site.example/', found: false, problem }, actor: owner })
      .refused(422, 'It seems like the script was not installed successfully');
    let error: { errors?: Record<string, string> } | undefined;
    try {
      websiteDecider.decide(
        { type: 'VerifyInstallation', data: { url: 'https://site.example/', found: false, problem }, actor: owner },
        websiteDecider.fold([websiteCreated] as never[]),
      );
    } catch (caught) {
      error = caught as typeof error;
    }
    expect(error?.errors).toEqual({ url: problem });
  });

  it('describes itself for GET /api/workflows/website', () => {
    expect(websiteDecider.describe()).toMatchObject({
      name: 'website',
      statuses: ['active', 'inactive', 'refused'],
      actions: ['Create', 'Update', 'Deactivate', 'Activate', 'VerifyInstallation', 'RefuseDomain'],
    });
  });

  const system = { userId: 'system', roles: ['system'] };

  it('RefuseDomain of the domain a website was created with: the website is refused', () => {
    const g = given(websiteDecider, [websiteCreated]);
    g.when({ type: 'RefuseDomain', data: { domain: 'site.example', restore: null }, actor: system }).then([
      { type: 'WebsiteDomainRefused', data: { domain: 'site.example', restore: null } },
    ]);
    expect(websiteDecider.fold([websiteCreated, refused] as never[]).status).toBe('refused');
  });

  it('RefuseDomain of a new address: the website goes back to the address it had, and stays active', () => {
    const moved: DomainEvent = {
      type: 'WebsiteSettingsChanged',
      data: { url: 'https://taken.example', domain: 'taken.example' },
    };
    const back: DomainEvent = {
      type: 'WebsiteDomainRefused',
      data: { domain: 'taken.example', restore: { domain: 'site.example', url: 'https://site.example' } },
    };
    given(websiteDecider, [websiteCreated, moved])
      .when({
        type: 'RefuseDomain',
        data: { domain: 'taken.example', restore: { domain: 'site.example', url: 'https://site.example' } },
        actor: system,
      })
      .then([back]);
    const state = websiteDecider.fold([websiteCreated, moved, back] as never[]);
    expect({ status: state.status, url: state.settings?.url, domain: state.settings?.domain }).toEqual({
      status: 'active',
      url: 'https://site.example',
      domain: 'site.example',
    });
  });

  it('RefuseDomain of a domain the website no longer has records nothing (a later change superseded it)', () => {
    const moved: DomainEvent = {
      type: 'WebsiteSettingsChanged',
      data: { url: 'https://other.example', domain: 'other.example' },
    };
    given(websiteDecider, [websiteCreated, moved])
      .when({ type: 'RefuseDomain', data: { domain: 'site.example', restore: null }, actor: system })
      .then([]);
  });
});

// --- website domain -----------------------------------------------------------------------------

const claimed: DomainEvent = { type: 'WebsiteDomainClaimed', data: { websiteId: 'w-1', organisationId: 'org-1' } };
const released: DomainEvent = { type: 'WebsiteDomainReleased', data: { websiteId: 'w-1' } };
const domainHistory = (from: string): DomainEvent[] =>
  from === NEW ? [] : from === 'claimed' ? [claimed] : [claimed, released];

describe('the website domain table (typed by hand: one domain, one website)', () => {
  for (const row of WEBSITE_DOMAIN_TABLE) {
    for (const who of WHO) {
      const expected = row.by[who];
      if (expected === undefined || who === 'self') continue;
      it(`${row.action} by the ${row.website === 'holder' ? 'holding' : 'other'} website from ${row.from} by ${who}: ${describeCell(expected)}`, () => {
        const g = given(websiteDomainDecider, domainHistory(row.from));
        const websiteId = row.website === 'holder' ? 'w-1' : 'w-2';
        const command = {
          type: row.action,
          data: row.action === 'Claim' ? { websiteId, organisationId: 'org-2' } : { websiteId },
          actor: ACTORS[who],
        };
        if (typeof expected === 'number') return g.when(command).refused(expected);
        const after = websiteDomainDecider.decide(command, g.state).reduce(websiteDomainDecider.evolve, g.state);
        expect({ status: websiteDomainDecider.statusOf(after) }).toEqual({ status: expected });
      });
    }
  }
});

describe('website domain: given/when/then on events', () => {
  const admin = ACTORS.admin;

  it('Claim records which website of which organisation holds the domain', () => {
    given(websiteDomainDecider, [])
      .when({ type: 'Claim', data: { websiteId: 'w-1', organisationId: 'org-1' }, actor: admin })
      .then([{ type: 'WebsiteDomainClaimed', data: { websiteId: 'w-1', organisationId: 'org-1' } }]);
    given(websiteDomainDecider, [claimed, released])
      .when({ type: 'Claim', data: { websiteId: 'w-2', organisationId: 'org-2' }, actor: admin })
      .then([{ type: 'WebsiteDomainClaimed', data: { websiteId: 'w-2', organisationId: 'org-2' } }]);
  });

  it("a domain held by one website is refused to another with the spec's message (409); its holder claims it again for nothing", () => {
    given(websiteDomainDecider, [claimed])
      .when({ type: 'Claim', data: { websiteId: 'w-2', organisationId: 'org-2' }, actor: admin })
      .refused(409, 'This website already has an account. Please contact its owner to be given access.');
    given(websiteDomainDecider, [claimed])
      .when({ type: 'Claim', data: { websiteId: 'w-1', organisationId: 'org-1' }, actor: admin })
      .then([]);
  });

  it('Release records the release by the holder; another website releases nothing', () => {
    given(websiteDomainDecider, [claimed])
      .when({ type: 'Release', data: { websiteId: 'w-1' }, actor: ACTORS.system })
      .then([{ type: 'WebsiteDomainReleased', data: { websiteId: 'w-1' } }]);
    given(websiteDomainDecider, [claimed])
      .when({ type: 'Release', data: { websiteId: 'w-2' }, actor: ACTORS.system })
      .then([]);
    given(websiteDomainDecider, [claimed, released])
      .when({ type: 'Release', data: { websiteId: 'w-1' }, actor: ACTORS.system })
      .refused(422, 'Release is not allowed while the website domain is released');
  });

  it('a member may not claim a domain (403)', () => {
    given(websiteDomainDecider, [])
      .when({ type: 'Claim', data: { websiteId: 'w-1', organisationId: 'org-1' }, actor: ACTORS.member })
      .refused(403, 'Your role may not Claim this website domain');
  });
});

// --- what each aggregate remembers between commands (evolve), seen through the next decision -----

describe('organisation: what it remembers between commands', () => {
  const owner = ACTORS.owner;

  it('a plan change is remembered: the same plan again records nothing', () => {
    given(organisationDecider, [created, { type: 'OrganisationPlanChanged', data: { plan: 'scale' } }])
      .when({ type: 'ChangePlan', data: { plan: 'scale' }, actor: owner })
      .then([]);
  });

  it('a profile change is remembered on top of the rest of the profile', () => {
    const renamed: DomainEvent = { type: 'OrganisationProfileChanged', data: { name: 'Acme Renamed' } };
    given(organisationDecider, [created, renamed])
      .when({ type: 'Update', data: { name: 'Acme Renamed', country: 'DE', timezone: 'Europe/Berlin' }, actor: owner })
      .then([]);
    given(organisationDecider, [created, renamed])
      .when({ type: 'Update', data: { name: 'Acme', country: 'FR' }, actor: owner })
      .then([{ type: 'OrganisationProfileChanged', data: { name: 'Acme', country: 'FR' } }]);
  });

  it('a removed member is no member any more: removing again records nothing, adding again records them', () => {
    const history: DomainEvent[] = [
      created,
      { type: 'OrganisationMemberAdded', data: { userId: 'u-new', role: 'member' } },
      { type: 'OrganisationMemberRemoved', data: { userId: 'u-new' } },
    ];
    given(organisationDecider, history)
      .when({ type: 'RemoveMember', data: { userId: 'u-new' }, actor: ACTORS.system })
      .then([]);
    given(organisationDecider, history)
      .when({ type: 'AddMember', data: { userId: 'u-new', role: 'member' }, actor: ACTORS.system })
      .then([{ type: 'OrganisationMemberAdded', data: { userId: 'u-new', role: 'member' } }]);
  });

  it('the last owner stays however many other members there are (422)', () => {
    const history: DomainEvent[] = [
      created,
      { type: 'OrganisationMemberAdded', data: { userId: 'u-one', role: 'member' } },
      { type: 'OrganisationMemberAdded', data: { userId: 'u-two', role: 'admin' } },
    ];
    given(organisationDecider, history)
      .when({ type: 'RemoveMember', data: { userId: 'u-owner' }, actor: ACTORS.system })
      .refused(422, 'The last owner of an organisation cannot be removed');
  });

  it('Update ignores fields sent as undefined: nothing else sent, nothing recorded', () => {
    given(organisationDecider, [created])
      .when({ type: 'Update', data: { name: undefined, website: undefined }, actor: owner })
      .then([]);
  });

  it("an event of a type it does not know (a later release's) leaves the organisation as it was", () => {
    const g = given(organisationDecider, [created, { type: 'OrganisationSomethingNew', data: { anything: 1 } }]);
    expect(g.state).toMatchObject({
      status: 'active',
      createdBy: 'u-owner',
      plan: 'starter',
      members: { 'u-owner': 'owner' },
    });
    g.when({ type: 'ChangePlan', data: { plan: 'scale' }, actor: owner }).then([
      { type: 'OrganisationPlanChanged', data: { plan: 'scale' } },
    ]);
  });
});

describe('website: what it remembers between commands', () => {
  const owner = ACTORS.owner;

  it('a settings change is remembered on top of the other settings', () => {
    const renamed: DomainEvent = { type: 'WebsiteSettingsChanged', data: { name: 'New' } };
    given(websiteDecider, [websiteCreated, renamed])
      .when({ type: 'Update', data: { name: 'New', currency: 'EUR' }, actor: owner })
      .then([]);
    given(websiteDecider, [websiteCreated, renamed])
      .when({ type: 'Update', data: { name: 'Site', currency: 'USD' }, actor: owner })
      .then([{ type: 'WebsiteSettingsChanged', data: { name: 'Site', currency: 'USD' } }]);
  });

  it('the installation is unverified when the website is created and verified once the script was found', () => {
    expect(given(websiteDecider, [websiteCreated]).state).toEqual({
      status: 'active',
      organisationId: 'org-1',
      key: 'pk_1',
      settings,
      installationVerified: false,
    });
    const verified: DomainEvent = { type: 'WebsiteInstallationVerified', data: { url: 'https://site.example/' } };
    expect(given(websiteDecider, [websiteCreated, verified]).state).toMatchObject({
      status: 'active',
      installationVerified: true,
    });
    expect(given(websiteDecider, [websiteCreated, verified, deactivated]).state).toMatchObject({
      status: 'inactive',
      installationVerified: true,
    });
  });

  it('Update ignores fields sent as undefined: nothing else sent, nothing recorded', () => {
    given(websiteDecider, [websiteCreated])
      .when({ type: 'Update', data: { name: undefined, currency: undefined }, actor: owner })
      .then([]);
  });

  it("an event of a type it does not know (a later release's) leaves the website as it was", () => {
    const g = given(websiteDecider, [websiteCreated, { type: 'WebsiteSomethingNew', data: { anything: 1 } }]);
    expect(g.state).toMatchObject({
      status: 'active',
      organisationId: 'org-1',
      key: 'pk_1',
      installationVerified: false,
    });
    g.when({ type: 'Deactivate', data: {}, actor: owner }).then([{ type: 'WebsiteDeactivated', data: {} }]);
  });
});

describe('website domain: the refusal names the field', () => {
  it("a taken domain is refused with the spec's message under url, for the form to show by the address", () => {
    let error: unknown;
    try {
      websiteDomainDecider.decide(
        { type: 'Claim', data: { websiteId: 'w-2', organisationId: 'org-2' }, actor: ACTORS.admin },
        websiteDomainDecider.fold([claimed] as never[]),
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainTakenError);
    expect((error as { errors?: unknown }).errors).toEqual({
      url: 'This website already has an account. Please contact its owner to be given access.',
    });
  });
});
