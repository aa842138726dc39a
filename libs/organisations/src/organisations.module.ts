import { Module, type OnModuleInit } from '@nestjs/common';
import { IdentityModule } from '#libs/identity/src/identity.module.js';
import { memberDecider } from './domain/member.decider.js';
import { MembersController } from './http/members.controller.js';
import { DeciderRegistry } from '#libs/platform/src/commands/decide.command.js';
import { organisationDecider } from './domain/organisation.decider.js';
import { websiteDecider, websiteDomainDecider } from './domain/website.decider.js';
import { OrganisationsController } from './http/organisations.controller.js';
import { WebsitesController } from './http/websites.controller.js';
import { WebsiteAccessMigration } from './website-access.migration.js';

/** Organisations, their members and their websites. */
@Module({ imports: [IdentityModule], controllers: [OrganisationsController, WebsitesController, MembersController], providers: [WebsiteAccessMigration], exports: [WebsiteAccessMigration] })
export class OrganisationsModule implements OnModuleInit {
  constructor(private readonly deciders: DeciderRegistry) {}

  onModuleInit() {
    this.deciders.register({ name: 'organisation', decider: organisationDecider });
    this.deciders.register({ name: 'website', decider: websiteDecider, organisationOf: (s) => s.organisationId });
    this.deciders.register({ name: 'member', decider: memberDecider, organisationOf: (s) => s.organisationId });
    this.deciders.register({ name: 'websitedomain', decider: websiteDomainDecider, organisationOf: (s) => s.organisationId });
  }
}
