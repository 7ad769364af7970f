import { SEGMENTS } from '#contracts/enums';
import type { Db } from '../../db/client.ts';
import { attractions, classifications, eventAttractions, events, venues } from '../../db/schema.ts';
import {
  type AttractionInsert,
  attractionRow,
  type EventInsert,
  eventRow,
  type VenueInsert,
  venueRow,
} from '../demo/rows.ts';

/**
 * Catalogue rows for tests, one at a time: every field a test does not care about gets a
 * plausible default, and the rest is built by the demo loader's own row builders
 * (demo/rows.ts), so search text, provenance and an event's place are derived exactly as in
 * the demo catalogue. A whole generated catalogue, for tests that want volume rather than
 * named rows, is `loadDemoCatalogue(db, { events, seed, now })`.
 */

export type VenueRow = typeof venues.$inferSelect;

let counter = 0;
const nextId = (prefix: string) => `${prefix}${(++counter).toString().padStart(4, '0')}`;

export const GENRES = {
  rock: { id: 'KnvZfZ7vAeA', name: 'Rock', parentId: SEGMENTS.music.id },
  pop: { id: 'KnvZfZ7vAev', name: 'Pop', parentId: SEGMENTS.music.id },
  basketball: { id: 'KnvZfZ7vAde', name: 'Basketball', parentId: SEGMENTS.sports.id },
  theatre: { id: 'KnvZfZ7v7l1', name: 'Theatre', parentId: SEGMENTS.artsTheatre.id },
} as const;
export const SUB_GENRES = {
  alternativeRock: { id: 'KZazBEonSMnZfZ7v6dt', name: 'Alternative Rock', parentId: GENRES.rock.id },
  popRock: { id: 'KZazBEonSMnZfZ7v6F1', name: 'Pop Rock', parentId: GENRES.pop.id },
  nba: { id: 'KZazBEonSMnZfZ7vFJA', name: 'NBA', parentId: GENRES.basketball.id },
  musical: { id: 'KZazBEonSMnZfZ7v7lJ', name: 'Musical', parentId: GENRES.theatre.id },
} as const;

/** Segment, genre and sub-genre names as the Discovery classification tree has them. */
export async function insertClassifications(db: Db) {
  await db
    .insert(classifications)
    .values([
      ...Object.values(SEGMENTS).map((s) => ({ id: s.id, level: 'segment' as const, name: s.name, parentId: null })),
      ...Object.values(GENRES).map((g) => ({ ...g, level: 'genre' as const })),
      ...Object.values(SUB_GENRES).map((g) => ({ ...g, level: 'subGenre' as const })),
    ])
    .onConflictDoNothing();
}

export const image = (ratio: '16_9' | '3_2' | '4_3', width: number, id = 'x') => ({
  ratio,
  width,
  height: Math.round((width * Number(ratio.split('_')[1])) / Number(ratio.split('_')[0])),
  url: `/api/images/test/${id}-${ratio}-${width}.jpg`,
  fallback: false,
});

export async function insertVenue(
  db: Db,
  values: Partial<Omit<VenueInsert, 'searchText'>> & { name: string },
): Promise<VenueRow> {
  const id = values.id ?? nextId('V');
  const [row] = await db
    .insert(venues)
    .values(
      venueRow({
        city: 'New York',
        stateCode: 'NY',
        stateName: 'New York',
        countryCode: 'US',
        countryName: 'United States Of America',
        postalCode: '10001',
        timezone: 'America/New_York',
        latitude: 40.7505,
        longitude: -73.9934,
        ...values,
        id,
      }),
    )
    .returning();
  return row!;
}

export async function insertAttraction(
  db: Db,
  values: Partial<Omit<AttractionInsert, 'searchText'>> & { name: string },
): Promise<typeof attractions.$inferSelect> {
  const id = values.id ?? nextId('A');
  const [row] = await db
    .insert(attractions)
    .values(
      attractionRow({
        segmentId: SEGMENTS.music.id,
        genreId: GENRES.rock.id,
        subGenreId: SUB_GENRES.alternativeRock.id,
        images: [image('16_9', 1024, id), image('3_2', 640, id)],
        ...values,
        id,
      }),
    )
    .returning();
  return row!;
}

const DAY = 24 * 60 * 60 * 1000;
/** A whole-second instant `days` from now, as events carry (SPEC §3: no milliseconds). */
export const daysFromNow = (days: number, from = Date.now()) => new Date(Math.floor((from + days * DAY) / 1000) * 1000);

export async function insertEvent(
  db: Db,
  values: Partial<Omit<EventInsert, 'searchText'>> & {
    name: string;
    venue?: VenueRow | null;
    attractionIds?: string[];
  },
): Promise<typeof events.$inferSelect> {
  const { venue, attractionIds = [], ...columns } = values;
  const id = columns.id ?? nextId('E');
  const startsAt = columns.startsAt === undefined ? daysFromNow(30) : columns.startsAt;
  const [row] = await db
    .insert(events)
    .values(
      eventRow({
        segmentId: SEGMENTS.music.id,
        genreId: GENRES.rock.id,
        subGenreId: SUB_GENRES.alternativeRock.id,
        localDate: startsAt ? startsAt.toISOString().slice(0, 10) : null,
        localTime: startsAt ? startsAt.toISOString().slice(11, 19) : null,
        venue,
        priceRanges: [{ type: 'standard', currency: 'USD', min: 40, max: 200 }],
        priceMin: 40,
        priceMax: 200,
        currency: 'USD',
        images: [image('16_9', 1024, id), image('4_3', 305, id), image('3_2', 640, id)],
        ...columns,
        startsAt,
        id,
      }),
    )
    .returning();
  if (attractionIds.length > 0) {
    await db
      .insert(eventAttractions)
      .values(attractionIds.map((attractionId, position) => ({ eventId: id, attractionId, position })));
  }
  return row!;
}
