import { z } from 'zod';
import { OnboardingSchema, RegisterAccountSchema, UidParamsSchema, UpdateProfileSchema } from '#contracts/accounts';
import { COUNTRY_CODES } from '#contracts/enum-values';
import { CityQuerySchema, ReverseQuerySchema, SuggestQuerySchema } from '#contracts/places';
import {
  AdminStatsSchema,
  AlertsPageSchema,
  AlertViewSchema,
  CalendarFeedSchema,
  FollowViewSchema,
  PriceHistorySchema,
  ProfileSchema,
  TrackingPreferencesViewSchema,
  WatchViewSchema,
} from '#contracts/responses';
import {
  AlertParamsSchema,
  AlertsQuerySchema,
  AlertUpdateSchema,
  AttractionParamsSchema,
  EventParamsSchema,
  HistoryQuerySchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  TrackedQuerySchema,
  TrackingPreferencesSchema,
  WatchInputSchema,
} from '#contracts/tracking';
import { type OpenApiOperation, registerOperations, registerSchemas } from './catalogue/openapi.ts';

/**
 * The OpenAPI description of every /api route outside the catalogue (which describes its own,
 * server/catalogue/routes.ts): accounts, admin, places, images, my Encore, calendar files,
 * push and health. Request schemas are the ones the handlers parse with; responses come from
 * contracts/responses.ts. server/openapi-routes.test.ts proves no registered route is missing.
 */
registerSchemas({
  Profile: ProfileSchema,
  AdminStats: AdminStatsSchema,
  Watch: WatchViewSchema,
  Follow: FollowViewSchema,
  PriceHistory: PriceHistorySchema,
  Alert: AlertViewSchema,
  AlertsPage: AlertsPageSchema,
  TrackingPreferences: TrackingPreferencesViewSchema,
});

const UserLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  city: z.string(),
  stateCode: z.string().nullable(),
  stateName: z.string().nullable(),
  countryCode: z.enum(COUNTRY_CODES),
  countryName: z.string(),
  postalCode: z.string().nullable(),
  geoPoint: z.string(),
});
const FileParamsSchema = z.object({ file: z.string().describe('`{id}.ics`') });
const ImageParamsSchema = z.object({
  version: z.string(),
  theme: z.string(),
  slug: z.string(),
  file: z.string().describe('`{ratio}_{width}.svg`'),
});

const bad = { description: 'Malformed input; error.field names it' };
const unauthenticated = { description: 'No or invalid ID token' };
const gone = (what: string) => ({ description: `No such ${what}` });
const empty = (description: string) => ({ description });
const ok = (description: string, schema: z.ZodType) => ({ description, schema });
const user = { auth: true, tags: ['my Encore'] };
type Responses = OpenApiOperation['responses'];
/** A response only some methods of a path answer with. */
const when = (yes: boolean, responses: Responses): Responses => (yes ? responses : {});

const operations: OpenApiOperation[] = [
  {
    method: 'get',
    path: '/health',
    summary: 'Whether the server and its database answer',
    tags: ['operations'],
    responses: {
      200: ok('Healthy', z.object({ status: z.literal('ok') })),
      503: ok('The database does not answer', z.object({ status: z.literal('unavailable') })),
    },
  },
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    tags: ['operations'],
    responses: { 200: ok('OpenAPI 3.1 document', z.record(z.string(), z.unknown())) },
  },
  // ─── Accounts (SPEC §7) ────────────────────────────────────────────────────────────────
  {
    method: 'post',
    path: '/session',
    summary: 'Keep the verified ID token in an HttpOnly cookie for server rendering (SPEC §7 token sync)',
    tags: ['accounts'],
    auth: true,
    responses: { 204: empty('Cookie set'), 401: unauthenticated },
  },
  {
    method: 'delete',
    path: '/session',
    summary: 'Forget the session cookie',
    tags: ['accounts'],
    responses: { 204: empty('Cookie cleared') },
  },
  {
    method: 'post',
    path: '/accounts',
    summary: 'Register or refresh the signed-in account',
    tags: ['accounts'],
    auth: true,
    body: RegisterAccountSchema,
    responses: { 200: ok('Updated', ProfileSchema), 201: ok('Created', ProfileSchema), 400: bad, 401: unauthenticated },
  },
  {
    method: 'get',
    path: '/accounts/me',
    summary: 'The signed-in profile (SPEC §3)',
    tags: ['accounts'],
    auth: true,
    responses: { 200: ok('The profile', ProfileSchema), 401: unauthenticated, 404: gone('account') },
  },
  {
    method: 'patch',
    path: '/accounts/me',
    summary: 'Change first and last name',
    tags: ['accounts'],
    auth: true,
    body: UpdateProfileSchema,
    responses: { 200: ok('The profile', ProfileSchema), 400: bad, 401: unauthenticated },
  },
  {
    method: 'post',
    path: '/accounts/onboarding',
    summary: 'Save the onboarding answers (SPEC §3)',
    tags: ['accounts'],
    auth: true,
    body: OnboardingSchema,
    responses: { 200: ok('The profile', ProfileSchema), 400: bad, 401: unauthenticated },
  },
  {
    method: 'put',
    path: '/accounts/me/image',
    summary: 'Upload the profile picture (body: the image bytes, Content-Type image/*, at most 4 MiB)',
    tags: ['accounts'],
    auth: true,
    responses: {
      200: ok('The profile', ProfileSchema),
      400: bad,
      401: unauthenticated,
      413: { description: 'Larger than 4 MiB' },
      415: { description: 'Not a JPEG, PNG, GIF or WebP picture' },
    },
  },
  {
    method: 'delete',
    path: '/accounts/me/image',
    summary: 'Remove the profile picture',
    tags: ['accounts'],
    auth: true,
    responses: { 200: ok('The profile', ProfileSchema), 401: unauthenticated },
  },
  {
    method: 'get',
    path: '/accounts/:uid/image',
    summary: 'A profile picture (image bytes)',
    tags: ['accounts'],
    params: UidParamsSchema,
    responses: { 200: { description: 'The picture (image/*)', schema: z.string() }, 400: bad, 404: gone('picture') },
  },
  {
    method: 'get',
    path: '/admin/stats',
    summary: 'Figures for the admin dashboard',
    tags: ['admin'],
    auth: true,
    responses: {
      200: ok('The figures', AdminStatsSchema),
      401: unauthenticated,
      403: { description: 'Not an administrator' },
    },
  },
  // ─── Places and images ─────────────────────────────────────────────────────────────────
  {
    method: 'get',
    path: '/events/user-location',
    summary: 'A city by name (SPEC §7)',
    tags: ['places'],
    query: CityQuerySchema,
    responses: { 200: ok('The place', UserLocationSchema), 400: bad, 404: gone('city') },
  },
  {
    method: 'get',
    path: '/events/places',
    summary: 'Cities starting with the typed text, largest first (the location popup suggestions)',
    tags: ['places'],
    query: SuggestQuerySchema,
    responses: { 200: ok('The places', z.object({ places: z.array(UserLocationSchema) })), 400: bad },
  },
  {
    method: 'get',
    path: '/events/user-location/reverse',
    summary: 'The nearest known city to a point',
    tags: ['places'],
    query: ReverseQuerySchema,
    responses: { 200: ok('The place', UserLocationSchema), 400: bad, 404: gone('city nearby') },
  },
  {
    method: 'get',
    path: '/images/:version/:theme/:slug/:file',
    summary: 'Demo catalogue artwork (SVG)',
    tags: ['images'],
    params: ImageParamsSchema,
    responses: { 200: { description: 'image/svg+xml', schema: z.string() }, 400: bad, 404: gone('image') },
  },
  // ─── Calendar and push (public) ───────────────────────────────────────────────────────
  {
    method: 'get',
    path: '/push/public-key',
    summary: 'The VAPID public key for Web Push subscriptions',
    tags: ['my Encore'],
    responses: { 200: ok('The key', z.object({ publicKey: z.string() })) },
  },
  {
    method: 'get',
    path: '/calendar/feeds/:file',
    summary: "A fan's calendar feed of watched events (text/calendar); the file is the feed token + .ics",
    tags: ['calendar'],
    params: FileParamsSchema,
    responses: { 200: { description: 'text/calendar', schema: z.string() }, 404: gone('feed') },
  },
  {
    method: 'get',
    path: '/calendar/events/:file',
    summary: 'One event as a calendar file (text/calendar); the file is the event id + .ics',
    tags: ['calendar'],
    params: FileParamsSchema,
    responses: {
      200: { description: 'text/calendar', schema: z.string() },
      400: bad,
      404: gone('event'),
      409: { description: 'The event has no date yet' },
    },
  },
  // ─── my Encore (ADR 0008) ─────────────────────────────────────────────────────────────
  {
    ...user,
    method: 'get',
    path: '/me/follows',
    summary: 'Followed artists',
    responses: { 200: ok('Follows', z.object({ follows: z.array(FollowViewSchema) })), 401: unauthenticated },
  },
  ...(['get', 'put', 'delete'] as const).map(
    (method): OpenApiOperation => ({
      ...user,
      method,
      path: '/me/follows/:attractionId',
      summary: { get: 'One follow', put: 'Follow an artist', delete: 'Unfollow an artist' }[method],
      params: AttractionParamsSchema,
      responses:
        method === 'delete'
          ? { 204: empty('Not followed'), 400: bad, 401: unauthenticated }
          : {
              200: ok('The follow', z.object({ follow: FollowViewSchema })),
              ...when(method === 'put', { 201: ok('Followed', z.object({ follow: FollowViewSchema })) }),
              400: bad,
              401: unauthenticated,
              404: gone(method === 'get' ? 'follow' : 'artist'),
            },
    }),
  ),
  {
    ...user,
    method: 'get',
    path: '/me/watches',
    summary: 'Watched events with prices',
    responses: { 200: ok('Watches', z.object({ watches: z.array(WatchViewSchema) })), 401: unauthenticated },
  },
  ...(['get', 'put', 'delete'] as const).map(
    (method): OpenApiOperation => ({
      ...user,
      method,
      path: '/me/watches/:eventId',
      summary: { get: 'One watch', put: 'Watch an event (ticket category, target price)', delete: 'Stop watching' }[
        method
      ],
      params: EventParamsSchema,
      body: method === 'put' ? WatchInputSchema : undefined,
      responses:
        method === 'delete'
          ? { 204: empty('Not watched'), 400: bad, 401: unauthenticated }
          : {
              200: ok('The watch', z.object({ watch: WatchViewSchema })),
              ...when(method === 'put', { 201: ok('Watching', z.object({ watch: WatchViewSchema })) }),
              400: bad,
              401: unauthenticated,
              404: gone(method === 'get' ? 'watch' : 'event'),
            },
    }),
  ),
  {
    ...user,
    method: 'get',
    path: '/me/watches/:eventId/history',
    summary: 'Price history of a watched event',
    params: EventParamsSchema,
    query: HistoryQuerySchema,
    responses: { 200: ok('History', PriceHistorySchema), 400: bad, 401: unauthenticated, 404: gone('watch') },
  },
  {
    ...user,
    method: 'get',
    path: '/me/tracked',
    summary: 'Which of these events and artists the fan watches or follows',
    query: TrackedQuerySchema,
    responses: {
      200: ok('Tracked ids', z.object({ eventIds: z.array(z.string()), attractionIds: z.array(z.string()) })),
      400: bad,
      401: unauthenticated,
    },
  },
  {
    ...user,
    method: 'get',
    path: '/me/alerts',
    summary: 'Alerts, newest first',
    query: AlertsQuerySchema,
    responses: { 200: ok('A page of alerts', AlertsPageSchema), 400: bad, 401: unauthenticated },
  },
  {
    ...user,
    method: 'get',
    path: '/me/alerts/unread-count',
    summary: 'Unread alerts',
    responses: { 200: ok('Count', z.object({ unread: z.number() })), 401: unauthenticated },
  },
  {
    ...user,
    method: 'post',
    path: '/me/alerts/read-all',
    summary: 'Mark every alert read',
    responses: { 200: ok('Counts', z.object({ updated: z.number(), unread: z.number() })), 401: unauthenticated },
  },
  {
    ...user,
    method: 'patch',
    path: '/me/alerts/:alertId',
    summary: 'Mark one alert read or unread',
    params: AlertParamsSchema,
    body: AlertUpdateSchema,
    responses: {
      200: ok('The alert', z.object({ alert: AlertViewSchema })),
      400: bad,
      401: unauthenticated,
      404: gone('alert'),
    },
  },
  {
    ...user,
    method: 'delete',
    path: '/me/alerts/:alertId',
    summary: 'Delete one alert',
    params: AlertParamsSchema,
    responses: { 204: empty('Deleted'), 400: bad, 401: unauthenticated, 404: gone('alert') },
  },
  ...(['get', 'put', 'delete'] as const).map(
    (method): OpenApiOperation => ({
      ...user,
      method,
      path: '/me/calendar-feed',
      summary: {
        get: 'The calendar feed address',
        put: 'Create the feed (or a new address)',
        delete: 'Revoke the feed',
      }[method],
      responses:
        method === 'delete'
          ? { 204: empty('Revoked'), 401: unauthenticated }
          : {
              200: ok('The feed', z.object({ feed: CalendarFeedSchema })),
              ...when(method === 'put', { 201: ok('Created', z.object({ feed: CalendarFeedSchema })) }),
              401: unauthenticated,
            },
    }),
  ),
  {
    ...user,
    method: 'get',
    path: '/me/push',
    summary: 'Push delivery state',
    responses: {
      200: ok('State', z.object({ webPushSubscriptions: z.number(), nativeToken: z.boolean() })),
      401: unauthenticated,
    },
  },
  {
    ...user,
    method: 'put',
    path: '/me/push-subscriptions',
    summary: 'Subscribe this browser to Web Push',
    body: PushSubscriptionSchema,
    responses: {
      200: ok('Subscribed', z.object({ subscribed: z.literal(true) })),
      201: ok('Subscribed', z.object({ subscribed: z.literal(true) })),
      400: bad,
      401: unauthenticated,
    },
  },
  {
    ...user,
    method: 'delete',
    path: '/me/push-subscriptions',
    summary: 'Unsubscribe a browser',
    body: PushUnsubscribeSchema,
    responses: { 204: empty('Unsubscribed'), 400: bad, 401: unauthenticated },
  },
  ...(['get', 'put'] as const).map(
    (method): OpenApiOperation => ({
      ...user,
      method,
      path: '/me/tracking-preferences',
      summary: method === 'get' ? 'Where "near me" is' : 'Set where "near me" is',
      body: method === 'put' ? TrackingPreferencesSchema : undefined,
      responses: {
        200: ok('Preferences', z.object({ preferences: TrackingPreferencesViewSchema })),
        ...when(method === 'put', { 400: bad }),
        401: unauthenticated,
      },
    }),
  ),
];
registerOperations(operations);
