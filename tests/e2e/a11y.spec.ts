import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { artistUrl, busyArtist, datedEvent, eventUrl, open, openSearchSettings, searchBox } from './discovery-fixtures';

/** No serious or critical axe-core violations on the four discovery pages, nor in their popups. */

// axe walks the whole page several times per test: give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('home page', async ({ page }) => {
  await open(page, '/');
  expect(await seriousViolations(page)).toEqual([]);
});

test('search page with results and the search box panel open', async ({ page }) => {
  await open(page, '/search?keyword=the');
  expect(await seriousViolations(page)).toEqual([]);
  await searchBox(page).pressSequentially('the', { delay: 40 });
  await expect(page.getByRole('listbox')).toBeVisible();
  await searchBox(page).press('ArrowDown');
  expect(await seriousViolations(page)).toEqual([]);
});

test('artist page', async ({ page, request }) => {
  await open(page, artistUrl(await busyArtist(request)));
  expect(await seriousViolations(page)).toEqual([]);
});

test('event page', async ({ page, request }) => {
  await open(page, eventUrl(await datedEvent(request)));
  expect(await seriousViolations(page)).toEqual([]);
});

test('date, location and settings popups', async ({ page }) => {
  await open(page, '/search');
  await page.getByRole('button', { name: 'Dates' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose dates' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Anywhere' }).click();
  await expect(page.getByRole('dialog', { name: 'Location' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await openSearchSettings(page);
  await expect(page.getByRole('dialog', { name: 'Search Settings' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('home page and the side menu', async ({ page }) => {
    await open(page, '/');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
