import { NOTIFICATION_RECIPIENT } from '#libs/cro/src/domain/deciders.js';
import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { EventStore, SqlDriver } from '#libs/eventstore/src/index.js';
import { organisationName } from '#libs/organisations/src/projections/queries.js';
import { Public } from '#libs/platform/src/auth/public.decorator.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { NotFoundError } from '#libs/platform/src/errors.js';
import { escapeHtml } from '#libs/platform/src/html.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { EVENT_STORE, SQL } from '#libs/platform/src/tokens.js';
import {
  CONFIRMATION_LINK_INVALID,
  CONFIRMATION_LINK_MS,
  NOTIFICATION_RECIPIENT_STREAM,
  codeHash,
  notificationRecipientDecider,
  type NotificationRecipientEvent,
  type NotificationRecipientState,
} from '../domain/notification-recipient.decider.js';

/** The link of a confirmation: `{aggregate id}.{secret}` (only the secret's hash is recorded). */
const CODE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

type Answer = 'Confirm' | 'Decline';

/**
 * The link of a confirmation mail (public: the recipient has no account): `GET` shows what it is
 * about with two buttons, and changes nothing (mail scanners open links); `POST .../confirm/{code}`
 * confirms and `POST .../decline/{code}` refuses (and stops further confirmation mails). A code
 * that is unknown, expired or malformed answers 404.
 */
@Controller('public/notification-recipients')
export class PublicNotificationRecipientsController {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  @Public()
  @Get('confirm/:code')
  async page(@Param('code') code: string, @Res() response: Response) {
    response.setHeader('Cache-Control', 'no-store');
    const found = await this.find(code).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (!found) {
      response
        .status(404)
        .type('html')
        .send(page('Link not valid', `<p>${escapeHtml(CONFIRMATION_LINK_INVALID)}.</p>`));
      return;
    }
    const { state } = found;
    const organisation = (await organisationName(this.db, state.organisationId!)) ?? 'An organisation';
    const action = (what: string) => `/api/public/notification-recipients/${what}/${encodeURIComponent(code)}`;
    const status =
      state.status === 'confirmed'
        ? '<p>You have confirmed already.</p>'
        : state.status === 'declined'
          ? '<p>You have refused already.</p>'
          : '';
    response
      .status(200)
      .type('html')
      .send(
        page(
          'Form notifications',
          `<p>${escapeHtml(organisation)} would like to send notifications of form submissions on their website to <strong>${escapeHtml(state.address!)}</strong>.</p>${status}` +
            `<form method="post" action="${escapeHtml(action('confirm'))}"><button type="submit">Confirm: send me these notifications</button></form>` +
            `<form method="post" action="${escapeHtml(action('decline'))}"><button type="submit">Refuse: send me nothing</button></form>`,
        ),
      );
  }

  @Public()
  @Post('confirm/:code')
  @HttpCode(200)
  async confirm(@Param('code') code: string, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    return this.answer('Confirm', code, request, response);
  }

  @Public()
  @Post('decline/:code')
  @HttpCode(200)
  async decline(@Param('code') code: string, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    return this.answer('Decline', code, request, response);
  }

  private async answer(type: Answer, code: string, request: Request, response: Response) {
    response.setHeader('Cache-Control', 'no-store');
    const { id, state, hash } = await this.find(code);
    const data = { codeHash: hash, at: new Date().toISOString() };
    const actor = { userId: `notification-recipient:${id}`, name: state.address ?? undefined, roles: ['recipient'] };
    const result: DecideResult = await this.commands.execute(
      new DecideCommand(
        NOTIFICATION_RECIPIENT,
        id,
        { type, actor, data, context: { answer: data } },
        { organisationId: state.organisationId },
      ),
    );
    await this.projections.waitForResult(result);
    const status = type === 'Confirm' ? 'confirmed' : 'declined';
    const message =
      type === 'Confirm'
        ? 'Thank you: you will receive these notifications.'
        : 'You will receive no notifications and no further requests.';
    if (request.accepts(['json', 'html']) === 'html') {
      response.type('html').send(page(type === 'Confirm' ? 'Confirmed' : 'Refused', `<p>${escapeHtml(message)}</p>`));
      return undefined;
    }
    return { status, message };
  }

  /** The aggregate a code names, when the code is one of its valid codes (404 otherwise). */
  private async find(code: string): Promise<{ id: string; state: NotificationRecipientState; hash: string }> {
    const match = typeof code === 'string' ? CODE.exec(code) : null;
    if (!match) throw new NotFoundError(CONFIRMATION_LINK_INVALID);
    const id = match[1];
    const events = await this.store.readStream(`${NOTIFICATION_RECIPIENT_STREAM}-${id}`);
    const state = notificationRecipientDecider.fold(
      events.map((e) => ({ type: e.type, data: e.data }) as unknown as NotificationRecipientEvent),
    );
    const hash = codeHash(code);
    const now = Date.now();
    const valid = state.codes.some((c) => c.hash === hash && now - Date.parse(c.at) <= CONFIRMATION_LINK_MS);
    if (!valid || !state.organisationId || !state.address) throw new NotFoundError(CONFIRMATION_LINK_INVALID);
    return { id, state, hash };
  }
}

/** A minimal page (no script). */
function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`
  );
}
