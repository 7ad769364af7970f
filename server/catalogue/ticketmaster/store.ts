import { and, getTableColumns, getTableName, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { attractions, classifications, eventAttractions, events, venues } from '../../db/schema.ts';
import type { AttractionRow, ClassificationRow, EventRow, ParsedEvent, VenueRow } from './parser.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type StoredCounts = { events: number; venues: number; attractions: number; classifications: number };

export const storedTotal = (c: StoredCounts) => c.events + c.venues + c.attractions + c.classifications;

/**
 * Writes one page of parsed events: classifications, venues and attractions first (events
 * reference them), then events, then each event's attraction list. Every write is an upsert
 * keyed by (source, source_id) (classifications by their Discovery id), so a page stored twice
 * leaves the same rows; rows repeated within a page are merged first because one INSERT may
 * not update the same row twice.
 */
export async function storePage(tx: Db | Tx, items: ParsedEvent[]): Promise<StoredCounts> {
  const classificationRows = unique(items.flatMap((i) => i.classifications));
  const venueRows = merged(items.flatMap((i) => (i.venue ? [i.venue] : [])));
  const attractionRows = merged(items.flatMap((i) => i.attractions));
  const eventRows = unique(items.map((i) => i.event));

  if (classificationRows.length > 0) {
    await tx
      .insert(classifications)
      .values(classificationRows)
      .onConflictDoUpdate({
        target: classifications.id,
        set: {
          level: excluded(classifications, 'level'),
          name: excluded(classifications, 'name'),
          parentId: keepKnown(classifications, 'parentId'),
        },
      });
  }
  if (venueRows.length > 0) {
    await tx
      .insert(venues)
      .values(venueRows)
      .onConflictDoUpdate({
        target: [venues.source, venues.sourceId],
        // The same venue is embedded in many events, not always with every field: a field a
        // payload leaves out keeps what an earlier payload said.
        set: {
          name: excluded(venues, 'name'),
          searchText: excluded(venues, 'searchText'),
          url: keepKnown(venues, 'url'),
          address: keepKnown(venues, 'address'),
          city: keepKnown(venues, 'city'),
          stateCode: keepKnown(venues, 'stateCode'),
          stateName: keepKnown(venues, 'stateName'),
          countryCode: keepKnown(venues, 'countryCode'),
          countryName: keepKnown(venues, 'countryName'),
          postalCode: keepKnown(venues, 'postalCode'),
          timezone: keepKnown(venues, 'timezone'),
          latitude: keepKnown(venues, 'latitude'),
          longitude: keepKnown(venues, 'longitude'),
          images: keepImages(venues),
          updatedAt: sql`now()`,
        },
      });
  }
  // Popularity comes from upcomingEvents; an embed without it must not reset a known value.
  for (const group of [
    attractionRows.filter((a) => a.popularity !== undefined),
    attractionRows.filter((a) => a.popularity === undefined),
  ]) {
    if (group.length === 0) continue;
    await tx
      .insert(attractions)
      .values(group)
      .onConflictDoUpdate({
        target: [attractions.source, attractions.sourceId],
        set: {
          name: excluded(attractions, 'name'),
          searchText: excluded(attractions, 'searchText'),
          url: keepKnown(attractions, 'url'),
          description: keepKnown(attractions, 'description'),
          segmentId: keepKnown(attractions, 'segmentId'),
          genreId: keepKnown(attractions, 'genreId'),
          subGenreId: keepKnown(attractions, 'subGenreId'),
          ...(group[0]!.popularity !== undefined ? { popularity: excluded(attractions, 'popularity') } : {}),
          images: keepImages(attractions),
          updatedAt: sql`now()`,
        },
      });
  }
  if (eventRows.length > 0) {
    // The event payload is the authority on its own fields: everything is replaced.
    // (Keys and database-generated columns such as search_vector are not ours to set.)
    const set = Object.fromEntries(
      Object.entries(getTableColumns(events))
        .filter(([key, column]) => !['id', 'source', 'sourceId'].includes(key) && !column.generated)
        .map(([key]) => [key, excluded(events, key as keyof typeof events._.columns)]),
    ) as Record<string, SQL>;
    await tx
      .insert(events)
      .values(eventRows)
      .onConflictDoUpdate({
        target: [events.source, events.sourceId],
        set: { ...set, updatedAt: sql`now()` },
      });

    const links = uniqueLinks(items);
    const eventIds = eventRows.map((e) => e.id);
    const keep = links.map((l) => `${l.eventId}|${l.attractionId}`);
    // An attraction dropped from an event's line-up loses its link.
    await tx
      .delete(eventAttractions)
      .where(
        and(
          inArray(eventAttractions.eventId, eventIds),
          keep.length > 0
            ? notInArray(sql`${eventAttractions.eventId} || '|' || ${eventAttractions.attractionId}`, keep)
            : undefined,
        ),
      );
    if (links.length > 0) {
      await tx
        .insert(eventAttractions)
        .values(links)
        .onConflictDoUpdate({
          target: [eventAttractions.eventId, eventAttractions.attractionId],
          set: { position: excluded(eventAttractions, 'position') },
        });
    }
  }
  return {
    events: eventRows.length,
    venues: venueRows.length,
    attractions: attractionRows.length,
    classifications: classificationRows.length,
  };
}

type Row = ClassificationRow | VenueRow | AttractionRow | EventRow;

/** Last one wins, as the later payload in a page is no older than the earlier one. */
function unique<T extends Row>(rows: T[]): T[] {
  const byId = new Map<string, T>();
  for (const row of rows) byId.set(row.id, row);
  return [...byId.values()];
}

/** Like the upsert below: a later copy's known fields win, its missing ones keep the earlier values. */
function merged<T extends VenueRow | AttractionRow>(rows: T[]): T[] {
  const byId = new Map<string, T>();
  for (const row of rows) {
    const previous = byId.get(row.id);
    if (!previous) {
      byId.set(row.id, row);
      continue;
    }
    const known = Object.entries(row).filter(
      ([, value]) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
    );
    byId.set(row.id, { ...previous, ...Object.fromEntries(known) });
  }
  return [...byId.values()];
}

function uniqueLinks(items: ParsedEvent[]) {
  const byKey = new Map<string, { eventId: string; attractionId: string; position: number }>();
  for (const item of items) {
    item.attractions.forEach((attraction, position) => {
      byKey.set(`${item.event.id}|${attraction.id}`, { eventId: item.event.id, attractionId: attraction.id, position });
    });
  }
  return [...byKey.values()];
}

function columnName<T extends PgTable>(table: T, key: string): string {
  const column = (getTableColumns(table) as Record<string, { name: string }>)[key];
  if (!column) throw new Error(`unknown column ${key}`);
  return column.name;
}

function excluded<T extends PgTable>(table: T, key: keyof T['_']['columns'] & string): SQL {
  return sql.raw(`excluded."${columnName(table, key)}"`);
}

/** The new value, or the stored one when the new payload does not have it. */
function keepKnown<T extends PgTable>(table: T, key: keyof T['_']['columns'] & string): SQL {
  const name = columnName(table, key);
  return sql.raw(`coalesce(excluded."${name}", "${getTableName(table)}"."${name}")`);
}

function keepImages<T extends PgTable>(table: T): SQL {
  const name = getTableName(table);
  return sql.raw(
    `case when jsonb_array_length(excluded."images") > 0 then excluded."images" else "${name}"."images" end`,
  );
}
