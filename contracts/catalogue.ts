import { z } from 'zod';
import {
  CATALOGUE_SOURCES,
  COUNTRY_CODES,
  DEFAULTS,
  EVENT_SORTS,
  SEGMENT_IDS,
  SOURCES,
  TICKET_CATEGORIES,
  TicketCategorySchema,
  UNITS,
} from './enums.ts';

/**
 * The catalogue API contract: query schemas (they coerce query strings, accept repeated
 * params as arrays, and name the field and reason on failure) and response shapes.
 * Shapes follow the Ticketmaster Discovery API v2 that SPEC §3 and §7 quote, so a client
 * written for that API reads ours; additions are noted where they appear.
 */

// ─── Limits ──────────────────────────────────────────────────────────────────

export const LIMITS = {
  /** Largest page size (Discovery allows 200). */
  maxSize: 200,
  /** Discovery's deep-paging rule: page × size must stay below 1000. */
  deepPaging: 1000,
  keywordLength: 200,
  /** Upper bound on radius, in either unit (Discovery's cap). */
  maxRadius: 19_999,
  /** Values of one repeated parameter. */
  maxListItems: 50,
  textLength: 100,
} as const;

// ─── Query-string helpers ────────────────────────────────────────────────────

/** SPEC §5: empty params are dropped. Blank strings count as absent. */
function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A scalar param: a repeated one is refused rather than silently picking one value. */
function single(value: unknown, ctx: { addIssue(issue: { code: 'custom'; message: string }): void }) {
  if (Array.isArray(value)) {
    const present = value.filter((v) => !blank(v));
    if (present.length > 1) {
      ctx.addIssue({ code: 'custom', message: 'must be given once' });
      return z.NEVER;
    }
    return present[0];
  }
  return value;
}

/** Control characters (NUL above all) have no place in a name and PostgreSQL refuses NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const text = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((v) => !CONTROL.test(v), { error: 'must not contain control characters' });

function queryText(max: number = LIMITS.textLength) {
  return z.preprocess((value, ctx) => {
    const one = single(value, ctx);
    return blank(one) ? undefined : String(one).trim();
  }, text(max).optional());
}

type NumberOptions = { int?: boolean; min?: number; max?: number; exclusiveMin?: boolean };

function queryNumber({ int = false, min, max, exclusiveMin = false }: NumberOptions) {
  const kind = int ? 'a whole number' : 'a number';
  const range =
    min !== undefined && max !== undefined
      ? ` ${exclusiveMin ? 'above' : 'from'} ${min} ${exclusiveMin ? 'and at most' : 'to'} ${max}`
      : min !== undefined
        ? ` ${exclusiveMin ? 'above' : 'of at least'} ${min}`
        : '';
  const message = `must be ${kind}${range}`;
  let schema = z.number({ error: message });
  if (int) schema = schema.int({ error: message });
  if (min !== undefined)
    schema = exclusiveMin ? schema.gt(min, { error: message }) : schema.min(min, { error: message });
  if (max !== undefined) schema = schema.max(max, { error: message });
  return z.preprocess((value, ctx) => {
    const one = single(value, ctx);
    if (blank(one)) return undefined;
    // Number('0x10') and Number('1e3') parse; a query param should be plain decimal.
    return typeof one === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(one.trim()) ? Number(one) : Number.NaN;
  }, schema.optional());
}

/** The same enum with a message listing the accepted values. */
function enumItem<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

function queryEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((value, ctx) => {
    const one = single(value, ctx);
    return blank(one) ? undefined : String(one).trim();
  }, enumItem(values).optional());
}

/**
 * A repeated param (SPEC §7 "arrays repeated"); `split` also accepts Discovery's
 * comma-separated form (`genreId=a,b`).
 */
function queryList<T extends z.ZodType<string>>(item: T, { split = true } = {}) {
  return z.preprocess(
    (value) => {
      if (blank(value)) return undefined;
      const raw = (Array.isArray(value) ? value : [value]).map(String);
      const items = (split ? raw.flatMap((v) => v.split(',')) : raw).map((v) => v.trim()).filter(Boolean);
      return items.length > 0 ? items : undefined;
    },
    z
      .array(item)
      .max(LIMITS.maxListItems, { error: `must list at most ${LIMITS.maxListItems} values` })
      .optional(),
  );
}

/** Ids are opaque (Discovery ids, demo ids); only their length is bounded. */
const idText = text(LIMITS.textLength).refine((v) => v.length > 0, { error: 'must not be empty' });

/** SPEC §3: startDateTime / endDateTime are ISO UTC without milliseconds. */
const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;
export function parseIsoUtc(value: string): Date | undefined {
  const m = ISO_UTC.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 2025-02-30 over to March; a real calendar date survives the round trip.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60
    ? date
    : undefined;
}

function queryDateTime() {
  return z.preprocess(
    (value, ctx) => {
      const one = single(value, ctx);
      return blank(one) ? undefined : String(one).trim();
    },
    z
      .string()
      .refine((v) => parseIsoUtc(v) !== undefined, {
        error: 'must be an ISO 8601 UTC date-time without milliseconds, e.g. 2030-06-01T00:00:00Z',
      })
      .optional(),
  );
}

const COORDINATE = '-?\\d{1,3}(?:\\.\\d+)?';
const LAT_LON_COLON = new RegExp(`^(${COORDINATE}):(${COORDINATE})$`);
const LAT_LON_COMMA = new RegExp(`^(${COORDINATE}),\\s*(${COORDINATE})$`);
const GEOHASH = /^[0-9b-hjkmnp-z]{1,12}$/;

export type LatLon = { latitude: number; longitude: number };

function validLatLon(latitude: number, longitude: number): LatLon | undefined {
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : undefined;
}

/** Centre of a geohash cell (Discovery's geoPoint form), for clients written against it. */
export function decodeGeohash(hash: string): LatLon {
  const alphabet = '0123456789bcdefghjkmnpqrstuvwxyz';
  const lat = [-90, 90];
  const lon = [-180, 180];
  let even = true;
  for (const char of hash) {
    const bits = alphabet.indexOf(char);
    for (let bit = 4; bit >= 0; bit--) {
      const range = even ? lon : lat;
      const mid = (range[0]! + range[1]!) / 2;
      if ((bits >> bit) & 1) range[0] = mid;
      else range[1] = mid;
      even = !even;
    }
  }
  return { latitude: (lat[0]! + lat[1]!) / 2, longitude: (lon[0]! + lon[1]!) / 2 };
}

/** SPEC §3 geoPoint: "latitude and longitude … joined by a colon"; a geohash is also read. */
export function parseGeoPoint(value: string): LatLon | undefined {
  const m = LAT_LON_COLON.exec(value);
  if (m) return validLatLon(Number(m[1]), Number(m[2]));
  return GEOHASH.test(value) ? decodeGeohash(value) : undefined;
}

export function parseLatLong(value: string): LatLon | undefined {
  const m = LAT_LON_COMMA.exec(value);
  return m ? validLatLon(Number(m[1]), Number(m[2])) : undefined;
}

function queryPoint(parse: (v: string) => LatLon | undefined, message: string) {
  return z.preprocess(
    (value, ctx) => {
      const one = single(value, ctx);
      return blank(one) ? undefined : String(one).trim();
    },
    z
      .string()
      .refine((v) => parse(v) !== undefined, { error: message })
      .optional(),
  );
}

/** `priceRanges` items: "min-max", "min-" or "-max" in the event currency, e.g. "50-100". */
const PRICE_RANGE = /^(\d+(?:\.\d{1,2})?)?-(\d+(?:\.\d{1,2})?)?$/;
export type PriceBand = { min?: number; max?: number };
export function parsePriceBand(value: string): PriceBand | undefined {
  const m = PRICE_RANGE.exec(value.replace(/\s+/g, ''));
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  const band: PriceBand = {
    ...(m[1] !== undefined ? { min: Number(m[1]) } : {}),
    ...(m[2] !== undefined ? { max: Number(m[2]) } : {}),
  };
  return band.min !== undefined && band.max !== undefined && band.min > band.max ? undefined : band;
}

const priceBandText = z.string().refine((v) => parsePriceBand(v) !== undefined, {
  error: 'each price range is "min-max", "min-" or "-max" with min ≤ max, e.g. 50-100',
});

const localeText = z.preprocess(
  (value, ctx) => {
    const one = single(value, ctx);
    return blank(one) ? undefined : String(one).trim();
  },
  z
    .string()
    .regex(/^(\*|[a-zA-Z]{2,3}([-_][a-zA-Z]{2,4})?)(,\s*(\*|[a-zA-Z]{2,3}([-_][a-zA-Z]{2,4})?))*$/, {
      error: 'must be a language tag such as en or en-us, or *',
    })
    .optional(),
);

// ─── Query schemas ───────────────────────────────────────────────────────────

/** Filters shared by GET /events and GET /events/search (SPEC §3 filters, §7 search params). */
const filterShape = {
  keyword: queryText(LIMITS.keywordLength).describe('Words to find in event, artist and venue names (prefixes match)'),
  radius: queryNumber({ min: 0, max: LIMITS.maxRadius, exclusiveMin: true }).describe(
    `Radius around the location, in unit (default ${DEFAULTS.radius}); applies when a location is given`,
  ),
  unit: queryEnum(UNITS).describe(`Unit of radius and distance (default ${DEFAULTS.unit})`),
  locale: localeText.describe(`Locale (default ${DEFAULTS.locale}); the catalogue has one language`),
  countryCode: queryEnum(COUNTRY_CODES).describe('Venue country (ISO 3166-1 alpha-2, one of the supported countries)'),
  stateCode: queryText(10).describe('Venue state or province code'),
  city: queryList(text(LIMITS.textLength), { split: false }).describe('Venue city name (repeatable)'),
  postalCode: queryText(20).describe('Venue postal code'),
  latlong: queryPoint(
    parseLatLong,
    'must be "latitude,longitude" with latitude within ±90 and longitude within ±180',
  ).describe('Location as "latitude,longitude" (Discovery form)'),
  geoPoint: queryPoint(
    parseGeoPoint,
    'must be "latitude:longitude" with latitude within ±90 and longitude within ±180, or a geohash',
  ).describe('Location as "latitude:longitude", four decimals each; a geohash is also accepted'),
  latitude: queryNumber({ min: -90, max: 90 }).describe('Location latitude (with longitude)'),
  longitude: queryNumber({ min: -180, max: 180 }).describe('Location longitude (with latitude)'),
  attractionId: queryList(idText).describe('Attraction ids (repeatable or comma-separated)'),
  venueId: queryList(idText).describe('Venue ids (repeatable or comma-separated)'),
  segmentId: queryList(enumItem(SEGMENT_IDS)).describe('Segment ids (repeatable)'),
  genres: queryList(text(LIMITS.textLength), { split: false }).describe('Genre or sub-genre names or ids (repeatable)'),
  genreId: queryList(idText).describe('Genre or sub-genre ids (Discovery name for genres)'),
  source: queryList(enumItem(SOURCES)).describe('Ticket sources (repeatable or comma-separated)'),
  startDateTime: queryDateTime().describe('Events starting at or after this instant (ISO UTC, no milliseconds)'),
  endDateTime: queryDateTime().describe('Events starting at or before this instant (ISO UTC, no milliseconds)'),
  ticketCategory: queryEnum(TICKET_CATEGORIES).describe(
    `Which seat price to quote and filter on (default ${DEFAULTS.ticketCategory}; ADR 0002)`,
  ),
  priceRanges: queryList(priceBandText).describe('Price bands "min-max", "min-" or "-max" for the ticket category'),
};

type FilterInput = {
  radius?: number;
  latlong?: string;
  geoPoint?: string;
  latitude?: number;
  longitude?: number;
  startDateTime?: string;
  endDateTime?: string;
};

/** Cross-field rules shared by both queries, reported on the field a client should fix. */
function checkFilters(query: FilterInput & { sort?: string }, ctx: z.RefinementCtx) {
  if ((query.latitude === undefined) !== (query.longitude === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [query.latitude === undefined ? 'latitude' : 'longitude'],
      message: 'latitude and longitude go together',
    });
  }
  const start = query.startDateTime ? parseIsoUtc(query.startDateTime) : undefined;
  const end = query.endDateTime ? parseIsoUtc(query.endDateTime) : undefined;
  if (start && end && end < start) {
    ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'must not be before startDateTime' });
  }
  if (query.sort === 'distance,asc' && !resolveLocation(query)) {
    ctx.addIssue({
      code: 'custom',
      path: ['sort'],
      message: 'distance,asc needs a location (geoPoint, latlong or latitude and longitude)',
    });
  }
}

/** The location a query names: geoPoint, then latlong, then latitude/longitude. */
export function resolveLocation(query: FilterInput): LatLon | undefined {
  if (query.geoPoint) return parseGeoPoint(query.geoPoint);
  if (query.latlong) return parseLatLong(query.latlong);
  if (query.latitude !== undefined && query.longitude !== undefined) {
    return { latitude: query.latitude, longitude: query.longitude };
  }
  return undefined;
}

const pageShape = {
  page: queryNumber({ int: true, min: 0 }).describe('Page number, from 0'),
  size: queryNumber({ int: true, min: 1, max: LIMITS.maxSize }).describe(
    `Page size, 1 to ${LIMITS.maxSize} (default ${DEFAULTS.pageSize})`,
  ),
};

/** GET /events (SPEC §7): generic event list and the artist events list. */
export const EventsQuerySchema = z
  .object({
    ...filterShape,
    sort: queryEnum(EVENT_SORTS).describe(`Sort order (default ${DEFAULTS.sort})`),
    ...pageShape,
  })
  .superRefine((query, ctx) => {
    checkFilters(query, ctx);
    const page = query.page ?? 0;
    const size = query.size ?? DEFAULTS.pageSize;
    if (page * size >= LIMITS.deepPaging) {
      ctx.addIssue({
        code: 'custom',
        path: ['page'],
        message: `page × size must stay below ${LIMITS.deepPaging} (deep paging limit); narrow the filters instead`,
      });
    }
  });
export type EventsQuery = z.output<typeof EventsQuerySchema>;

/** GET /events/search (SPEC §7): keyword, size 5 (SPEC §9), plus the search params. */
export const SearchQuerySchema = z
  .object({
    ...filterShape,
    size: queryNumber({ int: true, min: 1, max: LIMITS.maxSize }).describe(
      `Results per list, 1 to ${LIMITS.maxSize} (default ${DEFAULTS.searchSize})`,
    ),
  })
  .superRefine((query, ctx) => checkFilters(query, ctx));
export type SearchQuery = z.output<typeof SearchQuerySchema>;

/** GET /events/{id} and friends: only the ticket category changes the answer. */
export const EventQuerySchema = z.object({
  ticketCategory: filterShape.ticketCategory,
});
export type EventQuery = z.output<typeof EventQuerySchema>;

export const IdParamsSchema = z.object({ id: idText.describe('Public id') });

// ─── Response shapes ─────────────────────────────────────────────────────────

const Link = z.object({ href: z.string() });

export const ImageSchema = z.object({
  ratio: z.enum(['16_9', '3_2', '4_3']),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  fallback: z.boolean(),
});
export type Image = z.infer<typeof ImageSchema>;

const IdName = z.object({ id: z.string(), name: z.string() });

export const ClassificationSchema = z.object({
  primary: z.boolean(),
  segment: IdName.optional(),
  genre: IdName.optional(),
  subGenre: IdName.optional(),
});
export type Classification = z.infer<typeof ClassificationSchema>;

/**
 * Discovery `upcomingEvents`: `_total` plus one count per source that has any
 * (`ticketmaster`, `universe`, …; `demo` for the built-in catalogue).
 */
export const UpcomingEventsSchema = z
  .object({ _total: z.number().int() })
  .catchall(z.number().int())
  .describe('Upcoming events: _total and a count per source');
export type UpcomingEvents = z.infer<typeof UpcomingEventsSchema>;

export const VenueSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('venue'),
  url: z.string().optional(),
  locale: z.string(),
  source: z.enum(CATALOGUE_SOURCES),
  postalCode: z.string().optional(),
  timezone: z.string().optional(),
  city: z.object({ name: z.string() }).optional(),
  state: z.object({ name: z.string().optional(), stateCode: z.string().optional() }).optional(),
  country: z.object({ name: z.string().optional(), countryCode: z.string().optional() }).optional(),
  address: z.object({ line1: z.string() }).optional(),
  /** Discovery sends coordinates as strings. */
  location: z.object({ latitude: z.string(), longitude: z.string() }).optional(),
  images: z.array(ImageSchema),
  upcomingEvents: UpcomingEventsSchema,
  _links: z.object({ self: Link }),
});
export type Venue = z.infer<typeof VenueSchema>;

export const AttractionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('attraction'),
  url: z.string().optional(),
  locale: z.string(),
  source: z.enum(CATALOGUE_SOURCES),
  /** SPEC §3 adds description to Discovery's attraction; missing when the source has none. */
  description: z.string().optional(),
  images: z.array(ImageSchema),
  classifications: z.array(ClassificationSchema),
  upcomingEvents: UpcomingEventsSchema,
  _links: z.object({ self: Link }),
});
export type Attraction = z.infer<typeof AttractionSchema>;

export const PriceRangeSchema = z.object({
  type: z.string(),
  currency: z.string(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type PriceRange = z.infer<typeof PriceRangeSchema>;

/** Price quoted for the requested ticket category (ADR 0002); an addition to Discovery. */
export const TicketPriceSchema = z.object({
  category: TicketCategorySchema,
  amount: z.number(),
  currency: z.string(),
  /** True when derived from the published range rather than published itself. */
  estimate: z.boolean(),
});
export type TicketPrice = z.infer<typeof TicketPriceSchema>;

export const EventSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('event'),
  url: z.string().optional(),
  locale: z.string(),
  source: z.enum(CATALOGUE_SOURCES),
  info: z.string().optional(),
  pleaseNote: z.string().optional(),
  images: z.array(ImageSchema),
  dates: z.object({
    start: z.object({
      localDate: z.string().optional(),
      localTime: z.string().optional(),
      dateTime: z.string().optional(),
      dateTBD: z.boolean(),
      dateTBA: z.boolean(),
      timeTBA: z.boolean(),
      noSpecificTime: z.boolean(),
    }),
    timezone: z.string().optional(),
    status: z.object({ code: z.string() }),
  }),
  classifications: z.array(ClassificationSchema),
  priceRanges: z.array(PriceRangeSchema).optional(),
  ticketPrice: TicketPriceSchema.nullable(),
  /** Present when the query named a location (Discovery: rounded to 2 decimals). */
  distance: z.number().optional(),
  units: z.enum(['MILES', 'KILOMETERS']).optional(),
  _links: z.object({
    self: Link,
    venues: z.array(Link).optional(),
    attractions: z.array(Link).optional(),
  }),
  _embedded: z.object({
    venues: z.array(VenueSchema),
    attractions: z.array(AttractionSchema),
  }),
});
export type Event = z.infer<typeof EventSchema>;

export const PageSchema = z.object({
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  number: z.number().int(),
  /** Present (true) when more than totalElements matched: counting stops at 10,000. */
  totalElementsCapped: z.literal(true).optional(),
});
export type Page = z.infer<typeof PageSchema>;

export const EventListSchema = z.object({
  _embedded: z.object({ events: z.array(EventSchema) }),
  _links: z.object({
    self: Link,
    first: Link.optional(),
    prev: Link.optional(),
    next: Link.optional(),
    last: Link.optional(),
  }),
  page: PageSchema,
});
export type EventList = z.infer<typeof EventListSchema>;

export const SearchResultSchema = z.object({
  _embedded: z.object({
    attractions: z.array(AttractionSchema),
    events: z.array(EventSchema),
  }),
  /** True when nothing matched the words as typed and these are close spellings instead. */
  fuzzy: z.boolean(),
  /** With `fuzzy`: the close spelling the results are for ("did you mean"). */
  didYouMean: z.string().optional(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const EventImagesSchema = z.object({
  type: z.literal('event'),
  id: z.string(),
  images: z.array(ImageSchema),
  _links: z.object({ self: Link }),
});
export type EventImages = z.infer<typeof EventImagesSchema>;

export const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});
