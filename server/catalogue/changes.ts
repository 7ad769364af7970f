/**
 * "The catalogue changed", said in-process by every writer once its rows are committed (the
 * demo load, a Ticketmaster sync run, the market simulator), heard by whatever keeps copies
 * of what the catalogue answered (the anonymous page cache, server/page-cache.ts). Writers in
 * other processes (a sync run from the command line against a PostgreSQL server) are not
 * heard: those copies expire by their own TTL (ADR 0009).
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` after every change; returns the function that stops it. */
export function onCatalogueChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifyCatalogueChanged(): void {
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (error) {
      // A listener's failure must not fail the write that already committed.
      console.warn(`catalogue change listener failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
