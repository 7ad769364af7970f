import { type SQL, sql } from 'drizzle-orm';
import { type EventsQuery, parseIsoUtc, parsePriceBand, type SearchQuery } from '#contracts/catalogue';
import { type CatalogueSource, DEFAULTS } from '#contracts/enums';
import { geoOf, haversine, withinRadius } from './geo.ts';
import { ticketPrice, ticketPriceSql } from './ticket-category.ts';

/**
 * The event filters of SPEC §3 (dates, location and radius, country, city, state, postal
 * code, venue, attraction, segment, genre, source, price), defined once. Each filter is
 * built from the parsed query and has two sides: `where`, a condition on events `e` for the
 * lists' SQL (queries.ts, events.ts), and `keeps`, the same rule over the search
 * snapshot's columns (search/snapshot.ts). event-filters.test.ts runs the same queries
 * through both and compares the events kept.
 */

export type FilterParams = Omit<SearchQuery, 'size'> | Omit<EventsQuery, 'sort' | 'page' | 'size'>;

/** Whether the event at a snapshot row passes. */
export type Accept = (row: number) => boolean;

/** The snapshot's columns a filter may read. */
export type CodedColumn = 'venue_id' | 'country_code' | 'segment_id' | 'genre_id' | 'sub_genre_id' | 'source';

/** A venue's place, as the city, state and postal code filters read it. */
export type VenuePlace = { city: string | null; state_code: string | null; postal_code: string | null };

/** The snapshot's events, a row each, as the filters read them (search/snapshot.ts). */
export interface EventColumns {
  /** Start in ms since the epoch; NaN when the date is TBA. */
  readonly startsAt: Float64Array;
  /** Coordinates, and published price bounds; NaN when unknown. */
  readonly latitude: Float64Array;
  readonly longitude: Float64Array;
  readonly priceMin: Float64Array;
  readonly priceMax: Float64Array;
  /** Rows whose `column` holds one of `values`. */
  among(column: CodedColumn, values: Iterable<string>): Accept;
  /** Ids of the venues whose place passes `test`. */
  venues(test: (venue: VenuePlace) => boolean): string[];
  /** Rows with one of these attractions anywhere on the bill. */
  featuring(attractionIds: readonly string[]): Accept;
  /** The classification ids these ids or names (any case) stand for, themselves included. */
  classifications(idsOrNames: readonly string[]): Set<string>;
}

export type EventFilter = {
  /** The condition on events `e`. */
  where: SQL;
  /** The same rule over the snapshot's rows. */
  keeps(columns: EventColumns): Accept;
};

/**
 * Start for ordering and "upcoming": date-TBA events sort after every dated one and count
 * as upcoming. Must match events_start_order_idx (server/db/schema.ts).
 */
export const START_ORDER = sql.raw(`coalesce(e.starts_at, 'infinity'::timestamptz)`);

/**
 * Rows from the built-in demo catalogue stand in for Ticketmaster's (ADR 0003): the SPEC
 * §3 default filter is source=ticketmaster, and the demo catalogue is what a fresh install
 * serves in its place.
 */
export function sourcesFor(requested: string[]): CatalogueSource[] {
  const sources = new Set(requested as CatalogueSource[]);
  if (sources.has('ticketmaster')) sources.add('demo');
  return [...sources];
}

const lower = (values: readonly string[]) => values.map((v) => v.toLowerCase());

/** A filter on one coded column, the same values on both sides. */
const among = (column: CodedColumn, values: string[]): EventFilter => ({
  where: sql`${sql.raw(`e.${column}`)} in ${values}`,
  keeps: (columns) => columns.among(column, values),
});

/** A filter on the event's venue's place. */
const venueWhere = (where: SQL, test: (venue: VenuePlace) => boolean): EventFilter => ({
  where: sql`e.venue_id in (select v.id from venues v where ${where})`,
  keeps: (columns) => columns.among('venue_id', columns.venues(test)),
});

/**
 * Every filter of the query except the keyword. Upcoming only unless a date window is
 * given (SPEC §3 default window starts now); events whose date is TBA count as upcoming but
 * fall outside any explicit window.
 */
export function eventFilters(query: FilterParams, now: Date): EventFilter[] {
  const filters: EventFilter[] = [];
  const start = query.startDateTime ? parseIsoUtc(query.startDateTime) : undefined;
  const end = query.endDateTime ? parseIsoUtc(query.endDateTime) : undefined;
  if (start || end) {
    const from = start ?? now;
    const fromMs = from.getTime();
    const toMs = end?.getTime() ?? Number.POSITIVE_INFINITY;
    filters.push({
      where: end
        ? sql`e.starts_at >= ${from.toISOString()}::timestamptz and e.starts_at <= ${end.toISOString()}::timestamptz`
        : sql`e.starts_at >= ${from.toISOString()}::timestamptz`,
      // A TBA start is NaN, which no comparison holds.
      keeps:
        ({ startsAt }) =>
        (row) =>
          startsAt[row]! >= fromMs && startsAt[row]! <= toMs,
    });
  } else {
    const nowMs = now.getTime();
    filters.push({
      where: sql`${START_ORDER} >= ${now.toISOString()}::timestamptz`,
      keeps:
        ({ startsAt }) =>
        (row) =>
          !(startsAt[row]! < nowMs),
    });
  }

  const geo = geoOf(query);
  if (geo) {
    filters.push({
      where: withinRadius('e', geo),
      // An event without coordinates is NaN miles away: never within the radius.
      keeps:
        ({ latitude, longitude }) =>
        (row) =>
          haversine(geo.latitude, geo.longitude, latitude[row]!, longitude[row]!, geo.unit) <= geo.radius,
    });
  }
  if (query.countryCode) filters.push(among('country_code', [query.countryCode]));
  if (query.city?.length) {
    const cities = lower(query.city);
    const wanted = new Set(cities);
    filters.push(
      venueWhere(sql`lower(v.city) in ${cities}`, (v) => v.city !== null && wanted.has(v.city.toLowerCase())),
    );
  }
  if (query.stateCode) {
    const state = query.stateCode.toUpperCase();
    filters.push(
      venueWhere(
        sql`upper(v.state_code) = ${state}`,
        (v) => v.state_code !== null && v.state_code.toUpperCase() === state,
      ),
    );
  }
  if (query.postalCode) {
    const postal = query.postalCode;
    filters.push(venueWhere(sql`v.postal_code = ${postal}`, (v) => v.postal_code === postal));
  }
  if (query.venueId?.length) filters.push(among('venue_id', query.venueId));
  if (query.attractionId?.length) {
    const attractionIds = query.attractionId;
    filters.push({
      where: sql`e.id in (select ea.event_id from event_attractions ea where ea.attraction_id in ${attractionIds})`,
      keeps: (columns) => columns.featuring(attractionIds),
    });
  }
  if (query.segmentId?.length) filters.push(among('segment_id', query.segmentId));
  const genres = [...(query.genres ?? []), ...(query.genreId ?? [])];
  if (genres.length) {
    // Names (any case) or ids, at genre or sub-genre level.
    const ids = sql`(select c.id from classifications c where c.id in ${genres} or lower(c.name) in ${lower(genres)})`;
    filters.push({
      where: sql`(e.genre_id in ${genres} or e.sub_genre_id in ${genres} or e.genre_id in ${ids} or e.sub_genre_id in ${ids})`,
      keeps: (columns) => {
        const wanted = columns.classifications(genres);
        const genre = columns.among('genre_id', wanted);
        const subGenre = columns.among('sub_genre_id', wanted);
        return (row) => genre(row) || subGenre(row);
      },
    });
  }
  if (query.source?.length) filters.push(among('source', sourcesFor(query.source)));
  if (query.priceRanges?.length) {
    const category = query.ticketCategory ?? DEFAULTS.ticketCategory;
    const bands = query.priceRanges.map((text) => parsePriceBand(text)!);
    const price = ticketPriceSql(category, sql`e.price_min`, sql`e.price_max`);
    const inBand = bands.map((band) => {
      const bounds = [
        band.min !== undefined ? sql`${price} >= ${band.min}::numeric` : undefined,
        band.max !== undefined ? sql`${price} <= ${band.max}::numeric` : undefined,
      ].filter((c): c is SQL => c !== undefined);
      return sql`(${sql.join(bounds, sql` and `)})`;
    });
    const orNull = (value: number) => (Number.isNaN(value) ? null : value);
    filters.push({
      where: sql`(${sql.join(inBand, sql` or `)})`,
      keeps:
        ({ priceMin, priceMax }) =>
        (row) => {
          // The amount does not depend on the currency, only its label does.
          const amount = ticketPrice(category, {
            min: orNull(priceMin[row]!),
            max: orNull(priceMax[row]!),
            currency: null,
          })?.amount;
          if (amount === undefined) return false;
          return bands.some(
            (band) => (band.min === undefined || amount >= band.min) && (band.max === undefined || amount <= band.max),
          );
        },
    });
  }
  return filters;
}

/** The filters' conditions, for a `where` clause (queries.ts whereOf). */
export const conditionsOf = (filters: readonly EventFilter[]): SQL[] => filters.map((filter) => filter.where);

/** One test for every filter, over the snapshot's rows. */
export function keepsAll(filters: readonly EventFilter[], columns: EventColumns): Accept {
  const tests = filters.map((filter) => filter.keeps(columns));
  return (row) => {
    for (const test of tests) if (!test(row)) return false;
    return true;
  };
}
