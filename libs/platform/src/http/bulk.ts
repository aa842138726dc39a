import { missing, notText, z } from '../validation.js';

/** The labels bulk requests name their fields with in messages. */
export const BULK_FIELD_LABELS = { action: 'Action', ids: 'The selection', reason: 'Reason' } as const;
const B = BULK_FIELD_LABELS;

/**
 * `POST /api/{resource}/bulk-actions` `{ action, ids, expectedVersions?, reason? }`: one workflow
 * action on many records, answered with one result per id (never all-or-nothing).
 */
export function bulkSchema(actions: readonly string[], maxIds = 200, tooMany = `At most ${maxIds} ids at once`) {
  return z.object({
    action: z.enum(actions as [string, ...string[]], {
      error: (i) => (i.input === undefined ? missing(B.action) : `${B.action} must be one of ${actions.join(', ')}`),
    }),
    ids: z
      .array(z.string({ error: `${B.ids} must list ids` }).max(100, `${B.ids} must list ids`), {
        error: (i) => (i.input === undefined ? missing(B.ids) : `${B.ids} must be a list`),
      })
      .min(1, missing(B.ids))
      .max(maxIds, tooMany),
    /** The version of each record the user saw (required where a decision needs it). */
    expectedVersions: z
      .record(z.string(), z.number({ error: 'expectedVersions must map ids to whole numbers' }).int().min(0), {
        error: 'expectedVersions must map ids to whole numbers',
      })
      .optional(),
    reason: z.string({ error: notText(B.reason) }).optional(),
  });
}
