import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { authEmulatorHost, baseURL } from '../../playwright.config';
import { artistUrl, busyArtist, open, searchBox } from './discovery-fixtures';
import { signInDirectly } from './signed-in';

/** The page's timers run only when the test says so. */
async function pauseClock(page: Page) {
  await page.clock.install({ time: new Date('2026-03-01T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-03-01T10:00:01Z'));
}

/** App-shell behaviours of SPEC §2, §4, §8 and §9, in Chromium against the production build. */

type Marked = Window & { __samePage?: boolean; dataLayer?: Array<Record<string, unknown>> };
const mark = (page: Page) => page.evaluate(() => ((window as Marked).__samePage = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as Marked).__samePage === true);
const pageViews = (page: Page) =>
  page.evaluate(() =>
    ((window as Marked).dataLayer ?? []).filter((entry) => entry.event === 'page_view').map((entry) => entry.page_path),
  );

test.describe('tag manager page views (GTM_ID set)', () => {
  // A second Encore server with a tag manager container, sharing the suite's emulator; one
  // per parallel worker (each project runs this block).
  let port = 0;
  let origin = '';
  let server: ChildProcess;

  test.beforeAll(async ({ browserName: _ }, testInfo) => {
    test.setTimeout(180_000);
    port = Number(new URL(baseURL).port) + 1 + testInfo.parallelIndex;
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build', '--fresh'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: path.join(os.tmpdir(), `encore-e2e-gtm-${port}`),
        CATALOGUE_SIZE: 'none',
        FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
        GTM_ID: 'GTM-E2ETEST',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    await expect
      .poll(
        () =>
          fetch(`${origin}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 170_000, intervals: [250] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  test('each page the visitor sees is pushed while analytics is allowed; turned off on /cookie-settings', async ({
    page,
  }) => {
    // The tag manager's own script, answered here (the one third-party script, loaded on demand).
    await page.route('https://www.googletagmanager.com/gtm.js?**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.__tagManagerLoaded = true;' }),
    );
    await page.goto(`${origin}/about-us`, { waitUntil: 'networkidle' });
    await expect.poll(() => pageViews(page)).toEqual(['/about-us']);
    await expect(page.locator('script[src="https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST"]')).toHaveCount(1);
    await expect
      .poll(() => page.evaluate(() => (window as { __tagManagerLoaded?: boolean }).__tagManagerLoaded))
      .toBe(true);

    // A client navigation pushes the new path.
    await mark(page);
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(`${origin}/privacy-policy`);
    await expect.poll(() => pageViews(page)).toEqual(['/about-us', '/privacy-policy']);
    expect(await stillSamePage(page)).toBe(true);

    // The visitor turns analytics off: no more page views.
    await page.locator('footer').getByRole('link', { name: 'Cookie Settings' }).click();
    await expect.poll(() => pageViews(page)).toEqual(['/about-us', '/privacy-policy', '/cookie-settings']);
    const allow = page.getByRole('checkbox', { name: /Allow analytics/ });
    await expect(allow).toBeChecked();
    await allow.uncheck();
    await expect(page.getByText('Off: no page views are sent.')).toBeVisible();
    const consent = (await page.context().cookies()).find((c) => c.name === 'encoreAnalytics');
    expect(consent?.value).toBe('denied');
    await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    expect(await pageViews(page)).toEqual(['/about-us', '/privacy-policy', '/cookie-settings']);

    // The choice holds on the next visit too.
    await page.goto(`${origin}/about-us`, { waitUntil: 'networkidle' });
    expect(await pageViews(page)).toEqual([]);
  });
});

test('/cookie-settings names what Encore really stores, and says no tag manager is configured here', async ({
  page,
}) => {
  await open(page, '/cookie-settings');
  for (const name of ['encore_session', 'encoreFilters', 'encoreLocale', 'encoreViewport', 'encore_quiz_submitted']) {
    await expect(page.getByRole('rowheader', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText('No tag manager is configured on this site')).toBeVisible();
  // Every cookie this visit left in the browser is on the page.
  const listed = await page.getByRole('rowheader').allTextContents();
  for (const cookie of await page.context().cookies()) expect(listed.join(' ')).toContain(cookie.name);
});

test('the viewport cookie: xs on a 390 px screen, kept 365 days; the server renders that layout', async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto('/about-us', { waitUntil: 'networkidle' });
  // Written by the shell's idle work (app-shell-idle.tsx), which may start after the network
  // has been quiet for a while: waited for, not assumed.
  const viewportCookie = async (context: typeof phone) =>
    (await context.cookies()).find((c) => c.name === 'encoreViewport');
  await expect.poll(async () => (await viewportCookie(phone))?.value).toBe('xs');
  const cookie = await viewportCookie(phone);
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);
  // The next request carries it: no desktop drawer in the HTML (the page cache keys on it).
  const html = await (await page.request.get('/about-us')).text();
  expect(html).not.toContain('aria-label="Side navigation"');
  await phone.close();

  const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const wide = await desktop.newPage();
  await wide.goto('/about-us', { waitUntil: 'networkidle' });
  await expect.poll(async () => (await viewportCookie(desktop))?.value).toBe('lg');
  await wide.reload();
  const drawer = wide.getByRole('navigation', { name: 'Side navigation' });
  await expect(drawer).toBeVisible();
  // SPEC §9: 57 px, 300 px open.
  expect((await drawer.boundingBox())?.width).toBe(57);
  await drawer.getByRole('button', { name: 'Expand menu' }).click();
  await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(300);
  await expect(drawer.getByRole('link', { name: 'Search events' })).toBeVisible();
  await desktop.close();
});

test('new build: the latest-build file is polled with a timestamp; a different id reloads the next navigation', async ({
  page,
}) => {
  const polls: string[] = [];
  let latest: string | undefined;
  await page.route('**/build.json?*', async (route) => {
    polls.push(route.request().url());
    if (!latest) return route.continue();
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ id: latest }) });
  });
  await page.clock.install();
  await open(page, '/about-us');
  await mark(page);
  // Same build: navigations stay on the client.
  await page.clock.runFor(5000);
  await expect.poll(() => polls.length).toBe(1);
  expect(new URL(polls[0]!).searchParams.get('t')).toMatch(/^\d+$/);
  await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  expect(await stillSamePage(page)).toBe(true);

  latest = 'a-newer-build';
  await page.clock.runFor(5000);
  await expect.poll(() => polls.length).toBe(2);
  // The navigation reloads the page: waited for, so nothing is read from the page it leaves.
  const reloaded = page.waitForEvent('load');
  await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click();
  await reloaded;
  await expect(page).toHaveURL('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  expect(await stillSamePage(page)).toBe(false);
});

test('a chunk that fails to load reloads the page once, not again within 10 s', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.route(/\/assets\/side-menu-[\w-]+\.js$/, (route) => route.abort());
  await page.clock.install();
  await page.goto('/about-us', { waitUntil: 'networkidle' });
  await mark(page);
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await reloaded;
  // The guard is idle-time code (lib/shell-idle.ts, in the page-idle file): the reloaded page
  // can be quiet on the network before its idle downloads start (ADR 0071). Routed requests
  // skip the browser's cache, so the file is fetched again.
  const guardCode = page.waitForResponse(/\/assets\/page-idle-[\w-]+\.js$/);
  await page.waitForLoadState('networkidle');
  expect(await stillSamePage(page)).toBe(false);
  expect(await page.evaluate(() => sessionStorage.getItem('encoreReloadGuard'))).toMatch(/^\d+$/);
  await guardCode;

  // Within the guard's 10 s: no second reload.
  await mark(page);
  const warned = page.waitForEvent('console', (message) => message.text().includes('not reloading again'));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await warned;
  expect(await stillSamePage(page)).toBe(true);
  await context.close();
});

test.describe('route preloads on intent', () => {
  // The pages queued for preloading (the app shell renders React Router's PrefetchPageLinks for each).
  const preloaded = (page: Page) =>
    page
      .locator('[data-preload^="/events/"]')
      .evaluateAll((groups) => groups.map((g) => g.getAttribute('data-preload')));
  const eventCode = (page: Page, seen: string[]) =>
    page.on('request', (request) => {
      if (/\/assets\/event-[\w-]{8}\.js$/.test(request.url())) seen.push(request.url());
    });
  // Every data request for an event page (the page's own and the root's), as path + query.
  const eventData = (page: Page, seen: string[]) =>
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/events\/.+\.data$/.test(url.pathname)) seen.push(url.pathname + url.search);
    });

  async function pointAtEvents(page: Page, count: number) {
    const links = page.locator('main a[href^="/events/"]');
    // Pointing at the page body hydrates it (its links become the router's).
    await links.first().hover();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => links.count()).toBeGreaterThanOrEqual(count);
    const hrefs: string[] = [];
    // Then one pointer intent per link, in order. Real hovers would scroll the list under the
    // pointer and point at other links on the way; the app shell listens on window either way.
    for (let i = 0; i < count; i++) {
      await links.nth(i).dispatchEvent('pointerover');
      hrefs.push((await links.nth(i).getAttribute('href'))!);
    }
    return hrefs;
  }

  test('1 s after the intent, and no more than 4 pending at once', async ({ page }) => {
    const code: string[] = [];
    const data: string[] = [];
    eventCode(page, code);
    eventData(page, data);
    await pauseClock(page);
    await open(page, '/search');
    const hrefs = await pointAtEvents(page, 6);
    await page.clock.runFor(999);
    expect(await preloaded(page)).toEqual([]);
    expect(code).toEqual([]);
    expect(data).toEqual([]);
    await page.clock.runFor(1);
    // The first four pages pointed at; the fifth and sixth found the queue full.
    await expect.poll(() => preloaded(page)).toEqual(hrefs.slice(0, 4));
    // Their route code and their data are fetched ahead of the click.
    await expect.poll(() => code.length).toBeGreaterThan(0);
    await expect
      .poll(() => data.map((path) => path.slice(0, path.indexOf('.data'))).sort())
      .toEqual(hrefs.slice(0, 4).sort());
  });

  test("the page's data too, 1 s after the intent; the click then shows the page without another request", async ({
    page,
  }) => {
    const data: string[] = [];
    eventData(page, data);
    await pauseClock(page);
    await open(page, '/search');
    const [href] = await pointAtEvents(page, 1);
    await page.clock.runFor(999);
    expect(data).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => data).toEqual([expect.stringMatching(new RegExp(`^${href}\\.data\\?`))]);
    await page.waitForLoadState('networkidle');

    await page.locator(`main a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(href!);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(data).toHaveLength(1);
  });

  test('for a signed-in fan too: kept in the page only (the answer is private, no-store)', async ({ page }) => {
    await signInDirectly(page.context());
    const answers: string[] = [];
    page.on('response', (response) => {
      if (/^\/events\/.+\.data$/.test(new URL(response.url()).pathname))
        answers.push(response.headers()['cache-control'] ?? '');
    });
    await pauseClock(page);
    await open(page, '/search');
    const [href] = await pointAtEvents(page, 1);
    await page.clock.runFor(1000);
    await expect.poll(() => answers).toEqual(['private, no-store']);
    await page.waitForLoadState('networkidle');

    await page.locator(`main a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(href!);
    await expect(page.locator('main h1')).toBeVisible();
    expect(answers).toHaveLength(1);
  });

  test('a failed prefetch shows nothing; the click then tries again and says what failed', async ({ page }) => {
    const data: string[] = [];
    eventData(page, data);
    await pauseClock(page);
    await open(page, '/search');
    await page.route(/\/events\/.+\.data/, (route) => route.abort('internetdisconnected'));
    const [href] = await pointAtEvents(page, 1);
    await page.clock.runFor(1000);
    await expect.poll(() => data.length).toBe(1);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Nothing to see here :(')).toHaveCount(0);

    await page.locator(`main a[href="${href}"]`).first().click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Failed to fetch event details');
    expect(data).toHaveLength(2);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('main h1')).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('a prefetch 10 s old is not used: the click fetches the page again', async ({ page }) => {
    const data: string[] = [];
    eventData(page, data);
    await pauseClock(page);
    await open(page, '/search');
    const [href] = await pointAtEvents(page, 1);
    await page.clock.runFor(1000);
    await expect.poll(() => data.length).toBe(1);
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(10_000);

    await page.locator(`main a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(href!);
    await expect(page.locator('main h1')).toBeVisible();
    expect(data).toHaveLength(2);
    expect(data[1]).not.toContain('_prefetch');
  });

  test('never on a very slow connection', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { effectiveType: '2g', saveData: false } }),
    );
    await pauseClock(page);
    await open(page, '/search');
    const code: string[] = [];
    const data: string[] = [];
    eventCode(page, code);
    eventData(page, data);
    await pointAtEvents(page, 3);
    await page.clock.runFor(2000);
    await page.waitForLoadState('networkidle');
    expect(await preloaded(page)).toEqual([]);
    expect(code).toEqual([]);
    expect(data).toEqual([]);
  });
});

test.describe('store fallback messages (SPEC §8) with Retry', () => {
  test('a failed suggestion request says so, never "No results found"; Retry searches again', async ({ page }) => {
    await open(page, '/about-us');
    await page.route('**/api/events/search?*', (route) => route.abort('internetdisconnected'));
    const box = searchBox(page);
    await box.click();
    await box.fill('the');
    const panel = page.getByRole('alert');
    await expect(panel).toContainText('Failed to search events');
    await expect(page.getByText('No results found')).toHaveCount(0);
    await page.unroute('**/api/events/search?*');
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('listbox', { name: 'Search results' })).toBeVisible();
  });

  test('artist details, artist events paging and event details', async ({ page, request }) => {
    const artist = await busyArtist(request);
    const failData = (pattern: RegExp) => page.route(pattern, (route) => route.abort('internetdisconnected'));
    const alert = page.getByRole('alert');

    // Another artist, on a client navigation from the search results.
    await open(page, `/search?keyword=${encodeURIComponent(artist.name)}`);
    await failData(/\/artist\/[^/]+\.data/);
    await page
      .locator(`main a[href="${artistUrl(artist)}"]`)
      .first()
      .click();
    await expect(alert).toContainText('Failed to fetch artist details');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(artist.name);

    // The next page of the same artist's events.
    await failData(/\/artist\/[^/]+\.data/);
    await page.getByRole('navigation', { name: 'Event pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(alert).toContainText('Failed to fetch artist events');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // One of its events.
    await failData(/\/events\/.*\.data/);
    const eventLink = page.locator('section[aria-labelledby="artist-events"] a[href^="/events/"]').first();
    const href = await eventLink.getAttribute('href');
    await eventLink.click();
    await expect(alert).toContainText('Failed to fetch event details');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('search results on a client navigation', async ({ page }) => {
    await open(page, '/about-us');
    await page.route(/\/search\.data/, (route) => route.abort('internetdisconnected'));
    await searchBox(page).fill('the');
    await searchBox(page).press('Enter');
    await expect(page.getByRole('alert')).toContainText('Failed to search events');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
