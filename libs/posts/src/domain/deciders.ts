import { aggregate, type RegisteredDecider } from '#libs/platform/src/aggregate.js';
import { postDecider } from './post.decider.js';
import { redirectRuleDecider } from './redirect-rule.decider.js';

/** The context's aggregates, named by commands (`new DecideCommand(POST, id, { type, ... })`). */
export const POST = aggregate('post', postDecider, (s) => s.organisationId);
export const REDIRECT_RULE = aggregate('redirectrule', redirectRuleDecider, (s) => s.fields?.organisationId);

/** The posts context's aggregates: their stream names (`{name}-{id}`) and deciders. */
export const POSTS_DECIDERS: RegisteredDecider[] = [POST, REDIRECT_RULE];
