import { SEGMENTS } from '../../../contracts/enums.ts';
import type { Db } from '../../db/client.ts';
import { attractions, classifications, eventAttractions, events, venues } from '../../db/schema.ts';
import { searchText } from '../text.ts';

/**
 * A small factory for catalogue rows in tests: every field a test does not care about gets
 * a plausible default, search_text is derived from the name exactly as the writers do, and
 * events copy their venue's coordinates and country as the schema expects.
 */

type VenueInsert = typeof venues.$inferInsert;
type AttractionInsert = typeof attractions.$inferInsert;
type EventInsert = typeof events.$inferInsert;
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
    .values({
      source: 'demo',
      sourceId: id,
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
      searchText: searchText(values.name),
    })
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
    .values({
      source: 'demo',
      sourceId: id,
      segmentId: SEGMENTS.music.id,
      genreId: GENRES.rock.id,
      subGenreId: SUB_GENRES.alternativeRock.id,
      images: [image('16_9', 1024, id), image('3_2', 640, id)],
      ...values,
      id,
      searchText: searchText(values.name),
    })
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
    .values({
      source: 'demo',
      sourceId: id,
      segmentId: SEGMENTS.music.id,
      genreId: GENRES.rock.id,
      subGenreId: SUB_GENRES.alternativeRock.id,
      localDate: startsAt ? startsAt.toISOString().slice(0, 10) : null,
      localTime: startsAt ? startsAt.toISOString().slice(11, 19) : null,
      venueId: venue?.id ?? null,
      latitude: venue?.latitude ?? null,
      longitude: venue?.longitude ?? null,
      countryCode: venue?.countryCode ?? null,
      priceRanges: [{ type: 'standard', currency: 'USD', min: 40, max: 200 }],
      priceMin: 40,
      priceMax: 200,
      currency: 'USD',
      images: [image('16_9', 1024, id), image('4_3', 305, id), image('3_2', 640, id)],
      ...columns,
      startsAt,
      id,
      searchText: searchText(values.name),
    })
    .returning();
  if (attractionIds.length > 0) {
    await db
      .insert(eventAttractions)
      .values(attractionIds.map((attractionId, position) => ({ eventId: id, attractionId, position })));
  }
  return row!;
}
