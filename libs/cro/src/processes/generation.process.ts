import { CAMPAIGN, croAggregate } from '../domain/deciders.js';
import { createHash } from 'node:crypto';
import type { RecordedEvent } from '#libs/eventstore/src/index.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import type { ProcessContext, ProcessManager } from '#libs/platform/src/projections/projection.js';
import type { CampaignState, GenerationJob } from '../domain/campaign.decider.js';
import { STARTER_TEMPLATES } from '../domain/templates.js';
import { activeProducts, templateById } from '../projections/queries.js';

/** At most this many CTAs per generation (one per product of the website, in name order). */
export const GENERATION_LIMIT = 20;

/** A stable id for the CTA a job makes for a product: a retry of the process makes the same. */
function ctaIdFor(jobId: string, productId: string): string {
  const hex = createHash('sha256').update(`generation:${jobId}:${productId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Theme generation (DESIGN.md "Campaign": `Generate` / `CancelGeneration`): a campaign's CTAs
 * built from a chosen template and the website's products, one draft CTA per product (the
 * template's items, the product promoted), then `GenerationFinished` with the CTAs made, or
 * `GenerationFailed` with the reason (an unknown template, a website without products). A job
 * cancelled before it ran, or replaced by another, makes nothing: the process reads the campaign's
 * current generation first. Progress shows on the campaign: `generation` while it runs, then the
 * result in its history.
 */
export const generationProcess: ProcessManager = {
  name: 'cro-generation',
  handles: ['CampaignGenerationStarted'],
  async react(event: RecordedEvent, context: ProcessContext): Promise<DecideCommand[]> {
    const campaignId = event.streamId.slice('campaign-'.length);
    const job = event.data as unknown as GenerationJob & { by?: { id: string; name?: string | null } };
    const now = await context.current<CampaignState>('campaign', campaignId);
    if (now.generation?.jobId !== job.jobId || !now.organisationId || !now.websiteId) return [];
    const options = { organisationId: now.organisationId };
    const system = { userId: event.metadata?.actorId ?? 'system', name: job.by?.name ?? undefined, roles: ['system'] };
    const finish = (type: 'GenerationFinished' | 'GenerationFailed', data: Record<string, unknown>) =>
      new DecideCommand(CAMPAIGN, campaignId, { type, actor: system, data: { jobId: job.jobId, ...data } }, options);

    const starter = STARTER_TEMPLATES.find((t) => t.id === job.templateId);
    const template = starter?.template ?? (await templateById(context.read, job.templateId, now.organisationId));
    if (!template) return [finish('GenerationFailed', { reason: 'The template no longer exists' })];
    const products = await activeProducts(context.read, now.websiteId, GENERATION_LIMIT);
    if (products.length === 0)
      return [finish('GenerationFailed', { reason: 'The website has no products to promote' })];
    const campaignName = typeof now.fields?.name === 'string' ? now.fields.name : 'Campaign';
    const commands = products.map(
      (product) =>
        new DecideCommand(
          croAggregate('cta'),
          ctaIdFor(job.jobId, product.id),
          {
            type: 'Create',
            actor: system,
            data: {
              organisationId: now.organisationId,
              websiteId: now.websiteId,
              name: `${campaignName}: ${product.name}`.slice(0, 200),
              type: template.type,
              ...(template.subtype ? { subtype: template.subtype } : {}),
              items: template.items,
              ...(template.design ? { design: template.design } : {}),
              ...(template.popup ? { popup: template.popup } : {}),
              productIds: [product.id],
            },
          },
          options,
        ),
    );
    commands.push(
      finish('GenerationFinished', {
        result: { ctaIds: products.map((p) => ctaIdFor(job.jobId, p.id)), templateId: job.templateId },
      }),
    );
    return commands;
  },
};
