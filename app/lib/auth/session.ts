import type { User } from 'firebase/auth';
import type { Profile } from '#contracts/accounts';
import { HttpError } from '../http';
import { isNative } from '../platform';
import { getAccount, resetAccount, setAccount, withCacheBuster } from './account-store';
import { authRequest } from './api';
import { type AuthSdk, loadFirebase } from './firebase';
import { syncSessionCookie } from './session-sync';
import { freshFor } from './token';

/**
 * SPEC §4 sign-in flow: authenticate with the identity provider, fill the account, get an ID
 * token, register the account on the server, load user details, then succeed. On any
 * failure the user is signed out and the account state is reset.
 */
export class SignInIncompleteError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Signing in did not complete', options);
    this.name = 'SignInIncompleteError';
  }
}

export async function signInWithEmail(email: string, password: string) {
  const { auth, sdk } = await loadFirebase();
  const credential = await sdk.signInWithEmailAndPassword(auth, email, password);
  await completeSignIn(credential.user);
}

export async function signUpWithEmail(email: string, password: string) {
  const { auth, sdk } = await loadFirebase();
  const credential = await sdk.createUserWithEmailAndPassword(auth, email, password);
  await completeSignIn(credential.user);
}

export type SocialProvider = 'google' | 'apple';
export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

const REDIRECT_MARK = 'encore-auth-redirect';

function providerFor(sdk: AuthSdk, provider: SocialProvider) {
  if (provider === 'google') return new sdk.GoogleAuthProvider();
  const apple = new sdk.OAuthProvider('apple.com');
  apple.addScope('email');
  apple.addScope('name');
  return apple;
}

/**
 * Google or Apple against a real Firebase project: a popup, or a full-page redirect when the
 * browser blocks popups. After a redirect the flow finishes in `finishRedirectSignIn`.
 */
export async function signInWithSocial(provider: SocialProvider, continueTo: string): Promise<'done' | 'redirecting'> {
  const { auth, sdk } = await loadFirebase();
  if (isNative()) {
    // No popups nor redirects inside the shell: the device's own sign-in sheet (ADR 0021).
    const { nativeCredential } = await import('../platform/native-auth');
    const result = await sdk.signInWithCredential(auth, await nativeCredential(sdk, provider));
    await completeSignIn(result.user);
    return 'done';
  }
  try {
    const credential = await sdk.signInWithPopup(auth, providerFor(sdk, provider));
    await completeSignIn(credential.user);
    return 'done';
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'auth/popup-blocked' && code !== 'auth/operation-not-supported-in-environment') throw error;
    sessionStorage.setItem(REDIRECT_MARK, continueTo);
    await sdk.signInWithRedirect(auth, providerFor(sdk, provider));
    return 'redirecting';
  }
}

/** Returns where to continue when a redirect sign-in just came back, else undefined. */
export async function finishRedirectSignIn(): Promise<string | undefined> {
  const continueTo = sessionStorage.getItem(REDIRECT_MARK);
  if (continueTo === null) return undefined;
  sessionStorage.removeItem(REDIRECT_MARK);
  const { auth, sdk } = await loadFirebase();
  const result = await sdk.getRedirectResult(auth);
  if (!result) return undefined;
  await completeSignIn(result.user);
  return continueTo;
}

export type EmulatedIdentity = { email: string; name: string };

/** A stable fake provider id per email, so choosing the same identity is the same user. */
function fakeSubject(provider: SocialProvider, email: string): string {
  let hash = 0x811c9dc5;
  for (const char of `${provider}:${email.toLowerCase()}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${provider}-${hash.toString(16).padStart(8, '0')}`;
}

/**
 * Emulator only: the Auth emulator's documented fake-credential form, a JSON id_token
 * (ARCHITECTURE.md: popups cannot work offline).
 */
export async function signInWithEmulatedProvider(provider: SocialProvider, identity: EmulatedIdentity) {
  const { auth, sdk, emulator } = await loadFirebase();
  if (!emulator) throw new Error('Emulated accounts exist only with the Auth emulator');
  const claims = JSON.stringify({
    sub: fakeSubject(provider, identity.email),
    email: identity.email,
    email_verified: true,
    ...(identity.name ? { name: identity.name } : {}),
  });
  const credential =
    provider === 'google'
      ? sdk.GoogleAuthProvider.credential(claims)
      : new sdk.OAuthProvider('apple.com').credential({ idToken: claims });
  const result = await sdk.signInWithCredential(auth, credential);
  await completeSignIn(result.user);
}

function fillFromUser(user: User) {
  const email = user.email ?? '';
  setAccount({
    uid: user.uid,
    email,
    displayName: user.displayName ?? '',
    image: withCacheBuster(user.photoURL ?? ''),
    firstName: '',
    lastName: '',
    systemRole: '',
    onboarding: false,
  });
}

export async function completeSignIn(user: User) {
  try {
    fillFromUser(user);
    const { auth } = await loadFirebase();
    // Server-rendered pages know the fan before the dialog's pending action runs.
    await syncSessionCookie(auth);
    const token = await user.getIdToken();
    setAccount({ token });
    const account = getAccount();
    await authRequest('/accounts', {
      method: 'POST',
      body: {
        uid: account.uid,
        email: account.email,
        displayName: account.displayName,
        image: user.photoURL ?? '',
        token,
        pushNotificationToken: account.pushNotificationToken,
      },
      redirectOn401: false,
    });
    await loadUserDetails();
  } catch (error) {
    await signOut().catch(() => {});
    throw new SignInIncompleteError({ cause: error });
  }
}

/**
 * The native shell's push token (a new device, or the push service renewed it): SPEC §7 POST
 * /accounts again, so alerts reach this device (server/tracking/fcm.ts).
 */
export async function registerPushToken(pushNotificationToken: string) {
  const user = await currentUser();
  if (!user) return;
  const token = await user.getIdToken();
  const account = getAccount();
  await authRequest('/accounts', {
    method: 'POST',
    body: {
      uid: account.uid,
      email: account.email,
      displayName: account.displayName,
      image: user.photoURL ?? '',
      token,
      pushNotificationToken,
    },
    redirectOn401: false,
    notify: false,
  });
  setAccount({ token, pushNotificationToken });
}

/** SPEC §4: loading the profile fills uid, image, firstName, lastName, systemRole and onboarding. */
export async function loadUserDetails() {
  try {
    const profile = await authRequest<Profile>('/accounts/me', { redirectOn401: false, notify: false });
    setAccount({ ...profile, image: withCacheBuster(profile.image) });
  } catch (error) {
    // SPEC §8: logged, no message to the user.
    console.error('Error loading user details', error);
    throw error;
  }
}

/**
 * Signed out here at once; other tabs hear of it once the identity provider and the server
 * have forgotten the fan. Told earlier, a tab on a guarded page left it, found the server still
 * signing the fan in, loaded the SDK, restored the fan from its store and posted their token
 * again, after this tab's DELETE (ADR 0078, amended).
 */
export async function signOut() {
  resetAccount({ stored: false });
  try {
    const { auth, sdk } = await loadFirebase();
    await sdk.signOut(auth);
    // After any sync still on the wire (a restore's POST), so the server forgets the fan too.
    await syncSessionCookie(auth);
  } finally {
    resetAccount();
  }
}

/** The signed-in Firebase user once the SDK has restored its state, or null. */
export async function currentUser(): Promise<User | null> {
  const { auth } = await loadFirebase();
  await auth.authStateReady();
  return auth.currentUser;
}

/**
 * Make sure the server-side session cookie holds a current token before navigating to a
 * guarded page (the SDK syncs on its own; this covers a cookie that expired while the tab
 * slept). Resolves false when nobody is signed in or the server refused.
 */
export async function syncSession(): Promise<boolean> {
  const user = await currentUser();
  if (!user) return false;
  const { auth } = await loadFirebase();
  return syncSessionCookie(auth, true);
}

let watching = false;

/**
 * Keeps the stored account in step with Firebase for the life of the page: restored user
 * → refresh the profile; nobody → reset (signed out elsewhere, or the SDK signed the user
 * out on user-disabled / user-token-expired, SPEC §4).
 */
export async function watchAuthState(): Promise<void> {
  if (watching) return;
  watching = true;
  const { auth, sdk } = await loadFirebase();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) {
    if (getAccount().uid) resetAccount();
  } else {
    if (getAccount().uid !== user.uid) fillFromUser(user);
    await loadUserDetails().catch(async (error) => {
      // Signed in with Firebase but never registered here (an earlier attempt failed midway).
      if (error instanceof HttpError && error.status === 404) await completeSignIn(user).catch(() => {});
    });
  }
  sdk.onAuthStateChanged(auth, (next) => {
    if (!next && getAccount().uid) resetAccount();
  });
  // A token the SDK renewed (renewSession, or one asked for near its expiry): the stored one
  // follows, so the next page knows how long it may go without the SDK (ADR 0058).
  sdk.onIdTokenChanged(auth, (next) => {
    if (!next || getAccount().uid !== next.uid) return;
    next
      .getIdToken()
      .then((token) => {
        if (getAccount().uid === next.uid && getAccount().token !== token) setAccount({ token });
      })
      .catch(() => {});
  });
}

/**
 * The profile again, for a page whose stored token is still fresh (ADR 0058): the request
 * needs no SDK. A refusal (the account was disabled or never registered here) is the SDK's
 * to settle, as when the session is restored.
 */
export async function refreshProfile(): Promise<void> {
  await loadUserDetails().catch(async (error) => {
    if (error instanceof HttpError && (error.status === 401 || error.status === 404)) await watchAuthState();
  });
}

/**
 * SPEC §9: the token is refreshed ahead of its expiry. The SDK refreshes it only when asked
 * for one within 30 seconds of expiry, so the page asks when the stored token is due, 5
 * minutes early (AuthRuntime), the session cookie takes the new token before this resolves
 * (ADR 0078), and the stored token follows (watchAuthState).
 */
export async function renewSession(): Promise<void> {
  await watchAuthState();
  const user = await currentUser();
  if (user && getAccount().uid === user.uid && freshFor(getAccount().token) === 0) {
    await user.getIdToken(true);
    await syncSessionCookie((await loadFirebase()).auth);
  }
}

/** Fetches the Firebase SDK ahead of a likely sign-in (the form is on screen). */
export function preloadSignIn() {
  loadFirebase().catch(() => {});
}
