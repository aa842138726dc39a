import { Controller, Get, Query } from '@nestjs/common';
import { CurrentViewer } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { BadRequestError } from '#libs/platform/src/errors.js';
import { checkId } from '#libs/platform/src/http/records.js';
import { resourceController } from '#libs/platform/src/resources/resource-ports.js';
import { communityCounts } from '../projections/queries.js';
import { communityScope } from './community-access.js';
import { QUESTIONS } from './community-resources.js';

/** Community questions of the viewer's organisations (community-resources.ts), and the console's tab counts. */
@Controller('questions')
export class QuestionsController extends resourceController('questions', QUESTIONS) {
  /** The console's tab counts: `{ new, draft, published, moderator, deleted, publishedAnswers }`. */
  @Get('counts')
  async counts(@CurrentViewer() viewer: Viewer, @Query('websiteId') websiteId: unknown) {
    if (websiteId !== undefined && websiteId !== '' && typeof websiteId !== 'string')
      throw new BadRequestError('websiteId must be an id');
    const site = typeof websiteId === 'string' && websiteId !== '' ? checkId(websiteId) : null;
    const scope = await communityScope(this.ports.db, viewer, { websiteId: site ?? undefined });
    return communityCounts(this.ports.db, scope, site);
  }
}
