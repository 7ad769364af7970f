import { expect, test } from '@playwright/test';
import { authDialog, isSdkUserKey, openSignInDialog, sdkIndexedKeys, uniqueEmail } from './auth-helpers';
import { bridgeCalls, installNativeBridge } from './native-bridge';

// Native behaviours (SPEC §2, §4, §7, §9) in Chromium with a stand-in for the Capacitor bridge.

for (const platform of ['android', 'ios'] as const) {
  test(`${platform}: push permission is asked 0.5 s after load`, async ({ page }) => {
    await installNativeBridge(page, { platform, pushToken: `${platform}-token` });
    await page.clock.install({ time: new Date('2026-03-01T10:00:00Z') });
    await page.clock.pauseAt(new Date('2026-03-01T10:00:01Z'));
    await page.goto('/about-us');
    // The native module is loaded only here (web visitors never fetch it) and starts its timer.
    await expect(page.locator(`html[data-native-shell="${platform}"]`)).toBeAttached();
    await page.clock.runFor(499);
    expect((await bridgeCalls(page)).filter((c) => c.method === 'requestPermissions')).toHaveLength(0);
    await page.clock.runFor(1);
    await expect
      .poll(async () => (await bridgeCalls(page)).map((c) => c.method))
      .toEqual(expect.arrayContaining(['addListener', 'requestPermissions', 'register']));
  });
}

test('web: no bridge, no native module and no permission request', async ({ page }) => {
  const native: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/native(-auth)?-[\w-]+\.js$/.test(request.url())) native.push(request.url());
  });
  await page.clock.install();
  await page.goto('/about-us', { waitUntil: 'networkidle' });
  await page.clock.runFor(2000);
  await expect(page.locator('html')).not.toHaveAttribute('data-native-shell');
  expect(native).toEqual([]);
});

test('android: the Apple button is hidden; iOS shows it', async ({ browser }) => {
  for (const platform of ['android', 'ios'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await installNativeBridge(page, { platform });
    await page.goto('/', { waitUntil: 'networkidle' });
    const dialog = await openSignInDialog(page);
    await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue with Apple' })).toHaveCount(
      platform === 'android' ? 0 : 1,
    );
    await context.close();
  }
});

test('android: native Google sign-in, the device token registered and refreshed, session in the indexed store', async ({
  page,
}) => {
  const email = uniqueEmail('native');
  await installNativeBridge(page, {
    platform: 'android',
    pushToken: 'device-token-first',
    google: { sub: `native-${email}`, email },
  });
  const registrations: Array<string | null> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/accounts') {
      registrations.push(
        (request.postDataJSON() as { pushNotificationToken?: string | null }).pushNotificationToken ?? null,
      );
    }
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  // The permission was asked and the token handed out before anyone signed in.
  await expect.poll(async () => (await bridgeCalls(page)).some((c) => c.method === 'register')).toBe(true);

  const dialog = await openSignInDialog(page);
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(authDialog(page)).toBeHidden();
  expect(
    (await bridgeCalls(page)).some((c) => c.plugin === 'FirebaseAuthentication' && c.method === 'signInWithGoogle'),
  ).toBe(true);
  await expect.poll(() => registrations).toContain('device-token-first');

  const pushState = () =>
    page.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('encore') ?? '{}') as { token?: string };
      const response = await fetch('/api/me/push', { headers: { Authorization: `Bearer ${token}` } });
      return (await response.json()) as { nativeToken: boolean };
    });
  await expect.poll(pushState).toEqual(expect.objectContaining({ nativeToken: true }));

  // The push service renews the token: the server hears the new one.
  await page.evaluate(() =>
    (window as unknown as { __emitPushToken(v: string): void }).__emitPushToken('device-token-renewed'),
  );
  await expect.poll(() => registrations).toContain('device-token-renewed');
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('encore') ?? '{}').pushNotificationToken))
    .toBe('device-token-renewed');

  // SPEC §9: native apps keep the Firebase session in the indexed store, not in local storage.
  const stored = await sdkIndexedKeys(page);
  expect(stored.some(isSdkUserKey)).toBe(true);
  const inLocalStorage = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('firebase:')));
  expect(inLocalStorage).toEqual([]);
});
