import { Inject, Injectable } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { escapeHtml } from '#libs/platform/src/html.js';
import type { PeopleDirectory } from '#libs/platform/src/people.js';
import { SQL } from '#libs/platform/src/tokens.js';
import { IdentityService } from './identity.service.js';
import { INVITATION_LINK_DAYS, Links } from './links.js';
import { Mailer } from './mailer.js';
import { lastActiveOf, peopleByIds } from './projections/queries.js';

/** The identity context's side of the `PEOPLE` port (libs/platform/src/people.ts). */
@Injectable()
export class IdentityPeopleDirectory implements PeopleDirectory {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    private readonly identity: IdentityService,
    private readonly links: Links,
    private readonly mailer: Mailer,
  ) {}

  namesOf(userIds: readonly string[]) {
    return peopleByIds(this.db, userIds);
  }

  lastActiveOf(userIds: readonly string[]) {
    return lastActiveOf(this.db, userIds);
  }

  idByEmail(email: string) {
    return this.identity.findUserIdByEmail(email);
  }

  async sendInvitation({
    userId,
    email,
    organisationName,
    baseUrl,
  }: {
    userId: string;
    email: string;
    organisationName: string;
    baseUrl: string;
  }): Promise<void> {
    const code = await this.links.create(userId, 'invitation');
    const link = `${baseUrl}/api/auth/magic/${encodeURIComponent(code)}`;
    await this.mailer.send({
      to: email,
      subject: `You are invited to join ${organisationName}`,
      text: `You are invited to join ${organisationName}. Open this link within ${INVITATION_LINK_DAYS} days to accept and choose your password:\n\n${link}`,
      html: `<p>You are invited to join <strong>${escapeHtml(organisationName)}</strong>.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> (the link works for ${INVITATION_LINK_DAYS} days, once).</p>`,
    });
  }
}
