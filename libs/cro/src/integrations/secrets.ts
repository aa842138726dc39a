import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import type { IntegrationKind } from '../domain/cro-fields.js';

/**
 * The secrets of CTA integrations, write-only: a webhook's signing secret (`webhook`), a webhook's
 * URL (`webhook-url`: webhook URLs often carry a token), a Zapier catch hook's URL (`zapier-url`:
 * its only credential) and the organisation's Zoho CRM access token (`zoho-token`). A secret never
 * enters the event log (which is immutable and relayed to Kafka), a record, a history, the audit
 * or an export: `CtaIntegrationConnected` records a hint (cro-fields.ts `recordedIntegration`);
 * the secret lives here, a webhook's signing secret is shown once to the person who connects it,
 * and all of an integration's secrets are deleted with it. Only the delivery job reads them.
 * Versioned migrations (libs/eventstore/src/sql/migrations.ts): an applied one never changes;
 * add a new section.
 */
export const CRO_SECRETS_SCHEMA = `
-- migration cro 1: baseline
CREATE TABLE IF NOT EXISTS cro_integration_secrets (
  cta_id     text NOT NULL,
  kind       text NOT NULL,
  secret     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cta_id, kind)
);

-- migration cro 2: webhook and Zapier URLs recorded by CtaIntegrationConnected v1 move to the secret store
INSERT INTO cro_integration_secrets (cta_id, kind, secret)
SELECT DISTINCT ON (e.stream_id, e.data->>'kind') substr(e.stream_id, 5), (e.data->>'kind') || '-url', e.data->'settings'->>'url'
  FROM es_events e
 WHERE e.type = 'CtaIntegrationConnected' AND e.schema_version = 1 AND e.stream_id LIKE 'cta-%'
   AND e.data->>'kind' IN ('webhook', 'zapier') AND jsonb_typeof(e.data->'settings'->'url') = 'string'
   AND NOT EXISTS (
     SELECT 1 FROM es_events d
      WHERE d.stream_id = e.stream_id AND d.type = 'CtaIntegrationDisconnected' AND d.data->>'kind' = e.data->>'kind' AND d.global_position > e.global_position)
 ORDER BY e.stream_id, e.data->>'kind', e.global_position DESC
ON CONFLICT (cta_id, kind) DO NOTHING;
`;

/** The secret-store names of an integration's secrets. */
export const INTEGRATION_SECRET_NAMES: Readonly<Record<IntegrationKind, readonly string[]>> = {
  webhook: ['webhook', 'webhook-url'],
  zapier: ['zapier-url'],
  hubspot: [],
  zoho: ['zoho-token'],
};

/**
 * The hint of a URL in SQL, as cro-fields.ts `urlHint` makes it: scheme and host, '/', the mask
 * and the last four characters.
 */
const SQL_URL_HINT = (url: string) =>
  `coalesce(substring(${url} from '^([A-Za-z][A-Za-z0-9+.-]*://)'), '') || coalesce(substring(${url} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#]*)'), '') || '/••••••••' || right(${url}, 4)`;

/** The integrations list `column` with every `settings.url` replaced by its `urlHint` (SQL). */
const maskedIntegrations = (column: string) => `(
  SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(i->'settings'->'url') = 'string'
    THEN jsonb_set(i, '{settings}', ((i->'settings') - 'url') || jsonb_build_object('urlHint', ${SQL_URL_HINT(`(i->'settings'->>'url')`)}))
    ELSE i END ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements(${column}) WITH ORDINALITY AS x(i, n))`;

/**
 * Run with the CTA read model's DDL at every start (idempotent): CTA records and states projected
 * from v1 events before the upcaster existed lose their webhook and Zapier URLs (the hint stays).
 */
export const MASK_CTA_URLS = `
UPDATE rm_ctas SET
  record = jsonb_set(record, '{integrations}', ${maskedIntegrations(`record->'integrations'`)}),
  state = jsonb_set(state, '{integrations}', ${maskedIntegrations(`state->'integrations'`)})
 WHERE (jsonb_typeof(record->'integrations') = 'array' AND jsonb_path_exists(record->'integrations', '$[*].settings.url'))
    OR (jsonb_typeof(state->'integrations') = 'array' AND jsonb_path_exists(state->'integrations', '$[*].settings.url'));
`;

/** A new webhook signing secret: 32 random bytes, base64url (43 characters). */
export const newWebhookSecret = () => randomBytes(32).toString('base64url');

export async function saveIntegrationSecret(
  db: SqlExecutor,
  ctaId: string,
  kind: string,
  secret: string,
): Promise<void> {
  await db.query(
    `INSERT INTO cro_integration_secrets (cta_id, kind, secret) VALUES ($1, $2, $3)
     ON CONFLICT (cta_id, kind) DO UPDATE SET secret = EXCLUDED.secret, created_at = now()`,
    [ctaId, kind, secret],
  );
}

/** Stores a connection's secrets (by name: `integrationSecretsOf`), replacing the integration's earlier ones. */
export async function saveIntegrationSecrets(
  db: SqlExecutor,
  ctaId: string,
  kind: IntegrationKind,
  secrets: Record<string, string>,
): Promise<void> {
  await deleteIntegrationSecret(db, ctaId, kind);
  for (const [name, secret] of Object.entries(secrets)) await saveIntegrationSecret(db, ctaId, name, secret);
}

export async function integrationSecret(db: SqlExecutor, ctaId: string, kind: string): Promise<string | null> {
  const found = await db.query<{ secret: string }>(
    'SELECT secret FROM cro_integration_secrets WHERE cta_id = $1 AND kind = $2',
    [ctaId, kind],
  );
  return found.rows[0]?.secret ?? null;
}

/** Every secret of one integration of a CTA, by name. */
export async function integrationSecrets(
  db: SqlExecutor,
  ctaId: string,
  kind: IntegrationKind,
): Promise<Map<string, string>> {
  const names = INTEGRATION_SECRET_NAMES[kind] ?? [];
  if (names.length === 0) return new Map();
  const found = await db.query<{ kind: string; secret: string }>(
    'SELECT kind, secret FROM cro_integration_secrets WHERE cta_id = $1 AND kind = ANY($2::text[])',
    [ctaId, [...names]],
  );
  return new Map(found.rows.map((r) => [r.kind, r.secret]));
}

/** Deletes every secret of the integration `kind` of a CTA (an unknown kind deletes nothing). */
export async function deleteIntegrationSecret(db: SqlExecutor, ctaId: string, kind: string): Promise<void> {
  const names = Object.hasOwn(INTEGRATION_SECRET_NAMES, kind) ? INTEGRATION_SECRET_NAMES[kind as IntegrationKind] : [];
  if (names.length === 0) return;
  await db.query('DELETE FROM cro_integration_secrets WHERE cta_id = $1 AND kind = ANY($2::text[])', [
    ctaId,
    [...names],
  ]);
}
