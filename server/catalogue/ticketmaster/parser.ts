import { z } from 'zod';
import type { EventStatusCode } from '#contracts/enums';
import type { attractions, CatalogueImage, classifications, events, PriceRange, venues } from '../../db/schema.ts';
import { searchText } from '../text.ts';

/**
 * Discovery API v2 payloads, read leniently. Real payloads omit whole branches (priceRanges,
 * images, `_embedded`, a venue's location), send coordinates as strings and add keys at will
 * (upcomingEvents). Only what makes a row meaningful is required: an id and a name. A part
 * that is malformed is dropped on its own; an item that cannot be stored becomes a skip with
 * a reason, and nothing here throws on item data.
 */

export type ClassificationRow = typeof classifications.$inferInsert;
export type VenueRow = typeof venues.$inferInsert;
export type AttractionRow = typeof attractions.$inferInsert;
export type EventRow = typeof events.$inferInsert;

export type ParsedEvent = {
  event: EventRow;
  venue: VenueRow | null;
  /** In Discovery order: the headliner first. */
  attractions: AttractionRow[];
  classifications: ClassificationRow[];
};

export type SkipKind = 'event' | 'venue' | 'attraction';
export type Skip = { kind: SkipKind; id?: string; reason: string };

export type PageInfo = { size: number; totalElements: number; totalPages: number; number: number };

export type ParsedPage = { items: ParsedEvent[]; skips: Skip[]; page: PageInfo | null };

/** The body itself is not a Discovery events page (as opposed to one bad item in it). */
export class MalformedPageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedPageError';
  }
}

// ─── Schemas ────────────────────────────────────────────────────────────────
// The shapes Ticketmaster's Discovery API sends, read leniently; our own event, venue and
// attraction payloads are contracts/catalogue.ts (EventSchema and the rest).

/** Makes a part optional and drops it (instead of failing the item) when malformed. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const requiredText = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is missing` : `${label} is not text`) })
    .trim()
    .min(1, `${label} is empty`);

const text = lenient(z.string().trim().min(1));
const flag = z.boolean().optional().catch(undefined);
const list = lenient(z.array(z.unknown()));
/** Numbers arrive as numbers, except where Discovery sends strings (coordinates). */
const numeric = lenient(
  z.union([z.number(), z.string().trim().min(1)]).transform((value, ctx) => {
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: 'custom', message: 'not a number' });
      return z.NEVER;
    }
    return number;
  }),
);

const DiscoveryImageSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  ratio: z.enum(['16_9', '3_2', '4_3']),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  fallback: z.boolean().catch(false),
});

const IdName = lenient(z.object({ id: z.string().trim().min(1), name: z.string().trim().min(1) }));

const DiscoveryClassificationSchema = z.object({
  primary: flag,
  segment: IdName,
  genre: IdName,
  subGenre: IdName,
});

const DiscoveryPriceRangeSchema = z.object({
  type: lenient(z.string()),
  currency: lenient(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/),
  ),
  min: numeric,
  max: numeric,
});

/** Open-ended: `_total`, `ticketmaster`, `tmr`, `universe`, `frontgate`, `_filtered`, … */
const DiscoveryUpcomingEventsSchema = lenient(z.record(z.string(), z.unknown()));

const DiscoveryVenueSchema = z.object({
  id: requiredText('venue id'),
  name: requiredText('venue name'),
  url: text,
  postalCode: text,
  timezone: text,
  city: lenient(z.object({ name: text })),
  state: lenient(z.object({ name: text, stateCode: text })),
  country: lenient(z.object({ name: text, countryCode: text })),
  address: lenient(z.object({ line1: text, line2: text })),
  location: lenient(z.object({ latitude: numeric, longitude: numeric })),
  images: list,
  upcomingEvents: DiscoveryUpcomingEventsSchema,
});

const DiscoveryAttractionSchema = z.object({
  id: requiredText('attraction id'),
  name: requiredText('attraction name'),
  url: text,
  description: text,
  additionalInfo: text,
  images: list,
  classifications: list,
  upcomingEvents: DiscoveryUpcomingEventsSchema,
});

const DiscoveryStartSchema = z.object({
  localDate: text,
  localTime: text,
  dateTime: text,
  dateTBD: flag,
  dateTBA: flag,
  timeTBA: flag,
  noSpecificTime: flag,
});

const DiscoveryEventSchema = z.object({
  id: requiredText('id'),
  name: requiredText('name'),
  test: flag,
  url: text,
  info: text,
  pleaseNote: text,
  images: list,
  dates: lenient(
    z.object({
      start: lenient(DiscoveryStartSchema),
      timezone: text,
      status: lenient(z.object({ code: text })),
    }),
  ),
  classifications: list,
  priceRanges: list,
  _embedded: lenient(z.object({ venues: list, attractions: list })),
});

const DiscoveryPageSchema = z.object({
  size: z.number().int().nonnegative(),
  totalElements: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  number: z.number().int().nonnegative(),
});

// ─── Page ───────────────────────────────────────────────────────────────────

/** Parses one GET /events.json answer. Throws MalformedPageError only for a body of the wrong shape. */
export function parseEventsPage(body: unknown): ParsedPage {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new MalformedPageError('the answer is not a JSON object');
  }
  const record = body as Record<string, unknown>;
  const page = DiscoveryPageSchema.safeParse(record.page);
  const embedded = record._embedded;
  // An empty result has no `_embedded` at all.
  let rawEvents: unknown[] = [];
  if (embedded !== undefined) {
    const list = (embedded as { events?: unknown } | null)?.events;
    if (!Array.isArray(list)) throw new MalformedPageError('`_embedded.events` is not a list');
    rawEvents = list;
  }
  if (!page.success && rawEvents.length > 0) throw new MalformedPageError('the answer has events but no `page`');

  const items: ParsedEvent[] = [];
  const skips: Skip[] = [];
  for (const raw of rawEvents) {
    const result = parseEvent(raw);
    skips.push(...result.skips);
    if (result.item) items.push(result.item);
  }
  return { items, skips, page: page.success ? page.data : null };
}

// ─── Event ──────────────────────────────────────────────────────────────────

export function parseEvent(raw: unknown): { item?: ParsedEvent; skips: Skip[] } {
  const skips: Skip[] = [];
  const parsed = DiscoveryEventSchema.safeParse(raw);
  if (!parsed.success) {
    const id = typeof (raw as { id?: unknown } | null)?.id === 'string' ? (raw as { id: string }).id : undefined;
    return { skips: [{ kind: 'event', id, reason: firstIssue(parsed.error) }] };
  }
  const data = parsed.data;
  // Discovery marks its own fixtures `test: true`; they are not real events.
  if (data.test === true) return { skips: [{ kind: 'event', id: data.id, reason: 'test event' }] };

  const venueResult = firstOf(data._embedded?.venues, parseVenue);
  if (venueResult?.skip) skips.push(venueResult.skip);
  const venue = venueResult?.row ?? null;

  const attractionRows: AttractionRow[] = [];
  const classificationRows = new Map<string, ClassificationRow>();
  const seen = new Set<string>();
  for (const rawAttraction of data._embedded?.attractions ?? []) {
    const result = parseAttraction(rawAttraction);
    if (result.skip) skips.push(result.skip);
    if (!result.row || seen.has(result.row.id)) continue;
    seen.add(result.row.id);
    attractionRows.push(result.row);
    for (const row of result.classifications) classificationRows.set(row.id, row);
  }

  const classification = pickClassification(data.classifications);
  for (const row of classification.rows) classificationRows.set(row.id, row);

  const start = data.dates?.start;
  const timezone = validTimezone(data.dates?.timezone) ?? validTimezone(venue?.timezone ?? undefined);
  const when = eventTiming(start, timezone);
  const prices = priceSummary(data.priceRanges);

  const event: EventRow = {
    id: data.id,
    source: 'ticketmaster',
    sourceId: data.id,
    name: data.name,
    searchText: searchText(data.name),
    url: data.url ?? null,
    info: data.info ?? null,
    pleaseNote: data.pleaseNote ?? null,
    localDate: when.localDate,
    localTime: when.localTime,
    startsAt: when.startsAt,
    timezone: timezone ?? null,
    statusCode: normaliseStatus(data.dates?.status?.code),
    segmentId: classification.segmentId,
    genreId: classification.genreId,
    subGenreId: classification.subGenreId,
    venueId: venue?.id ?? null,
    // Copied from the venue so radius filters need no join.
    latitude: venue?.latitude ?? null,
    longitude: venue?.longitude ?? null,
    countryCode: venue?.countryCode ?? null,
    priceRanges: prices.ranges,
    priceMin: prices.min,
    priceMax: prices.max,
    currency: prices.currency,
    // How big the act is: the best-known attraction's count of upcoming events.
    popularity: Math.max(0, ...attractionRows.map((a) => a.popularity ?? 0)),
    images: images(data.images),
  };
  return {
    item: { event, venue, attractions: attractionRows, classifications: [...classificationRows.values()] },
    skips,
  };
}

// ─── Venue and attraction ───────────────────────────────────────────────────

function parseVenue(raw: unknown): { row?: VenueRow; skip?: Skip } {
  const parsed = DiscoveryVenueSchema.safeParse(raw);
  if (!parsed.success) return { skip: { kind: 'venue', id: rawId(raw), reason: firstIssue(parsed.error) } };
  const v = parsed.data;
  const { latitude, longitude } = coordinates(v.location?.latitude, v.location?.longitude);
  const address = [v.address?.line1, v.address?.line2].filter(Boolean).join(', ') || null;
  return {
    row: {
      id: v.id,
      source: 'ticketmaster',
      sourceId: v.id,
      name: v.name,
      searchText: searchText(v.name),
      url: v.url ?? null,
      address,
      city: v.city?.name ?? null,
      stateCode: v.state?.stateCode ?? null,
      stateName: v.state?.name ?? null,
      countryCode: countryCode(v.country?.countryCode),
      countryName: v.country?.name ?? null,
      postalCode: v.postalCode ?? null,
      timezone: validTimezone(v.timezone) ?? null,
      latitude,
      longitude,
      images: images(v.images),
    },
  };
}

function parseAttraction(raw: unknown): { row?: AttractionRow; skip?: Skip; classifications: ClassificationRow[] } {
  const parsed = DiscoveryAttractionSchema.safeParse(raw);
  if (!parsed.success) {
    return { skip: { kind: 'attraction', id: rawId(raw), reason: firstIssue(parsed.error) }, classifications: [] };
  }
  const a = parsed.data;
  const classification = pickClassification(a.classifications);
  return {
    row: {
      id: a.id,
      source: 'ticketmaster',
      sourceId: a.id,
      name: a.name,
      searchText: searchText(a.name),
      url: a.url ?? null,
      description: a.description ?? a.additionalInfo ?? null,
      segmentId: classification.segmentId,
      genreId: classification.genreId,
      subGenreId: classification.subGenreId,
      popularity: a.upcomingEvents ? popularityFromUpcoming(upcomingTotal(a.upcomingEvents)) : undefined,
      images: images(a.images),
    },
    classifications: classification.rows,
  };
}

// ─── Parts ──────────────────────────────────────────────────────────────────

const STATUS_ALIASES: Record<string, EventStatusCode> = { canceled: 'cancelled' };

/**
 * SPEC §4 badges key on `cancelled`; Discovery sends both spellings. Unknown codes are kept
 * (lower-cased) because SPEC shows anything else raw. A missing status reads as on sale, the
 * column default, since Discovery only omits it for events that are plainly listed.
 */
export function normaliseStatus(code: string | undefined): string {
  const value = code?.trim().toLowerCase();
  if (!value) return 'onsale';
  return STATUS_ALIASES[value] ?? value;
}

/**
 * The primary classification (or the first). Discovery fills unknown levels with a
 * placeholder named "Undefined"; that is no genre, so it is treated as absent.
 */
function pickClassification(raw: unknown[] | undefined) {
  const parsed = (raw ?? [])
    .map((item) => DiscoveryClassificationSchema.safeParse(item))
    .filter((r) => r.success)
    .map((r) => r.data);
  const chosen = parsed.find((c) => c.primary === true) ?? parsed[0];
  const known = (part: { id: string; name: string } | undefined) =>
    part && part.name.toLowerCase() !== 'undefined' ? part : undefined;
  const segment = known(chosen?.segment);
  const genre = known(chosen?.genre);
  const subGenre = known(chosen?.subGenre);
  const rows: ClassificationRow[] = [];
  if (segment) rows.push({ id: segment.id, level: 'segment', name: segment.name, parentId: null });
  if (genre) rows.push({ id: genre.id, level: 'genre', name: genre.name, parentId: segment?.id ?? null });
  if (subGenre) rows.push({ id: subGenre.id, level: 'subGenre', name: subGenre.name, parentId: genre?.id ?? null });
  return {
    segmentId: segment?.id ?? null,
    genreId: genre?.id ?? null,
    subGenreId: subGenre?.id ?? null,
    rows,
  };
}

/**
 * Popularity is 0 to 100 (schema, ADR 0003). Discovery has no popularity field; the number of
 * upcoming events an act has across all sources is the best signal it gives. Logarithmic, so a
 * 40-date tour ranks well above a one-off show, and 500 dates or more is the top.
 */
export function popularityFromUpcoming(total: number): number {
  const score = (100 * Math.log1p(Math.max(0, total))) / Math.log1p(500);
  return Math.round(Math.min(100, score) * 10) / 10;
}

/** `_total` when present, else the sum of the per-source counts (keys not starting with `_`). */
export function upcomingTotal(upcoming: Record<string, unknown> | undefined): number {
  if (!upcoming) return 0;
  const total = upcoming._total;
  if (typeof total === 'number' && Number.isFinite(total) && total >= 0) return total;
  let sum = 0;
  for (const [key, value] of Object.entries(upcoming)) {
    if (!key.startsWith('_') && typeof value === 'number' && Number.isFinite(value) && value > 0) sum += value;
  }
  return sum;
}

function images(raw: unknown[] | undefined): CatalogueImage[] {
  const result: CatalogueImage[] = [];
  for (const item of raw ?? []) {
    const parsed = DiscoveryImageSchema.safeParse(item);
    if (parsed.success) result.push(parsed.data);
  }
  return result;
}

// price_min/price_max are numeric(10, 2): anything at or above this would fail the whole page.
const PRICE_CEILING = 100_000_000;

/** SPEC §2 shows one price: prefer the 'standard' ranges, fall back to any other kind. */
function priceSummary(raw: unknown[] | undefined): {
  ranges: PriceRange[];
  min: number | null;
  max: number | null;
  currency: string | null;
} {
  const ranges: PriceRange[] = [];
  for (const item of raw ?? []) {
    const parsed = DiscoveryPriceRangeSchema.safeParse(item);
    if (!parsed.success) continue;
    const { type, currency, min, max } = parsed.data;
    if (type !== undefined && type !== 'standard' && type !== 'standard including fees') continue;
    const price = (value: number | undefined) =>
      value !== undefined && value >= 0 && value < PRICE_CEILING ? value : undefined;
    const range: PriceRange = {
      type: type === 'standard including fees' ? 'standard including fees' : 'standard',
      currency: currency?.toUpperCase() ?? 'USD',
      ...(price(min) !== undefined ? { min: price(min) } : {}),
      ...(price(max) !== undefined ? { max: price(max) } : {}),
    };
    ranges.push(range);
  }
  const standard = ranges.filter((r) => r.type === 'standard');
  const chosen = standard.length > 0 ? standard : ranges;
  const mins = chosen.map((r) => r.min ?? r.max).filter((v): v is number => v !== undefined);
  const maxes = chosen.map((r) => r.max ?? r.min).filter((v): v is number => v !== undefined);
  if (mins.length === 0) return { ranges, min: null, max: null, currency: null };
  return { ranges, min: Math.min(...mins), max: Math.max(...maxes), currency: chosen[0]?.currency ?? null };
}

function coordinates(
  latitude: number | undefined,
  longitude: number | undefined,
): { latitude: number | null; longitude: number | null } {
  if (latitude === undefined || longitude === undefined) return { latitude: null, longitude: null };
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return { latitude: null, longitude: null };
  // 0,0 is open sea: Discovery's placeholder for an unknown location, not a venue.
  if (latitude === 0 && longitude === 0) return { latitude: null, longitude: null };
  return { latitude, longitude };
}

function countryCode(value: string | undefined): string | null {
  const code = value?.toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

// ─── Dates ──────────────────────────────────────────────────────────────────

type Start = z.infer<typeof DiscoveryStartSchema> | undefined;

/**
 * localDate/localTime as announced, and the UTC start used by date filters and sorting:
 * `dateTime` when given, else localDate (+ localTime, or local midnight when the time is not
 * known) in the event's or venue's timezone, else UTC. A date still to be announced (dateTBA,
 * dateTBD) has no date at all: SPEC §4 shows 'Date TBA'.
 */
export function eventTiming(
  start: Start,
  timezone: string | undefined,
): { localDate: string | null; localTime: string | null; startsAt: Date | null } {
  if (!start || start.dateTBA === true || start.dateTBD === true) {
    return { localDate: null, localTime: null, startsAt: null };
  }
  const localDate = validDate(start.localDate);
  const timeUnknown = start.timeTBA === true || start.noSpecificTime === true;
  const localTime = timeUnknown ? null : validTime(start.localTime);
  const dateTime = start.dateTime ? Date.parse(start.dateTime) : Number.NaN;
  if (localDate) {
    const startsAt = Number.isFinite(dateTime) ? dateTime : zonedToUtc(localDate, localTime ?? '00:00:00', timezone);
    return { localDate, localTime, startsAt: new Date(startsAt) };
  }
  if (!Number.isFinite(dateTime)) return { localDate: null, localTime: null, startsAt: null };
  // Only the instant is known: the wall clock at the venue follows from its timezone.
  const format = timezone ? formatter(timezone) : null;
  if (!format) return { localDate: null, localTime: null, startsAt: new Date(dateTime) };
  const wall = wallClock(dateTime, format);
  return { localDate: wall.date, localTime: timeUnknown ? null : wall.time, startsAt: new Date(dateTime) };
}

function validDate(value: string | undefined): string | undefined {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : undefined;
}

function validTime(value: string | undefined): string | null {
  const match = value?.match(/^(\d{2}):(\d{2})(?::(\d{2}))?$/);
  if (!match) return null;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (h > 23 || m > 59 || s > 59) return null;
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(timezone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timezone)) {
    try {
      formatters.set(
        timezone,
        new Intl.DateTimeFormat('en-US', {
          timeZone: timezone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
      );
    } catch {
      formatters.set(timezone, null);
    }
  }
  return formatters.get(timezone) ?? null;
}

function validTimezone(value: string | undefined): string | undefined {
  return value && formatter(value) ? value : undefined;
}

function wallClock(instant: number, format: Intl.DateTimeFormat): { date: string; time: string } {
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** Offset (ms) of `timezone` from UTC at `instant`. */
function offsetAt(instant: number, format: Intl.DateTimeFormat): number {
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of a wall-clock date and time in `timezone` (UTC when it is unknown). */
export function zonedToUtc(localDate: string, localTime: string, timezone: string | undefined): number {
  const [y, mo, d] = localDate.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = localTime.split(':').map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const format = timezone ? formatter(timezone) : null;
  if (!format) return wall;
  const first = wall - offsetAt(wall, format);
  // Around a DST change the offset at the guess may differ from the offset at the result.
  const second = offsetAt(first, format);
  return wall - second;
}

// ─── Helpers ────────────────────────────────────────────────────────────────

function firstOf<T>(raw: unknown[] | undefined, parse: (item: unknown) => T): T | undefined {
  return raw && raw.length > 0 ? parse(raw[0]) : undefined;
}

function rawId(raw: unknown): string | undefined {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id : undefined;
}

/**
 * Lenient parts never fail, so an item fails either as a whole (not an object) or on a
 * required field, whose message (from requiredText) already names it.
 */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue || issue.path.length === 0) return 'not an object';
  return issue.message;
}
