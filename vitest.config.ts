import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at once on the CI machine's two cores (Vitest's default is cores − 1: one):
    // an API test file mostly waits on its database, its app and its fakes (docs/decisions/042).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
