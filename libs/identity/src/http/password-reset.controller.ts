import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { CurrentViewer, Public } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { ensure } from '#libs/platform/src/auth/policy.js';
import { sendList } from '#libs/platform/src/http/records.js';
import { runList, type ListQuery } from '#libs/platform/src/list-query.js';
import { CONFIG, SQL } from '#libs/platform/src/tokens.js';
import { parseInput, z } from '#libs/platform/src/validation.js';
import { newPassword } from '../domain/password-policy.js';
import { emailSchema } from '../domain/account-fields.js';
import { IdentityService } from '../identity.service.js';
import { Links } from '../links.js';
import { Mailer } from '../mailer.js';
import { escapeHtml } from '#libs/platform/src/html.js';
import { publicBaseUrl } from '#libs/platform/src/http/public-url.js';

export const RESET_SENT = 'If an account exists for this email, we have sent a link to reset its password.';
export const PASSWORD_CHANGED = 'Your password has been changed. Please log in with it.';

const sendSchema = z.object({
  email: emailSchema,
});
const confirmSchema = z.object({ password: newPassword });

/** `POST /auth/password_reset/send` and `/confirm/{resetCode}`, and the mail outbox. */
@Controller()
export class PasswordResetController {
  constructor(
    private readonly identity: IdentityService,
    private readonly links: Links,
    private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(SQL) private readonly db: SqlDriver,
  ) {}

  /** Always the same answer, so it does not reveal which emails have accounts. */
  @Public()
  @Post('auth/password_reset/send')
  @HttpCode(200)
  async send(@Body() body: unknown, @Req() request: Request) {
    const { email } = parseInput(sendSchema, body);
    const userId = await this.identity.findUserIdByEmail(email);
    if (userId) {
      const code = await this.links.create(userId, 'reset');
      const base = publicBaseUrl(this.config, request);
      const link = `${base}/reset-password?code=${encodeURIComponent(code)}`;
      await this.mailer.send({
        to: email,
        subject: 'Reset your password',
        text: `Someone asked to reset the password of your account. To choose a new password, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
        html: `<p>Someone asked to reset the password of your account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works for an hour, once).</p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
      });
    }
    return { ok: true, message: RESET_SENT };
  }

  @Public()
  @Post('auth/password_reset/confirm/:resetCode')
  @HttpCode(200)
  async confirm(@Param('resetCode') resetCode: string, @Body() body: unknown) {
    const { password } = parseInput(confirmSchema, body);
    const userId = await this.links.consume(resetCode, 'reset');
    // Every other reset link of this user stops working (one may sit in a mailbox someone else reads).
    await this.links.revokeAll(userId, 'reset');
    await this.identity.setPassword(userId, password);
    return { ok: true, message: PASSWORD_CHANGED, redirect: '/login' };
  }

  /** The mails kept while no SMTP server is configured (platform admins). */
  @Get('admin/outbox')
  async outbox(
    @CurrentViewer() viewer: Viewer,
    @Query() query: ListQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    ensure(viewer, 'outbox.read');
    const result = await runList(
      this.db,
      {
        resource: 'outbox',
        table: 'identity_outbox',
        fields: { id: 'id', to: 'recipient', subject: 'subject', createdAt: 'created_at' },
        search: ['recipient', 'subject'],
        dateField: 'createdAt',
        defaultSort: ['createdAt', 'DESC'],
        recordColumn: `jsonb_build_object('id', id::text, 'to', recipient, 'subject', subject, 'text', text_body, 'html', html_body, 'createdAt', created_at)`,
      },
      query,
      { sql: 'true', params: [] },
    );
    return sendList(response, result);
  }
}
