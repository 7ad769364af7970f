import { z } from 'zod';
import type { AdminStats, Profile } from './accounts.ts';
import { SystemRoleSchema } from './accounts.ts';
import { TICKET_CATEGORIES, UNITS } from './enums.ts';
import {
  ALERT_KINDS,
  type AlertsPage,
  type AlertView,
  type CalendarFeed,
  type FollowView,
  type PriceHistory,
  type TrackedEventSummary,
  type TrackingPreferences,
  type WatchView,
} from './tracking.ts';

/**
 * Response shapes of the accounts and my Encore API as zod schemas, for the OpenAPI document
 * (server/openapi-routes.ts). Each is checked at compile time to be exactly the TypeScript
 * type the handlers return (contracts/accounts.ts, contracts/tracking.ts), so they cannot drift.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <_A, _B>(_proof: true) => undefined;

export const ProfileSchema = z.object({
  uid: z.string(),
  image: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  systemRole: SystemRoleSchema,
  onboarding: z.boolean(),
});
same<z.infer<typeof ProfileSchema>, Profile>(true satisfies Same<z.infer<typeof ProfileSchema>, Profile>);

const Distribution = z.array(z.object({ value: z.string(), count: z.number() }));
export const AdminStatsSchema = z.object({
  accounts: z.object({ total: z.number(), admins: z.number(), last7Days: z.number(), last30Days: z.number() }),
  onboarding: z.object({ completed: z.number(), pending: z.number() }),
  answers: z.object({
    vendor: Distribution,
    alreadyResold: Distribution,
    referralSource: Distribution,
    maxBudget: z.object({ buckets: Distribution, median: z.number().nullable(), average: z.number().nullable() }),
    resaleReason: z.object({ answered: z.number(), top: Distribution }),
    referralOtherDetail: z.object({ answered: z.number(), top: Distribution }),
  }),
});
same<z.infer<typeof AdminStatsSchema>, AdminStats>(true satisfies Same<z.infer<typeof AdminStatsSchema>, AdminStats>);

const TrackedImage = z.object({ url: z.string(), width: z.number(), height: z.number(), ratio: z.string() });
export const TrackedEventSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  localDate: z.string().nullable(),
  localTime: z.string().nullable(),
  startsAt: z.string().nullable(),
  timezone: z.string().nullable(),
  statusCode: z.string(),
  venue: z
    .object({
      name: z.string(),
      city: z.string().nullable(),
      stateCode: z.string().nullable(),
      countryCode: z.string().nullable(),
    })
    .nullable(),
  images: z.array(TrackedImage),
});
same<z.infer<typeof TrackedEventSummarySchema>, TrackedEventSummary>(
  true satisfies Same<z.infer<typeof TrackedEventSummarySchema>, TrackedEventSummary>,
);

const HistoryRunSchema = z.object({
  from: z.string(),
  to: z.string(),
  points: z.array(z.object({ at: z.string(), price: z.number().nullable() })),
});

export const WatchViewSchema = z.object({
  event: TrackedEventSummarySchema,
  ticketCategory: z.enum(TICKET_CATEGORIES),
  targetPrice: z.number().nullable(),
  currency: z.string(),
  currentPrice: z.number().nullable(),
  priceAtWatch: z.number().nullable(),
  change: z.number().nullable(),
  atOrBelowTarget: z.boolean(),
  watchedAt: z.string(),
  statusChanges: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(['status', 'date']),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  ),
  history: z.array(HistoryRunSchema),
});
same<z.infer<typeof WatchViewSchema>, WatchView>(true satisfies Same<z.infer<typeof WatchViewSchema>, WatchView>);

export const PriceHistorySchema = z.object({
  eventId: z.string(),
  ticketCategory: z.enum(TICKET_CATEGORIES),
  currency: z.string(),
  runs: z.array(HistoryRunSchema),
});
same<z.infer<typeof PriceHistorySchema>, PriceHistory>(
  true satisfies Same<z.infer<typeof PriceHistorySchema>, PriceHistory>,
);

export const FollowViewSchema = z.object({
  attraction: z.object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    images: z.array(TrackedImage),
    upcomingEvents: z.number(),
  }),
  followedAt: z.string(),
  nextEvents: z.array(TrackedEventSummarySchema),
});
same<z.infer<typeof FollowViewSchema>, FollowView>(true satisfies Same<z.infer<typeof FollowViewSchema>, FollowView>);

export const AlertViewSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  eventId: z.string().nullable(),
  attractionId: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
same<z.infer<typeof AlertViewSchema>, AlertView>(true satisfies Same<z.infer<typeof AlertViewSchema>, AlertView>);

export const AlertsPageSchema = z.object({
  alerts: z.array(AlertViewSchema),
  unread: z.number(),
  nextBefore: z.string().nullable(),
});
same<z.infer<typeof AlertsPageSchema>, AlertsPage>(true satisfies Same<z.infer<typeof AlertsPageSchema>, AlertsPage>);

export const TrackingPreferencesViewSchema = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  city: z.string().nullable(),
  radius: z.number(),
  unit: z.enum(UNITS),
});
same<z.infer<typeof TrackingPreferencesViewSchema>, TrackingPreferences>(
  true satisfies Same<z.infer<typeof TrackingPreferencesViewSchema>, TrackingPreferences>,
);

export const CalendarFeedSchema = z.object({ url: z.string(), createdAt: z.string() }).nullable();
same<z.infer<typeof CalendarFeedSchema>, CalendarFeed>(
  true satisfies Same<z.infer<typeof CalendarFeedSchema>, CalendarFeed>,
);
