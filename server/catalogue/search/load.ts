import { sql } from 'drizzle-orm';
import { type Queryable, rows } from '../queries.ts';
import { type EventFields, EventTable } from './columns.ts';

/**
 * What the snapshot is built from, read from the database a page at a time, and what
 * tells it the catalogue moved (the newest `updated_at` of each table).
 */

export type AttractionRow = {
  id: string;
  search_text: string;
  popularity: number;
  upcoming_events: number;
  segment_id: string | null;
  genre_id: string | null;
  sub_genre_id: string | null;
  source: string;
};

export type VenueRow = {
  id: string;
  search_text: string;
  upcoming_events: number;
  city: string | null;
  state_code: string | null;
  postal_code: string | null;
};

/** Line-ups as loaded: link i ties the event loaded as row `rows[i]` to attraction `attractionIds[i]`. */
export type LineUpRows = { rows: number[]; attractionIds: string[]; positions: number[] };

export type IndexRows = {
  attractions: AttractionRow[];
  venues: VenueRow[];
  events: EventTable;
  lineUps: LineUpRows;
  /** Classification id → name, for genre filters given by name. */
  classifications: Array<{ id: string; name: string }>;
};

/** Rows per statement while loading, so other queries interleave with a rebuild. */
const PAGE = 20_000;

const EVENT_COLUMNS = sql.raw(`e.id, e.search_text, e.popularity,
  (extract(epoch from e.starts_at) * 1000)::float8 as starts_at, e.venue_id,
  e.latitude::float8 as latitude, e.longitude::float8 as longitude, e.country_code,
  e.segment_id, e.genre_id, e.sub_genre_id, e.source,
  e.price_min::float8 as price_min, e.price_max::float8 as price_max, e.currency`);

/** Every row of a select paged by id, a page at a time. */
async function paged<T extends { id: string }>(
  db: Queryable,
  select: (after: string) => ReturnType<typeof sql>,
  each: (page: T[]) => void,
): Promise<void> {
  for (let after = ''; ; ) {
    const page = await rows<T>(db, select(after));
    each(page);
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

export async function loadIndexRows(db: Queryable): Promise<IndexRows> {
  // Each row arrives with its own copy of values shared by thousands (a genre, a source, a
  // show's name on each of its dates): one copy each keeps the snapshot far smaller.
  const shared = new Map<string, string>();
  const one = <T extends string | null>(value: T): T => {
    if (value === null) return value;
    const known = shared.get(value);
    if (known !== undefined) return known as T;
    shared.set(value, value);
    return value;
  };
  const attractions: AttractionRow[] = [];
  await paged<AttractionRow>(
    db,
    (after) => sql`select a.id, a.search_text, a.popularity, a.upcoming_events, a.segment_id, a.genre_id,
      a.sub_genre_id, a.source from attractions a where a.id > ${after} order by a.id limit ${PAGE}`,
    (page) => {
      for (const a of page) {
        a.segment_id = one(a.segment_id);
        a.genre_id = one(a.genre_id);
        a.sub_genre_id = one(a.sub_genre_id);
        a.source = one(a.source);
        attractions.push(a);
      }
    },
  );
  const venues: VenueRow[] = [];
  await paged<VenueRow>(
    db,
    (after) => sql`select v.id, v.search_text, v.upcoming_events, v.city, v.state_code, v.postal_code
      from venues v where v.id > ${after} order by v.id limit ${PAGE}`,
    (page) => venues.push(...page),
  );
  // Events a page at a time, each page with its line-ups (the same id range of the link
  // table's primary key), so a link finds its event's row without a search.
  const events = new EventTable();
  const lineUps: LineUpRows = { rows: [], attractionIds: [], positions: [] };
  for (let after = ''; ; ) {
    const page = await rows<EventFields>(
      db,
      sql`select ${EVENT_COLUMNS} from events e where e.id > ${after} order by e.id limit ${PAGE}`,
    );
    if (page.length === 0) break;
    const last = page[page.length - 1]!.id;
    const links = await rows<{ event_id: string; attraction_id: string; position: number }>(
      db,
      sql`select event_id, attraction_id, position from event_attractions
        where event_id > ${after} and event_id <= ${last} order by event_id, attraction_id`,
    );
    const rowOf = new Map(page.map((e, i) => [e.id, events.size + i]));
    for (const e of page) {
      e.search_text = one(e.search_text);
      events.push(e);
    }
    for (const link of links) {
      const row = rowOf.get(link.event_id);
      if (row === undefined) continue; // an event written after its page was read
      lineUps.rows.push(row);
      lineUps.attractionIds.push(link.attraction_id);
      lineUps.positions.push(link.position);
    }
    if (page.length < PAGE) break;
    after = last;
  }
  const classifications = await rows<{ id: string; name: string }>(db, sql`select id, name from classifications`);
  return { attractions, venues, events, lineUps, classifications };
}

export type ChangedEvent = EventFields & { updated_at: string };

/**
 * Events written after `since` (`from`: at or after it), with their line-ups (for in-place
 * patches). The rows stamped with the newest time already seen are in the snapshot: a writer
 * stamps all its rows with its transaction's time (the demo catalogue 2,000 at a time), so
 * asking for them again would count a whole batch as changed.
 */
export async function loadChangedEvents(
  db: Queryable,
  since: string,
  limit: number,
  bound: 'after' | 'from' = 'after',
): Promise<{ events: ChangedEvent[]; lineUps: Array<[string, string, number]> }> {
  const events = await rows<ChangedEvent>(
    db,
    sql`select ${EVENT_COLUMNS}, e.updated_at::text as updated_at from events e
      where ${bound === 'after' ? sql`e.updated_at > ${since}::timestamptz` : sql`e.updated_at >= ${since}::timestamptz`}
      order by e.id limit ${limit}`,
  );
  if (events.length === 0) return { events, lineUps: [] };
  const links = await rows<{ event_id: string; attraction_id: string; position: number }>(
    db,
    sql`select event_id, attraction_id, position from event_attractions where event_id in ${events.map((e) => e.id)}`,
  );
  return { events, lineUps: links.map((l) => [l.event_id, l.attraction_id, l.position]) };
}

export type CatalogueVersion = {
  events: string | null;
  attractions: string | null;
  venues: string | null;
  /** The database's clock when it was read. */
  now: string;
};

/** The newest write to each searched table (indexed, so this costs three index probes). */
export async function catalogueVersion(db: Queryable): Promise<CatalogueVersion> {
  const [row] = await rows<CatalogueVersion>(
    db,
    sql`select (select max(updated_at) from events)::text as events,
      (select max(updated_at) from attractions)::text as attractions,
      (select max(updated_at) from venues)::text as venues, now()::text as now`,
  );
  return row!;
}
