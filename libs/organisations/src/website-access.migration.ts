import { MEMBER } from '#libs/organisations/src/domain/deciders.js';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore, GlobalPosition, SqlDriver } from '#libs/eventstore/src/index.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { ReadModelBehindError } from '#libs/platform/src/errors.js';
import type { Logger } from '#libs/platform/src/logging.js';
import { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import { EVENT_STORE, LOGGER, SQL } from '#libs/platform/src/tokens.js';

const SYSTEM_ACTOR = { userId: 'system', roles: ['system'] };

/**
 * Website access (DESIGN.md "Website access") for memberships recorded before it was enforced:
 * such a member with an empty website list had every website, so at start each gets the
 * organisation's websites of that moment through one `GrantExistingWebsites` command by the
 * system (visible in the member's history). The member decider decides who qualifies: access
 * recorded before the rule (schema v1, see domain/events.ts) and not changed since, not an owner
 * or admin, no website listed. A second run, or a member settled under the rule, appends nothing.
 */
@Injectable()
export class WebsiteAccessMigration {
  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  /** Waits for the read models; at start-up a projection behind or stopped is logged, not fatal. */
  private async caughtUp(position: GlobalPosition | null, timeoutMs: number, consequence: string): Promise<void> {
    try {
      await this.projections.waitFor(position, timeoutMs);
    } catch (error) {
      if (!(error instanceof ReadModelBehindError)) throw error;
      this.log.warn(
        { behind: error.details.behind },
        `website access: read models behind the event log; ${consequence}`,
      );
    }
  }

  /** Grants the organisation's websites to every member that qualifies; answers how many got them. */
  async run(): Promise<number> {
    // The candidates come from the members read model: let it reach the log's end first.
    await this.caughtUp(
      await this.store.headPosition(),
      30_000,
      'members not projected yet are granted at the next start',
    );
    const candidates = await this.db.query<{ id: string; organisation_id: string }>(
      `SELECT id, organisation_id FROM rm_members
       WHERE org_role NOT IN ('owner', 'admin') AND coalesce(jsonb_array_length(record->'websiteIds'), 0) = 0
       ORDER BY organisation_id, id`,
    );
    const websitesOf = new Map<string, string[]>();
    let granted = 0;
    let last: GlobalPosition | null = null;
    for (const member of candidates.rows) {
      let websiteIds = websitesOf.get(member.organisation_id);
      if (!websiteIds) {
        const found = await this.db.query<{ id: string }>(
          'SELECT id FROM rm_websites WHERE organisation_id = $1 ORDER BY created_at, id',
          [member.organisation_id],
        );
        websiteIds = found.rows.map((r) => r.id);
        websitesOf.set(member.organisation_id, websiteIds);
      }
      const result: DecideResult = await this.commands.execute(
        new DecideCommand(
          MEMBER,
          member.id,
          { type: 'GrantExistingWebsites', actor: SYSTEM_ACTOR, data: { websiteIds } },
          { organisationId: member.organisation_id },
        ),
      );
      if (result.events.length) {
        granted++;
        last = result.position;
      }
    }
    await this.caughtUp(last, 5000, 'the grants show once they catch up');
    if (granted)
      this.log.info(
        { members: granted },
        "website access: members recorded before it got their organisation's websites",
      );
    return granted;
  }
}
