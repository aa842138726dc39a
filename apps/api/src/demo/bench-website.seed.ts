import { croAggregate } from '#libs/cro/src/domain/deciders.js';
import { randomUUID } from 'node:crypto';
import { defaultPages } from '#libs/analytics/src/demo/traffic-generator.js';
import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { PAGE_RULES_NO_EFFECT, rulesCanMatch, type PageRulesInput } from '#libs/cro/src/domain/page-rules.js';
import { urlListRules } from '#libs/cro/src/projections/queries.js';
import { websiteFacts } from '#libs/organisations/src/projections/queries.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import type { Actor } from '#libs/platform/src/decider.js';

/**
 * The conversion set-up of the analytics benchmark's website (`npm run generate:traffic --
 * --setup bench`; docs/benchmarks.md "Analytics"), decided through the product's commands like the
 * HTTP routes decide them: 3 goals (sign-ups on `form_submitted`, purchases with a value,
 * add-to-cart), 30 CTAs (15 newsletter popups with an email form, 15 inline CTAs, every other one
 * with a form) placed by 15 live campaigns, each on its own pages (`defaultPages`, dealt out
 * round-robin in order of traffic, so every page shows two CTAs), one live A/B experiment on the
 * home page whose goal is the purchases, and 5 funnels. Answers what it made; makes nothing when
 * the website already has the set-up (a goal named BENCH_GOAL_NAME).
 */

export const BENCH_GOAL_NAME = 'Bench purchases';
export const BENCH_CAMPAIGNS = 15;

export interface BenchSetup {
  created: boolean;
  goals: string[];
  ctas: string[];
  campaigns: string[];
  experimentId: string;
  funnels: string[];
}

export interface SetupDeps {
  db: SqlExecutor;
  /** Runs a command (the command bus or a DecideHandler) and waits until the read models show it. */
  execute(command: DecideCommand): Promise<DecideResult>;
}

const ALL_DEVICES = ['desktop', 'tablet', 'mobile'];

/** The organisation's owner, as the actor of the set-up's commands (null when it has none). */
export async function ownerActor(db: SqlExecutor, organisationId: string): Promise<Actor | null> {
  const found = await db.query<{ id: string; name: string }>(
    `SELECT u.id, u.name FROM rm_memberships m JOIN rm_users u ON u.id = m.user_id WHERE m.organisation_id = $1 AND m.role = 'owner' ORDER BY u.id LIMIT 1`,
    [organisationId],
  );
  const row = found.rows[0];
  return row ? { userId: row.id, name: row.name, roles: ['user', 'owner', 'cro:admin'] } : null;
}

export async function seedBenchWebsite(deps: SetupDeps, websiteId: string): Promise<BenchSetup | null> {
  const { db } = deps;
  const facts = await websiteFacts(db, websiteId);
  if (!facts) return null;
  const existing = await existingSetup(db, websiteId);
  if (existing) return existing;
  const owner = await ownerActor(db, facts.organisationId);
  if (!owner) throw new Error(`the organisation of website ${websiteId} has no owner`);
  const organisationId = facts.organisationId;
  const website = { status: facts.status, publishContent: facts.publishContent, domain: facts.domain };
  const origin = (await db.query<{ url: string }>('SELECT url FROM rm_websites WHERE id = $1', [websiteId])).rows[0]!
    .url;
  const base = new URL(origin).origin;

  const run = (stream: string, id: string, type: string, data: unknown, extra: Record<string, unknown> = {}) =>
    deps.execute(
      new DecideCommand(
        croAggregate(stream),
        id,
        { type, actor: owner, data, context: { website, ...extra } },
        { organisationId },
      ),
    );
  const create = async (stream: string, data: Record<string, unknown>) => {
    const id = randomUUID();
    await run(stream, id, 'Create', { ...data, websiteId, organisationId });
    return id;
  };

  const goals = [
    await create('goal', {
      name: BENCH_GOAL_NAME,
      description: 'Every order, with its value.',
      type: 'value',
      event: 'purchase',
      currency: 'EUR',
    }),
    await create('goal', {
      name: 'Bench sign-ups',
      description: 'Every submitted form.',
      type: 'count',
      event: 'form_submitted',
    }),
    await create('goal', {
      name: 'Bench add to cart',
      description: 'Every product put in the cart.',
      type: 'count',
      event: 'add_to_cart',
    }),
  ];

  // 15 campaigns, each on every 15th page in order of traffic (the generator's Zipf weights), with two CTAs.
  const pages = defaultPages(base);
  const ctas: string[] = [];
  const campaigns: string[] = [];
  for (let c = 0; c < BENCH_CAMPAIGNS; c++) {
    const popup = await create('cta', {
      name: `Bench popup ${c + 1}`,
      type: 'popup',
      subtype: 'newsletter',
      items: [
        { type: 'heading', label: 'Ten minutes a week for happier plants' },
        { type: 'email', label: 'Email address', name: 'email', required: true },
        { type: 'consent', label: 'Yes, send me the newsletter', name: 'consent', required: true },
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
    });
    const inline = await create('cta', {
      name: `Bench inline ${c + 1}`,
      type: 'inline',
      subtype: c % 2 === 0 ? 'lead' : 'products',
      items:
        c % 2 === 0
          ? [
              { type: 'heading', label: 'Get the care guide' },
              { type: 'email', label: 'Email address', name: 'email', required: true },
              { type: 'button', label: 'Send it' },
            ]
          : [
              { type: 'heading', label: 'Our watering essentials' },
              { type: 'button', label: 'Shop the set' },
            ],
    });
    for (const id of [popup, inline]) await run('cta', id, 'Publish', {});
    ctas.push(popup, inline);
    const mine = pages.filter((_, i) => i % BENCH_CAMPAIGNS === c);
    const campaign = await create('campaign', {
      name: `Bench campaign ${c + 1}`,
      url: mine[0],
      vertical: 'Care',
      stage: 'Awareness',
      containers: [
        { name: 'Popup', ctaId: popup, devices: ALL_DEVICES, position: 'below', selector: 'main', selectorType: 'css' },
        {
          name: 'Inline',
          ctaId: inline,
          devices: ALL_DEVICES,
          position: 'above',
          selector: 'main',
          selectorType: 'css',
        },
      ],
      pageRules: { operator: 'or', rules: mine.map((value) => ({ kind: 'exact', value })) },
    });
    await run('campaign', campaign, 'SubmitForReview', {});
    await run('campaign', campaign, 'Publish', {}, { warnings: await pageRuleWarnings(db, websiteId, campaign) });
    campaigns.push(campaign);
  }

  const experimentId = await create('experiment', {
    name: 'Bench headline test',
    pageUrl: `${base}/`,
    testType: 'ab',
    goalId: goals[0],
    hypothesis: 'A headline that promises less work sells more.',
    metric: 'Purchases',
    variants: [
      { key: 'control', name: 'Control', weight: 50 },
      {
        key: 'variant-b',
        name: 'Variant B',
        weight: 50,
        changes: [{ selector: 'h1', text: 'Plants that thrive on ten minutes a week' }],
      },
    ],
    endRule: { mode: 'manual' },
  });
  await run('experiment', experimentId, 'SubmitForReview', {});
  await run('experiment', experimentId, 'Publish', {});

  const funnels = [
    await create('funnel', {
      name: 'Bench newsletter journey',
      breakdown: 'utm.source',
      steps: [{ event: 'page_view' }, { event: 'cta_click' }, { event: 'form_submitted' }],
    }),
    await create('funnel', {
      name: 'Bench product to purchase',
      windowSeconds: 7 * 24 * 3600,
      steps: [
        { event: 'page_view', filters: [{ property: 'path', operator: 'contains', value: '/products/' }] },
        { event: 'add_to_cart' },
        { event: 'purchase' },
      ],
    }),
    await create('funnel', {
      name: 'Bench cart to checkout',
      steps: [
        { event: 'page_view' },
        { event: 'page_view', filters: [{ property: 'path', operator: 'contains', value: '/cart' }] },
        { event: 'page_view', filters: [{ property: 'path', operator: 'contains', value: '/checkout' }] },
      ],
    }),
    await create('funnel', {
      name: 'Bench CTA engagement',
      steps: [{ event: 'cta_impression' }, { event: 'cta_click' }],
    }),
    await create('funnel', {
      name: 'Bench guide readers',
      breakdown: 'utm.medium',
      steps: [
        { event: 'page_view', filters: [{ property: 'path', operator: 'contains', value: '/guides' }] },
        { event: 'add_to_cart' },
        { event: 'purchase' },
      ],
    }),
  ];
  return { created: true, goals, ctas, campaigns, experimentId, funnels };
}

/** The set-up already made on this website (null when there is none). */
async function existingSetup(db: SqlExecutor, websiteId: string): Promise<BenchSetup | null> {
  const goal = await db.query<{ id: string }>(
    `SELECT id FROM rm_goals WHERE website_id = $1 AND name = $2 AND status <> 'deleted'`,
    [websiteId, BENCH_GOAL_NAME],
  );
  if (goal.rows.length === 0) return null;
  const ids = async (sql: string) => (await db.query<{ id: string }>(sql, [websiteId])).rows.map((r) => r.id);
  const experiments = await ids(
    `SELECT id FROM rm_experiments WHERE website_id = $1 AND status = 'live' ORDER BY created_at, id`,
  );
  return {
    created: false,
    goals: await ids(`SELECT id FROM rm_goals WHERE website_id = $1 AND status <> 'deleted' ORDER BY created_at, id`),
    ctas: await ids(`SELECT id FROM rm_ctas WHERE website_id = $1 AND status = 'active' ORDER BY created_at, id`),
    campaigns: await ids(
      `SELECT id FROM rm_campaigns WHERE website_id = $1 AND status = 'live' ORDER BY created_at, id`,
    ),
    experimentId: experiments[0] ?? '',
    funnels: await ids(
      `SELECT id FROM rm_funnels WHERE website_id = $1 AND status <> 'deleted' ORDER BY created_at, id`,
    ),
  };
}

/** The warnings a campaign's `Publish` records, computed as the HTTP route does (page rules that match nothing). */
async function pageRuleWarnings(db: SqlExecutor, websiteId: string, campaignId: string): Promise<string[]> {
  const found = await db.query<{ page_rules: PageRulesInput | null }>(
    `SELECT record->'pageRules' AS page_rules FROM rm_campaigns WHERE id = $1`,
    [campaignId],
  );
  const lists = await urlListRules(db, websiteId);
  return rulesCanMatch(found.rows[0]?.page_rules ?? undefined, lists) ? [] : [PAGE_RULES_NO_EFFECT];
}
