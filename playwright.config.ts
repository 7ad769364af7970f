import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const emulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9199);
export const baseURL = `http://127.0.0.1:${port}`;
export const authEmulatorHost = `127.0.0.1:${emulatorPort}`;

// Debian's Chromium (ARCHITECTURE.md): Playwright never downloads a browser here.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    // No GPU here: composite and raster in software in the renderer, not through an emulated
    // GL in a GPU process (ADR 0055). Two browsers on two shared cores spent a fifth less CPU
    // (a sample of 46 tests: 4.1 → 3.6 min); Chromium draws in software either way.
    '--disable-gpu-compositing',
    '--disable-software-rasterizer',
  ],
};

/** What a phone adds nothing to: servers without a browser, head tags, keyboard use, app plumbing. */
const DEVICE_INDEPENDENT = [
  'shutdown.spec.ts',
  'sitemap.spec.ts',
  'seo.spec.ts',
  'keyboard.spec.ts',
  'app-shell.spec.ts',
];
const NATIVE_ONLY = ['native-shell.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry on CI only: the 2-core runner is shared, and a retried test is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A 2-core runner shares its cores between two browsers, the server and the auth emulator:
  // a page that answers in milliseconds can take seconds to load, hydrate and settle there.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // Recording a trace snapshots the DOM around every action and screencasts the page: on CI,
  // where every core is busy, only the retry of a failed test records one (a sample of 46
  // tests: 4.9 → 4.1 min). Locally every failure keeps its trace (ADR 0055).
  use: { baseURL, trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure', launchOptions },
  projects: [
    // Native shells run on phones: their spec runs in the phone project only.
    { name: 'chromium-desktop', testIgnore: NATIVE_ONLY, use: { ...devices['Desktop Chrome'], launchOptions } },
    // A 375 px phone in Chromium, with an iPhone user agent (Android hides the Apple button,
    // SPEC §2; tests/e2e/auth-signin.spec.ts covers that case with an Android agent). What does
    // not depend on the device runs once, in the desktop project (DEVICE_INDEPENDENT, @http).
    {
      name: 'chromium-phone',
      testIgnore: DEVICE_INDEPENDENT,
      grepInvert: /@http/,
      use: {
        ...devices['iPhone 13'],
        browserName: 'chromium',
        viewport: { width: 375, height: 812 },
        launchOptions,
      },
    },
  ],
  webServer: {
    // The production build (npm test builds it first), a fresh data dir and its own emulator.
    command: 'node --import tsx scripts/start.ts --no-build --fresh',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: path.join(os.tmpdir(), `encore-e2e-${port}`),
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
      LOG_LEVEL: 'warn',
      // The quiz never shows by itself while a test runs: tests/e2e/auth-account.spec.ts moves
      // the page's clock past the check (a short delay raced slow machines' page loads).
      ONBOARDING_DELAY_MS: '60000',
      // New-build detection polls every 5 s here (an hour by default).
      BUILD_CHECK_INTERVAL_MS: '5000',
      // tests/e2e/auth-guards.spec.ts signs this (verified) address in as the admin.
      ADMIN_EMAILS: 'admin@e2e.encore.test',
    },
  },
});
