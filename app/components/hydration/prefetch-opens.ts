import { OPENS, type Opens } from './part-code';

/**
 * The same modules as the build names them (vite.config.ts writes the files each needs to
 * build/client/part-files.json), beside part-code.ts's importers of them; prefetch-opens.test.ts
 * checks the twins agree.
 */
export const OPENS_MODULES: Record<Opens, string> = {
  dates: 'app/components/date-popover.tsx',
  location: 'app/components/location-popover.tsx',
  'search-settings': 'app/components/search-settings-dialog.tsx',
  'search-panel': 'app/components/search-panel.tsx',
  'sign-in': 'app/components/auth/sign-in-dialog.tsx',
  'watch-target': 'app/components/tracking/watch-target-popover.tsx',
};

/** Written by the build (vite.config.ts partFiles): the files each module loaded on use needs. */
const PART_FILES = '/part-files.json';

type PartFiles = { id: string; parts: Record<string, string[]> };

const PREFETCHES_IN_FLIGHT = 2;

/**
 * Once the page is idle: the code of what its controls open (a press's popup or dialog, with
 * their packages and stylesheets) goes into the browser's cache, as `<link rel="prefetch">`,
 * at the lowest priority, two at a time, and without being run. A first press then waits for no round trip,
 * and evaluating the code still waits for the press: running it all while idle made long
 * tasks on phones (ADR 0029). Files the page already fetched are skipped; files of another
 * build (a page older than the server's build) are not asked for.
 */
export async function prefetchWhatPressesOpen(): Promise<void> {
  const opens = new Set<Opens>();
  for (const element of document.querySelectorAll('[data-opens]')) {
    const name = element.getAttribute('data-opens') ?? '';
    if (name in OPENS) opens.add(name as Opens);
  }
  if (opens.size === 0) return;
  // Keyed by build in the browser's cache: a page of the next build does not get this one's list.
  const response = await fetch(`${PART_FILES}?build=${encodeURIComponent(__ENCORE_BUILD_ID__)}`);
  if (!response.ok) return;
  const { id, parts } = (await response.json()) as PartFiles;
  if (id !== __ENCORE_BUILD_ID__) return;
  const fetched = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  // In the order the controls come on the page; each file once.
  const files = [...opens]
    .flatMap((name) => parts[OPENS_MODULES[name]] ?? [])
    .filter((file) => {
      if (fetched.has(file)) return false;
      fetched.add(file);
      return true;
    });
  // Two at a time: the page stays quiet for what else it does (and for what measures time
  // to interactive: at most two requests in flight), and on a slow link the first control's
  // files arrive first.
  const next = () => {
    const file = files.shift();
    if (!file) return;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    link.as = file.endsWith('.css') ? 'style' : 'script';
    link.addEventListener('load', next, { once: true });
    link.addEventListener('error', next, { once: true });
    document.head.append(link);
  };
  for (let i = 0; i < PREFETCHES_IN_FLIGHT; i++) next();
}
