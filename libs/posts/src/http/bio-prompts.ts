import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { bioSummaries } from '#libs/platform/src/contributed-facts.js';
import { memberNames } from '#libs/organisations/src/projections/queries.js';
import { missingBio } from '../domain/post-fields.js';
import type { CreditedPerson, PostState } from '../domain/post.decider.js';

/** A person the published page credits who has no published bio on its website yet. */
export interface BioPrompt extends CreditedPerson {
  /** "click to add Writer's bio" (the spec's wording). */
  message: string;
  /** The member the bio is about (writers, fact-checkers), or null for an expert. */
  userId: string | null;
  name: string | null;
  /** The bio that exists but is not published yet (open it to finish it), or null. */
  bioId: string | null;
}

/**
 * Who the published page credits: its writer (the credited one when set), its expert, and its
 * fact-checker on websites that display fact-checkers. Each needs a published bio on the website.
 */
export async function bioPromptsFor(
  db: SqlExecutor,
  state: PostState,
  website: { id: string; factCheckerDisplay?: boolean },
): Promise<BioPrompt[]> {
  const people: {
    field: CreditedPerson['field'];
    label: string;
    userId: string | null;
    name: string | null;
    expertId?: string;
  }[] = [];
  const writer = state.content.creditedWriterId ?? state.lastHolders.Writer?.userId ?? state.content.writerId ?? null;
  if (writer)
    people.push({
      field: 'writer',
      label: 'Writer',
      userId: writer,
      name: writer === state.lastHolders.Writer?.userId ? state.lastHolders.Writer.name : null,
    });
  if (state.content.expertId)
    people.push({ field: 'expert', label: 'Expert', userId: null, name: null, expertId: state.content.expertId });
  const factChecker = state.lastHolders.FactCheck;
  if (website.factCheckerDisplay && factChecker)
    people.push({ field: 'factChecker', label: 'Fact-checker', userId: factChecker.userId, name: factChecker.name });
  if (people.length === 0) return [];

  const userIds = people.flatMap((p) => (p.userId ? [p.userId] : []));
  // The bios are the experts context's (contributed to the platform's registry, never its table).
  const bios = await bioSummaries(db, website.id, userIds, state.content.expertId ?? null);
  const prompts: BioPrompt[] = [];
  const bioNames = new Map<BioPrompt, string>();
  for (const person of people) {
    const bio = person.expertId
      ? bios.find((b) => b.id === person.expertId && b.kind === 'expert')
      : bios.find((b) => b.userId === person.userId);
    if (bio?.status === 'published') continue;
    const prompt: BioPrompt = {
      field: person.field,
      label: person.label,
      message: missingBio(person.label),
      userId: person.userId,
      name: person.name,
      bioId: bio?.id ?? null,
    };
    if (bio) bioNames.set(prompt, bio.displayName);
    prompts.push(prompt);
  }
  // Names the holders did not give (a credited writer): the member's, read only when a prompt needs one; else the bio's.
  const unnamed = prompts.filter((p) => p.name === null && p.userId !== null).map((p) => p.userId!);
  if (unnamed.length) {
    const names = await memberNames(db, state.organisationId ?? '', unnamed);
    for (const prompt of prompts)
      prompt.name ??= (prompt.userId !== null ? names.get(prompt.userId) : undefined) ?? null;
  }
  for (const prompt of prompts) prompt.name ??= bioNames.get(prompt) ?? null;
  return prompts;
}
