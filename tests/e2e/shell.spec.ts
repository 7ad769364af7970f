import { expect, test } from '@playwright/test';

test('home page renders the header, the search box and the footer', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Encore home' }).first()).toBeVisible();
  await expect(
    page.getByPlaceholder('Search by Artist, Event or Venue').filter({ visible: true }).first(),
  ).toBeVisible();
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Cookie Settings' })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Encore`);
});

test('an unknown path answers 404 with the error page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL('/');
});

for (const [path, heading] of [
  ['/about-us', 'About us'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/cookie-settings', 'Cookie Settings'],
] as const) {
  test(`static page ${path} has readable content`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect((await page.locator('main').textContent())?.length ?? 0).toBeGreaterThan(400);
  });
}

test('footer links navigate on the client', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});
