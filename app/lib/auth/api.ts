import { HttpError, type RequestOptions, request } from '../http';
import { getAccount, setAccount } from './account-store';
import { apiUrl } from './config';
import { loadFirebase } from './firebase';
import { notifyError } from './notify';
import { freshFor } from './token';

export type AuthRequestOptions = RequestOptions & {
  /** SPEC §8: a 401 sends the user to the sign-in page; the sign-in flow itself opts out. */
  redirectOn401?: boolean;
  /** SPEC §8: the error body's message shows as a negative notification. */
  notify?: boolean;
};

/**
 * The current user's fresh ID token, or undefined when nobody is signed in. While the stored
 * token is more than 5 minutes from expiry it is the one the provider would return (SPEC §9),
 * so the SDK is not loaded for it (ADR 0058).
 */
export async function freshIdToken(): Promise<string | undefined> {
  const stored = getAccount();
  if (stored.uid && freshFor(stored.token) > 0) return stored.token;
  return providerIdToken();
}

/** The ID token from the identity provider itself (it refreshes one that expires within 5 minutes). */
async function providerIdToken(): Promise<string | undefined> {
  const { auth } = await loadFirebase();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return undefined;
  const token = await user.getIdToken();
  if (getAccount().uid && getAccount().token !== token) setAccount({ token });
  return token;
}

/**
 * The product API with the user's identity (SPEC §7): when an account uid exists, wait for
 * the identity provider, get a fresh ID token, store it in the account and send it as a
 * Bearer header. Built on the one HTTP client (app/lib/http.ts) and its retry rules.
 */
export async function authRequest<T>(path: string, options: AuthRequestOptions = {}): Promise<T> {
  const { redirectOn401 = true, notify = true, ...rest } = options;
  try {
    return await withIdentity((identity) =>
      request<T>(apiUrl(path), { ...rest, headers: { ...rest.headers, ...identity } }),
    );
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.status === 401 && redirectOn401 && typeof window !== 'undefined') {
        const here = window.location.pathname + window.location.search;
        window.location.assign(`/signin?redirectTo=${encodeURIComponent(here)}`);
      } else if (notify && error.apiMessage) {
        notifyError(error.apiMessage);
      }
    }
    // SPEC §8: "then an error is thrown with the error text" (HttpError's message is that text).
    throw error;
  }
}

/**
 * Sends with the fresh token. A stored token the server refuses (a device clock far off made
 * it look fresh) gets one more try with the provider's, which keeps its own clock of it.
 */
async function withIdentity<T>(send: (identity: Record<string, string>) => Promise<T>): Promise<T> {
  const bearer = (token: string | undefined): Record<string, string> =>
    token ? { Authorization: `Bearer ${token}` } : {};
  const token = getAccount().uid ? await freshIdToken() : undefined;
  try {
    return await send(bearer(token));
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 401 && token)) throw error;
    const renewed = await providerIdToken().catch(() => undefined);
    if (!renewed || renewed === token) throw error;
    return await send(bearer(renewed));
  }
}
