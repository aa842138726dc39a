// Builds apps/tracker/dist/tracker.js: one minified IIFE with no dependency, and prints its raw
// and gzipped sizes. Run from anywhere: `node apps/tracker/build.mjs`.
//
// The bundler is rolldown (Vite 8's bundler, already in node_modules with vite; esbuild is not
// installed here). Options: `--check` fails when the gzipped size is over the 8 kB budget.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'rolldown';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const BUDGET_GZIP = 8 * 1024;
const out = here('./dist/tracker.js');

mkdirSync(here('./dist/'), { recursive: true });
await build({
  input: here('./src/main.ts'),
  platform: 'browser',
  tsconfig: here('./tsconfig.json'),
  resolve: { extensionAlias: { '.js': ['.ts', '.js'] } },
  transform: { target: 'es2019' },
  logLevel: 'warn',
  output: { file: out, format: 'iife', minify: true, sourcemap: false, comments: { legal: false } },
});

const code = readFileSync(out);
const gzip = gzipSync(code, { level: 9 }).length;
console.log(`apps/tracker/dist/tracker.js: ${code.length} bytes, ${gzip} bytes gzipped (budget ${BUDGET_GZIP})`);
if (process.argv.includes('--check') && gzip > BUDGET_GZIP) {
  console.error(`tracker.js is over its budget: ${gzip} > ${BUDGET_GZIP} bytes gzipped`);
  process.exit(1);
}
