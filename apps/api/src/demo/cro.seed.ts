import { croAggregate } from '#libs/cro/src/domain/deciders.js';
import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { PAGE_RULES_NO_EFFECT, rulesCanMatch, type PageRulesInput } from '#libs/cro/src/domain/page-rules.js';
import { urlListRules } from '#libs/cro/src/projections/queries.js';
import { websiteFacts } from '#libs/organisations/src/projections/queries.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import type { Actor } from '#libs/platform/src/decider.js';
import type { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';

interface Demo {
  db: SqlDriver;
  commands: CommandBus;
  projections: ProjectionManager;
}

const ALL_DEVICES = ['desktop', 'tablet', 'mobile'];

/**
 * The conversion optimisation of the demo's "Demo Shop" (DESIGN.md "CRO resources: the request
 * shapes"), decided through the command bus like the HTTP routes decide them (data: the request
 * body plus `organisationId`; context: the website's facts, and for a campaign's `Publish` the
 * page-rule warnings): three products, a count and a value goal, a URL list, two funnels, an
 * excluded page (the account pages), three CTAs (an active newsletter popup, an inline product
 * CTA in draft, a top bar in review), two campaigns (one live, one draft) and two experiments
 * (one live, one completed). Runs once, when the demo organisation is created; answers without
 * seeding when the website is unknown.
 */
export async function seedCro(
  demo: Demo,
  at: { organisationId: string; websiteId: string; owner: Actor },
): Promise<void> {
  const { organisationId, websiteId, owner } = at;
  const facts = await websiteFacts(demo.db, websiteId);
  if (!facts) return;
  const website = { status: facts.status, publishContent: facts.publishContent, domain: facts.domain };
  const origin = `https://${facts.domain}`;

  const run = async (stream: string, id: string, type: string, data: unknown, extra: Record<string, unknown> = {}) => {
    const result: DecideResult = await demo.commands.execute(
      new DecideCommand(
        croAggregate(stream),
        id,
        { type, actor: owner, data, context: { website, ...extra } },
        { organisationId },
      ),
    );
    await demo.projections.waitForResult(result);
    return result;
  };
  const create = async (stream: string, data: Record<string, unknown>) => {
    const id = randomUUID();
    await run(stream, id, 'Create', { ...data, websiteId, organisationId });
    return id;
  };

  // Products the CTAs promote.
  const cans = await create('product', {
    name: 'Brass watering can',
    type: 'watering_can',
    displayName: 'Brass watering can, 1.5 l',
    shortDescription: 'A long spout that reaches the back of the shelf without a drop on the floor.',
    primaryCta: { url: `${origin}/products/brass-watering-can`, text: 'Buy now' },
    score: 9,
    starRating: 4.5,
    pricing: { type: 'one_time', currency: 'EUR', startingPrice: 34.9, freeTrial: false, trialDays: null },
    tags: ['watering'],
    topics: ['Care'],
  });
  const pot = await create('product', {
    name: 'Ceramic pot',
    type: 'pot',
    displayName: 'Glazed ceramic pot, 18 cm',
    shortDescription: 'Hand-glazed, with a drainage hole and a matching saucer.',
    primaryCta: { url: `${origin}/products/ceramic-pot`, text: 'See colours' },
    score: 8,
    starRating: 4,
    pricing: { type: 'one_time', currency: 'EUR', startingPrice: 19.5, freeTrial: false, trialDays: null },
    tags: ['pots'],
    topics: ['Houseplants'],
  });
  await create('product', {
    name: 'Plant food',
    type: 'fertiliser',
    displayName: 'Liquid plant food, 500 ml',
    shortDescription: 'A gentle monthly feed for green and flowering houseplants.',
    primaryCta: { url: `${origin}/products/plant-food`, text: 'Subscribe and save' },
    score: 7,
    starRating: 3.5,
    pricing: { type: 'subscription', currency: 'EUR', startingPrice: 6.9, freeTrial: true, trialDays: 30 },
    tags: ['feeding'],
    topics: ['Care'],
  });

  // Conversion goals.
  const signups = await create('goal', {
    name: 'Newsletter sign-ups',
    description: 'Every submitted form (the newsletter popup).',
    type: 'count',
    event: 'form_submitted',
  });
  await create('goal', {
    name: 'Revenue',
    description: 'The value of every purchase.',
    type: 'value',
    event: 'purchase',
    currency: 'EUR',
  });

  // A URL list the live campaign shows on.
  const guides = await create('urllist', {
    name: 'Plant care guides',
    type: 'guides',
    description: 'The care guides of the shop.',
    rules: [
      { kind: 'contains', value: `${origin}/care/` },
      { kind: 'exact', value: `${origin}/guides/watering` },
    ],
  });

  // Funnels (analytics): the newsletter journey by traffic source, and product page to purchase
  // within a week; and the customer account pages, excluded from journey tracking.
  await create('funnel', {
    name: 'Newsletter sign-up journey',
    breakdown: 'utm.source',
    steps: [{ event: 'page_view' }, { event: 'cta_click' }, { event: 'form_submitted' }],
  });
  await create('funnel', {
    name: 'Product page to purchase',
    windowSeconds: 7 * 24 * 3600,
    steps: [
      { event: 'page_view', filters: [{ property: 'path', operator: 'contains', value: '/products/' }] },
      { event: 'cta_click' },
      { event: 'purchase' },
    ],
  });
  await create('excludedpage', {
    urlRule: `${origin}/account/*`,
    note: 'Customer account pages: not part of the buying journey.',
  });

  // CTAs: a newsletter popup (published), an inline product CTA (draft), a top bar (in review).
  const popup = await create('cta', {
    name: 'Newsletter popup',
    type: 'popup',
    subtype: 'newsletter',
    items: [
      { type: 'heading', label: 'Ten minutes a week for happier plants' },
      { type: 'email', label: 'Email address', name: 'email', required: true },
      { type: 'consent', label: 'Yes, send me the Demo Shop newsletter', name: 'consent', required: true },
      { type: 'button', label: 'Subscribe' },
    ],
    popup: {
      triggers: [{ kind: 'scroll_percentage', value: 50 }],
      frequency: 'until_closed',
      layout: 'modal',
      width: 'half',
      closeButton: true,
      backdrop: true,
      devices: ALL_DEVICES,
    },
    emailNotification: {
      recipients: ['owner@demo.example'],
      senderName: 'Demo Shop',
      senderEmail: `noreply@${facts.domain}`,
      subject: 'New newsletter sign-up',
      message: 'Someone subscribed to the newsletter.',
    },
  });
  await run('cta', popup, 'Publish', {});
  await create('cta', {
    name: 'Watering essentials',
    type: 'inline',
    subtype: 'products',
    items: [
      { type: 'heading', label: 'Our watering essentials' },
      { type: 'button', label: 'Shop the set' },
    ],
    productIds: [cans, pot],
  });
  const bar = await create('cta', {
    name: 'Free shipping bar',
    type: 'bar',
    items: [
      { type: 'paragraph', label: 'Free shipping on orders over €50' },
      { type: 'button', label: 'Shop now' },
    ],
  });
  await run('cta', bar, 'SubmitForReview', {});

  // Campaigns: "Spring newsletter" submitted for review, then published (live); "Summer sale" in draft.
  const spring = await create('campaign', {
    name: 'Spring newsletter',
    url: `${origin}/guides`,
    vertical: 'Care',
    stage: 'Awareness',
    containers: [
      {
        name: 'Newsletter popup',
        ctaId: popup,
        devices: ALL_DEVICES,
        position: 'below',
        selector: 'main',
        selectorType: 'css',
      },
    ],
    pageRules: {
      operator: 'or',
      rules: [
        { kind: 'contains', value: `${origin}/guides` },
        { kind: 'list', listId: guides },
      ],
    },
  });
  await run('campaign', spring, 'SubmitForReview', {});
  await run('campaign', spring, 'Publish', {}, { warnings: await pageRuleWarnings(demo.db, websiteId, spring) });
  await create('campaign', {
    name: 'Summer sale',
    url: `${origin}/sale`,
    vertical: 'Sale',
    stage: 'Conversion',
    containers: [
      { name: 'Top bar', ctaId: bar, devices: ALL_DEVICES, position: 'above', selector: 'header', selectorType: 'css' },
    ],
    pageRules: { operator: 'or', rules: [{ kind: 'contains', value: `${origin}/sale` }] },
  });

  // Experiments: "Headline test" live; a finished test with its winner.
  // The variants' `changes` are what the tracker applies: `[{ selector, text }]`.
  const headline = await create('experiment', {
    name: 'Headline test',
    pageUrl: `${origin}/`,
    testType: 'ab',
    goalId: signups,
    hypothesis: 'A headline that promises less work gets more newsletter sign-ups.',
    metric: 'Newsletter sign-ups',
    variants: [
      { key: 'control', name: 'Control', weight: 50 },
      {
        key: 'variant-b',
        name: 'Variant B',
        weight: 50,
        changes: [{ selector: 'h1', text: 'Plants that thrive on ten minutes a week' }],
      },
    ],
    endRule: { mode: 'any', visitors: 10_000, significance: 0.95 },
  });
  await run('experiment', headline, 'SubmitForReview', {});
  await run('experiment', headline, 'Publish', {});
  const button = await create('experiment', {
    name: 'Button colour test',
    pageUrl: `${origin}/products/ceramic-pot`,
    testType: 'ab',
    goalId: signups,
    hypothesis: "A green button reads as the shop's own colour.",
    variants: [
      { key: 'control', name: 'Control', weight: 50 },
      { key: 'green', name: 'Green button', weight: 50, changes: [{ selector: '.buy-button', text: 'Add to basket' }] },
    ],
    endRule: { mode: 'manual' },
  });
  await run('experiment', button, 'Publish', {});
  await run('experiment', button, 'Complete', { winner: 'green' });
}

/** The warnings a campaign's `Publish` records, computed as the HTTP route does (page rules that match nothing). */
async function pageRuleWarnings(db: SqlDriver, websiteId: string, campaignId: string): Promise<string[]> {
  const found = await db.query<{ page_rules: PageRulesInput | null }>(
    `SELECT record->'pageRules' AS page_rules FROM rm_campaigns WHERE id = $1`,
    [campaignId],
  );
  const lists = await urlListRules(db, websiteId);
  return rulesCanMatch(found.rows[0]?.page_rules ?? undefined, lists) ? [] : [PAGE_RULES_NO_EFFECT];
}
