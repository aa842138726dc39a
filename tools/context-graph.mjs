#!/usr/bin/env node
// The contexts and the directions their imports go in, read from the code (libs/*/src): a Mermaid
// graph for docs/architecture.md. `node tools/context-graph.mjs` prints it;
// test/unit/architecture-doc.test.ts checks that the document holds what this prints.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every context's imports of another context: `from` -> set of `to`. */
export function contextEdges() {
  const libs = join(root, 'libs');
  const contexts = readdirSync(libs)
    .filter((name) => statSync(join(libs, name)).isDirectory())
    .sort();
  const edges = new Map(contexts.map((name) => [name, new Set()]));
  for (const from of contexts) {
    for (const file of files(join(libs, from, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/from '([^']+)'/g)) {
        const spec = match[1];
        let to = null;
        if (spec.startsWith('#libs/')) to = spec.split('/')[1];
        else if (spec.startsWith('.')) {
          const target = relative(libs, join(file, '..', spec));
          to = target.startsWith('..') ? null : target.split(/[\\/]/)[0];
        }
        if (to && to !== from && edges.has(to)) edges.get(from).add(to);
      }
    }
  }
  return edges;
}

/** The Mermaid graph: an arrow from a context to each context it imports (the lower one). */
export function contextGraph() {
  const lines = ['graph BT'];
  for (const [from, tos] of contextEdges()) for (const to of [...tos].sort()) lines.push(`  ${from} --> ${to}`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(contextGraph());
