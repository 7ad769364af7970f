import type { WatchView } from '../../contracts/tracking';
import type { TrackingIntent } from '../../contracts/tracking-forms';

/**
 * Where the web's my Encore writes go (app/routes/resources/tracking.ts, ADR 0033) and what
 * they answer: `ok` with what changed, or the reason, by field when a field is at fault.
 */
export const TRACKING_ACTION = '/resources/tracking';

export type TrackingActionData =
  | { ok: true; intent: TrackingIntent; watch?: WatchView }
  | { ok: false; code: string; error: string; fieldErrors?: Record<string, string> };

/** A write's form: `intent` and the text fields of the matching contracts/ schema. */
export type TrackingFields = { intent: TrackingIntent } & Record<string, string>;
