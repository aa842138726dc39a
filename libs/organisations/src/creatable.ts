import { actorFor, type Viewer } from '#libs/platform/src/auth/viewer.js';
import { NEW } from '#libs/platform/src/decider.js';
import { questionDecider } from '#libs/community/src/domain/question.decider.js';
import { bioDecider } from '#libs/experts/src/domain/bio.decider.js';
import { postDecider } from '#libs/posts/src/domain/post.decider.js';
import { redirectRuleDecider } from '#libs/posts/src/domain/redirect-rule.decider.js';
import { CRO_KINDS } from '#libs/cro/src/domain/kinds.js';
import { memberDecider } from './domain/member.decider.js';
import { websiteDecider } from './domain/website.decider.js';

/**
 * What the viewer may create in an organisation, by resource: the console's Create, Invite and
 * Ask buttons show only these (`GET /api/auth/user`'s `organisations[].creates`). Each is the
 * question the create route itself asks its context's decider (a command from NEW), so the
 * console never offers a form whose save is refused with 403. The community and bios also need
 * the organisation's plan to include them; demo mode is read-only (the auth guard refuses every change).
 */
const CREATE_RULES: ReadonlyArray<{ resource: string; product?: string; allowed: (actor: ReturnType<typeof actorFor>) => boolean }> = [
  { resource: 'websites', allowed: (actor) => websiteDecider.allowedActions(NEW, actor).includes('Create') },
  { resource: 'members', allowed: (actor) => memberDecider.allowedActions(NEW, actor).includes('Invite') },
  { resource: 'posts', allowed: (actor) => postDecider.allowedActions(NEW, actor).includes('Create') },
  { resource: 'redirect-rules', allowed: (actor) => redirectRuleDecider.allowedActions(NEW, actor).includes('Create') },
  // Every member may write their own bio (editors anyone's): the bio decider's Create row, its plan's cms.
  { resource: 'bios', product: 'cms', allowed: (actor) => bioDecider.allowedActions(NEW, actor).includes('Create') },
  { resource: 'questions', product: 'community', allowed: (actor) => questionDecider.allowedActions(NEW, actor).includes('Create') },
  // The CRO resources (CTAs, campaigns, experiments, products, goals, URL lists, funnels, excluded pages): their deciders' Create rows, the plan's cro.
  ...CRO_KINDS.map((kind) => ({ resource: kind.resource, product: 'cro', allowed: (actor: ReturnType<typeof actorFor>) => kind.decider.allowedActions(NEW, actor).includes('Create') })),
];

export function creatableIn(viewer: Viewer, organisation: { id: string; products: readonly string[] }): string[] {
  if (viewer.demoOrganisationId) return [];
  const actor = actorFor(viewer, organisation.id);
  return CREATE_RULES.filter((rule) => (!rule.product || organisation.products.includes(rule.product)) && rule.allowed(actor)).map((rule) => rule.resource);
}
