import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { attractions, eventAttractions, events, venues } from '../../db/schema.ts';
import { imageSet } from '../images.ts';
import { searchText } from '../text.ts';
import type { DemoAttraction, DemoEvent, DemoVenue } from './model.ts';
import { SEGMENT_IDS } from './taxonomy.ts';

/**
 * Catalogue rows as our own writers make them: the demo loader and the test fixtures build
 * every venue, attraction and event through these, so derived columns (provenance, search
 * text, an event's place copied from its venue) are worked out one way for both.
 */

export type VenueInsert = typeof venues.$inferInsert;
export type AttractionInsert = typeof attractions.$inferInsert;
export type EventInsert = typeof events.$inferInsert;
export type EventAttractionInsert = typeof eventAttractions.$inferInsert;

type Derived = 'source' | 'sourceId' | 'searchText';
type Written<T extends { id?: string; source: unknown }> = Omit<T, Derived> &
  Partial<Pick<T, 'source'>> & { id: string; sourceId?: string };

/** Where an event takes place, as its venue says. */
export type EventPlace = {
  id: string;
  latitude: number | null;
  longitude: number | null;
  countryCode: string | null;
};

export function venueRow(values: Written<VenueInsert>): VenueInsert {
  return { source: 'demo', sourceId: values.id, ...values, searchText: searchText(values.name) };
}

export function attractionRow(values: Written<AttractionInsert>): AttractionInsert {
  return { source: 'demo', sourceId: values.id, ...values, searchText: searchText(values.name) };
}

/** An event copies its venue's coordinates and country (the geo and country filters read them from the event). */
export function eventRow(values: Written<EventInsert> & { venue?: EventPlace | null }): EventInsert {
  const { venue, ...columns } = values;
  return {
    source: 'demo',
    sourceId: columns.id,
    venueId: venue?.id ?? null,
    latitude: venue?.latitude ?? null,
    longitude: venue?.longitude ?? null,
    countryCode: venue?.countryCode ?? null,
    ...columns,
    searchText: searchText(columns.name),
  };
}

export function demoVenueRow(v: DemoVenue): VenueInsert {
  return venueRow({
    id: v.id,
    name: v.name,
    address: v.address,
    city: v.place.city,
    stateCode: v.place.stateCode,
    stateName: v.place.stateName,
    countryCode: v.place.countryCode,
    countryName: v.place.countryName,
    postalCode: v.postalCode,
    timezone: v.place.timezone,
    latitude: v.latitude,
    longitude: v.longitude,
    images: imageSet('venue', v.name),
  });
}

export function demoAttractionRow(a: DemoAttraction): AttractionInsert {
  return attractionRow({
    id: a.id,
    name: a.name,
    description: a.description,
    segmentId: SEGMENT_IDS[a.segment].id,
    genreId: a.genre.id,
    subGenreId: a.subGenre.id,
    popularity: a.popularity,
    images: imageSet(SEGMENT_IDS[a.segment].theme, a.name),
  });
}

export function demoEventRow(e: DemoEvent): EventInsert {
  return eventRow({
    id: e.id,
    name: e.name,
    info: e.info,
    pleaseNote: e.pleaseNote,
    localDate: e.localDate,
    localTime: e.localTime,
    startsAt: e.startsAt,
    timezone: e.venue.place.timezone,
    statusCode: e.statusCode,
    segmentId: SEGMENT_IDS[e.segment].id,
    genreId: e.genre.id,
    subGenreId: e.subGenre.id,
    venue: {
      id: e.venue.id,
      latitude: e.venue.latitude,
      longitude: e.venue.longitude,
      countryCode: e.venue.place.countryCode,
    },
    priceRanges: e.priceRanges,
    priceMin: e.priceMin,
    priceMax: e.priceMax,
    currency: e.currency,
    popularity: e.popularity,
    images: imageSet(e.imageTheme, e.imageName),
  });
}

export function demoEventAttractionRows(e: DemoEvent): EventAttractionInsert[] {
  return e.attractions.map((a, position) => ({ eventId: e.id, attractionId: a.id, position }));
}

/** Rows keyed by the table's column names, as `json_populate_recordset` reads them. */
export function byColumnName(table: PgTable, rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const names = Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]));
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      const name = names[key];
      if (!name) throw new Error(`no column for ${key}`);
      out[name] = value;
    }
    return out;
  });
}
