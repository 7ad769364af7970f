import { type AppLoadContext, data } from 'react-router';
import { PRIVATE_HEADERS } from '~/lib/auth.server';
import { loadTracked } from '~/lib/tracking.server';
import type { TrackingActionData } from '~/lib/tracking-action';
import type { WatchView } from '../../../contracts/tracking';
import { TRACKING_FORMS, TrackingIntentSchema } from '../../../contracts/tracking-forms';
import { readSessionUser, type SessionUser } from '../../../server/accounts/session';
import { ApiError, notFound, parseInput } from '../../../server/errors';
import { deleteAlert, markAllRead, setAlertRead } from '../../../server/tracking/alerts';
import { ensureFeed, revokeFeed } from '../../../server/tracking/calendar';
import { trackingConfig } from '../../../server/tracking/config';
import { deleteFollow, putFollow } from '../../../server/tracking/follows';
import { putPreferences } from '../../../server/tracking/preferences';
import { deleteSubscription, saveSubscription } from '../../../server/tracking/push';
import { deleteWatch, putWatch } from '../../../server/tracking/watches';

/**
 * The web's my Encore writes (ADR 0033), a React Router action: guard → parse the form with
 * the contracts/ schema → the domain function /api/me calls (server/tracking/routes.ts) →
 * field errors or the new state. The loaders that show what is tracked run again afterwards.
 */

type SessionContext = Pick<AppLoadContext, 'services' | 'sessionUser' | 'sessionUnavailable'>;

/** A form of a few short fields; anything larger is not ours. */
const MAX_BODY_BYTES = 16 * 1024;

const refuse = (status: number, code: string, error: string, field?: string) =>
  data<TrackingActionData>(
    {
      ok: false,
      code,
      error,
      ...(field ? { fieldErrors: { [field]: error.replace(`${field}: `, '') } } : {}),
    },
    { status, headers: PRIVATE_HEADERS },
  );

/**
 * CSRF: the session cookie is SameSite=Lax, so other sites' POSTs arrive without it; on top,
 * a write must come from a page of ours. Browsers send Origin with every POST; it is compared
 * with the configured public origin and with the origin the request was addressed to.
 */
function fromOurPages(request: Request, publicOrigin: string): boolean {
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return false;
  return origin === new URL(publicOrigin).origin || origin === new URL(request.url).origin;
}

async function readForm(request: Request): Promise<URLSearchParams | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return null;
  const reader = request.body?.getReader();
  if (!reader) return new URLSearchParams();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ApiError(413, 'too_large', `The form is larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(part.value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The writer behind the request: signed in, with a token Firebase has not revoked (every write
 * asks again, as /api/me does) and a registered account.
 */
async function requireWriter(request: Request, context: SessionContext): Promise<SessionUser> {
  if (context.sessionUnavailable) throw new ApiError(503, 'identity_unavailable', 'Try again in a moment');
  if (!context.sessionUser) throw new ApiError(401, 'unauthenticated', 'Sign in to continue');
  const checked = await readSessionUser(context.services, request.headers.get('cookie'), {
    checkRevoked: true,
  }).catch(() => {
    throw new ApiError(503, 'identity_unavailable', 'Try again in a moment');
  });
  if (!checked) throw new ApiError(401, 'unauthenticated', 'Sign in to continue');
  if (!checked.registered) throw new ApiError(409, 'account_not_registered', 'Finish signing in first');
  return checked;
}

export async function trackingAction(request: Request, context: SessionContext) {
  const { services } = context;
  if (request.method !== 'POST') return refuse(405, 'method_not_allowed', 'Send the form with POST');
  if (!fromOurPages(request, services.env.PUBLIC_ORIGIN)) {
    return refuse(403, 'cross_origin', 'This form can only be sent from Encore itself');
  }
  try {
    const { uid } = await requireWriter(request, context);
    const form = await readForm(request);
    if (!form) return refuse(415, 'unsupported_media_type', 'Send the form as application/x-www-form-urlencoded');
    const fields = Object.fromEntries(form);
    const { intent } = parseInput(TrackingIntentSchema, fields);
    const done = (extra: { watch?: WatchView } = {}) =>
      data<TrackingActionData>({ ok: true, intent, ...extra }, { headers: PRIVATE_HEADERS });
    const { db } = services.database;
    const config = trackingConfig(services.env);

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
  } catch (error) {
    if (error instanceof ApiError) return refuse(error.statusCode, error.code, error.message, error.field);
    throw error;
  }
}

export async function trackedLoader(context: SessionContext) {
  if (context.sessionUnavailable) return refuse(503, 'identity_unavailable', 'Try again in a moment');
  if (!context.sessionUser) return refuse(401, 'unauthenticated', 'Sign in to continue');
  return data(await loadTracked(context, context.sessionUser.uid), { headers: PRIVATE_HEADERS });
}
