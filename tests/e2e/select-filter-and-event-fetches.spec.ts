import { expect, type Page, test } from '@playwright/test';
import { datedEvent, eventUrl, open, openSearchSettings } from './discovery-fixtures';

/** SPEC §9 select filters and SPEC §8 store messages of the event page's own fetches. */

const COUNTRIES = 13; // contracts/enum-values.ts COUNTRY_CODES

async function countryPicker(page: Page) {
  await page.clock.install({ time: new Date('2026-03-01T10:00:00Z') });
  await open(page, '/search?keyword=the');
  await openSearchSettings(page);
  const dialog = page.getByRole('dialog', { name: 'Search Settings' });
  return { filter: dialog.getByLabel('Filter countries'), list: dialog.getByRole('listbox', { name: 'Country' }) };
}

test('the country filter box applies what was typed 500 ms after the last key, not before', async ({ page }) => {
  const { filter, list } = await countryPicker(page);
  await expect(list.getByRole('option').first()).toHaveText('United States');
  // Timers run only when the test says so from here on.
  await page.clock.pauseAt(new Date('2026-03-01T11:00:00Z'));
  await filter.pressSequentially('king');
  await page.clock.runFor(499);
  await expect(list.getByRole('option').first()).toHaveText('United States');
  await page.clock.runFor(1);
  await expect(list.getByRole('option')).toHaveText(['United Kingdom']);
  // Picking the one left chooses it.
  await list.getByRole('option', { name: 'United Kingdom' }).click();
  await expect(list.getByRole('option', { name: 'United Kingdom' })).toHaveAttribute('aria-selected', 'true');
});

test('the country list holds only the rows in view, 24 px each on a wide screen and 48 px on a phone', async ({
  page,
}, testInfo) => {
  const { list } = await countryPicker(page);
  const rowHeight = testInfo.project.name === 'chromium-phone' ? 48 : 24;
  // Layout heights: the dialog's opening animation scales what boundingBox() measures.
  await expect(list.getByRole('option').first()).toHaveJSProperty('offsetHeight', rowHeight);
  await expect(list).toHaveJSProperty('clientHeight', 5 * rowHeight);
  // Five rows in view and two beyond the bottom edge, of thirteen.
  await expect(list.getByRole('option')).toHaveCount(7);
  expect(await list.evaluate((element) => element.scrollHeight)).toBe(COUNTRIES * rowHeight);
  // Scrolled to the end, the last country is there and the first is not.
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(list.getByRole('option').last()).toHaveText('Canada');
  await expect(list.getByRole('option', { name: 'United States' })).toHaveCount(0);
  await expect(list.getByRole('option')).toHaveCount(7);
});

test("the event's photos and venue details show the store message when their fetch fails, and Retry loads them", async ({
  page,
  request,
}) => {
  const event = await datedEvent(request);
  let failing = true;
  for (const pattern of ['**/api/events/*/images', '**/api/events/venue/*']) {
    await page.route(pattern, (route) => (failing ? route.abort('connectionrefused') : route.continue()));
  }
  await open(page, eventUrl(event));

  await page.getByRole('button', { name: 'More photos' }).click();
  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos.getByRole('alert')).toContainText('Failed to fetch event images');

  await page.getByRole('button', { name: 'Venue details' }).click();
  const venue = page.getByRole('region', { name: 'Venue' });
  await expect(venue.getByRole('alert')).toContainText('Failed to fetch venue details');

  failing = false;
  await photos.getByRole('button', { name: 'Retry' }).click();
  await expect(photos.getByRole('alert')).toHaveCount(0);
  await expect(photos.getByRole('listitem').first().or(photos.getByText('No photos of this event yet.'))).toBeVisible();

  await venue.getByRole('button', { name: 'Retry' }).click();
  await expect(venue.getByRole('alert')).toHaveCount(0);
  await expect(venue.getByText('Upcoming events')).toBeVisible();
});
