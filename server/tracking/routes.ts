import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CalendarFeed } from '#contracts/tracking';
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
import { authenticateRequests, currentUser } from '../accounts/guards.ts';
import type { Services } from '../context.ts';
import { ApiError, notFound, parseInput } from '../errors.ts';
import { rateLimitStorage } from '../rate-limit-store.ts';
import { TRACKING_RATE_LIMIT } from '../write-limits.ts';
import { deleteAlert, listAlerts, markAllRead, setAlertRead, unreadCount } from './alerts.ts';
import {
  ensureFeed,
  eventCalendarEvent,
  feedOwner,
  feedPath,
  getFeed,
  revokeFeed,
  watchedCalendarEvents,
} from './calendar.ts';
import { trackingConfig } from './config.ts';
import { deleteFollow, followedAmong, listFollows, putFollow } from './follows.ts';
import { hasCalendarDate, renderCalendar } from './ics.ts';
import { eventObservations, toRuns } from './observations.ts';
import { slugify } from './paths.ts';
import { getPreferences, putPreferences } from './preferences.ts';
import { countSubscriptions, deleteSubscription, getVapidKeys, saveSubscription } from './push.ts';
import { rows } from './sql.ts';
import { deleteWatch, listWatches, putWatch, watchedAmong } from './watches.ts';

function sendCalendar(reply: FastifyReply, body: string, filename: string, attachment: boolean) {
  return reply
    .header('Content-Type', 'text/calendar; charset=utf-8')
    .header('Content-Disposition', `${attachment ? 'attachment' : 'inline'}; filename="${filename}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);
}

/**
 * my Encore API (ADR 0008). Everything under /me is the signed-in fan's own: the uid comes
 * from the verified token only, every query is scoped to it, so another fan's ids read and
 * change nothing (404). Creation is PUT on the natural key, so a retry never doubles an item.
 */
export const trackingRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db } = services.database;
  const config = trackingConfig(services.env);
  const apiBase = services.env.PUBLIC_API_BASE_URL;
  // Absolute URLs (calendar files, the feed address) use the configured origin, never the
  // request's Host or X-Forwarded-Host: calendar answers are cached publicly.
  const origin = services.env.PUBLIC_ORIGIN;
  const history = { historyLimit: config.historyLimit, maxGapMs: config.maxGapMs };

  // ─── Public: the VAPID key, calendar files ────────────────────────────────────────────
  api.get('/push/public-key', async (_request, reply) => {
    const { publicKey } = await getVapidKeys(db);
    return reply.header('Cache-Control', 'public, max-age=300').send({ publicKey });
  });

  api.get('/calendar/feeds/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const token = /^(.+)\.ics$/.exec(file)?.[1] ?? '';
    const uid = await feedOwner(db, token);
    // Unknown and revoked tokens look the same: nothing tells a guesser which tokens existed.
    if (!uid) throw new ApiError(404, 'not_found', 'No such calendar feed');
    const events = await watchedCalendarEvents(db, uid, origin);
    reply.header('Cache-Control', 'private, max-age=300');
    return sendCalendar(reply, renderCalendar({ name: 'my Encore', events }), 'my-encore.ics', false);
  });

  api.get('/calendar/events/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const { eventId } = parseInput(EventParamsSchema, { eventId: /^(.+)\.ics$/.exec(file)?.[1] }, 'invalid_path');
    const event = await eventCalendarEvent(db, eventId, origin);
    if (!event) throw notFound('Event');
    if (!hasCalendarDate(event)) {
      throw new ApiError(409, 'date_tba', 'This event has no date yet, so it cannot go in a calendar');
    }
    reply.header('Cache-Control', 'public, max-age=300');
    return sendCalendar(
      reply,
      renderCalendar({ name: event.summary, events: [event] }),
      `${slugify(event.summary)}.ics`,
      true,
    );
  });

  // ─── The signed-in fan's own ──────────────────────────────────────────────────────────
  await api.register(
    async (me) => {
      authenticateRequests(me, services, () => 'user');
      const uidOf = (request: FastifyRequest) => currentUser(request).uid;

      await me.register(rateLimit, {
        ...TRACKING_RATE_LIMIT,
        ...rateLimitStorage(services.database),
        hook: 'preHandler',
        keyGenerator: (request) => `tracking:${request.authUser?.uid ?? request.ip}`,
        errorResponseBuilder: (_request, context) =>
          new ApiError(429, 'rate_limited', `Too many requests: try again in ${context.after}`),
      });

      // Writes need the account row SPEC §4's sign-in flow registers (POST /accounts) first.
      me.addHook('preHandler', async (request) => {
        if (request.method === 'GET' || request.method === 'HEAD') return;
        const found = await rows<{ uid: string }>(db, sql`select uid from accounts where uid = ${uidOf(request)}`);
        if (found.length === 0) {
          throw new ApiError(409, 'account_not_registered', 'Finish signing in first (POST /accounts)');
        }
      });

      // Follows
      me.get('/follows', async (request) => {
        const uid = uidOf(request);
        return { follows: await listFollows(db, uid, await getPreferences(db, uid)) };
      });

      me.get('/follows/:attractionId', async (request) => {
        const uid = uidOf(request);
        const { attractionId } = parseInput(AttractionParamsSchema, request.params, 'invalid_path');
        const [follow] = await listFollows(db, uid, await getPreferences(db, uid), { nextEvents: 3, attractionId });
        if (!follow) throw notFound('Follow');
        return { follow };
      });

      me.put('/follows/:attractionId', async (request, reply) => {
        const uid = uidOf(request);
        const { attractionId } = parseInput(AttractionParamsSchema, request.params, 'invalid_path');
        const { created } = await putFollow(db, uid, attractionId);
        const [follow] = await listFollows(db, uid, await getPreferences(db, uid), { nextEvents: 3, attractionId });
        return reply.status(created ? 201 : 200).send({ follow });
      });

      me.delete('/follows/:attractionId', async (request, reply) => {
        const { attractionId } = parseInput(AttractionParamsSchema, request.params, 'invalid_path');
        if (!(await deleteFollow(db, uidOf(request), attractionId))) throw notFound('Follow');
        return reply.status(204).send();
      });

      // Watches
      me.get('/watches', async (request) => ({ watches: await listWatches(db, uidOf(request), history) }));

      me.get('/watches/:eventId', async (request) => {
        const { eventId } = parseInput(EventParamsSchema, request.params, 'invalid_path');
        const [watch] = await listWatches(db, uidOf(request), history, eventId);
        if (!watch) throw notFound('Watch');
        return { watch };
      });

      me.put('/watches/:eventId', async (request, reply) => {
        const { eventId } = parseInput(EventParamsSchema, request.params, 'invalid_path');
        const input = parseInput(WatchInputSchema, request.body);
        const { created, watch } = await putWatch(db, uidOf(request), eventId, input, history);
        return reply.status(created ? 201 : 200).send({ watch });
      });

      me.delete('/watches/:eventId', async (request, reply) => {
        const { eventId } = parseInput(EventParamsSchema, request.params, 'invalid_path');
        if (!(await deleteWatch(db, uidOf(request), eventId))) throw notFound('Watch');
        return reply.status(204).send();
      });

      me.get('/watches/:eventId/history', async (request) => {
        const { eventId } = parseInput(EventParamsSchema, request.params, 'invalid_path');
        const query = parseInput(HistoryQuerySchema, request.query, 'invalid_query');
        const [watch] = await listWatches(db, uidOf(request), { historyLimit: 0, maxGapMs: config.maxGapMs }, eventId);
        if (!watch) throw notFound('Watch');
        const category = query.ticketCategory ?? watch.ticketCategory;
        return {
          eventId,
          ticketCategory: category,
          currency: watch.currency,
          runs: toRuns(await eventObservations(db, eventId), category, config.maxGapMs),
        };
      });

      // Which of these events and artists the fan tracks (state of Watch / Follow buttons).
      me.get('/tracked', async (request) => {
        const uid = uidOf(request);
        const query = parseInput(TrackedQuerySchema, request.query, 'invalid_query');
        if (query.eventId.length + query.attractionId.length > 200) {
          throw new ApiError(400, 'invalid_query', 'eventId: ask about at most 200 ids at once', 'eventId');
        }
        const [events, attractions] = await Promise.all([
          watchedAmong(db, uid, query.eventId),
          followedAmong(db, uid, query.attractionId),
        ]);
        return { eventIds: [...events], attractionIds: [...attractions] };
      });

      // Alerts
      me.get('/alerts', async (request) => {
        const query = parseInput(AlertsQuerySchema, request.query, 'invalid_query');
        return listAlerts(db, uidOf(request), query);
      });

      me.get('/alerts/unread-count', async (request) => ({ unread: await unreadCount(db, uidOf(request)) }));

      me.post('/alerts/read-all', async (request) => {
        const uid = uidOf(request);
        const updated = await markAllRead(db, uid);
        return { updated, unread: await unreadCount(db, uid) };
      });

      me.patch('/alerts/:alertId', async (request) => {
        const { alertId } = parseInput(AlertParamsSchema, request.params, 'invalid_path');
        const { read } = parseInput(AlertUpdateSchema, request.body);
        const alert = await setAlertRead(db, uidOf(request), alertId, read);
        if (!alert) throw notFound('Alert');
        return { alert };
      });

      me.delete('/alerts/:alertId', async (request, reply) => {
        const { alertId } = parseInput(AlertParamsSchema, request.params, 'invalid_path');
        if (!(await deleteAlert(db, uidOf(request), alertId))) throw notFound('Alert');
        return reply.status(204).send();
      });

      // Calendar feed
      const feedView = (feed: { token: string; createdAt: string }): CalendarFeed => ({
        url: `${origin}${feedPath(apiBase, feed.token)}`,
        createdAt: feed.createdAt,
      });

      me.get('/calendar-feed', async (request) => {
        const feed = await getFeed(db, uidOf(request));
        return { feed: feed ? feedView(feed) : null };
      });

      me.put('/calendar-feed', async (request, reply) => {
        const feed = await ensureFeed(db, uidOf(request));
        return reply.status(feed.created ? 201 : 200).send({ feed: feedView(feed) });
      });

      me.delete('/calendar-feed', async (request, reply) => {
        if (!(await revokeFeed(db, uidOf(request)))) throw notFound('Calendar feed');
        return reply.status(204).send();
      });

      // Push: Web Push subscriptions of this fan's browsers; the native token is SPEC's
      // pushNotificationToken, stored by POST /accounts.
      me.get('/push', async (request) => {
        const uid = uidOf(request);
        const [subscriptions, native] = await Promise.all([
          countSubscriptions(db, uid),
          rows<{ token: string }>(db, sql`select push_notification_token as token from accounts where uid = ${uid}`),
        ]);
        return { webPushSubscriptions: subscriptions, nativeToken: (native[0]?.token ?? '') !== '' };
      });

      me.put('/push-subscriptions', async (request, reply) => {
        const input = parseInput(PushSubscriptionSchema, request.body);
        const { created } = await saveSubscription(
          db,
          uidOf(request),
          input,
          request.headers['user-agent'],
          config.production,
        );
        return reply.status(created ? 201 : 200).send({ subscribed: true });
      });

      me.delete('/push-subscriptions', async (request, reply) => {
        const { endpoint } = parseInput(PushUnsubscribeSchema, request.body);
        if (!(await deleteSubscription(db, uidOf(request), endpoint))) throw notFound('Subscription');
        return reply.status(204).send();
      });

      // Where "near me" is
      me.get('/tracking-preferences', async (request) => ({ preferences: await getPreferences(db, uidOf(request)) }));

      me.put('/tracking-preferences', async (request) => {
        const input = parseInput(TrackingPreferencesSchema, request.body);
        return { preferences: await putPreferences(db, uidOf(request), input) };
      });
    },
    { prefix: '/me' },
  );
};
