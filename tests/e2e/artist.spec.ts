import { expect, test } from '@playwright/test';
import { artistUrl, busyArtist, open } from './discovery-fixtures';

/** SPEC §2 artist page /{name}-tickets/artist/{id}. */

test('the hero shows the artist, genre, date and location buttons and About; events 20 a page by date', async ({
  page,
  request,
}) => {
  const artist = await busyArtist(request);
  const response = await open(page, artistUrl(artist));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(artist.name);
  await expect(page.getByRole('list', { name: 'Genre' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dates' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anywhere' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `About ${artist.name}` })).toBeVisible();
  const about = page.locator('section[aria-labelledby="about-artist"] p');
  expect((await about.textContent())?.length ?? 0).toBeGreaterThan(40);
  // SPEC §2: the search box is hidden on artist hero pages.
  await expect(page.getByRole('combobox')).toHaveCount(0);

  const rows = page.locator('section[aria-labelledby="artist-events"] ol > li');
  await expect(rows).toHaveCount(20);
  const dates = await rows.locator('a[href^="/events/"]').evaluateAll((links) => links.length);
  expect(dates).toBe(20);
  await page.getByRole('navigation', { name: 'Event pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows.first()).toBeVisible();
});

test('the ticket category changes the quoted prices', async ({ page, request }) => {
  const artist = await busyArtist(request);
  await open(page, artistUrl(artist));
  const rows = page.locator('section[aria-labelledby="artist-events"] ol > li');
  // Some dates have no price yet ('Prices at the seller'), and which one comes first depends
  // on the day the catalogue is read: follow the first date that has one.
  const priced = rows.filter({ hasText: /Cheapest · USD \d/ }).first();
  await expect(priced.getByText(/USD \d/)).toContainText(/^Cheapest · USD \d[\d,]*\.\d\d$/);
  const href = await priced.locator('a[href^="/events/"]').first().getAttribute('href');
  const eventPath = href!.split('?')[0]!;
  await page.getByRole('navigation', { name: 'Ticket category' }).getByRole('link', { name: 'Front row' }).click();
  await expect(page).toHaveURL(/ticketCategory=front_row/);
  const same = rows.filter({ has: page.locator(`a[href^="${eventPath}"]`) }).first();
  await expect(same.getByText(/USD \d/)).toContainText(/^Front row · (about )?USD \d[\d,]*\.\d\d$/);
});

test('the location button narrows the events to a city', async ({ page, request }) => {
  const artist = await busyArtist(request);
  await open(page, artistUrl(artist));
  await page.getByRole('button', { name: 'Anywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Location' });
  await dialog.getByRole('combobox', { name: 'City' }).fill('New York');
  await dialog.getByRole('combobox', { name: 'City' }).press('Enter');
  await expect(page).toHaveURL(/city=New\+York|city=New%20York/);
  await expect(page.getByRole('button', { name: 'New York', exact: true })).toBeVisible();
  await expect(page.getByText(/matching your dates and location/)).toBeVisible();
});

test("a path without '-tickets' or an unknown id is 'Page Not Found: {path}' (404)", async ({ page, request }) => {
  const artist = await busyArtist(request);
  const wrong = `/${artist.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/artist/${artist.id}`;
  const response = await page.goto(wrong);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(`Page Not Found: ${wrong}`)).toBeVisible();
  expect((await page.goto('/someone-tickets/artist/no-such-id'))?.status()).toBe(404);
});

test('a known id under another name moves permanently to the canonical address', async ({ request }) => {
  const artist = await busyArtist(request);
  const response = await request.get(`/old-name-tickets/artist/${artist.id}?page=1`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(`${artistUrl(artist)}?page=1`);
});
