import { NEW, defineDecider, type DomainEvent } from '#libs/platform/src/decider.js';
import { ValidationError } from '#libs/platform/src/errors.js';
import { missing, parseInput, z } from '#libs/platform/src/validation.js';
import {
  END_RULE_KINDS,
  EXPERIMENT_FIELD_LABELS,
  PAGE_URL_DOMAIN,
  TEST_NAME_MISSING,
  croContextOf,
  experimentCreateSchema,
  experimentUpdateSchema,
  pageUrlProblem,
  personOf,
  variantsProblem,
  type ExperimentChanges,
  type ExperimentCreateInput,
  type ExperimentFields,
  type Person,
} from './cro-fields.js';
import { EXPERIMENT_AUTHORS, EXPERIMENT_RUNNERS } from './roles.js';

/**
 * An A/B experiment (stream `experiment-{id}`). Statuses (seed 001 section 4, DESIGN.md
 * "Experiment"): `draft`, `review`, `live`, `paused`, `completed`, `completed_deployed`, `deleted`.
 *
 * | Action            | From                                                   | To                      | Who                |
 * |-------------------|--------------------------------------------------------|-------------------------|--------------------|
 * | Create            | (new)                                                  | draft                   | EXPERIMENT_AUTHORS |
 * | Update            | draft, review                                          | (same)                  | EXPERIMENT_AUTHORS |
 * | Update            | live, paused                                           | (same)                  | EXPERIMENT_RUNNERS |
 * | SubmitForReview   | draft                                                  | review                  | EXPERIMENT_AUTHORS |
 * | ReturnToDraft     | review, live, paused                                   | draft                   | EXPERIMENT_RUNNERS |
 * | ReturnToReview    | live, paused                                           | review                  | EXPERIMENT_RUNNERS |
 * | Publish           | draft, review                                          | live                    | EXPERIMENT_RUNNERS |
 * | Pause             | live                                                   | paused                  | EXPERIMENT_RUNNERS |
 * | Resume            | paused                                                 | live                    | EXPERIMENT_RUNNERS |
 * | Complete          | live, paused                                           | completed               | EXPERIMENT_RUNNERS |
 * | CompleteAndDeploy | live, paused, completed                                | completed_deployed      | EXPERIMENT_RUNNERS |
 * | CompleteByEndRule | live                                                   | completed               | system             |
 * | HoldEndRule       | live, while no end rule is held                        | (same)                  | system             |
 * | ConfirmCompletion | live, while an end rule is held                        | completed               | EXPERIMENT_RUNNERS |
 * | Delete            | draft, review, paused, completed, completed_deployed   | deleted                 | EXPERIMENT_RUNNERS |
 * | Restore           | deleted                                                | the status it left      | EXPERIMENT_RUNNERS |
 *
 * Completed experiments cannot be edited: `Update` has no row from `completed` or
 * `completed_deployed` (422). `Delete` has none from `live` (pause or complete it first). `Restore`
 * brings a deleted experiment back to the status it was deleted from, so a completed test restored
 * stays completed (and uneditable).
 *
 * `Publish` needs a name ("Please enter a name for the test"), a valid page URL on the website's
 * domain (the campaign's messages; the domain is `context.website.domain`, and without it
 * publishing refuses with "The page url domain should be the same as your website domain"), valid
 * variants (at least two, the first the control, unique keys, weights 0 to 100 adding up to 100)
 * and a goal ("Goal is missing!"): 422 with `errors`.
 *
 * Traffic rules: the tracker applies `devices` and `visitorsPct`; the placements apply `countries`
 * by the visitor's country when a GeoIP database is readable (libs/cro/src/public/placements.ts);
 * `audiences` cannot be checked yet (no audience is defined). Rather than serve such a test to
 * everybody (ignoring the rule) or silently to nobody, `Publish` refuses an experiment with a
 * non-empty `countries` (COUNTRIES_UNCHECKABLE, unless `context.geoIp` is true: the experiments'
 * routes set it when `GEOIP_DATABASE` is readable) or `audiences` (AUDIENCES_UNCHECKABLE) list, 422 with the message under
 * `errors["trafficRules.countries"]` / `errors["trafficRules.audiences"]`; and so does an `Update`
 * that gives a live or paused test such a rule. A draft may hold them.
 *
 * `Complete` `{ winner? }` records the declared winner (a variant key). `CompleteAndDeploy`
 * `{ variant? }` deploys `variant`, or without it the declared winner; with neither it is refused
 * (422 "Select a variant to deploy: no winner has been declared"). `CompleteByEndRule`
 * `{ rule, winner? }` is the end-rules process completing a live experiment (role `system`).
 *
 * Held end rules (issue 25, "Forged traffic completes a stranger's test": experiment ids and variant
 * keys are public, so anybody can send exposures and conversions): the end-rules process completes
 * a test only when its traffic looks real (`trafficProblems`, libs/analytics/src/domain/end-rules.ts).
 * When the rule is met by traffic that does not, it sends `HoldEndRule` `{ rule, winner?, figures,
 * reasons, traffic }` instead: `ExperimentEndRuleHeld` keeps the test live and records what was
 * met and why it was held (`endRuleHeld` in the state and the record, shown on the experiment's
 * page). A person who may complete tests then decides: `ConfirmCompletion` (no data) completes it
 * as the rule would have, with the held winner, figures and `by` the person; or they pause,
 * complete or change it as usual. An `Update` that changes the end rule drops the hold (the next
 * check decides again). `HoldEndRule` is refused while a rule is already held (the process checks
 * before it sends, so a held test does not collect one event per batch); `ConfirmCompletion` is
 * refused, and not in `allowedActions`, while none is held.
 */

export type ExperimentStatus = 'draft' | 'review' | 'live' | 'paused' | 'completed' | 'completed_deployed' | 'deleted';
export type ExperimentAction =
  | 'Create'
  | 'Update'
  | 'SubmitForReview'
  | 'ReturnToDraft'
  | 'ReturnToReview'
  | 'Publish'
  | 'Pause'
  | 'Resume'
  | 'Complete'
  | 'CompleteAndDeploy'
  | 'CompleteByEndRule'
  | 'HoldEndRule'
  | 'ConfirmCompletion'
  | 'Delete'
  | 'Restore';

export const EXPERIMENT_STATUSES: readonly ExperimentStatus[] = [
  'draft',
  'review',
  'live',
  'paused',
  'completed',
  'completed_deployed',
  'deleted',
];
export const EXPERIMENT_STATUS_LABELS: Record<ExperimentStatus, string> = {
  draft: 'Draft',
  review: 'Review',
  live: 'Live',
  paused: 'Paused',
  completed: 'Completed',
  completed_deployed: 'Completed and deployed',
  deleted: 'Deleted',
};
export const NO_WINNER_TO_DEPLOY = 'Select a variant to deploy: no winner has been declared';
export const UNKNOWN_VARIANT = "The variant must be one of the experiment's variants";

export type ExperimentCreateData = ExperimentCreateInput & { organisationId: string };
type Moved = { from: ExperimentStatus; by: Person };
export type EndRuleKind = (typeof END_RULE_KINDS)[number];

export type ExperimentEvent =
  | DomainEvent<
      'ExperimentCreated',
      { organisationId: string; websiteId: string; fields: ExperimentFields; createdBy: Person }
    >
  | DomainEvent<'ExperimentUpdated', { changes: ExperimentChanges; by: Person }>
  | DomainEvent<'ExperimentSubmittedForReview', Moved>
  | DomainEvent<'ExperimentReturnedToDraft', Moved>
  | DomainEvent<'ExperimentReturnedToReview', Moved>
  | DomainEvent<'ExperimentPublished', Moved>
  | DomainEvent<'ExperimentPaused', Moved>
  | DomainEvent<'ExperimentResumed', Moved>
  /** `by` is null and `endRule` names the rule when the end-rules process completed it. */
  | DomainEvent<
      'ExperimentCompleted',
      {
        from: ExperimentStatus;
        winner: string | null;
        endRule: EndRuleKind | null;
        by: Person | null;
        figures?: EndRuleFigures;
        heldFor?: HeldReason[];
      }
    >
  /** An end rule was met by traffic that does not look real: the test stays live until a person decides. */
  | DomainEvent<'ExperimentEndRuleHeld', EndRuleHeld>
  | DomainEvent<'ExperimentDeployed', Moved & { variant: string }>
  | DomainEvent<'ExperimentDeleted', Moved>
  | DomainEvent<'ExperimentRestored', { to: ExperimentStatus; by: Person }>;

export interface ExperimentState {
  status: ExperimentStatus | typeof NEW;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  fields: ExperimentFields | null;
  /** The declared winner (a variant key), once completed with one. */
  winner: string | null;
  /** The variant deployed by CompleteAndDeploy. */
  deployedVariant: string | null;
  /** The status a deleted experiment left (Restore goes back to it). */
  deletedFrom: ExperimentStatus | null;
  /** An end rule met by traffic that does not look real, waiting for a person (`ConfirmCompletion`). */
  endRuleHeld: EndRuleHeld | null;
}

const RUNNING: ExperimentStatus[] = ['live', 'paused'];
const UNPUBLISHED: ExperimentStatus[] = ['draft', 'review'];

const winnerSchema = z.object({ winner: z.string({ error: UNKNOWN_VARIANT }).trim().max(50).optional() });
const deploySchema = z.object({ variant: z.string({ error: UNKNOWN_VARIANT }).trim().max(50).optional() });
const endRuleCompletionSchema = z.object({
  rule: z.enum(END_RULE_KINDS, {
    error: (i) =>
      i.input === undefined
        ? missing(EXPERIMENT_FIELD_LABELS.rule)
        : `${EXPERIMENT_FIELD_LABELS.rule} must be one of ${END_RULE_KINDS.join(', ')}`,
  }),
  winner: z.string({ error: UNKNOWN_VARIANT }).trim().max(50).optional(),
  /** The figures that met the rule (the end rules process records them). */
  figures: z
    .object({
      met: z.array(z.enum(END_RULE_KINDS)).max(END_RULE_KINDS.length),
      visitors: z.number().int().min(0),
      conversionsPerVariant: z.record(z.string().max(50), z.number().int().min(0)),
      date: z.string().max(10),
      significance: z.number().min(0).max(1).nullable(),
    })
    .optional(),
});

/** What an end rule saw when it completed the test: the criteria met, total visitors, conversions per variant, the day, the best significance. */
export type EndRuleFigures = z.infer<typeof endRuleCompletionSchema>['figures'];

/** Why traffic does not look real (libs/analytics/src/domain/end-rules.ts `trafficProblems`). */
export const HELD_REASONS = ['page_views', 'networks'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];
const count = z.number().int().min(0);
const endRuleHeldSchema = endRuleCompletionSchema.extend({
  reasons: z.array(z.enum(HELD_REASONS)).min(1).max(HELD_REASONS.length),
  /** The exposed visitors, those with a page view of the test's page around their exposure, their networks, the most on one network. */
  traffic: z.object({ visitors: count, withPageView: count, networks: count, largestNetwork: count }),
});
export type EndRuleHeld = z.infer<typeof endRuleHeldSchema>;
export const NOTHING_HELD = 'No end rule is waiting for confirmation';
export const ALREADY_HELD = 'An end rule is already waiting for confirmation';

/** A variant key of the experiment, or a 422 on `field`. */
function variantOf(state: ExperimentState, key: string, field: string): string {
  if (!state.fields?.variants.some((v) => v.key === key)) throw ValidationError.field(field, UNKNOWN_VARIANT);
  return key;
}

function domainOfContext(context: unknown): string | undefined {
  const domain = croContextOf(context).website?.domain;
  return typeof domain === 'string' ? domain : undefined;
}

/** Publish refusals for traffic rules nothing can check (see the table's notes). */
export const COUNTRIES_UNCHECKABLE =
  'Countries cannot be checked: no GeoIP database is configured. Remove the countries to publish this test.';
export const AUDIENCES_UNCHECKABLE = 'Audiences cannot be checked yet. Remove the audiences to publish this test.';

/** The traffic rules that cannot be checked, as field errors (empty: none). */
function uncheckableRules(fields: Partial<ExperimentFields> | null, context: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const rules = fields?.trafficRules;
  const geoIp = (croContextOf(context) as { geoIp?: unknown }).geoIp === true;
  if (rules?.countries?.length && !geoIp) errors['trafficRules.countries'] = COUNTRIES_UNCHECKABLE;
  if (rules?.audiences?.length) errors['trafficRules.audiences'] = AUDIENCES_UNCHECKABLE;
  return errors;
}

/** What publishing needs: a name, a page URL on the website's domain, valid variants, a goal. */
function ensurePublishable(fields: ExperimentFields | null, context: unknown): void {
  const errors: Record<string, string> = {};
  if (!fields?.name?.trim()) errors.name = TEST_NAME_MISSING;
  const domain = domainOfContext(context);
  const urlProblem = pageUrlProblem(fields?.pageUrl ?? '', domain) ?? (domain === undefined ? PAGE_URL_DOMAIN : null);
  if (urlProblem) errors.pageUrl = urlProblem;
  const variantProblem = variantsProblem(fields?.variants ?? []);
  if (variantProblem) errors.variants = variantProblem;
  if (!fields?.goalId) errors.goalId = missing(EXPERIMENT_FIELD_LABELS.goalId);
  Object.assign(errors, uncheckableRules(fields, context));
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
}

/** Edits: the URL's format, and its domain when the website's domain is known. */
function checkUrl(url: string | undefined, context: unknown): void {
  if (url === undefined) return;
  const problem = pageUrlProblem(url, domainOfContext(context));
  if (problem) throw ValidationError.field('pageUrl', problem);
}

const moved = (state: ExperimentState, by: Person): Moved => ({ from: state.status as ExperimentStatus, by });

export const experimentDecider = defineDecider<ExperimentStatus, ExperimentAction, ExperimentState, ExperimentEvent>({
  table: {
    name: 'experiment',
    statuses: EXPERIMENT_STATUSES,
    transitions: [
      { action: 'Create', from: [NEW], to: 'draft', roles: EXPERIMENT_AUTHORS },
      { action: 'Update', from: UNPUBLISHED, roles: EXPERIMENT_AUTHORS },
      {
        action: 'Update',
        from: RUNNING,
        roles: EXPERIMENT_RUNNERS,
        description: 'Changes a running test; completed tests cannot be edited',
      },
      { action: 'SubmitForReview', from: ['draft'], to: 'review', roles: EXPERIMENT_AUTHORS },
      { action: 'ReturnToDraft', from: ['review', ...RUNNING], to: 'draft', roles: EXPERIMENT_RUNNERS },
      { action: 'ReturnToReview', from: RUNNING, to: 'review', roles: EXPERIMENT_RUNNERS },
      {
        action: 'Publish',
        from: UNPUBLISHED,
        to: 'live',
        roles: EXPERIMENT_RUNNERS,
        description: 'Needs a name, a page URL on the website domain, valid variants and a goal',
      },
      { action: 'Pause', from: ['live'], to: 'paused', roles: EXPERIMENT_RUNNERS },
      { action: 'Resume', from: ['paused'], to: 'live', roles: EXPERIMENT_RUNNERS },
      {
        action: 'Complete',
        from: RUNNING,
        to: 'completed',
        roles: EXPERIMENT_RUNNERS,
        description: 'Records the winner, when one is declared',
      },
      {
        action: 'CompleteAndDeploy',
        from: [...RUNNING, 'completed'],
        to: 'completed_deployed',
        roles: EXPERIMENT_RUNNERS,
        description: 'Deploys the given variant, or the declared winner',
      },
      {
        action: 'CompleteByEndRule',
        from: ['live'],
        to: 'completed',
        roles: ['system'],
        description: 'The end rules completed the test',
      },
      {
        action: 'HoldEndRule',
        from: ['live'],
        roles: ['system'],
        description: 'An end rule was met by traffic that does not look real: a person confirms',
        guard: (state) => (state.endRuleHeld === null ? true : ALREADY_HELD),
      },
      {
        action: 'ConfirmCompletion',
        from: ['live'],
        to: 'completed',
        roles: EXPERIMENT_RUNNERS,
        description: 'Completes a test whose end rule was held, as the rule would have',
        guard: (state) => (state.endRuleHeld !== null ? true : NOTHING_HELD),
      },
      {
        action: 'Delete',
        from: [...UNPUBLISHED, 'paused', 'completed', 'completed_deployed'],
        to: 'deleted',
        roles: EXPERIMENT_RUNNERS,
        description: 'Not while live',
      },
      {
        action: 'Restore',
        from: ['deleted'],
        roles: EXPERIMENT_RUNNERS,
        description: 'Back to the status it was deleted from',
      },
    ],
  },
  initialState: {
    status: NEW,
    organisationId: null,
    websiteId: null,
    createdBy: null,
    fields: null,
    winner: null,
    deployedVariant: null,
    deletedFrom: null,
    endRuleHeld: null,
  } as ExperimentState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, { data, actor, context }) => {
      const input = parseInput(
        experimentCreateSchema.extend({
          organisationId: z
            .string({ error: missing(EXPERIMENT_FIELD_LABELS.organisationId) })
            .min(1, missing(EXPERIMENT_FIELD_LABELS.organisationId)),
        }),
        data,
      );
      const { organisationId, websiteId, ...rest } = input;
      checkUrl(rest.pageUrl, context);
      const fields: ExperimentFields = { ...rest, variants: rest.variants ?? [] };
      return [{ type: 'ExperimentCreated', data: { organisationId, websiteId, fields, createdBy: personOf(actor) } }];
    },
    Update: (state, { data, actor, context }) => {
      const parsed = parseInput(experimentUpdateSchema, data ?? {});
      checkUrl(parsed.pageUrl, context);
      const current = new Map(Object.entries(state.fields ?? {}));
      const changes = Object.fromEntries(
        Object.entries(parsed).filter(
          ([key, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(current.get(key)),
        ),
      ) as ExperimentChanges;
      if (RUNNING.includes(state.status as ExperimentStatus) && changes.trafficRules) {
        const errors = uncheckableRules({ trafficRules: changes.trafficRules }, context);
        const first = Object.values(errors)[0];
        if (first) throw new ValidationError(first, errors);
      }
      return Object.keys(changes).length ? [{ type: 'ExperimentUpdated', data: { changes, by: personOf(actor) } }] : [];
    },
    SubmitForReview: (state, { actor }) => [
      { type: 'ExperimentSubmittedForReview', data: moved(state, personOf(actor)) },
    ],
    ReturnToDraft: (state, { actor }) => [{ type: 'ExperimentReturnedToDraft', data: moved(state, personOf(actor)) }],
    ReturnToReview: (state, { actor }) => [{ type: 'ExperimentReturnedToReview', data: moved(state, personOf(actor)) }],
    Publish: (state, { actor, context }) => {
      ensurePublishable(state.fields, context);
      return [{ type: 'ExperimentPublished', data: moved(state, personOf(actor)) }];
    },
    Pause: (state, { actor }) => [{ type: 'ExperimentPaused', data: moved(state, personOf(actor)) }],
    Resume: (state, { actor }) => [{ type: 'ExperimentResumed', data: moved(state, personOf(actor)) }],
    Complete: (state, { data, actor }) => {
      const { winner } = parseInput(winnerSchema, data ?? {});
      const declared = winner ? variantOf(state, winner, 'winner') : null;
      return [
        {
          type: 'ExperimentCompleted',
          data: { from: state.status as ExperimentStatus, winner: declared, endRule: null, by: personOf(actor) },
        },
      ];
    },
    CompleteAndDeploy: (state, { data, actor }) => {
      const { variant } = parseInput(deploySchema, data ?? {});
      const key = variant || state.winner;
      if (!key) throw ValidationError.field('variant', NO_WINNER_TO_DEPLOY);
      return [
        {
          type: 'ExperimentDeployed',
          data: { ...moved(state, personOf(actor)), variant: variantOf(state, key, 'variant') },
        },
      ];
    },
    CompleteByEndRule: (state, { data }) => {
      const { rule, winner, figures } = parseInput(endRuleCompletionSchema, data ?? {});
      const declared = winner ? variantOf(state, winner, 'winner') : null;
      return [
        {
          type: 'ExperimentCompleted',
          data: {
            from: state.status as ExperimentStatus,
            winner: declared,
            endRule: rule,
            by: null,
            ...(figures ? { figures } : {}),
          },
        },
      ];
    },
    HoldEndRule: (_state, { data }) => {
      const held = parseInput(endRuleHeldSchema, data ?? {});
      return [{ type: 'ExperimentEndRuleHeld', data: held }];
    },
    ConfirmCompletion: (state, { actor }) => {
      const held = state.endRuleHeld!;
      // The variants may have changed since: a winner that is no longer one is not declared.
      const winner = held.winner && state.fields?.variants.some((v) => v.key === held.winner) ? held.winner : null;
      return [
        {
          type: 'ExperimentCompleted',
          data: {
            from: 'live',
            winner,
            endRule: held.rule,
            by: personOf(actor),
            ...(held.figures ? { figures: held.figures } : {}),
            heldFor: held.reasons,
          },
        },
      ];
    },
    Delete: (state, { actor }) => [{ type: 'ExperimentDeleted', data: moved(state, personOf(actor)) }],
    Restore: (state, { actor }) => [
      { type: 'ExperimentRestored', data: { to: state.deletedFrom ?? 'draft', by: personOf(actor) } },
    ],
  },
  evolve: (state: ExperimentState, event: ExperimentEvent): ExperimentState => {
    switch (event.type) {
      case 'ExperimentCreated': {
        const d = event.data;
        return {
          ...state,
          status: 'draft',
          organisationId: d.organisationId,
          websiteId: d.websiteId,
          createdBy: d.createdBy.id,
          fields: d.fields,
        };
      }
      case 'ExperimentUpdated': {
        const fields = { ...state.fields!, ...event.data.changes } as ExperimentFields;
        // A changed end rule is decided again by the next check.
        return event.data.changes.endRule !== undefined
          ? { ...state, fields, endRuleHeld: null }
          : { ...state, fields };
      }
      case 'ExperimentEndRuleHeld':
        return { ...state, endRuleHeld: event.data };
      case 'ExperimentSubmittedForReview':
      case 'ExperimentReturnedToReview':
        return { ...state, status: 'review' };
      case 'ExperimentReturnedToDraft':
        return { ...state, status: 'draft' };
      case 'ExperimentPublished':
      case 'ExperimentResumed':
        return { ...state, status: 'live' };
      case 'ExperimentPaused':
        return { ...state, status: 'paused' };
      case 'ExperimentCompleted':
        return { ...state, status: 'completed', winner: event.data.winner };
      case 'ExperimentDeployed':
        return { ...state, status: 'completed_deployed', deployedVariant: event.data.variant };
      case 'ExperimentDeleted':
        return { ...state, status: 'deleted', deletedFrom: event.data.from };
      case 'ExperimentRestored':
        return { ...state, status: event.data.to, deletedFrom: null };
      default:
        return state;
    }
  },
});

/** The experiment's events: the one list (names and schema versions). */
export const EXPERIMENT_EVENT_TYPES = [
  { type: 'ExperimentCreated', schemaVersion: 1 },
  { type: 'ExperimentUpdated', schemaVersion: 1 },
  { type: 'ExperimentSubmittedForReview', schemaVersion: 1 },
  { type: 'ExperimentReturnedToDraft', schemaVersion: 1 },
  { type: 'ExperimentReturnedToReview', schemaVersion: 1 },
  { type: 'ExperimentPublished', schemaVersion: 1 },
  { type: 'ExperimentPaused', schemaVersion: 1 },
  { type: 'ExperimentResumed', schemaVersion: 1 },
  { type: 'ExperimentCompleted', schemaVersion: 1 },
  { type: 'ExperimentDeployed', schemaVersion: 1 },
  { type: 'ExperimentDeleted', schemaVersion: 1 },
  { type: 'ExperimentRestored', schemaVersion: 1 },
  { type: 'ExperimentEndRuleHeld', schemaVersion: 1 },
] as const;
export type ExperimentEventType = (typeof EXPERIMENT_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_EXPERIMENT_EVENT_LISTED: [ExperimentEvent['type']] extends [ExperimentEventType]
  ? [ExperimentEventType] extends [ExperimentEvent['type']]
    ? true
    : never
  : never = true;
