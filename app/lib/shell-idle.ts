import { isStaleBuild, startBuildCheck } from './build-check.ts';
import { guardChunkLoads } from './reload-guard.ts';

/**
 * The app shell's watchers that need not be first-load code (components/app-shell.tsx starts
 * them once the page is idle): the chunk reload guard and new-build detection. Neither can
 * act before then: chunks load on use or after idle, and the first build check is an
 * interval away.
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
