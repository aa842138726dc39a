// ESLint (flat config): typescript-eslint's recommended rules (syntax only, no type information, to
// stay fast), React hooks for the console, and the rules that hold DESIGN.md "Contexts and their
// directions":
// - no import cycle between modules (import-x/no-cycle);
// - a context imports only contexts below it: eventstore <- platform <- organisations <-
//   {identity, posts, experts, community, cro} <- analytics (siblings do not import each other),
//   which also makes every cycle between contexts a direction violation;
// - across contexts, only a context's exported query modules (`projections/queries.ts`, and
//   organisations' `projections/product-scope.ts`) are read, never its other projections or its http/;
// - `libs/*/src/domain/**` imports no Nest, no SQL driver, no projections/http/processes;
// - `libs/*/src/http/**` runs no SQL: no `.query(...)`/`.exec(...)` with SQL text; the owning
//   context's query functions run it.
// The known violations are listed below (KNOWN_CROSSINGS, HTTP_SQL, DOMAIN_IMPORTS), one entry each:
// issue 26 removes them. A new one fails `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier/flat';

/** Each context's layer: a context imports only contexts of a lower layer. */
const LAYERS = {
  eventstore: 0,
  platform: 1,
  organisations: 2,
  identity: 3,
  posts: 3,
  experts: 3,
  community: 3,
  cro: 3,
  analytics: 4,
};
const CONTEXTS = Object.keys(LAYERS);
/** Of a business context's projections, what another context may import (default: queries.ts). */
const EXPORTED_QUERIES = {
  organisations: ['queries.ts', 'product-scope.ts'],
  // The tracking store's API (collected events, partitions, submissions), which cro owns and analytics writes and reads through.
  cro: ['queries.ts', 'tracking.ts'],
};
const BUSINESS = CONTEXTS.filter((name) => LAYERS[name] >= 2);

/**
 * Known crossings (a file of the first context importing a module of another against the rules
 * above), one entry each: `[file, imported module]`. issue 26: remove.
 */
const KNOWN_CROSSINGS = [];

/** http/ files that still run SQL of their own. issue 26: remove */
const HTTP_SQL = [];

/** domain/ files that import outside the domain. issue 26: remove */
const DOMAIN_IMPORTS = [];

const inside = (file, name) => file.startsWith(`libs/${name}/`);

/** The import-x/no-restricted-paths zones of a file of `name`, allowing `allowed` (module paths). */
function zonesOf(name, allowed = []) {
  // A zone's `except` is relative to its `from`.
  const allowedUnder = (dir) =>
    allowed.filter((module) => module.startsWith(`${dir}/`)).map((module) => `./${module.slice(dir.length + 1)}`);
  const target = `./libs/${name}`;
  const zones = [];
  for (const other of CONTEXTS) {
    if (other === name) continue;
    if (LAYERS[other] >= LAYERS[name]) {
      const from = `libs/${other}`;
      zones.push({
        target,
        from: `./${from}`,
        except: allowedUnder(from),
        message: `${name} may not import ${other} (DESIGN.md "Contexts and their directions": a context imports only those below it)`,
      });
    } else if (BUSINESS.includes(other)) {
      // Below: everything but its projections other than its exported queries, and its http/.
      const projections = `libs/${other}/src/projections`;
      zones.push({
        target,
        from: `./${projections}`,
        except: [
          ...(EXPORTED_QUERIES[other] ?? ['queries.ts']).map((file) => `./${file}`),
          ...allowedUnder(projections),
        ],
        message: `${name} reads ${other}'s data only through its exported query module (projections/queries.ts)`,
      });
      const http = `libs/${other}/src/http`;
      zones.push({
        target,
        from: `./${http}`,
        except: allowedUnder(http),
        message: `${name} does not import ${other}'s http/`,
      });
    }
  }
  return zones;
}

const restrictedPaths = (name, allowed) => ['error', { zones: zonesOf(name, allowed) }];

const crossingsByFile = new Map();
for (const [file, module] of KNOWN_CROSSINGS) crossingsByFile.set(file, [...(crossingsByFile.get(file) ?? []), module]);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'coverage/**',
      'reports/**',
      'test-results/**',
      '.stryker-tmp*/**',
      '.ci/**',
      'data/**',
      '**/.pglite/**',
    ],
  },
  // The tree carries a few `eslint-disable` comments for rules that are off today.
  { linterOptions: { reportUnusedDisableDirectives: 'off' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse the TypeScript modules an import leads to (without this, no-cycle follows .js files only).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'apps/console/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Off today, each a follow-up of issue 26 (a rewrite of many files, not an import rule):
      '@typescript-eslint/no-unused-vars': 'off', // 122 unused names and parameters
      '@typescript-eslint/no-explicit-any': 'off', // 66 `any`s, most in tests
      '@typescript-eslint/no-unused-expressions': 'off', // 3: bench's `void` reads, one short-circuit call in cro.controllers.ts
      'no-useless-assignment': 'off', // 6: initial values overwritten before use
      'preserve-caught-error': 'off', // 2 console errors rethrown without `cause`
      'no-control-regex': 'off', // 5: the sanitisers match control characters on purpose
      'no-empty': 'off', // 1: test/support/database.ts
      'no-loss-of-precision': 'off', // 1: test/support/fuzz.ts's large literal
    },
  },
  {
    // Plain JavaScript run by Node (build scripts, the test runner and reporter).
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  // The directions between contexts, then each file with a known crossing (its own zones).
  ...CONTEXTS.map((name) => ({
    files: [`libs/${name}/**/*.ts`],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(name, []) },
  })),
  ...[...crossingsByFile].map(([file, modules]) => ({
    files: [file],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(
        CONTEXTS.find((name) => inside(file, name)),
        modules,
      ),
    },
  })),
  {
    files: ['libs/*/src/domain/**/*.ts'],
    ignores: DOMAIN_IMPORTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'pg', 'pg-*', '@electric-sql/*', 'kafkajs', '@kurrent/*'],
              message: 'A domain module is pure: no Nest, no SQL driver, no broker.',
            },
            {
              regex: '/src/(projections|http|processes|public|ingestion|read)/',
              message: 'A domain module imports no projections, http or processes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/*/src/http/**/*.ts'],
    ignores: HTTP_SQL,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(query|exec)$/][arguments.0.type=/^(TemplateLiteral|Literal)$/]',
          message:
            'http/ runs no SQL: call the owning context\'s query function (README, DESIGN.md "HTTP conventions").',
        },
      ],
    },
  },
  {
    files: ['apps/console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Off today, follow-ups of issue 26 (React Compiler rules the console was not written for):
      'react-hooks/refs': 'off', // 6 refs read during render
      'react-hooks/set-state-in-effect': 'off', // 2
      'react-hooks/purity': 'off', // 1: Date.now() during render
      'react-hooks/exhaustive-deps': 'off', // 1 (a warning)
    },
  },
  // Layout is Prettier's (npm run format:check): no stylistic rule of ESLint's may disagree with it.
  prettier,
);
