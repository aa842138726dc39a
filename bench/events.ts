import { randomUUID } from 'node:crypto';
import type { NewEvent } from '#libs/eventstore/src/types.js';

/**
 * Realistic editorial events: a type from the article lifecycle, ~200 bytes of JSON data and
 * metadata carrying actor, organisation, correlation and causation ids (as commands write them).
 */

const TYPES = ['ArticleDraftUpdated', 'ArticleSubmittedForReview', 'ArticleReviewCommented', 'ArticleScheduled'];
const TITLES = [
  'Quarterly pricing page experiment: variant B headline',
  'How we cut checkout abandonment by a fifth in six weeks',
  'Newsletter sign-up form copy test, spring edition',
  'Landing page hero image audit for the autumn campaign',
];

export interface BenchContext {
  organisationId: string;
  actors: string[];
}

export function benchContext(): BenchContext {
  return { organisationId: randomUUID(), actors: Array.from({ length: 8 }, () => randomUUID()) };
}

export function streamIds(count: number): string[] {
  return Array.from({ length: count }, () => `article-${randomUUID()}`);
}

export function makeEvent(ctx: BenchContext, streamId: string, seq: number): NewEvent {
  const title = TITLES[seq % TITLES.length];
  return {
    type: TYPES[seq % TYPES.length],
    data: {
      articleId: streamId.slice(8),
      title,
      slug: title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, 32),
      locale: seq % 3 === 0 ? 'en-GB' : 'de-DE',
      wordCount: 800 + (seq % 400),
      tags: ['cro', 'pricing', `q${(seq % 4) + 1}`],
    },
    metadata: {
      actorId: ctx.actors[seq % ctx.actors.length],
      organisationId: ctx.organisationId,
      correlationId: randomUUID(),
      causationId: randomUUID(),
    },
  };
}
