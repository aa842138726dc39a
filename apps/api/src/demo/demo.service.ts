import { MEMBER, ORGANISATION, WEBSITE } from '#libs/organisations/src/domain/deciders.js';
import type { RegisteredDecider } from '#libs/platform/src/aggregate.js';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { IdentityService } from '#libs/identity/src/identity.service.js';
import { SYSTEM } from '#libs/identity/src/domain/user.decider.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { joinCommand } from '#libs/organisations/src/domain/join.js';
import { memberIdOf } from '#libs/organisations/src/domain/member.decider.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { CONFIG, LOGGER, SQL } from '#libs/platform/src/tokens.js';
import type { Logger } from '#libs/platform/src/logging.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { seedBios } from './bios.seed.js';
import { seedCommunity } from './community.seed.js';
import { seedCro } from './cro.seed.js';
import { seedPosts } from './posts.seed.js';
import { seedDemoTraffic } from './traffic.seed.js';

/** The demo's sign-in: shown on the login page and printed at start (embedded demo only). */
export const DEMO_PASSWORD = 'Demo-pass-1';
export const DEMO_USERS = [
  { email: 'owner@demo.example', name: 'Olivia Owner', role: 'owner', orgRole: 'owner', cmsRole: 'admin' },
  { email: 'editor@demo.example', name: 'Eddie Editor', role: 'editor', orgRole: 'member', cmsRole: 'editor' },
  { email: 'writer@demo.example', name: 'Wendy Writer', role: 'writer', orgRole: 'member', cmsRole: 'creator' },
  { email: 'checker@demo.example', name: 'Rita Reviewer', role: 'editor', orgRole: 'member', cmsRole: 'reviewer' },
] as const;
export const DEFAULT_ADMIN = { email: 'admin@platform.example', password: 'Admin-pass-1' };

const SYSTEM_ACTOR = { userId: SYSTEM, roles: [SYSTEM] };

/** Creates the platform administrator and, in demo mode, a demo organisation on first start. */
@Injectable()
export class DemoService {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly identity: IdentityService,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  get adminCredentials() {
    return {
      email: this.config.adminEmail ?? DEFAULT_ADMIN.email,
      password: this.config.adminPassword ?? DEFAULT_ADMIN.password,
    };
  }

  async seed(): Promise<void> {
    const admin = this.adminCredentials;
    if (!(await this.identity.findUserIdByEmail(admin.email))) {
      await this.identity.register({
        email: admin.email,
        name: 'Platform Admin',
        password: admin.password,
        role: 'admin',
        platformAdmin: true,
      });
      this.log.info({ email: admin.email }, 'platform administrator created');
    }
    if (!this.config.demoData || (await this.identity.findUserIdByEmail(DEMO_USERS[0].email))) return;

    const ids: string[] = [];
    for (const user of DEMO_USERS) {
      ids.push(
        (await this.identity.register({ email: user.email, name: user.name, password: DEMO_PASSWORD, role: user.role }))
          .id,
      );
    }
    const owner = { userId: ids[0], roles: ['user', 'owner', SYSTEM] };
    const organisationId = randomUUID();
    await this.run(ORGANISATION, organisationId, 'Create', owner, {
      name: 'Demo Publishing',
      website: 'https://demo.example',
      country: 'DE',
      locales: ['en', 'de'],
      timezone: 'Europe/Berlin',
      plan: 'scale',
      // The organisation demo mode shows (read-only) to anyone who enters it.
      demo: true,
    });
    await this.run(ORGANISATION, organisationId, 'SetBusinessProfile', owner, {
      employees: '11-50',
      monthlyVisitors: '20k-50k',
      ltv: '250-500',
      aov: '20-50',
    });
    for (let i = 0; i < DEMO_USERS.length; i++) {
      if (i > 0)
        await this.run(ORGANISATION, organisationId, 'AddMember', SYSTEM_ACTOR, {
          userId: ids[i],
          role: DEMO_USERS[i].orgRole,
        });
      const joined: DecideResult = await this.commands.execute(
        joinCommand(
          organisationId,
          { id: ids[i], email: DEMO_USERS[i].email, name: DEMO_USERS[i].name },
          DEMO_USERS[i].orgRole,
          { cmsRole: DEMO_USERS[i].cmsRole },
        ),
      );
      await this.projections.waitFor(joined.position);
    }
    const sites = [
      {
        name: 'Demo Blog',
        url: 'https://blog.demo.example',
        type: 'news',
        industry: 'media',
        factCheckLevels: 2,
        secondEdit: true,
      },
      {
        name: 'Demo Shop',
        url: 'https://shop.demo.example',
        type: 'ecommerce',
        industry: 'retail',
        factCheckLevels: 0,
        secondEdit: false,
      },
    ] as const;
    const siteIds: string[] = [];
    for (const site of sites) {
      const id = randomUUID();
      siteIds.push(id);
      const domain = new URL(site.url).hostname;
      // Its domain is claimed by the website-domains process.
      await this.run(
        WEBSITE,
        id,
        'Create',
        { ...owner, roles: [...owner.roles] },
        {
          organisationId,
          key: `pk_${randomBytes(12).toString('hex')}`,
          name: site.name,
          url: site.url,
          domain,
          defaultLocale: 'en',
          locales: [
            { locale: 'en', urlPrefix: '' },
            { locale: 'de', urlPrefix: '/de' },
          ],
          approvingLocales: [],
          timezone: 'Europe/Berlin',
          category: 'B2C',
          type: site.type,
          industry: site.industry,
          currency: 'EUR',
          showInSitemap: true,
          cdnDistributionId: null,
          customHeadCode: '',
          customBodyCode: '',
          reviewType: 'internal',
          factCheckerDisplay: true,
          siteBuilder: null,
          secondEdit: site.secondEdit,
          customerReview: false,
          factCheckLevels: site.factCheckLevels,
          publishContent: true,
          regulated: false,
          fourEyes: true,
          videoCms: false,
          croProxy: false,
        },
      );
    }
    // Website access (DESIGN.md): the demo's editor, writer and checker work on both websites.
    for (let i = 1; i < DEMO_USERS.length; i++) {
      const granted: DecideResult = await this.commands.execute(
        new DecideCommand(
          MEMBER,
          memberIdOf(organisationId, ids[i]),
          { type: 'ChangeAccess', actor: owner, data: { websiteIds: siteIds } },
          { organisationId },
        ),
      );
      await this.projections.waitFor(granted.position);
    }
    this.log.info({ organisationId }, 'demo organisation created');
    await seedCommunity({ db: this.db, commands: this.commands, projections: this.projections }, organisationId);
    const actor = (i: number, roles: string[]) => ({
      userId: ids[i],
      name: DEMO_USERS[i].name,
      roles: ['user', ...roles],
    });
    const settingsOf = (site: (typeof sites)[number]) => ({
      secondEdit: site.secondEdit,
      customerReview: false,
      factCheckLevels: site.factCheckLevels,
      regulated: false,
      fourEyes: true,
    });
    const actors = {
      owner: actor(0, ['owner', 'cms:admin']),
      editor: actor(1, ['member', 'cms:editor']),
      writer: actor(2, ['member', 'cms:creator']),
      checker: actor(3, ['member', 'cms:reviewer']),
    };
    const expertId = await seedBios(
      { commands: this.commands, projections: this.projections },
      { organisationId, websiteId: siteIds[0], owner: actors.owner, people: actors },
    );
    await seedPosts(
      { commands: this.commands, projections: this.projections },
      {
        organisationId,
        actors,
        expertId,
        sites: {
          blog: { id: siteIds[0], settings: settingsOf(sites[0]) },
          shop: { id: siteIds[1], settings: settingsOf(sites[1]) },
        },
      },
    );
    await seedCro(
      { db: this.db, commands: this.commands, projections: this.projections },
      {
        organisationId,
        websiteId: siteIds[1],
        owner: { ...actors.owner, roles: ['user', 'owner', 'cms:admin', 'cro:admin'] },
      },
    );
    const traffic = this.config.demoTraffic ? await seedDemoTraffic(this.db, siteIds[1]) : null;
    if (traffic) this.log.info(traffic, 'demo traffic written (the analytics projector computes the reports from it)');
  }

  private async run(
    aggregate: RegisteredDecider,
    id: string,
    type: string,
    actor: { userId: string; roles: string[] },
    data: unknown,
  ) {
    const result: DecideResult = await this.commands.execute(new DecideCommand(aggregate, id, { type, actor, data }));
    await this.projections.waitForResult(result);
  }
}
