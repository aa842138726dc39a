import type { RegisteredDecider } from '#libs/platform/src/commands/decide.command.js';
import { postDecider } from './post.decider.js';
import { redirectRuleDecider } from './redirect-rule.decider.js';

/** The posts context's aggregates: their stream names (`{name}-{id}`) and deciders. */
export const POSTS_DECIDERS: RegisteredDecider[] = [
  { name: 'post', decider: postDecider, organisationOf: (s) => s.organisationId },
  { name: 'redirectrule', decider: redirectRuleDecider, organisationOf: (s) => s.fields?.organisationId },
];
