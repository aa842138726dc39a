import type { RegisteredDecider } from '#libs/platform/src/commands/decide.command.js';
import { memberDecider } from './member.decider.js';
import { organisationDecider } from './organisation.decider.js';
import { websiteDecider, websiteDomainDecider } from './website.decider.js';

/** The organisations context's aggregates: their stream names (`{name}-{id}`) and deciders. */
export const ORGANISATIONS_DECIDERS: RegisteredDecider[] = [
  { name: 'organisation', decider: organisationDecider },
  { name: 'website', decider: websiteDecider, organisationOf: (s) => s.organisationId },
  { name: 'member', decider: memberDecider, organisationOf: (s) => s.organisationId },
  { name: 'websitedomain', decider: websiteDomainDecider, organisationOf: (s) => s.organisationId },
];
