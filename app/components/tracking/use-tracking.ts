import { TRACKING_ACTION, type TrackingActionData, type TrackingFields } from '~/lib/tracking-action';
import { useFormAction } from '~/lib/use-form-action';

/**
 * A fetcher for my Encore writes, submitted to the tracking action (ADR 0033); `shows` are the
 * fields whose refusals the form shows itself.
 */
export function useTrackingAction(shows: readonly string[] = []) {
  return useFormAction<TrackingActionData, TrackingFields>(TRACKING_ACTION, shows);
}
