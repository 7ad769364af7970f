/**
 * SPEC §9: pages behind links the visitor points at or focuses are fetched ahead (route code
 * and data, through React Router's PrefetchPageLinks and, for the catalogue pages, their own
 * clientLoaders: components/app-shell.tsx, lib/page-prefetch.ts), 1 s after the intent and
 * never on very slow connections; the queue stops above 4 pending route preloads, so
 * sweeping the pointer across a list does not start a download per link.
 */
export const PAYLOAD_PREFETCH_DELAY_MS = 1000;
export const MAX_PENDING_PRELOADS = 4;

type ConnectionInfo = { effectiveType?: string; saveData?: boolean };

export function isVerySlowConnection(): boolean {
  const connection = (navigator as { connection?: ConnectionInfo }).connection;
  return !!connection && (connection.saveData === true || ['slow-2g', '2g'].includes(connection.effectiveType ?? ''));
}

export function createPreloadQueue(onReady: (path: string) => void) {
  const pending = new Map<string, number>();
  const done = new Set<string>();
  return {
    /** False when the page is not queued: already fetched, already pending, slow connection or queue full. */
    add(path: string): boolean {
      if (done.has(path) || pending.has(path) || isVerySlowConnection()) return false;
      if (pending.size >= MAX_PENDING_PRELOADS) return false;
      const timer = window.setTimeout(() => {
        pending.delete(path);
        done.add(path);
        onReady(path);
      }, PAYLOAD_PREFETCH_DELAY_MS);
      pending.set(path, timer);
      return true;
    },
    clear() {
      for (const timer of pending.values()) window.clearTimeout(timer);
      pending.clear();
    },
  };
}
