import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const libs = fileURLToPath(new URL('./libs/', import.meta.url));

export default defineConfig({
  // SWC emits the decorator metadata NestJS's dependency injection reads.
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: {
    alias: [{ find: /^#libs\/(.*)\.js$/, replacement: `${libs}$1.ts` }],
  },
  test: {
    include: ['test/**/*.test.ts', 'libs/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: ['default'],
  },
});
