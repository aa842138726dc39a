import type { Type } from '@nestjs/common';
import type { EventTypeDefinition } from '#libs/eventstore/src/index.js';
import type { RegisteredDecider } from './aggregate.js';
import type { ProcessManager, Projection } from './projections/projection.js';
import type { Catalog } from './runtime.js';

/**
 * One bounded context, as the processes compose it (docs/architecture.md): its event types, its
 * aggregates (deciders), the projections that feed its read models, its process managers, the
 * tables that are not projections, and the Nest module with its routes. Each context exports one
 * (`libs/{context}/src/{context}.context.ts`); the API's catalogue is the list of contexts.
 */
export interface ContextDefinition {
  name: string;
  eventTypes: readonly EventTypeDefinition[];
  deciders: readonly RegisteredDecider[];
  projections: readonly Projection[];
  processes?: readonly ProcessManager[];
  /** DDL of tables that are not projections (credentials, counters, tracking events...). */
  schemas?: readonly string[];
  /** Its routes and services (the API process imports it). */
  module: Type<unknown>;
}

/** What the contexts make together, in their order (the platform's own projections, the audit's, last). */
export function catalogOf(
  contexts: readonly ContextDefinition[],
  platform: { projections: readonly Projection[] },
): Catalog {
  return {
    eventTypes: contexts.flatMap((c) => [...c.eventTypes]),
    projections: [...contexts.flatMap((c) => [...c.projections]), ...platform.projections],
    schemas: contexts.flatMap((c) => [...(c.schemas ?? [])]),
    deciders: contexts.flatMap((c) => [...c.deciders]),
    processes: contexts.flatMap((c) => [...(c.processes ?? [])]),
  };
}
