import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import type { CtaTemplate } from '../domain/cta.decider.js';

/**
 * The organisations' own CTA templates (`rm_cta_templates`), from `CtaExportedAsTemplate`: the
 * template picker lists them beside the starter templates.
 */
export const ctaTemplatesProjection: Projection = {
  name: 'cta-templates',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_cta_templates (
      id              text PRIMARY KEY,
      organisation_id text NOT NULL,
      cta_id          text NOT NULL,
      name            text NOT NULL,
      type            text NOT NULL,
      template        jsonb NOT NULL,
      created_by      text,
      created_at      timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rm_cta_templates_organisation ON rm_cta_templates (organisation_id, type, name);
  `,
  tables: ['rm_cta_templates'],
  handles: ['CtaExportedAsTemplate'],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const organisationId = event.metadata.organisationId;
    if (typeof organisationId !== 'string') return;
    const d = event.data as { templateId: string; name: string; template: CtaTemplate; by?: { id: string } };
    await tx.query(
      `INSERT INTO rm_cta_templates (id, organisation_id, cta_id, name, type, template, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [
        d.templateId,
        organisationId,
        event.streamId.slice('cta-'.length),
        d.name,
        d.template.type,
        JSON.stringify(d.template),
        d.by?.id ?? null,
        event.createdAt,
      ],
    );
  },
};
