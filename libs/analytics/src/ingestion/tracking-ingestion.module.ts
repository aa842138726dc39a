import { Module } from '@nestjs/common';
import { IngestionLoad } from './ingestion-load.js';
import { TrackingProducer, TrackingWriter } from './tracking-topic.js';

/**
 * Tracking events through Kafka (./tracking-topic.ts), both ends inert without `KAFKA_BROKERS`:
 * the producer `POST /api/public/collect` uses (./collect.controller.ts, in AnalyticsModule), and the consumer
 * group that stores the events, which runs in every process that runs the projections (the API in
 * the single-process mode, the worker). Also the process's `IngestionLoad`, which collect feeds and
 * the analytics projector reads.
 */
@Module({ providers: [TrackingProducer, TrackingWriter, IngestionLoad], exports: [TrackingProducer, IngestionLoad] })
export class TrackingIngestionModule {}
