import { Module } from '@nestjs/common';
import { TrackingIngestionModule } from './ingestion/tracking-ingestion.module.js';
import { AnalyticsProjector } from './processes/analytics-projector.js';
import { EndRulesProcess } from './processes/end-rules.process.js';
import { RetentionProcess } from './processes/retention.process.js';

/**
 * The background work of analytics: the analytics projector (the read models from the tracking
 * events), the experiments' end rules it checks, and the retention job of the tracking events.
 * They run where the projections run (`RUN_PROJECTIONS`, default true): the API in the
 * single-process mode, the workers when the API is scaled out with `RUN_PROJECTIONS=false` (README
 * "Processes and scaling out"), so the replicas that take in tracking spend no CPU on the reports.
 * Several processes may run them at once (the projector claims visitors with `SKIP LOCKED`).
 */
@Module({
  imports: [TrackingIngestionModule],
  providers: [AnalyticsProjector, EndRulesProcess, RetentionProcess],
  exports: [AnalyticsProjector, EndRulesProcess, RetentionProcess],
})
export class AnalyticsProcessesModule {}
