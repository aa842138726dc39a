import { Module } from '@nestjs/common';
import { TrackingIngestionModule } from '#libs/analytics/src/ingestion/tracking-ingestion.module.js';
import { CampaignsController, CtaTemplatesController, CtasController, ExcludedPagesController, ExperimentsController, FunnelsController, GoalsController, ProductsController, UrlListsController } from './http/cro.controllers.js';
import { PublicNotificationRecipientsController } from './http/notification-recipients.controller.js';
import { NotificationRecipients } from './processes/notification-recipients.js';
import { PublicCollectController } from './public/collect.controller.js';
import { CollectWriter } from './public/collect-writer.js';
import { GeoIpService } from './public/geoip.service.js';
import { PublicPlacementsController } from './public/placements.controller.js';
import { SubmissionDeliveryJob } from './processes/submission-delivery.js';

/** Conversion optimisation: CTAs, campaigns, experiments, products, conversion goals, URL lists, funnels and excluded pages per website. */
@Module({ imports: [TrackingIngestionModule], controllers: [CtasController, CtaTemplatesController, CampaignsController, ExperimentsController, ProductsController, GoalsController, UrlListsController, FunnelsController, ExcludedPagesController, PublicPlacementsController, PublicCollectController, PublicNotificationRecipientsController], providers: [SubmissionDeliveryJob, GeoIpService, CollectWriter, NotificationRecipients] })
export class CroModule {}
