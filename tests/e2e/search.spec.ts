import { expect, type Page, test } from '@playwright/test';
import { calendarDay, open, openSearchSettings, showFilters } from './discovery-fixtures';

/** SPEC §2/§3 search page: filters in the URL, the date, location and settings popups. */

test('every filter is read from the URL and rendered on the server', async ({ page }) => {
  const url =
    '/search?keyword=the&segmentId=KZFzniwnSyZfZ7v7nJ&priceRanges=0-50&sort=date%2Casc&ticketCategory=great_view';
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  expect(html).toContain('Results for “the”');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “the”');
  await showFilters(page);
  await expect(page.getByRole('navigation', { name: 'Segment' }).getByRole('link', { name: 'Music' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(
    page.getByRole('navigation', { name: 'Price' }).getByRole('link', { name: 'Under $50' }),
  ).toHaveAttribute('aria-current', 'true');
  await expect(
    page.getByRole('navigation', { name: 'Ticket category' }).getByRole('link', { name: 'Great view' }),
  ).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('date,asc');
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
});

test('choosing filters rewrites the URL, so a search can be shared and reloaded', async ({ page }) => {
  await open(page, '/search?keyword=the');
  await showFilters(page);
  const sports = page.getByRole('navigation', { name: 'Segment' }).getByRole('link', { name: 'Sports' });
  await sports.click();
  await expect(page).toHaveURL(/segmentId=KZFzniwnSyZfZ7v7nE/);
  await expect(sports).toHaveAttribute('aria-current', 'true');
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Date: soonest first' });
  await expect(page).toHaveURL(/sort=date%2Casc/);
  const shared = page.url();
  await page.reload();
  await expect(page).toHaveURL(shared);
  await showFilters(page);
  await expect(page.getByRole('navigation', { name: 'Segment' }).getByRole('link', { name: 'Sports' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.getByRole('link', { name: 'Clear all filters' }).first().click();
  await expect(page).toHaveURL('/search?keyword=the');
});

test('a sort picked while a tapped filter is still loading keeps that filter', async ({ page }) => {
  await open(page, '/search?keyword=the');
  await showFilters(page);
  // The Sports page's data is held until the sort is picked, as on a slow link.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/search\.data\?.*segmentId=KZFzniwnSyZfZ7v7nE(?!.*sort=)/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  const dataRequest = page.waitForRequest(/\/search\.data\?.*segmentId=KZFzniwnSyZfZ7v7nE/);
  const sports = page.getByRole('navigation', { name: 'Segment' }).getByRole('link', { name: 'Sports' });
  await sports.click();
  // The tap's navigation is under way (a pointer over the chip may have asked for its data first).
  await expect(sports).toHaveAttribute('aria-busy', 'true');
  await dataRequest;
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Date: soonest first' });
  release();
  await expect(page).toHaveURL(
    /segmentId=KZFzniwnSyZfZ7v7nE.*sort=date%2Casc|sort=date%2Casc.*segmentId=KZFzniwnSyZfZ7v7nE/,
  );
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('date,asc');
  await expect(sports).toHaveAttribute('aria-current', 'true');
});

test('on a slow phone, a sort picked as soon as a tapped filter starts loading keeps that filter', async ({ page }) => {
  await open(page, '/search?keyword=the');
  await showFilters(page);
  // A slow processor: the page's render for the tap's navigation is still under way when
  // the sort is picked.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const dataRequest = page.waitForRequest(/\/search\.data\?.*segmentId=KZFzniwnSyZfZ7v7nE/);
  await page.getByRole('navigation', { name: 'Segment' }).getByRole('link', { name: 'Sports' }).click();
  await dataRequest;
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Date: soonest first' });
  await expect(page).toHaveURL(
    /segmentId=KZFzniwnSyZfZ7v7nE.*sort=date%2Casc|sort=date%2Casc.*segmentId=KZFzniwnSyZfZ7v7nE/,
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('date,asc');
});

/** Taps Sports with its page held, as a slow link holds it: `release` lets it come. */
async function tapSportsHeld(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/search\.data\?.*segmentId=KZFzniwnSyZfZ7v7nE/, async (route) => {
    await held;
    await route.continue();
  });
  const dataRequest = page.waitForRequest(/\/search\.data\?.*segmentId=KZFzniwnSyZfZ7v7nE/);
  await page.getByRole('navigation', { name: 'Segment' }).getByRole('link', { name: 'Sports' }).click();
  await dataRequest;
  return release;
}

test('dates applied while a tapped filter is still loading keep that filter', async ({ page }) => {
  await page.clock.setFixedTime(new Date(2027, 0, 31, 12));
  await open(page, '/search?keyword=the');
  await showFilters(page);
  const release = await tapSportsHeld(page);
  await page.getByRole('button', { name: 'Dates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose dates' });
  await dialog.getByRole('button', { name: /next month/i }).click();
  await calendarDay(page, 10).click();
  await calendarDay(page, 20).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  release();
  await expect(page).toHaveURL(/^(?=.*segmentId=KZFzniwnSyZfZ7v7nE)(?=.*startDateTime=2027-02-10)/);
  await expect(page.getByRole('button', { name: 'Feb 10 - Feb 20' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Segment' }).getByRole('link', { name: 'Sports' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('a city searched while a tapped filter is still loading keeps that filter', async ({ page }) => {
  await open(page, '/search?keyword=the');
  await showFilters(page);
  const release = await tapSportsHeld(page);
  await page.getByRole('button', { name: 'Anywhere' }).click();
  const city = page.getByRole('dialog', { name: 'Location' }).getByRole('combobox', { name: 'City' });
  await city.fill('Denver');
  await city.press('Enter');
  release();
  await expect(page).toHaveURL(/^(?=.*segmentId=KZFzniwnSyZfZ7v7nE)(?=.*city=Denver)/);
  await expect(page.getByRole('button', { name: 'Denver', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Segment' }).getByRole('link', { name: 'Sports' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('results are paged 20 at a time', async ({ page }) => {
  await open(page, '/search');
  const cards = page
    .locator('section', { has: page.getByRole('heading', { name: 'Upcoming Events' }) })
    .locator('article');
  await expect(cards).toHaveCount(20);
  await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards).toHaveCount(20);
});

test.describe('date popup (SPEC §2)', () => {
  test("picks a range shown as YYYY/MM/DD, labels the button 'MMM d - MMM d', Clear goes back to 'Dates'", async ({
    page,
  }) => {
    // The browser's day is fixed: the last of a month, whose next month is shorter.
    await page.clock.setFixedTime(new Date(2027, 0, 31, 12));
    await open(page, '/search');
    const button = page.getByRole('button', { name: 'Dates' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Choose dates' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Today', exact: true })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Start date' })).toHaveAttribute('placeholder', 'YYYY/MM/DD');
    await dialog.getByRole('button', { name: /next month/i }).click();
    await calendarDay(page, 10).click();
    await calendarDay(page, 20).click();
    await expect(dialog.getByRole('textbox', { name: 'Start date' })).toHaveValue('2027/02/10');
    await expect(dialog.getByRole('textbox', { name: 'End date' })).toHaveValue('2027/02/20');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('button', { name: 'Feb 10 - Feb 20' })).toBeVisible();
    // SPEC §5: the start is sent as midnight UTC of the chosen day.
    expect(decodeURIComponent(page.url())).toContain('startDateTime=2027-02-10T00:00:00Z');

    await page.getByRole('button', { name: 'Feb 10 - Feb 20' }).click();
    await page.getByRole('dialog', { name: 'Choose dates' }).getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('button', { name: 'Dates', exact: true })).toBeVisible();
    expect(page.url()).not.toContain('startDateTime');
  });

  test('the today button picks today', async ({ page }) => {
    await page.clock.setFixedTime(new Date(2027, 2, 5, 23, 30));
    await open(page, '/search');
    await page.getByRole('button', { name: 'Dates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose dates' });
    await dialog.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'Start date' })).toHaveValue('2027/03/05');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('button', { name: 'Mar 5 - Mar 5' })).toBeVisible();
  });
});

test.describe('location popup (SPEC §2, §4)', () => {
  test('a typed city searches on Enter and becomes the city filter; clearing searches everywhere', async ({ page }) => {
    await open(page, '/search');
    await page.getByRole('button', { name: 'Anywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Location' });
    await dialog.getByRole('combobox', { name: 'City' }).fill('Denver');
    await dialog.getByRole('combobox', { name: 'City' }).press('Enter');
    await expect(page).toHaveURL(/city=Denver/);
    await expect(page.getByRole('button', { name: 'Denver', exact: true })).toBeVisible();
    await expect(page.getByText(/near Denver/)).toBeVisible();

    await page.getByRole('button', { name: 'Denver', exact: true }).click();
    await page.getByRole('dialog', { name: 'Location' }).getByRole('button', { name: 'Clear city' }).click();
    await expect(page).toHaveURL('/search');
    await expect(page.getByRole('button', { name: 'Anywhere' })).toBeVisible();
  });

  test('the icon searches too, and an unknown city says so', async ({ page }) => {
    await open(page, '/search');
    await page.getByRole('button', { name: 'Anywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Location' });
    await dialog.getByRole('combobox', { name: 'City' }).fill('Qqxzy');
    await dialog.getByRole('button', { name: 'Search city' }).click();
    await expect(dialog.getByRole('alert')).toContainText('We could not find “Qqxzy”');
    await dialog.getByRole('combobox', { name: 'City' }).fill('Chicago');
    await dialog.getByRole('button', { name: 'Search city' }).click();
    await expect(page).toHaveURL(/city=Chicago/);
  });

  test("'Current location ({city})' searches around the visitor", async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 30.2672, longitude: -97.7431 });
    await open(page, '/search');
    await page.getByRole('button', { name: 'Anywhere' }).click();
    const option = page.getByRole('dialog', { name: 'Location' }).getByRole('button', { name: /^Current location/ });
    // The place comes once the page is idle: the browser's position, then our reverse geocode
    // (location-start.ts). Waited for as the profile of a signed-in page is (ADR 0052).
    await expect(option).toHaveText('Current location (Austin)', { timeout: 20_000 });
    await option.click();
    await expect(page).toHaveURL(/geoPoint=30\.2672%3A-97\.7431/);
    await expect(page.getByRole('button', { name: 'Austin', exact: true })).toBeVisible();
  });
});

test.describe('search settings dialog (SPEC §2)', () => {
  test('is a modal: the page behind it takes no focus; Escape and a press outside it close it, focus back on its button', async ({
    page,
  }) => {
    await open(page, '/search');
    await openSearchSettings(page);
    const dialog = page.getByRole('dialog', { name: 'Search Settings' });
    await expect(dialog).toHaveAccessibleDescription('Where to look, how far, and what kind of events.');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    // Tab stays inside the dialog and the browser's own controls: never on the page behind it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          () => !document.activeElement?.closest('dialog') && document.activeElement !== document.body,
        ),
      ).toBe(false);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /^Search settings/ })).toBeFocused();

    await openSearchSettings(page);
    await expect(dialog).toBeVisible();
    await page.mouse.click(3, 3);
    await expect(dialog).toBeHidden();
  });

  test('has every field, in words a fan reads; latitude and longitude fill the geo point; Apply uses them; Reset restores defaults', async ({
    page,
  }) => {
    await open(page, '/search?keyword=the');
    await openSearchSettings(page);
    const dialog = page.getByRole('dialog', { name: 'Search Settings' });
    for (const label of ['Near', 'Distance', 'Unit', 'Category', 'Country']) {
      await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    }
    // Segments and countries by name, never by id or code.
    await expect(dialog.getByLabel('Category', { exact: true }).locator('option')).toHaveText([
      'All categories',
      'Music',
      'Sports',
      'Arts & Theatre',
      'Film',
      'Miscellaneous',
    ]);
    await expect(dialog.getByLabel('Country', { exact: true }).getByRole('option').first()).toHaveText('United States');
    // The exact point, language and source are tucked away until asked for.
    await expect(dialog.getByLabel('Latitude', { exact: true })).toBeHidden();
    await dialog.getByText('Advanced: exact point, language, ticket source').click();
    for (const label of [
      'Latitude',
      'Longitude',
      'Map point (latitude:longitude)',
      'Language (a code like en or en-us)',
      'Ticket source',
    ]) {
      await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel('Distance', { exact: true })).toHaveAttribute('type', 'number');
    await dialog.getByLabel('Latitude', { exact: true }).fill('41.88');
    await dialog.getByLabel('Longitude', { exact: true }).fill('-87.6298');
    await expect(dialog.getByLabel('Map point (latitude:longitude)', { exact: true })).toHaveValue('41.8800:-87.6298');
    await dialog.getByLabel('Distance', { exact: true }).fill('25');
    await dialog.getByLabel('Unit', { exact: true }).selectOption('km');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/geoPoint=41\.8800%3A-87\.6298/);
    await expect(page).toHaveURL(/radius=25&unit=km/);

    await openSearchSettings(page);
    const again = page.getByRole('dialog', { name: 'Search Settings' });
    await expect(again.getByLabel('Distance', { exact: true })).toHaveValue('25');
    await again.getByRole('button', { name: 'Reset' }).click();
    await expect(again.getByLabel('Distance', { exact: true })).toHaveValue('100');
    await expect(again.getByLabel('Unit', { exact: true })).toHaveValue('miles');
    await again.getByText('Advanced: exact point, language, ticket source').click();
    await expect(again.getByLabel('Map point (latitude:longitude)', { exact: true })).toHaveValue('');
    await again.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL('/search?keyword=the');
  });

  test('a city picked by name fills the point', async ({ page }) => {
    await open(page, '/search');
    await openSearchSettings(page);
    const dialog = page.getByRole('dialog', { name: 'Search Settings' });
    await dialog.getByLabel('Near', { exact: true }).pressSequentially('Chica', { delay: 30 });
    await dialog.getByRole('option', { name: /^Chicago, IL/ }).click();
    await expect(dialog.getByLabel('Near', { exact: true })).toHaveValue('Chicago, IL');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/geoPoint=41\.8\d{3}%3A-87\.6\d{3}/);
  });

  test('refuses a latitude out of range', async ({ page }) => {
    await open(page, '/search');
    await openSearchSettings(page);
    const dialog = page.getByRole('dialog', { name: 'Search Settings' });
    await dialog.getByText('Advanced: exact point, language, ticket source').click();
    await dialog.getByLabel('Latitude', { exact: true }).fill('123');
    await dialog.getByLabel('Longitude', { exact: true }).fill('10');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('Latitude is a number from -90 to 90')).toBeVisible();
    await expect(dialog.getByLabel('Latitude', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });
});
