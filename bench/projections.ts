import type { Projection } from '#libs/platform/src/projections/projection.js';

/** The trivial projection: a counter row per stream, upserted in the runner's transaction, one statement per batch. */
export function counterProjection(name: string): Projection {
  return {
    name,
    schema: `CREATE TABLE IF NOT EXISTS ${name} (
      stream_id  text PRIMARY KEY,
      events     bigint NOT NULL,
      last_type  text NOT NULL
    )`,
    tables: [name],
    /** The whole batch in one statement: the per-stream counts summed in memory first. */
    async applyBatch(events, tx) {
      const counts = new Map<string, { events: number; lastType: string }>();
      for (const event of events) {
        const entry = counts.get(event.streamId) ?? { events: 0, lastType: event.type };
        entry.events += 1;
        entry.lastType = event.type;
        counts.set(event.streamId, entry);
      }
      await tx.query(
        `INSERT INTO ${name} (stream_id, events, last_type)
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])
         ON CONFLICT (stream_id) DO UPDATE SET events = ${name}.events + EXCLUDED.events, last_type = EXCLUDED.last_type`,
        [[...counts.keys()], [...counts.values()].map((c) => c.events), [...counts.values()].map((c) => c.lastType)],
      );
    },
    async apply(event, tx) {
      await tx.query(
        `INSERT INTO ${name} (stream_id, events, last_type) VALUES ($1, 1, $2)
         ON CONFLICT (stream_id) DO UPDATE SET events = ${name}.events + 1, last_type = EXCLUDED.last_type`,
        [event.streamId, event.type],
      );
    },
  };
}

export const quiet = { info() {}, error() {} };
