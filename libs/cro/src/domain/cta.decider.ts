import { NEW, defineDecider, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
import { ValidationError } from '#libs/platform/src/errors.js';
import { missing, parseInput, z } from '#libs/platform/src/validation.js';
import {
  CTA_FIELD_LABELS,
  CTA_PUBLISH_CONTENT_DISABLED,
  CTA_PUBLISH_FAILED,
  CTA_PUBLISH_WEBSITE_INACTIVE,
  INTEGRATION_NOT_CONNECTED,
  copyName,
  croContextOf,
  ctaCreateSchema,
  ctaIncompleteness,
  ctaUpdateSchema,
  disconnectIntegrationSchema,
  duplicateSchema,
  exportTemplateSchema,
  integrationSchema,
  personOf,
  recordedIntegration,
  urlHint,
  type CtaChanges,
  type CtaCreateInput,
  type CtaFields,
  type IntegrationKind,
  type IntegrationSettings,
  type Person,
} from './cro-fields.js';
import { CONTENT_AUTHORS, CONTENT_PUBLISHERS, CRO_ADMINS } from './roles.js';

/**
 * A CTA widget (stream `cta-{id}`). Statuses (seed 001 section 4, DESIGN.md "CTA widget"):
 * `draft`, `review`, `active`, `deleted`; after `DeletePermanently` the terminal `purged` (like
 * a post's `Purged`: gone from every list, its history kept for the audit).
 *
 * | Action                | From                   | To        | Who                                          |
 * |-----------------------|------------------------|-----------|----------------------------------------------|
 * | Create                | (new)                  | draft     | CONTENT_AUTHORS                              |
 * | Update                | draft, review          | (same)    | CONTENT_AUTHORS                              |
 * | Update                | active                 | (same)    | CONTENT_PUBLISHERS (must stay complete)      |
 * | SaveDraft             | draft, review          | draft     | CONTENT_AUTHORS                              |
 * | SaveDraft             | active                 | draft     | CONTENT_PUBLISHERS (takes it off the site)   |
 * | SubmitForReview       | draft                  | review    | CONTENT_AUTHORS                              |
 * | Publish               | draft, review          | active    | CONTENT_PUBLISHERS; website active, publish content enabled, CTA complete |
 * | Delete                | draft, review, active  | deleted   | CONTENT_PUBLISHERS                           |
 * | Restore               | deleted                | draft     | CONTENT_PUBLISHERS                           |
 * | DeletePermanently     | deleted                | purged    | CRO_ADMINS                                   |
 * | Duplicate             | draft, review, active  | (same)    | CONTENT_AUTHORS                              |
 * | ExportAsTemplate      | draft, review, active  | (same)    | CONTENT_AUTHORS                              |
 * | ConnectIntegration    | draft, review, active  | (same)    | CONTENT_PUBLISHERS                           |
 * | DisconnectIntegration | draft, review, active  | (same)    | CONTENT_PUBLISHERS (422 when not connected)  |
 *
 * `SubmitForReview` is not in DESIGN.md's list of CTA actions, but `review` is one of its statuses
 * and the role table (roles.ts) lets authors "submit": it is the way into `review`; `SaveDraft`
 * from `review` is the way back. `Publish` refuses, in this order: a website that is not active
 * (422 "CTA publish failed, website must be active"), publish content disabled (422 "CTA publish
 * failed, publish content must be enabled for this website") — both guards on the command's
 * context `{ website: { status, publishContent } }`, so the button is hidden too, and a missing
 * website in the context refuses as not active — then an incomplete CTA (422 "CTA publish
 * failed", the reasons in `errors`). An `Update` of an active CTA changes what is live: it must
 * leave the CTA complete (the same 422 "CTA publish failed").
 *
 * `Duplicate` `{ copyId, name? }` is decided on the source: `CtaDuplicated` records that a copy
 * was made and carries `copy`, the data of the copy's `Create` (name "{name} (copy)", the
 * source's fields, `duplicatedFrom` left to the caller, who knows the source's id; integrations
 * are not copied). A process manager (or the caller) sends that `Create` to `cta-{copyId}`.
 */

export type CtaStatus = 'draft' | 'review' | 'active' | 'deleted';
export const CTA_PURGED = 'purged' as const;
type Status = CtaStatus | typeof CTA_PURGED;
export type CtaAction =
  | 'Create'
  | 'Update'
  | 'SaveDraft'
  | 'SubmitForReview'
  | 'Publish'
  | 'Delete'
  | 'Restore'
  | 'DeletePermanently'
  | 'Duplicate'
  | 'ExportAsTemplate'
  | 'ConnectIntegration'
  | 'DisconnectIntegration';

export const CTA_STATUSES: readonly CtaStatus[] = ['draft', 'review', 'active', 'deleted'];
export const CTA_STATUS_LABELS: Record<CtaStatus, string> = {
  draft: 'Draft',
  review: 'Review',
  active: 'Active',
  deleted: 'Deleted',
};

/** What `Create` needs: the request (ctaCreateSchema) and the website's organisation. */
export type CtaCreateData = CtaCreateInput & { organisationId: string };
/** The part of a CTA a template keeps. */
export interface CtaTemplate {
  type: CtaFields['type'];
  subtype: string | null;
  items: CtaFields['items'];
  design: Record<string, unknown> | null;
  popup: CtaFields['popup'] | null;
}

export type CtaEvent =
  | DomainEvent<
      'CtaCreated',
      { organisationId: string; websiteId: string; fields: CtaFields; duplicatedFrom: string | null; createdBy: Person }
    >
  | DomainEvent<'CtaUpdated', { changes: CtaChanges; by: Person }>
  | DomainEvent<'CtaDraftSaved', { changes: CtaChanges; from: CtaStatus; by: Person }>
  | DomainEvent<'CtaSubmittedForReview', { by: Person }>
  | DomainEvent<'CtaPublished', { from: CtaStatus; by: Person }>
  | DomainEvent<'CtaDeleted', { from: CtaStatus; by: Person }>
  | DomainEvent<'CtaRestored', { by: Person }>
  | DomainEvent<'CtaDeletedPermanently', { by: Person }>
  | DomainEvent<'CtaDuplicated', { copyId: string; copy: Omit<CtaCreateData, 'duplicatedFrom'>; by: Person }>
  | DomainEvent<'CtaExportedAsTemplate', { templateId: string; name: string; template: CtaTemplate; by: Person }>
  | DomainEvent<'CtaIntegrationConnected', IntegrationSettings & { by: Person }>
  | DomainEvent<'CtaIntegrationDisconnected', { kind: IntegrationKind; by: Person }>;

export interface CtaState {
  status: Status | typeof NEW;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  duplicatedFrom: string | null;
  fields: CtaFields | null;
  /** Connected integrations, one per kind. */
  integrations: IntegrationSettings[];
}

const EDITABLE: CtaStatus[] = ['draft', 'review', 'active'];
const UNPUBLISHED: CtaStatus[] = ['draft', 'review'];

const websiteActive = (_s: CtaState, _a: Actor, context: unknown): true | string =>
  croContextOf(context).website?.status === 'active' || CTA_PUBLISH_WEBSITE_INACTIVE;
const publishContentEnabled = (_s: CtaState, _a: Actor, context: unknown): true | string =>
  croContextOf(context).website?.publishContent === true || CTA_PUBLISH_CONTENT_DISABLED;

/** The changes of an edit: the parsed fields that differ from what is recorded. */
function changesOf(state: CtaState, data: unknown): CtaChanges {
  const parsed = parseInput(ctaUpdateSchema, data ?? {});
  const current = new Map(Object.entries(state.fields ?? {}));
  return Object.fromEntries(
    Object.entries(parsed).filter(
      ([key, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(current.get(key)),
    ),
  ) as CtaChanges;
}

function ensureComplete(fields: Partial<CtaFields> | null): void {
  const errors = ctaIncompleteness(fields);
  if (Object.keys(errors).length) throw new ValidationError(CTA_PUBLISH_FAILED, errors);
}

const fieldsOf = (input: CtaCreateInput): CtaFields => {
  const { websiteId: _w, duplicatedFrom: _d, ...fields } = input;
  return fields as CtaFields;
};

export const ctaDecider = defineDecider<Status, CtaAction, CtaState, CtaEvent>({
  table: {
    name: 'CTA',
    statuses: [...CTA_STATUSES, CTA_PURGED],
    transitions: [
      {
        action: 'Create',
        from: [NEW],
        to: 'draft',
        roles: [...CONTENT_AUTHORS, 'system'],
        description: 'Also the duplicates process (system), making the copy a Duplicate decided',
      },
      { action: 'Update', from: UNPUBLISHED, roles: CONTENT_AUTHORS },
      {
        action: 'Update',
        from: ['active'],
        roles: CONTENT_PUBLISHERS,
        description: 'Changes what is live: the CTA must stay complete',
      },
      { action: 'SaveDraft', from: UNPUBLISHED, to: 'draft', roles: CONTENT_AUTHORS },
      {
        action: 'SaveDraft',
        from: ['active'],
        to: 'draft',
        roles: CONTENT_PUBLISHERS,
        description: 'Takes the CTA off the site',
      },
      { action: 'SubmitForReview', from: ['draft'], to: 'review', roles: CONTENT_AUTHORS },
      {
        action: 'Publish',
        from: UNPUBLISHED,
        to: 'active',
        roles: CONTENT_PUBLISHERS,
        guard: (s, a, c) => {
          const active = websiteActive(s, a, c);
          return active === true ? publishContentEnabled(s, a, c) : active;
        },
        description: 'Needs an active website with publish content enabled, and a complete CTA',
      },
      { action: 'Delete', from: EDITABLE, to: 'deleted', roles: CONTENT_PUBLISHERS },
      { action: 'Restore', from: ['deleted'], to: 'draft', roles: CONTENT_PUBLISHERS },
      {
        action: 'DeletePermanently',
        from: ['deleted'],
        to: CTA_PURGED,
        roles: CRO_ADMINS,
        description: 'Removes the CTA from every list; its history stays for the audit',
      },
      {
        action: 'Duplicate',
        from: EDITABLE,
        roles: CONTENT_AUTHORS,
        description: 'Records the copy; its Create goes to the copy',
      },
      { action: 'ExportAsTemplate', from: EDITABLE, roles: CONTENT_AUTHORS },
      {
        action: 'ConnectIntegration',
        from: EDITABLE,
        roles: CONTENT_PUBLISHERS,
        description: 'Webhook, Zapier, HubSpot or Zoho (one of each kind)',
      },
      { action: 'DisconnectIntegration', from: EDITABLE, roles: CONTENT_PUBLISHERS },
    ],
  },
  initialState: {
    status: NEW,
    organisationId: null,
    websiteId: null,
    createdBy: null,
    duplicatedFrom: null,
    fields: null,
    integrations: [],
  } as CtaState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, { data, actor }) => {
      const input = parseInput(
        ctaCreateSchema.extend({
          organisationId: z
            .string({ error: missing(CTA_FIELD_LABELS.organisationId) })
            .min(1, missing(CTA_FIELD_LABELS.organisationId)),
        }),
        data,
      );
      const { organisationId, ...request } = input;
      return [
        {
          type: 'CtaCreated',
          data: {
            organisationId,
            websiteId: request.websiteId,
            fields: fieldsOf(request),
            duplicatedFrom: request.duplicatedFrom ?? null,
            createdBy: personOf(actor),
          },
        },
      ];
    },
    Update: (state, { data, actor }) => {
      const changes = changesOf(state, data);
      if (Object.keys(changes).length === 0) return [];
      if (state.status === 'active') ensureComplete({ ...state.fields!, ...changes } as CtaFields);
      return [{ type: 'CtaUpdated', data: { changes, by: personOf(actor) } }];
    },
    SaveDraft: (state, { data, actor }) => {
      const changes = changesOf(state, data);
      if (state.status === 'draft' && Object.keys(changes).length === 0) return [];
      return [{ type: 'CtaDraftSaved', data: { changes, from: state.status as CtaStatus, by: personOf(actor) } }];
    },
    SubmitForReview: (_state, { actor }) => [{ type: 'CtaSubmittedForReview', data: { by: personOf(actor) } }],
    Publish: (state, { actor }) => {
      ensureComplete(state.fields);
      return [{ type: 'CtaPublished', data: { from: state.status as CtaStatus, by: personOf(actor) } }];
    },
    Delete: (state, { actor }) => [
      { type: 'CtaDeleted', data: { from: state.status as CtaStatus, by: personOf(actor) } },
    ],
    Restore: (_state, { actor }) => [{ type: 'CtaRestored', data: { by: personOf(actor) } }],
    DeletePermanently: (_state, { actor }) => [{ type: 'CtaDeletedPermanently', data: { by: personOf(actor) } }],
    Duplicate: (state, { data, actor }) => {
      const { copyId, name } = parseInput(duplicateSchema, data ?? {});
      const fields = state.fields!;
      const copy = {
        organisationId: state.organisationId!,
        websiteId: state.websiteId!,
        ...structuredClone(fields),
        name: name || copyName(fields.name),
      };
      return [{ type: 'CtaDuplicated', data: { copyId, copy, by: personOf(actor) } }];
    },
    ExportAsTemplate: (state, { data, actor }) => {
      const { templateId, name } = parseInput(exportTemplateSchema, data ?? {});
      const f = state.fields!;
      const template: CtaTemplate = {
        type: f.type,
        subtype: f.subtype ?? null,
        items: structuredClone(f.items),
        design: f.design ? structuredClone(f.design) : null,
        popup: f.popup ? structuredClone(f.popup) : null,
      };
      return [
        { type: 'CtaExportedAsTemplate', data: { templateId, name: name || f.name, template, by: personOf(actor) } },
      ];
    },
    ConnectIntegration: (_state, { data, actor }) => {
      // Secrets (a URL, a signing secret, a token) only as hints: the caller keeps them.
      const recorded = recordedIntegration(parseInput(integrationSchema, data ?? {}));
      return [
        {
          type: 'CtaIntegrationConnected',
          data: { ...recorded, by: personOf(actor) } as IntegrationSettings & { by: Person },
        },
      ];
    },
    DisconnectIntegration: (state, { data, actor }) => {
      const { kind } = parseInput(disconnectIntegrationSchema, data ?? {});
      if (!state.integrations.some((i) => i.kind === kind))
        throw ValidationError.field('kind', INTEGRATION_NOT_CONNECTED);
      return [{ type: 'CtaIntegrationDisconnected', data: { kind, by: personOf(actor) } }];
    },
  },
  evolve: (state: CtaState, event: CtaEvent): CtaState => {
    switch (event.type) {
      case 'CtaCreated': {
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
      case 'CtaUpdated':
        return { ...state, fields: { ...state.fields!, ...event.data.changes } as CtaFields };
      case 'CtaDraftSaved':
        return { ...state, status: 'draft', fields: { ...state.fields!, ...event.data.changes } as CtaFields };
      case 'CtaSubmittedForReview':
        return { ...state, status: 'review' };
      case 'CtaPublished':
        return { ...state, status: 'active' };
      case 'CtaDeleted':
        return { ...state, status: 'deleted' };
      case 'CtaRestored':
        return { ...state, status: 'draft' };
      case 'CtaDeletedPermanently':
        return { ...state, status: CTA_PURGED };
      case 'CtaIntegrationConnected': {
        const { by: _by, ...connection } = event.data;
        return {
          ...state,
          integrations: [
            ...state.integrations.filter((i) => i.kind !== connection.kind),
            connection as IntegrationSettings,
          ],
        };
      }
      case 'CtaIntegrationDisconnected':
        return { ...state, integrations: state.integrations.filter((i) => i.kind !== event.data.kind) };
      default:
        return state;
    }
  },
});

/**
 * `CtaIntegrationConnected` v1 -> v2: v1 recorded a webhook's and a Zapier hook's `url`, a secret
 * (a catch hook's URL is its only credential). Read as its hint, in the state, records, histories,
 * the audit and the relay; the URL itself was copied to the secret store by the migration
 * "cro 2" (libs/cro/src/integrations/secrets.ts).
 */
export function withoutIntegrationUrl(data: Record<string, unknown>): Record<string, unknown> {
  const settings = data.settings as Record<string, unknown> | null | undefined;
  if (!settings || typeof settings !== 'object' || typeof settings.url !== 'string') return data;
  const { url, ...rest } = settings;
  return { ...data, settings: { urlHint: urlHint(url), ...rest } };
}

/** The CTA's events: the one list (names and schema versions). */
export const CTA_EVENT_TYPES = [
  { type: 'CtaCreated', schemaVersion: 1 },
  { type: 'CtaUpdated', schemaVersion: 1 },
  { type: 'CtaDraftSaved', schemaVersion: 1 },
  { type: 'CtaSubmittedForReview', schemaVersion: 1 },
  { type: 'CtaPublished', schemaVersion: 1 },
  { type: 'CtaDeleted', schemaVersion: 1 },
  { type: 'CtaRestored', schemaVersion: 1 },
  { type: 'CtaDeletedPermanently', schemaVersion: 1 },
  { type: 'CtaDuplicated', schemaVersion: 1 },
  { type: 'CtaExportedAsTemplate', schemaVersion: 1 },
  { type: 'CtaIntegrationConnected', schemaVersion: 2, upcasters: { 1: withoutIntegrationUrl } },
  { type: 'CtaIntegrationDisconnected', schemaVersion: 1 },
] as const;
export type CtaEventType = (typeof CTA_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_CTA_EVENT_LISTED: [CtaEvent['type']] extends [CtaEventType]
  ? [CtaEventType] extends [CtaEvent['type']]
    ? true
    : never
  : never = true;
