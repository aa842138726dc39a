import { actorFor, type Viewer } from './auth/viewer.js';
import { NEW, type Actor } from './decider.js';

/**
 * One resource the console may offer to create (its Create, Invite or Ask button), as the create
 * route itself decides: its context's decider asked for a command from NEW. `product`: the plan
 * must include it too.
 */
export interface CreateRule {
  readonly resource: string;
  readonly product?: string;
  allowed(actor: Actor): boolean;
}

/** The rule of a resource whose create route is `action` (default `Create`) on `decider` from NEW. */
export function createRule(
  resource: string,
  decider: { allowedActions(status: typeof NEW, actor: Actor): readonly string[] },
  options: { product?: string; action?: string } = {},
): CreateRule {
  const action = options.action ?? 'Create';
  return {
    resource,
    product: options.product,
    allowed: (actor) => decider.allowedActions(NEW, actor).includes(action),
  };
}

/**
 * The platform's registry of what a viewer may create: each context contributes its resources'
 * rules (in its Nest module) instead of the organisations context importing every decider
 * (DESIGN.md "Contexts and their directions"). A resource contributed twice keeps its first rule.
 */
const RULES: CreateRule[] = [];

export function contributeCreateRules(rules: readonly CreateRule[]): void {
  for (const rule of rules) if (!RULES.some((known) => known.resource === rule.resource)) RULES.push(rule);
}

/**
 * What the viewer may create in an organisation, by resource (`GET /api/auth/user`'s
 * `organisations[].creates`), so the console never offers a form whose save is refused with 403.
 * Demo mode is read-only (the auth guard refuses every change).
 */
export function creatableIn(viewer: Viewer, organisation: { id: string; products: readonly string[] }): string[] {
  if (viewer.demoOrganisationId) return [];
  const actor = actorFor(viewer, organisation.id);
  return RULES.filter(
    (rule) => (!rule.product || organisation.products.includes(rule.product)) && rule.allowed(actor),
  ).map((rule) => rule.resource);
}
