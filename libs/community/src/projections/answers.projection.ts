import type { CommunityEventType } from '../domain/events.js';
import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';

/** The answers of community questions (`rm_answers`). */
export const answersProjection: Projection = {
  name: 'answers',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_answers (
      id              text PRIMARY KEY,
      organisation_id text NOT NULL,
      website_id      text NOT NULL,
      question_id     text NOT NULL,
      status          text NOT NULL,
      body            text NOT NULL,
      created_by      text NOT NULL,
      created_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL,
      published_at    timestamptz,
      version         integer NOT NULL,
      record          jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rm_answers_organisation ON rm_answers (organisation_id);
    CREATE INDEX IF NOT EXISTS rm_answers_question ON rm_answers (question_id, created_at);
    CREATE INDEX IF NOT EXISTS rm_answers_website_status ON rm_answers (website_id, status);
  `,
  tables: ['rm_answers'],
  handles: ['AnswerCreated', 'AnswerUpdated', 'AnswerPublished', 'AnswerDeleted'] satisfies CommunityEventType[],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const id = event.streamId.slice('answer-'.length);
    const d = event.data as Record<string, any>;
    const at = event.createdAt.toISOString();
    if (event.type === 'AnswerCreated') {
      const record = {
        id,
        questionId: d.questionId,
        organisationId: d.organisationId,
        websiteId: d.websiteId,
        body: d.body,
        answeredBy: d.answeredBy,
        status: 'pending',
        publishedBy: null,
        publishedAt: null,
        createdBy: d.createdBy,
        createdAt: at,
        updatedAt: at,
        version: event.streamVersion,
      };
      await tx.query(
        `INSERT INTO rm_answers (id, organisation_id, website_id, question_id, status, body, created_by, created_at, updated_at, version, record)
         VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [
          id,
          d.organisationId,
          d.websiteId,
          d.questionId,
          d.body,
          d.createdBy.id,
          event.createdAt,
          event.streamVersion,
          JSON.stringify(record),
        ],
      );
      return;
    }
    const { questionId: _question, previousStatus: _previous, ...fields } = d;
    const changes: Record<string, unknown> =
      event.type === 'AnswerPublished'
        ? { status: 'published', publishedBy: d.publishedBy, publishedAt: at }
        : event.type === 'AnswerDeleted'
          ? { status: 'deleted' }
          : fields;
    const patch = { ...changes, updatedAt: at, version: event.streamVersion };
    await tx.query(
      `UPDATE rm_answers SET status = coalesce($2, status), body = coalesce($3, body),
         published_at = CASE WHEN $4::boolean THEN $5::timestamptz ELSE published_at END,
         updated_at = $6, version = $7, record = record || $8::jsonb
       WHERE id = $1`,
      [
        id,
        (changes.status as string) ?? null,
        (changes.body as string) ?? null,
        'publishedAt' in changes,
        (changes.publishedAt as string | null) ?? null,
        event.createdAt,
        event.streamVersion,
        JSON.stringify(patch),
      ],
    );
  },
};
