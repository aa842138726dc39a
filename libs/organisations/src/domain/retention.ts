/**
 * How long an organisation keeps the raw tracking events its websites send (`collected_events`,
 * form submissions included), in months: the choices Google Analytics 4 offers for its event data
 * (2 and 14 months on the standard plan, 26, 38 and 50 on 360). The organisation's setting
 * `analyticsRetentionMonths`; without one, `DEFAULT_RETENTION_MONTHS`.
 *
 * Each choice is a class of partitions of `collected_events` (libs/cro/src/projections/event-partitions.ts),
 * so the retention job drops whole monthly partitions rather than deleting rows one by one.
 */
export const RETENTION_MONTHS = [2, 14, 26, 38, 50] as const;
export type RetentionMonths = (typeof RETENTION_MONTHS)[number];
export const DEFAULT_RETENTION_MONTHS: RetentionMonths = 14;
/** Why another value is refused. */
export const RETENTION_INVALID = `Analytics data retention must be one of ${RETENTION_MONTHS.join(', ')} months`;

export const isRetentionMonths = (value: unknown): value is RetentionMonths =>
  typeof value === 'number' && (RETENTION_MONTHS as readonly number[]).includes(value);
