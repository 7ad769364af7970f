import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  authDialog,
  createUser,
  disableUser,
  googleUser,
  idTokenFor,
  open,
  skipOnboarding,
  uniqueEmail,
} from './auth-helpers';
import { expect, test } from './signed-in';

/** A real, decodable RGB PNG of the given size (so the browser can redraw it). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([(x * 7) % 256, 90, 200], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const quiz = (page: Page) => page.getByRole('dialog', { name: 'Tell us how you buy tickets' });

/** Past ONBOARDING_DELAY_MS (60 s in playwright.config.ts) on the page's fake clock. */
const ONBOARDING_CHECK_MS = 61_000;

/**
 * The account store holds the profile (GET /accounts/me answered): the quiz's last precondition.
 * A signed-in page asks for it only once it is idle (ADR 0047), after the identity code and
 * Firebase's have come: a chain of round trips that a busy 2-core runner stretches well past
 * the usual wait.
 */
async function profileLoaded(page: Page) {
  await expect
    .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('encore'))) ?? '{}').systemRole, {
      timeout: 20_000,
    })
    .toBe('user');
}

/**
 * Gives the page a clock the test can move: time flows as usual (React's own timers, such as
 * the one that reveals a lazily loaded part, keep running however slow the machine is), and the
 * onboarding check, a minute after load here, comes only when passOnboardingCheck jumps to it.
 */
async function holdClock(page: Page) {
  await page.clock.install({ time: Date.now() });
}

/**
 * Runs the page's clock past the onboarding check, then lets React's scheduler (message tasks,
 * which the fake clock leaves alone) work through what the check queued: render, effects, the
 * render they cause.
 */
async function passOnboardingCheck(page: Page, ms = ONBOARDING_CHECK_MS) {
  await page.clock.runFor(ms);
  await page.evaluate(async () => {
    for (let hop = 0; hop < 5; hop++) {
      await new Promise<void>((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done();
        channel.port2.postMessage(null);
      });
    }
  });
}

/**
 * The check ran and said no: had it said yes, rendering the quiz would have asked for its
 * code (a lazy chunk) at once, and no such request went out.
 */
async function expectNoQuizAfterCheck(page: Page) {
  const asked: string[] = [];
  const listener = (request: { url(): string }) => {
    if (/\/onboarding-dialog-[\w-]+\.js$/.test(request.url())) asked.push(request.url());
  };
  page.on('request', listener);
  await passOnboardingCheck(page);
  page.off('request', listener);
  expect(asked).toEqual([]);
  await expect(quiz(page)).toBeHidden();
}

async function me(email: string) {
  const { idToken } = await idTokenFor(email);
  const response = await fetch(`${new URL('/api/accounts/me', test.info().project.use.baseURL)}`, {
    headers: { Authorization: `Bearer ${idToken}` },
  });
  return (await response.json()) as { onboarding: boolean; firstName: string; lastName: string; image: string };
}

test.describe('onboarding quiz', () => {
  // Each test waits for the profile once or twice (profileLoaded).
  test.describe.configure({ timeout: 90_000 });

  test('appears after the configured delay, shows conditional fields, and is answered once', async ({
    page,
    context,
    signedIn,
  }) => {
    const { email } = signedIn;
    await holdClock(page);
    await open(page, '/');
    await profileLoaded(page);
    const dialog = quiz(page);
    await expect(dialog).toBeHidden();
    await passOnboardingCheck(page);
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Submit answers' }).click();
    await expect(dialog.getByText('Please select something')).toHaveCount(3);
    await expect(dialog.getByText('Please type something')).toHaveCount(1);

    await dialog.getByLabel('Where do you usually buy tickets?').selectOption('SeatGeek');
    const budget = dialog.getByLabel('What is the most you would spend on one ticket?');
    // Whole dollars with separators once the field is left; cents never become digits.
    await budget.fill('1500.75');
    await budget.blur();
    await expect(budget).toHaveValue('1,500');
    await budget.fill('250000');
    await budget.blur();
    await expect(dialog.getByText('Enter an amount up to $100,000')).toBeVisible();
    await budget.fill('12500');
    await budget.blur();
    await expect(budget).toHaveValue('12,500');
    await expect(dialog.getByText('$', { exact: true })).toBeVisible();

    const reason = dialog.getByLabel('Why did you resell it? (optional)');
    await expect(reason).toHaveCount(0);
    await dialog.getByLabel('Yes').check();
    await expect(reason).toBeVisible();
    await dialog.getByLabel('No').check();
    await expect(reason).toHaveCount(0);
    await dialog.getByLabel('Yes').check();
    await reason.fill('Could not make the date');

    const other = dialog.getByLabel('Where did you hear about us? (optional)');
    await dialog.getByLabel('How did you hear about Encore?').selectOption('friend');
    await expect(other).toHaveCount(0);
    await dialog.getByLabel('How did you hear about Encore?').selectOption('other');
    await other.fill('A podcast');

    await dialog.getByRole('button', { name: 'Submit answers' }).click();
    await expect(dialog).toBeHidden();

    const cookie = (await context.cookies()).find((c) => c.name === 'encore_quiz_submitted');
    expect(cookie).toMatchObject({ value: 'true', sameSite: 'Strict' });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('encore'))) ?? '{}').onboarding).toBe(true);
    expect((await me(email)).onboarding).toBe(true);

    await page.reload({ waitUntil: 'networkidle' });
    await profileLoaded(page);
    await expectNoQuizAfterCheck(page);
  });

  test('stays closed for an account whose onboarding is done, even without the cookie', async ({ page, signedIn }) => {
    // Answered through the API, as if on another device.
    const answered = await page.request.post('/api/accounts/onboarding', {
      headers: { Authorization: `Bearer ${signedIn.idToken}` },
      data: { vendor: 'StubHub', maxBudget: 80, alreadyResold: false, referralSource: 'search' },
    });
    expect(answered.status()).toBe(200);

    await holdClock(page);
    await open(page, '/');
    await profileLoaded(page);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('encore'))) ?? '{}').onboarding).toBe(true);
    await expectNoQuizAfterCheck(page);
  });

  test('"Not now" puts it off on this browser, beyond the visit', async ({ page, context, signedIn }) => {
    await holdClock(page);
    await open(page, '/');
    await profileLoaded(page);
    await passOnboardingCheck(page);
    await expect(quiz(page)).toBeVisible();
    await quiz(page).getByRole('button', { name: 'Not now' }).click();
    await expect(quiz(page)).toBeHidden();
    const later = (await context.cookies()).find((c) => c.name === 'encore_quiz_later');
    expect(later).toMatchObject({ value: 'true', sameSite: 'Strict' });
    // Kept for weeks, not for the session.
    expect(later!.expires * 1000 - Date.now()).toBeGreaterThan(7 * 24 * 60 * 60 * 1000);
    // A new visit, well past the delay, every timer run: still no quiz.
    await open(page, '/');
    await profileLoaded(page);
    await passOnboardingCheck(page, 10 * 60_000);
    await expect(quiz(page)).toBeHidden();
    expect((await me(signedIn.email)).onboarding).toBe(false);
  });
});

test.describe('session', () => {
  test('a fan with a fresh token browses without the identity SDK, which renews the token 5 minutes before it expires', async ({
    page,
    context,
    signedIn,
  }) => {
    await skipOnboarding(context);
    const identityCalls: string[] = [];
    const sessionSyncs: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (/identitytoolkit|securetoken/.test(url)) identityCalls.push(url);
      if (new URL(url).pathname === '/api/session' && request.method() === 'POST') sessionSyncs.push(url);
    });
    await holdClock(page);
    await open(page, '/');
    // The profile is read again (SPEC §4 user details), with the stored token.
    await profileLoaded(page);
    // A guarded page: its browser-side guard takes the fresh stored account for the provider's word.
    await open(page, '/my-encore');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL('/my-encore');
    expect(identityCalls).toEqual([]);
    expect(sessionSyncs).toEqual([]);

    // 56 minutes on: the token (an hour's) is 4 minutes from expiry, past the 5-minute mark.
    // The SDK asks the provider for a new one and hands it to the server (the session cookie,
    // set only for a token the server verified); the store keeps it too.
    const renewed = page.waitForRequest((request) => /securetoken/.test(request.url()));
    await page.clock.fastForward('56:00');
    await renewed;
    const session = async () => (await context.cookies()).find((c) => c.name === 'encore_session')?.value;
    await expect.poll(session).not.toBe(signedIn.idToken);
    expect(await session()).toBeTruthy();
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('encore'))) ?? '{}').token)
      .toBe(await session());
  });
});

test.describe('profile', () => {
  test.beforeEach(({ context }) => skipOnboarding(context));

  test('the header stays on the way to my account: what was typed in the search box is still there', async ({
    page,
    signedIn: _,
  }) => {
    // A page whose header has the search box on phones too (the home page has its own there).
    await open(page, '/about-us');
    const box = page.getByRole('banner').getByPlaceholder('Search by Artist, Event or Venue');
    await box.fill('stadium');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.getByTestId('account-button').click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    // The same header, not a new one: the words are there and the panel has closed.
    await expect(box).toHaveValue('stadium');
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL('/about-us');
    await expect(box).toHaveValue('stadium');
  });

  test('edits the name and uploads a picture compressed to 1000 px in the browser', async ({ page, signedIn }) => {
    const { email } = signedIn;
    await open(page, '/');
    await page.getByTestId('account-button').click();
    await expect(page).toHaveURL('/profile');
    // /profile has a layout of its own: its header, a new one, comes with the page's heading.
    // Measured before that, the button may be the home page's, gone a moment later.
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const button = page.getByTestId('account-button');
    await expect(button).toBeVisible();
    const before = await button.boundingBox();
    expect(before).not.toBeNull();

    await page.getByLabel('First name').fill('  Robin ');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Your name is saved.');
    await expect(page.getByLabel('First name')).toHaveValue('Robin');
    // The header's button shows the initial in the round slot it had before: it does not move.
    await expect(button.locator('[data-initial="R"]')).toBeVisible();
    expect(await button.boundingBox()).toEqual(before);
    expect(await me(email)).toMatchObject({ firstName: 'Robin', lastName: 'Okafor' });

    await page.locator('input[type=file]').setInputFiles({
      name: 'stage.png',
      mimeType: 'image/png',
      buffer: png(1600, 1200),
    });
    const picture = page.getByRole('img', { name: 'Your profile' });
    await expect(picture).toBeVisible();
    const src = (await picture.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/api\/accounts\/[\w-]+\/image\?v=\d+$/);
    // The header shows the new picture at once.
    await expect(page.getByTestId('account-picture')).toHaveAttribute('src', /^\/api\/accounts\/[\w-]+\/image\?v=\d+/);
    const served = await page.request.get(src);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['cache-control']).toContain('max-age=31536000');
    const bytes = await served.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1000, 750]);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('encore'))) ?? '{}');
    expect(stored.image).toMatch(/\/image\?v=\d+&t=\d+$/);

    // SPEC §5: GIFs go up untouched.
    await page.locator('input[type=file]').setInputFiles({ name: 'tiny.gif', mimeType: 'image/gif', buffer: GIF });
    await expect(picture).not.toHaveAttribute('src', src);
    const gif = await page.request.get((await picture.getAttribute('src')) ?? '');
    expect(gif.headers()['content-type']).toBe('image/gif');
    expect((await gif.body()).equals(GIF)).toBe(true);

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Robin');
    await expect(page.getByLabel('Last name')).toHaveValue('Okafor');
    await expect(page.getByRole('img', { name: 'Your profile' })).toBeVisible();

    await page.goto('/profile/indexV2');
    await expect(page.getByRole('heading', { level: 2, name: 'Robin Okafor' })).toBeVisible();
    await expect(page.getByText(/^Member since /)).toBeVisible();
  });

  test('a file that is not a picture is refused with a sentence', async ({ page, signedIn: _ }) => {
    await open(page, '/profile');
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture'),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'This file could not be read as a picture. Choose a JPEG, PNG, GIF or WebP image.',
    );
  });

  test('an API error shows its message as a notification; a 401 sends the browser to /signin', async ({
    page,
    signedIn,
  }) => {
    await open(page, '/profile');
    await page.getByLabel('First name').fill('<b>Robin</b>');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toHaveText(/firstName: contains characters that are not allowed/);
    await expect(toast).toHaveAttribute('data-y-position', 'top');
    // Said once: not repeated beside the form.
    await expect(page.getByText(/firstName: contains characters that are not allowed/)).toHaveCount(1);

    // The account is disabled elsewhere: the next call answers 401.
    await disableUser(signedIn.uid);
    await page.getByLabel('First name').fill('Robin');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL('/signin?redirectTo=%2Fprofile');
  });

  test('/profile/indexV2 invites anonymous visitors to sign in', async ({ page }) => {
    const email = uniqueEmail('v2');
    await createUser(email);
    await open(page, '/profile/indexV2');
    await expect(page.getByRole('heading', { name: 'Your Encore profile' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    const dialog = authDialog(page);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('correct-horse');
    await dialog.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(page.getByRole('heading', { level: 2, name: email.split('@')[0] })).toBeVisible();
  });
});

test.describe('admin dashboard', () => {
  test.beforeEach(({ context }) => skipOnboarding(context));

  test('shows the real figures', async ({ page }) => {
    await open(page, '/');
    await page.getByTestId('account-button').click();
    const dialog = authDialog(page);
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await dialog.getByLabel('Test account email').fill(ADMIN_EMAIL);
    await dialog.getByRole('button', { name: 'Sign in with emulated Google account' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();

    const { idToken } = await googleUser(ADMIN_EMAIL);
    const figure = (label: string) => page.locator('dl div').filter({ has: page.getByText(label, { exact: true }) });
    const sellers = page.locator('table').filter({ has: page.getByText('Usual ticket seller') });
    // Other tests create accounts in parallel: compare the page with the API read just before it.
    await expect(async () => {
      const stats = await (
        await page.request.get('/api/admin/stats', { headers: { Authorization: `Bearer ${idToken}` } })
      ).json();
      await page.reload();
      await expect(figure('Accounts').locator('dd')).toHaveText(stats.accounts.total.toLocaleString('en-US'), {
        timeout: 2000,
      });
      await expect(figure('Onboarding completed').locator('dd')).toContainText(
        stats.onboarding.completed.toLocaleString('en-US'),
        { timeout: 2000 },
      );
      for (const row of stats.answers.vendor as Array<{ value: string; count: number }>) {
        await expect(sellers.getByRole('row', { name: new RegExp(`^${row.value} ${row.count} `) })).toBeVisible({
          timeout: 2000,
        });
      }
    }).toPass({ timeout: 20_000 });
  });
});
