import type { Projection } from '#libs/platform/src/projections/projection.js';

/** The trivial projection: a counter row per stream, upserted in the runner's transaction. */
export function counterProjection(name: string): Projection {
  return {
    name,
    schema: `CREATE TABLE IF NOT EXISTS ${name} (
      stream_id  text PRIMARY KEY,
      events     bigint NOT NULL,
      last_type  text NOT NULL
    )`,
    tables: [name],
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

