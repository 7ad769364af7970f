import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { authEmulatorHost } from '../../playwright.config';

/** Helpers for the identity specs: the test server's own Firebase Auth emulator. */
export const PROJECT = 'demo-encore';
export const EMULATOR = `http://${authEmulatorHost}`;
export const ADMIN_EMAIL = 'admin@e2e.encore.test'; // playwright.config.ts ADMIN_EMAILS

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@e2e.encore.test`;
}

async function identity(method: string, body: Record<string, unknown>) {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method}: ${JSON.stringify(json)}`);
  return json as { idToken: string; localId: string };
}

/** An email/password user created directly in the emulator (no UI). */
export function createUser(email: string, password = 'correct-horse') {
  return identity('signUp', { email, password, returnSecureToken: true });
}

/** A fresh emulator ID token for an existing email/password user. */
export function idTokenFor(email: string, password = 'correct-horse') {
  return identity('signInWithPassword', { email, password, returnSecureToken: true });
}

/** The emulated chooser's provider id for an email (app/lib/auth/session.ts fakeSubject). */
function fakeSubject(provider: 'google' | 'apple', email: string): string {
  let hash = 0x811c9dc5;
  for (const char of `${provider}:${email.toLowerCase()}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${provider}-${hash.toString(16).padStart(8, '0')}`;
}

/** The emulator's fake Google sign-in (verified email): the same user the emulated chooser makes. */
export function googleUser(email: string, name = '') {
  const claims = { sub: fakeSubject('google', email), email, email_verified: true, ...(name ? { name } : {}) };
  return identity('signInWithIdp', {
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
    returnSecureToken: true,
  });
}

/** Out-of-band codes the emulator "sent" (password reset, verification). */
export async function oobCodes(): Promise<Array<{ email: string; oobCode: string; requestType: string }>> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`);
  return ((await response.json()) as { oobCodes: Array<{ email: string; oobCode: string; requestType: string }> })
    .oobCodes;
}

/** Opens a page and waits until it is interactive (the header button opens the dialog, not /signin). */
export async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
}

export function authDialog(page: Page): Locator {
  return page.getByRole('dialog');
}

export async function openSignInDialog(page: Page): Promise<Locator> {
  await page.getByTestId('account-button').click();
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeVisible();
  return dialog;
}

export async function fillCredentials(dialog: Locator, email: string, password: string) {
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
}

/** Signs in through the header dialog and waits for the header to say 'my account'. */
export async function signInThroughDialog(page: Page, email: string, password = 'correct-horse') {
  const dialog = await openSignInDialog(page);
  await fillCredentials(dialog, email, password);
  await dialog.getByRole('button', { name: 'Sign in with email' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('account-button')).toHaveText('my account');
}

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'encore_session');
}

/** Sets the quiz-submitted cookie so the onboarding quiz stays away (specs about other things). */
export async function skipOnboarding(context: BrowserContext) {
  const { baseURL } = await import('../../playwright.config');
  await context.addCookies([{ name: 'encore_quiz_submitted', value: 'true', url: baseURL, sameSite: 'Strict' }]);
}

/** Disables a user the way an administrator would in the Firebase console. */
export async function disableUser(localId: string) {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, disableUser: true }),
  });
  if (!response.ok) throw new Error(`disable: ${await response.text()}`);
}

/** Whether a storage key is the Firebase SDK's signed-in user. */
export const isSdkUserKey = (key: string) => key.startsWith('firebase:authUser:');

/** The keys the Firebase SDK keeps in its indexed store (SPEC §9 persistence), read in the page. */
export function sdkIndexedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('firebaseLocalStorageDb');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
            db.close();
            resolve([]);
            return;
          }
          const read = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAllKeys();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            db.close();
            resolve(read.result.map(String));
          };
        };
      }),
  );
}
