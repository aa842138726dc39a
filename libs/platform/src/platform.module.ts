import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ResourcePortsProvider } from './resources/resource-ports.js';
import { DECIDE_HANDLER, DecideCommandHandler, DeciderRegistry } from './commands/decide.command.js';
import { ErrorFilter } from './http/error.filter.js';
import { RateLimitGuard } from './http/rate-limit.js';
import { OpsController } from './ops/ops.controller.js';
import { ProjectionManager } from './projections/projection-manager.js';
import type { Runtime } from './runtime.js';
import { CONFIG, EVENT_STORE, LOGGER, METRICS, SQL } from './tokens.js';
import { WorkflowsController } from './ops/workflows.controller.js';
import { AuditController } from './audit/audit.controller.js';

/**
 * Hands the runtime (database, event store, projections, metrics) to every context module,
 * with the command bus, the decider registry, the error filter and the operations endpoints.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRuntime(runtime: Runtime, options: { workflows?: boolean } = {}): DynamicModule {
    return {
      module: PlatformModule,
      imports: [CqrsModule.forRoot()],
      controllers: [OpsController, AuditController, ...(options.workflows === false ? [] : [WorkflowsController])],
      providers: [
        { provide: CONFIG, useValue: runtime.config },
        { provide: SQL, useValue: runtime.db },
        { provide: EVENT_STORE, useValue: runtime.store },
        { provide: LOGGER, useValue: runtime.log },
        { provide: ProjectionManager, useValue: runtime.projections },
        { provide: METRICS, useValue: runtime.metrics },
        { provide: APP_FILTER, useFactory: () => new ErrorFilter(runtime.log) },
        // Public sign-in routes and /api/public/*: per address (and per website key) limits.
        { provide: APP_GUARD, useFactory: () => new RateLimitGuard(runtime.config) },
        { provide: DeciderRegistry, useValue: runtime.deciders },
        { provide: DECIDE_HANDLER, useValue: runtime.commands },
        DecideCommandHandler,
        // The resources' ports read the people directory (identity's): only where the resources are served (the API, not the worker).
        ...(options.workflows === false ? [] : [ResourcePortsProvider]),
      ],
      exports: [
        CONFIG,
        SQL,
        EVENT_STORE,
        LOGGER,
        ProjectionManager,
        METRICS,
        DeciderRegistry,
        CqrsModule,
        ...(options.workflows === false ? [] : [ResourcePortsProvider]),
      ],
    };
  }
}
