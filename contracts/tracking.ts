import { z } from 'zod';
import { TICKET_CATEGORIES, type TicketCategory, UNITS, type Unit } from './enums.ts';

/**
 * "my Encore" API contract (ADR 0008): follows, watches, price history, alerts, push
 * subscriptions, the calendar feed and the fan's "near me". Shared by the browser and the
 * /api/me handlers; every schema names the field and the reason on failure.
 */

export const TRACKING_LIMITS = {
  /** Largest target price, in the event currency. */
  maxTargetPrice: 1_000_000,
  maxWatches: 500,
  maxFollows: 500,
  alertsPage: 50,
  maxAlertsPage: 100,
  maxRadius: 19_999,
  endpointLength: 2048,
} as const;

export const ALERT_KINDS = [
  'price_target',
  'event_cancelled',
  'event_postponed',
  'event_rescheduled',
  'artist_announced',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

const idText = z
  .string({ error: 'is required' })
  .min(1, { error: 'is required' })
  .max(100, { error: 'ids are at most 100 characters' })
  .regex(/^[\w.-]+$/, { error: 'ids contain only letters, digits, dot, dash and underscore' });

export const AttractionParamsSchema = z.object({ attractionId: idText });
export const EventParamsSchema = z.object({ eventId: idText });
export const AlertParamsSchema = z.object({
  alertId: z.uuid({ error: 'must be an alert id (a UUID)' }),
});

const ticketCategory = z.enum(TICKET_CATEGORIES, { error: `must be one of ${TICKET_CATEGORIES.join(', ')}` });

const targetPrice = z
  .number({ error: 'must be a number' })
  .min(0, { error: 'must be 0 or more' })
  .max(TRACKING_LIMITS.maxTargetPrice, { error: `must be at most ${TRACKING_LIMITS.maxTargetPrice}` })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'must have at most 2 decimals' });

/**
 * PUT /api/me/watches/{eventId}: both fields optional. A new watch defaults to the
 * 'cheapest' category and to the onboarding maxBudget as target; `targetPrice: null` turns
 * the price alert off.
 */
export const WatchInputSchema = z.strictObject({
  ticketCategory: ticketCategory.optional(),
  targetPrice: targetPrice.nullable().optional(),
});
export type WatchInput = z.infer<typeof WatchInputSchema>;

export const AlertUpdateSchema = z.strictObject({ read: z.boolean({ error: 'must be true or false' }) });

export const AlertsQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: `must be 1 to ${TRACKING_LIMITS.maxAlertsPage}` })
    .max(TRACKING_LIMITS.maxAlertsPage, { error: `must be 1 to ${TRACKING_LIMITS.maxAlertsPage}` })
    .optional(),
  /** The previous page's nextBefore: alerts older than that alert. */
  before: z.uuid({ error: 'must be an alert id (the nextBefore of the previous page)' }).optional(),
});

export const HistoryQuerySchema = z.object({ ticketCategory: ticketCategory.optional() });

/** A repeatable query parameter: none, one or several values, always read as a list. */
const repeated = (description: string) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string())).describe(description);

/** GET /me/tracked: which of these events the fan watches and which attractions they follow. */
export const TrackedQuerySchema = z.object({
  eventId: repeated('Event ids to check (repeatable)'),
  attractionId: repeated('Attraction ids to check (repeatable)'),
});

const base64url = (bytes: number) =>
  z
    .string({ error: 'is required' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'must be base64url' })
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, { error: `must encode ${bytes} bytes` });

/** PushSubscription.toJSON() as browsers produce it (W3C Push API). */
export const PushSubscriptionSchema = z.object({
  endpoint: z
    .url({ error: 'must be a URL' })
    .max(TRACKING_LIMITS.endpointLength, { error: `must be at most ${TRACKING_LIMITS.endpointLength} characters` }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** Uncompressed P-256 public key (65 bytes). */
      p256dh: base64url(65),
      /** Authentication secret (16 bytes). */
      auth: base64url(16),
    },
    { error: 'is required' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

export const PushUnsubscribeSchema = z.object({
  endpoint: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(TRACKING_LIMITS.endpointLength),
});

/** PUT /api/me/tracking-preferences: where "near me" is for artist alerts. */
export const TrackingPreferencesSchema = z
  .strictObject({
    latitude: z
      .number({ error: 'must be a number' })
      .min(-90, { error: 'must be within ±90' })
      .max(90, { error: 'must be within ±90' })
      .nullable(),
    longitude: z
      .number({ error: 'must be a number' })
      .min(-180, { error: 'must be within ±180' })
      .max(180, { error: 'must be within ±180' })
      .nullable(),
    city: z.string().trim().max(100, { error: 'must be at most 100 characters' }).nullable().optional(),
    radius: z
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: `must be 1 to ${TRACKING_LIMITS.maxRadius}` })
      .max(TRACKING_LIMITS.maxRadius, { error: `must be 1 to ${TRACKING_LIMITS.maxRadius}` }),
    unit: z.enum(UNITS, { error: `must be one of ${UNITS.join(', ')}` }),
  })
  .superRefine((value, ctx) => {
    if ((value.latitude === null) !== (value.longitude === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.latitude === null ? 'latitude' : 'longitude'],
        message: 'latitude and longitude go together',
      });
    }
  });
export type TrackingPreferencesInput = z.infer<typeof TrackingPreferencesSchema>;

// ─── Response shapes ─────────────────────────────────────────────────────────

export type Money = { amount: number; currency: string };

export type TrackedEventSummary = {
  id: string;
  name: string;
  /** Same-origin path of the event page. */
  url: string;
  localDate: string | null;
  localTime: string | null;
  startsAt: string | null;
  timezone: string | null;
  statusCode: string;
  venue: { name: string; city: string | null; stateCode: string | null; countryCode: string | null } | null;
  /** Catalogue images (SPEC §2 image choice happens where the image is shown). */
  images: Array<{ url: string; width: number; height: number; ratio: string }>;
};

export type StatusChange = {
  at: string;
  kind: 'status' | 'date';
  from: string | null;
  to: string | null;
};

export type WatchView = {
  event: TrackedEventSummary;
  ticketCategory: TicketCategory;
  targetPrice: number | null;
  currency: string;
  /** Price now for the chosen category; null when the event publishes none. */
  currentPrice: number | null;
  /** Price for the chosen category when watching began. */
  priceAtWatch: number | null;
  /** currentPrice − priceAtWatch (negative: cheaper). */
  change: number | null;
  atOrBelowTarget: boolean;
  watchedAt: string;
  statusChanges: StatusChange[];
  /** Recent price history of the chosen category (the sparkline). */
  history: HistoryRun[];
};

export type HistoryPoint = { at: string; price: number | null };

/**
 * A stretch of continuous observation: each point is the price from `at` on, until the next
 * point or `to` (the last time we looked). Between runs nobody observed the price.
 */
export type HistoryRun = { from: string; to: string; points: HistoryPoint[] };

export type PriceHistory = {
  eventId: string;
  ticketCategory: TicketCategory;
  currency: string;
  runs: HistoryRun[];
};

export type FollowView = {
  attraction: {
    id: string;
    name: string;
    url: string;
    images: Array<{ url: string; width: number; height: number; ratio: string }>;
    upcomingEvents: number;
  };
  followedAt: string;
  /** The next upcoming events near the fan (or anywhere when no location is set). */
  nextEvents: TrackedEventSummary[];
};

export type AlertView = {
  id: string;
  kind: AlertKind;
  title: string;
  body: string;
  url: string;
  eventId: string | null;
  attractionId: string | null;
  createdAt: string;
  read: boolean;
};

export type AlertsPage = { alerts: AlertView[]; unread: number; nextBefore: string | null };

export type TrackingPreferences = {
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  radius: number;
  unit: Unit;
};

export type CalendarFeed = { url: string; createdAt: string } | null;

/** What every page's Follow and Watch buttons and the header badge show for a signed-in fan. */
export type TrackedState = { eventIds: string[]; attractionIds: string[]; unread: number };
