import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects, and the date runs (below):
 * - "unit": pure code (no database, no server, no emulator, no child process); seconds.
 *   `npm run test:unit`. A test file belongs here when it only calls functions and renders.
 * - "pglite": everything else, each file on a fresh PGlite cloned from a migrated template.
 * - "postgres": with TEST_DATABASE_URL set, the server and script tests that open a test
 *   database again, each file on its own database of that PostgreSQL server. In CI they run
 *   there only: "pglite" keeps the tests of PGlite itself and the app's, and every e2e spec
 *   runs on PGlite (`npm start`'s default), so a CI run tests each database once, not the
 *   server suite twice (six minutes of a two-core runner, half of them on PGlite).
 * `npm run test:integration` runs the last two; `npm test` runs all three, then the e2e specs.
 */
const unitTests = [
  // The generic HTTP client's tests (app/lib/http.test.ts) talk to a loopback server.
  'app/lib/!(http).test.{ts,tsx}',
  'app/lib/*/**/*.test.ts',
  'app/components/**/*.test.{ts,tsx}',
  'app/flushed-strings.server.test.tsx',
  'app/routes/sitemap.server.test.ts',
  'contracts/**/*.test.ts',
  'server/env.test.ts',
  'scripts/build-server.test.ts',
  'server/cache.test.ts',
  'server/oldest.test.ts',
  'server/catalogue/places.test.ts',
  'server/catalogue/text.test.ts',
  'server/catalogue/search/page-order.test.ts',
  'server/catalogue/demo/generate.test.ts',
  'server/catalogue/ticketmaster/parser.test.ts',
  'server/catalogue/ticketmaster/rate-limiter.test.ts',
  'server/catalogue/ticketmaster/windows.test.ts',
  'server/tracking/ics.test.ts',
];
const dbTests = ['server/**/*.test.ts', 'scripts/**/*.test.ts'];
// Server tests that open no test database, or open PGlite itself (its thread, its data dir
// lock): the same on either project, so run once, in "pglite".
const sameOnBothDatabases = [
  'server/db/client.test.ts',
  'server/db/pglite-thread.test.ts',
  'server/accounts/production-guard.test.ts',
  'server/catalogue/search/row-copies.test.ts',
  'server/catalogue/search/row-texts.test.ts',
  'server/compress.test.ts',
  'server/input-guard.test.ts',
  'server/serve.test.ts',
];
// `*.pg.test.ts` test what only a PostgreSQL server has (LISTEN across connections).
const serverOnly = '**/*.pg.test.ts';
// In CI with a PostgreSQL server, the server suite runs on it alone (see above).
const serverSuiteOnPostgresOnly = !!process.env.CI && !!process.env.TEST_DATABASE_URL;
/**
 * ADR 0012: the date-sensitive files run again with `Date` at the year's turn
 * (server/testing/fixed-clock.ts), as projects of the same run (`npm run test:dates` alone).
 */
const dateSensitive = [
  'app/lib/filters.test.ts',
  'app/lib/format.test.ts',
  'app/routes/discovery-pages.test.ts',
  'app/routes/sitemap.server.test.ts',
  'server/catalogue/catalogue-api.test.ts',
  'server/catalogue/events.test.ts',
];
const dateRuns = { 'dates-30-dec': '2026-12-30T12:00:00Z', 'dates-1-jan': '2027-01-01T00:30:00Z' };
const database = { globalSetup: ['server/testing/global-setup.ts'], hookTimeout: 60_000 };

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ['server/testing/fail-on-console-error.ts', 'server/testing/fixed-clock.ts'],
    testTimeout: 20_000,
    // Vitest's default leaves a core free (one worker on two cores), but the database files
    // spend much of their time waiting on child processes, builds and the network: one
    // worker a core, and never fewer than two.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: unitTests },
      },
      {
        extends: true,
        test: {
          ...database,
          name: 'pglite',
          include: [
            ...(serverSuiteOnPostgresOnly ? sameOnBothDatabases : dbTests),
            'app/**/*.test.{ts,tsx}',
            'contracts/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...unitTests, serverOnly],
          env: { ENCORE_TEST_DB: 'pglite' },
        },
      },
      ...Object.entries(dateRuns).map(([name, now]) => ({
        extends: true as const,
        test: { ...database, name, include: dateSensitive, env: { ENCORE_TEST_DB: 'pglite', ENCORE_TEST_NOW: now } },
      })),
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                ...database,
                name: 'postgres',
                include: dbTests,
                exclude: [...configDefaults.exclude, ...unitTests, ...sameOnBothDatabases],
                env: { ENCORE_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
