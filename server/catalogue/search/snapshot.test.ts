import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-db.ts';
import { notifyCatalogueChanged } from '../changes.ts';
import { refreshUpcomingCounts } from '../counts.ts';
import { listEvents } from '../events.ts';
import { daysFromNow, insertAttraction, insertEvent } from '../testing/fixtures.ts';
import { seedWorld, type World } from '../testing/world.ts';
import { searchCatalogue, withinTwoEdits } from './index.ts';

let database: Database;
let world: World;

beforeAll(async () => {
  database = await createTestDatabase();
  world = await seedWorld(database.db);
});
afterAll(async () => {
  await database.close();
});

describe('the in-memory search snapshot (ADR 0010)', () => {
  it('answers an event ingested in this process at once', async () => {
    const guest = await insertAttraction(database.db, { id: 'A-zephyr', name: 'Zephyr Quartet', popularity: 5 });
    await insertEvent(database.db, {
      id: 'E-zephyr',
      name: 'Zephyr Quartet Live',
      venue: world.venues.barclays,
      attractionIds: [guest.id],
      startsAt: daysFromNow(9),
    });
    await refreshUpcomingCounts(database.db);
    notifyCatalogueChanged(); // as every writer does once its rows are committed
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
