import { Module } from '@nestjs/common';
import { IdentityModule } from '#libs/identity/src/identity.module.js';
import { MembersController } from './http/members.controller.js';
import { OrganisationsController } from './http/organisations.controller.js';
import { WebsitesController } from './http/websites.controller.js';
import { WebsiteAccessMigration } from './website-access.migration.js';

/** Organisations, their members and their websites. */
@Module({ imports: [IdentityModule], controllers: [OrganisationsController, WebsitesController, MembersController], providers: [WebsiteAccessMigration], exports: [WebsiteAccessMigration] })
export class OrganisationsModule {}
