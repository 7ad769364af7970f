import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import { createTestDatabase } from '../../testing/test-db.ts';
import { notifyCatalogueChanged, onCatalogueChanged } from '../changes.ts';
import { refreshUpcomingCounts } from '../counts.ts';
import { eventRow } from '../demo/rows.ts';
import { listEvents } from '../events.ts';
import { daysFromNow, insertAttraction, insertEvent } from '../testing/fixtures.ts';
import { seedWorld, type World } from '../testing/world.ts';
import { REFRESH_WAIT_MS } from './freshness.ts';
import { searchCatalogue, withinTwoEdits } from './index.ts';
import { SearchIndex } from './snapshot.ts';

let database: Database;
let world: World;

beforeAll(async () => {
  database = await createTestDatabase();
  world = await seedWorld(database.db);
});
afterAll(async () => {
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A new artist and their event, written and announced as every writer does once committed. */
async function writeArtistWithEvent(key: string, artist: string, event: string) {
  const guest = await insertAttraction(database.db, { id: `A-${key}`, name: artist, popularity: 5 });
  await insertEvent(database.db, {
    id: `E-${key}`,
    name: event,
    venue: world.venues.barclays,
    attractionIds: [guest.id],
    startsAt: daysFromNow(9),
  });
  await refreshUpcomingCounts(database.db);
  notifyCatalogueChanged();
}

describe('the in-memory search snapshot (ADR 0010)', () => {
  it('answers an event ingested in this process at once', async () => {
    await writeArtistWithEvent('zephyr', 'Zephyr Quartet', 'Zephyr Quartet Live');
    const result = await searchCatalogue(database.db, { keyword: 'zeph' });
    expect(result._embedded.attractions.map((a) => a.name)).toEqual(['Zephyr Quartet']);
    expect(result._embedded.events.map((e) => e.id)).toEqual(['E-zephyr']);
    expect(result._embedded.events[0]?._embedded.attractions.map((a) => a.name)).toEqual(['Zephyr Quartet']);
  });

  it('shows a price written by another writer once it has looked again', async () => {
    const before = await searchCatalogue(database.db, { keyword: 'hamilton' });
    expect(before._embedded.events[0]?.ticketPrice?.amount).toBe(120);
    // As tracking's market or a sync in another process writes: no in-process signal.
    await database.db.execute(
      sql`update events set price_min = 95, price_max = 95, updated_at = now() where id = 'E-hamilton'`,
    );
    // The snapshot looks again once its check interval (2 s) has passed: on a fake clock, at once.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2_001);
      // The first search starts the look in the background; the answer follows when it is done.
      await vi.waitFor(async () => {
        const after = await searchCatalogue(database.db, { keyword: 'hamilton' });
        expect(after._embedded.events[0]?.ticketPrice?.amount).toBe(95);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('embeds the whole line-up, headliner first, as the lists do', async () => {
    const now = new Date();
    const searched = await searchCatalogue(database.db, { keyword: 'lakers' }, { now });
    const listed = await listEvents(database.db, { attractionId: ['A-lakers'] }, { now });
    const lakers = searched._embedded.events.find((e) => e.id === 'E-lakers');
    expect(lakers).toEqual(listed._embedded.events.find((e) => e.id === 'E-lakers'));
    expect(lakers?._embedded.attractions.map((a) => a.name)).toEqual(['Los Angeles Lakers', 'Boston Celtics']);
  });
});

const priceOf = async (keyword: string) =>
  (await searchCatalogue(database.db, { keyword }))._embedded.events[0]?.ticketPrice?.amount;

describe('the search snapshot after a change is heard (ADR 0030)', () => {
  it('patches a price moved after a load that stamped 2,001 events at one time', async () => {
    // One statement, one transaction time for every row: as the demo catalogue is written.
    await database.db.insert(events).values(
      Array.from({ length: 2_001 }, (_, i) =>
        eventRow({
          id: `E-batch-${String(i).padStart(4, '0')}`,
          name: i === 7 ? 'Quillfeather Gala' : `Harbour Evening ${i}`,
          venue: world.venues.barclays,
          startsAt: daysFromNow(20),
          localDate: daysFromNow(20).toISOString().slice(0, 10),
          priceRanges: [{ type: 'standard', currency: 'USD', min: 50, max: 90 }],
          priceMin: 50,
          priceMax: 90,
          currency: 'USD',
        }),
      ),
    );
    notifyCatalogueChanged();
    expect(await priceOf('quillfeather')).toBe(50);

    const builds = vi.spyOn(SearchIndex, 'build');
    await database.db.execute(
      sql`update events set price_min = 35, price_max = 35, updated_at = now() where id = 'E-batch-0007'`,
    );
    notifyCatalogueChanged();
    expect(await priceOf('quillfeather')).toBe(35);
    // One event moved: patched in place. Counting the load's 2,001 rows again rebuilt the
    // whole snapshot, and every search and page waited for it.
    expect(builds).not.toHaveBeenCalled();
  });

  it('answers from the snapshot before while a rebuild takes longer than the wait', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const build = SearchIndex.build.bind(SearchIndex);
    vi.spyOn(SearchIndex, 'build').mockImplementation(async (...args) => {
      await held;
      return build(...args);
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    // A new artist: the snapshot is rebuilt, not patched.
    await writeArtistWithEvent('marigold', 'Marigold Ensemble', 'Marigold Ensemble in Concert');

    let answered = false;
    const during = searchCatalogue(database.db, { keyword: 'marigold' }).finally(() => {
      answered = true;
    });
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_MS - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    // Answered on time, from what was there before the change.
    expect((await during)._embedded.attractions).toEqual([]);

    // The page and answer caches kept what was made meanwhile: they hear of the change again.
    let heardAgain = 0;
    const stop = onCatalogueChanged(() => heardAgain++);
    finish();
    vi.useRealTimers();
    try {
      await vi.waitFor(async () => {
        const after = await searchCatalogue(database.db, { keyword: 'marigold' });
        expect(after._embedded.attractions.map((a) => a.name)).toEqual(['Marigold Ensemble']);
      });
      expect(heardAgain).toBe(1);
    } finally {
      stop();
    }
  });
});

describe('withinTwoEdits', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours, up to two', () => {
    expect(withinTwoEdits('emet', 'emmett')).toBe(true);
    expect(withinTwoEdits('caloway', 'calloway')).toBe(true);
    expect(withinTwoEdits('hamlitno', 'hamilton')).toBe(true);
    expect(withinTwoEdits('seltiks', 'celtics')).toBe(true);
    expect(withinTwoEdits('emet', 'emmettt')).toBe(false);
    expect(withinTwoEdits('zzqxw', 'celtics')).toBe(false);
  });
});
