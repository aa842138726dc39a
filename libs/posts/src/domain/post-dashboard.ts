import type { PostTab } from './post-tabs.js';
import { CREATORS, EDITORS, ORG_ADMINS, PRE_PUBLICATION, type PreStage } from './stages.js';

/**
 * The dashboard's rules (issue 12 "a dashboard per role"): whose queue each stage is, where its
 * list lives, and who sees the organisation's whole pipeline. `STAGE_ROLES` says who *may* act in
 * a stage (editors may also write, owners everything); a queue is the work a role is there for.
 */
const REVIEWER_QUEUE = ['cms:reviewer'] as const;

/** The roles whose daily queue each stage is. */
export const QUEUE_ROLES: Record<PreStage, readonly string[]> = {
  Writer: CREATORS,
  Edit: EDITORS,
  SecondEdit: EDITORS,
  Review: REVIEWER_QUEUE,
  FactCheck: REVIEWER_QUEUE,
  SecondFactCheck: REVIEWER_QUEUE,
  ThirdFactCheck: REVIEWER_QUEUE,
  FourthFactCheck: REVIEWER_QUEUE,
};

/** The CMS tab that lists a stage's queue (the console links each queue to it). */
export const QUEUE_TABS: Record<PreStage, PostTab> = {
  Writer: 'briefs',
  Edit: 'edit',
  SecondEdit: 'review',
  Review: 'review',
  FactCheck: 'fact-check-1',
  SecondFactCheck: 'fact-check-2',
  ThirdFactCheck: 'fact-check-3',
  FourthFactCheck: 'fact-check-4',
};

/** The stages whose queue belongs to someone with these roles (in one organisation), in workflow order. */
export function queueStagesFor(roles: readonly string[]): PreStage[] {
  return PRE_PUBLICATION.filter((stage) => QUEUE_ROLES[stage].some((role) => roles.includes(role)));
}

/** The stages shown even when nothing waits in them: a role's first queue (the others appear when they hold posts). */
export function primaryQueueFor(roles: readonly string[]): PreStage | null {
  if (roles.some((r) => REVIEWER_QUEUE.includes(r as never))) return 'FactCheck';
  if (roles.some((r) => (EDITORS as readonly string[]).includes(r))) return 'Edit';
  if (roles.some((r) => (CREATORS as readonly string[]).includes(r))) return 'Writer';
  return null;
}

/** Owners and organisation admins see the organisation's whole pipeline. */
export function seesPipeline(roles: readonly string[]): boolean {
  return roles.some((r) => (ORG_ADMINS as readonly string[]).includes(r));
}

/** How many of a person's posts with a due date the dashboard lists, and how many returns. */
export const DASHBOARD_LIMITS = { due: 5, returned: 5 } as const;
