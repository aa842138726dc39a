/**
 * Jest 30 in native ESM mode (run with NODE_OPTIONS=--experimental-vm-modules, as `npm test` does).
 * TypeScript goes through @swc/jest with decorator metadata, which NestJS's dependency injection
 * reads. `#libs/*.js` imports and the `.js` suffixes of relative imports point at the sources.
 * Files run one after another (the suites start servers, browsers and brokers of their own).
 */
const swc = {
  jsc: {
    target: 'es2023',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/libs'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^#libs/(.*)\\.js$': '<rootDir>/libs/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testTimeout: 60_000,
  maxWorkers: 1,
  // A worker that grew past this is replaced between files (each e2e file boots a whole app).
  workerIdleMemoryLimit: '1.5GB',
  reporters: ['default', '<rootDir>/test/support/count-reporter.js'],
};
