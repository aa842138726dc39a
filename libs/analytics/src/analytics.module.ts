import { Module } from '@nestjs/common';
import { AnalyticsController } from './http/analytics.controller.js';
import { TrackingIngestionModule } from './ingestion/tracking-ingestion.module.js';
import { AnalyticsProcessesModule } from './analytics-processes.module.js';

/**
 * Analytics (DESIGN.md "Analytics definitions", "Report endpoints"): the read models built from the
 * tracking events (the analytics projector, ./analytics-processes.module.ts: where the projections
 * run), the reports on them, and the experiments' end rules.
 */
@Module({ imports: [TrackingIngestionModule, AnalyticsProcessesModule], controllers: [AnalyticsController] })
export class AnalyticsModule {}
