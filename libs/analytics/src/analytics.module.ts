import { Module } from '@nestjs/common';
import { CroModule } from '#libs/cro/src/cro.module.js';
import { PublicCollectController } from './ingestion/collect.controller.js';
import { AnalyticsController } from './http/analytics.controller.js';
import { TrackingIngestionModule } from './ingestion/tracking-ingestion.module.js';
import { AnalyticsProcessesModule } from './analytics-processes.module.js';

/**
 * Analytics (DESIGN.md "Analytics definitions", "Report endpoints"): the tracking events' way in
 * (`POST /api/public/collect`, ./ingestion/collect.controller.ts: analytics owns ingestion and depends
 * on cro, never the other way), the read models built from the
 * tracking events (the analytics projector, ./analytics-processes.module.ts: where the projections
 * run), the reports on them, and the experiments' end rules.
 */
@Module({
  imports: [CroModule, TrackingIngestionModule, AnalyticsProcessesModule],
  controllers: [AnalyticsController, PublicCollectController],
})
export class AnalyticsModule {}
