import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import { loadVisible } from '#libs/platform/src/http/tenancy.js';
import type { PageRulesInput, UrlListRule } from '../domain/page-rules.js';

/**
 * The CRO context's read side: every query of its read models that is not a list (lists go
 * through the list helper with the context's allow-listed fields).
 */

/**
 * How many CTAs of the product's website that are not deleted promote it (a product in use cannot
 * be deleted). Only the product's own website counts: a CTA elsewhere that names the id (stored
 * before references were checked on every action) never blocks another organisation's product.
 */
export async function ctasPromotingProduct(db: SqlExecutor, websiteId: string, productId: string): Promise<number> {
  const found = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rm_ctas WHERE website_id = $1 AND status <> 'deleted' AND record->'productIds' @> jsonb_build_array($2::text)`,
    [websiteId, productId],
  );
  return found.rows[0]?.n ?? 0;
}

/** The read models of the CRO kinds (kinds.ts `table`): names from our code, never from a request. */
export type CroTable =
  | 'rm_ctas'
  | 'rm_campaigns'
  | 'rm_experiments'
  | 'rm_products'
  | 'rm_goals'
  | 'rm_url_lists'
  | 'rm_funnels'
  | 'rm_excluded_pages';
const CRO_TABLES: readonly CroTable[] = [
  'rm_ctas',
  'rm_campaigns',
  'rm_experiments',
  'rm_products',
  'rm_goals',
  'rm_url_lists',
  'rm_funnels',
  'rm_excluded_pages',
];

/** How many records of `table` the website holds that are not deleted (what a kind's quota counts). */
export async function recordsOnWebsite(db: SqlExecutor, table: string, websiteId: string): Promise<number> {
  const known = CRO_TABLES.find((t) => t === table);
  if (!known) throw new Error(`Not a CRO read model: ${table}`);
  const found = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${known} WHERE website_id = $1 AND status <> 'deleted'`,
    [websiteId],
  );
  return found.rows[0]?.n ?? 0;
}

/** The bytes (UTF-8) of the rule values of the website's URL lists that are not deleted, but for the list `exceptId`. */
export async function urlListRuleBytes(db: SqlExecutor, websiteId: string, exceptId: string | null): Promise<number> {
  const found = await db.query<{ n: string | number | null }>(
    `SELECT coalesce(sum(octet_length(rule->>'value')), 0)::bigint AS n
       FROM rm_url_lists l CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(l.record->'rules') = 'array' THEN l.record->'rules' ELSE '[]'::jsonb END) AS rule
      WHERE l.website_id = $1 AND l.status <> 'deleted' AND ($2::text IS NULL OR l.id <> $2::text)`,
    [websiteId, exceptId],
  );
  return Number(found.rows[0]?.n ?? 0);
}

/** The rules of the website's active URL lists, by id (what page rules of kind `list` match against). */
export async function urlListRules(db: SqlExecutor, websiteId: string): Promise<Map<string, UrlListRule[]>> {
  const found = await db.query<{ id: string; rules: UrlListRule[] }>(
    `SELECT id, record->'rules' AS rules FROM rm_url_lists WHERE website_id = $1 AND status = 'active'`,
    [websiteId],
  );
  return new Map(found.rows.map((r) => [r.id, r.rules ?? []]));
}

/** Which of `ids` are records of `table` on the website (and not deleted). */
export async function idsOnWebsite(
  db: SqlExecutor,
  table: 'rm_ctas' | 'rm_products' | 'rm_goals' | 'rm_url_lists',
  websiteId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await db.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE website_id = $1 AND status <> 'deleted' AND id = ANY($2::text[])`,
    [websiteId, [...ids]],
  );
  return new Set(found.rows.map((r) => r.id));
}

/** The organisations' own CTA templates (of these organisations; of one type when given). */
export async function ownTemplates(db: SqlExecutor, organisationIds: readonly string[] | null, type: string | null) {
  const found = await db.query<{
    id: string;
    name: string;
    type: string;
    template: Record<string, unknown>;
    organisation_id: string;
    created_at: Date;
  }>(
    `SELECT id, name, type, template, organisation_id, created_at FROM rm_cta_templates
      WHERE ($1::text[] IS NULL OR organisation_id = ANY($1::text[])) AND ($2::text IS NULL OR type = $2) ORDER BY name, id LIMIT 500`,
    [organisationIds ? [...organisationIds] : null, type],
  );
  return found.rows;
}

/** An organisation's own template by id. */
export async function templateById(db: SqlExecutor, templateId: string, organisationId: string) {
  const found = await db.query<{ template: import('../domain/cta.decider.js').CtaTemplate }>(
    'SELECT template FROM rm_cta_templates WHERE id = $1 AND organisation_id = $2',
    [templateId, organisationId],
  );
  return found.rows[0]?.template ?? null;
}

/** The website's active products, by name (at most `limit`). */
export async function activeProducts(
  db: SqlExecutor,
  websiteId: string,
  limit: number,
): Promise<Array<{ id: string; name: string }>> {
  const found = await db.query<{ id: string; name: string }>(
    `SELECT id, name FROM rm_products WHERE website_id = $1 AND status = 'active' ORDER BY name, id LIMIT $2`,
    [websiteId, limit],
  );
  return found.rows;
}

/** A campaign of the website and its page rules (the reports' campaign filter), or null. */
export async function campaignPageRules(
  db: SqlExecutor,
  campaignId: string,
  websiteId: string,
): Promise<{ id: string; pageRules: PageRulesInput | null } | null> {
  const found = await db.query<{ id: string; page_rules: PageRulesInput | null }>(
    `SELECT id, record->'pageRules' AS page_rules FROM rm_campaigns WHERE id = $1 AND website_id = $2`,
    [campaignId, websiteId],
  );
  return found.rows[0] ? { id: found.rows[0].id, pageRules: found.rows[0].page_rules } : null;
}

/** A conversion goal of the website (its type and currency), or null. */
export async function goalOnWebsite(
  db: SqlExecutor,
  goalId: string,
  websiteId: string,
): Promise<{ id: string; type: string; currency: string | null } | null> {
  const found = await db.query<{ id: string; type: string; currency: string | null }>(
    `SELECT id, record->>'type' AS type, record->>'currency' AS currency FROM rm_goals WHERE id = $1 AND website_id = $2`,
    [goalId, websiteId],
  );
  return found.rows[0] ?? null;
}

/**
 * The CTAs of these websites among `ctaIds` that are not live (status other than `active`), with
 * their names: a campaign placing one shows nothing in that container.
 */
export async function ctasNotLive(
  db: SqlExecutor,
  websiteIds: readonly string[],
  ctaIds: readonly string[],
): Promise<Map<string, string>> {
  if (ctaIds.length === 0 || websiteIds.length === 0) return new Map();
  const found = await db.query<{ id: string; name: string | null }>(
    `SELECT id, record->>'name' AS name FROM rm_ctas
      WHERE website_id = ANY($1::text[]) AND id = ANY($2::text[]) AND status <> 'active'`,
    [[...new Set(websiteIds)], [...new Set(ctaIds)]],
  );
  return new Map(found.rows.map((r) => [r.id, r.name ?? r.id]));
}

/** The live campaigns of the CTA's website that place it (one of their containers), by name. */
export async function liveCampaignsPlacing(
  db: SqlExecutor,
  websiteId: string,
  ctaId: string,
): Promise<Array<{ id: string; name: string }>> {
  const found = await db.query<{ id: string; name: string | null }>(
    `SELECT id, record->>'name' AS name FROM rm_campaigns
      WHERE website_id = $1 AND status = 'live'
        AND jsonb_typeof(record->'containers') = 'array'
        AND record->'containers' @> jsonb_build_array(jsonb_build_object('ctaId', $2::text))
      ORDER BY record->>'name', id`,
    [websiteId, ctaId],
  );
  return found.rows.map((r) => ({ id: r.id, name: r.name ?? r.id }));
}

/** Whether the CTA belongs to the website. */
export async function isCtaOfWebsite(db: SqlExecutor, ctaId: string, websiteId: string): Promise<boolean> {
  const found = await db.query('SELECT 1 FROM rm_ctas WHERE id = $1 AND website_id = $2', [ctaId, websiteId]);
  return found.rows.length > 0;
}

/*
 * What the analytics context reads of the CRO records (it imports only these functions, never the
 * tables): the definitions its projector computes with, the live experiments its end rules check,
 * and an experiment or funnel a report is about.
 */

/** An experiment whose end rule the end rules check: live, with a rule other than manual (all such, or those of `ids`). */
export interface EndRuleExperiment {
  id: string;
  organisation_id: string;
  website_id: string;
  version: number;
  held: unknown;
  fields: Record<string, unknown> & { variants?: unknown[]; endRule?: unknown; significanceThreshold?: number };
}

export async function liveEndRuleExperiments(
  db: SqlExecutor,
  ids: readonly string[] | null,
): Promise<EndRuleExperiment[]> {
  const found = await db.query<EndRuleExperiment>(
    `SELECT id, organisation_id, website_id, version, state->'endRuleHeld' AS held, state->'fields' AS fields FROM rm_experiments
      WHERE ($1::text[] IS NULL OR id = ANY($1::text[])) AND status = 'live' AND coalesce(state->'fields'->'endRule'->>'mode', 'manual') <> 'manual'`,
    [ids === null ? null : [...ids]],
  );
  return found.rows;
}

/** The conversion definitions of a website as analytics computes with them: goals and funnels not deleted, every experiment's goal; ordered by id. */
export async function analyticsDefinitions(db: SqlExecutor, websiteId: string) {
  const goals = await db.query<{ id: string; fields: Record<string, unknown> }>(
    `SELECT id, state->'fields' AS fields FROM rm_goals WHERE website_id = $1 AND status <> 'deleted' ORDER BY id`,
    [websiteId],
  );
  const experiments = await db.query<{ id: string; goal_id: string | null }>(
    `SELECT id, state->'fields'->>'goalId' AS goal_id FROM rm_experiments WHERE website_id = $1 ORDER BY id`,
    [websiteId],
  );
  const funnels = await db.query<{ id: string; fields: Record<string, unknown> }>(
    `SELECT id, state->'fields' AS fields FROM rm_funnels WHERE website_id = $1 AND status <> 'deleted' ORDER BY id`,
    [websiteId],
  );
  return { goals: goals.rows, experiments: experiments.rows, funnels: funnels.rows };
}

/** The projections whose read models hold those definitions (their checkpoints tell when one may have changed). */
export const ANALYTICS_DEFINITION_PROJECTIONS = ['goals', 'experiments', 'funnels'] as const;

/** Each website's definitions fingerprint: its goals and funnels by version and status, its experiments by goal (an md5 of them all). */
export async function definitionFingerprints(db: SqlExecutor): Promise<Map<string, string>> {
  const found = await db.query<{ website_id: string; fingerprint: string }>(
    `WITH parts AS (
       SELECT website_id, 'g:' || id || ':' || version || ':' || status AS part FROM rm_goals
       UNION ALL SELECT website_id, 'e:' || id || ':' || coalesce(state->'fields'->>'goalId', '') FROM rm_experiments
       UNION ALL SELECT website_id, 'f:' || id || ':' || version || ':' || status FROM rm_funnels
     )
     SELECT website_id, md5(string_agg(part, ',' ORDER BY part)) AS fingerprint FROM parts GROUP BY website_id`,
  );
  return new Map(found.rows.map((r) => [r.website_id, r.fingerprint]));
}

/** An experiment or a funnel the viewer may read a report of: 404 ("Experiment not found") when they do not reach it. */
export function reportedCroRecord<T extends Record<string, unknown>>(
  db: SqlExecutor,
  viewer: Viewer,
  kind: 'experiment' | 'funnel',
  id: string,
): Promise<T> {
  const source =
    kind === 'experiment' ? { table: 'rm_experiments', label: 'Experiment' } : { table: 'rm_funnels', label: 'Funnel' };
  return loadVisible<T>(
    db,
    viewer,
    { ...source, organisationOf: (r) => r.organisationId as string, websiteOf: (r) => r.websiteId as string },
    id,
  );
}
