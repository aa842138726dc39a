import type { ActionOf } from '#libs/platform/src/aggregate.js';
import { BIO } from '#libs/experts/src/domain/deciders.js';
import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import type { BioContent, BioKind } from '#libs/experts/src/domain/bio-fields.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import type { Actor } from '#libs/platform/src/decider.js';
import type { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';

type Who = 'writer' | 'checker' | 'editor';

/** Demo Blog's published bios: its writer, editor and fact-checker, and an outside expert. Demo Shop has none (its posts show the prompt). */
const BIOS: Array<{ who: Who | null; kind: BioKind; content: BioContent }> = [
  {
    who: 'writer',
    kind: 'writer',
    content: {
      displayName: 'Wendy Writer',
      slug: 'wendy-writer',
      role: 'Staff writer',
      title: 'Houseplant writer',
      categories: ['Houseplants', 'Care'],
      text: 'Wendy has written about indoor gardening for eight years and keeps more than sixty plants in a small flat.',
      expertise: ['Houseplants', 'Low-light plants'],
      education: ['BA Journalism'],
      highlights: ['200 guides published'],
      quote: 'Every plant forgives one mistake.',
      socialUrls: ['https://social.example/wendy'],
    },
  },
  {
    who: 'editor',
    kind: 'writer',
    content: {
      displayName: 'Eddie Editor',
      slug: 'eddie-editor',
      role: 'Editor',
      title: 'Managing editor',
      text: 'Eddie edits the Demo Blog and checks every guide for clarity.',
      categories: ['Care'],
    },
  },
  {
    who: 'checker',
    kind: 'writer',
    content: {
      displayName: 'Rita Reviewer',
      slug: 'rita-reviewer',
      role: 'Fact-checker',
      title: 'Horticulturist',
      text: 'Rita checks every claim against horticulture sources.',
      expertise: ['Soil science'],
    },
  },
  {
    who: null,
    kind: 'expert',
    content: {
      displayName: 'Dr. Olive Grün',
      slug: 'dr-olive-grun',
      role: 'Advisor',
      title: 'Botanist',
      categories: ['Houseplants', 'Cacti'],
      text: 'Olive researches drought-tolerant plants and advises the Demo Blog on plant care.',
      expertise: ['Succulents', 'Watering'],
      education: ['PhD Botany'],
      highlights: ['Author of "Dry Roots"'],
      quote: 'Less water, more light.',
      socialUrls: [],
    },
  },
];

/** Creates and publishes the demo bios on a website; answers the expert bio's id (the first post credits her). */
export async function seedBios(
  deps: { commands: CommandBus; projections: ProjectionManager },
  at: { organisationId: string; websiteId: string; owner: Actor; people: Record<Who, Actor> },
): Promise<string> {
  let expertId = '';
  for (const bio of BIOS) {
    const id = randomUUID();
    const userId = bio.who ? at.people[bio.who].userId : null;
    const run = async (type: ActionOf<typeof BIO.decider>, data: unknown) => {
      const context = { userId, now: new Date().toISOString() };
      const result: DecideResult = await deps.commands.execute(
        new DecideCommand(BIO, id, { type, actor: at.owner, data, context }, { organisationId: at.organisationId }),
      );
      await deps.projections.waitForResult(result);
    };
    await run('Create', {
      organisationId: at.organisationId,
      websiteId: at.websiteId,
      kind: bio.kind,
      userId,
      content: bio.content,
    });
    await run('Publish', {});
    if (bio.kind === 'expert') expertId = id;
  }
  return expertId;
}
