import { expect, test } from '@playwright/test';
import { artistUrl, busyArtist, open, popularArtists, searchableArtists, searchBox } from './discovery-fixtures';

/** SPEC §2 home page, header, search box and side menu, in a real browser. */

test('the home page is rendered on the server with upcoming events, popular artists and categories', async ({
  page,
  request,
}) => {
  const artists = await popularArtists(request);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  // Server-rendered: the catalogue is in the first HTML, not fetched afterwards.
  expect(html).toContain(artists[0]!.name.replace(/&/g, '&amp;'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Live events near you');
  await expect(page.getByRole('heading', { name: /^Upcoming/ })).toBeVisible();
  const upcoming = page.locator('section', { has: page.getByRole('heading', { name: /^Upcoming/ }) });
  expect(await upcoming.locator('a[href^="/events/"]').count()).toBeGreaterThan(0);
  const popular = page.locator('section', { has: page.getByRole('heading', { name: 'Popular artists' }) });
  await expect(popular.getByRole('link', { name: artists[0]!.name })).toBeVisible();
  await expect(popular.getByText(/^\d[\d,]* upcoming$/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Browse by category' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Music' }).getByRole('link')).toBeVisible();
});

test.describe('search box (SPEC §2)', () => {
  test('typing shows artists with their upcoming count and events with a status badge', async ({ page, request }) => {
    const [artist] = await searchableArtists(request);
    await open(page, '/');
    const box = searchBox(page);
    await expect(box).toHaveAttribute('placeholder', 'Search by Artist, Event or Venue');
    await box.pressSequentially(artist!.name.slice(0, 6), { delay: 40 });
    const listbox = page.getByRole('listbox', { name: 'Search results' });
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const artistsGroup = listbox.getByRole('group', { name: 'Artists & Attractions' });
    await expect(artistsGroup.getByRole('option').first()).toContainText(artist!.name);
    await expect(artistsGroup.getByRole('option').first()).toContainText(/\d+ upcoming/);
    const eventsGroup = listbox.getByRole('group', { name: 'Upcoming Events' });
    await expect(eventsGroup.getByRole('option').first()).toBeVisible();
    await expect(eventsGroup.locator('[data-status]').first()).toBeVisible();
  });

  test('arrow keys move through the results and Enter opens the highlighted one', async ({ page, request }) => {
    const [artist] = await searchableArtists(request);
    await open(page, '/');
    const box = searchBox(page);
    await box.pressSequentially(artist!.name.slice(0, 6), { delay: 40 });
    // The suggestions for all six letters, not an earlier answer still being replaced.
    await expect(box).not.toHaveAttribute('aria-busy', 'true');
    const first = page.getByRole('listbox').getByRole('option').first();
    await expect(first).toBeVisible();
    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'false');
    await box.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(artistUrl(artist!));
    await expect(page.getByRole('listbox')).toHaveCount(0);
  });

  test('an answer that comes after the next keystroke is not shown for it', async ({ page, request }) => {
    const [artist] = await searchableArtists(request);
    // The box asks for its text trimmed: the last letter typed must change what it asks.
    const newer = artist!.name.slice(0, 6).trim();
    const older = newer.slice(0, -1);
    const asked = (keyword: string) => (url: URL) =>
      url.pathname === '/api/events/search' && url.searchParams.get('keyword') === keyword;
    // The five letters' answer is slow: it comes back only once the sixth letter is typed,
    // its names marked so that it shows if the box takes it.
    let typed = () => {};
    const sixth = new Promise<void>((resolve) => (typed = resolve));
    await page.route(asked(older), async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const item of [...(body._embedded?.attractions ?? []), ...(body._embedded?.events ?? [])]) {
        item.name = `An older answer: ${item.name}`;
      }
      await sixth;
      await route.fulfill({ response, json: body }).catch(() => {}); // the box may have given up on it
    });
    // The six letters' answer is held while the box is looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(asked(newer), async (route) => {
      await held;
      await route.continue();
    });
    await open(page, '/');
    const box = searchBox(page);
    const olderAsked = page.waitForRequest((request) => asked(older)(new URL(request.url())));
    await box.pressSequentially(older, { delay: 40 });
    await olderAsked;
    const newerAsked = page.waitForRequest((request) => asked(newer)(new URL(request.url())));
    await box.press(newer.at(-1)!);
    typed();
    await newerAsked;
    // Still waiting for the six letters: busy, and the five letters' answer is not shown. (An
    // answer to a shorter text, come before the next keystroke, may still be: it is busy.)
    await expect(box).toHaveAttribute('aria-busy', 'true');
    const olderShown = page.getByRole('option', { name: /^An older answer/ });
    await expect(olderShown).toHaveCount(0);
    release();
    await expect(box).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('listbox').getByRole('option').first()).toContainText(artist!.name);
    await expect(olderShown).toHaveCount(0);
  });

  test('clicking a result closes the panel and navigates', async ({ page, request }) => {
    const [artist] = await searchableArtists(request);
    await open(page, '/search');
    await searchBox(page).pressSequentially(artist!.name.slice(0, 6), { delay: 40 });
    await expect(searchBox(page)).not.toHaveAttribute('aria-busy', 'true');
    const option = page.getByRole('group', { name: 'Upcoming Events' }).getByRole('option').first();
    const href = await option.getAttribute('href');
    await option.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("Escape closes the panel then clears; clearing resets; nothing found says 'No results found'", async ({
    page,
    request,
  }) => {
    const [artist] = await searchableArtists(request, { prefixLength: 5 });
    await open(page, '/search');
    const box = searchBox(page);
    await box.pressSequentially(artist!.name.slice(0, 5), { delay: 40 });
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(box).not.toHaveAttribute('aria-busy', 'true');
    await box.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('Escape');
    await expect(box).toHaveValue('');

    await box.pressSequentially('qqzxqqzx', { delay: 30 });
    await expect(page.locator('p:not(.sr-only)', { hasText: 'No results found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(box).toHaveValue('');
    await expect(page.locator('p:not(.sr-only)', { hasText: 'No results found' })).toHaveCount(0);
    await expect(box).toBeFocused();
  });

  test('a newer keystroke wins over an older, slower answer', async ({ page, request }) => {
    const [first, second] = await searchableArtists(request, { count: 2 });
    await open(page, '/search');
    // The answer for the first words is held back until after the second search was answered.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/events/search' && url.searchParams.get('keyword') === first!.name,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const box = searchBox(page);
    // Listened for first: a box that hydrates after the fill searches what it holds at once.
    const asked = page.waitForRequest((r) => new URL(r.url()).searchParams.get('keyword') === first!.name);
    await box.fill(first!.name);
    await asked;
    // The older request ends one way or the other: answered late, or abandoned by the page.
    const olderEnded = new Promise<void>((done) => {
      const ended = (r: { url(): string }) => {
        if (new URL(r.url()).searchParams.get('keyword') === first!.name) done();
      };
      page.on('requestfinished', ended);
      page.on('requestfailed', ended);
    });
    await box.fill(second!.name);
    const options = page.getByRole('group', { name: 'Artists & Attractions' }).getByRole('option');
    await expect(options.first()).toContainText(second!.name);
    release();
    await olderEnded;
    // Once the page has handled whatever came of it, the newer answer still shows.
    await page.evaluate(async () => {
      for (let hop = 0; hop < 5; hop++) {
        await new Promise<void>((done) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => done();
          channel.port2.postMessage(null);
        });
      }
    });
    await expect(options.first()).toContainText(second!.name);
  });

  test('Enter without a highlighted result searches on the results page', async ({ page }) => {
    await open(page, '/');
    const box = searchBox(page);
    await box.fill('rock');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?keyword=rock/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “rock”');
    await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
  });

  test('the search box is hidden on artist hero pages', async ({ page, request }) => {
    await open(page, artistUrl(await busyArtist(request)));
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Encore home' }).first()).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the side menu is a 300 px drawer that Escape closes', async ({ page }) => {
    await open(page, '/search');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box?.width).toBeCloseTo(300, 1);
    expect(box?.height).toBeCloseTo(812, 0);
    await expect(drawer.getByRole('link', { name: 'About us' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await toggle.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL('/about-us');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  });

  test('pages fit the screen without sideways scrolling', async ({ page, request }) => {
    const artist = await busyArtist(request);
    for (const path of ['/', '/search?keyword=the', artistUrl(artist)]) {
      await open(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the home page and the search page stay usable', async ({ page }) => {
    for (const path of ['/', '/search']) {
      await open(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expect(searchBox(page)).toBeVisible();
    }
  });
});
