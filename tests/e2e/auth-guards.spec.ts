import type { APIRequestContext } from '@playwright/test';
import { greetingName } from '../../app/lib/display-name';
import {
  ADMIN_EMAIL,
  authDialog,
  createUser,
  fillCredentials,
  googleUser,
  isSdkUserKey,
  open,
  sdkIndexedKeys,
  skipOnboarding,
  uniqueEmail,
} from './auth-helpers';
import { expect, test } from './signed-in';

test.beforeEach(({ context }) => skipOnboarding(context));

const GUARDED = ['/my-encore', '/profile', '/admin', '/admin/dashboard'] as const;

/** Registers the user behind `token` and gives `request` its session cookie, without a browser. */
async function session(request: APIRequestContext, token: string, uid: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const registered = await request.post('/api/accounts', { headers, data: { uid } });
  expect(registered.ok()).toBe(true);
  const synced = await request.post('/api/session', { headers });
  expect(synced.status()).toBe(204);
  return (await registered.json()) as { systemRole: string };
}

test.describe('guards in the browser', () => {
  test('an anonymous visitor opening /my-encore gets the sign-in dialog, then lands there', async ({ page }) => {
    const email = uniqueEmail('guard');
    await createUser(email);
    await page.goto('/my-encore');
    await expect(page).toHaveURL('/');
    const dialog = authDialog(page);
    await expect(dialog).toBeVisible();
    await fillCredentials(dialog, email, 'correct-horse');
    await dialog.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(page).toHaveURL('/my-encore');
    // Greeted as the app greets: by the email's name, unless it reads as a machine-made
    // handle (uniqueEmail's random part can hold six digits in a row), then 'there'.
    const greeting = `Hi ${greetingName({ email }) ?? 'there'}`;
    await expect(page.getByRole('heading', { level: 1, name: greeting, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Watching/ })).toBeVisible();
  });

  test('an anonymous visitor is sent home from /profile and the admin area', async ({ page }) => {
    for (const path of ['/profile', '/admin', '/admin/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
      await expect(authDialog(page)).toBeHidden();
    }
  });

  test('a ?signin= target off our origin is never followed', async ({ page }) => {
    const email = uniqueEmail('offsite');
    await createUser(email);
    await page.goto('/?signin=%2F%2Fevil.example%2Fx');
    const dialog = authDialog(page);
    await expect(dialog).toBeVisible();
    await fillCredentials(dialog, email, 'correct-horse');
    await dialog.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/');
  });

  test('a signed-in user reaches /my-encore and /profile, not the admin area', async ({ page, signedIn: _ }) => {
    // Five signed-in pages in a row, two of them rendered for the fan alone.
    test.slow();
    await open(page, '/');
    await expect(page.getByTestId('account-button')).toHaveText('my account');
    // Desktop shows the main navigation; phones reach it through the side menu.
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) {
      await menu.click();
      await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'my Encore' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'my Encore' }).click();
    }
    await expect(page).toHaveURL('/my-encore');
    await expect(page.getByRole('heading', { name: /^Watching/ })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    for (const path of ['/admin', '/admin/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
    }
  });

  test('an admin (ADMIN_EMAILS, verified through emulated Google) reaches the dashboard', async ({ page }) => {
    await open(page, '/');
    await page.getByTestId('account-button').click();
    const dialog = authDialog(page);
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await dialog.getByLabel('Test account email').fill(ADMIN_EMAIL);
    await dialog.getByRole('button', { name: 'Sign in with emulated Google account' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
    await expect(page.getByText('Onboarding completed')).toBeVisible();
    // The profile members see says so.
    await page.goto('/profile/indexV2');
    await expect(page.getByText('Encore team', { exact: true })).toBeVisible();
  });

  test('signing out on a guarded page leaves it, and other tabs follow once the server has forgotten the fan', async ({
    page,
    signedIn: _,
  }) => {
    await open(page, '/my-encore');
    await expect(page.getByRole('heading', { name: /^Watching/ })).toBeVisible();
    // Another tab signs out, its DELETE of the session held on the way. A tab that showed the
    // fan signed out before the server forgot them could open a guarded page and be shown it
    // (as this test once did, reloading my Encore right after the other tab's click).
    const other = await page.context().newPage();
    await open(other, '/profile');
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let deleteHeld = false;
    await other.route('**/api/session', async (route) => {
      if (route.request().method() === 'DELETE') {
        deleteHeld = true;
        await released;
      }
      await route.fallback();
    });
    await other.getByRole('button', { name: 'Sign out' }).click();
    await expect(other.getByTestId('account-button')).toHaveText('Sign in');
    await expect.poll(() => deleteHeld).toBe(true);
    // The server still signs the fan in: this tab still says so, and stays.
    await expect(page.getByTestId('account-button')).toHaveText('my account');
    await expect(page).toHaveURL('/my-encore');
    release();
    await expect(other).toHaveURL('/');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('account-button')).toHaveText('Sign in');
    await page.goto('/my-encore');
    await expect(page).toHaveURL('/');
  });

  test('signing out as the page loads leaves the server signed out too', async ({ page, signedIn: _ }) => {
    // The identity SDK comes only to sign out (ADR 0058), restores the fan and syncs the
    // session cookie while the sign-out asks the server to forget it. Sent side by side, the
    // restore's POST could land after the DELETE and sign the fan in again (ADR 0078): each
    // request must wait for the one before it. A POST is held until the SDK has forgotten the
    // fan or a DELETE comes, so a DELETE that does not wait overlaps it.
    await open(page, '/profile');
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    let inFlight = 0;
    let overlapped = false;
    await page.route('**/api/session', async (route) => {
      const method = route.request().method();
      sent.push(method);
      if (inFlight > 0) overlapped = true;
      inFlight++;
      if (method === 'POST') await released;
      else release();
      const response = await route.fetch();
      inFlight--;
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Neither of the SDK's stores (indexed store, then local storage) holds a user any more.
    const sdkForgotTheFan = async () =>
      ![...(await sdkIndexedKeys(page)), ...(await page.evaluate(() => Object.keys(localStorage)))].some(isSdkUserKey);
    await expect.poll(sdkForgotTheFan).toBe(true);
    release();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('account-button')).toHaveText('Sign in');
    await expect.poll(() => sent.at(-1)).toBe('DELETE');
    expect(overlapped, `requests: ${sent.join(', ')}`).toBe(false);
    const guarded = await page.request.get('/my-encore', { maxRedirects: 0 });
    expect(guarded.status()).toBe(302);
    await page.goto('/my-encore');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: /^Watching/ })).toBeHidden();
  });
});

// No browser: the same in every project, so run once (playwright.config.ts, @http).
test.describe('guards over plain HTTP (no browser): no guarded HTML or JSON leaks', { tag: '@http' }, () => {
  test('anonymous requests get redirects and 401s with no personal data', async ({ request }) => {
    const anonymous = await request.get('/my-encore', { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers().location).toBe('/?signin=%2Fmy-encore');
    expect(anonymous.headers()['cache-control']).toContain('no-store');
    for (const path of ['/profile', '/admin', '/admin/dashboard']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe('/');
      expect(await response.text(), path).toBe('');
    }
    for (const path of GUARDED) {
      const data = await request.get(`${path}.data`, { maxRedirects: 0 });
      const body = await data.text();
      expect(body, path).not.toContain('Admin dashboard');
      expect(body, path).not.toMatch(/"stats"|"email"|"name"/);
      expect(data.status(), path).not.toBe(200);
    }
    expect((await request.get('/api/accounts/me')).status()).toBe(401);
    expect((await request.get('/api/admin/stats')).status()).toBe(401);
    const garbage = await request.get('/profile', {
      maxRedirects: 0,
      headers: { Cookie: 'encore_session=not-a-token' },
    });
    expect(garbage.status()).toBe(302);
  });

  test('a user sees their pages, never the admin area', async ({ request }) => {
    const email = uniqueEmail('curl-user');
    const { idToken, localId } = await createUser(email);
    expect((await session(request, idToken, localId)).systemRole).toBe('user');
    const profile = await request.get('/profile', { maxRedirects: 0 });
    expect(profile.status()).toBe(200);
    expect(profile.headers()['cache-control']).toBe('private, no-store');
    expect(await profile.text()).toContain(email);
    expect((await request.get('/my-encore', { maxRedirects: 0 })).status()).toBe(200);
    for (const path of ['/admin', '/admin/dashboard']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe('/');
    }
    const data = await request.get('/admin/dashboard.data', { maxRedirects: 0 });
    expect(await data.text()).not.toContain('"stats"');
    const stats = await request.get('/api/admin/stats', { headers: { Authorization: `Bearer ${idToken}` } });
    expect(stats.status()).toBe(403);
    expect(await stats.json()).toEqual({ error: { code: 'forbidden', message: 'Only administrators may do this' } });

    // Signed out: the cookie is gone and so is access.
    expect((await request.delete('/api/session')).status()).toBe(204);
    expect((await request.get('/profile', { maxRedirects: 0 })).status()).toBe(302);
  });

  test('an admin gets the dashboard and the figures', async ({ request }) => {
    const { idToken, localId } = await googleUser(ADMIN_EMAIL);
    expect((await session(request, idToken, localId)).systemRole).toBe('admin');
    const admin = await request.get('/admin', { maxRedirects: 0 });
    expect(admin.status()).toBe(302);
    expect(admin.headers().location).toBe('/admin/dashboard');
    const dashboard = await request.get('/admin/dashboard', { maxRedirects: 0 });
    expect(dashboard.status()).toBe(200);
    expect(await dashboard.text()).toContain('Admin dashboard');
    const stats = await request.get('/api/admin/stats', { headers: { Authorization: `Bearer ${idToken}` } });
    expect(stats.status()).toBe(200);
    expect((await stats.json()).accounts.admins).toBeGreaterThanOrEqual(1);
  });

  test('a user token is not accepted for another uid', async ({ request }) => {
    const { idToken } = await createUser(uniqueEmail('curl-other'));
    const response = await request.post('/api/accounts', {
      headers: { Authorization: `Bearer ${idToken}` },
      data: { uid: 'someone-else' },
    });
    expect(response.status()).toBe(403);
  });
});
