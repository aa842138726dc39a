import type { BioEventType } from '../domain/bio.decider.js';
import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';
import { bioDecider, type BioEvent, type BioState } from '../domain/bio.decider.js';

/**
 * Bios (`rm_bios`): the decider's state folded with its own `evolve`, plus the columns lists
 * filter and sort on. Deleted bios leave the table (their history stays in the stream).
 */
export const biosProjection: Projection = {
  name: 'bios',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_bios (
      id              text PRIMARY KEY,
      organisation_id text NOT NULL,
      website_id      text NOT NULL,
      kind            text NOT NULL,
      user_id         text,
      status          text NOT NULL,
      display_name    text NOT NULL,
      slug            text NOT NULL,
      created_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL,
      version         integer NOT NULL,
      state           jsonb NOT NULL,
      record          jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rm_bios_website ON rm_bios (website_id, kind);
    CREATE INDEX IF NOT EXISTS rm_bios_user ON rm_bios (website_id, user_id);
    CREATE INDEX IF NOT EXISTS rm_bios_slug ON rm_bios (website_id, slug);
  `,
  tables: ['rm_bios'],
  handles: ['BioCreated', 'BioChanged', 'BioPublished', 'BioUnpublished', 'BioDeleted'] satisfies BioEventType[],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const id = event.streamId.slice('bio-'.length);
    if (event.type === 'BioDeleted') {
      await tx.query('DELETE FROM rm_bios WHERE id = $1', [id]);
      return;
    }
    const found = await tx.query<{ state: BioState; created_at: Date }>(
      'SELECT state, created_at FROM rm_bios WHERE id = $1',
      [id],
    );
    const before = found.rows[0]?.state ?? bioDecider.initialState;
    const state = bioDecider.evolve(before, { type: event.type, data: event.data } as BioEvent);
    if (!state.owner) return;
    const createdAt = found.rows[0]?.created_at ?? event.createdAt;
    const record = presentBio(id, state, event.streamVersion, createdAt.toISOString(), event.createdAt.toISOString());
    await tx.query(
      `INSERT INTO rm_bios (id, organisation_id, website_id, kind, user_id, status, display_name, slug, created_at, updated_at, version, state, record)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (id) DO UPDATE SET status = $6, display_name = $7, slug = $8, updated_at = $10, version = $11, state = $12, record = $13`,
      [
        id,
        state.owner.organisationId,
        state.owner.websiteId,
        state.owner.kind,
        state.owner.userId,
        state.status,
        state.content.displayName ?? '',
        state.content.slug ?? '',
        createdAt,
        event.createdAt,
        event.streamVersion,
        JSON.stringify(state),
        JSON.stringify(record),
      ],
    );
  },
};

/** The bio as the API answers it (without `allowedActions`, which depend on who asks). */
export function presentBio(id: string, state: BioState, version: number, createdAt: string, updatedAt: string) {
  const c = state.content;
  return {
    id,
    ...state.owner!,
    status: state.status,
    displayName: c.displayName ?? '',
    slug: c.slug ?? '',
    role: c.role ?? null,
    title: c.title ?? null,
    profilePic: c.profilePic ?? null,
    categories: c.categories ?? [],
    text: c.text ?? null,
    metaDescription: c.metaDescription ?? null,
    expertise: c.expertise ?? [],
    education: c.education ?? [],
    highlights: c.highlights ?? [],
    quote: c.quote ?? null,
    socialUrls: c.socialUrls ?? [],
    createdAt,
    updatedAt,
    version,
  };
}
