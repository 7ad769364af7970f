import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { isNative } from '../platform';
import { getPublicConfig } from './config';
import { syncSessionCookie } from './session-sync';

/**
 * The Firebase JS SDK, loaded on demand (dynamic import): when the sign-in dialog opens, when
 * an account exists in local storage, or on a guarded page. Never imported statically from
 * the root or the header: anonymous visitors do not pay for it (page weight, ARCHITECTURE.md).
 */
export type AuthSdk = typeof import('firebase/auth');
export type FirebaseKit = { auth: Auth; sdk: AuthSdk; emulator: boolean };

let loading: Promise<FirebaseKit> | undefined;

export function loadFirebase(): Promise<FirebaseKit> {
  loading ??= load().catch((error) => {
    loading = undefined; // a failed chunk download may succeed next time
    throw error;
  });
  return loading;
}

async function load(): Promise<FirebaseKit> {
  const config = getPublicConfig();
  const [{ initializeApp, getApps }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  const { apiKey, projectId, authDomain, emulatorHost } = config.firebase;
  const app =
    getApps().find((a) => a.name === 'encore') ??
    initializeApp({ apiKey, projectId, authDomain: authDomain || `${projectId}.firebaseapp.com` }, 'encore');
  const auth = authFor(sdk, app);
  if (emulatorHost && !auth.emulatorConfig) {
    sdk.connectAuthEmulator(auth, `http://${emulatorHost}`, { disableWarnings: true });
  }
  // The session cookie follows every restore, sign-in, refresh and sign-out (ADR 0078). Not
  // the SDK's own token sync: it lets a restore's POST and a sign-out's DELETE race.
  sdk.onIdTokenChanged(auth, () => {
    syncSessionCookie(auth).catch(() => {});
  });
  return { auth, sdk, emulator: !!emulatorHost };
}

/**
 * SPEC §9 persistence order: indexed store, local storage, session storage (getAuth's own
 * order in browsers); native apps use the indexed store alone, and sign in through the
 * shell's plugins instead of popups, so no popup resolver is loaded there.
 */
function authFor(sdk: AuthSdk, app: FirebaseApp): Auth {
  if (!isNative()) return sdk.getAuth(app);
  try {
    return sdk.initializeAuth(app, { persistence: sdk.indexedDBLocalPersistence });
  } catch {
    return sdk.getAuth(app); // already initialised on this page
  }
}

/** Starts the download early (e.g. when a sign-in form appears) without waiting for it. */
export function preloadFirebase() {
  loadFirebase().catch(() => {});
}
