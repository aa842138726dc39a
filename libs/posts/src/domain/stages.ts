import { EDITORS, ORG_ADMINS } from '#libs/organisations/src/domain/cms-roles.js';
import { PLATFORM_ADMIN } from '#libs/platform/src/auth/policy.js';

/**
 * The article workflow's stages (DESIGN.md "Article"), in order. The pre-publication stages a
 * website uses depend on its settings; `Writer` and `Edit` always exist.
 */
export const PRE_PUBLICATION = [
  'Writer',
  'Edit',
  'SecondEdit',
  'Review',
  'FactCheck',
  'SecondFactCheck',
  'ThirdFactCheck',
  'FourthFactCheck',
] as const;
export type PreStage = (typeof PRE_PUBLICATION)[number];
export const POST_STATUSES = [...PRE_PUBLICATION, 'Published', 'Deleted', 'Archived'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const FACT_CHECK_STAGES = [
  'FactCheck',
  'SecondFactCheck',
  'ThirdFactCheck',
  'FourthFactCheck',
] as const satisfies readonly PreStage[];

/** How the console names each status (seed 000 section 4). */
export const STATUS_LABELS: Record<PostStatus, string> = {
  Writer: 'Writing',
  Edit: 'Edit',
  SecondEdit: 'Review',
  Review: 'Customer review',
  FactCheck: 'Fact check',
  SecondFactCheck: 'Second fact check',
  ThirdFactCheck: 'Third fact check',
  FourthFactCheck: 'Fourth fact check',
  Published: 'Published',
  Deleted: 'Unpublished',
  Archived: 'Archived',
};

/** The workflow settings of a post's website, read when a decision is made (never stored with the post). */
export interface WorkflowSettings {
  secondEdit: boolean;
  customerReview: boolean;
  factCheckLevels: number;
  regulated: boolean;
  fourEyes: boolean;
}

export const DEFAULT_WORKFLOW: WorkflowSettings = {
  secondEdit: false,
  customerReview: false,
  factCheckLevels: 0,
  regulated: false,
  fourEyes: true,
};

/** The pre-publication stages a website with these settings uses, in order. */
export function enabledStages(settings: WorkflowSettings): PreStage[] {
  const levels = Math.max(0, Math.min(4, Math.trunc(settings.factCheckLevels)));
  return [
    'Writer',
    'Edit',
    ...(settings.secondEdit ? (['SecondEdit'] as const) : []),
    ...(settings.customerReview ? (['Review'] as const) : []),
    ...FACT_CHECK_STAGES.slice(0, levels),
  ];
}

export const stageIndex = (stage: PreStage) => PRE_PUBLICATION.indexOf(stage);
export const isFactCheck = (stage: string): stage is (typeof FACT_CHECK_STAGES)[number] =>
  (FACT_CHECK_STAGES as readonly string[]).includes(stage);

/**
 * The stage after `current` in this website's workflow, or `Published` after the last one. A post
 * sitting in a stage the website no longer uses still moves forward (nothing is stranded).
 */
export function nextStage(current: PreStage, settings: WorkflowSettings): PreStage | 'Published' {
  return enabledStages(settings).find((stage) => stageIndex(stage) > stageIndex(current)) ?? 'Published';
}

/** Whether `current` is the last pre-publication stage (where editors may publish). */
export const isLastStage = (current: PreStage, settings: WorkflowSettings) =>
  nextStage(current, settings) === 'Published';

/**
 * Roles (as the policy names them: organisation roles and `cms:{role}`). Editors and organisation
 * admins are the organisations context's (shared with the experts context).
 */
export { EDITORS, ORG_ADMINS };
export const CREATORS = ['cms:creator'] as const;
export const REVIEWERS = [...EDITORS, 'cms:reviewer'] as const;
/** Archiving and restoring published work is for administrators. */
export const ADMINS = [...ORG_ADMINS, 'cms:admin', PLATFORM_ADMIN] as const;

/** Who works each stage (its assignee role) and may act on a post in it. */
export const STAGE_ROLES: Record<PreStage | 'Published', readonly string[]> = {
  Writer: [...CREATORS, ...EDITORS],
  Edit: EDITORS,
  SecondEdit: EDITORS,
  Review: REVIEWERS,
  FactCheck: REVIEWERS,
  SecondFactCheck: REVIEWERS,
  ThirdFactCheck: REVIEWERS,
  FourthFactCheck: REVIEWERS,
  Published: EDITORS,
};

/** The workflow role names of the spec, per stage (for the console and the metrics). */
export const STAGE_ASSIGNEE: Record<PreStage, string> = {
  Writer: 'writer',
  Edit: 'editor',
  SecondEdit: 'second editor',
  Review: 'review-step checker',
  FactCheck: 'fact checker',
  SecondFactCheck: 'fact checker',
  ThirdFactCheck: 'fact checker',
  FourthFactCheck: 'fact checker',
};
