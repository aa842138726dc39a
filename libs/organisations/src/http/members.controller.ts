import { Body, Controller, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentViewer, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { ConflictError } from '#libs/platform/src/errors.js';
import { ResourceController } from '#libs/platform/src/resources/resource.controller.js';
import { Ports, ResourcePortsProvider } from '#libs/platform/src/resources/resource-ports.js';
import { CONFIG } from '#libs/platform/src/tokens.js';
import { parseInput } from '#libs/platform/src/validation.js';
import { memberByEmail } from '../projections/queries.js';
import { inviteOrganisation, inviteSchema, membersResource, type MemberRecord } from './member-resource.js';

/** Members of organisations (member-resource.ts): invitations by email, their acceptance, roles, deactivation. */
@Controller('members')
export class MembersController extends ResourceController<MemberRecord> {
  constructor(@Ports() ports: ResourcePortsProvider, @Inject(CONFIG) config: AppConfig) {
    super(membersResource(config), ports);
  }

  /** Invited again after declining: the same member record, pending again (Resend); someone already there is a conflict. */
  @Post()
  override async create(
    @CurrentViewer() viewer: Viewer,
    @Body() body: unknown,
    @RequestId() requestId: string,
    @Req() request?: Request,
  ) {
    const input = parseInput(inviteSchema, body);
    const organisationId = inviteOrganisation(viewer, input.organisationId);
    const previous = await memberByEmail<MemberRecord>(this.ports.db, organisationId, input.email);
    if (previous?.status === 'rejected')
      return this.act(this.env(viewer, requestId, request), previous.id, 'Resend', {});
    if (previous)
      throw new ConflictError('This person is already a member of the organisation or invited', {
        email: 'This person is already a member of the organisation or invited',
      });
    return super.create(viewer, body, requestId, request);
  }
}
