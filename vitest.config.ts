import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'fast',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          // The API suites run against both stores: this starts the PostgreSQL cluster they share.
          globalSetup: ['tests/setup/postgresCluster.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Provisions Chromium and builds the client into the tests' own folder before any browser suite.
          globalSetup: ['tests/setup/browserSuite.ts'],
          // One Chromium at a time: software WebGL on two cores.
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
