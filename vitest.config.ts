import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const libs = fileURLToPath(new URL('./libs/', import.meta.url));

export default defineConfig({
  // Vite 8's Oxc transform reads tsconfig's experimentalDecorators/emitDecoratorMetadata,
  // which NestJS's dependency injection needs.
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
