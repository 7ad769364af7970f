import { expect, type Page, test } from '@playwright/test';
import { createUser, signInThroughDialog, skipOnboarding, uniqueEmail } from './auth-helpers';
import { artistUrl, busyArtist, eventUrl, eventWithStatus, open, openSearchSettings } from './discovery-fixtures';
import { expectInViewAndOnTop, expectNoHorizontalOverflow, lowContrastTexts, seriousViolations } from './visual-checks';

/**
 * The main screens as a fan sees them, on a 1440 px desktop and a 390 px phone (by project):
 * readable text, popups inside the screen and on top, no sideways scrolling, and axe with
 * no serious or critical violations on every route, signed out and signed in.
 */

test.describe.configure({ timeout: 120_000 });

test.use({
  viewport: async ({ isMobile }, use) => use(isMobile ? { width: 390, height: 844 } : { width: 1440, height: 900 }),
});

async function expectReadable(page: Page, scope?: Parameters<typeof lowContrastTexts>[1]) {
  expect(await lowContrastTexts(page, scope)).toEqual([]);
}

test('home: the hero search, its typed text and its results panel', async ({ page }) => {
  await open(page, '/');
  await expectReadable(page);
  await expectNoHorizontalOverflow(page);
  const box = page.locator('#home-search-input');
  await box.click();
  await box.pressSequentially('the', { delay: 40 });
  const panel = page.getByRole('listbox', { name: 'Search results' });
  // The first search of a fresh server builds its snapshot: give it time.
  await expect(panel).toBeVisible({ timeout: 20_000 });
  // The typed text is dark on the white box, and the panel's names are readable.
  await expectReadable(page, box.locator('xpath=ancestor::form[1]'));
  await expectInViewAndOnTop(panel.locator('xpath=..'));
  await expectNoHorizontalOverflow(page);
});

test('home: the date and location popups open inside the screen, on top and readable', async ({ page }) => {
  await open(page, '/');
  await page.getByRole('button', { name: 'Dates' }).click();
  const dates = page.getByRole('dialog', { name: 'Choose dates' });
  await expectInViewAndOnTop(dates);
  await expect(dates.getByRole('button', { name: 'Apply' })).toBeInViewport();
  await expectReadable(page, dates);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Anywhere' }).click();
  const location = page.getByRole('dialog', { name: 'Location' });
  await expectInViewAndOnTop(location);
  await location.getByLabel('City', { exact: true }).pressSequentially('Chi', { delay: 40 });
  await expect(location.getByRole('option', { name: /^Chicago, IL/ })).toBeVisible();
  await expectInViewAndOnTop(location);
  await expectReadable(page, location);
  await expectNoHorizontalOverflow(page);
});

test('search: filters, the settings dialog and results', async ({ page }) => {
  await open(page, '/search?keyword=the');
  await expectReadable(page);
  await expectNoHorizontalOverflow(page);
  const filters = page.getByRole('button', { name: /^Filters/ });
  if (page.viewportSize()!.width < 600) {
    // Phones: results start on the first screen, the filters wait behind one button.
    await expect(page.getByRole('navigation', { name: 'Price' })).toBeHidden();
    await filters.click();
    await expect(page.getByRole('navigation', { name: 'Price' })).toBeVisible();
  } else {
    await expect(filters).toBeHidden();
  }
  await openSearchSettings(page);
  const dialog = page.getByRole('dialog', { name: 'Search Settings' });
  await expectInViewAndOnTop(dialog);
  await expectReadable(page, dialog);
  expect(await seriousViolations(page)).toEqual([]);
});

test('event page: a way to buy, readable, with the price in reach on phones', async ({ page, request }) => {
  const event = await eventWithStatus(request, 'onsale');
  await open(page, eventUrl(event));
  const tickets = page.getByRole('complementary', { name: 'Tickets' });
  const buy = event.url
    ? tickets.getByRole('link', { name: /Buy tickets/ })
    : tickets.getByRole('link', { name: /^Search Ticketmaster for this event/ });
  await expect(buy).toHaveAttribute('href', event.url ?? /^https:\/\/www\.ticketmaster\.com\/search\?q=/);
  await expectReadable(page);
  await expectNoHorizontalOverflow(page);
  const bar = page.getByTestId('sticky-buy-bar');
  if (page.viewportSize()!.width < 1024) {
    await expect(bar).toBeInViewport();
    await expectReadable(page, bar);
  } else {
    await expect(bar).toBeHidden();
  }
});

test('artist hero page, signed out and signed in: text over the image is readable', async ({
  page,
  context,
  request,
}) => {
  const artist = await busyArtist(request);
  await open(page, artistUrl(artist));
  await expectReadable(page);
  await expectNoHorizontalOverflow(page);

  await skipOnboarding(context);
  const email = uniqueEmail('visual');
  await createUser(email);
  await signInThroughDialog(page, email);
  // 'my account' sits on the dark hero.
  await expectReadable(page, page.getByRole('banner'));
});

const PUBLIC_ROUTES = [
  '/',
  '/search',
  '/search?keyword=emet%20caloway',
  '/about-us',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-settings',
  '/forgot-password',
  '/signin',
  '/kitchen-sink',
  '/profile/indexV2',
  '/no-such-page',
];

/**
 * Signed in, the pages whose content is the fan's: the rest (about, privacy, terms, cookie
 * settings, password reset, the kitchen sink, the 404) differ from the signed-out render only
 * by the header's account button, which every page here shows.
 */
const SIGNED_IN_ROUTES = ['/', '/search?keyword=emet%20caloway', '/signin', '/profile/indexV2'];

test('axe finds nothing serious on any route, signed out', async ({ page, request }) => {
  const artist = await busyArtist(request);
  const event = await eventWithStatus(request, 'onsale');
  for (const path of [...PUBLIC_ROUTES, artistUrl(artist), eventUrl(event)]) {
    await open(page, path);
    expect(await seriousViolations(page), path).toEqual([]);
    await expectNoHorizontalOverflow(page);
  }
});

test('axe finds nothing serious on any route, signed in, and my Encore reads well', async ({
  page,
  context,
  request,
}) => {
  // A journey through every route, signed in, with axe on each: three times the usual time.
  test.slow();
  await skipOnboarding(context);
  const email = uniqueEmail('visual-in');
  await createUser(email);
  await open(page, '/');
  await signInThroughDialog(page, email);
  const artist = await busyArtist(request);
  const event = await eventWithStatus(request, 'onsale');
  for (const path of [...SIGNED_IN_ROUTES, artistUrl(artist), eventUrl(event), '/my-encore', '/profile']) {
    await open(page, path);
    expect(await seriousViolations(page), path).toEqual([]);
    await expectNoHorizontalOverflow(page);
  }
  await open(page, '/my-encore');
  await expectReadable(page);
});

test('watching asks for a price alert by the button, inside the screen', async ({ page, context, request }) => {
  await skipOnboarding(context);
  const email = uniqueEmail('visual-watch');
  await createUser(email);
  const event = await eventWithStatus(request, 'onsale');
  await open(page, eventUrl(event));
  await signInThroughDialog(page, email);
  await page.getByTestId('watch-button').first().click();
  const popover = page.getByRole('dialog', { name: 'Price alert' });
  await expectInViewAndOnTop(popover);
  await expectReadable(page, popover);
  // The suggested target is under today's price, so it can fire.
  const today = Number(((await popover.getByText(/^Today: /).textContent()) ?? '').replace(/[^\d.]/g, ''));
  const target = Number(await popover.getByLabel(/Alert me at or below/).inputValue());
  expect(target).toBeLessThan(today);
  expect(await seriousViolations(page)).toEqual([]);
});
