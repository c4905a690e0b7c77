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
          // A worker keeps its imported modules from one API test file to the next instead of
          // importing the app again for each (about 1 s a file, 90 s a pass): every file builds its
          // own app, database and fakes, and the files passed in shuffled orders (decision 042).
          isolate: false,
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
