import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { longTailPaths } from './catalogue-sample.ts';
import type { Chromium } from './chromium.ts';
import { spawnTracked, stopTracked } from './processes.ts';
import { REPO, sleep, tail, waitUntilQuiet } from './server.ts';

/**
 * A signed-in fan's first taps (issue 13: Follow and Watch, signed in → the new state) need a
 * browser signed in to the identity provider: the account the page keeps, the session cookie
 * its writes carry, and an identity service the server asks about that session. The production
 * server the rest of the bench measures has none. These taps are measured on a second server of
 * the same build, started as the end-to-end suite starts it (`scripts/start.ts`: NODE_ENV=test
 * and its own auth emulator, the small demo catalogue on a fresh data directory). What a first
 * tap waits for is the browser's code and one write: the catalogue's size is not on its way.
 */
export type SignedInSite = {
  origin: string;
  /** The signed-in browser's cookies, local storage and IndexedDB (the identity SDK's user). */
  storageState: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
  artists: string[];
  events: string[];
  /** The fan's email (their password is the bench's own). */
  email: string;
  /** Until this server and its auth emulator are idle (bench/server.ts waitUntilQuiet). */
  settle(): Promise<void>;
  stop(): Promise<void>;
};

const PASSWORD = 'bench-first-tap';

export async function startSignedInSite(options: {
  appDir: string;
  runDir: string;
  port: number;
  emulatorPort: number;
  chromium: Chromium;
}): Promise<SignedInSite> {
  const origin = `http://127.0.0.1:${options.port}`;
  const emulator = `127.0.0.1:${options.emulatorPort}`;
  const logFile = path.join(options.runDir, 'signed-in-server.log');
  // scripts/start.ts starts the compiled server from its working directory, the run's copy of
  // the build (bench/server.ts), as the main server does from the repository's.
  const fd = openSync(logFile, 'a');
  const child = spawnTracked(
    'encore server (signed-in taps)',
    process.execPath,
    ['--import', 'tsx', path.join(REPO, 'scripts', 'start.ts'), '--no-build', '--fresh'],
    {
      cwd: options.appDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LANG: process.env.LANG ?? 'C.UTF-8',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        DATA_DIR: path.join(options.runDir, 'signed-in-data'),
        CATALOGUE_SIZE: 'small',
        FIREBASE_PROJECT_ID: 'demo-encore',
        FIREBASE_AUTH_EMULATOR_HOST: emulator,
        LOG_LEVEL: 'warn',
        // The quiz is not what a first tap measures: it stays away for the run.
        ONBOARDING_DELAY_MS: '3600000',
        // Prices move, are observed and alerted on at production's pace, not test mode's
        // every second: pages are audited and tapped as a fan finds them.
        MARKET_SIMULATOR_INTERVAL_MS: String(5 * 60_000),
        PRICE_OBSERVATION_INTERVAL_MS: String(15 * 60_000),
        ALERTS_INTERVAL_MS: '60000',
        TSX_TSCONFIG_PATH: path.join(REPO, 'tsconfig.json'),
      },
      stdio: ['ignore', fd, fd],
    },
  );
  closeSync(fd);
  const stop = () => stopTracked(child, 20_000);
  try {
    const started = performance.now();
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the signed-in taps' server exited during start-up:\n${tail(logFile, 20)}`);
      const ok = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) break;
      if (performance.now() - started > 240_000)
        throw new Error(`the signed-in taps' server did not answer within 240 s:\n${tail(logFile, 20)}`);
      await sleep(500);
    }
    const email = `fan-${Date.now().toString(36)}@bench.encore.test`;
    const created = await fetch(
      `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
      },
    );
    if (!created.ok) throw new Error(`the emulator refused the bench's fan: ${await created.text()}`);
    const storageState = await signIn(options.chromium, origin, email);
    const pages = await longTailPaths(origin, [], 200);
    if (pages.artists.length < 8 || pages.events.length < 8)
      throw new Error(
        `the small catalogue's sitemap lists ${pages.artists.length} artists and ${pages.events.length} events${pages.problem ? ` (${pages.problem})` : ''}`,
      );
    const settle = async () => {
      await waitUntilQuiet(child.pid!, 60, 250);
    };
    return { origin, storageState, artists: pages.artists, events: pages.events, email, settle, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Signs the fan in as a visitor does, on /signin, and keeps what the browser then holds. */
async function signIn(chromiumProcess: Chromium, origin: string, email: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromiumProcess.port}`);
  const context = await browser.newContext();
  try {
    await signInWith(context, origin, email);
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

async function signInWith(context: BrowserContext, origin: string, email: string) {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/signin`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.waitForURL((url) => url.pathname !== '/signin', { timeout: 30_000 });
    // The session cookie is set by the token sync once the identity SDK has the user.
    for (let i = 0; i < 100; i++) {
      if ((await context.cookies()).some((cookie) => cookie.name === 'encore_session')) break;
      await sleep(100);
    }
    if (!(await context.cookies()).some((cookie) => cookie.name === 'encore_session'))
      throw new Error('signing the bench fan in set no session cookie');
  } finally {
    await page.close();
  }
}

/**
 * Runs `work` with the fan signed in to `site` in the browser's default context, the one
 * Lighthouse's tab opens in: its session cookie, the account the page keeps and the identity
 * SDK's user, as signing in leaves them. Then signs the browser out of the site again.
 */
export async function asSignedInFan<T>(chromiumProcess: Chromium, site: SignedInSite, work: () => Promise<T>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromiumProcess.port}`);
  const context = browser.contexts()[0];
  try {
    if (!context) throw new Error('no default browser context');
    await signInWith(context, site.origin, site.email);
    return await work();
  } finally {
    if (context) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', { origin: site.origin, storageTypes: 'all' }).catch(() => undefined);
      await page.close();
      await context.clearCookies().catch(() => undefined);
    }
    await browser.close();
  }
}
