/**
 * SPEC §9 page-reload guard: a code chunk that fails to load (a deploy replaced it, the
 * connection dropped) reloads the page once; the time of that reload is kept in session
 * storage, and within RELOAD_GUARD_TTL_MS another failure is left to the error handling
 * instead of reloading in a loop.
 */
export const RELOAD_GUARD_KEY = 'encoreReloadGuard';
export const RELOAD_GUARD_TTL_MS = 10_000;

export function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (last && Date.now() - last < RELOAD_GUARD_TTL_MS) return false;
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  } catch {
    return false; // without storage the guard cannot stop a loop: do not start one
  }
  window.location.reload();
  return true;
}

/** Vite dispatches `vite:preloadError` when a dynamically imported chunk cannot be fetched. */
export function guardChunkLoads(): () => void {
  const onError = (event: Event) => {
    if (reloadOnce()) event.preventDefault();
    else console.warn('A part of the page could not be loaded; not reloading again so soon');
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
