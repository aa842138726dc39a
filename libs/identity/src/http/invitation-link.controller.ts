import { USER } from '#libs/identity/src/domain/deciders.js';
import { Body, Controller, Get, Param, Put, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { CurrentViewer, Public, RequestId } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { ConflictError } from '#libs/platform/src/errors.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { parseInput, z } from '#libs/platform/src/validation.js';
import { newPassword } from '../domain/password-policy.js';
import { IdentityService } from '../identity.service.js';
import { INVITATION_EXPIRED_PATH, Links } from '../links.js';
import { SESSION_COOKIE } from './auth.guard.js';

/**
 * The invitation link (DESIGN.md "Magic links"): for someone who already has a password it opens
 * no session and leads to their invitations (Members, where they accept them); for a new person it
 * opens a session that may only choose the first password, and choosing it accepts the
 * invitations that wait for them (the invitation-acceptance process).
 */
@Controller('auth')
export class InvitationLinkController {
  constructor(
    private readonly identity: IdentityService,
    private readonly links: Links,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  @Public()
  @Get('magic/:code')
  async magic(@Param('code') code: string, @Req() request: Request, @Res() response: Response) {
    const invited = await this.links.peek(code, 'invitation');
    if (!invited) {
      response.redirect(302, INVITATION_EXPIRED_PATH);
      return;
    }
    if (!(await this.identity.mustSetPassword(invited))) {
      response.redirect(302, '/#/members');
      return;
    }
    let userId: string;
    try {
      userId = await this.links.consume(code, 'invitation');
    } catch {
      response.redirect(302, INVITATION_EXPIRED_PATH);
      return;
    }
    const token = await this.identity.createSession(userId, null, null, 'initial-password');
    response.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: request.secure, path: '/' });
    response.redirect(302, '/reset-initial-password');
  }

  /** An invitee's first password; the invitation-acceptance process accepts their pending invitations, and the answer waits for it. */
  @Put('user/initialPassword')
  async initialPassword(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @RequestId() requestId: string) {
    const { password } = parseInput(z.object({ password: newPassword }), body);
    if (!(await this.identity.mustSetPassword(viewer.userId)))
      throw new ConflictError('Your password is already set. Use "Forgot password?" to change it.');
    await this.identity.setPassword(viewer.userId, password, viewer.sessionId);
    await this.identity.completeSessionPurpose(viewer.sessionId);
    const result: DecideResult = await this.commands.execute(
      new DecideCommand(
        USER,
        viewer.userId,
        { type: 'ChooseFirstPassword', actor: { userId: 'system', roles: ['system'] }, data: {} },
        { correlationId: requestId },
      ),
    );
    await this.projections.waitForResult(result);
    return { ok: true, message: 'Your password is set. Welcome!', redirect: '/' };
  }
}
