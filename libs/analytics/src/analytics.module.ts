import { Module } from '@nestjs/common';
import { AnalyticsController } from './http/analytics.controller.js';
import { TrackingIngestionModule } from './ingestion/tracking-ingestion.module.js';
import { AnalyticsProjector } from './processes/analytics-projector.js';
import { EndRulesProcess } from './processes/end-rules.process.js';
import { RetentionProcess } from './processes/retention.process.js';

/**
 * Analytics (DESIGN.md "Analytics definitions", "Report endpoints"): the read models built from the
 * tracking events (the analytics projector), the reports on them, and the experiments' end rules.
 */
@Module({ imports: [TrackingIngestionModule], controllers: [AnalyticsController], providers: [AnalyticsProjector, EndRulesProcess, RetentionProcess] })
export class AnalyticsModule {}
