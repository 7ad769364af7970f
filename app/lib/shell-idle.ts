import { isStaleBuild, startBuildCheck } from './build-check.ts';
import { guardChunkLoads } from './reload-guard.ts';

/**
 * The app shell's watchers that need not be first-load code (components/app-shell.tsx starts
 * them once the page is idle): the chunk reload guard and new-build detection. The first build
 * check is an interval away. A part's code fetched on a press before idle (ADR 0071: idle comes
 * up to 3 s after the load event on a slow link) is not guarded: if it fails, a held link is
 * followed by a full page load and a held button press is given up, its busy mark removed
 * (hydration/hydrate-on-use.tsx); the guard covers every chunk that fails from idle on.
 */
export function startShellWatch(buildCheckMs: number): () => void {
  const stopGuard = guardChunkLoads();
  const stopBuildCheck = startBuildCheck(buildCheckMs);
  return () => {
    stopGuard();
    stopBuildCheck();
  };
}

export { isStaleBuild };
