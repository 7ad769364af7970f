import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TICKET_CATEGORIES, UNITS } from '#contracts/enums';
import { ALERT_KINDS } from '#contracts/tracking';
import { accounts, attractions, events } from './schema.ts';

/**
 * "my Encore" (ADR 0008): what a fan follows and watches, what we observed about those
 * events, the alerts we raised and where we deliver them. Kept apart from the catalogue
 * schema; every row belongs to an account and goes when the account goes.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const owner = () =>
  text('uid')
    .notNull()
    .references(() => accounts.uid, { onDelete: 'cascade' });

/** An artist (attraction) a fan follows. */
export const follows = pgTable(
  'follows',
  {
    uid: owner(),
    attractionId: text('attraction_id')
      .notNull()
      .references(() => attractions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.attractionId] }),
    index('follows_attraction_idx').on(t.attractionId),
    index('follows_uid_created_idx').on(t.uid, t.createdAt),
  ],
);

/**
 * An event a fan watches: the seat category they want and the price that would do. Half of
 * each page is left free (fillfactor 50, migration 0018), so the alert job's rewrite of a
 * watch's alert state stays on its page and touches no index (ADR 0062).
 */
export const watches = pgTable(
  'watches',
  {
    uid: owner(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketCategory: text('ticket_category', { enum: TICKET_CATEGORIES }).notNull().default('cheapest'),
    /** In the event's currency; null means "no price alert". */
    targetPrice: money('target_price'),
    /** The event's price range when watching began: "change since watching" in any category. */
    baselinePriceMin: money('baseline_price_min'),
    baselinePriceMax: money('baseline_price_max'),
    baselineCurrency: text('baseline_currency'),
    /** Status and start the fan last heard of; a difference raises a status alert once. */
    knownStatus: text('known_status').notNull(),
    knownStartsAt: timestamp('known_starts_at', { withTimezone: true }),
    knownLocalDate: date('known_local_date', { mode: 'string' }),
    knownLocalTime: time('known_local_time'),
    statusChanges: integer('status_changes').notNull().default(0),
    /**
     * True while the price is above the target (or the target was just set above it): the
     * next fall to or below the target raises one alert and disarms; only a rise back above
     * the target re-arms, so a price wobbling around the target alerts once.
     */
    priceAlertArmed: boolean('price_alert_armed').notNull().default(true),
    priceCrossings: integer('price_crossings').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.eventId] }),
    index('watches_event_idx').on(t.eventId),
    index('watches_uid_created_idx').on(t.uid, t.createdAt),
  ],
);

/**
 * What we saw of an event, written only when something changed since the previous row
 * (price range, currency, status or start); otherwise the latest row's checkedAt moves on.
 * It is the price history, the status timeline and, for events of followed artists, when an
 * event was first seen.
 */
export const eventObservations = pgTable(
  'event_observations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The last time we looked and still saw these values: the row covers observedAt to
     * checkedAt. A longer pause before the next row is a period nobody observed.
     */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    priceMin: money('price_min'),
    priceMax: money('price_max'),
    currency: text('currency'),
    statusCode: text('status_code').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    localDate: date('local_date', { mode: 'string' }),
    localTime: time('local_time'),
  },
  (t) => [index('event_observations_event_time_idx').on(t.eventId, t.observedAt, t.id)],
);

/**
 * The status and date timeline of events, written by the same observation that sees the
 * change, so "my Encore" shows what changed without reading the whole price history.
 */
export const eventChanges = pgTable(
  'event_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    field: text('field', { enum: ['status', 'date'] }).notNull(),
    /** Status code, or venue-local 'YYYY-MM-DD' / 'YYYY-MM-DD HH:MM:SS'; null for TBA. */
    fromValue: text('from_value'),
    toValue: text('to_value'),
  },
  (t) => [index('event_changes_event_time_idx').on(t.eventId, t.changedAt)],
);

/** The inbox. `dedupeKey` makes every alert fire once, however many nodes evaluate. */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: owner(),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    /**
     * The event and the artist the alert is about, set to null when the catalogue deletes them
     * by one statement a delete (migration 0018), not by foreign keys: a key is checked for
     * every alert written, and one price change writes tens of thousands (ADR 0062). The alert
     * job writes them from rows it reads in the same statement.
     */
    eventId: text('event_id'),
    attractionId: text('attraction_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Same-origin path the alert opens. */
    url: text('url').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set once Web Push delivery was attempted for every subscription (or none existed). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_uid_dedupe_uq').on(t.uid, t.dedupeKey),
    index('alerts_uid_created_idx').on(t.uid, t.createdAt.desc()),
    index('alerts_unread_idx').on(t.uid).where(sql`${t.readAt} is null`),
    index('alerts_push_queue_idx').on(t.createdAt).where(sql`${t.pushedAt} is null`),
  ],
);

/** Web Push subscriptions (RFC 8030/8291). An endpoint belongs to whoever subscribed it last. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: owner(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_uid_idx').on(t.uid)],
);

/** Secret address of a fan's calendar feed; deleting the row revokes it. */
export const calendarFeeds = pgTable('calendar_feeds', {
  uid: owner().primaryKey(),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

/** Where "near me" is for alerts and for the followed artists' next events. */
export const trackingPreferences = pgTable('tracking_preferences', {
  uid: owner().primaryKey(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  city: text('city'),
  radius: integer('radius').notNull().default(100),
  unit: text('unit', { enum: UNITS }).notNull().default('miles'),
  updatedAt: updatedAt(),
});

/**
 * Which version of a fan the pages shown to them were made from (ADR 0049). Every write to
 * what my Encore shows of a fan (account, follows, watches, alerts, calendar feed, places,
 * Web Push) gives the fan a new version, from triggers in the database (migrations 0016, 0017), so
 * writes from any node, job or script count. No foreign key: a version outlives a deleted
 * account, and versions are drawn from one sequence, so none is ever given twice.
 */
export const fanVersions = pgTable('fan_versions', {
  uid: text('uid').primaryKey(),
  version: bigserial('version', { mode: 'number' }).notNull(),
});

/**
 * Leases for scheduled jobs: a node runs a job only while it holds the row's lease, so
 * several Encore nodes never run the same job at once (a row works on PGlite's single
 * connection and on PostgreSQL alike).
 */
export const jobLocks = pgTable('job_locks', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  /** Runs finished, by any holder: what an operator (and the cluster test) counts. */
  runs: integer('runs').notNull().default(0),
});

/**
 * @fastify/rate-limit counters every node shares on a PostgreSQL server
 * (server/rate-limit-store.ts): one row per limited key, its hits in the current window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_ends_idx').on(t.windowEnds)],
);

/** Server-generated secrets every node must share (the VAPID key pair). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});
