import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { ResourceController } from '#libs/platform/src/resources/resource.controller.js';
import { EVENT_STORE, PEOPLE, SQL } from '#libs/platform/src/tokens.js';
import { ANSWERS, type AnswerRecord } from './community-resources.js';

/** Answers to community questions (community-resources.ts): pending until a moderator publishes them. */
@Controller('answers')
export class AnswersController extends ResourceController<AnswerRecord> {
  constructor(@Inject(PEOPLE) people: PeopleDirectory, @Inject(SQL) db: SqlDriver, @Inject(EVENT_STORE) store: EventStore, commands: CommandBus, projections: ProjectionManager) {
    super(ANSWERS, { people, db, store, commands, projections });
  }
}
