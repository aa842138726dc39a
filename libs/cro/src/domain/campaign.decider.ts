import { NEW, defineDecider, type DomainEvent } from '#libs/platform/src/decider.js';
import { ValidationError } from '#libs/platform/src/errors.js';
import { missing, parseInput, z } from '#libs/platform/src/validation.js';
import {
  CAMPAIGN_FIELD_LABELS,
  CAMPAIGN_NAME_EMPTY,
  INVALID_PAGE_URL,
  PAGE_URL_DOMAIN,
  campaignCreateSchema,
  campaignUpdateSchema,
  copyName,
  croContextOf,
  duplicateSchema,
  generateSchema,
  generationFailedSchema,
  generationFinishedSchema,
  pageUrlProblem,
  personOf,
  type CampaignChanges,
  type CampaignCreateInput,
  type CampaignFields,
  type Person,
} from './cro-fields.js';
import { CONTENT_AUTHORS, CONTENT_PUBLISHERS, CRO_ADMINS } from './roles.js';

/**
 * A campaign (stream `campaign-{id}`): where CTAs show on a website's pages. Statuses (seed 001
 * section 4, DESIGN.md "Campaign"): `draft`, `review`, `live`, `deactivated`, `deleted`.
 *
 * | Action             | From                                | To          | Who                                   |
 * |--------------------|-------------------------------------|-------------|---------------------------------------|
 * | Create             | (new)                               | draft       | CONTENT_AUTHORS                       |
 * | Update             | draft, review                       | (same)      | CONTENT_AUTHORS                       |
 * | Update             | live, deactivated                   | (same)      | CONTENT_PUBLISHERS                    |
 * | SubmitForReview    | draft                               | review      | CONTENT_AUTHORS                       |
 * | ReturnToDraft      | review                              | draft       | CONTENT_PUBLISHERS                    |
 * | Publish            | review                              | live        | CONTENT_PUBLISHERS                    |
 * | Publish            | draft, deactivated                  | live        | CRO_ADMINS (skips the review)         |
 * | Unpublish          | live                                | draft       | CONTENT_PUBLISHERS                    |
 * | ReturnToReview     | live, deactivated                   | review      | CONTENT_PUBLISHERS                    |
 * | Deactivate         | live                                | deactivated | CONTENT_PUBLISHERS                    |
 * | Delete             | draft, review, live, deactivated    | deleted     | CONTENT_PUBLISHERS                    |
 * | Restore            | deleted                             | draft       | CONTENT_PUBLISHERS                    |
 * | Duplicate          | draft, review, live, deactivated    | (same)      | CONTENT_AUTHORS                       |
 * | Generate           | draft, review                       | (same)      | CONTENT_AUTHORS; none running         |
 * | Generate           | live, deactivated                   | (same)      | CONTENT_PUBLISHERS; none running      |
 * | CancelGeneration   | draft, review                       | (same)      | CONTENT_AUTHORS; one running          |
 * | CancelGeneration   | live, deactivated                   | (same)      | CONTENT_PUBLISHERS; one running       |
 * | GenerationFinished | any                                 | (same)      | system (the background job)           |
 * | GenerationFailed   | any                                 | (same)      | system (the background job)           |
 *
 * `Publish` needs a name ("Campaign name must not be empty") and a valid page URL ("Please enter
 * a valid content page URL.") on the website's domain or a subdomain ("The page url domain should
 * be the same as your website domain"; the domain is `context.website.domain`, and publishing
 * without it refuses with that message), all 422 with `errors`. Whether the page rules match
 * anything is the caller's fact: `context.warnings` (strings) is recorded on `CampaignPublished`.
 * Edits check the URL's format, and its domain when the context names the website's domain.
 *
 * Theme generation: `Generate` `{ templateId, jobId }` records a job started (422 "A theme
 * generation is already running for this campaign" while one runs); `CancelGeneration` only while
 * one runs (422 "No theme generation is running for this campaign"). The job reports with
 * `GenerationFinished` `{ jobId, result? }` or `GenerationFailed` `{ jobId, reason? }` (role
 * `system`): a report for a job that is not the running one (cancelled, or superseded) records
 * nothing, so a job racing a cancel never fails.
 *
 * `Duplicate` `{ copyId, name? }`: as a CTA's (cta.decider.ts): `CampaignDuplicated` carries the
 * copy's `Create` data (name "{name} (copy)"); the copy is created by its own command.
 */

export type CampaignStatus = 'draft' | 'review' | 'live' | 'deactivated' | 'deleted';
export type CampaignAction =
  | 'Create'
  | 'Update'
  | 'SubmitForReview'
  | 'ReturnToDraft'
  | 'Publish'
  | 'Unpublish'
  | 'ReturnToReview'
  | 'Deactivate'
  | 'Delete'
  | 'Restore'
  | 'Duplicate'
  | 'Generate'
  | 'CancelGeneration'
  | 'GenerationFinished'
  | 'GenerationFailed';

export const CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['draft', 'review', 'live', 'deactivated', 'deleted'];
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  review: 'Review',
  live: 'Live',
  deactivated: 'Deactivated',
  deleted: 'Deleted',
};
export const GENERATION_RUNNING = 'A theme generation is already running for this campaign';
export const NO_GENERATION_RUNNING = 'No theme generation is running for this campaign';

export type CampaignCreateData = CampaignCreateInput & { organisationId: string };
export interface GenerationJob {
  jobId: string;
  templateId: string;
}
type Moved = { from: CampaignStatus; by: Person };

export type CampaignEvent =
  | DomainEvent<
      'CampaignCreated',
      {
        organisationId: string;
        websiteId: string;
        fields: CampaignFields;
        duplicatedFrom: string | null;
        createdBy: Person;
      }
    >
  | DomainEvent<'CampaignUpdated', { changes: CampaignChanges; by: Person }>
  | DomainEvent<'CampaignSubmittedForReview', Moved>
  | DomainEvent<'CampaignReturnedToDraft', Moved>
  | DomainEvent<'CampaignPublished', Moved & { warnings: string[] }>
  | DomainEvent<'CampaignUnpublished', Moved>
  | DomainEvent<'CampaignReturnedToReview', Moved>
  | DomainEvent<'CampaignDeactivated', Moved>
  | DomainEvent<'CampaignDeleted', Moved>
  | DomainEvent<'CampaignRestored', Moved>
  | DomainEvent<'CampaignDuplicated', { copyId: string; copy: Omit<CampaignCreateData, 'duplicatedFrom'>; by: Person }>
  | DomainEvent<'CampaignGenerationStarted', GenerationJob & { by: Person }>
  | DomainEvent<'CampaignGenerationCancelled', { jobId: string; by: Person }>
  | DomainEvent<'CampaignGenerationFinished', { jobId: string; result: Record<string, unknown> | null }>
  | DomainEvent<'CampaignGenerationFailed', { jobId: string; reason: string | null }>;

export interface CampaignState {
  status: CampaignStatus | typeof NEW;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  duplicatedFrom: string | null;
  fields: CampaignFields | null;
  /** The theme generation running now, if any. */
  generation: GenerationJob | null;
  /** How the last generation ended (its CTAs, or why it failed, or that it was cancelled). */
  lastGeneration?: {
    jobId: string;
    outcome: 'finished' | 'failed' | 'cancelled';
    ctaIds?: string[];
    reason?: string | null;
  } | null;
  /** Warnings of the last publication (e.g. page rules that match nothing). */
  warnings: string[];
}

const EXISTING: CampaignStatus[] = ['draft', 'review', 'live', 'deactivated'];
const UNPUBLISHED: CampaignStatus[] = ['draft', 'review'];
const PUBLISHED: CampaignStatus[] = ['live', 'deactivated'];

const notRunning = (s: CampaignState): true | string => s.generation === null || GENERATION_RUNNING;
const running = (s: CampaignState): true | string => s.generation !== null || NO_GENERATION_RUNNING;

function domainOfContext(context: unknown): string | undefined {
  const domain = croContextOf(context).website?.domain;
  return typeof domain === 'string' ? domain : undefined;
}

/** Edits: the URL's format, and its domain when the website's domain is known. */
function checkUrl(url: string | undefined, context: unknown): void {
  if (url === undefined) return;
  const problem = pageUrlProblem(url, domainOfContext(context));
  if (problem) throw ValidationError.field('url', problem);
}

/** What publishing needs: a name and a valid page URL on the website's domain. */
function ensurePublishable(fields: CampaignFields | null, context: unknown): void {
  const errors: Record<string, string> = {};
  if (!fields?.name?.trim()) errors.name = CAMPAIGN_NAME_EMPTY;
  if (!fields?.url) errors.url = INVALID_PAGE_URL;
  else {
    const domain = domainOfContext(context);
    // Without the website's domain nothing says the URL is on it: refuse rather than publish blind.
    const problem = pageUrlProblem(fields.url, domain) ?? (domain === undefined ? PAGE_URL_DOMAIN : null);
    if (problem) errors.url = problem;
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
}

function changesOf(state: CampaignState, data: unknown, context: unknown): CampaignChanges {
  const parsed = parseInput(campaignUpdateSchema, data ?? {});
  checkUrl(parsed.url, context);
  const current = new Map(Object.entries(state.fields ?? {}));
  return Object.fromEntries(
    Object.entries(parsed).filter(
      ([key, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(current.get(key)),
    ),
  ) as CampaignChanges;
}

const warningsOf = (context: unknown): string[] => {
  const warnings = croContextOf(context).warnings;
  return Array.isArray(warnings) ? warnings.filter((w): w is string => typeof w === 'string') : [];
};

export const campaignDecider = defineDecider<CampaignStatus, CampaignAction, CampaignState, CampaignEvent>({
  table: {
    name: 'campaign',
    statuses: CAMPAIGN_STATUSES,
    transitions: [
      {
        action: 'Create',
        from: [NEW],
        to: 'draft',
        roles: [...CONTENT_AUTHORS, 'system'],
        description: 'Also the duplicates process (system), making the copy a Duplicate decided',
      },
      { action: 'Update', from: UNPUBLISHED, roles: CONTENT_AUTHORS },
      { action: 'Update', from: PUBLISHED, roles: CONTENT_PUBLISHERS, description: 'Changes a published campaign' },
      { action: 'SubmitForReview', from: ['draft'], to: 'review', roles: CONTENT_AUTHORS },
      { action: 'ReturnToDraft', from: ['review'], to: 'draft', roles: CONTENT_PUBLISHERS },
      {
        action: 'Publish',
        from: ['review'],
        to: 'live',
        roles: CONTENT_PUBLISHERS,
        description: 'Needs a name and a valid page URL on the website domain',
      },
      {
        action: 'Publish',
        from: ['draft', 'deactivated'],
        to: 'live',
        roles: CRO_ADMINS,
        description: 'Admins may skip the review',
      },
      { action: 'Unpublish', from: ['live'], to: 'draft', roles: CONTENT_PUBLISHERS },
      { action: 'ReturnToReview', from: PUBLISHED, to: 'review', roles: CONTENT_PUBLISHERS },
      { action: 'Deactivate', from: ['live'], to: 'deactivated', roles: CONTENT_PUBLISHERS },
      { action: 'Delete', from: EXISTING, to: 'deleted', roles: CONTENT_PUBLISHERS },
      { action: 'Restore', from: ['deleted'], to: 'draft', roles: CONTENT_PUBLISHERS },
      {
        action: 'Duplicate',
        from: EXISTING,
        roles: CONTENT_AUTHORS,
        description: 'Records the copy; its Create goes to the copy',
      },
      {
        action: 'Generate',
        from: UNPUBLISHED,
        roles: CONTENT_AUTHORS,
        guard: notRunning,
        description: 'Starts a theme generation job',
      },
      {
        action: 'Generate',
        from: PUBLISHED,
        roles: CONTENT_PUBLISHERS,
        guard: notRunning,
        description: 'Starts a theme generation job',
      },
      { action: 'CancelGeneration', from: UNPUBLISHED, roles: CONTENT_AUTHORS, guard: running },
      { action: 'CancelGeneration', from: PUBLISHED, roles: CONTENT_PUBLISHERS, guard: running },
      {
        action: 'GenerationFinished',
        from: CAMPAIGN_STATUSES,
        roles: ['system'],
        description: 'The job reports its result (a stale job records nothing)',
      },
      {
        action: 'GenerationFailed',
        from: CAMPAIGN_STATUSES,
        roles: ['system'],
        description: 'The job reports its failure (a stale job records nothing)',
      },
    ],
  },
  initialState: {
    status: NEW,
    organisationId: null,
    websiteId: null,
    createdBy: null,
    duplicatedFrom: null,
    fields: null,
    generation: null,
    warnings: [],
  } as CampaignState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, { data, actor, context }) => {
      const input = parseInput(
        campaignCreateSchema.extend({
          organisationId: z
            .string({ error: missing(CAMPAIGN_FIELD_LABELS.organisationId) })
            .min(1, missing(CAMPAIGN_FIELD_LABELS.organisationId)),
        }),
        data,
      );
      const { organisationId, websiteId, duplicatedFrom, ...fields } = input;
      checkUrl(fields.url, context);
      return [
        {
          type: 'CampaignCreated',
          data: {
            organisationId,
            websiteId,
            fields: fields as CampaignFields,
            duplicatedFrom: duplicatedFrom ?? null,
            createdBy: personOf(actor),
          },
        },
      ];
    },
    Update: (state, { data, actor, context }) => {
      const changes = changesOf(state, data, context);
      return Object.keys(changes).length ? [{ type: 'CampaignUpdated', data: { changes, by: personOf(actor) } }] : [];
    },
    SubmitForReview: (state, { actor }) => [
      { type: 'CampaignSubmittedForReview', data: { from: state.status as CampaignStatus, by: personOf(actor) } },
    ],
    ReturnToDraft: (state, { actor }) => [
      { type: 'CampaignReturnedToDraft', data: { from: state.status as CampaignStatus, by: personOf(actor) } },
    ],
    Publish: (state, { actor, context }) => {
      ensurePublishable(state.fields, context);
      return [
        {
          type: 'CampaignPublished',
          data: { from: state.status as CampaignStatus, by: personOf(actor), warnings: warningsOf(context) },
        },
      ];
    },
    Unpublish: (state, { actor }) => [
      { type: 'CampaignUnpublished', data: { from: state.status as CampaignStatus, by: personOf(actor) } },
    ],
    ReturnToReview: (state, { actor }) => [
      { type: 'CampaignReturnedToReview', data: { from: state.status as CampaignStatus, by: personOf(actor) } },
    ],
    Deactivate: (state, { actor }) => [
      { type: 'CampaignDeactivated', data: { from: state.status as CampaignStatus, by: personOf(actor) } },
    ],
    Delete: (state, { actor }) => [
      { type: 'CampaignDeleted', data: { from: state.status as CampaignStatus, by: personOf(actor) } },
    ],
    Restore: (state, { actor }) => [
      { type: 'CampaignRestored', data: { from: state.status as CampaignStatus, by: personOf(actor) } },
    ],
    Duplicate: (state, { data, actor }) => {
      const { copyId, name } = parseInput(duplicateSchema, data ?? {});
      const fields = structuredClone(state.fields!);
      const copy = {
        organisationId: state.organisationId!,
        websiteId: state.websiteId!,
        ...fields,
        name: name || copyName(fields.name),
      };
      return [{ type: 'CampaignDuplicated', data: { copyId, copy, by: personOf(actor) } }];
    },
    Generate: (_state, { data, actor }) => {
      const { templateId, jobId } = parseInput(generateSchema, data ?? {});
      return [{ type: 'CampaignGenerationStarted', data: { jobId, templateId, by: personOf(actor) } }];
    },
    CancelGeneration: (state, { actor }) => [
      { type: 'CampaignGenerationCancelled', data: { jobId: state.generation!.jobId, by: personOf(actor) } },
    ],
    GenerationFinished: (state, { data }) => {
      const { jobId, result } = parseInput(generationFinishedSchema, data ?? {});
      return state.generation?.jobId === jobId
        ? [{ type: 'CampaignGenerationFinished', data: { jobId, result: result ?? null } }]
        : [];
    },
    GenerationFailed: (state, { data }) => {
      const { jobId, reason } = parseInput(generationFailedSchema, data ?? {});
      return state.generation?.jobId === jobId
        ? [{ type: 'CampaignGenerationFailed', data: { jobId, reason: reason || null } }]
        : [];
    },
  },
  evolve: (state: CampaignState, event: CampaignEvent): CampaignState => {
    switch (event.type) {
      case 'CampaignCreated': {
        const d = event.data;
        return {
          ...state,
          status: 'draft',
          organisationId: d.organisationId,
          websiteId: d.websiteId,
          createdBy: d.createdBy.id,
          duplicatedFrom: d.duplicatedFrom,
          fields: d.fields,
        };
      }
      case 'CampaignUpdated':
        return { ...state, fields: { ...state.fields!, ...event.data.changes } as CampaignFields };
      case 'CampaignSubmittedForReview':
      case 'CampaignReturnedToReview':
        return { ...state, status: 'review' };
      case 'CampaignReturnedToDraft':
      case 'CampaignUnpublished':
      case 'CampaignRestored':
        return { ...state, status: 'draft' };
      case 'CampaignPublished':
        return { ...state, status: 'live', warnings: event.data.warnings };
      case 'CampaignDeactivated':
        return { ...state, status: 'deactivated' };
      case 'CampaignDeleted':
        return { ...state, status: 'deleted' };
      case 'CampaignGenerationStarted':
        return { ...state, generation: { jobId: event.data.jobId, templateId: event.data.templateId } };
      case 'CampaignGenerationCancelled':
        return { ...state, generation: null, lastGeneration: { jobId: event.data.jobId, outcome: 'cancelled' } };
      case 'CampaignGenerationFinished': {
        const result = event.data.result as { ctaIds?: unknown } | null;
        const ctaIds = Array.isArray(result?.ctaIds)
          ? result.ctaIds.filter((id): id is string => typeof id === 'string')
          : [];
        return { ...state, generation: null, lastGeneration: { jobId: event.data.jobId, outcome: 'finished', ctaIds } };
      }
      case 'CampaignGenerationFailed':
        return {
          ...state,
          generation: null,
          lastGeneration: { jobId: event.data.jobId, outcome: 'failed', reason: event.data.reason },
        };
      default:
        return state;
    }
  },
});

/** The campaign's events: the one list (names and schema versions). */
export const CAMPAIGN_EVENT_TYPES = [
  { type: 'CampaignCreated', schemaVersion: 1 },
  { type: 'CampaignUpdated', schemaVersion: 1 },
  { type: 'CampaignSubmittedForReview', schemaVersion: 1 },
  { type: 'CampaignReturnedToDraft', schemaVersion: 1 },
  { type: 'CampaignPublished', schemaVersion: 1 },
  { type: 'CampaignUnpublished', schemaVersion: 1 },
  { type: 'CampaignReturnedToReview', schemaVersion: 1 },
  { type: 'CampaignDeactivated', schemaVersion: 1 },
  { type: 'CampaignDeleted', schemaVersion: 1 },
  { type: 'CampaignRestored', schemaVersion: 1 },
  { type: 'CampaignDuplicated', schemaVersion: 1 },
  { type: 'CampaignGenerationStarted', schemaVersion: 1 },
  { type: 'CampaignGenerationCancelled', schemaVersion: 1 },
  { type: 'CampaignGenerationFinished', schemaVersion: 1 },
  { type: 'CampaignGenerationFailed', schemaVersion: 1 },
] as const;
export type CampaignEventType = (typeof CAMPAIGN_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_CAMPAIGN_EVENT_LISTED: [CampaignEvent['type']] extends [CampaignEventType]
  ? [CampaignEventType] extends [CampaignEvent['type']]
    ? true
    : never
  : never = true;
