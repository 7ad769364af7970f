import { HttpError, type RequestOptions, request } from '../http';
import { getAccount, setAccount } from './account-store';
import { apiUrl } from './config';
import { loadFirebase } from './firebase';
import { notifyError } from './notify';

export type AuthRequestOptions = RequestOptions & {
  /** SPEC §8: a 401 sends the user to the sign-in page; the sign-in flow itself opts out. */
  redirectOn401?: boolean;
  /** SPEC §8: the error body's message shows as a negative notification. */
  notify?: boolean;
};

/** The current user's fresh ID token, or undefined when nobody is signed in. */
export async function freshIdToken(): Promise<string | undefined> {
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
  const headers: Record<string, string> = { ...rest.headers };
  if (getAccount().uid) {
    const token = await freshIdToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  try {
    return await request<T>(apiUrl(path), { ...rest, headers });
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
