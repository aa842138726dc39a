import { aggregate, type RegisteredDecider } from '#libs/platform/src/aggregate.js';
import { memberDecider } from './member.decider.js';
import { organisationDecider } from './organisation.decider.js';
import { websiteDecider, websiteDomainDecider } from './website.decider.js';

/** The context's aggregates, named by commands (`new DecideCommand(ORGANISATION, id, { type, ... })`). */
export const ORGANISATION = aggregate('organisation', organisationDecider);
export const WEBSITE = aggregate('website', websiteDecider, (s) => s.organisationId);
export const MEMBER = aggregate('member', memberDecider, (s) => s.organisationId);
export const WEBSITE_DOMAIN = aggregate('websitedomain', websiteDomainDecider, (s) => s.organisationId);

/** The organisations context's aggregates: their stream names (`{name}-{id}`) and deciders. */
export const ORGANISATIONS_DECIDERS: RegisteredDecider[] = [ORGANISATION, WEBSITE, MEMBER, WEBSITE_DOMAIN];
