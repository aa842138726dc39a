import { REDIRECT_RULE } from '#libs/posts/src/domain/deciders.js';
import type { PostEventType } from '../domain/post.decider.js';
import { createHash } from 'node:crypto';
import type { RecordedEvent } from '#libs/eventstore/src/index.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import type { ProcessContext, ProcessManager } from '#libs/platform/src/projections/projection.js';
import { websitesByIds } from '#libs/organisations/src/projections/queries.js';
import type { PostState } from '../domain/post.decider.js';
import { redirectRulesTouching } from '../projections/queries.js';
import { postPath } from '../http/redirect-rules.service.js';

/** A stable id for the rule a slug change creates: a retry of the process names the same rule. */
function ruleIdFor(eventId: string): string {
  const hex = createHash('sha256').update(`slug-redirect:${eventId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Slug redirects (DESIGN.md "Process managers"): a published post whose slug changed gets an
 * automatic 301 from its old path. Rules that led to the old path now lead to the new one (no
 * chains), and a rule from the new path, or another from the old one, is removed (it would loop
 * or clash).
 */
export const slugRedirectsProcess: ProcessManager = {
  name: 'slug-redirects',
  handles: ['PostSaved'] satisfies PostEventType[],
  async react(event: RecordedEvent, context: ProcessContext): Promise<DecideCommand[]> {
    const after = await context.stateAt<PostState>(event);
    const before = await context.stateBefore<PostState>(event);
    const oldSlug = before.content.slug;
    const newSlug = after.content.slug;
    if (
      after.status !== 'Published' ||
      !oldSlug ||
      !newSlug ||
      oldSlug === newSlug ||
      !after.websiteId ||
      !after.organisationId
    )
      return [];
    const postId = event.streamId.slice('post-'.length);
    // The website's locales are the organisations context's (its read side, never its table).
    const found = await websitesByIds<{ id: string; locales?: Array<{ locale: string; urlPrefix: string }> | null }>(
      context.read,
      [after.websiteId],
    );
    const website = {
      id: after.websiteId,
      organisationId: after.organisationId,
      locales: found.get(after.websiteId)?.locales ?? [],
    };
    const fromPath = postPath(website, after.locale, oldSlug);
    const toPath = postPath(website, after.locale, newSlug);
    const ruleId = ruleIdFor(event.id);
    // The rule this event creates is not stale (a retry after a crash finds it already there).
    const stale = await redirectRulesTouching(context.read, website.id, fromPath, toPath, ruleId);
    const system = { userId: event.metadata?.actorId ?? 'system', roles: ['system'] };
    const options = { organisationId: website.organisationId };
    const commands = stale.map((rule) =>
      rule.fromPath === toPath || rule.fromPath === fromPath
        ? new DecideCommand(
            REDIRECT_RULE,
            rule.id,
            { type: 'Delete', actor: system, data: { reason: `The post ${postId} moved to ${toPath}` } },
            options,
          )
        : new DecideCommand(REDIRECT_RULE, rule.id, { type: 'Update', actor: system, data: { toPath } }, options),
    );
    commands.push(
      new DecideCommand(
        REDIRECT_RULE,
        ruleId,
        {
          type: 'Create',
          actor: system,
          data: {
            organisationId: website.organisationId,
            websiteId: website.id,
            fromPath,
            toPath,
            type: 301,
            locale: after.locale,
            objectId: postId,
            automatic: true,
          },
        },
        options,
      ),
    );
    return commands;
  },
};
