import type { RecordedEvent, SqlExecutor } from '#libs/eventstore/src/index.js';
import type { Projection } from '#libs/platform/src/projections/projection.js';

const QUESTION_EVENTS = [
  'QuestionCreated',
  'QuestionSubmitted',
  'QuestionApproved',
  'QuestionDeclined',
  'QuestionPublished',
  'QuestionUnpublished',
  'QuestionUpdated',
  'QuestionDeleted',
  'QuestionRestored',
];
/** Answer events move the question's answer counts (every answer event names its question). */
const ANSWER_EVENTS = ['AnswerCreated', 'AnswerPublished', 'AnswerDeleted'];

/** The questions of the community screens (`rm_questions`), with their answer counts. */
export const questionsProjection: Projection = {
  name: 'questions',
  schema: `
    CREATE TABLE IF NOT EXISTS rm_questions (
      id                     text PRIMARY KEY,
      organisation_id        text NOT NULL,
      website_id             text NOT NULL,
      locale                 text NOT NULL,
      title                  text NOT NULL,
      category               text,
      status                 text NOT NULL,
      moderator_status       text,
      created_by             text NOT NULL,
      created_at             timestamptz NOT NULL,
      updated_at             timestamptz NOT NULL,
      published_at           timestamptz,
      answer_count           integer NOT NULL DEFAULT 0,
      published_answer_count integer NOT NULL DEFAULT 0,
      version                integer NOT NULL,
      record                 jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rm_questions_organisation ON rm_questions (organisation_id);
    CREATE INDEX IF NOT EXISTS rm_questions_website_status ON rm_questions (website_id, status, created_at);
  `,
  tables: ['rm_questions'],
  handles: [...QUESTION_EVENTS, ...ANSWER_EVENTS],
  async apply(event: RecordedEvent, tx: SqlExecutor) {
    const d = event.data as Record<string, any>;
    const at = event.createdAt.toISOString();

    if (ANSWER_EVENTS.includes(event.type)) {
      const answers = event.type === 'AnswerCreated' ? 1 : event.type === 'AnswerDeleted' ? -1 : 0;
      const published =
        event.type === 'AnswerPublished'
          ? 1
          : event.type === 'AnswerDeleted' && d.previousStatus === 'published'
            ? -1
            : 0;
      await tx.query(
        `UPDATE rm_questions SET answer_count = answer_count + $2::int, published_answer_count = published_answer_count + $3::int,
           record = record || jsonb_build_object('answerCount', answer_count + $2::int, 'publishedAnswerCount', published_answer_count + $3::int)
         WHERE id = $1`,
        [d.questionId, answers, published],
      );
      return;
    }

    const id = event.streamId.slice('question-'.length);
    if (event.type === 'QuestionCreated') {
      const moderatorStatus = d.status === 'pending_review' ? 'pending_review' : null;
      const record = {
        id,
        organisationId: d.organisationId,
        websiteId: d.websiteId,
        locale: d.locale,
        title: d.title,
        body: d.body,
        category: d.category,
        askedBy: d.askedBy,
        status: d.status,
        moderatorStatus,
        declineReason: null,
        decidedBy: null,
        decidedAt: null,
        publishedBy: null,
        publishedAt: null,
        answerCount: 0,
        publishedAnswerCount: 0,
        createdBy: d.createdBy,
        createdAt: at,
        updatedAt: at,
        version: event.streamVersion,
      };
      await tx.query(
        `INSERT INTO rm_questions (id, organisation_id, website_id, locale, title, category, status, moderator_status, created_by,
           created_at, updated_at, version, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12) ON CONFLICT (id) DO NOTHING`,
        [
          id,
          d.organisationId,
          d.websiteId,
          d.locale,
          d.title,
          d.category,
          d.status,
          moderatorStatus,
          d.createdBy.id,
          event.createdAt,
          event.streamVersion,
          JSON.stringify(record),
        ],
      );
      return;
    }

    // The record's changes; `status`, `moderatorStatus`, `publishedAt` also have columns.
    let changes: Record<string, unknown>;
    switch (event.type) {
      case 'QuestionSubmitted':
        changes = { status: 'pending_review', moderatorStatus: 'pending_review' };
        break;
      case 'QuestionApproved':
        changes = { status: 'new', moderatorStatus: 'approved', decidedBy: d.by, decidedAt: at, declineReason: null };
        break;
      case 'QuestionDeclined':
        changes = {
          status: 'deleted',
          moderatorStatus: 'declined',
          decidedBy: d.by,
          decidedAt: at,
          declineReason: d.reason,
        };
        break;
      case 'QuestionPublished':
        changes = { status: 'published', publishedBy: d.publishedBy, publishedAt: at };
        break;
      case 'QuestionUnpublished':
        changes = { status: 'draft', publishedBy: null, publishedAt: null };
        break;
      case 'QuestionRestored':
        changes = { status: 'draft' };
        break;
      case 'QuestionDeleted': {
        const current = await tx.query<{ moderator_status: string | null }>(
          'SELECT moderator_status FROM rm_questions WHERE id = $1',
          [id],
        );
        const waiting = current.rows[0]?.moderator_status === 'pending_review';
        changes = { status: 'deleted', ...(waiting ? { moderatorStatus: null } : {}) };
        break;
      }
      default:
        changes = { ...d };
    }
    const patch = { ...changes, updatedAt: at, version: event.streamVersion };
    await tx.query(
      `UPDATE rm_questions SET
         status = coalesce($2, status),
         moderator_status = CASE WHEN $3::boolean THEN $4::text ELSE moderator_status END,
         title = coalesce($5, title),
         locale = coalesce($6, locale),
         category = CASE WHEN $7::boolean THEN $8::text ELSE category END,
         published_at = CASE WHEN $9::boolean THEN $10::timestamptz ELSE published_at END,
         updated_at = $11, version = $12, record = record || $13::jsonb
       WHERE id = $1`,
      [
        id,
        (changes.status as string) ?? null,
        'moderatorStatus' in changes,
        (changes.moderatorStatus as string | null) ?? null,
        (changes.title as string) ?? null,
        (changes.locale as string) ?? null,
        'category' in changes,
        (changes.category as string | null) ?? null,
        'publishedAt' in changes,
        (changes.publishedAt as string | null) ?? null,
        event.createdAt,
        event.streamVersion,
        JSON.stringify(patch),
      ],
    );
  },
};
