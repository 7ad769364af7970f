import { z } from 'zod';
import {
  AlertParamsSchema,
  AttractionParamsSchema,
  EventParamsSchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  TrackingPreferencesSchema,
  WatchInputSchema,
} from './tracking.ts';

/**
 * The web's my Encore writes as form posts (ADR 0033): one field `intent` names the write,
 * the others are the fields of the matching /api/me JSON schema, as text. Each form is turned
 * into that JSON input and parsed by the same schema, so the web and the API accept exactly
 * the same values and name the same field when they refuse one.
 */

/** A typed amount: '' is no value (null); '$1,250.50' is 1250.5; anything else is not a number. */
const amount = z.string().transform((text) => {
  const bare = text.replace(/[$,\s]/g, '');
  return bare === '' ? null : Number(bare);
});

const text = z.string();

const follow = z.object({ attractionId: AttractionParamsSchema.shape.attractionId });
const event = z.object({ eventId: EventParamsSchema.shape.eventId });
const alert = z.object({ alertId: AlertParamsSchema.shape.alertId });

/** A watch's seats and price alert; a field left out of the form keeps its value (or default). */
const watch = event.extend({
  ticketCategory: WatchInputSchema.shape.ticketCategory,
  targetPrice: amount.pipe(WatchInputSchema.shape.targetPrice.unwrap()).optional(),
});

const preferences = z
  .object({ latitude: amount, longitude: amount, radius: amount, unit: text, city: text.optional() })
  // The schema judges every value: a blank radius is refused there, naming radius.
  .transform(({ city, ...rest }): unknown => ({ ...rest, city: city?.trim() ? city : null }))
  .pipe(TrackingPreferencesSchema);

type SubscriptionInput = z.input<typeof PushSubscriptionSchema>;
/** PushSubscription.toJSON() flattened into fields: endpoint, p256dh, auth. */
const pushSubscription = z
  .object({ endpoint: text, p256dh: text, auth: text })
  .transform(({ endpoint, p256dh, auth }): SubscriptionInput => ({ endpoint, keys: { p256dh, auth } }))
  .pipe(PushSubscriptionSchema);

export const TRACKING_INTENTS = [
  'follow',
  'unfollow',
  'watch',
  'unwatch',
  'alert-read',
  'alert-unread',
  'alert-delete',
  'alerts-read-all',
  'feed-create',
  'feed-revoke',
  'preferences',
  'push-subscribe',
  'push-unsubscribe',
] as const;
export type TrackingIntent = (typeof TRACKING_INTENTS)[number];

/** The fields each intent reads, parsed into the /api/me input it stands for. */
export const TRACKING_FORMS = {
  follow,
  unfollow: follow,
  watch,
  unwatch: event,
  'alert-read': alert,
  'alert-unread': alert,
  'alert-delete': alert,
  'alerts-read-all': z.object({}),
  'feed-create': z.object({}),
  'feed-revoke': z.object({}),
  preferences,
  'push-subscribe': pushSubscription,
  'push-unsubscribe': PushUnsubscribeSchema,
} satisfies Record<TrackingIntent, z.ZodType>;

export const TrackingIntentSchema = z.object({
  intent: z.enum(TRACKING_INTENTS, { error: `must be one of ${TRACKING_INTENTS.join(', ')}` }),
});
