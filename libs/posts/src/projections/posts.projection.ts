import type { PostEventType } from '../domain/post.decider.js';
import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import { postDecider, type PostEvent, type PostState } from '../domain/post.decider.js';
import { STATUS_LABELS, type PostStatus } from '../domain/stages.js';

/**
 * The posts read model (`rm_posts`): one row per post with the columns the CMS tabs filter and
 * sort on, the record the API answers, and the decider's own state, folded here with the
 * decider's `evolve` (so lists can show the actions each user may take without reading streams).
 */
export const postsProjection: Projection = {
  name: 'posts',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_posts (
      id              text PRIMARY KEY,
      organisation_id text NOT NULL,
      website_id      text NOT NULL,
      locale          text NOT NULL,
      type            text NOT NULL,
      status          text NOT NULL,
      title           text NOT NULL,
      slug            text,
      category        text,
      writer_id       text,
      editor_id       text,
      holder_id       text,
      has_body        boolean NOT NULL DEFAULT false,
      cluster_id      text,
      due_date        date,
      quota_date      date,
      words           integer NOT NULL DEFAULT 0,
      created_by      text,
      created_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL,
      published_at    timestamptz,
      version         integer NOT NULL,
      state           jsonb NOT NULL,
      record          jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rm_posts_organisation_status ON rm_posts (organisation_id, status);
    -- The posts list in its default order (last changed first): the first page without a sort.
    CREATE INDEX IF NOT EXISTS rm_posts_organisation_updated ON rm_posts (organisation_id, updated_at DESC NULLS LAST, id DESC);
    CREATE INDEX IF NOT EXISTS rm_posts_website ON rm_posts (website_id);
    CREATE INDEX IF NOT EXISTS rm_posts_writer ON rm_posts (writer_id);
    CREATE INDEX IF NOT EXISTS rm_posts_editor ON rm_posts (editor_id);
    CREATE INDEX IF NOT EXISTS rm_posts_holder ON rm_posts (holder_id);
  `,
  tables: ['rm_posts'],
  handles: [
    'PostCreated',
    'PostSaved',
    'PostSelected',
    'PostDiscarded',
    'PostTakenOver',
    'PostSentTo',
    'PostSubmitted',
    'PostReturned',
    'PostFactCheckApproved',
    'PostRegulationApproved',
    'PostRegulationDeclined',
    'PostPublished',
    'PostUnpublished',
    'PostArchived',
    'PostDeletedForever',
    // Changing nothing shown, but moving the version a client must send next.
    'PostDraftKept',
    'PostExported',
  ] satisfies PostEventType[],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const id = event.streamId.slice('post-'.length);
    if (event.type === 'PostDeletedForever') {
      await tx.query('DELETE FROM rm_posts WHERE id = $1', [id]);
      return;
    }
    const found = await tx.query<{ state: PostState }>('SELECT state FROM rm_posts WHERE id = $1', [id]);
    const before = found.rows[0]?.state ?? postDecider.initialState;
    const state = postDecider.evolve(before, { type: event.type, data: event.data } as PostEvent);
    const record = presentPost(id, state, event.streamVersion, event.createdAt.toISOString());
    const c = state.content;
    await tx.query(
      `INSERT INTO rm_posts (id, organisation_id, website_id, locale, type, status, title, slug, category, writer_id, editor_id, holder_id,
         has_body, cluster_id, due_date, quota_date, words, created_by, created_at, updated_at, published_at, version, state, record)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)
       ON CONFLICT (id) DO UPDATE SET status = $6, title = $7, slug = $8, category = $9, writer_id = $10, editor_id = $11, holder_id = $12,
         has_body = $13, cluster_id = $14, due_date = $15, quota_date = $16, words = $17, updated_at = $20, published_at = $21,
         version = $22, state = $23, record = $24`,
      [
        id,
        state.organisationId,
        state.websiteId,
        state.locale,
        state.type,
        state.status,
        c.title ?? '',
        c.slug ?? null,
        c.category ?? null,
        record.writer?.userId ?? null,
        record.editor?.userId ?? null,
        state.holder?.userId ?? null,
        Boolean(c.richText?.html?.trim()),
        c.clusterId ?? null,
        c.dueDate ?? null,
        c.quotaDate ?? null,
        c.words ?? 0,
        state.createdBy,
        state.createdAt ?? event.createdAt.toISOString(),
        event.createdAt,
        state.publishedAt,
        event.streamVersion,
        JSON.stringify(state),
        JSON.stringify(record),
      ],
    );
  },
};

/** The post as the API answers it (without `allowedActions`, which depend on who asks). */
export function presentPost(id: string, state: PostState, version: number, updatedAt: string | null) {
  const person = (h: { userId: string; name: string } | undefined | null) =>
    h ? { userId: h.userId, name: h.name } : null;
  const writer =
    person(state.lastHolders.Writer) ??
    (state.content.writerId ? { userId: state.content.writerId, name: null } : null);
  return {
    id,
    organisationId: state.organisationId,
    websiteId: state.websiteId,
    locale: state.locale,
    type: state.type,
    status: state.status,
    statusLabel: STATUS_LABELS[state.status as PostStatus] ?? state.status,
    ...state.content,
    holder: state.holder,
    writer,
    editor: person(state.lastHolders.Edit),
    secondEditor: person(state.lastHolders.SecondEdit),
    reviewer: person(state.lastHolders.Review),
    factChecker: person(state.lastHolders.FactCheck),
    regulationApproved: state.regulationApproved,
    createdBy: state.createdBy,
    createdAt: state.createdAt,
    updatedAt,
    publishedAt: state.publishedAt,
    firstPublishedAt: state.firstPublishedAt,
    version,
  };
}
