import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test';
import { eventPath } from '../../app/lib/slug';
import { fillCredentials, skipOnboarding, uniqueEmail } from './auth-helpers';

/**
 * Hydration on use (app/components/hydration/): a press that comes before its part's code is
 * shown at once and replayed on the same control once the code is there. The home page's
 * body is such a part; its code (the page-parts file, vite.config.ts) is held back here until
 * the test lets it through.
 */
async function holdCode(page: Page, file = /\/assets\/page-parts-[\w-]+\.js$/) {
  const held: Route[] = [];
  let holding = true;
  await page.route(file, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  return {
    requested: () => held.length,
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** The suggestion requests the page sends, as URLs, in order. */
function searchRequests(page: Page): string[] {
  const searches: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/events/search') searches.push(sent.url());
  });
  return searches;
}

type Marked = Window & { __samePage?: boolean };

test('a button pressed before its code arrives is busy at once, then does what was pressed', async ({ page }) => {
  const code = await holdCode(page);
  await page.goto('/');
  const dates = page.locator('main').getByRole('button', { name: 'Dates' }).first();
  await dates.click();
  await expect(dates).toHaveAttribute('aria-busy', 'true');
  await expect.poll(code.requested).toBeGreaterThan(0);
  await expect(page.getByRole('dialog', { name: 'Choose dates' })).toHaveCount(0);

  await code.release();
  await expect(page.getByRole('dialog', { name: 'Choose dates' })).toBeVisible();
  await expect(dates).not.toHaveAttribute('aria-busy');
});

test('a link pressed before its part has code is followed by the router at once, busy until the page is there', async ({
  page,
}) => {
  const code = await holdCode(page);
  await page.goto('/');
  await page.evaluate(() => ((window as Marked).__samePage = true));
  const link = page.locator('main a[href^="/events/"]').first();
  const href = await link.getAttribute('href');
  // The event page's data comes at once; its view's code, which a first visit waits for, is held.
  const data = page.waitForResponse((response) => new URL(response.url()).pathname === `${href}.data`);
  await link.click();
  await expect(link).toHaveAttribute('aria-busy', 'true');
  await data;
  await expect(page).toHaveURL('/');

  await code.release();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as Marked).__samePage)).toBe(true);
});

test('once the page is idle, what its buttons open is already downloaded: Dates opens without the network', async ({
  page,
}) => {
  // Downloads of the date popup's code over the network, as Chromium reports them (a copy from
  // the prefetch or disk cache is not one).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let downloads = 0;
  cdp.on('Network.responseReceived', ({ response }) => {
    if (!/\/assets\/date-popover-[\w-]+\.js$/.test(response.url)) return;
    if (!response.fromDiskCache && !response.fromPrefetchCache && !response.fromServiceWorker) downloads++;
  });
  await page.goto('/search?keyword=rock');
  // Fetched at the idle moment, not run: the popup is not open.
  await expect.poll(() => downloads, { timeout: 10_000 }).toBe(1);
  await expect(page.getByRole('dialog', { name: 'Choose dates' })).toHaveCount(0);

  await page.locator('main').getByRole('button', { name: 'Dates' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Choose dates' })).toBeVisible();
  expect(downloads).toBe(1);
});

test('the site icon comes in the page: loading it takes no connection, and the file still answers', async ({
  page,
  request,
}) => {
  // ADR 0039: a request for the icon held one of the browser's six connections from the load
  // event, while a first tap's code waited for one.
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/favicon.svg') asked.push(sent.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,%3Csvg/);
  expect(asked).toEqual([]);
  const file = await request.get('/favicon.svg');
  expect(file.status()).toBe(200);
  expect(decodeURIComponent((await page.locator('link[rel="icon"]').getAttribute('href'))!.slice(19))).toBe(
    (await file.text()).trim(),
  );
});

test('typed before the search box has code, its suggestions are asked for at once and shown without asking again', async ({
  page,
}) => {
  const searches = searchRequests(page);
  const code = await holdCode(page);
  await page.goto('/');
  const box = page.locator('#home-search-input');
  await box.click();
  // One input event: keystrokes a busy machine spaces out by more than the box's pause would
  // each be a search of their own, as for a visitor who pauses.
  await box.fill('rock');
  // ADR 0046: the request goes out while the box's code is still held; nothing is shown yet.
  await expect.poll(() => searches.length).toBe(1);
  expect(new URL(searches[0]!).searchParams.get('keyword')).toBe('rock');
  expect(code.requested()).toBeGreaterThan(0);
  await expect(page.getByRole('listbox')).toHaveCount(0);

  await code.release();
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  expect(searches).toHaveLength(1);
  // Hydrated, the box asks for itself.
  await box.press('End');
  await box.pressSequentially('s');
  await expect.poll(() => searches.length).toBe(2);
  expect(new URL(searches[1]!).searchParams.get('keyword')).toBe('rocks');
});

test('at idle, letters typed straight after the tap stay in the box while it hydrates, and are searched', async ({
  page,
}) => {
  const searches = searchRequests(page);
  // Idle: the home page's part has its code, and nothing has hydrated it yet.
  await page.goto('/', { waitUntil: 'networkidle' });
  const box = page.locator('#home-search-input');
  // ADR 0060: the tap starts the part's hydration as a transition; the letters come meanwhile.
  await box.click();
  await box.pressSequentially('rock');
  await expect(box).toHaveValue('rock');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await expect.poll(() => searches.at(-1) && new URL(searches.at(-1)!).searchParams.get('keyword')).toBe('rock');
  await expect(box).toBeFocused();
});

test("card images past the first two wait for the page's code, then load", async ({ page }) => {
  const code = await holdCode(page);
  await page.goto('/');
  const cards = page.locator('main article img');
  await expect(cards.first()).toHaveAttribute('src', /^\/api\/images\//);
  // ADR 0046: on a slow link these would hold the connections a first tap needs.
  const later = cards.nth(2);
  await expect(later).toHaveAttribute('src', /^data:image\/gif/);
  await expect(later).toHaveAttribute('data-src', /^\/api\/images\//);
  await expect(page.locator('main article img[data-src]')).not.toHaveCount(0);

  await code.release();
  await expect(page.locator('main article img[data-src]')).toHaveCount(0);
  await expect(later).toHaveAttribute('src', /^\/api\/images\//);
  await expect
    .poll(() => later.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
});

/**
 * A signed-out visitor opens the first event the catalogue lists, with the page's code held,
 * and presses its Watch: the sign-in dialog opens (ADR 0039), the control stays busy.
 */
async function pressWatchAhead(page: Page, request: APIRequestContext) {
  const response = await request.get('/api/events', { params: { size: '1' } });
  expect(response.ok()).toBe(true);
  const [event] = (await response.json())._embedded.events as Array<{ id: string; name: string }>;
  const code = await holdCode(page);
  await page.goto(eventPath(event!));
  const watch = page.getByRole('button', { name: `Watch ${event!.name}` }).first();
  await watch.click();
  // Behind the modal dialog the page is hidden from the accessibility tree: the same control.
  const pressed = page.getByTestId('watch-button').first();
  // The sign-in dialog (after a watch, the price alert's popover is a dialog too).
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Email') });
  // The dialog needs none of the page's own code; that code is asked for after the dialog's.
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await expect(pressed).toHaveAttribute('aria-busy', 'true');
  await expect.poll(code.requested).toBeGreaterThan(0);
  return { code, watch, pressed, dialog };
}

test.describe('a signed-out Watch pressed before its code arrives', () => {
  test.beforeEach(async ({ context }) => skipOnboarding(context));

  test('opens the sign-in dialog without that code; signing up then watches the event', async ({ page, request }) => {
    const { code, watch, pressed, dialog } = await pressWatchAhead(page, request);
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await fillCredentials(dialog, uniqueEmail('ahead'), 'correct-horse');

    // The page's code comes while the visitor types: the dialog stays as they left it.
    await code.release();
    await expect(pressed).not.toHaveAttribute('aria-busy');
    await expect(dialog.getByRole('button', { name: 'Sign up with email' })).toBeVisible();
    await expect(dialog.getByLabel('Email')).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Sign up with email' }).click();
    await expect(dialog).toBeHidden();
    await expect(watch).toHaveAttribute('aria-pressed', 'true');
  });

  test('sent while the code is still on its way, a sign-up watches the event once it comes', async ({
    page,
    request,
  }) => {
    const { code, watch, dialog } = await pressWatchAhead(page, request);
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await fillCredentials(dialog, uniqueEmail('early'), 'correct-horse');
    // The sign-up and the page's code race: whichever ends first, the press's wish is kept.
    await dialog.getByRole('button', { name: 'Sign up with email' }).click();
    await code.release();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('account-button')).toHaveText('my account');
    await expect(watch).toHaveAttribute('aria-pressed', 'true');
  });

  test('closed before the code arrives, the press is dropped: no second dialog, nothing watched', async ({
    page,
    request,
  }) => {
    const { code, watch, dialog } = await pressWatchAhead(page, request);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await code.release();
    await expect(watch).not.toHaveAttribute('aria-busy');
    await expect(dialog).toHaveCount(0);
    await expect(watch).toHaveAttribute('aria-pressed', 'false');

    // The control works as usual now its code is there.
    await watch.click();
    await expect(dialog.getByLabel('Email')).toBeVisible();
  });
});

test('from the keyboard, a signed-out Watch waiting for the sign-in code keeps focus, and gets it back when the dialog closes', async ({
  page,
  request,
  context,
}) => {
  await skipOnboarding(context);
  const response = await request.get('/api/events', { params: { size: '1' } });
  const [event] = (await response.json())._embedded.events as Array<{ id: string; name: string }>;
  // The dialog's code is held: the press waits for it (ADR 0039).
  const dialogCode = await holdCode(page, /\/assets\/sign-in-dialog-[\w-]+\.js$/);
  await page.goto(eventPath(event!));
  const watch = page.getByRole('button', { name: `Watch ${event!.name}` }).first();
  // A pointer over the page's heading hydrates its part; then the press is the part's own,
  // not one held for its code (React holds the button).
  await page.getByRole('heading', { level: 1 }).hover();
  await expect
    .poll(() => watch.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
  await watch.focus();
  await page.keyboard.press('Enter');
  await expect(watch).toHaveAttribute('aria-busy', 'true');
  await expect(watch).toBeFocused();
  await dialogCode.release();
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Email') });
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(watch).toBeFocused();
  await expect(watch).toHaveAttribute('aria-pressed', 'false');
});
