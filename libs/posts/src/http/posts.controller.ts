import { Controller, Get, Param, Query } from '@nestjs/common';
import { CurrentViewer } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { BadRequestError } from '#libs/platform/src/errors.js';
import { checkId } from '#libs/platform/src/http/records.js';
import { ResourceController } from '#libs/platform/src/resources/resource.controller.js';
import { Ports, ResourcePortsProvider } from '#libs/platform/src/resources/resource-ports.js';
import { notText } from '#libs/platform/src/validation.js';
import { POST_FIELD_LABELS as L } from '../domain/post-fields.js';
import { postDashboard, postTabCounts } from '../projections/queries.js';
import { postsResource, type PostRecord } from './post-resource.js';

/** The posts list's definition lives on the read side; exported here too for the list-plan tests. */
export { postsListDefinition } from '../projections/queries.js';

/** Posts (the resource framework's routes, post-resource.ts), the CMS tabs' counts, the dashboard and the drafts kept of refused saves. */
@Controller('posts')
export class PostsController extends ResourceController<PostRecord> {
  constructor(@Ports() ports: ResourcePortsProvider) {
    super(postsResource({ commands: ports.commands }), ports);
  }

  /** How many posts each CMS tab holds (for the tab labels), optionally for one website. */
  @Get('counts')
  async counts(@CurrentViewer() viewer: Viewer, @Query('websiteId') websiteId?: string) {
    if (websiteId !== undefined && typeof websiteId !== 'string') throw new BadRequestError(notText(L.websiteId));
    return postTabCounts(this.ports.db, viewer, websiteId === undefined ? undefined : checkId(websiteId));
  }

  /**
   * The posts side of the viewer's dashboard: their own posts by stage, due dates and returns with
   * notes; the queues their roles work with what waits and since when; owners' and admins' pipeline.
   */
  @Get('dashboard')
  async dashboard(@CurrentViewer() viewer: Viewer, @Query('websiteId') websiteId?: string) {
    if (websiteId !== undefined && typeof websiteId !== 'string') throw new BadRequestError(notText(L.websiteId));
    return postDashboard(this.ports.db, viewer, websiteId === undefined ? undefined : checkId(websiteId));
  }

  /** Saves refused by a take-over or a stale version, kept so nothing typed is lost (also of posts deleted forever). */
  @Get(':id/drafts')
  async drafts(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    const events = await this.readableStream(this.env(viewer, ''), id);
    return events
      .filter((e) => e.type === 'PostDraftKept')
      .map((e) => ({ id: e.id, version: e.streamVersion, ...(e.data as Record<string, unknown>) }))
      .reverse();
  }
}
