import { Module } from '@nestjs/common';
import { TrackingProducer, TrackingWriter } from './tracking-topic.js';

/**
 * Tracking events through Kafka (./tracking-topic.ts), both ends inert without `KAFKA_BROKERS`:
 * the producer `POST /api/public/collect` uses (CroModule imports this module), and the consumer
 * group that stores the events, which runs in every process that runs the projections (the API in
 * the single-process mode, the worker).
 */
@Module({ providers: [TrackingProducer, TrackingWriter], exports: [TrackingProducer] })
export class TrackingIngestionModule {}
