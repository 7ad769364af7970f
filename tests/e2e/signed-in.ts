import { type BrowserContext, test as base, expect } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { createUser, uniqueEmail } from './auth-helpers';

/**
 * A fan who is signed in before the test's first page, without the sign-in dialog: the user
 * is made in the auth emulator over its REST API, registered with POST /api/accounts as the
 * app's sign-in flow does, the server's session cookie is set through POST /api/session (so
 * it carries the server's own attributes), and the browser's storage holds what the Firebase
 * SDK and the account store (SPEC §3) would have kept after a sign-in. The dialog journey
 * itself is tests/e2e/auth-signin.spec.ts.
 */
export type SignedInUser = { email: string; password: string; uid: string; idToken: string };

const PASSWORD = 'correct-horse';
/** The Firebase SDK's storage key for the signed-in user (apiKey and app name of app/lib/auth/firebase.ts). */
const FIREBASE_USER_KEY = 'firebase:authUser:demo-api-key:encore';

export async function signInDirectly(context: BrowserContext, email = uniqueEmail('fan')): Promise<SignedInUser> {
  const created = (await createUser(email, PASSWORD)) as {
    idToken: string;
    localId: string;
    refreshToken: string;
    expiresIn: string;
  };
  const auth = { Authorization: `Bearer ${created.idToken}` };
  const registered = await context.request.post('/api/accounts', {
    headers: auth,
    data: { uid: created.localId, email, displayName: email.slice(0, email.indexOf('@')), image: '' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const session = await context.request.post('/api/session', { headers: auth });
  expect(session.ok(), await session.text()).toBe(true);

  const firebaseUser = {
    uid: created.localId,
    email,
    emailVerified: false,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: email, email, displayName: null, phoneNumber: null, photoURL: null }],
    stsTokenManager: {
      refreshToken: created.refreshToken,
      accessToken: created.idToken,
      expirationTime: Date.now() + Number(created.expiresIn) * 1000,
    },
    createdAt: String(Date.now()),
    lastLoginAt: String(Date.now()),
    apiKey: 'demo-api-key',
    appName: 'encore',
  };
  const account = { uid: created.localId, email, token: created.idToken };
  // Written once, from a document of our origin, so a later sign-out in the test stays signed
  // out. The health check is that document: no page to render, no code to hydrate.
  const page = await context.newPage();
  await page.goto(`${baseURL}/api/health`);
  await page.evaluate(
    ([userKey, user, accountValue]) => {
      localStorage.setItem(userKey, user);
      localStorage.setItem('encore', accountValue);
    },
    [FIREBASE_USER_KEY, JSON.stringify(firebaseUser), JSON.stringify(account)] as const,
  );
  await page.close();
  return { email, password: PASSWORD, uid: created.localId, idToken: created.idToken };
}

/** `test` with a `signedIn` fixture: the context starts signed in as a fresh fan. */
export const test = base.extend<{ signedIn: SignedInUser }>({
  signedIn: async ({ context }, use) => {
    await use(await signInDirectly(context));
  },
});
export { expect };
