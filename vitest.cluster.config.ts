import { defineConfig } from 'vitest/config';

/**
 * The cluster test (tests/cluster/): two real nodes on a PostgreSQL server behind HAProxy,
 * run by `npm test` after the web build. It needs TEST_DATABASE_URL (CI sets it, .ci/run);
 * without it, locally, there is nothing to run it on. CI must never pass without it.
 */
const database = process.env.TEST_DATABASE_URL;
if (!database && process.env.CI) throw new Error('the cluster test needs TEST_DATABASE_URL in CI');
if (!database) console.log('cluster test: TEST_DATABASE_URL is not set, nothing to run it on');

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: 'cluster',
    include: database ? ['tests/cluster/**/*.test.ts'] : [],
    passWithNoTests: !database,
    setupFiles: ['server/testing/fail-on-console-error.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
