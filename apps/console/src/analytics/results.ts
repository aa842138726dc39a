/*
 * The report answers the words and the panels read (DESIGN.md "Report endpoints"). No imports: the
 * unit tests type-check this file with the API's settings (test/unit/console-analytics.test.ts).
 */

export interface IncrementalityGroup {
  users: number;
  conversions: number;
  rate: number | null;
}

/** `GET /api/reports/incrementality` */
export interface Incrementality {
  exposed: IncrementalityGroup;
  holdout: IncrementalityGroup;
  lift: number | null;
  incrementalConversions: number | null;
  pValue: number | null;
  significance: number | null;
}

/** `GET /api/reports/goal-completions` */
export interface GoalCompletions {
  goalId: string;
  type: string;
  currency: string | null;
  from: string;
  to: string;
  interval: string;
  conversions: number;
  value: number;
  points: { period: string; conversions: number; value: number }[];
}

export interface ControlResult {
  key: string;
  visitors: number;
  conversions: number;
  rate: number | null;
}

export interface VariantResult extends ControlResult {
  lift: number | null;
  delta: number | null;
  pValue: number | null;
  significance: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  chanceToWin: number | null;
}

/**
 * `GET /api/experiments/{id}/results`, with what the API called the winner by: the experiment's
 * significance threshold and the minimum sample of every arm (the console keeps no copy of either).
 */
export interface ExperimentResults {
  control: ControlResult;
  variants: VariantResult[];
  srmPValue: number | null;
  srmFlag: boolean;
  winner: string | null;
  significanceThreshold: number;
  minimumSample: { visitors: number; conversions: number };
  pendingVisitors?: number;
}
