import { POST } from '#libs/posts/src/domain/deciders.js';
import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import type { Actor } from '#libs/platform/src/decider.js';
import type { ProjectionManager } from '#libs/platform/src/projections/projection-manager.js';
import type { WorkflowSettings } from '#libs/posts/src/domain/stages.js';
import { escapeHtml } from '#libs/platform/src/html.js';

type Who = 'owner' | 'editor' | 'writer' | 'checker';

export interface DemoPeople {
  organisationId: string;
  actors: Record<Who, Actor>;
  /** The expert bio the first blog post credits. */
  expertId: string;
  sites: { blog: { id: string; settings: WorkflowSettings }; shop: { id: string; settings: WorkflowSettings } };
}

const attrs = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`)
    .join('');

/** The editor's product components (libs/posts/src/domain/components.ts) as the editor stores them: JSON nodes and their HTML. */
const COMPONENTS = {
  callout: (tone: string, text: string) => ({
    json: { type: 'callout', attrs: { tone, text } },
    html: `<aside data-component="callout" data-tone="${tone}">${escapeHtml(text)}</aside>`,
  }),
  faq: (items: { question: string; answer: string }[]) => ({
    json: { type: 'faq', attrs: { items } },
    html: `<div data-component="faq"${attrs({ items: JSON.stringify(items) })}><dl>${items.map((i) => `<dt>${escapeHtml(i.question)}</dt><dd>${escapeHtml(i.answer)}</dd>`).join('')}</dl></div>`,
  }),
  productBox: (name: string, url: string, rating: number, summary: string) => ({
    json: { type: 'productBox', attrs: { name, url, rating, summary } },
    html: `<div data-component="product-box"${attrs({ name, url, rating: String(rating), summary })}><p><strong>${escapeHtml(name)}</strong></p><p>${rating} / 5</p><p>${escapeHtml(summary)}</p><p><a href="${escapeHtml(url)}">See the product</a></p></div>`,
  }),
  callToAction: (text: string, url: string) => ({
    json: { type: 'callToAction', attrs: { text, url, variant: 'primary' } },
    html: `<div data-component="call-to-action"${attrs({ text, url, variant: 'primary' })}><a href="${escapeHtml(url)}">${escapeHtml(text)}</a></div>`,
  }),
};

/** An outline and a body of paragraphs, followed by components. */
const body = (text: string, components: { json: object; html: string }[] = []) => ({
  outline: text
    .split('. ')
    .map((line, i) => `${i + 1}. ${line}`)
    .join('\n'),
  richText: {
    json: {
      type: 'doc',
      content: [
        ...text.split('. ').map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: `${p}.` }] })),
        ...components.map((c) => c.json),
      ],
    },
    html:
      text
        .split('. ')
        .map((p) => `<p>${escapeHtml(p)}.</p>`)
        .join('') + components.map((c) => c.html).join(''),
  },
});

/** Demo posts in several stages, moved by the demo people the way the workflow allows (four eyes included). */
const POSTS: Array<{
  site: 'blog' | 'shop';
  by: Who;
  title: string;
  type: string;
  withExpert?: boolean;
  fields?: Record<string, unknown>;
  steps: Array<[Who, string, Record<string, unknown>?]>;
}> = [
  {
    site: 'blog',
    by: 'writer',
    title: '10 houseplants that survive anything',
    type: 'top_10',
    withExpert: true,
    fields: {
      ...body(
        'Snake plants tolerate low light. Pothos forgive missed waterings. ZZ plants store water in their roots',
        [
          COMPONENTS.callout('tip', 'Group plants by how much water they need.'),
          COMPONENTS.faq([
            { question: 'Which plant survives the darkest room?', answer: 'The ZZ plant.' },
            { question: 'How often should I water a snake plant?', answer: 'Every two to three weeks.' },
          ]),
        ],
      ),
      category: 'Houseplants',
      dueDate: '2026-11-01',
    },
    steps: [
      ['writer', 'SubmitForEdit', { note: 'First draft done' }],
      ['editor', 'SubmitForSecondEdit'],
      ['editor', 'SubmitForFactCheck'],
      ['checker', 'ApproveFactCheck'],
      ['checker', 'ApproveFactCheck'],
    ],
  },
  {
    site: 'blog',
    by: 'writer',
    title: 'How to repot a cactus',
    type: 'blog',
    fields: {
      ...body('Wear thick gloves. Use a fast-draining mix. Wait a week before watering'),
      category: 'Cacti',
      dueDate: '2026-12-05',
    },
    steps: [
      ['writer', 'SubmitForEdit'],
      ['editor', 'SubmitForSecondEdit'],
      ['editor', 'SubmitForFactCheck'],
    ],
  },
  {
    site: 'blog',
    by: 'writer',
    title: 'Watering schedules explained',
    type: 'learning_center',
    fields: {
      ...body('Most plants prefer drying out a little. Check the soil with a finger. Water deeply, less often'),
      category: 'Care',
      dueDate: '2026-12-10',
    },
    steps: [
      ['writer', 'SubmitForEdit'],
      ['editor', 'ReturnToWriter', { note: 'Please add a table of seasons' }],
      ['writer', 'SubmitForEdit'],
      ['editor', 'Select'],
    ],
  },
  {
    site: 'blog',
    by: 'editor',
    title: 'Brief: the best soil for succulents',
    type: 'blog',
    fields: { subtitle: 'Compare three mixes; cite a horticulture source', dueDate: '2026-12-20' },
    steps: [],
  },
  {
    site: 'blog',
    by: 'writer',
    title: 'Orchid care for beginners',
    type: 'blog',
    fields: { outline: '1. Light\n2. Water\n3. Reblooming', category: 'Orchids' },
    steps: [],
  },
  {
    site: 'shop',
    by: 'writer',
    title: 'Top 10 watering cans',
    type: 'top_10',
    fields: {
      ...body('Long spouts reach the back of shelves. Brass lasts for decades. Small cans suit windowsills', [
        COMPONENTS.productBox(
          'Aqua Can 2 L',
          'https://shop.example/aqua-can',
          4.5,
          'A long thin spout and a light body.',
        ),
        COMPONENTS.callToAction('Shop the watering cans', 'https://shop.example/watering-cans'),
      ]),
      category: 'Tools',
    },
    steps: [
      ['writer', 'SubmitForEdit'],
      ['owner', 'Publish'],
    ],
  },
  {
    site: 'shop',
    by: 'writer',
    title: 'Ceramic or plastic pots?',
    type: 'comparison',
    fields: { ...body('Ceramic breathes and is heavy. Plastic keeps moisture and is light'), category: 'Pots' },
    steps: [['writer', 'SubmitForEdit']],
  },
];

export async function seedPosts(
  deps: { commands: CommandBus; projections: ProjectionManager },
  people: DemoPeople,
): Promise<void> {
  for (const post of POSTS) {
    const id = randomUUID();
    const site = people.sites[post.site];
    const run = async (who: Who, type: string, data: Record<string, unknown>) => {
      const result: DecideResult = await deps.commands.execute(
        new DecideCommand(
          POST,
          id,
          {
            type,
            actor: people.actors[who],
            data,
            context: { settings: site.settings, now: new Date().toISOString() },
          },
          { organisationId: people.organisationId },
        ),
      );
      await deps.projections.waitForResult(result);
    };
    await run(post.by, 'Create', {
      organisationId: people.organisationId,
      websiteId: site.id,
      locale: 'en',
      type: post.type,
      title: post.title,
      slug: post.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      ...post.fields,
      ...(post.withExpert ? { expertId: people.expertId } : {}),
    });
    for (const [who, action, data] of post.steps) await run(who, action, data ?? {});
  }
}
