import { Inject, Injectable } from '@nestjs/common';
import { isbot } from 'isbot';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { SQL } from '#libs/platform/src/tokens.js';

/**
 * The redirect rules' counters (the spec's bot counter, user counter and last redirect). A hit is
 * traffic, not a change of the rule: counting it is one UPSERT here, not an event in the rule's
 * stream, and rebuilding the read model keeps the counts. Versioned migrations
 * (libs/eventstore/src/sql/migrations.ts): an applied one never changes.
 */
export const REDIRECT_COUNTERS_SCHEMA = `
-- migration posts 1: baseline
CREATE TABLE IF NOT EXISTS redirect_counters (
  rule_id       text PRIMARY KEY,
  bot_counter   bigint NOT NULL DEFAULT 0,
  user_counter  bigint NOT NULL DEFAULT 0,
  last_redirect timestamptz
);
`;

export interface RedirectCount {
  botCounter: number;
  userCounter: number;
  lastRedirect: string | null;
}

/**
 * Crawlers, previews and scripts: `isbot`'s list (kept up to date by its maintainers; it already
 * names axios, PostmanRuntime, Scrapy, curl, python-requests and Go-http-client). No header at
 * all counts as a bot too: every browser sends one, scripts may not.
 */
export const isBot = (userAgent: string | undefined): boolean => !userAgent?.trim() || isbot(userAgent);

@Injectable()
export class RedirectCounters {
  constructor(@Inject(SQL) private readonly db: SqlDriver) {}

  async hit(ruleId: string, bot: boolean, at = new Date()): Promise<void> {
    await this.db.query(
      `INSERT INTO redirect_counters (rule_id, bot_counter, user_counter, last_redirect) VALUES ($1, $2, $3, $4)
       ON CONFLICT (rule_id) DO UPDATE SET bot_counter = redirect_counters.bot_counter + $2, user_counter = redirect_counters.user_counter + $3,
         last_redirect = greatest(redirect_counters.last_redirect, $4)`,
      [ruleId, bot ? 1 : 0, bot ? 0 : 1, at],
    );
  }

  async of(ruleIds: string[]): Promise<Map<string, RedirectCount>> {
    if (ruleIds.length === 0) return new Map();
    const found = await this.db.query<{
      rule_id: string;
      bot_counter: string;
      user_counter: string;
      last_redirect: Date | null;
    }>(
      'SELECT rule_id, bot_counter, user_counter, last_redirect FROM redirect_counters WHERE rule_id = ANY($1::text[])',
      [ruleIds],
    );
    return new Map(
      found.rows.map((r) => [
        r.rule_id,
        {
          botCounter: Number(r.bot_counter),
          userCounter: Number(r.user_counter),
          lastRedirect: r.last_redirect ? new Date(r.last_redirect).toISOString() : null,
        },
      ]),
    );
  }
}
