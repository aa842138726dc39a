import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain JavaScript module of the repository's tools (no declarations)
import { contextEdges, contextGraph } from '../../tools/context-graph.mjs';

/** docs/architecture.md's diagram is the one the code makes (tools/context-graph.mjs), and it has no cycle. */
describe('docs/architecture.md', () => {
  const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');

  it('shows the contexts and their imports as the code has them', () => {
    const block = /```mermaid\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(block).toBe(contextGraph());
  });

  it('has no cycle between contexts, and analytics is imported by none', () => {
    const edges = contextEdges() as Map<string, Set<string>>;
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      [...(edges.get(from) ?? [])].some(
        (next) => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))),
      );
    for (const [from, tos] of edges)
      for (const to of tos)
        expect(`${from} -> ${to}: ${reaches(to, from) ? 'cycle' : 'ok'}`).toBe(`${from} -> ${to}: ok`);
    for (const [from, tos] of edges)
      expect(`${from} imports analytics: ${tos.has('analytics')}`).toBe(`${from} imports analytics: false`);
  });
});
