import { Controller, Get, Inject, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { BadRequestError } from '#libs/platform/src/errors.js';
import { checkId } from '#libs/platform/src/http/records.js';
import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { ResourceController } from '#libs/platform/src/resources/resource.controller.js';
import { EVENT_STORE, PEOPLE, SQL } from '#libs/platform/src/tokens.js';
import { communityCounts } from '../projections/queries.js';
import { communityScope } from './community-access.js';
import { QUESTIONS, type QuestionRecord } from './community-resources.js';

/** Community questions of the viewer's organisations (community-resources.ts), and the console's tab counts. */
@Controller('questions')
export class QuestionsController extends ResourceController<QuestionRecord> {
  constructor(@Inject(PEOPLE) people: PeopleDirectory, @Inject(SQL) db: SqlDriver, @Inject(EVENT_STORE) store: EventStore, commands: CommandBus, projections: ProjectionManager) {
    super(QUESTIONS, { people, db, store, commands, projections });
  }

  /** The console's tab counts: `{ new, draft, published, moderator, deleted, publishedAnswers }`. */
  @Get('counts')
  async counts(@CurrentViewer() viewer: Viewer, @Query('websiteId') websiteId: unknown) {
    if (websiteId !== undefined && websiteId !== '' && typeof websiteId !== 'string') throw new BadRequestError('websiteId must be an id');
    const site = typeof websiteId === 'string' && websiteId !== '' ? checkId(websiteId) : null;
    const scope = await communityScope(this.ports.db, viewer, { websiteId: site ?? undefined });
    return communityCounts(this.ports.db, scope, site);
  }
}
