import type { PostEventType } from '../domain/post.decider.js';
import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import { PRE_PUBLICATION } from '../domain/stages.js';

const isStage = (status: unknown) =>
  typeof status === 'string' && (PRE_PUBLICATION as readonly string[]).includes(status);

/**
 * Stage metrics (`rm_post_stage_spans`): one span per stay of a post in a stage, with when it
 * entered, when someone claimed it, who held it, when it left and how (forward, returned,
 * published). Time in stage, returns per stage, queue age per pool and per-person figures are
 * queries over these spans.
 */
export const stageMetricsProjection: Projection = {
  name: 'post-stage-metrics',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_post_stage_spans (
      id              bigserial PRIMARY KEY,
      post_id         text NOT NULL,
      organisation_id text NOT NULL,
      website_id      text NOT NULL,
      stage           text NOT NULL,
      entered_at      timestamptz NOT NULL,
      claimed_at      timestamptz,
      holder_id       text,
      holder_name     text,
      left_at         timestamptz,
      outcome         text,
      next_stage      text
    );
    CREATE INDEX IF NOT EXISTS rm_post_stage_spans_open ON rm_post_stage_spans (post_id) WHERE left_at IS NULL;
    CREATE INDEX IF NOT EXISTS rm_post_stage_spans_org ON rm_post_stage_spans (organisation_id, website_id, stage);
    -- A stage entered by a return: who returned it and their note (the dashboard's "returned to you").
    ALTER TABLE rm_post_stage_spans ADD COLUMN IF NOT EXISTS returned_by text;
    ALTER TABLE rm_post_stage_spans ADD COLUMN IF NOT EXISTS returned_note text;
  `,
  tables: ['rm_post_stage_spans'],
  handles: [
    'PostCreated',
    'PostSelected',
    'PostTakenOver',
    'PostSentTo',
    'PostDiscarded',
    'PostSubmitted',
    'PostReturned',
    'PostFactCheckApproved',
    'PostRegulationDeclined',
    'PostPublished',
  ] satisfies PostEventType[],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const postId = event.streamId.slice('post-'.length);
    const d = event.data as Record<string, any>;
    const at = event.createdAt;
    switch (event.type) {
      case 'PostCreated':
        await tx.query(
          `INSERT INTO rm_post_stage_spans (post_id, organisation_id, website_id, stage, entered_at, claimed_at, holder_id, holder_name)
           VALUES ($1, $2, $3, 'Writer', $4, $5, $6, $7)`,
          [
            postId,
            d.organisationId,
            d.websiteId,
            at,
            d.holder ? at : null,
            d.holder?.userId ?? null,
            d.holder?.name ?? null,
          ],
        );
        return;
      case 'PostSelected':
      case 'PostTakenOver':
      case 'PostSentTo': {
        const holder = event.type === 'PostSentTo' ? d.to : d.by;
        await tx.query(
          `UPDATE rm_post_stage_spans SET holder_id = $2, holder_name = $3, claimed_at = coalesce(claimed_at, $4) WHERE post_id = $1 AND left_at IS NULL`,
          [postId, holder.userId, holder.name, at],
        );
        return;
      }
      case 'PostDiscarded':
        await tx.query(
          `UPDATE rm_post_stage_spans SET holder_id = NULL, holder_name = NULL WHERE post_id = $1 AND left_at IS NULL`,
          [postId],
        );
        return;
      default: {
        // A move: close the open span, open one for the stage it enters.
        const outcome =
          event.type === 'PostReturned' || event.type === 'PostRegulationDeclined'
            ? 'returned'
            : d.to === 'Published'
              ? 'published'
              : 'forward';
        // A stay nobody claimed is credited to whoever moved the post on.
        const closed = await tx.query<{ organisation_id: string; website_id: string }>(
          `UPDATE rm_post_stage_spans SET left_at = $2, outcome = $3, next_stage = $4,
             holder_id = coalesce(holder_id, $5), holder_name = coalesce(holder_name, $6)
           WHERE post_id = $1 AND left_at IS NULL
           RETURNING organisation_id, website_id`,
          [postId, at, outcome, d.to, d.by?.userId ?? null, d.by?.name ?? null],
        );
        const owner = closed.rows[0];
        if (owner && isStage(d.to)) {
          // A returned post goes straight back to whoever held that stage: claimed from the start.
          const holder = d.holder ?? null;
          const returned = outcome === 'returned';
          await tx.query(
            `INSERT INTO rm_post_stage_spans (post_id, organisation_id, website_id, stage, entered_at, claimed_at, holder_id, holder_name, returned_by, returned_note)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [
              postId,
              owner.organisation_id,
              owner.website_id,
              d.to,
              at,
              holder ? at : null,
              holder?.userId ?? null,
              holder?.name ?? null,
              returned ? (d.by?.name ?? null) : null,
              returned ? (d.note ?? null) : null,
            ],
          );
        }
      }
    }
  },
};
