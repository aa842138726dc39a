import { Global, Module } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import type { OrganisationDirectory } from '#libs/platform/src/organisation-directory.js';
import { ORGANISATIONS, SQL } from '#libs/platform/src/tokens.js';
import { contributeCreateRules, createRule, creatableIn } from '#libs/platform/src/creatable.js';
import { memberDecider } from './domain/member.decider.js';
import { websiteDecider } from './domain/website.decider.js';
import { productsOf } from './domain/plans.js';
import { MembersController } from './http/members.controller.js';
import { OrganisationsController } from './http/organisations.controller.js';
import { WebsitesController } from './http/websites.controller.js';
import { acceptedOrganisationsOf, demoOrganisationId, seenBy } from './projections/queries.js';
import { WebsiteAccessMigration } from './website-access.migration.js';

// What a viewer may create (the platform's registry): websites, and members (their Invite).
contributeCreateRules([
  createRule('websites', websiteDecider),
  createRule('members', memberDecider, { action: 'Invite' }),
]);

/** Organisations, their members and their websites; the organisation directory identity asks. */
@Global()
@Module({
  controllers: [OrganisationsController, WebsitesController, MembersController],
  providers: [
    WebsiteAccessMigration,
    {
      provide: ORGANISATIONS,
      inject: [SQL],
      useFactory: (db: SqlDriver): OrganisationDirectory => ({
        seenBy: async (viewer) => {
          const seen = await seenBy(db, viewer);
          return { ...seen, organisations: seen.organisations.map((o) => ({ ...o, creates: creatableIn(viewer, o) })) };
        },
        creatableIn,
        acceptedOrganisationsOf: (userId) => acceptedOrganisationsOf(db, userId),
        starterProducts: () => productsOf('starter'),
        demoOrganisationId: () => demoOrganisationId(db),
      }),
    },
  ],
  exports: [WebsiteAccessMigration, ORGANISATIONS],
})
export class OrganisationsModule {}
