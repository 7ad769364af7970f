import type { Auth } from 'firebase/auth';

/** Same-origin path the session cookie is synced through (SPEC §7 token sync; server/accounts/routes.ts). */
export const SESSION_SYNC_PATH = '/api/session';

/**
 * SPEC §7 token sync: the server's session cookie follows the signed-in user, a POST with
 * the ID token on sign-in, restore and refresh, a DELETE when signed out (ADR 0078).
 *
 * One request at a time, and each sends the state at the moment it goes, not the one it was
 * asked for: a restore's POST still on the wire when the fan signs out is answered before the
 * DELETE goes, so the DELETE always lands last. Two requests in flight at once could land in
 * either order and leave a signed-out fan signed in on the server.
 */
let queue: Promise<unknown> = Promise.resolve();
/** The token the cookie holds as far as this page knows; null once deleted, undefined before any answer. */
let synced: string | null | undefined;

/**
 * Brings the cookie in step with `auth.currentUser`; resolves whether the server took it.
 * `force` sends even when the cookie should already hold this token (it may have expired
 * while the tab slept).
 */
export function syncSessionCookie(auth: Auth, force = false): Promise<boolean> {
  const step = queue.then(() => send(auth, force));
  queue = step.catch(() => {});
  return step;
}

async function send(auth: Auth, force: boolean): Promise<boolean> {
  const user = auth.currentUser;
  const token = user ? await user.getIdToken() : null;
  // Signed in or out while the token came: the change queued its own step after this one.
  if (auth.currentUser !== user) return false;
  if (token === synced && !force) return true;
  synced = undefined;
  const response = await fetch(
    SESSION_SYNC_PATH,
    token ? { method: 'POST', headers: { Authorization: `Bearer ${token}` } } : { method: 'DELETE' },
  );
  if (response.ok) synced = token;
  return response.ok;
}
