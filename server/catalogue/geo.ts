import { type SQL, sql } from 'drizzle-orm';
import { type LatLon, resolveLocation } from '#contracts/catalogue';
import { DEFAULTS, type Unit } from '#contracts/enums';
import type { FilterParams } from './event-filters.ts';

/**
 * Distance from a searched place (SPEC §3 location and radius), as SQL for the lists and
 * as TypeScript for the search snapshot: the twins sit side by side over the same
 * constants, and event-filters.test.ts holds them equal.
 */

export type Geo = LatLon & { radius: number; unit: Unit };

/** Mean earth radius (IUGG), km. */
export const EARTH_KM = 6371.0088;
export const KM_PER: Record<Unit, number> = { miles: 1.609344, km: 1 };

/** The place and radius a query names, if it names one. */
export function geoOf(query: FilterParams): Geo | undefined {
  const point = resolveLocation(query);
  if (!point) return undefined;
  return { ...point, unit: query.unit ?? DEFAULTS.unit, radius: query.radius ?? DEFAULTS.radius };
}

const RADIANS = Math.PI / 180;

/** Great-circle distance in `unit`; the same formula as distanceOf below. */
export function haversine(lat1: number, lon1: number, lat2: number, lon2: number, unit: Unit): number {
  const a =
    Math.sin(((lat2 - lat1) * RADIANS) / 2) ** 2 +
    Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(((lon2 - lon1) * RADIANS) / 2) ** 2;
  return ((2 * EARTH_KM) / KM_PER[unit]) * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Great-circle (haversine) distance from the query location, in the query unit. Plain
 * float arithmetic: measured 7× cheaper per row than earthdistance's cube functions (ADR 0003).
 */
export function distanceOf(alias: string, geo: Geo): SQL {
  const lat = sql.raw(`${alias}.latitude`);
  const lon = sql.raw(`${alias}.longitude`);
  const perUnit = EARTH_KM / KM_PER[geo.unit];
  return sql`(${2 * perUnit}::float8 * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${geo.latitude}::float8) / 2), 2)
    + cos(radians(${geo.latitude}::float8)) * cos(radians(${lat}))
    * power(sin(radians(${lon} - ${geo.longitude}::float8) / 2), 2)))))`;
}

type Box = { minLat: number; maxLat: number; minLon: number; maxLon: number };
const degrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * Latitude/longitude boxes that hold every point within the radius: one box, or two when
 * the circle crosses the antimeridian; the whole band of longitudes near a pole.
 */
export function boundingBoxes(geo: Geo): Box[] {
  const angle = (geo.radius * KM_PER[geo.unit]) / EARTH_KM;
  const minLat = Math.max(-90, geo.latitude - degrees(angle));
  const maxLat = Math.min(90, geo.latitude + degrees(angle));
  const cosLat = Math.cos((geo.latitude * Math.PI) / 180);
  if (minLat <= -90 || maxLat >= 90 || angle >= Math.PI / 2 || Math.sin(angle) >= cosLat) {
    return [{ minLat, maxLat, minLon: -180, maxLon: 180 }];
  }
  const spread = degrees(Math.asin(Math.sin(angle) / cosLat));
  const minLon = geo.longitude - spread;
  const maxLon = geo.longitude + spread;
  if (minLon < -180)
    return [
      { minLat, maxLat, minLon: minLon + 360, maxLon: 180 },
      { minLat, maxLat, minLon: -180, maxLon },
    ];
  if (maxLon > 180)
    return [
      { minLat, maxLat, minLon, maxLon: 180 },
      { minLat, maxLat, minLon: -180, maxLon: maxLon - 360 },
    ];
  return [{ minLat, maxLat, minLon, maxLon }];
}

/**
 * Rows within the radius: a longitude/latitude box (events_lon_lat_idx, with column
 * statistics so the planner knows how many rows it holds), then the exact distance.
 */
export function withinRadius(alias: string, geo: Geo): SQL {
  const lon = sql.raw(`${alias}.longitude`);
  const lat = sql.raw(`${alias}.latitude`);
  const boxes = boundingBoxes(geo).map(
    (b) =>
      sql`(${lon} between ${b.minLon}::float8 and ${b.maxLon}::float8 and ${lat} between ${b.minLat}::float8 and ${b.maxLat}::float8)`,
  );
  return sql`(${sql.join(boxes, sql` or `)}) and ${distanceOf(alias, geo)} <= ${geo.radius}::float8`;
}
