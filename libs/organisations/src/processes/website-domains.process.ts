import { WEBSITE, WEBSITE_DOMAIN } from '#libs/organisations/src/domain/deciders.js';
import type { OrganisationsEventType } from '../domain/events.js';
import type { RecordedEvent } from '#libs/eventstore/src/index.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import type { AppError } from '#libs/platform/src/errors.js';
import type { ProcessContext, ProcessManager } from '#libs/platform/src/projections/projection.js';
import { DomainTakenError, type WebsiteState } from '../domain/website.decider.js';

const SYSTEM = { userId: 'system', roles: ['system'] };

/**
 * Website domains (DESIGN.md "Process managers"): one domain, one website, across all
 * organisations. A website created with a domain, or whose address moves to another domain,
 * claims it (`websitedomain-{domain}`); once the new one is claimed, the old one is released. When
 * another website holds the domain, the claim is refused and the website is told so: a new website
 * is refused, a changed address goes back to the one it had (its HTTP caller, which waits for
 * this process, answers 409 with the spec's message).
 *
 * Replayed over older events (a new deployment, or a retry), it acts only on what is still true:
 * a domain is claimed only while the website still has it, and released only once it has another.
 */
export const websiteDomainsProcess: ProcessManager = {
  name: 'website-domains',
  handles: ['WebsiteCreated', 'WebsiteSettingsChanged'] satisfies OrganisationsEventType[],
  async react(event: RecordedEvent, context: ProcessContext): Promise<DecideCommand[]> {
    const data = event.data as { domain?: string };
    if (!data.domain) return [];
    const websiteId = event.streamId.slice('website-'.length);
    const now = await context.current<WebsiteState>('website', websiteId);
    if (!now.organisationId) return [];
    const options = { organisationId: now.organisationId };
    const commands: DecideCommand[] = [];
    if (now.status !== 'refused' && now.settings?.domain === data.domain) {
      commands.push(
        new DecideCommand(
          WEBSITE_DOMAIN,
          data.domain,
          { type: 'Claim', actor: SYSTEM, data: { websiteId, organisationId: now.organisationId } },
          options,
        ),
      );
    }
    if (event.type === 'WebsiteSettingsChanged') {
      const before = await context.stateBefore<WebsiteState>(event);
      const old = before.settings?.domain;
      if (old && old !== data.domain && now.settings?.domain !== old) {
        commands.push(
          new DecideCommand(WEBSITE_DOMAIN, old, { type: 'Release', actor: SYSTEM, data: { websiteId } }, options),
        );
      }
    }
    return commands;
  },
  async refused(
    event: RecordedEvent,
    command: DecideCommand,
    error: AppError,
    context: ProcessContext,
  ): Promise<DecideCommand[]> {
    // Only a domain held by another website is answered; anything else stops the process.
    if (
      command.aggregate !== 'websitedomain' ||
      command.command.type !== 'Claim' ||
      !(error instanceof DomainTakenError)
    )
      throw error;
    const websiteId = event.streamId.slice('website-'.length);
    const before = event.type === 'WebsiteSettingsChanged' ? await context.stateBefore<WebsiteState>(event) : null;
    const restore = before?.settings ? { domain: before.settings.domain, url: before.settings.url } : null;
    return [
      new DecideCommand(
        WEBSITE,
        websiteId,
        { type: 'RefuseDomain', actor: SYSTEM, data: { domain: command.id, restore } },
        command.options,
      ),
      // The old domain stays this website's: nothing to release.
    ];
  },
};
