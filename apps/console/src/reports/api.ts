import type { Identifier } from 'react-admin';

export interface StageMetrics {
  stage: string;
  label: string;
  /** Stays in the stage that ended in the period. */
  completed: number;
  /** Of those, the ones that ended with the post sent back to an earlier stage. */
  returns: number;
  returnRate: number;
  avgHours: number | null;
  medianHours: number | null;
  p90Hours: number | null;
  maxHours: number | null;
}

export interface QueueMetrics {
  stage: string;
  label: string;
  /** In the stage's pool, nobody holds them. */
  waiting: number;
  inProgress: number;
  oldestWaitingHours: number;
  avgWaitingHours: number;
}

export interface PersonMetrics {
  userId: Identifier;
  name: string | null;
  stage: string;
  completed: number;
  returned: number;
  avgHours: number | null;
}

export interface WebsiteMetrics {
  websiteId: Identifier;
  name: string | null;
  completed: number;
  returns: number;
  published: number;
  avgHours: number | null;
}

/** `GET /api/reports/workflow` */
export interface WorkflowReport {
  stages: StageMetrics[];
  queues: QueueMetrics[];
  people: PersonMetrics[];
  websites: WebsiteMetrics[];
}


