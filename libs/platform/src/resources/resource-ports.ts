import { Controller, Inject, Injectable, type Type } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import type { PeopleDirectory } from '../people.js';
import { ProjectionManager } from '../projections/projection-manager.js';
import { EVENT_STORE, PEOPLE, SQL } from '../tokens.js';
import { ResourceController, type ResourcePorts } from './resource.controller.js';
import type { ResourceKind, ResourceRecord } from './resource.js';

/**
 * The ports every resource's routes use, injected once (PlatformModule provides it): a resource's
 * controller takes this one argument besides its own services.
 */
@Injectable()
export class ResourcePortsProvider implements ResourcePorts {
  constructor(
    @Inject(PEOPLE) readonly people: PeopleDirectory,
    @Inject(SQL) readonly db: SqlDriver,
    @Inject(EVENT_STORE) readonly store: EventStore,
    readonly commands: CommandBus,
    readonly projections: ProjectionManager,
  ) {}
}

/** Marks a constructor parameter as the resource ports (`ResourcePortsProvider`). */
export const Ports = () => Inject(ResourcePortsProvider);

/**
 * The controller of a resource that has no routes of its own besides the framework's:
 * `export const ProductsController = resourceController('products', PRODUCTS)`.
 */
export function resourceController<R extends ResourceRecord>(
  route: string,
  kind: ResourceKind<R>,
): Type<ResourceController<R>> {
  @Controller(route)
  class RouteController extends ResourceController<R> {
    constructor(@Ports() ports: ResourcePortsProvider) {
      super(kind, ports);
    }
  }
  // Named as a hand-written one would be (logs, Nest's route listing): `products` -> ProductsController.
  Object.defineProperty(RouteController, 'name', {
    value: `${route.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase())}Controller`,
  });
  return RouteController;
}
