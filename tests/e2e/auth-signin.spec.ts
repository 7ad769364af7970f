import { expect, test } from '@playwright/test';
import {
  authDialog,
  createUser,
  fillCredentials,
  oobCodes,
  open,
  openSignInDialog,
  sessionCookie,
  signInThroughDialog,
  skipOnboarding,
  uniqueEmail,
} from './auth-helpers';

// The onboarding quiz (a minute after load in e2e, on the test's clock) is tested in auth-account.spec.ts.
test.beforeEach(({ context }) => skipOnboarding(context));

test.describe('sign-in / sign-up dialog', () => {
  test('shows every SPEC element and validates with SPEC messages', async ({ page }) => {
    await open(page, '/');
    const dialog = await openSignInDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Sign in to Encore' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await expect(dialog.getByRole('button', { name: 'Sign in with email' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expect(dialog).toHaveAttribute('data-role', 'seller');

    await dialog.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(dialog.getByText('Invalid E-mail')).toBeVisible();
    await expect(dialog.getByText('Please type something')).toBeVisible();
    await fillCredentials(dialog, 'a@b.c', '   ');
    await dialog.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(dialog.getByText('Invalid E-mail')).toBeVisible();
    await expect(dialog.getByText('Please type something')).toBeVisible();

    // Persistent: neither Escape (twice: a browser may not let a page refuse it twice in a
    // row) nor a click outside closes it; the close button does.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await expect(dialog.getByRole('heading', { name: 'Create your Encore account' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sign up with email' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign in instead' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('hides the Apple button on Android', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    await open(page, '/');
    const dialog = await openSignInDialog(page);
    await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue with Apple' })).toHaveCount(0);
    await context.close();
  });

  test('signs up, signs out and signs in again with trimmed values', async ({ page, context }) => {
    const email = uniqueEmail('signup');
    await open(page, '/');
    let dialog = await openSignInDialog(page);
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await fillCredentials(dialog, `  ${email}  `, '  first-pass  ');
    await dialog.getByRole('button', { name: 'Sign up with email' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('account-button')).toHaveText('my account');

    // SPEC §3 account in local storage under `encore`.
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('encore'))) ?? '{}');
    expect(stored).toMatchObject({
      email,
      displayName: email.split('@')[0],
      systemRole: 'user',
      onboarding: false,
      pushNotificationToken: '',
    });
    expect(stored.uid).toMatch(/\w+/);
    expect(stored.token.split('.')).toHaveLength(3);
    const cookie = await sessionCookie(context);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    // The server knows the user: /profile renders for them.
    await page.getByTestId('account-button').click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('account-button')).toHaveText('Sign in');
    expect(await page.evaluate(() => localStorage.getItem('encore'))).toBeNull();
    await expect.poll(() => sessionCookie(context)).toBeUndefined();

    // The trimmed password is the one that was registered.
    dialog = await openSignInDialog(page);
    await fillCredentials(dialog, email, 'first-pass');
    await dialog.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('account-button')).toHaveText('my account');
  });

  test('a wrong password and a taken email read as sentences, never codes', async ({ page }) => {
    const email = uniqueEmail('wrong');
    await createUser(email, 'right-pass');
    await open(page, '/');
    const dialog = await openSignInDialog(page);
    await fillCredentials(dialog, email, 'wrong-pass');
    await dialog.getByRole('button', { name: 'Sign in with email' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText('That email and password do not match. Check them and try again.');
    await expect(page.getByTestId('account-button')).toHaveText('Sign in');

    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await fillCredentials(dialog, email, 'another-pass');
    await dialog.getByRole('button', { name: 'Sign up with email' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'An account already uses this email. Sign in instead, or reset your password.',
    );
    await expect(dialog).not.toContainText('auth/');
  });

  test('network failure to the identity provider reads as a sentence', async ({ page }) => {
    const email = uniqueEmail('offline');
    await createUser(email);
    await open(page, '/');
    const dialog = await openSignInDialog(page);
    await page.route('**/identitytoolkit.googleapis.com/**', (route) => route.abort('internetdisconnected'));
    await fillCredentials(dialog, email, 'correct-horse');
    await dialog.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'We could not reach the sign-in service. Check your connection and try again.',
    );
  });
});

test.describe('emulated Google and Apple', () => {
  for (const provider of ['Google', 'Apple'] as const) {
    test(`signs in with an emulated ${provider} account`, async ({ page }) => {
      const email = uniqueEmail(provider.toLowerCase());
      await open(page, '/');
      const dialog = await openSignInDialog(page);
      await dialog.getByRole('button', { name: `Continue with ${provider}` }).click();
      await expect(dialog.getByRole('heading', { name: `Emulated ${provider} sign-in` })).toBeVisible();
      await expect(dialog).toContainText('Firebase Auth emulator');
      await expect(dialog).toContainText(`No real ${provider} account is used`);
      await dialog.getByLabel('Test account email').fill(email);
      await dialog.getByLabel('Display name (optional)').fill('Sam Rivera');
      await dialog.getByRole('button', { name: `Sign in with emulated ${provider} account` }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('account-button')).toHaveText('my account');
      await page.getByTestId('account-button').click();
      await expect(page.getByLabel('First name')).toHaveValue('Sam');
      await expect(page.getByLabel('Last name')).toHaveValue('Rivera');
      await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    });
  }
});

test.describe('/signin and /forgot-password', () => {
  test('/signin signs in and continues to a same-origin redirectTo only', async ({ page }) => {
    const email = uniqueEmail('page');
    await createUser(email);
    await open(page, '/signin?redirectTo=%2Fmy-encore');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Encore' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(page).toHaveURL('/my-encore');
    await expect(page.getByRole('heading', { level: 1, name: /^Hi / })).toBeVisible();

    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await open(page, '/signin?redirectTo=https%3A%2F%2Fevil.example%2F');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a password reset completes with the emulated email code', async ({ page }) => {
    // Five pages and two sign-in attempts: three times the usual time.
    test.slow();
    const email = uniqueEmail('reset');
    await createUser(email, 'old-pass');
    await open(page, '/');
    const dialog = await openSignInDialog(page);
    await dialog.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(authDialog(page)).toBeHidden();
    await expect(page).toHaveURL('/forgot-password');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Invalid E-mail')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

    let code: string | undefined;
    await expect
      .poll(async () => {
        code = (await oobCodes()).find((c) => c.email === email && c.requestType === 'PASSWORD_RESET')?.oobCode;
        return code;
      })
      .toBeTruthy();

    await open(page, `/forgot-password?mode=resetPassword&oobCode=${code}`);
    await expect(page.getByText(`For ${email}`)).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('new-pass-1');
    await page.getByLabel('Repeat the new password').fill('new-pass-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText("Password doesn't match")).toBeVisible();
    await page.getByLabel('Repeat the new password').fill('new-pass-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

    // The code is spent; the old password no longer works, the new one does.
    await open(page, `/forgot-password?mode=resetPassword&oobCode=${code}`);
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await open(page, '/');
    const again = await openSignInDialog(page);
    await fillCredentials(again, email, 'old-pass');
    await again.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(again.getByRole('alert')).toBeVisible();
    await fillCredentials(again, email, 'new-pass-1');
    await again.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(again).toBeHidden();
    await expect(page.getByTestId('account-button')).toHaveText('my account');
  });

  test('signing in from the header keeps the user across a reload', async ({ page }) => {
    const email = uniqueEmail('reload');
    await createUser(email);
    await open(page, '/');
    await signInThroughDialog(page, email);
    await page.reload();
    // Server-rendered as signed in (session cookie), no flash of 'Sign in'.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('my account');
    await expect(page.getByTestId('account-button')).toHaveText('my account');
  });
});
