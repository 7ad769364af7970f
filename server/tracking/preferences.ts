import { eq } from 'drizzle-orm';
import { DEFAULTS } from '#contracts/enums';
import type { TrackingPreferences, TrackingPreferencesInput } from '#contracts/tracking';
import type { Geo } from '../catalogue/geo.ts';
import type { Db } from '../db/client.ts';
import { trackingPreferences } from '../db/schema-tracking.ts';

/** Until the fan says where they are, "near" is anywhere with SPEC §3's default radius. */
export const DEFAULT_PREFERENCES: TrackingPreferences = {
  latitude: null,
  longitude: null,
  city: null,
  radius: DEFAULTS.radius,
  unit: DEFAULTS.unit,
};

export async function getPreferences(db: Db, uid: string): Promise<TrackingPreferences> {
  const [row] = await db
    .select({
      latitude: trackingPreferences.latitude,
      longitude: trackingPreferences.longitude,
      city: trackingPreferences.city,
      radius: trackingPreferences.radius,
      unit: trackingPreferences.unit,
    })
    .from(trackingPreferences)
    .where(eq(trackingPreferences.uid, uid))
    .limit(1);
  return row ?? DEFAULT_PREFERENCES;
}

export async function putPreferences(
  db: Db,
  uid: string,
  input: TrackingPreferencesInput,
): Promise<TrackingPreferences> {
  const values = {
    latitude: input.latitude,
    longitude: input.longitude,
    city: input.city ?? null,
    radius: input.radius,
    unit: input.unit,
  };
  await db
    .insert(trackingPreferences)
    .values({ uid, ...values })
    .onConflictDoUpdate({ target: trackingPreferences.uid, set: { ...values, updatedAt: new Date() } });
  return values;
}

export function nearOf(preferences: TrackingPreferences): Geo | null {
  if (preferences.latitude === null || preferences.longitude === null) return null;
  const { latitude, longitude, radius, unit } = preferences;
  return { latitude, longitude, radius, unit };
}
