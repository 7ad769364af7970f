import { expect, test } from '@playwright/test';
import { open, openSearchSettings, searchBox } from './discovery-fixtures';
import { seriousViolations } from './visual-checks';

/**
 * No serious or critical axe-core violations in the states a page load does not show: the
 * search box's panel, the popups, the phone's side menu. Every route as loaded is checked in
 * visual.spec.ts, signed out and signed in.
 */

// axe walks the whole page several times per test: give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('search page with results and the search box panel open', async ({ page }) => {
  await open(page, '/search?keyword=the');
  expect(await seriousViolations(page)).toEqual([]);
  await searchBox(page).pressSequentially('the', { delay: 40 });
  await expect(page.getByRole('listbox')).toBeVisible();
  await searchBox(page).press('ArrowDown');
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
