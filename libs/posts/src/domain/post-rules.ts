import { mayTake, type Actor } from '#libs/platform/src/decider.js';
import { ConflictError } from '#libs/platform/src/errors.js';
import { reachesEveryWebsite } from '#libs/platform/src/auth/policy.js';
import { postDecider, type PostContext, type PostState } from './post.decider.js';
import { STAGE_ROLES, STATUS_LABELS, type PreStage } from './stages.js';

/** A member as SendTo sees them (the organisations context's member summary). */
export interface SendToCandidate {
  name: string;
  status: string;
  orgRole: string;
  cmsRole: string | null;
  websiteIds: readonly string[] | null;
}

/**
 * SendTo hands the page to a member who may work its stage: an active (accepted) member of the
 * organisation, who works on the post's website (owners and admins work on every one), with a role
 * that works the stage. The refusal (said of the `userId` field), or null when they may have it.
 */
export function sendToRefusal(
  member: SendToCandidate | null,
  userId: string,
  post: { status: string; websiteId: string | null },
): string | null {
  if (!member || member.status !== 'accepted') return 'This person is not an active member of the organisation';
  if (!reachesEveryWebsite(member.orgRole) && !(member.websiteIds ?? []).includes(post.websiteId!))
    return `${member.name} does not work on this website`;
  const stage = post.status as PreStage;
  const roles = [member.orgRole, `cms:${member.cmsRole ?? 'none'}`];
  if (!mayTake(STAGE_ROLES[stage] ?? [], { userId, roles }))
    return `${member.name} cannot work on the ${STATUS_LABELS[stage] ?? stage} stage`;
  return null;
}

/**
 * Someone else holding the page comes before a stale version: a save decided on the post as it
 * is now answers the 409 of a page someone else holds (who took it, and when), so whoever was
 * taken over learns that rather than "stale version", and their changes are kept as a draft. The
 * conflict, or null when the save would not meet one (it may still be refused otherwise).
 */
export function saveConflict(
  state: PostState,
  save: { actor: Actor; data: unknown; context: PostContext },
): ConflictError | null {
  try {
    postDecider.decide({ type: 'Save', actor: save.actor, data: save.data, context: save.context }, state);
  } catch (error) {
    if (error instanceof ConflictError) return error;
  }
  return null;
}
