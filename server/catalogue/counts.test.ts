import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { attractions, eventAttractions, events, venues } from '../db/schema.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { refreshUpcomingCounts } from './counts.ts';

let database: Database;
const now = new Date('2026-03-01T12:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(venues).values([
    { id: 'V1', source: 'demo', sourceId: 'V1', name: 'Hall One', searchText: 'hall one' },
    { id: 'V2', source: 'demo', sourceId: 'V2', name: 'Hall Two', searchText: 'hall two' },
  ]);
  await db.insert(attractions).values([
    { id: 'A1', source: 'demo', sourceId: 'A1', name: 'Band One', searchText: 'band one' },
    { id: 'A2', source: 'demo', sourceId: 'A2', name: 'Band Two', searchText: 'band two', upcomingEvents: 7 },
  ]);
  const event = (id: string, startsAt: Date | null, venueId: string, statusCode = 'onsale') => ({
    id,
    source: 'demo' as const,
    sourceId: id,
    name: id,
    searchText: id.toLowerCase(),
    startsAt,
    venueId,
    statusCode,
  });
  await db
    .insert(events)
    .values([
      event('E-past', new Date('2026-02-01T20:00:00Z'), 'V1'),
      event('E-next', new Date('2026-03-02T20:00:00Z'), 'V1'),
      event('E-cancelled', new Date('2026-04-02T20:00:00Z'), 'V1', 'cancelled'),
      event('E-tba', null, 'V2'),
    ]);
  await db.insert(eventAttractions).values([
    { eventId: 'E-past', attractionId: 'A1' },
    { eventId: 'E-next', attractionId: 'A1' },
    { eventId: 'E-cancelled', attractionId: 'A1' },
    { eventId: 'E-tba', attractionId: 'A1' },
  ]);
});
afterAll(() => database.close());

describe('refreshUpcomingCounts', () => {
  it('counts future and date-TBA events per attraction and venue, and resets stale counts', async () => {
    const changed = await refreshUpcomingCounts(database.db, { now });
    expect(changed).toEqual({ attractions: 2, venues: 2 });
    const counts = await database.db
      .select({ id: attractions.id, n: attractions.upcomingEvents })
      .from(attractions)
      .orderBy(attractions.id);
    expect(counts).toEqual([
      { id: 'A1', n: 3 },
      { id: 'A2', n: 0 },
    ]);
    const [v1] = await database.db.select().from(venues).where(eq(venues.id, 'V1'));
    const [v2] = await database.db.select().from(venues).where(eq(venues.id, 'V2'));
    expect(v1?.upcomingEvents).toBe(2);
    expect(v2?.upcomingEvents).toBe(1);
  });

  it('writes nothing when nothing changed', async () => {
    expect(await refreshUpcomingCounts(database.db, { now })).toEqual({ attractions: 0, venues: 0 });
  });
});
