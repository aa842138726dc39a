import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '#libs/eventstore/src/index.js';

/**
 * The signing secrets of CTA webhooks. A secret never enters the event log (which is immutable and
 * relayed to Kafka): the `CtaIntegrationConnected` event records its last four characters, the
 * secret itself lives here, is shown once to the person who connects the webhook, and is deleted
 * with the integration. Versioned migrations (libs/eventstore/src/sql/migrations.ts): an applied
 * one never changes; add a new section.
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
`;

/** A new webhook signing secret: 32 random bytes, base64url (43 characters). */
export const newWebhookSecret = () => randomBytes(32).toString('base64url');

export async function saveIntegrationSecret(db: SqlExecutor, ctaId: string, kind: string, secret: string): Promise<void> {
  await db.query(
    `INSERT INTO cro_integration_secrets (cta_id, kind, secret) VALUES ($1, $2, $3)
     ON CONFLICT (cta_id, kind) DO UPDATE SET secret = EXCLUDED.secret, created_at = now()`,
    [ctaId, kind, secret],
  );
}

export async function integrationSecret(db: SqlExecutor, ctaId: string, kind: string): Promise<string | null> {
  const found = await db.query<{ secret: string }>('SELECT secret FROM cro_integration_secrets WHERE cta_id = $1 AND kind = $2', [ctaId, kind]);
  return found.rows[0]?.secret ?? null;
}

export async function deleteIntegrationSecret(db: SqlExecutor, ctaId: string, kind: string): Promise<void> {
  await db.query('DELETE FROM cro_integration_secrets WHERE cta_id = $1 AND kind = $2', [ctaId, kind]);
}
