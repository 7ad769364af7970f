import type { Database } from '../db/client.ts';

/**
 * "The catalogue changed", heard by whatever keeps copies of what the catalogue answered
 * (the anonymous page cache, server/page-cache.ts; search answers and the search snapshot).
 * Writers in this process say so once their rows are committed (the demo load, a Ticketmaster
 * sync run, the market simulator). On a PostgreSQL server every write to the catalogue's
 * tables also notifies channel `catalogue_changed` (a statement trigger, migration 0012), and
 * each node LISTENs (hearCatalogueChanges): writes of another node, of the sync CLI or of
 * psql reach every node within a round trip (issue 17, ADR 0018).
 */
export type CatalogueChange = {
  /** Changes may have been missed (a LISTEN connection was lost): look at everything again. */
  full: boolean;
};
type Listener = (change: CatalogueChange) => void;

const listeners = new Set<Listener>();

/** Calls `listener` after every change; returns the function that stops it. */
export function onCatalogueChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifyCatalogueChanged(change: CatalogueChange = { full: false }): void {
  for (const listener of [...listeners]) {
    try {
      listener(change);
    } catch (error) {
      // A listener's failure must not fail the write that already committed.
      console.warn(`catalogue change listener failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export const CATALOGUE_CHANNEL = 'catalogue_changed';
/** A sync run notifies per statement: notifications this close together are heard as one. */
const GATHER_MS = 50;

type ChangeLogger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * Hears every process's catalogue writes (PostgreSQL server; PGlite has one process, whose
 * writers call notifyCatalogueChanged). After a lost connection is back, everything is looked
 * at again: what was written meanwhile was not heard. Resolves once listening; the function
 * it returns stops.
 */
export async function hearCatalogueChanges(database: Database, logger: ChangeLogger): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  let gathering: NodeJS.Timeout | undefined;
  const stop = await database.listen(CATALOGUE_CHANNEL, {
    notify: () => {
      gathering ??= setTimeout(() => {
        gathering = undefined;
        notifyCatalogueChanged();
      }, GATHER_MS);
    },
    reconnected: () => {
      logger.info({ channel: CATALOGUE_CHANNEL }, 'listening for catalogue changes again: catching up');
      notifyCatalogueChanged({ full: true });
    },
    lost: (error) => logger.warn({ err: error, channel: CATALOGUE_CHANNEL }, 'catalogue change connection lost'),
  });
  return async () => {
    clearTimeout(gathering);
    await stop();
  };
}
