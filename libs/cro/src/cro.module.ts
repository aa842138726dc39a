import { Module } from '@nestjs/common';
import {
  CampaignsController,
  CtaTemplatesController,
  CtasController,
  ExcludedPagesController,
  ExperimentsController,
  FunnelsController,
  GoalsController,
  ProductsController,
  UrlListsController,
} from './http/cro.controllers.js';
import { PublicNotificationRecipientsController } from './http/notification-recipients.controller.js';
import { NotificationRecipients } from './processes/notification-recipients.js';
import { CollectWriter } from './public/collect-writer.js';
import { GeoIpService } from './public/geoip.service.js';
import { PublicPlacementsController } from './public/placements.controller.js';
import { SubmissionDeliveryJob } from './processes/submission-delivery.js';
import { contributeInstallationSignal } from '#libs/platform/src/contributed-facts.js';
import { contributeCreateRules, createRule } from '#libs/platform/src/creatable.js';
import { hasCollectedEvents } from './projections/collected-events.js';
import { CRO_KINDS } from './domain/kinds.js';

// What a viewer may create (the platform's registry): the CRO resources (CTAs, campaigns, experiments, products, goals, URL lists, funnels, excluded pages), their deciders' Create rows, the plan's cro.
contributeCreateRules(CRO_KINDS.map((kind) => createRule(kind.resource, kind.decider, { product: 'cro' })));
// A website whose tracker has sent events is installed (the websites' installation check).
contributeInstallationSignal(hasCollectedEvents);

/** Conversion optimisation: CTAs, campaigns, experiments, products, conversion goals, URL lists, funnels and excluded pages per website. */
@Module({
  controllers: [
    CtasController,
    CtaTemplatesController,
    CampaignsController,
    ExperimentsController,
    ProductsController,
    GoalsController,
    UrlListsController,
    FunnelsController,
    ExcludedPagesController,
    PublicPlacementsController,
    PublicNotificationRecipientsController,
  ],
  providers: [SubmissionDeliveryJob, GeoIpService, CollectWriter, NotificationRecipients],
  exports: [SubmissionDeliveryJob, GeoIpService, CollectWriter],
})
export class CroModule {}
