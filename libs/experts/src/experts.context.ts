import type { ContextDefinition } from '#libs/platform/src/context.js';
import { BIO_EVENT_TYPES } from './domain/bio.decider.js';
import { EXPERTS_DECIDERS } from './domain/deciders.js';
import { ExpertsModule } from './experts.module.js';
import { biosProjection } from './projections/bios.projection.js';

/** Experts: the writer and expert bios posts credit. */
export const EXPERTS_CONTEXT: ContextDefinition = {
  name: 'experts',
  eventTypes: BIO_EVENT_TYPES,
  deciders: EXPERTS_DECIDERS,
  projections: [biosProjection],
  module: ExpertsModule,
};
