import { websiteOrganisation } from '#libs/organisations/src/projections/queries.js';
import { actorFor } from '#libs/platform/src/auth/viewer.js';
import { NEW, type Actor } from '#libs/platform/src/decider.js';
import { ForbiddenError, ValidationError } from '#libs/platform/src/errors.js';
import { checkId } from '#libs/platform/src/http/records.js';
import { canReachWebsite } from '#libs/platform/src/http/tenancy.js';
import type { ResourceEnv, ResourceKind } from '#libs/platform/src/resources/resource.js';
import { missing, notText, parseInput, tooLong, z } from '#libs/platform/src/validation.js';
import {
  REDIRECT_FIELD_LABELS as L,
  REDIRECT_TYPES,
  REDIRECT_TYPE_LABELS,
  redirectPathProblem,
  redirectRuleDecider,
  type RedirectRuleFields,
} from '../domain/redirect-rule.decider.js';
import { listRedirectRules, visibleRedirectRule } from '../projections/queries.js';
import type { RedirectCounters } from '../projections/redirect-counters.js';
import type { RedirectRules } from './redirect-rules.service.js';

/**
 * Redirect rules of a website on the platform's resource framework: made by hand (through
 * `RedirectRules`, see `newRedirectRule`), or automatically when a published slug changes.
 */

/** A rule's path: exactly one leading `/`, no backslash, no control character; `allowUrl`: or an absolute http(s) URL. */
const path = (field: 'fromPath' | 'toPath', allowUrl: boolean) =>
  z
    .string({ error: (i) => (i.input === undefined ? missing(L[field]) : notText(L[field])) })
    .trim()
    .min(1, missing(L[field]))
    .max(2000, tooLong(2000))
    .superRefine((v, ctx) => {
      const problem = redirectPathProblem(L[field], v, allowUrl);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const fields = {
  fromPath: path('fromPath', false),
  toPath: path('toPath', true),
  type: z.union(REDIRECT_TYPES.map((t) => z.literal(t)) as never, {
    error: `${L.type} must be one of ${REDIRECT_TYPES.join(', ')}`,
  }) as z.ZodType<(typeof REDIRECT_TYPES)[number]>,
  locale: z
    .string({ error: notText(L.locale) })
    .max(20)
    .nullable(),
};
const createSchema = z.object({
  websiteId: z.string({ error: (i) => (i.input === undefined ? missing(L.websiteId) : notText(L.websiteId)) }).max(100),
  fromPath: fields.fromPath,
  toPath: fields.toPath,
  type: fields.type.optional(),
  locale: fields.locale.optional(),
});
const updateSchema = z.object({
  fromPath: fields.fromPath.optional(),
  toPath: fields.toPath.optional(),
  type: fields.type.optional(),
  locale: fields.locale.optional(),
});

export type RuleRecord = Record<string, unknown> & {
  id: string;
  organisationId: string;
  websiteId: string;
  status: 'active';
};

/** The services the kind reads besides the platform's ports. */
export interface RedirectRuleServices {
  rules: RedirectRules;
  /** The counters kept beside the read model (redirect-counters.ts), added to every answered rule. */
  counters: RedirectCounters;
}

const SELF = 'A redirect cannot lead to itself';

/**
 * `POST /redirect-rules`, up to the decision: the rule's fields and who creates it, refused for a
 * website the viewer does not reach, a role that may not create rules (403 before anything is
 * read) and a rule leading to itself. `RedirectRules.create` records it (the id, a taken fromPath).
 */
export async function newRedirectRule(
  body: unknown,
  env: ResourceEnv,
): Promise<{ fields: RedirectRuleFields; actor: Actor }> {
  const input = parseInput(createSchema, body);
  checkId(input.websiteId);
  const organisationId = await websiteOrganisation(env.db, input.websiteId);
  if (!organisationId || !canReachWebsite(env.viewer, organisationId, input.websiteId))
    throw ValidationError.field('websiteId', 'Website not found');
  const actor = actorFor(env.viewer, organisationId);
  if (!redirectRuleDecider.allowedActions(NEW, actor).includes('Create'))
    throw new ForbiddenError('Your role may not create redirect rules');
  if (input.fromPath === input.toPath) throw ValidationError.field('toPath', SELF);
  const fields: RedirectRuleFields = {
    organisationId,
    websiteId: input.websiteId,
    fromPath: input.fromPath,
    toPath: input.toPath,
    type: input.type ?? 301,
    locale: input.locale ?? null,
    objectId: null,
    automatic: false,
  };
  return { fields, actor };
}

export function redirectRuleResource({ rules, counters }: RedirectRuleServices): ResourceKind<RuleRecord> {
  return {
    resource: 'redirect-rules',
    stream: 'redirectrule',
    label: 'Redirect rule',
    decider: redirectRuleDecider,
    /** The redirect types with their labels, for the console's choices. */
    options: () => ({ types: REDIRECT_TYPES.map((id) => ({ id, name: REDIRECT_TYPE_LABELS[id] })) }),
    list: (env, query) => listRedirectRules<RuleRecord>(env.db, env.viewer, query),
    load: (env, id) => visibleRedirectRule<RuleRecord>(env.db, env.viewer, id),
    // The decider's transitions have no guards: the status (always `active` in the read model, deleted rules leave it) decides.
    stateOf: (record) => ({ status: record.status, fields: record }),
    async decorate(records) {
      const counts = await counters.of(records.map((r) => r.id));
      return (record) => ({ ...(counts.get(record.id) ?? {}) });
    },
    update: 'Update',
    remove: 'Delete',
    actions: {
      // The known fields only (react-admin sends the whole record back); a new fromPath must be free on the website.
      Update: {
        async input(body, record) {
          const data = parseInput(
            updateSchema,
            Object.fromEntries(Object.entries(body).filter(([k]) => Object.hasOwn(updateSchema.shape, k))),
          );
          if (data.fromPath !== undefined && data.fromPath !== record.fromPath)
            await rules.ensureFree(record.websiteId, data.fromPath, record.id);
          if ((data.toPath ?? record.toPath) === (data.fromPath ?? record.fromPath))
            throw ValidationError.field('toPath', SELF);
          return data;
        },
      },
      Delete: {},
    },
  };
}
