import { notifyCatalogueChanged, onCatalogueChanged } from '../changes.ts';
import type { Queryable } from '../queries.ts';
import { compareIds } from './columns.ts';
import { type CatalogueVersion, catalogueVersion, loadChangedEvents, loadIndexRows } from './load.ts';
import { SearchIndex } from './snapshot.ts';

/**
 * One snapshot per database, kept fresh (ADR 0030): writers in this process say so
 * (changes.ts), otherwise the newest `updated_at` is looked at every CHECK_MS; a few
 * changed events are patched in place, more rebuild, and it is rebuilt every MAX_AGE_MS.
 */

/**
 * How often a served snapshot asks whether the catalogue changed (one indexed query). Every
 * write is heard through changes.ts (LISTEN/NOTIFY on a PostgreSQL server) and refreshes the
 * snapshot at once, with or without traffic; this look stays as the safety net for while a
 * LISTEN connection is being opened again (ADR 0018).
 */
const CHECK_MS = 2_000;
/**
 * Rebuilt at least this often. Every write moves `updated_at` (upcoming counts included,
 * counts.ts), but a transaction in another process can commit rows stamped before the
 * newest one already seen; LOOKBACK_MS catches short ones, this the rest. A million events
 * take a few seconds to rebuild, in steps, so it is not done more often than needed.
 */
const MAX_AGE_MS = 60 * 60_000;
/** A patch also rereads events stamped up to this long before the last look (late commits). */
const LOOKBACK_MS = 5_000;
/** More changed events than this since the last look is an ingest: rebuild instead of patching. */
const PATCH_LIMIT = 2_000;

type Holder = {
  db: WeakRef<Queryable>;
  index?: SearchIndex;
  version?: CatalogueVersion;
  builtAt: number;
  checkedAt: number;
  generation: number;
  /** A change may have been missed (changes.ts `full`): the next refresh rebuilds. */
  rebuild: boolean;
  /** The `updated_at` each event was last patched at, so a lookback patches only news. */
  patched: Map<string, string>;
  pending?: Promise<void>;
  /** The refresh under way, or REFRESH_WAIT_MS after it began, whichever comes first. */
  waited?: Promise<void>;
};

const holders = new WeakMap<object, Holder>();
/** Snapshots in use, refreshed as soon as a change is heard (each goes with its database). */
const live = new Set<WeakRef<Holder>>();
/**
 * Bumped by every change heard (changes.ts): the next search waits for the refresh it
 * starts, up to REFRESH_WAIT_MS. Without changes heard, the catalogue is looked at every
 * CHECK_MS under traffic.
 */
let generation = 0;
onCatalogueChanged((change) => {
  generation++;
  for (const ref of live) {
    const h = ref.deref();
    const db = h?.db.deref();
    if (!h || !db) {
      live.delete(ref);
      continue;
    }
    if (change.full) h.rebuild = true;
    if (h.index) startRefresh(db, h);
  }
});

/** The snapshot to search, built on first use and kept fresh (see CHECK_MS and `generation`). */
export async function searchIndexFor(db: Queryable): Promise<SearchIndex> {
  let holder = holders.get(db);
  if (!holder) {
    holder = { db: new WeakRef(db), builtAt: 0, checkedAt: 0, generation: -1, rebuild: false, patched: new Map() };
    holders.set(db, holder);
    live.add(new WeakRef(holder));
  }
  const h = holder;
  const written = h.generation !== generation;
  if (!h.index || written || Date.now() - h.checkedAt > CHECK_MS) {
    const pending = startRefresh(db, h);
    // The first build is waited for. A change heard is answered from the new snapshot when it
    // is ready within REFRESH_WAIT_MS of the refresh's start (a patch is), else from the one
    // before; a periodic look is not waited for.
    if (!h.index) await pending;
    else if (written) await h.waited;
  }
  return h.index!;
}

/**
 * The longest a search or a page waits for the snapshot to take in a change it heard. A few
 * changed events are patched in milliseconds; a rebuild (an ingest, or more than PATCH_LIMIT
 * events moved) reads the whole catalogue again, 9 s on the medium demo catalogue, and every
 * search and page that arrived meanwhile waited for it: one answer at most this late, then
 * the snapshot before until the new one is ready.
 */
export const REFRESH_WAIT_MS = 1_000;

function startRefresh(db: Queryable, h: Holder): Promise<void> {
  if (h.pending) return h.pending;
  let moved = false;
  const pending = refresh(db, h)
    .then((changed) => {
      moved = changed;
    })
    .finally(() => {
      h.pending = undefined;
      h.waited = undefined;
      // A change heard while this refresh ran is looked at now, not at the next search.
      if (h.index && h.generation !== generation) startRefresh(db, h).catch(() => undefined);
    });
  h.pending = pending;
  let timer: NodeJS.Timeout | undefined;
  let overdue = false;
  h.waited = Promise.race([
    pending.catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        overdue = true;
        resolve();
      }, REFRESH_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  pending.then(
    // Pages and answers made from the snapshot before, once the wait was over, were kept by
    // the caches that heard the change: they hear it again now that the snapshot shows it. A
    // slow look that found nothing new leaves them be.
    () => {
      if (overdue && moved) notifyCatalogueChanged();
    },
    (error: Error) => console.warn(`search index refresh failed: ${error.message}`),
  );
  return pending;
}

/** A refresh slower than this is reported: searches and page renders that heard a change wait for it. */
const SLOW_REFRESH_MS = 250;

/** Whether the snapshot now shows something it did not (the first build aside). */
async function refresh(db: Queryable, h: Holder): Promise<boolean> {
  const started = performance.now();
  let why = 'looked';
  // A snapshot replaced (the first build aside) or at least one event patched.
  let moved = false;
  const seen = generation;
  const heard = h.generation !== seen;
  const full = h.rebuild;
  h.rebuild = false;
  const version = await catalogueVersion(db);
  const now = Date.now();
  const rebuild = async (reason: string) => {
    why = `rebuilt (${reason})`;
    moved = !!h.index;
    h.index = await SearchIndex.build(await loadIndexRows(db));
    h.builtAt = now;
    h.patched.clear();
  };
  if (
    full ||
    !h.index ||
    !h.version ||
    now - h.builtAt > MAX_AGE_MS ||
    version.attractions !== h.version.attractions ||
    version.venues !== h.version.venues
  ) {
    await rebuild(
      full
        ? 'a change may have been missed'
        : !h.index || !h.version
          ? 'first build'
          : now - h.builtAt > MAX_AGE_MS
            ? 'age'
            : version.attractions !== h.version.attractions
              ? 'attractions changed'
              : 'venues changed',
    );
  } else if (heard || version.events !== h.version.events) {
    // Usually a few prices or statuses moved (tracking's market, a status change): patch them.
    const seen = h.version.events ?? '-infinity';
    const changed = await loadChangedEvents(db, seen, PATCH_LIMIT + 1);
    const news = changed.events.filter((e) => h.patched.get(e.id) !== e.updated_at);
    // Rows a transaction stamped before the newest seen but committed after the last look
    // (it began up to LOOKBACK_MS before that look): patched when the snapshot holds something
    // else; too many of them (an ingest's) are left to MAX_AGE_MS.
    const since = Math.max(stampMs(seen), stampMs(h.version.now)) - LOOKBACK_MS;
    const late =
      h.version.events === null || !(since < stampMs(seen))
        ? undefined
        : await loadChangedEvents(db, new Date(since).toISOString(), PATCH_LIMIT + 1, 'from');
    const index = h.index;
    const lateNews =
      late && late.events.length <= PATCH_LIMIT
        ? late.events.filter((e) => stampMs(e.updated_at) < stampMs(seen) && index.differs(e))
        : [];
    const lineUps = [...changed.lineUps, ...(late?.lineUps ?? [])];
    const lineUp = (id: string) =>
      lineUps
        .filter(([eventId]) => eventId === id)
        .sort((a, b) => a[2] - b[2] || compareIds(a[1], b[1]))
        .filter(([, attractionId], i, all) => i === 0 || all[i - 1]![1] !== attractionId)
        .map(([, attractionId]) => attractionId);
    const patches = [...news, ...lateNews];
    if (changed.events.length <= PATCH_LIMIT && patches.every((e) => index.patchable(e, lineUp(e.id)))) {
      if (h.patched.size > 4 * PATCH_LIMIT) h.patched.clear();
      for (const event of patches) {
        index.patch(event);
        h.patched.set(event.id, event.updated_at);
      }
      why = `patched ${patches.length} events`;
      moved = patches.length > 0;
    } else {
      await rebuild(`${changed.events.length} events changed, not all patchable`);
    }
  }
  h.version = version;
  h.checkedAt = now;
  h.generation = seen;
  const ms = performance.now() - started;
  if (ms > SLOW_REFRESH_MS && why !== 'rebuilt (first build)') {
    console.warn(`search snapshot ${why} in ${Math.round(ms)} ms${heard ? ', after a change was heard' : ''}`);
  }
  return moved;
}

/** A timestamptz as PostgreSQL prints it (`2026-11-23 20:41:49.815+00`), in ms. */
function stampMs(stamp: string): number {
  return Date.parse(stamp.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
}
