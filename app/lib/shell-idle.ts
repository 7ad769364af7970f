import { isStaleBuild, startBuildCheck } from './build-check.ts';
import { guardChunkLoads } from './reload-guard.ts';
import { rememberViewport } from './viewport.ts';

/**
 * The app shell's watchers that need not be first-load code (components/app-shell.tsx starts
 * them once the page is idle): the viewport cookie and its updates on resize, the chunk
 * reload guard and new-build detection. None of them can act before then: the viewport is
 * for the next request, chunks load on use or after idle, and the first build check is an
 * interval away.
 */
export function startShellWatch(buildCheckMs: number): () => void {
  rememberViewport();
  let timer: number | undefined;
  const onResize = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(rememberViewport, 250);
  };
  window.addEventListener('resize', onResize);
  const stopGuard = guardChunkLoads();
  const stopBuildCheck = startBuildCheck(buildCheckMs);
  return () => {
    window.removeEventListener('resize', onResize);
    window.clearTimeout(timer);
    stopGuard();
    stopBuildCheck();
  };
}

export { isStaleBuild };
