import type { Actor } from '#libs/platform/src/decider.js';
import { MINIMAL, PEOPLE, type Person, type Settings } from './post-tables.js';

/**
 * The fixtures the post decider's given/when/then tests share (post.decider.test.ts and
 * post.decider.more.test.ts): fixed times, the people as actors and holders, and commands with the
 * website settings as their context.
 */
export const T0 = '2026-11-22T09:00:00.000Z';
export const NOW = '2026-11-22T10:00:00.000Z';
export const LATER = '2026-11-22T11:00:00.000Z';

export const REGULATION_REQUIRED = 'A regulation approval is required before publishing';

export type Holder = { userId: string; name: string; since: string };
export const AUTHOR: Holder = { userId: 'u-author', name: 'Arthur Author', since: T0 };
export const holder = (person: Person, since = NOW): Holder => ({
  userId: PEOPLE[person].userId,
  name: PEOPLE[person].name,
  since,
});
export const actor = (person: Person): Actor => ({
  userId: PEOPLE[person].userId,
  name: PEOPLE[person].name,
  roles: [...PEOPLE[person].roles],
});
/** Someone else with the writer's role. */
export const otherWriter: Actor = {
  userId: 'u-writer-2',
  name: 'Walt Writer',
  roles: ['user', 'member', 'cms:creator', 'cro:none'],
};

export const context = (settings: Settings, now = NOW, missingBios: { field: string; label: string }[] = []) => ({
  settings,
  now,
  missingBios,
});
export const command = (
  type: string,
  who: Person | Actor,
  data: unknown = {},
  settings: Settings = MINIMAL.settings,
  now = NOW,
) => ({
  type,
  data,
  actor: typeof who === 'string' ? actor(who) : who,
  context: context(settings, now),
});
