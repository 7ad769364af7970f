import { data } from 'react-router';
import type { WatchView } from '#contracts/tracking';
import { TRACKING_FORMS, TrackingIntentSchema } from '#contracts/tracking-forms';
import { notFound, parseInput } from '#server/errors';
import { deleteAlert, markAllRead, setAlertRead } from '#server/tracking/alerts';
import { ensureFeed, revokeFeed } from '#server/tracking/calendar';
import { trackingConfig } from '#server/tracking/config';
import { deleteFollow, putFollow } from '#server/tracking/follows';
import { putPreferences } from '#server/tracking/preferences';
import { deleteSubscription, saveSubscription } from '#server/tracking/push';
import { deleteWatch, putWatch } from '#server/tracking/watches';
import { TRACKING_RATE_LIMIT } from '#server/write-limits';
import { PRIVATE_HEADERS } from '~/lib/auth.server';
import { formAction, refuse, type SessionContext } from '~/lib/form-action.server';
import { loadTracked } from '~/lib/tracking.server';
import type { TrackingActionData } from '~/lib/tracking-action';

/**
 * The web's my Encore writes (ADR 0033), a React Router action: guard → parse the form with
 * the contracts/ schema → the domain function /api/me calls (server/tracking/routes.ts) →
 * field errors or the new state. The loaders that show what is tracked run again afterwards.
 */

/** The limit /api/me's writes have, counted apart for the web's (server/tracking/routes.ts). */
const TRACKING_WRITES = { name: 'tracking', ...TRACKING_RATE_LIMIT };

export function trackingAction(request: Request, context: SessionContext) {
  return formAction(request, context, TRACKING_WRITES, async (uid, fields): Promise<TrackingActionData> => {
    const { intent } = parseInput(TrackingIntentSchema, fields);
    const done = (extra: { watch?: WatchView } = {}) => ({ ok: true as const, intent, ...extra });
    const { db } = context.services.database;
    const config = trackingConfig(context.services.env);

    switch (intent) {
      case 'follow':
        await putFollow(db, uid, parseInput(TRACKING_FORMS.follow, fields).attractionId);
        return done();
      case 'unfollow':
        if (!(await deleteFollow(db, uid, parseInput(TRACKING_FORMS.unfollow, fields).attractionId))) {
          throw notFound('Follow');
        }
        return done();
      case 'watch': {
        const { eventId, ...input } = parseInput(TRACKING_FORMS.watch, fields);
        const history = { historyLimit: config.historyLimit, maxGapMs: config.maxGapMs };
        return done({ watch: (await putWatch(db, uid, eventId, input, history)).watch });
      }
      case 'unwatch':
        if (!(await deleteWatch(db, uid, parseInput(TRACKING_FORMS.unwatch, fields).eventId))) throw notFound('Watch');
        return done();
      case 'alert-read':
      case 'alert-unread': {
        const { alertId } = parseInput(TRACKING_FORMS[intent], fields);
        if (!(await setAlertRead(db, uid, alertId, intent === 'alert-read'))) throw notFound('Alert');
        return done();
      }
      case 'alert-delete':
        if (!(await deleteAlert(db, uid, parseInput(TRACKING_FORMS[intent], fields).alertId))) throw notFound('Alert');
        return done();
      case 'alerts-read-all':
        await markAllRead(db, uid);
        return done();
      case 'feed-create':
        await ensureFeed(db, uid);
        return done();
      case 'feed-revoke':
        if (!(await revokeFeed(db, uid))) throw notFound('Calendar feed');
        return done();
      case 'preferences':
        await putPreferences(db, uid, parseInput(TRACKING_FORMS.preferences, fields));
        return done();
      case 'push-subscribe': {
        const subscription = parseInput(TRACKING_FORMS[intent], fields);
        const agent = request.headers.get('user-agent') ?? undefined;
        await saveSubscription(db, uid, subscription, agent, config.production);
        return done();
      }
      case 'push-unsubscribe':
        if (!(await deleteSubscription(db, uid, parseInput(TRACKING_FORMS[intent], fields).endpoint))) {
          throw notFound('Subscription');
        }
        return done();
    }
  });
}

export async function trackedLoader(context: SessionContext) {
  if (context.sessionUnavailable) return refuse(503, 'identity_unavailable', 'Try again in a moment');
  if (!context.sessionUser) return refuse(401, 'unauthenticated', 'Sign in to continue');
  return data(await loadTracked(context, context.sessionUser.uid), { headers: PRIVATE_HEADERS });
}
