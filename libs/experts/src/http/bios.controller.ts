import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { ResourceController } from '#libs/platform/src/resources/resource.controller.js';
import { EVENT_STORE, PEOPLE, SQL } from '#libs/platform/src/tokens.js';
import { BIOS, type BioRecord } from './bio-resource.js';

/** Expert and writer bios of a website: the resource framework's routes with the bio kind (bio-resource.ts). */
@Controller('bios')
export class BiosController extends ResourceController<BioRecord> {
  constructor(@Inject(PEOPLE) people: PeopleDirectory, @Inject(SQL) db: SqlDriver, @Inject(EVENT_STORE) store: EventStore, commands: CommandBus, projections: ProjectionManager) {
    super(BIOS, { people, db, store, commands, projections });
  }
}
