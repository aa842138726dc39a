import { Inject, Injectable } from '@nestjs/common';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { SQL } from '#libs/platform/src/tokens.js';

/**
 * The redirect rules' counters (the spec's bot counter, user counter and last redirect). A hit is
 * traffic, not a change of the rule: counting it is one UPSERT here, not an event in the rule's
 * stream, and rebuilding the read model keeps the counts.
 */
export const REDIRECT_COUNTERS_SCHEMA = `
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

const BOTS = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|headless|lighthouse|curl|wget|python-requests|go-http-client/i;

/** Whether a request's User-Agent is a crawler or a script rather than a person's browser. */
export const isBot = (userAgent: string | undefined): boolean => !userAgent || BOTS.test(userAgent);

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
    const found = await this.db.query<{ rule_id: string; bot_counter: string; user_counter: string; last_redirect: Date | null }>(
      'SELECT rule_id, bot_counter, user_counter, last_redirect FROM redirect_counters WHERE rule_id = ANY($1::text[])',
      [ruleIds],
    );
    return new Map(
      found.rows.map((r) => [r.rule_id, { botCounter: Number(r.bot_counter), userCounter: Number(r.user_counter), lastRedirect: r.last_redirect ? new Date(r.last_redirect).toISOString() : null }]),
    );
  }
}
