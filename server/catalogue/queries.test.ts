import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { loadAttractions, loadAttractionsByIds, loadEvents, loadEventsByIds, pickedIds } from './queries.ts';
import { daysFromNow, insertAttraction, insertEvent, insertVenue } from './testing/fixtures.ts';

/**
 * Rows by id come through the catalogue functions of migration 0015, whose plans the
 * database keeps (ADR 0048); lists the database chooses come through a statement. The two
 * are twins: these hold what a client receives from either equal, column by column.
 */
let database: Database;
const WEIRD_ID = 'E"odd,{id}\\x';

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const hall = await insertVenue(db, { id: 'V1', name: 'Harbour Hall', address: '1 Quay "East"' });
  const field = await insertVenue(db, {
    id: 'V2',
    name: 'Open Field',
    latitude: null,
    longitude: null,
    postalCode: null,
  });
  await insertAttraction(db, { id: 'A1', name: 'The Tidewalkers', description: 'Sea songs, loud.' });
  await insertAttraction(db, { id: 'A2', name: 'Ünïcode Ensemble', description: null, images: [] });
  await insertEvent(db, {
    id: 'E1',
    name: 'Tidewalkers at the Hall',
    venue: hall,
    attractionIds: ['A1', 'A2'],
    info: 'Doors at 7; "no re-entry"',
    pleaseNote: 'Bags ≤ 10 l',
    priceMin: 40.5,
    priceMax: 199.99,
    startsAt: daysFromNow(3),
  });
  await insertEvent(db, {
    id: 'E2',
    name: 'A date to be announced',
    venue: field,
    attractionIds: ['A2'],
    startsAt: null,
    priceRanges: [],
    priceMin: null,
    priceMax: null,
    currency: null,
    statusCode: 'postponed',
  });
  await insertEvent(db, { id: 'E3', name: 'Nowhere yet', venue: null, startsAt: daysFromNow(40) });
  await insertEvent(db, { id: WEIRD_ID, name: 'An id with quotes', startsAt: daysFromNow(9) });
  // An array literal's unquoted NULL is a null: this id must reach the database as text.
  await insertEvent(db, { id: 'NULL', name: 'An id that spells null', startsAt: daysFromNow(12) });
});
afterAll(async () => {
  await database?.close();
});

const hydrate = { geo: undefined, ticketCategory: 'cheapest' } as const;

describe('rows by id', () => {
  it('answers events as the statement does, in the order asked, leaving out ids the catalogue lacks', async () => {
    const ids = ['E3', 'missing', 'E1', WEIRD_ID, 'NULL', 'E2'];
    const byId = await loadEventsByIds(database.db, ids, hydrate);
    expect(byId.map((e) => e.id)).toEqual(['E3', 'E1', WEIRD_ID, 'NULL', 'E2']);
    expect(byId).toEqual(await loadEvents(database.db, pickedIds(ids), hydrate));
    const [e1] = byId.filter((e) => e.id === 'E1');
    expect(e1?.info).toBe('Doors at 7; "no re-entry"');
    expect(e1?._embedded.venues[0]?.name).toBe('Harbour Hall');
    expect(e1?._embedded.attractions.map((a) => a.id)).toEqual(['A1', 'A2']);
  });

  it('answers attractions as the statement does', async () => {
    const ids = ['A2', 'nope', 'A1'];
    const byId = await loadAttractionsByIds(database.db, ids);
    expect(byId.map((a) => a.id)).toEqual(['A2', 'A1']);
    expect(byId).toEqual(await loadAttractions(database.db, pickedIds(ids)));
  });

  it('computes a distance through the statement, as the visitor asked for it', async () => {
    const geo = { latitude: 40.7, longitude: -74, radius: 100, unit: 'km' } as const;
    const [e1] = await loadEventsByIds(database.db, ['E1'], { ...hydrate, geo });
    expect(e1?.distance).toBeGreaterThan(0);
  });

  it('answers nothing for no ids', async () => {
    expect(await loadEventsByIds(database.db, [], hydrate)).toEqual([]);
    expect(await loadAttractionsByIds(database.db, [])).toEqual([]);
  });
});
