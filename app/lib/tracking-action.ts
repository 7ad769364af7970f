import type { WatchView } from '#contracts/tracking';
import type { TrackingIntent } from '#contracts/tracking-forms';
import type { FormFailure } from './form-answer';

/**
 * Where the web's my Encore writes go (app/routes/resources/tracking.ts, ADR 0033) and what
 * they answer: `ok` with what changed, or the reason, by field when a field is at fault.
 */
export const TRACKING_ACTION = '/resources/tracking';

export type TrackingActionData = { ok: true; intent: TrackingIntent; watch?: WatchView } | FormFailure;

/** A write's form: `intent` and the text fields of the matching contracts/ schema. */
export type TrackingFields = { intent: TrackingIntent } & Record<string, string>;
