import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Full-text vector; written by the database only (trigger below). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * ADR 0003: every searchable table carries `search_text` (written by code with
 * catalogue/text.ts `searchText()`: lower case, no accents, punctuation folded) and
 * `search_vector`, `to_tsvector('simple', search_text)` kept by a BEFORE INSERT OR UPDATE
 * trigger (migration 0010), so writers only ever fill `search_text` and may copy the whole
 * row in an upsert. Stored rather than an expression index: a search that walks the
 * popularity index tests each row's vector, and parsing the text again per row cost ten times
 * as much. 'simple': no stemming or stop words, a typed prefix matches the word as written.
 * GIN on the vector serves prefix tsqueries, GIN trigram on the text the typo-tolerant
 * fallback, a text_pattern_ops btree "name starts with" ranking.
 */
const searchVector = () => tsvector('search_vector');

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Image as the Discovery API describes it (SPEC §3: ratio, width, url). */
export type CatalogueImage = {
  ratio: '16_9' | '3_2' | '4_3';
  width: number;
  height: number;
  url: string;
  fallback: boolean;
};

/** Discovery `priceRanges[]` entry. */
export type PriceRange = {
  type: 'standard' | 'standard including fees';
  currency: string;
  min?: number;
  max?: number;
};

// ─── Catalogue ────────────────────────────────────────────────────────────────

/** Segment, genre and sub-genre, keyed by the Discovery classification ids. */
export const classifications = pgTable(
  'classifications',
  {
    id: text('id').primaryKey(),
    level: text('level', { enum: ['segment', 'genre', 'subGenre'] }).notNull(),
    name: text('name').notNull(),
    parentId: text('parent_id'),
  },
  (t) => [index('classifications_parent_idx').on(t.parentId)],
);

export const venues = pgTable(
  'venues',
  {
    id: text('id').primaryKey(),
    source: text('source', { enum: ['ticketmaster', 'universe', 'frontgate', 'tmr', 'demo'] }).notNull(),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    searchText: text('search_text').notNull(),
    searchVector: searchVector(),
    url: text('url'),
    address: text('address'),
    city: text('city'),
    stateCode: text('state_code'),
    stateName: text('state_name'),
    countryCode: text('country_code'),
    countryName: text('country_name'),
    postalCode: text('postal_code'),
    timezone: text('timezone'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    images: jsonb('images').$type<CatalogueImage[]>().notNull().default([]),
    upcomingEvents: integer('upcoming_events').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('venues_source_uq').on(t.source, t.sourceId),
    index('venues_search_vector_idx').using('gin', t.searchVector),
    index('venues_city_idx').on(sql`lower(${t.city})`),
    index('venues_postal_code_idx').on(t.postalCode),
    // The newest write is how search's in-memory snapshot notices a change (ADR 0010).
    index('venues_updated_at_idx').on(t.updatedAt),
  ],
);

export const attractions = pgTable(
  'attractions',
  {
    id: text('id').primaryKey(),
    source: text('source', { enum: ['ticketmaster', 'universe', 'frontgate', 'tmr', 'demo'] }).notNull(),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    /** Lower-cased, accent-free name used by search (computed in code, see catalogue/text.ts). */
    searchText: text('search_text').notNull(),
    searchVector: searchVector(),
    url: text('url'),
    description: text('description'),
    segmentId: text('segment_id'),
    genreId: text('genre_id'),
    subGenreId: text('sub_genre_id'),
    /** 0 to 100, higher is more popular; blended with text relevance in search (ADR 0003). */
    popularity: doublePrecision('popularity').notNull().default(0),
    images: jsonb('images').$type<CatalogueImage[]>().notNull().default([]),
    /** Denormalised count of upcoming events, refreshed after each ingest. */
    upcomingEvents: integer('upcoming_events').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attractions_source_uq').on(t.source, t.sourceId),
    index('attractions_search_vector_idx').using('gin', t.searchVector),
    index('attractions_search_prefix_idx').on(t.searchText.op('text_pattern_ops')),
    index('attractions_popularity_idx').on(t.popularity.desc()),
    index('attractions_updated_at_idx').on(t.updatedAt),
  ],
);

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    source: text('source', { enum: ['ticketmaster', 'universe', 'frontgate', 'tmr', 'demo'] }).notNull(),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    searchText: text('search_text').notNull(),
    searchVector: searchVector(),
    url: text('url'),
    info: text('info'),
    pleaseNote: text('please_note'),
    /** Local date and time at the venue; either may be missing (TBA). */
    localDate: date('local_date', { mode: 'string' }),
    localTime: time('local_time'),
    /**
     * Start instant in UTC: the venue-local date and time when both are known, the local
     * date at midnight when only the time is TBA, null only when the date is TBA. Used for
     * date-window filters, "upcoming" and sorting.
     */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    timezone: text('timezone'),
    statusCode: text('status_code').notNull().default('onsale'),
    segmentId: text('segment_id'),
    genreId: text('genre_id'),
    subGenreId: text('sub_genre_id'),
    venueId: text('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    /** Venue coordinates copied here so radius filters need no join. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    countryCode: text('country_code'),
    priceRanges: jsonb('price_ranges').$type<PriceRange[]>().notNull().default([]),
    /** Lowest `min` and highest `max` over priceRanges, in `currency`; ticket categories (ADR 0002) derive from these. */
    priceMin: numeric('price_min', { precision: 10, scale: 2, mode: 'number' }),
    priceMax: numeric('price_max', { precision: 10, scale: 2, mode: 'number' }),
    currency: text('currency'),
    /** 0 to 100, higher is more popular; blended with text relevance in search (ADR 0003). */
    popularity: doublePrecision('popularity').notNull().default(0),
    images: jsonb('images').$type<CatalogueImage[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_source_uq').on(t.source, t.sourceId),
    index('events_starts_at_idx').on(t.startsAt),
    // "Upcoming" and date order with date-TBA events last: one range on one index (ADR 0003).
    index('events_start_order_idx').on(sql`coalesce(${t.startsAt}, 'infinity'::timestamptz)`),
    index('events_venue_idx').on(t.venueId),
    index('events_search_vector_idx').using('gin', t.searchVector),
    index('events_search_prefix_idx').on(t.searchText.op('text_pattern_ops')),
    index('events_popularity_idx').on(t.popularity.desc()),
    index('events_updated_at_idx').on(t.updatedAt),
    // Radius filters: a longitude/latitude box on plain columns (the planner has statistics
    // for them, not for a GiST point expression), then great-circle distance (ADR 0003).
    index('events_lon_lat_idx').on(t.longitude, t.latitude),
    index('events_country_starts_idx').on(t.countryCode, t.startsAt),
    index('events_segment_starts_idx').on(t.segmentId, t.startsAt),
    index('events_genre_idx').on(t.genreId),
    index('events_sub_genre_idx').on(t.subGenreId),
  ],
);

/** An event may have several attractions (headliner first). */
export const eventAttractions = pgTable(
  'event_attractions',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    attractionId: text('attraction_id')
      .notNull()
      .references(() => attractions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.attractionId] }),
    index('event_attractions_attraction_idx').on(t.attractionId),
  ],
);

/** One row per ingest run (demo generation or a Ticketmaster sync). */
export const ingestRuns = pgTable('ingest_runs', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status', { enum: ['running', 'completed', 'failed', 'interrupted'] }).notNull(),
  /** Resume point (e.g. the next date window and page) so a crashed run can continue. */
  cursor: jsonb('cursor').$type<Record<string, unknown> | null>(),
  pages: integer('pages').notNull().default(0),
  upserts: integer('upserts').notNull().default(0),
  skips: integer('skips').notNull().default(0),
  errors: integer('errors').notNull().default(0),
  lastError: text('last_error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Requests spent against a third-party daily budget, shared by every call and process. */
export const apiBudget = pgTable(
  'api_budget',
  {
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.source, t.day] })],
);

// ─── Accounts ─────────────────────────────────────────────────────────────────

export const accounts = pgTable(
  'accounts',
  {
    uid: text('uid').primaryKey(),
    email: text('email'),
    displayName: text('display_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    image: text('image'),
    systemRole: text('system_role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    onboarding: boolean('onboarding').notNull().default(false),
    pushNotificationToken: text('push_notification_token').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_email_idx').on(sql`lower(${t.email})`)],
);

export const onboardingAnswers = pgTable('onboarding_answers', {
  uid: text('uid')
    .primaryKey()
    .references(() => accounts.uid, { onDelete: 'cascade' }),
  vendor: text('vendor').notNull(),
  maxBudget: integer('max_budget').notNull(),
  alreadyResold: boolean('already_resold').notNull(),
  resaleReason: text('resale_reason'),
  referralSource: text('referral_source').notNull(),
  referralOtherDetail: text('referral_other_detail'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Profile pictures, stored in the database so every node serves the same bytes. */
export const accountImages = pgTable('account_images', {
  uid: text('uid')
    .primaryKey()
    .references(() => accounts.uid, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  /** Pictures stored before ADR 0017 moved them to files; new uploads leave it null. */
  bytes: bytea('bytes'),
  /** The picture's file under DATA_DIR/images (`<sha256 of uid and content>.<ext>`). */
  file: text('file'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
