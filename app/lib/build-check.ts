/**
 * SPEC §4 new build detection: the browser polls the latest-build file (written by the build,
 * vite.config.ts) with a timestamp query, every BUILD_CHECK_INTERVAL_MS (an hour by default);
 * when its id differs from the running code's, the next navigation loads the whole page, so
 * nobody keeps clicking through an old build whose chunks the server no longer has.
 */

export const BUILD_FILE = '/build.json';
let stale = false;

export const runningBuild = () => __ENCORE_BUILD_ID__;
export const isStaleBuild = () => stale;

export async function checkBuild(): Promise<boolean> {
  try {
    const response = await fetch(`${BUILD_FILE}?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return stale;
    const { id } = (await response.json()) as { id?: unknown };
    if (typeof id === 'string' && id !== runningBuild()) stale = true;
  } catch {
    // Offline or mid-deploy: ask again next time.
  }
  return stale;
}

export function startBuildCheck(intervalMs: number): () => void {
  const timer = window.setInterval(() => void checkBuild(), intervalMs);
  // A click on one of our links while stale becomes a full page load.
  const onClick = (event: MouseEvent) => {
    if (!stale || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.target || link.hasAttribute('download') || link.origin !== window.location.origin) return;
    event.preventDefault();
    window.location.assign(link.href);
  };
  window.addEventListener('click', onClick, true);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('click', onClick, true);
  };
}
