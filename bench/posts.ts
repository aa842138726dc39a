import { POST } from '#libs/posts/src/domain/deciders.js';
import { randomUUID } from 'node:crypto';
import type { SqlEventStore } from '#libs/eventstore/src/sql/sql-event-store.js';
import type { NewEvent } from '#libs/eventstore/src/types.js';
import { DecideCommand, DecideHandler, DeciderRegistry } from '#libs/platform/src/commands/decide.command.js';
import { postDecider } from '#libs/posts/src/domain/post.decider.js';
import type { WorkflowSettings } from '#libs/posts/src/domain/stages.js';

/**
 * The article workflow's command path: a Save on a post with a long history goes through the
 * DecideHandler (read the stream, fold it with the post decider, decide, append with the
 * version read). Its baseline is the bare append of the same event with the exact version.
 */
const SETTINGS: WorkflowSettings = {
  secondEdit: true,
  customerReview: false,
  factCheckLevels: 2,
  regulated: false,
  fourEyes: true,
};
const WRITER = { userId: 'bench-writer', name: 'Bench Writer', roles: ['user', 'member', 'cms:creator'] };
const ORG = randomUUID();

function saved(seq: number): NewEvent {
  return {
    type: 'PostSaved',
    data: {
      changes: {
        title: `Draft ${seq}: how we cut checkout abandonment`,
        richText: { json: null, html: `<p>Paragraph ${seq} of a long article.</p>` },
      },
      words: 6,
      links: 0,
      by: { userId: WRITER.userId, name: WRITER.name, since: new Date().toISOString() },
    },
    metadata: { actorId: WRITER.userId, organisationId: ORG, correlationId: randomUUID(), causationId: randomUUID() },
  };
}

export interface PostStreams {
  ids: string[];
  versions: number[];
}

/** `count` posts held by the writer, each with `history` events already. */
export async function createPosts(store: SqlEventStore, count: number, history: number): Promise<PostStreams> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const by = { userId: WRITER.userId, name: WRITER.name, since: new Date().toISOString() };
    const created: NewEvent = {
      type: 'PostCreated',
      data: {
        organisationId: ORG,
        websiteId: 'bench-site',
        locale: 'en',
        type: 'blog',
        content: { title: 'Bench post', slug: 'bench-post' },
        words: 0,
        links: 0,
        by,
        holder: by,
      },
      metadata: { actorId: WRITER.userId, organisationId: ORG },
    };
    await store.append(
      `post-${id}`,
      [created, ...Array.from({ length: history - 1 }, (_, k) => saved(k))],
      'no_stream',
    );
    ids.push(id);
  }
  return { ids, versions: ids.map(() => history) };
}

export function postCommands(store: SqlEventStore) {
  const registry = new DeciderRegistry();
  registry.register({ name: 'post', decider: postDecider, organisationOf: (s) => s.organisationId });
  const handler = new DecideHandler(store, registry);
  let seq = 0;
  return {
    /** `n` Save commands round-robin over the posts; answers how many events were appended. */
    async saves(posts: PostStreams, n: number): Promise<number> {
      for (let i = 0; i < n; i++) {
        const p = i % posts.ids.length;
        const title = `Draft ${seq++}: how we cut checkout abandonment`;
        await handler.execute(
          new DecideCommand(
            POST,
            posts.ids[p],
            {
              type: 'Save',
              actor: WRITER,
              data: { title },
              context: { settings: SETTINGS, now: new Date().toISOString() },
            },
            { expectedVersion: posts.versions[p] },
          ),
        );
        posts.versions[p]++;
      }
      return n;
    },
    /** The baseline: the same event appended straight to the store with the exact version. */
    async appends(posts: PostStreams, n: number): Promise<number> {
      for (let i = 0; i < n; i++) {
        const p = i % posts.ids.length;
        await store.append(`post-${posts.ids[p]}`, [saved(seq++)], posts.versions[p]);
        posts.versions[p]++;
      }
      return n;
    },
  };
}
