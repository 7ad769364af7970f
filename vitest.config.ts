import { configDefaults, defineConfig } from 'vitest/config';

// Database tests run on a fresh PGlite per file; with TEST_DATABASE_URL set they run a second
// time, each file on its own database of that PostgreSQL server (project "postgres").
// `*.pg.test.ts` test what only a PostgreSQL server has (LISTEN across connections).
const dbTests = ['server/**/*.test.ts', 'scripts/**/*.test.ts'];
const serverOnly = '**/*.pg.test.ts';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ['server/testing/global-setup.ts'],
    setupFiles: ['server/testing/fail-on-console-error.ts', 'server/testing/fixed-clock.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: [...dbTests, 'app/**/*.test.{ts,tsx}', 'contracts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, serverOnly],
          env: { ENCORE_TEST_DB: 'pglite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', include: dbTests, env: { ENCORE_TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
